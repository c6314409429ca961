"""Durak computer players (rules page, "AI levels"): Easy, Normal and Hard.

Every player sees only ``choose(observation, legal)``: its seat's observation and the legal
actions. Easy and Normal are rule-of-thumb players (ai/durak/policy.py); Hard tracks every
public card, searches sampled worlds and solves the heads-up endgame (ai/durak/search.py).
"""

from __future__ import annotations

import random
from typing import Any

from .policy import easy_action, normal_action
from .view import view_from_observation

DEFAULT_TIME_BUDGET = 0.5  # seconds the Hard player may think about one decision


class EasyPlayer:
    """Attacks low, defends with the lowest card that beats, throws in low plain cards."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # unused: the rule of thumb is deterministic (kept for make_player)

    def choose(self, observation: dict[str, Any], legal: list[int]) -> int:
        """The Easy rule for this decision."""
        if len(legal) == 1:
            return legal[0]
        return easy_action(view_from_observation(observation), legal)


class NormalPlayer:
    """Saves trumps and high cards, throws in what the defender likely cannot beat, minds talon."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # unused: the rule of thumb is deterministic (kept for make_player)

    def choose(self, observation: dict[str, Any], legal: list[int]) -> int:
        """The Normal rule for this decision."""
        if len(legal) == 1:
            return legal[0]
        return normal_action(view_from_observation(observation), legal)


def make_durak_player(level: str, rng: random.Random, time_budget: float | None = None):
    """A Durak computer player at ``level`` ("easy", "normal" or "hard") using ``rng``.

    ``time_budget`` (seconds per decision) applies to Hard; None means the default 0.5 s.
    """
    if level == "easy":
        return EasyPlayer(rng)
    if level == "normal":
        return NormalPlayer(rng)
    if level == "hard":
        from .search import HardPlayer

        return HardPlayer(rng, DEFAULT_TIME_BUDGET if time_budget is None else time_budget)
    raise ValueError(f"unknown Durak AI level {level!r}; choose easy, normal or hard")
