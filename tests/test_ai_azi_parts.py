"""The Azi AI's pieces: what it reads from the table, how it guesses hidden cards, how it bets."""

import random

from ai.azi.ai import make_azi_player
from ai.azi.betting import BidJudge, candidates
from ai.azi.deals import sample_deal
from ai.azi.reading import BetReading, bet_likelihood
from ai.azi.strength import win_chance
from ai.azi.view import read_view
from engine.azi import BET_BASE, CALL, FOLD, LOOK, AziOptions, AziSession
from engine.cards import AZI_DECK, parse_card, parse_cards
from engine.shuffle import FixedDealer

SPADES, DIAMONDS = 0, 2


def stacked(hands: list[str], trump: str, **options) -> AziSession:
    """A session whose first deal gives seat i ``hands[i]`` and turns ``trump`` (seat 0 first)."""
    dealt = [parse_cards(h) for h in hands]
    order = [dealt[s][k] for k in range(3) for s in range(len(hands))] + [parse_card(trump)]
    order += [c for c in AZI_DECK if c not in order]
    return AziSession.new(AziOptions(num_players=len(hands), **options), FixedDealer(order))


def first_trick_view(hands: list[str], trump: str, viewer: int):
    """Everyone calls the minimum, seat 0 leads its lowest card, the others their lowest legal."""
    game = stacked(hands, trump)
    while game.phase == "bidding":
        legal = game.legal_actions()
        game.apply(CALL if CALL in legal else min(a for a in legal if a >= BET_BASE))
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    return read_view(game.observation(viewer))


def test_a_player_who_trumps_instead_of_following_is_seen_to_lack_the_led_suit():
    view = first_trick_view(["AH 7S 8S", "6D 7D 8D", "9S 10S JS"], "QD", viewer=2)
    assert view.voids[1] == {SPADES}


def test_a_player_who_neither_follows_nor_trumps_is_seen_to_lack_both():
    view = first_trick_view(["AH 7S 8S", "6H 7H 8H", "9S 10S JS"], "QD", viewer=2)
    assert view.voids[1] == {SPADES, DIAMONDS}


def test_played_cards_and_the_turned_card_are_gone_for_everyone():
    view = first_trick_view(["AH 7S 8S", "6H 7H 8H", "9S 10S JS"], "QD", viewer=2)
    assert view.gone == set(parse_cards("QD 7S 6H 9S"))


def test_guessed_deals_respect_hand_sizes_seen_cards_and_voids():
    game = stacked(["AH 7S 8S", "6D 7D 8D", "9S 10S JS"], "QD")
    view = read_view(game.observation(game.to_move))
    view.voids[(view.seat + 1) % 3].add(1)  # pretend the next seat showed he has no hearts
    rng = random.Random(3)
    for _ in range(200):
        deal = sample_deal(view, rng)
        assert sorted(deal) == sorted(s for s in range(3) if s != view.seat)
        cards = [c for hand in deal.values() for c in hand]
        assert len(cards) == len(set(cards)) == 6
        assert not set(cards) & (set(view.hand) | {view.trump_card})
        assert all(c // 9 != 1 for c in deal[(view.seat + 1) % 3])


def test_a_blind_seat_guesses_its_own_hand_too():
    game = stacked(["AH 7S 8S", "6D 7D 8D", "9S 10S JS"], "QD", blind_bets=True)
    seat = game.to_move
    view = read_view(game.observation(seat))
    assert view.blind and view.hand == []
    deal = sample_deal(view, random.Random(1))
    assert len(deal[seat]) == 3


def test_reading_a_raise_favours_strong_hands():
    game = stacked(["AH 7S 8S", "6D 7D 8D", "9S 10S JS"], "QD")
    game.apply(BET_BASE + 10)  # seat 0 opens
    game.apply(BET_BASE + 20)  # seat 1 raises
    view = read_view(game.observation(2))
    rng = random.Random(5)
    deals = [sample_deal(view, rng) for _ in range(400)]
    weights = [bet_likelihood(view, d) for d in deals]
    strength = [win_chance(d[1], view.ctx, 3) for d in deals]
    plain = sum(strength) / len(strength)
    read = sum(w * s for w, s in zip(weights, strength)) / sum(weights)
    assert read > plain + 0.1


def test_a_small_raise_read_as_often_a_bluff_says_less_than_a_stack_sized_one():
    # A reading where a raiser bluffs with any hand while he stakes at most a quarter of his
    # chips: a small raise then leans less towards strong hands than a big one does.
    wide = BetReading(raise_floor=0.4, raise_edge=1.5, raise_softness=0.6, raise_pays=False,
                      floor_commit=0.25)

    def lean(raise_to: int) -> float:
        game = stacked(["AH 7S 8S", "6D 7D 8D", "9S 10S JS"], "QD")
        game.apply(BET_BASE + 10)  # seat 0 opens
        game.apply(BET_BASE + raise_to)  # seat 1 raises
        view = read_view(game.observation(2))
        rng = random.Random(5)
        deals = [sample_deal(view, rng) for _ in range(400)]
        weights = [bet_likelihood(view, d, wide) for d in deals]
        strength = [win_chance(d[1], view.ctx, 3) for d in deals]
        plain = sum(strength) / len(strength)
        return sum(w * s for w, s in zip(weights, strength)) / sum(weights) - plain

    assert 0 < lean(20) < lean(400) - 0.05


def test_the_two_top_trumps_are_worth_betting_and_junk_is_not_worth_a_big_call():
    strong = stacked(["AD KD 6S", "6H 7H 8H", "9S 10S JS"], "QD")
    view = read_view(strong.observation(0))
    deals = [sample_deal(view, random.Random(k)) for k in range(60)]
    values = BidJudge(view, deals, False).expected(candidates(view, strong.legal_actions(), False))
    assert max(values.values()) > values[FOLD] + 10
    weak = stacked(["AH KH AS", "6S 7D 8D", "9S 10S JS"], "QH")
    weak.apply(BET_BASE + 500)  # seat 0 bets half his stack
    view = read_view(weak.observation(1))
    deals = [sample_deal(view, random.Random(k)) for k in range(60)]
    values = BidJudge(view, deals, False).expected(candidates(view, weak.legal_actions(), False))
    assert values[CALL] < values[FOLD]


def test_a_blind_player_never_folds_unseen_it_looks_first():
    for seed in range(6):
        game = stacked(["AH 7S 8S", "6D 7D 8D", "9S 10S JS"], "QD", blind_bets=True)
        game.apply(BET_BASE + 300)  # a big blind opening bet
        for level in ("normal", "hard"):
            action = make_azi_player(level, random.Random(seed), 0.001).choose(
                game.observation(1), game.legal_actions())
            assert action != FOLD and (action == LOOK or action in game.legal_actions())


def test_a_bid_is_close_only_while_its_lead_is_within_the_noise_of_the_guesses():
    from ai.azi.ai import _close
    from ai.azi.betting import Bid

    bids = [Bid(FOLD, 0, 0, 0), Bid(CALL, 10, 0, 0)]
    noisy = {FOLD: [0.0] * 40, CALL: [30.0, -28.0] * 20}  # +1 a deal on average, spread 29
    clear = {FOLD: [0.0] * 40, CALL: [31.0, 29.0] * 20}  # +30 a deal, hardly any spread
    assert _close(bids, noisy, {FOLD: 0.0, CALL: 1.0})
    assert not _close(bids, clear, {FOLD: 0.0, CALL: 30.0})


def test_hard_guesses_more_deals_for_a_close_bid_up_to_its_budget(monkeypatch):
    from ai.azi import ai

    game = stacked(["AD 9H 7S", "9S 10S 7D", "8H 10H JH"], "QD")  # seat 0 opens, cards seen
    asked: list[int] = []
    guess = ai.HardAzi.deals

    def counting(self, view, count):
        asked.append(count)
        return guess(self, view, count)

    monkeypatch.setattr(ai.HardAzi, "deals", counting)
    monkeypatch.setattr(ai.thinking_clock, "now", lambda: 0.0)  # a slow machine never overruns

    def guesses(z: float) -> int:
        asked.clear()
        monkeypatch.setattr(ai, "CLOSE_Z", z)
        make_azi_player("hard", random.Random(3), 0.2).choose(game.observation(0),
                                                                 game.legal_actions())
        return sum(asked)

    most = int(0.2 * ai.HARD_BID_MAX_RATE[3])
    assert guesses(-1e9) == int(0.2 * ai.HARD_BID_RATE)  # never close: one batch
    assert guesses(1e9) == most  # always close: up to the budget's share
