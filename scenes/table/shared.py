"""What the parts of a table share: the seats on screen, the "you" wording and the event source.

The table scene owns one :class:`TableShared` and hands it to its parts (hands, input, notices,
hint, a game's own parts): they read where a seat sits, how to speak of it, and the game as the
source shows it, and never reach into each other. The scene replaces ``layout`` when the window
changes size, ``view`` when a new game starts and ``source`` with each game.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from ..hotseat import SeatView
from ..i18n import is_you_word, tr
from ..layout import SeatLayout, TableLayout

SEAT_LEVELS = ("easy", "normal", "hard", "remote")  # the levels a plate names
T = TypeVar("T")


def addressed(key: str, you: bool, name: str, **fields: Any) -> str:
    """The table's one "you" wording: the sentence ``key`` about ``name``, or, when it is about
    the one person at this screen (``you``), the whole sentence ``key`` + "_you" spoken to him
    ("You pay the ante", never "You pays")."""
    if you:
        return tr(key + "_you", name=name, **fields)
    return tr(key, name=name, **fields)


class TableShared:
    """The small view every part of a table reads: seat geometry, names and the source."""

    def __init__(self, app: Any, config: Any, view: SeatView, layout: TableLayout) -> None:
        self.app = app
        self.config = config
        self.n = len(config.seats)
        self.view = view  # who sits at this screen, which hands are face up
        self.layout = layout  # where everything is, for the window's size
        self.source: Any = None  # the game as this screen may show it (set by the scene)

    def seat_layout(self, seat: int) -> SeatLayout:
        """Where game seat ``seat`` sits on screen (the bottom seat is layout seat 0)."""
        return self.layout.seats[(seat - self.view.bottom) % self.n]

    def seat_name(self, seat: int) -> str:
        """The name of the player in ``seat`` (a person left at the default "You" is called by
        the seat's number wherever the table speaks of that seat to someone else: a replay, Watch,
        the other screens of a LAN table)."""
        name = self.config.seats[seat].name
        if seat != self.view.you and is_you_word(name):
            return tr("names.player", n=seat + 1)
        return name

    def you_seat(self) -> int:
        """The seat of the one person at this screen, or -1 (Watch AI, a replay, hot seat)."""
        return self.view.you

    def is_you(self, seat: int) -> bool:
        """Is ``seat`` the one person at this screen (so the table says "You …")?"""
        return seat >= 0 and seat == self.view.you

    def kind_text(self, seat: int) -> str:
        """Who plays ``seat``, for its plate: "Human", the computer's level, or nothing when a
        replayed record does not say."""
        spec = self.config.seats[seat]
        if spec.kind == "human":
            return tr("seat.human")
        return tr(f"level.{spec.level}") if spec.level in SEAT_LEVELS else ""

    def is_bottom(self, seat: int) -> bool:
        """Is ``seat`` the one drawn at the bottom, large?"""
        return seat == self.view.bottom

    def say(self, key: str, seat: int, **fields: Any) -> str:
        """``key`` about ``seat`` by name, or its "_you" sentence when ``seat`` is the one
        person at this screen (:func:`addressed`)."""
        return addressed(key, self.is_you(seat), self.seat_name(seat), **fields)


class Kept(Generic[T]):
    """A table scene's attribute kept in one of its parts (``holder``): the scene and its
    game's code read and write ``self.view``, and every part that reads ``shared.view`` sees
    the new one; ``self.game`` is the live source's game."""

    def __init__(self, holder: str) -> None:
        self.holder = holder

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, scene: Any, owner: type | None = None) -> T:
        return getattr(getattr(scene, self.holder), self.name)

    def __set__(self, scene: Any, value: T) -> None:
        setattr(getattr(scene, self.holder), self.name, value)
