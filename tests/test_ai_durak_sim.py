"""The Hard player's compact simulator (ai/durak/sim.py) plays exactly the engine's rules.

Protocol in engine.durak: random games of 2–6 players are stopped at random points, the
simulator is built from the mover's observation plus the true hidden cards, and both play on
with the same random actions: the legal actions, whose move it is, the hands and the Durak
must agree at every step.
"""

import random

import pytest

from ai.durak.bits import mask_of
from ai.durak.sim import sim_from_observation
from engine.durak import DurakGame
from engine.shuffle import SeededDealer


def _hands(game: DurakGame) -> list[int]:
    return [mask_of(game.hand(s)) for s in range(game.num_players)]


def test_simulator_follows_the_engine_move_for_move_from_any_position():
    rng = random.Random(11)
    compared = 0
    for deal in range(150):
        n = 2 + deal % 5
        game = DurakGame.new(n, SeededDealer(deal), dealer_seat=rng.randrange(n))
        for _ in range(rng.randrange(100)):
            if game.is_over():
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.is_over():
            continue
        sim = sim_from_observation(game.observation(game.to_move), _hands(game), list(game.talon))
        while True:
            legal = game.legal_actions()
            assert sim.legal_actions() == legal
            assert sim.to_move == game.to_move
            if not legal:
                assert sim.durak == game.result()["durak"]
                break
            action = rng.choice(legal)
            game.apply(action)
            sim.apply(action)
            assert sim.hands == _hands(game)
            compared += 1
    assert compared > 3000


def test_a_clone_is_independent_of_its_original():
    game = DurakGame.new(3, SeededDealer(5))
    sim = sim_from_observation(game.observation(game.to_move), _hands(game), list(game.talon))
    before = sim.legal_actions()
    copy = sim.clone()
    copy.apply(copy.legal_actions()[0])
    assert sim.legal_actions() == before
    assert sim.hands == _hands(game)


@pytest.mark.parametrize("players", [3, 5])
def test_simulator_ends_the_everyone_takes_stall_by_repetition_like_the_engine(players):
    # Every defender takes, the attacker leads and passes: nobody draws, the talon stays, and
    # both the engine and the simulator end the game in a draw when a position stands thrice.
    game = DurakGame.new(players, SeededDealer(3))
    sim = sim_from_observation(game.observation(game.to_move), _hands(game), list(game.talon))
    for _ in range(5000):
        legal = game.legal_actions()
        assert sim.legal_actions() == legal
        if not legal:
            break
        action = 36 if 36 in legal else 37 if 37 in legal else legal[0]
        game.apply(action)
        sim.apply(action)
    assert game.is_over() and game.result()["repetition"] and game.talon
    assert sim.to_move is None and sim.durak is None and sim.talon
