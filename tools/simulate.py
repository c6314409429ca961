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
import math
import multiprocessing as mp
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from engine.shuffle import SeededDealer
from storage.safe_files import write_atomically

GAMES = ("durak", "azi")


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


# --- playing one game -----------------------------------------------------------------------
def seat_types(config: Config, index: int) -> list[str]:
    """The AI level in each seat for game ``index`` (rotated one seat per game)."""
    n = config.players
    return [config.seats[(s - index) % n] for s in range(n)]


def dealer_for(config: Config, index: int) -> SeededDealer:
    """The deal seed of game ``index``: shared by the N games of one seat rotation (duplicate)."""
    return SeededDealer(f"kozyr-sim:{config.seed}:{index // config.players}")


def _players(config: Config, index: int, types: Sequence[str]) -> list[Any]:
    from ai.base import make_player

    return [make_player(config.game, level, random.Random(f"kozyr-ai:{config.seed}:{index}:{seat}"),
                        config.budget) for seat, level in enumerate(types)]


def _drive(game: Any, players: Sequence[Any], times: list[list[float]],
           before_move: Callable[[], None] = lambda: None) -> None:
    """Ask the seat to move for an action until the game is over; record decision times."""
    while game.to_move is not None:
        before_move()
        seat = game.to_move
        observation, legal = game.observation(seat), game.legal_actions()
        started = time.perf_counter()
        action = players[seat].choose(observation, legal)
        times[seat].append(time.perf_counter() - started)
        game.apply(action)


def play_durak(config: Config, index: int) -> dict[str, Any]:
    """One Durak game: each seat's outcome ("win", "loss", "draw") and decision times."""
    from engine.durak import DurakGame

    types = seat_types(config, index)
    game = DurakGame.new(config.players, dealer_for(config, index))
    times: list[list[float]] = [[] for _ in types]
    _drive(game, _players(config, index, types), times)
    result = game.result()
    durak = result["durak"]
    # No Durak (everybody out together, or drawn by repetition): a draw for every seat.
    outcome = ["draw" if durak is None else ("loss" if s == durak else "win")
               for s in range(config.players)]
    return {"index": index, "types": types, "outcome": outcome, "durak": durak, "times": times,
            "repetition": result["repetition"]}


def play_azi(config: Config, index: int) -> dict[str, Any]:
    """One Azi match: chips won per seat, games played, the match outcome, decision times."""
    from engine.azi import AziOptions, AziSession

    types = seat_types(config, index)
    options = AziOptions(num_players=config.players, starting_stack=config.stack, ante=config.ante,
                         cards_dealt=config.cards, blind_bets=config.blind,
                         azi_buy_in=config.buy_in)
    game = AziSession.new(options, dealer_for(config, index))
    times: list[list[float]] = [[] for _ in types]
    players = _players(config, index, types)

    def end_after_last_game() -> None:
        if game.game_number >= config.azi_games and not game.stop_requested:
            game.stop_after_game()  # the match ends once this game is decided

    _drive(game, players, times, before_move=end_after_last_game)
    played = len(game.games)
    chips = [stack - config.stack for stack in game.stacks]
    top = max(game.stacks)
    leaders = [s for s in range(config.players) if game.stacks[s] == top]
    outcome = [("win" if len(leaders) == 1 else "draw") if s in leaders else "loss"
               for s in range(config.players)]
    return {"index": index, "types": types, "outcome": outcome, "chips": chips, "games": played,
            "times": times}


def play_registered(config: Config, index: int) -> dict[str, Any]:
    """One game of any registered game at its default options (engine/registry.py): each seat's
    outcome from the game's returns (the highest wins; a shared highest is a draw)."""
    from engine.games import rules_for

    rules = rules_for(config.game)
    types = seat_types(config, index)
    game = rules.new(config.players, dict(rules.default_options), dealer_for(config, index))
    times: list[list[float]] = [[] for _ in types]
    _drive(game, _players(config, index, types), times)
    returns = game.returns()
    best = max(returns)
    shared = returns.count(best) > 1
    outcome = [("draw" if shared else "win") if r == best else "loss" for r in returns]
    return {"index": index, "types": types, "outcome": outcome, "returns": returns, "times": times}


# Games with their own measures (chips, the Durak, repetition); any other plays by its returns.
_PLAYS: dict[str, Callable[[Config, int], dict[str, Any]]] = {"durak": play_durak, "azi": play_azi}


def play_one(config: Config, index: int) -> dict[str, Any]:
    """Game (Azi: match) ``index`` of ``config``: the same record wherever and whenever it runs."""
    return _PLAYS.get(config.game, play_registered)(config, index)


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
def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion (0..1); (0, 1) when there are no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    spread = math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    half = z * spread / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval (infinitely wide below two values)."""
    if not values:
        return 0.0, -math.inf, math.inf
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) by the nearest-rank rule; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def summarize(config: Config, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per seat type: seat-games, wins, losses, draws, win rate with CI, chips, decision times."""
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
            if config.game == "azi":
                chips = record["chips"][seat] / max(1, record["games"])
                rotation.setdefault(level, []).append(chips)
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
        if config.game == "azi":
            mean, lo, hi = mean_ci(row["chips_per_game"])
            entry["chips_per_game"] = mean
            # None: too few rotations
            entry["chips_per_game_ci"] = [lo, hi] if math.isfinite(lo) else None
        out[level] = entry
    summary = {"config": asdict(config), "by_type": out}
    if config.game == "azi":
        summary["games_played"] = sum(r["games"] for r in records)
    else:
        summary["drawn_by_repetition"] = sum(1 for r in records if r["repetition"])
    return summary


def format_table(summary: dict[str, Any]) -> str:
    """The summary as a text table."""
    c = summary["config"]
    unit = (f"{c['games']} matches of up to {c['azi_games']} games" if c["game"] == "azi"
            else f"{c['games']} games")
    budget = c["budget"] if c["budget"] is not None else "default"
    lines = [(f"{c['game']}, {c['players']} players, seats {','.join(c['seats'])}: {unit} "
              f"(seed {c['seed']}, budget {budget})")]
    lose = "durak" if c["game"] == "durak" else "losses"
    header = (f"{'seat type':<10}{'seats':>7}{'wins':>7}{lose:>8}{'draws':>7}{'win %':>8}"
              f"{'95% CI':>16}")
    if c["game"] == "azi":
        header += f"{'chips/game':>12}{'95% CI':>20}"
    else:
        header += f"{'durak %':>9}"
    header += f"{'median ms':>11}{'p95 ms':>9}"
    lines.append(header)
    for level, e in summary["by_type"].items():
        lo, hi = e["win_rate_ci"]
        line = (f"{level:<10}{e['seat_games']:>7}{e['wins']:>7}{e['losses']:>8}{e['draws']:>7}"
                f"{100 * e['win_rate']:>7.1f}%{f'{100 * lo:.1f}–{100 * hi:.1f}%':>16}")
        if c["game"] == "azi":
            ci = e["chips_per_game_ci"]
            shown = f"{ci[0]:.2f} … {ci[1]:.2f}" if ci else "n/a"
            line += f"{e['chips_per_game']:>12.2f}{shown:>20}"
        else:
            line += f"{100 * e['loss_rate']:>8.1f}%"
        line += f"{e['time_median_ms']:>11.1f}{e['time_p95_ms']:>9.1f}"
        lines.append(line)
    if c["game"] == "azi":
        lines.append(f"({summary['games_played']} Azi games in all; chips/game: mean over matches "
                     f"of chips won / games played, its CI over seat rotations)")
    elif summary["drawn_by_repetition"]:
        lines.append(f"({summary['drawn_by_repetition']} games drawn by repetition, "
                     "counted in draws)")
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
    parser.add_argument("--game", choices=GAMES, required=True)
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
    low, high = (2, 6)
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
    if args.game == "azi":
        from engine.azi.options import AziOptions

        try:  # the table's own bounds (engine/azi/options.py), said as a usage error
            AziOptions(num_players=args.players, starting_stack=args.stack, ante=args.ante,
                       cards_dealt=args.cards, blind_bets=args.blind)
        except ValueError as error:
            parser.error(str(error))
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
