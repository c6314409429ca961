"""The arena's paired Azi runs: every decision starts its random stream afresh."""

import random

from test_ai_azi_parts import stacked

from ai.azi.ai import AziPlayer, make_azi_player
from bench.arena_azi import reseed_each_decision


def test_a_decision_draws_the_same_numbers_whatever_the_earlier_ones_drew(monkeypatch):
    monkeypatch.setattr(AziPlayer, "choose", AziPlayer.choose)  # put back after the test
    reseed_each_decision()
    game = stacked(["AD 9H 7S", "9S 10S 7D", "8H 10H JH"], "QD")
    quiet, busy = (make_azi_player("normal", random.Random(8)) for _ in range(2))
    for _ in range(3):
        assert quiet.choose(game.observation(0), game.legal_actions()) == busy.choose(
            game.observation(0), game.legal_actions())
        busy.rng.random()  # a lever that draws more: only this decision's stream moves
    quiet.choose(game.observation(0), game.legal_actions())
    busy.choose(game.observation(0), game.legal_actions())
    assert quiet.rng.random() == busy.rng.random()


def test_without_the_restart_extra_draws_shift_every_later_stream():
    quiet, busy = (make_azi_player("normal", random.Random(8)) for _ in range(2))
    busy.rng.random()
    assert quiet.rng.random() != busy.rng.random()
