"""What the new-game screen hands to the table: the game, who sits where, and the options.

``options`` uses the engine's own option names: for Azi the fields of
``engine.azi_options.AziOptions`` except ``num_players`` (``starting_stack``, ``ante``,
``cards_dealt``, ``blind_bets``, ``azi_buy_in``, ``min_bet``, ``min_raise``), so
``AziOptions(num_players=len(config.seats), **config.options)`` works; for Durak
``{"series": bool}``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

HUMAN = "human"
AI = "ai"
LEVELS = ("easy", "normal", "hard")
GAMES = ("azi", "durak")

AZI_DEFAULTS: dict[str, Any] = {"starting_stack": 1000, "ante": 10, "cards_dealt": 3,
                                "blind_bets": False, "azi_buy_in": True, "min_bet": 10,
                                "min_raise": 10}
DURAK_DEFAULTS: dict[str, Any] = {"series": False}


class Seat(NamedTuple):
    """One seat: a name, ``"human"`` or ``"ai"``, and the AI level (ignored for humans)."""

    name: str
    kind: str = HUMAN
    level: str = "normal"


@dataclass
class TableConfig:
    """A table to open: the game ("azi" or "durak"), seats in clockwise order, options."""

    game: str
    seats: list[Seat]
    options: dict[str, Any] = field(default_factory=dict)
    watch: bool = False  # nobody human at the table: the user watches the computer play

    @property
    def human_seats(self) -> list[int]:
        """Seats played by people at this screen."""
        return [i for i, s in enumerate(self.seats) if s.kind == HUMAN]

    @property
    def hot_seat(self) -> bool:
        """Two or more people share the screen (the pass-the-screen curtain is needed)."""
        return len(self.human_seats) > 1


def default_options(game: str) -> dict[str, Any]:
    """The default table options of ``game``."""
    return dict(AZI_DEFAULTS if game == "azi" else DURAK_DEFAULTS)
