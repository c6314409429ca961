"""The computer-player boundary: a player sees its seat's observation and the legal actions only."""

from __future__ import annotations

import random
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


def make_player(game: str, level: str, rng: random.Random, time_budget: float | None = None) -> Player:
    """A computer player for ``game`` ("durak" or "azi") at ``level`` ("easy", "normal", "hard", "random")."""
    if level == "random":
        return RandomPlayer(rng)
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    if game == "durak":
        from .durak.ai import make_durak_player

        return make_durak_player(level, rng, time_budget)
    if game == "azi":
        from .azi.ai import make_azi_player

        return make_azi_player(level, rng, time_budget)
    raise ValueError(f"unknown game {game!r}")
