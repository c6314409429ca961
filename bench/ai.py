"""AI strength matrix and latency: ``python -m bench.ai [--games N] [--budget S] [--jobs J]``.

Plays the pairings of the issue through ``tools.simulate`` and prints one row each, with its
goal:
    Durak heads-up, Hard vs Normal: Hard's win %, draws left out        goal ≥ 65%
    Durak heads-up, Normal vs Easy: Normal's win %, draws left out      goal ≥ 60%
    Durak, 4 players, Hard vs three Normals: Hard's Durak rate          goal well under 25%
    Azi, 3 players, Hard vs two Normals: Hard's chips won per game      goal > 0 (95% CI above 0)
and Hard's decision time (median and 95th percentile) in each game: goal ≤ 300 ms / ≤ 1 s.
The issue asks for ≥ 1,000 games per pairing; ``--games`` sets it (Azi: matches of
``--azi-games`` games each).
"""

from __future__ import annotations

import argparse
import sys
import time

from tools.simulate import Config, progress_bar, run, summarize

PAIRINGS = (
    ("durak-hard-normal", "Durak 2p: Hard vs Normal, Hard win %", "durak", ("hard", "normal")),
    ("durak-normal-easy", "Durak 2p: Normal vs Easy, Normal win %", "durak", ("normal", "easy")),
    ("durak-4p", "Durak 4p: Hard vs 3 Normal, Hard Durak %", "durak",
     ("hard", "normal", "normal", "normal")),
    ("azi-3p", "Azi 3p: Hard vs 2 Normal, Hard chips/game", "azi", ("hard", "normal", "normal")),
)


def _figure(key: str, hard: dict) -> tuple[str, str, str, bool]:
    """(value, 95% CI, goal, met) for a pairing's headline figure."""
    if key in ("durak-hard-normal", "durak-normal-easy"):
        goal = 0.65 if key == "durak-hard-normal" else 0.60
        low, high = hard["win_rate_ci"]
        return (f"{100 * hard['win_rate']:.1f}%", f"{100 * low:.1f}–{100 * high:.1f}%",
                f"≥ {100 * goal:.0f}%", hard["win_rate"] >= goal)
    if key == "durak-4p":
        low, high = hard["loss_rate_ci"]
        return (f"{100 * hard['loss_rate']:.1f}%", f"{100 * low:.1f}–{100 * high:.1f}%", "< 25%",
                high < 0.25)
    if hard["chips_per_game_ci"] is None:  # a single seat rotation: no interval
        return f"{hard['chips_per_game']:+.2f}", "n/a", "> 0", False
    low, high = hard["chips_per_game_ci"]
    return f"{hard['chips_per_game']:+.2f}", f"{low:+.2f} … {high:+.2f}", "> 0", low > 0


def main(argv: list[str] | None = None) -> int:
    """Run the pairings and print the strength matrix and Hard's latency."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games (Azi: matches) per pairing")
    parser.add_argument("--budget", type=float, default=None, help="Hard's time per decision (s)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--azi-games", type=int, default=10, help="Azi games per match")
    parser.add_argument("--only", nargs="*", choices=[p[0] for p in PAIRINGS],
                        help="run only these")
    args = parser.parse_args(argv)
    rows, latency = [], {}
    for key, title, game, seats in PAIRINGS:
        if args.only and key not in args.only:
            continue
        config = Config(game=game, players=len(seats), seats=seats, games=args.games,
                        seed=args.seed, jobs=args.jobs, budget=args.budget,
                        azi_games=args.azi_games)
        print(title, file=sys.stderr)
        started = time.perf_counter()
        summary = summarize(config, run(config, progress_bar()))
        by_type = summary["by_type"]
        headline = by_type[seats[0]]
        value, ci, goal, met = _figure(key, headline)
        unit = (f"{args.games} matches ({summary['games_played']} games)" if game == "azi"
                else f"{args.games} games")
        rows.append((title, unit, value, ci, goal, "yes" if met else "NO",
                     time.perf_counter() - started))
        if "hard" in by_type:
            latency.setdefault(game, []).append(by_type["hard"])
    print(f"{'pairing':<44}{'played':>24}{'figure':>9}{'95% CI':>18}{'goal':>9}{'met':>5}"
          f"{'wall s':>8}")
    for title, unit, value, ci, goal, met, wall in rows:
        print(f"{title:<44}{unit:>24}{value:>9}{ci:>18}{goal:>9}{met:>5}{wall:>8.0f}")
    if latency:
        print(f"\n{'Hard decision time':<20}{'decisions':>10}{'median ms':>11}{'p95 ms':>9}"
              "  goal ≤ 300 / ≤ 1000 ms")
        for game, entries in latency.items():
            decisions = sum(e["decisions"] for e in entries)
            median = max(e["time_median_ms"] for e in entries)
            p95 = max(e["time_p95_ms"] for e in entries)
            print(f"{game:<20}{decisions:>10}{median:>11.1f}{p95:>9.1f}")
        print("(over several pairings of one game, the worst median and p95 are shown)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
