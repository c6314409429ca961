"""What a lesson is: a prepared deal, the whole story as actions, and the coach's notes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Lesson:
    """One guided game: seats, the prepared decks, every action in order, and the notes.

    ``notes`` maps a move's index in ``actions`` to the catalogue key of what the coach says
    while that move is due (until the next note). A move of the person without a note of its
    own is explained by :func:`ai.explain.explain`. ``student`` is the person's seat.
    """

    game: str
    names: tuple[str, ...]
    decks: tuple[tuple[int, ...], ...]
    seat_draws: tuple[int, ...]
    actions: tuple[int, ...]
    notes: dict[int, str]
    end_note: str
    options: dict[str, Any] = field(default_factory=dict)
    student: int = 0
