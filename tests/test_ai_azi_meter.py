"""The hand-strength meter's estimate: from the observation only, steady for a seed, and right
about hands whose fate the rules settle (docs/rules/azi.md §4)."""

import random

from test_ai_azi import redeal_hidden

from ai.azi.meter import hand_strength
from engine.azi import AziOptions, AziSession
from engine.azi.constants import BIDDING
from engine.shuffle import FixedDealer, SeededDealer
from scenes.lessons.azi import dealt_deck


def bidding_tables(count: int):
    """Sessions at their first bidding decision, 2 to 6 players, seeded deals."""
    for seed in range(count):
        session = AziSession.new(AziOptions(num_players=2 + seed % 5), SeededDealer(seed))
        assert session.phase == BIDDING
        yield session


def test_redealing_the_hidden_cards_never_changes_the_estimate():
    rng = random.Random(5)
    for session in bidding_tables(10):
        seat = session.to_move
        estimate = hand_strength(session.observation(seat), random.Random(3), deals=60)
        for _ in range(2):
            other = redeal_hidden(session, seat, rng)
            assert other.hands[seat] == session.hands[seat]
            again = hand_strength(other.observation(seat), random.Random(3), deals=60)
            assert again == estimate


def test_the_same_seed_gives_the_same_figure_and_it_is_a_chance():
    for session in bidding_tables(5):
        observation = session.observation(session.to_move)
        first = hand_strength(observation, random.Random(8), deals=50)
        assert first == hand_strength(observation, random.Random(8), deals=50)
        assert 0.0 <= first.chance <= 1.0 and first.deals == 50
        assert first.opponents == session.num_players - 1


def test_the_three_highest_trumps_win_every_deal_and_three_low_side_cards_rarely_do():
    # Spades are trumps (the 6S is turned). Seat 0 bids first and holds AS KS QS: two tricks
    # are certain. Seat 1 holds 6H 7H 6D: it can only win if seat 0 never trumps, never.
    deck = dealt_deck(0, {0: "AS KS QS", 1: "6H 7H 6D", 2: "8H 9H 7D", 3: "8D 9D 10D"},
                      trump="6S")
    session = AziSession.new(AziOptions(num_players=4), FixedDealer(deck, seats=(0,)))
    strong = hand_strength(session.observation(0), random.Random(1), deals=80)
    assert strong.chance == 1.0
    weak_view = session.observation(1)
    weak = hand_strength(weak_view, random.Random(1), deals=80)
    assert weak.chance < 0.1


def test_a_blind_hand_has_no_estimate():
    options = AziOptions(num_players=3, blind_bets=True)
    session = AziSession.new(options, SeededDealer(4))
    assert hand_strength(session.observation(session.to_move), random.Random(1)) is None
