"""The table's widgets: Menu and Hint top left, Log and Last round over the bottom plate, the
action buttons (or the Watch panel) bottom right.

A part the table owns (:class:`TableButtons`). Its own state is the widgets made by the last
``build``: the corner buttons by their words' key, the action buttons by their action and the
Watch panel's buttons by name. It reads the layout from the shared view; the table makes the
widgets (pygame-gui, ``make`` and ``width_of``: its ``button`` and ``button_width``) and says
what each one does. Everything is made afresh on every rebuild, from the table's state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from ..i18n import tr
from .corner import corner_rects, corner_room, row_widths
from .input import ActionButton, TableCommands
from .watch import Row

LOG_KEY, PEEK_KEY, MENU_KEY = "table.log_button", "table.peek_button", "table.menu_button"


class TableButtons:
    """The widgets of one table."""

    def __init__(self, shared: Any, *, make: Callable[..., Any], width_of: Callable[..., int],
                 on_press: dict[Any, Callable[[], None]], peek_words: str) -> None:
        self.shared = shared
        self._make, self._width_of = make, width_of  # the scene's themed widget makers
        self._on_press = on_press  # the scene's clicks by widget: a probe is taken out again
        self.peek_words = peek_words  # the Last round button's words (Azi: the last trick)
        self.corner: dict[str, Any] = {}  # Menu, Log, Last round, Hint (by their key)
        self.actions: dict[int, Any] = {}  # the action buttons, by action
        self.watch: dict[str, Any] = {}  # the Watch (or replay) panel's buttons, by name

    def _sizes(self) -> tuple[float, int, int, int]:
        s = self.shared.layout.scale
        return s, max(6, round(10 * s)), round(34 * s), round(6 * s)

    def build_corner(self, commands: TableCommands) -> None:
        """Menu (and Hint, when offered) top left; Log and Last round over the bottom plate,
        each its share of the plate's width or as wide as its words in the theme's font."""
        layout = self.shared.layout
        s, margin, bh, gap = self._sizes()
        plate = layout.seats[0].plate
        self.corner = {MENU_KEY: self._make(
            pygame.Rect(margin, margin, round(92 * s), bh), tr(MENU_KEY), commands.pause,
            object_id="@quiet_button", tooltip=tr("table.menu_button_tip"))}
        room = corner_room(layout, gap).width
        log_share = round(plate.width * 0.36)
        log_w, peek_w = row_widths(
            [self._width_of([tr(key)], "@quiet_button") for key in (LOG_KEY, self.peek_words)],
            [log_share, plate.width - log_share - gap], room, gap)
        wanted = [(LOG_KEY, log_w), (PEEK_KEY, peek_w)]
        actions = {LOG_KEY: commands.toggle_log, PEEK_KEY: commands.toggle_peek}
        hint_rect = None
        if commands.hints_offered():  # beside the Menu (the felt over the plate keeps its piles)
            for hint_key in ("table.hint_button", "table.hint_button_short"):
                hint_w = self._width_of([tr(hint_key)], "@quiet_button", round(92 * s))
                if hint_w <= round(130 * s):
                    break
            hint_rect = pygame.Rect(margin + round(92 * s) + gap, margin, hint_w, bh)
            actions[hint_key] = commands.hint
            if hint_rect.inflate(2 * gap, 2 * gap).collidelist(layout.seat_rects()) >= 0:
                wanted.append((hint_key, hint_w))  # a seat up there: over the plate instead
                hint_rect = None
        places = corner_rects(layout, wanted, bh, gap)
        if hint_rect is not None:
            places[hint_key] = hint_rect
        for key, r in places.items():
            tip = key.removesuffix("_short") + "_tip"
            words_key = self.peek_words if key == PEEK_KEY else key
            self.corner[key] = self._make(r, tr(words_key), actions[key],
                                          object_id="@quiet_button", tooltip=tr(tip))

    def corner_rects(self) -> list[pygame.Rect]:
        """Where the corner buttons are (the move log opens clear of them)."""
        return [b.rect for b in self.corner.values()]

    def action_area(self) -> pygame.Rect:
        """The bottom-right area of the action buttons or the Watch panel."""
        return self.shared.layout.actions.inflate(-2 * self._sizes()[1], 0)

    def build_actions(self, offered: Sequence[ActionButton],
                      play: Callable[[int], Any]) -> None:
        """The action buttons offered, stacked up from the bottom right."""
        self.watch, self.actions = {}, {}
        s, margin, _, _ = self._sizes()
        area = self.action_area()
        h = round(50 * s)
        y = area.bottom - margin - h
        for button in reversed(offered):
            widget = self._make(pygame.Rect(area.x, y, area.width, h), button.text,
                                lambda a=button.action: play(a), object_id=button.style)
            self.actions[button.action] = widget
            y -= h + round(10 * s)

    def place_watch_rows(self, rows: list[Row], x0: int, y: int, bh: int, gap: int) -> None:
        """Lay out rows of (key, text, action, width, style) buttons from (x0, y) down.

        A row whose words do not fit side by side (long words, a small window) is stacked, one
        button a line, and the panel grows upwards: a label is never cut."""
        self.watch, self.actions = {}, {}
        bottom = y + len(rows) * (bh + gap)
        placed: list[Row] = []
        for row in rows:
            full = sum(width for *_, width, _ in row) + gap * (len(row) - 1)
            if len(row) > 1 and not all(self._words_fit(text, style, width, bh)
                                        for _, text, _, width, style in row):
                placed += [[(key, text, action, full, style)] for key, text, action, _, style
                           in row]
            else:
                placed.append(row)
        y = bottom - len(placed) * (bh + gap)
        for row in placed:
            x = x0
            for key, text, action, width, style in row:
                self.watch[key] = self._make(pygame.Rect(x, y, width, bh), text, action,
                                             object_id=style)
                x += width + gap
            y += bh + gap

    def _words_fit(self, text: str, style: str, width: int, height: int) -> bool:
        """Would ``text`` fit a ``style`` button ``width`` wide, a pixel of air inside its frame?"""
        probe = self._make(pygame.Rect(-width - 10, -height - 10, width, height), text,
                           lambda: None, object_id=style)
        room = width - 2 * max(probe.border_width.values()) - 2 * probe.shadow_width - 2
        fits = probe.font.size(text)[0] <= room
        self._on_press.pop(probe, None)
        probe.kill()
        return fits
