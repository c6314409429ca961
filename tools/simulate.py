"""Headless matches between computer players: ``python game.py simulate --game azi …``.

The simulator is the engine plus the AI driver and nothing else: each seat's player gets only
``game.observation(seat)`` and ``game.legal_actions()``. Deals come from ``SeededDealer`` and
every AI's ``random.Random`` is seeded from (seed, game, seat), so a run is reproducible and
``--jobs`` (games spread over processes) changes nothing but the wall time.

Units
    Durak: one game. A seat *wins* when another seat is the Durak, *loses* when it is the
    Durak, and a game with no Durak is a *draw* for everyone. Win % leaves draws out.
    Azi: one *match* = a fresh session (every stack at ``--stack``) played for ``--azi-games``
    games (deals, azi games included) or until one player holds all the chips. Chips won per
    game = (final stack - starting stack) / games played in that match; the table reports its
    mean over the seat's matches with a 95% CI (taken over seat rotations, see below). The match
    *winner* is the seat with the most chips at the end (a shared top is a draw for those
    sharing it).

Seat types rotate through the seats game by game (game g puts type ``seats[(s - g) % N]`` in
seat s), so every type plays from every position equally often. The games are *duplicate*:
each run of N consecutive games (one full rotation) uses the same deal seed, so every seat type
gets the same cards in the same position once; luck largely cancels and fewer games show who
plays better. (In Azi the decks stay identical while the sessions stay in step.)
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import statistics
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from engine.games import game_names, rules_for
from storage.safe_files import write_atomically

from .intervals import mean_ci, percentile, wilson
from .simulate_games import measure_for, play_one, seat_types

__all__ = ["Config", "main", "mean_ci", "parse_args", "percentile", "play_one", "run",
           "seat_types", "summarize", "wilson"]


@dataclass(frozen=True)
class Config:
    """One simulation run: what is played, by whom, how often, from which seed."""

    game: str
    players: int
    seats: tuple[str, ...]
    games: int
    seed: int = 1
    jobs: int = 1
    budget: float | None = None
    stack: int = 1000
    ante: int = 10
    azi_games: int = 10
    cards: int = 3
    blind: bool = False
    buy_in: bool = True
    ray: str | None = None  # a Ray cluster's address ("local": one started for the run), or None


def _play(args: tuple[Config, int]) -> dict[str, Any]:
    return play_one(*args)


def run(config: Config, progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Play every game of ``config`` (over ``jobs`` processes, or Ray); their records in order."""
    if config.ray is not None:
        from tools.simulate_ray import run_on_ray

        return run_on_ray(config, config.ray, play_one, progress)
    tasks = [(config, i) for i in range(config.games)]
    records: list[dict[str, Any]] = []
    if config.jobs <= 1:
        for task in tasks:
            records.append(_play(task))
            if progress:
                progress(len(records), config.games)
        return records
    with mp.get_context("spawn").Pool(config.jobs) as pool:
        for record in pool.imap(_play, tasks, chunksize=1):
            records.append(record)
            if progress:
                progress(len(records), config.games)
    return records


# --- statistics ------------------------------------------------------------------------------
def summarize(config: Config, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per seat type: seat-games, wins, losses, draws, win rate with CI, chips, decision times."""
    measure = measure_for(config.game)
    by_type: dict[str, dict[str, Any]] = {}
    for level in dict.fromkeys(config.seats):
        by_type[level] = {"seat_games": 0, "wins": 0, "losses": 0, "draws": 0, "chips_per_game": [],
                          "times": []}
    # duplicate rotation -> type -> chips per game
    rotations: dict[int, dict[str, list[float]]] = {}
    for record in records:
        rotation = rotations.setdefault(record["index"] // config.players, {})
        for seat, level in enumerate(record["types"]):
            row = by_type[level]
            row["seat_games"] += 1
            row[{"win": "wins", "loss": "losses", "draw": "draws"}[record["outcome"][seat]]] += 1
            value = measure.rotation_value(record, seat)
            if value is not None:
                rotation.setdefault(level, []).append(value)
            row["times"].extend(record["times"][seat])
    # The matches of one rotation share their deals, so they are not independent: the CI of chips
    # per game is taken over rotations (each a mean over its matches), the independent unit.
    for rotation in rotations.values():
        for level, values in rotation.items():
            by_type[level]["chips_per_game"].append(statistics.fmean(values))
    out: dict[str, Any] = {}
    for level, row in by_type.items():
        decided = row["wins"] + row["losses"]
        low, high = wilson(row["wins"], decided)
        entry = {
            "seat_games": row["seat_games"], "wins": row["wins"], "losses": row["losses"],
            "draws": row["draws"], "win_rate": row["wins"] / decided if decided else 0.0,
            "win_rate_ci": [low, high],
            "loss_rate": row["losses"] / row["seat_games"] if row["seat_games"] else 0.0,
            "loss_rate_ci": list(wilson(row["losses"], row["seat_games"])),
            "decisions": len(row["times"]),
            "time_median_ms": 1000 * statistics.median(row["times"]) if row["times"] else 0.0,
            "time_p95_ms": 1000 * percentile(row["times"], 0.95),
        }
        measure.add_entry(entry, row)
        out[level] = entry
    summary = {"config": asdict(config), "by_type": out}
    measure.add_summary(summary, records)
    return summary


def format_table(summary: dict[str, Any]) -> str:
    """The summary as a text table."""
    c = summary["config"]
    measure = measure_for(c["game"])
    unit = measure.unit(c)
    budget = c["budget"] if c["budget"] is not None else "default"
    lines = [(f"{c['game']}, {c['players']} players, seats {','.join(c['seats'])}: {unit} "
              f"(seed {c['seed']}, budget {budget})")]
    lose = measure.lose_word
    header = (f"{'seat type':<10}{'seats':>7}{'wins':>7}{lose:>8}{'draws':>7}{'win %':>8}"
              f"{'95% CI':>16}")
    header += measure.header() + f"{'median ms':>11}{'p95 ms':>9}"
    lines.append(header)
    for level, e in summary["by_type"].items():
        lo, hi = e["win_rate_ci"]
        line = (f"{level:<10}{e['seat_games']:>7}{e['wins']:>7}{e['losses']:>8}{e['draws']:>7}"
                f"{100 * e['win_rate']:>7.1f}%{f'{100 * lo:.1f}–{100 * hi:.1f}%':>16}")
        line += measure.line(e) + f"{e['time_median_ms']:>11.1f}{e['time_p95_ms']:>9.1f}"
        lines.append(line)
    footer = measure.footer(summary)
    if footer:
        lines.append(footer)
    return "\n".join(lines)


def progress_bar(stream=sys.stderr) -> Callable[[int, int], None]:
    """A tqdm progress bar (games done, rate, time left), fed the running count."""
    from tqdm import tqdm

    bar: list[tqdm] = []  # made at the first call, when the total is known

    def show(done: int, total: int) -> None:
        if not bar:
            bar.append(tqdm(total=total, file=stream, unit="game", dynamic_ncols=True,
                            leave=True))
        bar[0].update(done - bar[0].n)
        if done >= total:
            bar[0].close()
    return show


# --- command line ------------------------------------------------------------------------------
def parse_args(argv: Sequence[str]) -> tuple[Config, str | None]:
    """The command line as a Config and the JSON path (SystemExit with a message on bad input)."""
    parser = argparse.ArgumentParser(prog="game.py simulate", description="Headless AI matches.")
    parser.add_argument("--game", choices=game_names(), required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seats", default="normal",
                        help="AI levels by seat, comma-separated (easy, normal, hard, random); "
                             "a shorter list repeats its last entry")
    parser.add_argument("--games", type=int, default=100, help="Durak games, or Azi matches")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes to spread the games over")
    parser.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
                        help="run the games on a Ray cluster (no address: a local one; needs "
                             "requirements-ray.txt)")
    parser.add_argument("--json", dest="json_file", help="also write the summary and records here")
    parser.add_argument("--budget", type=float, default=None,
                        help="Hard's thinking time per decision (s)")
    parser.add_argument("--stack", type=int, default=1000, help="Azi starting stack")
    parser.add_argument("--ante", type=int, default=10, help="Azi ante")
    parser.add_argument("--azi-games", type=int, default=10, help="Azi games per match")
    parser.add_argument("--cards", type=int, choices=(3, 4), default=3, help="Azi cards dealt")
    parser.add_argument("--blind", action="store_true", help="Azi blind bets")
    parser.add_argument("--no-buy-in", action="store_true", help="Azi: no azi buy-in")
    args = parser.parse_args(list(argv))
    from ai.base import LEVELS

    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    bad = [s for s in seats if s not in LEVELS + ("random",)]
    if bad or not seats:
        parser.error(f"unknown seat type(s) {', '.join(bad) or '(none)'}; "
                     "use easy, normal, hard, random")
    rules = rules_for(args.game)
    low, high = rules.min_players, rules.max_players
    if not low <= args.players <= high:
        parser.error(f"{args.game} is played by {low} to {high} players")
    if len(seats) > args.players:
        parser.error(f"{len(seats)} seat types for {args.players} players")
    seats += [seats[-1]] * (args.players - len(seats))
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    if args.ray is not None:
        import importlib.util

        if importlib.util.find_spec("ray") is None:
            parser.error("--ray needs Ray, an optional extra: pip install -r requirements-ray.txt")
    problem = measure_for(args.game).options_problem(args)
    if problem:
        parser.error(problem)
    return Config(game=args.game, players=args.players, seats=tuple(seats), games=args.games,
                  seed=args.seed, jobs=args.jobs, budget=args.budget, stack=args.stack,
                  ante=args.ante, azi_games=args.azi_games, cards=args.cards, blind=args.blind,
                  buy_in=not args.no_buy_in, ray=args.ray), args.json_file


def main(argv: Sequence[str]) -> int:
    """Run the simulation the arguments describe, print the table, optionally write JSON."""
    config, json_file = parse_args(argv)
    records = run(config, progress_bar())
    summary = summarize(config, records)
    print(format_table(summary))
    if json_file:  # atomic: a run cut short never leaves half a file
        write_atomically(json_file, json.dumps({"summary": summary, "records": records},
                                               indent=1), ".simulate-", ".tmp")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
