"""The move log panel: every line the table logged, wrapped to the panel, scrolled by keys and
the wheel, placed where it covers no seat.

    log = MoveLog()
    log.add("Anna attacks with 7♠")
    log.place(layout)                 # after every layout change
    log.scroll_key(pygame.K_PAGEUP)   # ↑ ↓ PgUp PgDn Home End while it is open
    log.draw(surface, cards)

The view follows the newest line until the player scrolls back; then new lines do not move
what he is reading.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..card_text import card_text
from ..i18n import tr
from ..layout import TableLayout
from ..text_wrap import wrap
from ..widgets import CREAM, GOLD, GOLD_DEEP, MUTED, draw_panel, text_surface

KEEP_LINES = 200
SEPARATOR = "\u2014"  # between games
WHEEL_ROWS = 3


def free_span(column: pygame.Rect, obstacles: list[pygame.Rect]) -> pygame.Rect:
    """The tallest part of ``column`` (full width) that touches none of ``obstacles``."""
    cuts = sorted((r.top, r.bottom) for r in obstacles if r.colliderect(column))
    best = pygame.Rect(column.x, column.y, column.width, 0)
    top = column.top
    for cut_top, cut_bottom in cuts + [(column.bottom, column.bottom)]:
        if cut_top - top > best.height:
            best = pygame.Rect(column.x, top, column.width, cut_top - top)
        top = max(top, cut_bottom)
    return best


def log_rect(layout: TableLayout, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """The log's panel: a column at the right (or left) edge where it misses every seat and
    everything in ``avoid``, else the space between the seats (over the cards on the felt,
    never over a player)."""
    s = layout.scale
    w, _ = layout.size
    margin = round(10 * s)
    top = round(54 * s)  # under the Menu button and the deal's fingerprint
    bottom = layout.message.top - margin
    width = min(round(300 * s), w // 3)
    seats = layout.seat_rects()
    wanted = round(220 * s)
    best: pygame.Rect | None = None
    for x in (w - width - margin, margin):
        span = free_span(pygame.Rect(x, top, width, bottom - top), seats + list(avoid))
        if best is None or span.height > best.height:
            best = span
    if best is not None and best.height >= wanted:
        return best
    # crowded sides (4-6 seats): the felt between the side seats, below the top seats
    between = layout.centre.union(layout.talon).union(layout.trump).union(layout.discard)
    between.bottom = bottom
    clear = free_span(between, seats + list(avoid))
    return clear if clear.height >= round(150 * s) else free_span(between, seats)


class MoveLog:
    """The lines of the move log, whether it is open, and how far it is scrolled back."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.shown = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.back = 0  # rows scrolled back from the newest (0: follow the newest line)
        self._rows: list[tuple[str, bool]] = []
        self._rows_key: tuple | None = None
        self._page = 1

    def add(self, *lines: str) -> None:
        """Log ``lines`` (the log keeps the last 200); a reader scrolled back stays in place."""
        before = len(self.rows()) if self.back else 0
        self.lines.extend(lines)
        del self.lines[:-KEEP_LINES]
        if self.back:
            self.back = max(0, self.back + len(self.rows()) - before)

    def place(self, layout: TableLayout, avoid: Sequence[pygame.Rect] = ()) -> None:
        """Fit the panel to ``layout`` (after a resize or a new table), clear of ``avoid``."""
        self.rect = log_rect(layout, avoid)
        self.scale = layout.scale

    def toggle(self) -> None:
        """Open or close the log; it opens at the newest line."""
        self.shown = not self.shown
        self.back = 0

    # --- geometry -----------------------------------------------------------------------------
    def _metrics(self) -> tuple[int, int, int, pygame.Rect]:
        """Font size, row step, padding and the rectangle the rows are drawn in."""
        s = self.scale
        size = max(10, round(15 * s))
        step = round(size * 1.4)
        pad = round(14 * s)
        title_h = round(17 * s * 1.4) + round(16 * s)
        body = pygame.Rect(self.rect.x + pad, self.rect.y + title_h, self.rect.width - 2 * pad,
                           self.rect.height - title_h - round(10 * s))
        return size, step, pad, body

    def rows(self) -> list[tuple[str, bool]]:
        """The lines wrapped to the panel's width: (text, muted) per row on screen."""
        size, _, _, body = self._metrics()
        key = (len(self.lines), self.lines[-1] if self.lines else "", body.width, size)
        if key != self._rows_key:
            rows: list[tuple[str, bool]] = []
            for line in self.lines:
                indent = line[:len(line) - len(line.lstrip())]
                for i, part in enumerate(wrap(line.strip(), "text", size, max(20, body.width))):
                    # a continued row is indented a little, so a wrapped line reads as one
                    lead = indent + ("   " if i else "")
                    rows.append((lead + part, line == SEPARATOR))
            self._rows, self._rows_key = rows, key
        return self._rows

    def visible_rows(self) -> int:
        """How many rows the panel shows at once."""
        _, step, _, body = self._metrics()
        return max(1, body.height // step)

    def max_back(self) -> int:
        """The farthest the log scrolls back (its first row at the top)."""
        return max(0, len(self.rows()) - self.visible_rows())

    # --- scrolling ----------------------------------------------------------------------------
    def scroll(self, rows: int) -> None:
        """Scroll back (``rows`` > 0, older lines) or forward (< 0, newer lines)."""
        self.back = max(0, min(self.max_back(), self.back + rows))

    def scroll_key(self, key: int) -> bool:
        """↑ ↓ PgUp PgDn Home End scroll the open log; True when the key was one of them."""
        page = max(1, self.visible_rows() - 1)
        moves = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: page,
                 pygame.K_PAGEDOWN: -page}
        if not self.shown:
            return False
        if key in moves:
            self.scroll(moves[key])
        elif key == pygame.K_HOME:
            self.back = self.max_back()
        elif key == pygame.K_END:
            self.back = 0
        else:
            return False
        return True

    def scroll_wheel(self, event: pygame.event.Event) -> bool:
        """The mouse wheel scrolls the open log; True when it did."""
        if not self.shown or event.type != pygame.MOUSEWHEEL:
            return False
        self.scroll(round(event.y) * WHEEL_ROWS)
        return True

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, cards) -> None:
        """The panel, its title, the rows in view and a thin scroll bar when there are more."""
        if not self.shown or self.rect.height <= 0:
            return
        s = self.scale
        size, step, pad, body = self._metrics()
        draw_panel(surface, self.rect, s, 252)
        title = text_surface(tr("table.log_title"), "bold", round(17 * s), GOLD)
        surface.blit(title, (self.rect.x + pad, self.rect.y + round(10 * s)))
        rows = self.rows()
        count = self.visible_rows()
        self.back = min(self.back, self.max_back())
        end = len(rows) - self.back
        shown = rows[max(0, end - count):end]
        y = body.bottom - step * len(shown)
        for text, muted in shown:
            image = card_text(text, "text", size, MUTED if muted else CREAM, cards)
            surface.blit(image, (body.x, y), area=pygame.Rect(0, 0, body.width, step))
            y += step
        if len(rows) > count:
            self._draw_bar(surface, body, len(rows), count, end)

    def _draw_bar(self, surface: pygame.Surface, body: pygame.Rect, total: int, count: int,
                  end: int) -> None:
        """Where the rows in view are in the whole log, at the panel's right edge."""
        x = self.rect.right - round(7 * self.scale)
        height = max(8, round(body.height * count / total))
        y = body.y + round((body.height - height) * (end - count) / max(1, total - count))
        pygame.draw.line(surface, (*GOLD_DEEP,), (x, body.y), (x, body.bottom), 1)
        pygame.draw.rect(surface, GOLD, (x - 1, y, 3, height), border_radius=1)
