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

from sprites.fonts import font

from ..card_text import card_text
from ..i18n import tr
from ..layout import TableLayout
from ..text_wrap import wrap
from ..widgets import CREAM, GOLD, GOLD_DEEP, MUTED, draw_panel, text_surface
from .trump_view import stock_badge_rect, trump_rect

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


def free_rects(area: pygame.Rect, obstacles: Sequence[pygame.Rect],
               min_size: tuple[int, int]) -> list[pygame.Rect]:
    """Rectangles of ``area`` at least ``min_size`` that touch none of ``obstacles``: for every
    band between two obstacle edges, each free stretch of it, as wide as it goes."""
    inside = [r.clip(area) for r in obstacles if r.colliderect(area)]
    ys = sorted({area.top, area.bottom, *(r.top for r in inside), *(r.bottom for r in inside)})
    found = []
    for i, top in enumerate(ys):
        for bottom in ys[i + 1:]:
            if bottom - top < min_size[1]:
                continue
            band = pygame.Rect(area.x, top, area.width, bottom - top)
            x = area.left
            for left, right in sorted((r.left, r.right) for r in inside if r.colliderect(band)):
                if left - x >= min_size[0]:
                    found.append(pygame.Rect(x, top, left - x, band.height))
                x = max(x, right)
            if area.right - x >= min_size[0]:
                found.append(pygame.Rect(x, top, area.right - x, band.height))
    return found


def table_obstacles(layout: TableLayout) -> list[pygame.Rect]:
    """What the log must leave in view on every table: the seats, the stock and discard pile,
    the status line, the viewer's hand and action buttons (the game's table adds where its
    cards and chips lie on the felt)."""
    return [*layout.seat_rects(), layout.talon, trump_rect(layout),
            layout.discard, stock_badge_rect(layout), layout.actions,
            pygame.Rect(layout.seats[0].hand.x, layout.message.y, layout.seats[0].hand.width,
                        layout.seats[0].hand.bottom - layout.message.y)]


def log_rect(layout: TableLayout, avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """The log's panel: the roomiest free place of the window, a little felt from every seat,
    hand, pile, card on the felt, button and everything in ``avoid``; at most 300 wide (scaled),
    against the window's edge where it reaches one. A table with no such place (none at the
    sizes and seat counts the tests try) gets the felt between the seats."""
    s = layout.scale
    w, h = layout.size
    margin = round(10 * s)
    width = min(round(300 * s), w // 3)
    top = round(76 * s)  # under the Menu button, the deal's fingerprint and the game's number
    area = pygame.Rect(margin, top, w - 2 * margin, h - top - margin)
    air = [r.inflate(2 * margin, 2 * margin) for r in [*table_obstacles(layout), *avoid]]
    # the title and four rows of some 24 characters, else fewer rows or narrower ones
    for least in ((200, 150), (170, 110), (110, 170)):
        spots = free_rects(area, air, (round(least[0] * s), round(least[1] * s)))
        if spots:
            break
    if spots:
        best = max(spots, key=lambda r: (min(r.width, width) * min(r.height, round(420 * s))))
        best.height = min(best.height, round(420 * s))
        if best.width > width:
            # hug the window's edge it is nearer to
            right = best.right if w - best.right < best.left else best.left + width
            best = pygame.Rect(right - width, best.y, width, best.height)
        return best
    between = layout.centre.union(layout.talon).union(layout.trump).union(layout.discard)
    between.bottom = layout.message.top - margin
    return free_span(between, layout.seat_rects())


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
                # as narrow as a continued row, whose lead would push its end out of the panel
                room = body.width - font("text", size).size(indent + "   ")[0]
                for i, part in enumerate(wrap(line.strip(), "text", size, max(20, room))):
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
