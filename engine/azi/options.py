"""The Azi table settings shown in the new-game screen (azi.md: every *(option)*).

``OPTION_BOUNDS`` is the one place the numbers' ranges are written: the options refuse values
outside them, and the new-game screen checks typed and remembered numbers against them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, NamedTuple


class Bound(NamedTuple):
    """The smallest and largest value a number option may take (both allowed)."""

    low: int
    high: int

    def clamp(self, value: int) -> int:
        """``value`` brought into the range."""
        return min(self.high, max(self.low, value))


# Seven digits of chips, what the new-game screen's fields take: deep enough for any table,
# small enough that every sum of stacks and bids stays an ordinary int.
MOST_CHIPS = 9_999_999
OPTION_BOUNDS: dict[str, Bound] = {
    "num_players": Bound(2, 6),
    "starting_stack": Bound(1, MOST_CHIPS),
    "ante": Bound(1, MOST_CHIPS),
    "min_bet": Bound(1, MOST_CHIPS),
    "min_raise": Bound(1, MOST_CHIPS),
}
_OPTION_WORDS = {"num_players": "the number of players", "starting_stack": "the starting stack",
                 "ante": "the ante", "min_bet": "the minimum bet", "min_raise": "the minimum raise"}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
        for name, bound in OPTION_BOUNDS.items():
            value = getattr(self, name)
            if value is None and name in ("min_bet", "min_raise"):
                continue
            if not _is_int(value):
                problems.append(f"{_OPTION_WORDS[name]} must be a whole number, "
                                f"not {type(value).__name__}")
            elif not bound.low <= value <= bound.high and name == "num_players":
                problems.append(f"Azi is played by {bound.low} to {bound.high} players, "
                                f"not {value}")
            elif not bound.low <= value <= bound.high:
                problems.append(f"{_OPTION_WORDS[name]} must be from {bound.low} to {bound.high}")
        if self.cards_dealt not in (3, 4) or not _is_int(self.cards_dealt):
            problems.append("deal 3 or 4 cards")
        for name in ("blind_bets", "azi_buy_in"):
            if not isinstance(getattr(self, name), bool):
                problems.append(f"{name.replace('_', ' ')} must be on or off")
        if self.blind_bets and self.cards_dealt != 3:
            problems.append("blind bets are played only with the 3-card deal")
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
    def from_json(cls, data: dict[str, Any]) -> AziOptions:
        """Inverse of :meth:`to_json`; ValueError names what is wrong with damaged data."""
        if not isinstance(data, dict):
            raise ValueError("the table options must be a JSON object")
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(f"unknown table options: {', '.join(sorted(map(str, unknown)))}")
        return cls(**data)
