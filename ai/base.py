"""The computer-player boundary: a player sees its seat's observation and the legal actions only."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

LEVELS = ("easy", "normal", "hard")


class Player(Protocol):
    """Anything that picks one of the legal actions from what its seat may know."""

    def choose(self, observation: dict[str, Any], legal: list[int]) -> int:
        """Return one action from ``legal``."""
        ...


class RandomPlayer:
    """Picks uniformly among the legal actions (a baseline and a stand-in)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, observation: dict[str, Any], legal: list[int]) -> int:
        """A uniformly random legal action."""
        return self.rng.choice(legal)


# A game's computer players: (level, rng, time budget) -> a player. Each game's own module is
# imported only when its first player is made (Hard's search is a large import).
PlayerFactory = Callable[[str, random.Random, "float | None"], Player]


def _durak_players(level: str, rng: random.Random, time_budget: float | None) -> Player:
    from .durak.ai import make_durak_player

    return make_durak_player(level, rng, time_budget)


def _azi_players(level: str, rng: random.Random, time_budget: float | None) -> Player:
    from .azi.ai import make_azi_player

    return make_azi_player(level, rng, time_budget)


_FACTORIES: dict[str, PlayerFactory] = {"durak": _durak_players, "azi": _azi_players}


def register_players(game: str, factory: PlayerFactory) -> None:
    """Give the registered game ``game`` (engine/registry.py) its computer players."""
    _FACTORIES[game] = factory


def unregister_players(game: str) -> None:
    """Forget a game's computer players (tests that register a made-up game clean up)."""
    _FACTORIES.pop(game, None)


def make_player(game: str, level: str, rng: random.Random,
                time_budget: float | None = None) -> Player:
    """A computer player for ``game`` at ``level`` ("easy", "normal", "hard", "random")."""
    if level == "random":
        return RandomPlayer(rng)
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    factory = _FACTORIES.get(game)
    if factory is None:
        raise ValueError(f"unknown game {game!r}")
    return factory(level, rng, time_budget)
