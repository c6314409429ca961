"""The Hard player's card tracker (ai/durak/tracker.py): public facts in, consistent guesses out.

Rules page, Information: the table, the trump indicator until drawn, cards picked up, the
discard pile, hand and talon sizes are public; hands and the talon order are private.
"""

import random

from ai.durak.ai import NormalPlayer
from ai.durak.bits import cards_of, mask_of
from ai.durak.tracker import read_observation, sample_world
from engine.durak import DurakGame
from engine.durak.stacked import stacked
from engine.shuffle import SeededDealer


def _observations(count: int):
    """Observations of the seat to move, from games of 2–6 Normal players, with the game."""
    rng = random.Random(4)
    for deal in range(count):
        n = 2 + deal % 5
        game = DurakGame.new(n, SeededDealer(900 + deal))
        players = [NormalPlayer(random.Random(s)) for s in range(n)]
        for _ in range(rng.randrange(1, 120)):
            if game.is_over():
                break
            seat = game.to_move
            game.apply(players[seat].choose(game.observation(seat), game.legal_actions()))
        if not game.is_over():
            yield game, game.observation(game.to_move)


def test_every_unseen_card_has_exactly_one_hidden_place():
    for game, obs in _observations(80):
        k = read_observation(obs)
        assert k.unseen.bit_count() == sum(k.hidden) + k.talon_hidden
        truth = 0  # the cards really hidden from this seat
        for s in range(game.num_players):
            if s != k.seat:
                truth |= mask_of(game.hand(s)) & ~k.known[s]
        truth |= mask_of(game.talon) & ~(1 << k.trump_card if k.trump_in_talon else 0)
        assert truth == k.unseen


def test_a_sampled_world_respects_every_public_fact():
    rng = random.Random(8)
    for game, obs in _observations(60):
        k = read_observation(obs)
        hands, talon = sample_world(k, rng)
        assert [h.bit_count() for h in hands] == obs["hand_sizes"]
        assert len(talon) == obs["talon_size"]
        assert hands[k.seat] == k.hand
        for s in range(game.num_players):
            assert hands[s] & k.known[s] == k.known[s]
        if k.trump_in_talon:
            assert talon[-1] == k.trump_card  # the indicator is drawn last
        everything = mask_of(talon) | k.table | k.discard
        for h in hands:
            assert not everything & h
            everything |= h
        assert everything == (1 << 36) - 1


def test_a_take_with_the_talon_empty_marks_the_beaters_as_unlikely():
    # Trump hearts, talon empty: seat 1 takes the 9♠, so it likely holds no higher spade or trump.
    game = stacked(["9S 6D 7D", "6C 7C 8C", "10S 8D"], "AH", 0)
    game.apply(3)  # 9♠ led by seat 0
    game.apply(36)  # seat 1 takes
    game.apply(37)  # nobody can add a nine: seat 0 passes, seat 2 passes, seat 1 picks up
    game.apply(37)
    k = read_observation(game.observation(0))
    assert k.voids[1] == mask_of([4])  # 10♠: the only unseen card that beats the 9♠
    assert not k.voids[2]
    for seed in range(20):
        hands, _ = sample_world(k, random.Random(seed))
        assert hands[2] & mask_of([4])


def test_drawing_cards_lifts_the_void():
    # With a talon the take says nothing lasting: the taker draws new cards later.
    game = stacked(["9S 6D", "6C 7C"], "AH", 0, talon="6H 7H 8H 9H")
    game.apply(3)
    game.apply(36)
    game.apply(37)  # seat 0 has no nine to add: the battle ends and both draw
    k = read_observation(game.observation(0))
    assert k.voids == (0, 0)
    assert cards_of(k.known[1]) == [3]


def test_the_rule_of_thumb_view_is_the_same_without_walking_the_history():
    # Easy and Normal read no soft voids: their view skips the history walk, and holds exactly
    # what the full reading gives (the Hard player's, voids and all).
    from ai.durak.view import view_from_observation

    for _, obs in _observations(80):
        full = read_observation(obs)
        assert read_observation(obs, voids=False) == full._replace(
            voids=(0,) * full.num_players)
        quick, slow = view_from_observation(obs), view_from_observation(obs, full)
        assert [getattr(quick, a) for a in quick.__slots__] == \
            [getattr(slow, a) for a in slow.__slots__]
