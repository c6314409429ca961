"""Azi engine throughput: random playouts through the public API, in games per second.

Run ``python -m bench.engine_azi [--seconds S]``. Goal: ≥ 5,000 games/s in one process. A game
(ante to payout, an azi included) is counted each time a session's ``game_number`` moves on,
plus the last game of a session that ends; a finished session is replaced by a new one. Deals
come from a ``SeededDealer``; actions from ``random.Random(seed).choice`` over
``legal_actions()``, exactly as a caller would. The table also shows games per second of this
process's CPU time, which other busy programs on the machine disturb less than the wall clock.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from engine.azi import AziOptions, AziSession
from engine.shuffle import SeededDealer


def games_per_second(num_players: int, seconds: float,
                     clock: Callable[[], float] = time.perf_counter) -> float:
    """Random games per second of ``clock`` (wall time by default) at a default table."""
    rng = random.Random(num_players)
    dealer = SeededDealer(b"bench-azi-%d" % num_players)
    options = AziOptions(num_players=num_players)
    session = AziSession.new(options, dealer)
    games = 0
    start = clock()
    deadline = start + seconds
    choice = rng.choice
    while True:
        for _ in range(500):  # read the clock now and then only
            legal = session.legal_actions()
            if not legal:
                games += session.game_number
                session = AziSession.new(options, dealer)
                continue
            session.apply(choice(legal))
        now = clock()
        if now >= deadline:
            break
    games += session.game_number - 1  # the games finished in the session still running
    return games / (now - start)


def main(argv: list[str] | None = None) -> None:
    """Print games/s for 2, 4 and 6 players: by the wall clock, and per second of CPU."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args(argv)
    print(f"{'players':>8}{'games/s':>10}{'CPU games/s':>13}{'goal':>7}")
    for players in (2, 4, 6):
        rate = games_per_second(players, args.seconds)
        cpu_rate = games_per_second(players, args.seconds, clock=time.process_time)
        print(f"{players:>8}{rate:>10,.0f}{cpu_rate:>13,.0f}{'5000':>7}")


if __name__ == "__main__":
    main()
