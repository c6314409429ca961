"""Computer players that play the same game on every machine (tests and screenshots only).

At the table each computer seat is seeded by chance and thinks for a budget on the wall clock,
so a loaded machine plays a different game. Tests and ``tools.shots`` need the same game every
time: each seat seeded by its seat number, and a thinking clock that moves on by a fixed step
each time a player looks at it, so a budget runs out after the same work everywhere.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from ai import thinking_clock
from scenes.controller import ThreadThinker

THINKING_TICK = 0.0005  # seconds the counting clock moves on each time it is read


class SeededThinker(ThreadThinker):
    """The thread thinker with each seat's player seeded by its seat, not by chance."""

    def configure(self, seat: int, game_name: str, level: str, seed: int,
                  budget: float | None) -> None:
        """As the thread thinker, with a fixed seed: the table plays the same game."""
        super().configure(seat, game_name, level, 1000 + seat, budget)


def counting_clock() -> Callable[[], float]:
    """A thinking clock (for ``ai.thinking_clock.now``) that ticks once per reading."""
    ticks = itertools.count()
    return lambda: next(ticks) * THINKING_TICK


def use_fixed_play() -> None:
    """From now on in this process, computer players think on the counting clock."""
    thinking_clock.now = counting_clock()  # type: ignore[assignment]
