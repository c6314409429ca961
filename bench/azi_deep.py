"""Azi decisions at the deepest allowed stacks: ``python -m bench.azi_deep [--games N]``.

Every seat starts with the largest stack the new-game screen allows, ante, minimum bet and
minimum raise 1 (the most bid levels the rules could offer). Prints, per AI level, the most
bid levels one ``legal_actions()`` listed, its time, and the AI's decision times (median,
95th percentile, worst) against its budget. Hard uses its default budget.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ai.azi.ai import HARD_DEFAULT_BUDGET, make_azi_player
from engine.azi import BET_BASE, AziOptions, AziSession
from engine.azi.options import MOST_CHIPS
from engine.shuffle import SeededDealer


def measure(level: str, games: int) -> str:
    """One line of figures for ``level`` over ``games`` games of a 4-player table."""
    times, legal_times, most_levels = [], [], 0
    for seed in range(games):
        session = AziSession.new(AziOptions(num_players=4, starting_stack=MOST_CHIPS, ante=1,
                                            min_bet=1, min_raise=1), SeededDealer(seed))
        players = [make_azi_player(level, random.Random(seed * 10 + s)) for s in range(4)]
        number = session.game_number
        while session.to_move is not None and session.game_number == number:
            started = time.perf_counter()
            legal = session.legal_actions()
            legal_times.append(time.perf_counter() - started)
            most_levels = max(most_levels, sum(1 for a in legal if a >= BET_BASE))
            seat = session.to_move
            started = time.perf_counter()
            action = players[seat].choose(session.observation(seat), legal)
            times.append(time.perf_counter() - started)
            session.apply(action)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    return (f"{level:<7}{most_levels:>8}{1e6 * max(legal_times):>12.1f}"
            f"{1e3 * statistics.median(times):>11.1f}{1e3 * p95:>9.1f}{1e3 * times[-1]:>9.1f}"
            f"{len(times):>10}")


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(prog="python -m bench.azi_deep")
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    print(f"4 players, stacks {MOST_CHIPS}, ante/min bet/min raise 1; "
          f"Hard's budget {1e3 * HARD_DEFAULT_BUDGET:.0f} ms")
    print(f"{'level':<7}{'levels':>8}{'legal µs':>12}{'median ms':>11}{'p95 ms':>9}"
          f"{'max ms':>9}{'decisions':>10}")
    for level in ("easy", "normal", "hard"):
        print(measure(level, args.games))


if __name__ == "__main__":
    main()
