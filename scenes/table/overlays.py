"""The words the table itself draws over its cards: the status line, the last round laid out
again (the peek), and a record of where every word was drawn in the last frame.

A part the table owns (:class:`Overlays`). Its own state: whether the peek is open and what it
shows (``last_round``: a title and the cards, set by the game's table when a trick or battle
ends), and the marks of the frame being drawn. Every part that draws words says where through
``mark_text``; the banner avoids those words, tests read them (``text_rects``). It reads the
layout and the cards' fonts from the shared view; the table tells it the status line's words,
whether it is the person's turn, where the open move log is, and how to toast.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .. import fair_view
from ..card_text import card_text
from ..i18n import tr
from ..storage_notice import draw_storage_notice
from ..widgets import CREAM, GOLD, draw_panel, text_surface


class Overlays:
    """The table's own words over the cards, and where words were drawn."""

    def __init__(self, shared: Any, *, status_text: Callable[[], str],
                 my_turn: Callable[[], bool], open_log: Callable[[], pygame.Rect | None],
                 toast: Callable[[str], None]) -> None:
        self.shared = shared
        self._status_text, self._my_turn = status_text, my_turn
        self._open_log = open_log  # where the move log is while it is open
        self._toast = toast
        self.show_peek = False
        self.last_round: tuple[str, list[int]] | None = None  # (title, cards) for the peek
        self.text_marks: list[tuple[str, pygame.Rect]] = []  # words drawn in the last frame

    # --- where words were drawn ------------------------------------------------------------
    def new_frame(self) -> None:
        """A frame begins: forget where the last one drew its words."""
        self.text_marks = []

    def mark_text(self, name: str, rect: pygame.Rect | None) -> None:
        """Note that the frame being drawn put words (a plate, a tag, a note) on ``rect``."""
        if rect is not None:
            self.text_marks.append((name, pygame.Rect(rect)))

    def text_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Every element with words the table drew itself in its last frame, and where: plates,
        tags, chips' amounts, the status line, banner, toast, bubbles, the coach, the log."""
        return list(self.text_marks)

    def banner_avoids(self) -> list[pygame.Rect]:
        """What the banner must not cover: the words drawn before it in the last frame and the
        open log."""
        avoid = [r for name, r in self.text_marks if name not in ("banner", "toast")]
        log = self._open_log()
        return avoid + ([log] if log is not None else [])

    # --- the peek ---------------------------------------------------------------------------
    def toggle_peek(self) -> None:
        """Show or hide the last trick or battle."""
        if self.last_round is None:
            self._toast(tr("table.peek_none"))
            self.show_peek = False
            return
        self.show_peek = not self.show_peek

    def close_peek(self) -> bool:
        """Close the last round (Esc, a click); False if it was not open."""
        was_open, self.show_peek = self.show_peek, False
        return was_open

    def draw_peek(self, surface: pygame.Surface) -> None:
        """The last round's cards in a row on a panel in the middle, while the peek is open."""
        if not self.show_peek or self.last_round is None:
            return
        title, cards = self.last_round
        layout = self.shared.layout
        s = layout.scale
        width = layout.table_card_width
        step = round(width * 0.62)
        total = width + step * max(0, len(cards) - 1)
        rect = pygame.Rect(0, 0, max(total, round(260 * s)) + round(40 * s),
                           round(width * 1.4) + round(70 * s))
        rect.center = layout.centre.center
        draw_panel(surface, rect, s, 252)
        label = text_surface(title, "bold", round(17 * s), GOLD)
        surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.y + round(10 * s))))
        x = rect.centerx - total / 2 + width / 2
        y = rect.y + round(40 * s) + width * 0.7
        from sprites.card_sprite import CardSprite

        for i, card in enumerate(cards):
            CardSprite(card, (x + i * step, y), width=width).draw(surface, self.shared.app.cards)

    # --- the status line --------------------------------------------------------------------
    def _status_line(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        text = self._status_text()
        if not text:
            return None
        s = self.shared.layout.scale
        line = card_text(text, "bold", round(19 * s), GOLD if self._my_turn() else CREAM,
                         self.shared.app.cards)
        return line, line.get_rect(center=self.shared.layout.message.center)

    def status_rect(self) -> pygame.Rect | None:
        """The status line's pill (None when there is nothing to say)."""
        status = self._status_line()
        if status is None:
            return None
        s = self.shared.layout.scale
        return status[1].inflate(round(28 * s), round(8 * s))

    def draw_status(self, surface: pygame.Surface, fingerprint: str | None) -> None:
        """The line above the bottom hand (what happens or what to do now) on its pill, and the
        deal's ``fingerprint`` small in its corner."""
        status = self._status_line()
        s = self.shared.layout.scale
        if status is not None:
            line, rect = status
            draw_panel(surface, rect.inflate(round(28 * s), round(8 * s)), s * 0.6, 150)
            self.mark_text("status line", rect.inflate(round(28 * s), round(8 * s)))
            surface.blit(line, rect)
        if fingerprint:
            self.mark_text("fingerprint", fair_view.draw_fingerprint(surface, fingerprint, s))

    def draw_storage_notice(self, surface: pygame.Surface) -> None:
        """While games are not being saved: a note under the Menu button."""
        s = self.shared.layout.scale
        draw_storage_notice(surface, s, (round(8 * s), round(44 * s)),
                            round(surface.get_width() * 0.3))
