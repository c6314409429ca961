"""Between two Azi games: who won what and why, and a "Next game" button the table waits for.

Azi deals the next game the moment a game ends; without a pause the last game's result is
gone before a newcomer has read it. So the table holds its timeline on a :class:`Hold` until
the player presses Next game (click, Enter or Space). Watching computers only, it goes on
by itself after ``WATCH_SECONDS`` of animation time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from ...i18n import tr
from ...text_wrap import wrap
from ...widgets import CREAM, GOLD, draw_panel, text_surface
from .panels import Button
from .words import game_summary, payout_reason

WATCH_SECONDS = 4.5  # Watch AI: long enough to read the result, then the next deal


def result_lines(record: dict[str, Any], names: Sequence[str]) -> list[str]:
    """The lines under the title: the arithmetic of a share, then every player's tricks and
    what he staked and received."""
    lines = []
    arithmetic = payout_reason(record, names)
    if arithmetic:
        lines.append(arithmetic)
    for seat, name in enumerate(names):
        stake, paid = record["stakes"][seat], record["paid"][seat]
        if not stake and not paid:
            continue
        lines.append(tr("azi.between.row", name=name, tricks=record["tricks_won"][seat],
                        stake=stake, paid=paid))
    return lines


class BetweenGames:
    """The panel shown after a game; ``waiting`` until Next game is pressed."""

    def __init__(self, record: dict[str, Any], names: Sequence[str], auto: bool,
                 you: int = -1) -> None:
        self.title = game_summary(record, names, you)
        self.lines = result_lines(record, names)
        self.auto = auto  # Watch AI: go on by itself
        self.age = 0.0
        self.waiting = True
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.button = Button("next", tr("azi.between.next"), primary=True)
        self.hover = False

    def tick(self, dt: float) -> None:
        """Count animation time; Watch AI goes on after ``WATCH_SECONDS``."""
        self.age += dt
        if self.auto and self.age >= WATCH_SECONDS:
            self.waiting = False

    def go_on(self) -> None:
        """Next game was pressed."""
        self.waiting = False

    def place(self, layout: Any) -> None:
        """Centre the panel on the table of ``layout`` (a TableLayout), never below 0.8 scale."""
        width = layout.size[0] - round(40 * layout.scale)
        self.layout(layout.oval.center, max(layout.scale, 0.8), width)

    def layout(self, centre: tuple[int, int], scale: float, max_width: int) -> None:
        """Size the panel for its text, centred on ``centre``."""
        self.scale = scale
        width = min(max_width, round(560 * scale))
        pad = round(18 * scale)
        inner = width - 2 * pad
        height = pad + self._title_height(inner) + round(8 * scale)
        height += sum(len(wrap(line, "text", self._size(), inner)) for line in self.lines) \
            * self._line_h()
        height += round(14 * scale) + round(44 * scale) + pad
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = centre
        self.button.rect = pygame.Rect(0, 0, round(200 * scale), round(44 * scale))
        self.button.rect.midbottom = (self.rect.centerx, self.rect.bottom - pad)

    def _size(self) -> int:
        return max(11, round(16 * self.scale))

    def _line_h(self) -> int:
        return round(self._size() * 1.45)

    def _title_height(self, inner: int) -> int:
        size = max(13, round(22 * self.scale))
        return len(wrap(self.title, "bold", size, inner)) * round(size * 1.3)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Click on Next game, Enter or Space: go on. True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.button.hit(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.button.hit(event.pos):
            self.go_on()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                          pygame.K_SPACE, pygame.K_n):
            self.go_on()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Title, lines and the button."""
        s = self.scale
        pad = round(18 * s)
        draw_panel(surface, self.rect, s, 252)
        inner = self.rect.width - 2 * pad
        y = self.rect.y + pad
        size = max(13, round(22 * s))
        for line in wrap(self.title, "bold", size, inner):
            glyphs = text_surface(line, "bold", size, GOLD)
            surface.blit(glyphs, glyphs.get_rect(midtop=(self.rect.centerx, y)))
            y += round(size * 1.3)
        y += round(8 * s)
        for text in self.lines:
            for line in wrap(text, "text", self._size(), inner):
                glyphs = text_surface(line, "text", self._size(), CREAM)
                surface.blit(glyphs, (self.rect.x + pad, y))
                y += self._line_h()
        self.button.draw(surface, s, self.hover)


class Hold:
    """A timeline step that lasts while ``between.waiting`` (the next game's events wait)."""

    def __init__(self, between: BetweenGames) -> None:
        self.between = between
        self.done = False

    def update(self, dt: float) -> float:
        """Wait (counting animation time for Watch AI) until Next game is pressed."""
        self.between.tick(dt)
        if self.between.waiting:
            return 0.0
        self.done = True
        return 0.0

    def finish(self) -> None:
        """Skipped to the end (the table is rebuilt): the next game goes on."""
        self.between.go_on()
        self.done = True
