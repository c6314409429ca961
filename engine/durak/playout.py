"""Random playouts: a Durak game played to its end by uniformly random legal actions.

The hot loop of the engine benchmark (bench/engine_durak.py) and of any search that rolls games
out, compiled with the engine (engine/compiled.py). It draws each action from the same legal
mask that ``legal_actions()`` lists and ``apply()`` checks, and applies it by the same
transition as ``apply()`` (the events go into ``game.history`` as ever), so a playout is
exactly the game a caller of the public API would play with the same draws: with one legal
action nothing is drawn; with n ≥ 2 the action is ``legal_actions()[int(random() * n)]``.
tests/test_durak_playout.py checks both against each other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .game import DurakGame
from .tables import BIT, COUNT_12, PASS

PASS_BIT: Final = BIT[PASS]


def nth_action(mask: int, index: int) -> int:
    """The ``index``-th action (from 0, ascending) of an action mask: legal_actions()[index]."""
    while index:
        mask &= mask - 1  # drop the lowest action
        index -= 1
    return (mask & -mask).bit_length() - 1


def random_playout(game: DurakGame, random: Callable[[], float]) -> int:
    """Play ``game`` to the end, each action uniform among the legal ones by ``random()`` (a
    float in [0, 1), e.g. ``random.Random(seed).random``); the number of actions applied."""
    actions = 0
    mask = game._mask
    while mask:  # 0 exactly when the game is over
        if mask == PASS_BIT:  # an asked attacker with nothing to add: the commonest question
            action = PASS
        else:
            # How many are legal, by the tables legal_actions() lists them with (int.bit_count
            # is a call by name in the compiled build).
            count = (COUNT_12[mask & 4095] + COUNT_12[mask >> 12 & 4095]
                     + COUNT_12[mask >> 24 & 4095] + COUNT_12[mask >> 36])
            if count == 1:
                action = mask.bit_length() - 1
            else:
                action = nth_action(mask, int(random() * count))
        game._step(action)
        mask = game._mask
        actions += 1
    return actions
