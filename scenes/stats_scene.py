"""The Statistics tab: one player's numbers in one game, and two charts (scenes/charts.py).

The player list is every name that sat at a table, the most frequent first; it opens on the
person who played the latest game. Charts are drawn once per player, game and window size.
"""

from __future__ import annotations

import threading

import pygame
import pygame_gui

from storage.history.stats import LEVELS, PlayerStats, player_stats

from .game_screens import screens_for
from .i18n import number, percent, tr
from .memory_scene import MemoryScene
from .table_config import GAMES
from .text_wrap import fit_text
from .widgets import CREAM, GOLD, MUTED, text_surface


class StatsScene(MemoryScene):
    """Numbers on the left, charts on the right; pick the player and the game."""

    tab = "stats"

    def __init__(self, app, history=None) -> None:
        super().__init__(app, history)
        self.stats: PlayerStats | None = None
        self._charts: dict[tuple, pygame.Surface] = {}
        self._chart_job: tuple[tuple, threading.Thread, list[pygame.Surface]] | None = None
        self._choose_player()

    def _choose_player(self) -> None:
        """The names at the table, and the viewer of the latest game as the one shown."""
        self.names = self.query(self.history.player_names, [])
        latest = self.query(lambda: self.history.page(per_page=1), [])
        viewer = None
        if latest and latest[0].viewer_seat is not None:
            viewer = latest[0].seats[latest[0].viewer_seat].name
        self.player = viewer or (self.names[0] if self.names else "")
        self.game = latest[0].game if latest else "durak"

    def history_ready(self) -> None:
        """The history opened after being busy: choose the player again, then redraw."""
        self._choose_player()
        self._charts = {}
        super().history_ready()

    def build(self, rect: pygame.Rect) -> None:
        """Header, the player and game pickers, the numbers panel, the chart panel, buttons."""
        s = self.app.ui_scale
        w, h = rect.size
        y = self.build_header(rect)
        margin = round(max(20, (w - round(1180 * s)) / 2))
        bottom = h - round(66 * s)
        left_w = round((w - 2 * margin) * 0.34)
        self.numbers_rect = self.panel(pygame.Rect(margin, y, left_w, bottom - y))
        gap = round(14 * s)
        self.chart_rect = self.panel(pygame.Rect(margin + left_w + gap, y,
                                                 w - 2 * margin - left_w - gap, bottom - y))
        pad = round(16 * s)
        inner = self.numbers_rect.inflate(-2 * pad, -2 * pad)
        row_h = round(34 * s)
        self.picker = None
        if self.names:
            self.picker = pygame_gui.elements.UIDropDownMenu(
                self.names, self.player if self.player in self.names else self.names[0],
                pygame.Rect(inner.x, inner.y, inner.width, row_h), self.ui)
        self.game_choice = self.segmented(
            pygame.Rect(inner.x, inner.y + row_h + round(10 * s), inner.width, row_h),
            [(g, tr(f"game.{g}")) for g in GAMES], self.game, self.set_game)
        self.lines_top = inner.y + 2 * row_h + round(26 * s)
        bw, bh = round(112 * s), round(42 * s)
        by = h - round(56 * s)
        self.build_footer(w, margin, bw, bh, by)
        self.refresh()

    # --- choosing ---------------------------------------------------------------------------------
    def set_game(self, game: str) -> None:
        """Show ``game``'s statistics."""
        self.game = game
        self.refresh()

    def set_player(self, name: str) -> None:
        """Show ``name``'s statistics."""
        self.player = name
        self.refresh()

    def refresh(self) -> None:
        """Compute the numbers (the charts are drawn when first shown)."""
        self.stats = self.query(lambda: player_stats(self.history, self.player, self.game),
                                None) if self.player else None

    def handle_event(self, event: pygame.event.Event) -> None:
        """The player list reports its choice through its own event."""
        super().handle_event(event)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.picker:
            self.set_player(event.text)

    # --- what is shown ----------------------------------------------------------------------------
    def number_lines(self) -> list[tuple[str, str]]:
        """(label, value) for the numbers panel."""
        st = self.stats
        none = tr("stats.none")
        if st is None:
            return []
        rate = percent(st.total.wins / st.games) if st.games else none
        lines = [(tr("stats.games"), number(st.games)), (tr("stats.wins"), number(st.total.wins)),
                 (tr("stats.losses"), number(st.total.losses)),
                 (tr("stats.draws"), number(st.total.draws)), (tr("stats.win_rate"), rate)]
        own = screens_for(self.game).stats_line
        if own is not None:
            lines.append(own(st, none))
        place = number(st.average_place, 2) if st.average_place is not None else none
        lines += [(tr("stats.average_place"), place),
                  (tr("stats.longest_wins"), number(st.longest_wins)),
                  (tr("stats.longest_losses"), number(st.longest_losses))]
        return lines

    def level_lines(self) -> list[str]:
        """A sentence per computer level met: won, drawn, lost against it."""
        if self.stats is None:
            return []
        by = self.stats.by_level
        return [tr("stats.against", level=tr(f"level.{lv}"), wins=by[lv].wins,
                   draws=by[lv].draws, losses=by[lv].losses) for lv in LEVELS if lv in by]

    def chart_images(self, wait: bool = False) -> list[pygame.Surface]:
        """The charts for the chart panel: chips and levels for Azi, levels for Durak.

        Drawing a chart (matplotlib) takes a few hundred milliseconds on a slow machine, so it
        is drawn in a thread and shown from the first frame after it is ready (``wait``: now).
        """
        if self.stats is None:
            return []
        s = self.app.ui_scale
        inner = self.chart_rect.inflate(-round(24 * s), -round(24 * s))
        key = (self.player, self.game, inner.size)
        if key not in self._charts:
            job = self._chart_job
            if job is None or job[0] != key:
                stats, game = self.stats, self.game
                holder: list[pygame.Surface] = []
                worker = threading.Thread(
                    target=lambda: holder.append(_chart_image(stats, game, inner.size, s)),
                    name="kozyr-chart")  # not a daemon: never cut off mid-draw at exit
                job = self._chart_job = (key, worker, holder)
                worker.start()
            if wait:
                job[1].join()
            if not job[2]:
                return []
            self._charts = {key: job[2][0]}  # one player at a time: keep only the latest
            self._chart_job = None
        return [self._charts[key]]

    def draw_decor(self, surface: pygame.Surface) -> None:
        """The numbers and the charts."""
        super().draw_decor(surface)
        s = self.app.ui_scale
        if not self.names:
            text = text_surface(tr("stats.no_players"), "text", max(12, round(17 * s)), MUTED)
            surface.blit(text, text.get_rect(center=self.chart_rect.center))
            return
        pad = round(16 * s)
        size = max(12, round(17 * s))
        y = self.lines_top
        numbers, levels = self.number_lines(), self.level_lines()
        small = max(11, round(14 * s))
        room = self.numbers_rect.bottom - pad - y - len(levels) * round(small * 1.5)
        step = round(min(34 * s, room / max(1, len(numbers))))
        for label, value in numbers:
            name = text_surface(label, "text", size, CREAM)
            number = text_surface(value, "bold", size, GOLD)
            surface.blit(name, (self.numbers_rect.x + pad, y))
            surface.blit(number, number.get_rect(topright=(self.numbers_rect.right - pad, y)))
            y += step
        y += round(6 * s)
        width = self.numbers_rect.width - 2 * pad
        for line in levels:
            text = text_surface(fit_text(line, "text", small, width), "text", small, MUTED)
            surface.blit(text, (self.numbers_rect.x + pad, y))
            y += round(small * 1.5)
        for image in self.chart_images():
            surface.blit(image, image.get_rect(center=self.chart_rect.center))


def _chart_image(stats: PlayerStats, game: str, size: tuple[int, int],
                 scale: float) -> pygame.Surface:
    """The chart panel's picture (made in a worker thread: no display calls)."""
    return screens_for(game).stats_chart(stats, size, scale)
