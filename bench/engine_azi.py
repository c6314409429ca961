"""Azi engine throughput: random playouts through the public API, in games per second.

Run ``python -m bench.engine_azi [--seconds S]``. A game is counted each time a session's
``game_number`` moves on (ante to payout, an azi included), plus the last game of a session
that ends; a finished session is replaced by a new one. Goal: ≥ 5,000 games/s in one process.
Time is this process's CPU time, so other programs busy on the machine do not distort the rate
(on an idle machine it matches the wall clock).
"""

from __future__ import annotations

import argparse
import random
import time

from engine.azi import AziOptions, AziSession
from engine.shuffle import SeededDealer


def games_per_second(num_players: int, seconds: float) -> float:
    """Random games per CPU second at a table of ``num_players`` with default options."""
    rng = random.Random(num_players)
    dealer = SeededDealer(b"bench-azi-%d" % num_players)
    options = AziOptions(num_players=num_players)
    session = AziSession.new(options, dealer)
    games = 0
    start = time.process_time()
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
        now = time.process_time()
        if now >= deadline:
            break
    games += session.game_number - 1  # the games finished in the session still running
    return games / (now - start)


def main(argv: list[str] | None = None) -> None:
    """Print games per second for 2, 4 and 6 players."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args(argv)
    print(f"{'players':>8}{'games/s':>12}{'goal':>10}")
    for players in (2, 4, 6):
        print(f"{players:>8}{games_per_second(players, args.seconds):>12,.0f}{'5000':>10}")


if __name__ == "__main__":
    main()
