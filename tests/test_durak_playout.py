"""A random playout (engine/durak/playout.py) is the game the public API plays with the same draws:
each action is legal_actions()[int(random() * n)], nothing drawn when only one is legal."""

from __future__ import annotations

import random

import pytest

from engine.durak import DurakGame
from engine.durak.playout import random_playout
from engine.durak.tables import count_cards
from engine.shuffle import SeededDealer


def public_api_playout(game: DurakGame, rng: random.Random) -> int:
    """The benchmark's random player before the fast path: legal_actions() and apply()."""
    actions = 0
    legal = game.legal_actions()
    while legal:
        game.apply(legal[int(rng.random() * len(legal))] if len(legal) > 1 else legal[0])
        actions += 1
        legal = game.legal_actions()
    return actions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_playout_plays_the_same_game_as_the_public_api(players):
    for seed in range(25):
        fast = DurakGame.new(players, SeededDealer(seed), seed % players)
        slow = fast.clone()
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        assert random_playout(fast, fast_rng.random) == public_api_playout(slow, slow_rng)
        assert fast.to_move is None
        assert fast.to_json() == slow.to_json()  # the history, the result, every count
        assert fast_rng.random() == slow_rng.random()  # the same number of draws


def test_a_playout_from_the_middle_of_a_game_finishes_it():
    game = DurakGame.new(3, SeededDealer(5), 0)
    for _ in range(10):
        game.apply(game.legal_actions()[0])
    rest = game.clone()
    assert random_playout(game, random.Random(1).random) > 0
    assert game.result()["durak"] is not None or game.drawn_by_repetition
    assert random_playout(game, random.Random(1).random) == 0  # over: nothing left to do
    assert len(game.history) > len(rest.history)


def test_count_cards_is_the_number_of_cards_in_a_mask():
    rng = random.Random(4)
    for mask in [0, (1 << 36) - 1, *(rng.getrandbits(36) for _ in range(200))]:
        assert count_cards(mask) == mask.bit_count()
