"""Callouts: a short sentence on the felt beside the seat that acted ("Anna beats 10♥ with Q♠").

The banner says what concerns the whole table; a callout says what one seat just did, where
it did it, so a newcomer can follow a fast battle without reading the log. A callout lives in
animation time (the speed setting scales it), fades in and out, and a new one from the same
seat replaces the old. ``seat = -1`` puts it in the middle of the table (a trick or a battle
that ended, the bank paid).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..card_text import card_text
from ..layout import TableLayout
from ..widgets import CREAM, GOLD


def edge_margin(layout: TableLayout) -> int:
    """The room a bubble keeps from the window's edge (touching it looks cut off)."""
    return max(6, round(10 * layout.scale))


CALLOUT_SECONDS = 1.8  # long enough to read a short sentence at normal speed
FADE = 0.2


@dataclass
class Callout:
    """One sentence by one seat (-1: the middle), with its age in animation seconds."""

    seat: int
    text: str
    seconds: float
    age: float = 0.0
    important: bool = False  # drawn gold: a result (a trick won, a battle ended)


class Callouts:
    """The callouts now on the table."""

    def __init__(self) -> None:
        self.items: list[Callout] = []

    def say(self, seat: int, text: str, seconds: float = CALLOUT_SECONDS, *,
            important: bool = False) -> None:
        """Show ``text`` beside ``seat`` (replacing what that seat said before)."""
        self.items = [c for c in self.items if c.seat != seat]
        self.items.append(Callout(seat, text, seconds, important=important))

    def texts(self) -> list[str]:
        """The sentences now shown (tests)."""
        return [c.text for c in self.items]

    def clear(self) -> None:
        """Forget every callout (a new game)."""
        self.items.clear()

    def update(self, dt: float) -> None:
        """Age the callouts by ``dt`` animation seconds; drop the ones that have had their time."""
        for callout in self.items:
            callout.age += dt
        self.items = [c for c in self.items if c.age < c.seconds]

    def spot(self, layout: TableLayout, seat: int) -> tuple[int, int]:
        """Where ``seat``'s callout is centred: under an opponent's plate, above the own hand."""
        if seat < 0:
            centre = layout.centre
            return centre.centerx, centre.bottom - round(24 * layout.scale)
        lay = layout.seats[seat]
        if lay.side == "bottom":
            return layout.message.centerx, layout.message.top - round(22 * layout.scale)
        return lay.plate.centerx, lay.plate.bottom + round(20 * layout.scale)

    def rects(self, layout: TableLayout, renderer) -> list[pygame.Rect]:
        """The panels the callouts are drawn in (tests check they stay in the window)."""
        return [self._panel(layout, renderer, c)[1] for c in self.items]

    def _panel(self, layout: TableLayout, renderer,
               callout: Callout) -> tuple[pygame.Surface, pygame.Rect]:
        s = layout.scale
        room = pygame.Rect((0, 0), layout.size).inflate(-2 * edge_margin(layout),
                                                        -2 * edge_margin(layout))
        size = max(12, round((19 if callout.important else 17) * s))
        while True:  # a long sentence takes a smaller font rather than leave the window
            line = card_text(callout.text, "bold", size, GOLD if callout.important else CREAM,
                             renderer)
            if line.get_width() + round(24 * s) <= room.width or size <= 10:
                break
            size -= 1
        rect = line.get_rect(center=self.spot(layout, callout.seat))
        back = rect.inflate(round(24 * s), round(10 * s))
        return line, back.clamp(room)

    def draw(self, surface: pygame.Surface, layout: TableLayout,
             renderer) -> list[tuple[int, pygame.Rect]]:
        """Every callout, fading in and out; returns each one's seat and bubble."""
        s = layout.scale
        drawn = []
        for callout in self.items:
            fade = min(1.0, callout.age / FADE + 0.3, (callout.seconds - callout.age) / FADE)
            line, back = self._panel(layout, renderer, callout)
            panel = pygame.Surface(back.size, pygame.SRCALPHA)
            radius = back.height // 2
            pygame.draw.rect(panel, (8, 26, 16, round(225 * fade)), panel.get_rect(),
                             border_radius=radius)
            edge = GOLD if callout.important else (150, 140, 110)
            pygame.draw.rect(panel, (*edge, round(200 * fade)), panel.get_rect(),
                             width=max(1, round(1.5 * s)), border_radius=radius)
            surface.blit(panel, back)
            line.set_alpha(round(255 * fade))
            surface.blit(line, line.get_rect(center=back.center))
            line.set_alpha(255)
            drawn.append((callout.seat, back))
        return drawn
