"""The seats' plates: name, a value (cards held, chips), a detail line, the turn ring round the
seat to move, "thinking…" while a computer decides, and short words such as "pass" or "takes".

A part the table owns (:class:`Plates`), with its own state: the words on the plates and how
long they stay, and how long the seat to move has had. It reads the shared view (seat geometry,
names, the source); the table tells it what each plate says (its game's ``plate_text``) and
which seat is to move or thinking.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame

from ..i18n import tr
from ..widgets import draw_plate
from .turn_ring import draw_turn_ring

PlateText = Callable[[int], tuple[str, str, bool]]  # seat → (value, detail, muted)


class Plates:
    """The plates of one table."""

    def __init__(self, shared: Any) -> None:
        self.shared = shared
        self.bubbles: dict[int, tuple[str, float]] = {}  # seat → (word on its plate, seconds)
        self._turn: tuple[int | None, float] = (None, 0.0)  # seat to move, seconds it has had

    def bubble(self, seat: int, text: str, seconds: float = 1.6) -> None:
        """Show a word on ``seat``'s plate for a while ("pass", "takes")."""
        self.bubbles[seat] = (text, seconds)

    def clear_bubbles(self) -> None:
        """Take every word off the plates (the battle they belong to has ended)."""
        self.bubbles.clear()

    def update(self, dt: float) -> None:
        """The words on the plates age by ``dt`` seconds of animation time."""
        for seat, (text, left) in list(self.bubbles.items()):
            if left - dt <= 0:
                del self.bubbles[seat]
            else:
                self.bubbles[seat] = (text, left - dt)

    def tick(self, to_move: int | None, dt: float) -> None:
        """The seat ``to_move`` (None while anything moves) has had ``dt`` more seconds."""
        seat, waited = self._turn
        self._turn = (to_move, waited + dt if to_move == seat else 0.0)

    def turn_progress(self, seat: int, pause: float) -> float:
        """How far a computer's think pause of ``pause`` seconds has run for ``seat`` (0 … 1)."""
        return min(1.0, self._turn[1] / pause) if self._turn[0] == seat else 0.0

    def draw(self, surface: pygame.Surface, plate_text: PlateText, clock: float,
             to_move: int | None, thinking: int | None,
             progress: Callable[[int], float | None]) -> Iterator[tuple[str, pygame.Rect]]:
        """Every seat's plate, the ring round ``to_move``'s and the dots of ``thinking``'s;
        yields (name, rect) of each plate drawn."""
        shared = self.shared
        s = shared.layout.scale
        for seat in range(shared.n):
            lay = shared.seat_layout(seat)
            value, detail, muted = plate_text(seat)
            if seat in self.bubbles:
                detail = self.bubbles[seat][0]
            if seat == thinking:
                dots = "." * (1 + int(clock * 3) % 3)
                detail = tr("table.thinking") + dots
            if seat == to_move:
                draw_turn_ring(surface, lay.plate, s, clock, progress(seat))
            draw_plate(surface, lay.plate, shared.seat_name(seat), detail, value, scale=s,
                       active=seat == to_move, muted=muted)
            yield f"plate {seat}", lay.plate
