"""The games the engine knows, each described once (as OpenSpiel's ``register_game``).

A :class:`GameRules` says what every tool needs of a game's rules: its deck and table sizes,
how to start one from table options and a dealer, how to read one back from JSON, and what a
game record keeps of it (options, revealed deals, seats drawn at random). Durak and Azi register
in engine/games.py; the AI adds its players per game in ai/registry.py and the screens their
table in scenes/game_screens.py. Code that runs a game asks here instead of naming the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .core import Game
from .shuffle import Dealer

# How a seat came out of a finished game, as the history and the statistics count it.
WIN, LOSS, DRAW = "win", "loss", "draw"
# Per seat of a finished game: (places from 1 or None, outcomes, chips won or None for a game
# without chips), read from a record's (options, result, number of seats).
SeatResults = tuple[list[int | None], list[str], list[int] | None]

# (deal number from 1, role said in a problem, the seat the record names, the seats drawn from)
DrawClaim = tuple[int, str, int, Sequence[int]]
# (commitment, seed, deck order) of a deal a finished game has revealed
RevealedDeal = tuple[str | None, str | None, tuple[int, ...]]


def _no_seat_results(n: int) -> SeatResults:
    """Places unknown and every seat a draw (a game that says nothing of how seats came out)."""
    return [None] * n, [DRAW] * n, None


@dataclass(frozen=True)
class GameRules:
    """One game as the engine's tools see it."""

    name: str  # the game's key: records, saves, the protocol and texts ("game.<name>") use it
    game_class: type[Game]
    deck: tuple[int, ...]
    min_players: int
    max_players: int
    default_options: dict[str, Any]
    # A fresh game: (number of players, table options, dealer) -> the game, dealt.
    new: Callable[[int, dict[str, Any], Dealer], Game]
    from_json: Callable[[dict[str, Any]], Game]
    # A record's parts: the options that deal the same game again, and the revealed deals.
    record_options: Callable[[Game], dict[str, Any]]
    revealed_deals: Callable[[Game], list[RevealedDeal]]
    # The game a record's actions start from, given its options, dealer and record version.
    replay_start: Callable[[dict[str, Any], Dealer, int], Game]
    # The deals a recorded result names (None: the result names none in a readable way).
    result_deals: Callable[[dict[str, Any]], list[RevealedDeal] | None]
    # The seats the table drew with a deal, as a record claims them (options, result).
    draw_claims: Callable[[dict[str, Any], dict[str, Any]], list[DrawClaim]]
    # A game made in the middle of a session: the game number it stopped in (None: ended).
    stopped_in_game: Callable[[Game], int | None] = field(default=lambda game: None)
    # A record holds a session of several games (it may stop between two of them).
    sessions: bool = False
    # Raises ValueError, TypeError or KeyError for table options no table of the game accepts.
    check_options: Callable[[dict[str, Any]], Any] = field(default=lambda options: None)
    # Every finished game names one loser (Durak's Durak): the statistics show how often.
    one_loser: bool = False
    # Games one after another at one table with a running score (Durak's Series): a class made
    # as ``series(num_players, dealer)``, with ``from_json``, ``game``, ``next_game()``,
    # ``results``, ``wins`` and ``losses``. None: the game plays no series.
    series: Any = None
    # The table options the game itself takes (the rest are the table's, e.g. Durak's "series").
    engine_options: Callable[[dict[str, Any]], dict[str, Any]] = field(default=dict)
    # An observation sent as JSON, back as the engine hands it to computer players.
    observation_from_json: Callable[[dict[str, Any]], dict[str, Any]] = field(default=dict)
    # The keys of a seat's observation that differ from seat to seat, (game, seat) -> them;
    # every other key is the same for every seat. None: not said (each seat's is built whole).
    seat_part: Callable[[Game, int], dict[str, Any]] | None = None
    # The JSON Schema of what its records hold ({"options": …, "deals": …, "result": …}, as
    # engine/record_schema.py's for Durak and Azi, which the published schema holds already).
    record_schema: dict[str, Any] | None = None
    # How each seat came out of a finished game (options, result, seats) -> SeatResults.
    seat_results: Callable[[dict[str, Any], dict[str, Any], int], SeatResults] = field(
        default=lambda options, result, n: _no_seat_results(n))


_GAMES: dict[str, GameRules] = {}


def register(rules: GameRules) -> None:
    """Add a game (a second registration under the same name replaces the first)."""
    _GAMES[rules.name] = rules


def unregister(name: str) -> None:
    """Remove a game (tests that register a made-up one clean up with this)."""
    _GAMES.pop(name, None)


def game_names() -> tuple[str, ...]:
    """The names of every registered game, in registration order."""
    return tuple(_GAMES)


def rules_for(name: str) -> GameRules:
    """The registered game ``name``; ValueError naming the known games otherwise."""
    try:
        return _GAMES[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known: {', '.join(_GAMES)}") from None


def observation_from_json(data: dict[str, Any]) -> dict[str, Any]:
    """An observation received as JSON, as its game's engine gives it (unchanged when it names
    no registered game, e.g. before the first one arrives)."""
    rules = _GAMES.get(data.get("game"))  # type: ignore[arg-type]
    return rules.observation_from_json(data) if rules is not None else dict(data)


def rules_of(game: Game) -> GameRules:
    """The registered game ``game`` is a state of; TypeError for an unregistered kind."""
    for rules in _GAMES.values():
        if isinstance(game, rules.game_class):
            return rules
    raise TypeError(f"no registered game for {type(game).__name__}")
