"""The Azi table settings shown in the new-game screen (azi.md: every *(option)*)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class AziOptions:
    """Table options; ``min_bet`` / ``min_raise`` of None mean "the ante"."""

    num_players: int = 4
    starting_stack: int = 1000
    ante: int = 10
    cards_dealt: int = 3
    blind_bets: bool = False
    azi_buy_in: bool = True
    min_bet: int | None = None
    min_raise: int | None = None

    def __post_init__(self) -> None:
        problems = []
        if not 2 <= self.num_players <= 6:
            problems.append(f"Azi is played by 2 to 6 players, not {self.num_players}")
        if self.starting_stack < 1:
            problems.append("the starting stack must be at least 1 chip")
        if self.ante < 1:
            problems.append("the ante must be at least 1 chip")
        if self.cards_dealt not in (3, 4):
            problems.append(f"deal 3 or 4 cards, not {self.cards_dealt}")
        if self.blind_bets and self.cards_dealt != 3:
            problems.append("blind bets are played only with the 3-card deal")
        for name in ("min_bet", "min_raise"):
            value = getattr(self, name)
            if value is not None and value < 1:
                problems.append(f"{name.replace('_', ' ')} must be at least 1 chip")
        if problems:
            raise ValueError("; ".join(problems))

    @property
    def bet_minimum(self) -> int:
        """The smallest opening bet level in force."""
        return self.ante if self.min_bet is None else self.min_bet

    @property
    def raise_minimum(self) -> int:
        """The smallest raise step in force (also the step between offered bid levels)."""
        return self.ante if self.min_raise is None else self.min_raise

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "AziOptions":
        """Inverse of :meth:`to_json`."""
        return cls(**data)
