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

# (deal number from 1, role said in a problem, the seat the record names, the seats drawn from)
DrawClaim = tuple[int, str, int, Sequence[int]]
# (commitment, seed, deck order) of a deal a finished game has revealed
RevealedDeal = tuple[str | None, str | None, tuple[int, ...]]


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


def rules_of(game: Game) -> GameRules:
    """The registered game ``game`` is a state of; TypeError for an unregistered kind."""
    for rules in _GAMES.values():
        if isinstance(game, rules.game_class):
            return rules
    raise TypeError(f"no registered game for {type(game).__name__}")
