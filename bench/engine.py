"""Engine throughput: random playouts per second for Durak and Azi, and the cost of one shuffle.

Run ``python -m bench.engine [--seconds S]``. Goals on a 2-core machine, one process: Durak
heads-up ≥ 8,000 games/s (issue 22), Azi ≥ 5,000 games/s. Each rate is shown by the wall clock
and per second of this process's CPU time (less disturbed by other busy programs), under the
machine's load average at the start, so a figure can be quoted with its load. The first lines
say which Durak engine ran: "compiled" (``python -m tools.build_fast``) or "pure" and why
(``KOZYR_PURE=1`` forces it); compare the two side by side, one right after the other.
"""

from __future__ import annotations

import argparse
import os
import time

from engine.cards import AZI_DECK, DURAK_DECK
from engine.shuffle import shuffled


def shuffle_microseconds(deck, rounds: int = 5000) -> float:
    """Mean time of one ChaCha20 Fisher–Yates shuffle (fresh key each time), in µs."""
    seeds = [os.urandom(32) for _ in range(rounds)]
    start = time.perf_counter()
    for seed in seeds:
        shuffled(deck, seed)
    return (time.perf_counter() - start) / rounds * 1e6


def main(argv: list[str] | None = None) -> None:
    """Print the throughput table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args(argv)
    from bench.engine_azi import games_per_second as azi_rate
    from bench.engine_durak import games_per_second as durak_rate
    from engine.compiled import loaded, why_pure

    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    build = loaded()
    print(f"engine: {build}" + (f" ({why_pure()})" if build == "pure" else ""))
    print(f"{'game':<8}{'players':>8}{'games/s':>12}{'CPU games/s':>13}{'goal':>8}")
    for name, rate_of, goals in (("durak", durak_rate, {2: "8000"}), ("azi", azi_rate, None)):
        for players in (2, 4, 6):
            rate = rate_of(players, args.seconds)
            cpu_rate = rate_of(players, args.seconds, clock=time.process_time)
            goal = goals.get(players, "") if goals is not None else "5000"
            print(f"{name:<8}{players:>8}{rate:>12,.0f}{cpu_rate:>13,.0f}{goal:>8}")
    print(f"shuffle 36 cards: {shuffle_microseconds(DURAK_DECK):.1f} µs; "
          f"27 cards: {shuffle_microseconds(AZI_DECK):.1f} µs")


if __name__ == "__main__":
    main()
