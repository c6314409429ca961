"""The AI arena: Hard against a textbook ISMCTS, and each level against the one below, both games.

Run ``python -m bench.arena [--pairings …] [--games N] [--budget S]``. Pairings:

    durak-hard-ismcts   Durak heads-up, Hard vs the textbook SO-ISMCTS (bench/ismcts.py), both
                        thinking ``--budget`` seconds per decision: Hard's win %, draws left out
    durak-hard-normal   Durak heads-up, Hard vs Normal: Hard's win %
    durak-normal-easy   Durak heads-up, Normal vs Easy: Normal's win %
    azi-hard-normal     Azi, 3 players, Hard vs two Normals: Hard's chips won per game
    azi-normal-easy     Azi, 3 players, Normal vs two Easys: Normal's chips won per game

Durak games come in pairs on one deal with the seats swapped (duplicate), so both sides hold
every hand once; win % has a 95% Wilson interval. Azi matches go through tools.simulate (seats
rotated over one deal seed; chips per game with a 95% interval over rotations). Every figure is
printed with the machine's load average at the start and end of its run. By default both sides
get the same wall-clock budget, so a loaded machine hurts both, but not necessarily equally;
``--cpu-clock`` measures every budget in CPU seconds of the thinking thread instead, which keeps
the comparison fair beside other jobs, and ``--jobs N`` plays N games (Azi: matches) at once.
``--lever NAME`` plays Azi Hard with one setting changed (bench/azi_levers.py); with ``--paired``
the same matches are played as is and with the lever, and the figure is the lever's gain
(bench/arena_azi.py). Nothing is written anywhere; the run uses temporary data and config folders.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from ai import thinking_clock
from bench.arena_azi import run_azi, worker_pool
from bench.azi_levers import LEVERS
from engine.durak import DurakGame
from engine.shuffle import SeededDealer
from tools.simulate import wilson

PAIRINGS = {
    "durak-hard-ismcts": ("durak", ("hard", "ismcts")),
    "durak-hard-normal": ("durak", ("hard", "normal")),
    "durak-normal-easy": ("durak", ("normal", "easy")),
    "azi-hard-normal": ("azi", ("hard", "normal", "normal")),
    "azi-normal-easy": ("azi", ("normal", "easy", "easy")),
}


def durak_player(level: str, rng: random.Random, budget: float) -> Any:
    """A Durak player by name: "ismcts" (the yardstick) or an AI level."""
    if level == "ismcts":
        from bench.ismcts import TextbookISMCTS

        return TextbookISMCTS(rng, budget)
    from ai.base import make_player

    return make_player("durak", level, rng, budget)


def play_durak_pair(levels: tuple[str, str], index: int, seed: int, budget: float,
                    make: Callable[[str, random.Random, float], Any] = durak_player
                    ) -> dict[str, Any]:
    """Game ``index``: the deal of pair index // 2, ``levels[0]`` in seat index % 2.

    Returns the first level's outcome ("win", "loss", "draw") and each level's decision times.
    """
    first_seat = index % 2
    dealer = SeededDealer(f"kozyr-arena:{seed}:{index // 2}")
    game = DurakGame.new(2, dealer)
    seat_level = {first_seat: levels[0], 1 - first_seat: levels[1]}
    players = {s: make(seat_level[s], random.Random(f"kozyr-arena-ai:{seed}:{index}:{s}"), budget)
               for s in (0, 1)}
    times: dict[int, list[float]] = {0: [], 1: []}
    iterations: list[int] = []
    while game.to_move is not None:
        seat = game.to_move
        observation, legal = game.observation(seat), game.legal_actions()
        started = thinking_clock.now()
        action = players[seat].choose(observation, legal)
        if len(legal) > 1:
            times[seat].append(thinking_clock.now() - started)
            work = getattr(players[seat], "last_iterations", None)
            if work is not None:  # the yardstick's search iterations for this decision
                iterations.append(work)
        game.apply(action)
    durak = game.durak
    outcome = "draw" if durak is None else ("loss" if durak == first_seat else "win")
    return {"outcome": outcome, "times": (times[first_seat], times[1 - first_seat]),
            "iterations": iterations}


def _median_ms(values: list[float]) -> float:
    return 1000 * statistics.median(values) if values else 0.0


def _play_indexed(job: tuple[tuple[str, str], int, int, float]) -> dict[str, Any]:
    return play_durak_pair(*job)


def run_durak(levels: tuple[str, str], games: int, seed: int, budget: float,
              log: Callable[[str], None], jobs: int = 1, cpu_clock: bool = False,
              first: int = 0) -> dict[str, Any]:
    """Play ``games`` duplicate games between two Durak levels; the first level's record.

    Games are independent (each has its own deal and random streams), so ``jobs`` processes
    give the same games as one; with ``cpu_clock`` every decision's budget is CPU seconds.
    ``first`` (even) skips the games of an earlier run with the same seed, so a long run can
    be continued on new deals and the two runs' counts added.
    """
    wins = losses = draws = 0
    times: tuple[list[float], list[float]] = ([], [])
    iterations: list[int] = []
    pool = worker_pool(jobs, cpu_clock)
    records = pool.imap(_play_indexed, [(levels, i, seed, budget)
                                             for i in range(first, first + games)])
    for index, record in enumerate(records):
        wins += record["outcome"] == "win"
        losses += record["outcome"] == "loss"
        draws += record["outcome"] == "draw"
        times[0].extend(record["times"][0])
        times[1].extend(record["times"][1])
        iterations.extend(record["iterations"])
        decided = wins + losses
        log(f"  {index + 1}/{games} (game {first + index}): {levels[0]} {wins}–{losses} "
            f"({draws} drawn)"
            f"{f', {100 * wins / decided:.1f}%' if decided else ''}")
    pool.close()
    pool.join()
    low, high = wilson(wins, wins + losses)
    decided = wins + losses
    return {"games": games, "wins": wins, "losses": losses, "draws": draws,
            "figure": f"{100 * wins / decided:.1f}%" if decided else "n/a",
            "interval": f"{100 * low:.1f}–{100 * high:.1f}%",
            "think_ms": (_median_ms(times[0]), _median_ms(times[1])),
            "iterations": statistics.median(iterations) if iterations else None}


# How each game's pairing is played: Durak deal by deal with the seats swapped, Azi in matches.
RUNS: dict[str, Any] = {
    "durak": lambda seats, args, log: run_durak((seats[0], seats[1]), args.games, args.seed,
                                                 args.budget, log, args.jobs, args.cpu_clock,
                                                 args.first),
    "azi": lambda seats, args, log: run_azi(seats, args.matches, args.seed, args.budget,
                                            args.azi_games, log, args.jobs, args.cpu_clock,
                                            args.lever, args.paired),
}


def _load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    """Run the chosen pairings and print one row of figures each."""
    parser = argparse.ArgumentParser(prog="python -m bench.arena",
                                     description=__doc__.split("\n\n")[0],
                                     epilog="Pairings: " + ", ".join(PAIRINGS))
    parser.add_argument("--pairings", nargs="+", choices=list(PAIRINGS),
                        default=["durak-hard-ismcts"],
                        metavar="NAME", help="which pairings to run (default: durak-hard-ismcts)")
    parser.add_argument("--games", type=int, default=100,
                        help="Durak games (pairs of deals × 2) per pairing")
    parser.add_argument("--first", type=int, default=0,
                        help="Durak: index of the first game (even), to continue an earlier "
                             "run with the same seed on new deals")
    parser.add_argument("--matches", type=int, default=30, help="Azi matches per pairing")
    parser.add_argument("--azi-games", type=int, default=10, help="Azi games per match")
    parser.add_argument("--budget", type=float, default=0.5,
                        help="seconds per decision for Hard and ISMCTS")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1,
                        help="games (Azi: matches) played at once, one process each")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="budgets in CPU seconds per decision (fair on a loaded machine)")
    parser.add_argument("--lever", choices=list(LEVERS), default=None,
                        help="Azi: play Hard with this lever of bench/azi_levers.py pulled")
    parser.add_argument("--paired", action="store_true",
                        help="Azi: play the same matches as is and with --lever; "
                             "report the lever's gain")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)
    if args.first % 2:
        parser.error("--first must be even: games come in pairs of one deal")
    if args.paired and not args.lever:
        parser.error("--paired needs a --lever to compare with Hard as it is")
    log = ((lambda _line: None) if args.quiet
           else (lambda line: print(line, file=sys.stderr, flush=True)))
    rows = []
    with tempfile.TemporaryDirectory(prefix="kozyr-arena-") as tmp:
        os.environ["KOZYR_DATA_DIR"] = os.path.join(tmp, "data")  # nothing may reach user folders
        os.environ["KOZYR_CONFIG_DIR"] = os.path.join(tmp, "config")
        for name in args.pairings:
            game, seats = PAIRINGS[name]
            log(f"{name} (budget {args.budget} s)")
            load_before, started = _load(), time.perf_counter()
            row = RUNS[game](seats, args, log)
            row.update(name=name, wall=time.perf_counter() - started,
                       load=f"{load_before} → {_load()}")
            rows.append(row)
    print(f"{'pairing':<20}{'games':>8}{'figure':>20}{'95% interval':>20}{'think ms':>14}"
          f"{'wall s':>8}  load (1/5/15 min)")
    for r in rows:
        think = f"{r['think_ms'][0]:.0f}/{r['think_ms'][1]:.0f}"
        print(f"{r['name']:<20}{r['games']:>8}{r['figure']:>20}{r['interval']:>20}{think:>14}"
              f"{r['wall']:>8.0f}  {r['load']}")
    for r in rows:
        if r.get("played") is not None:
            print(f"{r['name']}: {r['played']} Azi games played in all")
        if r.get("note"):
            print(f"{r['name']}: {r['note']}")
        if r.get("iterations") is not None:
            print(f"{r['name']}: the textbook search ran a median {r['iterations']:.0f} iterations "
                  "per decision")
    clock = "CPU" if args.cpu_clock else "wall-clock"
    print(f"budget {args.budget} {clock} s per decision; {args.jobs} job(s); "
          "think ms = median decision time, first/second "
          "side (decisions with one legal action left out); Durak win % leaves draws out")
    return 0


if __name__ == "__main__":
    sys.exit(main())
