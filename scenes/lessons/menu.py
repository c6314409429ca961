"""Learn to play: choose the game to be taught (one lesson each), or go back."""

from __future__ import annotations

import pygame

from ..i18n import tr
from ..scene import UIScene
from ..text_wrap import draw_wrapped
from ..widgets import CREAM
from .table import lessons, open_lesson


class LessonsScene(UIScene):
    """A panel with one button per lesson, a line on what it teaches, and Back."""

    def build(self, rect: pygame.Rect) -> None:
        """Title, the lessons, Back."""
        s = self.app.ui_scale
        w, h = rect.size
        self.label(pygame.Rect(0, round(h * 0.06), w, round(58 * s)), tr("lesson.title"),
                   "@heading")
        panel_w = min(round(w * 0.8), round(720 * s))
        row_h, gap, pad = round(52 * s), round(14 * s), round(24 * s)
        games = list(lessons())
        panel_h = 2 * pad + len(games) * (2 * row_h + gap)
        panel = self.panel(pygame.Rect((w - panel_w) // 2, round(h * 0.2), panel_w, panel_h))
        inner = panel.inflate(-2 * pad, -2 * pad)
        self.lesson_buttons = {}
        self.about: list[tuple[pygame.Rect, str]] = []
        y = inner.y
        for game in games:
            self.lesson_buttons[game] = self.button(
                pygame.Rect(inner.x, y, inner.width, row_h), tr(f"lesson.start_{game}"),
                lambda g=game: open_lesson(self.app, g), object_id="@menu_button")
            # what the lesson teaches, wrapped on up to two lines (a label would cut it)
            self.about.append((pygame.Rect(inner.x, y + row_h + round(6 * s), inner.width,
                                           row_h - round(6 * s)), tr(f"lesson.about_{game}")))
            y += 2 * row_h + gap
        bw, bh = round(190 * s), round(48 * s)
        self.back_button = self.button(pygame.Rect((w - bw) // 2, h - round(80 * s), bw, bh),
                                       tr("lesson.back"), self.back, object_id="@primary_button")

    def draw_decor(self, surface: pygame.Surface) -> None:
        """The line under each lesson's button: what it teaches."""
        super().draw_decor(surface)
        size = max(12, round(16 * self.app.ui_scale))
        for rect, text in self.about:
            draw_wrapped(surface, text, rect, "text", size, CREAM, centred=True,
                         line_spacing=1.05)
