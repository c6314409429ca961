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
from .tables import BIT, CARDS_0_11, CARDS_12_23, CARDS_24_35, PASS, TAKE_PASS_TAIL

PASS_BIT: Final = BIT[PASS]


def random_playout(game: DurakGame, random: Callable[[], float]) -> int:
    """Play ``game`` to the end, each action uniform among the legal ones by ``random()`` (a
    float in [0, 1), e.g. ``random.Random(seed).random``); the number of actions applied."""
    actions = 0
    mask = game._mask
    while mask:  # 0 exactly when the game is over
        if mask == PASS_BIT:  # an asked attacker with nothing to add: the commonest question
            action = PASS
        else:
            # The legal actions in the pieces legal_actions() joins into its list: counted
            # and indexed without building the list.
            low = CARDS_0_11[mask & 4095]
            mid = CARDS_12_23[mask >> 12 & 4095]
            high = CARDS_24_35[mask >> 24 & 4095]
            tail = TAKE_PASS_TAIL[mask >> 36]
            below_mid = len(low)
            below_high = below_mid + len(mid)
            below_tail = below_high + len(high)
            count = below_tail + len(tail)
            if count == 1:
                action = mask.bit_length() - 1
            else:
                i = int(random() * count)
                if i < below_mid:
                    action = low[i]
                elif i < below_high:
                    action = mid[i - below_mid]
                elif i < below_tail:
                    action = high[i - below_high]
                else:
                    action = tail[i - below_tail]
        game._step(action)
        mask = game._mask
        actions += 1
    return actions
