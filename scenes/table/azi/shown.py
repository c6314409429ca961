"""What the Azi table shows of the chips and the seats, kept in step with the animated events.

The engine runs ahead of the screen (a whole game can finish inside one ``apply``), so the
table keeps its own copy of the public numbers and flags, changed by each event's handler as
it is shown. Once everything has been shown it must equal :meth:`Shown.from_observation` of the
game (the table checks, and counts a repair if not).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Shown:
    """Per-seat chips, stakes, bids, tricks and flags, and the bank, as drawn now."""

    stacks: list[int]
    stakes: list[int] = field(default_factory=list)
    bids: list[int] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    folded: list[bool] = field(default_factory=list)
    all_in: list[bool] = field(default_factory=list)
    sitting_out: list[bool] = field(default_factory=list)
    out: list[bool] = field(default_factory=list)
    looked: list[bool] = field(default_factory=list)
    bank: int = 0
    carried: int = 0

    def __post_init__(self) -> None:
        n = len(self.stacks)
        for name in ("stakes", "bids", "tricks"):
            if not getattr(self, name):
                setattr(self, name, [0] * n)
        for name in ("folded", "all_in", "sitting_out", "out"):
            if not getattr(self, name):
                setattr(self, name, [False] * n)
        if not self.looked:
            self.looked = [True] * n

    @classmethod
    def from_observation(cls, o: dict[str, Any]) -> Shown:
        """The numbers and flags of an observation."""
        return cls(stacks=list(o["stacks"]), stakes=list(o["stakes"]), bids=list(o["bids"]),
                   tricks=list(o["tricks_won"]), folded=list(o["folded"]),
                   all_in=list(o["all_in"]), sitting_out=list(o["sitting_out"]),
                   out=list(o["out"]), looked=list(o["looked"]), bank=o["bank"],
                   carried=o["carried"])

    def new_game(self, keep_bank: bool) -> None:
        """A game starts: per-game flags clear; an azi game keeps the bank and the stakes."""
        n = len(self.stacks)
        if not keep_bank:
            self.stakes = [0] * n
        self.carried = self.bank if keep_bank else 0
        self.bids = [0] * n
        self.tricks = [0] * n
        self.folded = [False] * n
        self.all_in = [False] * n
        self.sitting_out = [False] * n
        self.looked = [True] * n

    def pay_in(self, seat: int, chips: int) -> None:
        """Chips leave ``seat``'s stack for this game's stake (they reach the bank on landing)."""
        self.stacks[seat] -= chips
        self.stakes[seat] += chips

    def in_game(self, seat: int) -> bool:
        """Dealt in and not folded, sitting out or gone."""
        return not (self.folded[seat] or self.sitting_out[seat] or self.out[seat])

    def as_observation(self, phase: str, options: dict[str, Any]) -> dict[str, Any]:
        """The keys ``scenes.table.azi.words.seat_detail`` reads, from what is shown."""
        n = len(self.stacks)
        return {"out": self.out, "sitting_out": self.sitting_out, "folded": self.folded,
                "stakes": self.stakes, "phase": phase, "tricks_won": self.tricks,
                "bids": self.bids, "all_in": self.all_in, "looked": self.looked,
                "in_game": [self.in_game(s) for s in range(n)], "options": options}
