"""The clock a computer player's thinking budget is measured on.

Players ask ``now()`` whether their time per decision is spent. At the table that is the wall
clock, so the player waits no longer than the budget. A benchmark on a shared machine may switch
a process to the thread's CPU time (``use_cpu_time``): then both sides of a match get the same
work per decision however loaded the machine is, and a figure measured beside other jobs still
compares the players, not the machine's load.
"""

from __future__ import annotations

import time
from collections.abc import Callable

_clock: Callable[[], float] = time.perf_counter


def now() -> float:
    """Seconds on the thinking clock (only differences mean anything)."""
    return _clock()


def use_cpu_time() -> None:
    """Measure thinking budgets in this thread's CPU seconds from now on (benchmarks only)."""
    global _clock
    _clock = time.thread_time
