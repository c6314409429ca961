"""What the simulator plays: one game (Azi: one match) of a run, and how each game is counted.

Any registered game (engine/registry.py) plays at its default options and is judged by its
returns; Durak and Azi have measures of their own (the Durak and repetition; chips per game),
registered by name in :data:`MEASURES`. Seat types, deal seeds and AI seeds follow the rotation
and duplicate rules of tools/simulate.py.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.shuffle import SeededDealer

from .intervals import mean_ci

if TYPE_CHECKING:
    from .simulate import Config


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


class Measure:
    """How the simulator plays and counts a game: any registered game plays one game at its
    default options, judged by its returns. Games with measures of their own (the Durak and
    repetition, Azi's chips) say so in a subclass registered in :data:`MEASURES`."""

    lose_word = "losses"  # the losses column's heading

    def play(self, config: Config, index: int) -> dict[str, Any]:
        """Game ``index`` of ``config`` (see :func:`play_one`)."""
        return play_registered(config, index)

    def options_problem(self, args: argparse.Namespace) -> str | None:
        """Why the command line's game options make no table of this game (None: they do)."""
        return None

    def rotation_value(self, record: dict[str, Any], seat: int) -> float | None:
        """What a seat's game adds to its rotation's mean (Azi: chips per game), or None."""
        return None

    def add_entry(self, entry: dict[str, Any], row: dict[str, Any]) -> None:
        """Add this game's own numbers to a seat type's summary entry."""

    def add_summary(self, summary: dict[str, Any], records: Sequence[dict[str, Any]]) -> None:
        """Add this game's own totals to the run's summary."""

    def unit(self, c: dict[str, Any]) -> str:
        """What was played, in words ("200 games")."""
        return f"{c['games']} games"

    def header(self) -> str:
        """This game's own columns' headings."""
        return ""

    def line(self, e: dict[str, Any]) -> str:
        """This game's own columns of a seat type's line."""
        return ""

    def footer(self, summary: dict[str, Any]) -> str | None:
        """A closing line of the table, or None."""
        return None


class DurakMeasure(Measure):
    """Durak: losing is being the Durak; games drawn by repetition are counted."""

    lose_word = "durak"

    def play(self, config: Config, index: int) -> dict[str, Any]:
        """One Durak game (:func:`play_durak`)."""
        return play_durak(config, index)

    def add_summary(self, summary: dict[str, Any], records: Sequence[dict[str, Any]]) -> None:
        """Games drawn by repetition."""
        summary["drawn_by_repetition"] = sum(1 for r in records if r["repetition"])

    def header(self) -> str:
        """The Durak rate."""
        return f"{'durak %':>9}"

    def line(self, e: dict[str, Any]) -> str:
        """The Durak rate."""
        return f"{100 * e['loss_rate']:>8.1f}%"

    def footer(self, summary: dict[str, Any]) -> str | None:
        """How many games were drawn by repetition (if any)."""
        drawn = summary["drawn_by_repetition"]
        return f"({drawn} games drawn by repetition, counted in draws)" if drawn else None


class AziMeasure(Measure):
    """Azi: matches of several games, judged by chips won per game."""

    def play(self, config: Config, index: int) -> dict[str, Any]:
        """One Azi match (:func:`play_azi`)."""
        return play_azi(config, index)

    def options_problem(self, args: argparse.Namespace) -> str | None:
        """The table's own bounds (engine/azi/options.py), said as a usage error."""
        from engine.azi.options import AziOptions

        try:
            AziOptions(num_players=args.players, starting_stack=args.stack, ante=args.ante,
                       cards_dealt=args.cards, blind_bets=args.blind)
        except ValueError as error:
            return str(error)
        return None

    def rotation_value(self, record: dict[str, Any], seat: int) -> float | None:
        """Chips won per game played in the match."""
        return record["chips"][seat] / max(1, record["games"])

    def add_entry(self, entry: dict[str, Any], row: dict[str, Any]) -> None:
        """Chips per game with its CI (None: too few rotations)."""
        mean, lo, hi = mean_ci(row["chips_per_game"])
        entry["chips_per_game"] = mean
        entry["chips_per_game_ci"] = [lo, hi] if math.isfinite(lo) else None

    def add_summary(self, summary: dict[str, Any], records: Sequence[dict[str, Any]]) -> None:
        """Azi games played in all the matches."""
        summary["games_played"] = sum(r["games"] for r in records)

    def unit(self, c: dict[str, Any]) -> str:
        """Matches of up to so many games."""
        return f"{c['games']} matches of up to {c['azi_games']} games"

    def header(self) -> str:
        """Chips per game and its CI."""
        return f"{'chips/game':>12}{'95% CI':>20}"

    def line(self, e: dict[str, Any]) -> str:
        """Chips per game and its CI."""
        ci = e["chips_per_game_ci"]
        shown = f"{ci[0]:.2f} … {ci[1]:.2f}" if ci else "n/a"
        return f"{e['chips_per_game']:>12.2f}{shown:>20}"

    def footer(self, summary: dict[str, Any]) -> str | None:
        """What chips per game means."""
        return (f"({summary['games_played']} Azi games in all; chips/game: mean over matches "
                f"of chips won / games played, its CI over seat rotations)")


# Games with measures of their own; any other registered game is played by :class:`Measure`.
MEASURES: dict[str, Measure] = {"durak": DurakMeasure(), "azi": AziMeasure()}


def measure_for(game: str) -> Measure:
    """How the simulator plays and counts ``game``."""
    return MEASURES.get(game) or Measure()


def play_one(config: Config, index: int) -> dict[str, Any]:
    """Game (Azi: match) ``index`` of ``config``: the same record wherever and whenever it runs."""
    return measure_for(config.game).play(config, index)
