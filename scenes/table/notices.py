"""The table's notices: the toast (a refusal, a short word above the hand, in real time) and the
banner (large words over the table for a while, in animation time).

A part the table owns (:class:`Notices`), with its own words, ages and the banner's place. It
reads the shared view (layout, window size, the cards' fonts) and asks the table once per
placement what its words must not cover (``avoid``); it draws and says where it drew.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..card_text import card_text
from ..widgets import GOLD

TOAST_SECONDS = 2.8


class Notices:
    """The toast and the banner of one table."""

    def __init__(self, shared: Any, avoid: Callable[[], list[pygame.Rect]]) -> None:
        self.shared = shared
        self._avoid = avoid  # what the banner must not cover: words drawn before it, the log
        self.toast_text = ""
        self.toast_age = TOAST_SECONDS
        self.banner_text = ""
        self.banner_age = 0.0
        self.banner_seconds = 0.0
        self._banner_at: tuple[tuple, pygame.Rect] | None = None  # (what, where) it was drawn

    def toast(self, text: str) -> None:
        """Show ``text`` briefly above the hand (a refusal, a hint)."""
        self.toast_text, self.toast_age = text, 0.0

    def announce(self, text: str, seconds: float = 1.6) -> None:
        """Show ``text`` large over the table for a while (in animation time)."""
        self.banner_text, self.banner_age, self.banner_seconds = text, 0.0, seconds
        self._banner_at = None  # placed afresh when it is first drawn

    def hush(self) -> None:
        """Take the banner away now (a panel says it all, a replay jumps)."""
        self.banner_text = ""

    def update(self, dt: float, speed: float) -> None:
        """The toast ages in real time, the banner in animation time."""
        self.toast_age += dt
        self.banner_age += dt * speed

    def _banner_line(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        if not self.banner_text or self.banner_age >= self.banner_seconds:
            return None
        app, layout = self.shared.app, self.shared.layout
        line = card_text(self.banner_text, "display", round(30 * layout.scale), GOLD, app.cards)
        placed = self._banner_at
        kept = None
        if placed is not None and placed[0] == (self.banner_text, app.size, line.get_size()):
            kept = pygame.Rect(placed[1])
        return line, self._banner_spot(line.get_rect(), kept)

    def _banner_spot(self, rect: pygame.Rect, kept: pygame.Rect | None) -> pygame.Rect:
        """The banner's words at the top of the middle of the table, or the nearest place
        below (then above) where it covers no words drawn before it (plates, stakes and their
        notes, bubbles, the coach) nor the open log; where it stood, while that stays free."""
        layout = self.shared.layout
        s = layout.scale
        centre = layout.centre
        rect.center = (centre.centerx, centre.top + round(26 * s))
        pad = (round(40 * s), round(14 * s))
        air = (round(40 * s) + 4, round(14 * s) + 4)  # a little felt between it and the rest
        avoid = self._avoid()
        window = pygame.Rect((0, 0), self.shared.app.size)
        step = max(4, round(6 * s))
        down = range(0, layout.message.top - rect.bottom, step)
        up = range(-step, -rect.top, -step)
        tries = ([kept] if kept is not None else []) + [rect.move(0, dy) for dy in [*down, *up]]
        for spot in tries:
            if window.contains(spot.inflate(pad)) and spot.inflate(air).collidelist(avoid) < 0:
                return spot
        return kept or rect

    def banner_rect(self) -> pygame.Rect | None:
        """The banner's note while it shows."""
        banner = self._banner_line()
        if banner is None:
            return None
        s = self.shared.layout.scale
        return banner[1].inflate(round(40 * s), round(14 * s))

    def draw_banner(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The banner, fading in and out; where its note was drawn (None: not shown)."""
        banner = self._banner_line()
        if banner is None:
            return None
        s = self.shared.layout.scale
        fade = min(1.0, (self.banner_seconds - self.banner_age) / 0.3, self.banner_age / 0.15 + 0.2)
        line, rect = banner
        self._banner_at = ((self.banner_text, self.shared.app.size, line.get_size()),
                           pygame.Rect(rect))
        back = rect.inflate(round(40 * s), round(14 * s))
        # opaque enough that a chip or card under the banner does not show through its words
        _draw_faded_note(surface, line, rect, back, (5, 21, 13, 250), 170, round(12 * s), fade)
        return back

    def draw_toast(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The toast above the status line, fading out; where it was drawn (None: not shown)."""
        if not self.toast_text or self.toast_age >= TOAST_SECONDS:
            return None
        layout = self.shared.layout
        s = layout.scale
        line = card_text(self.toast_text, "bold", round(18 * s), (255, 226, 200),
                         self.shared.app.cards)
        rect = line.get_rect(center=(layout.message.centerx,
                                     layout.message.centery - round(44 * s)))
        fade = min(1.0, (TOAST_SECONDS - self.toast_age) / 0.4)
        back = rect.inflate(round(36 * s), round(16 * s))
        _draw_faded_note(surface, line, rect, back, (120, 30, 24, 225), 200, round(10 * s), fade)
        return back


def _draw_faded_note(surface: pygame.Surface, line: pygame.Surface, rect: pygame.Rect,
                     back: pygame.Rect, fill: tuple[int, int, int, int], border_alpha: int,
                     radius: int, fade: float) -> None:
    """A line of text on a rounded, gold-edged panel, all faded by ``fade`` (banner, toast)."""
    panel = pygame.Surface(back.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (*fill[:3], round(fill[3] * fade)), panel.get_rect(),
                     border_radius=radius)
    pygame.draw.rect(panel, (*GOLD, round(border_alpha * fade)), panel.get_rect(), width=1,
                     border_radius=radius)
    surface.blit(panel, back)
    line.set_alpha(round(255 * fade))
    surface.blit(line, rect)
    line.set_alpha(255)
