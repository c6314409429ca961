"""What the History and Statistics screens share: the open history, the tabs, the notices.

The two screens are tabs of one place: switching tab replaces one scene with the other and
hands the open database along; leaving closes it. Opening the history the first time imports
the saved records and says so; a damaged history file is reported here, in words.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import pygame

from storage import paths
from storage.history import History, HistoryBusy, HistoryUnavailable, ImportReport, open_history
from storage.history.db import SCREEN_BUSY_SECONDS, GameRow
from storage.history.export import export_all, export_game

from .i18n import tr
from .scene import UIScene
from .toast import Toast
from .widgets import ornament, text_surface

TABS = ("games", "stats")
RETRY_SECONDS = 0.5  # between tries to open a busy history, in the background

log = logging.getLogger(__name__)


class HistoryOpener:
    """Tries to open the history in a background thread until it works (or is stopped)."""

    def __init__(self) -> None:
        self.opened: History | None = None
        self.report: ImportReport | None = None
        self._stop = threading.Event()  # set by stop(): wakes the waiting thread at once
        self._thread = threading.Thread(target=self._run, name="kozyr-history-open",
                                        daemon=True)
        self._thread.start()

    @property
    def stopped(self) -> bool:
        """Has the screen given up waiting (left History)?"""
        return self._stop.is_set()

    def stop(self) -> None:
        """Stop trying; a history opened meanwhile is closed by the thread."""
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.wait(RETRY_SECONDS):
            try:
                history, report = open_history()
            except HistoryUnavailable:
                continue
            if self._stop.is_set():
                history.close()
                return
            self.report, self.opened = report, history.for_screen()
            return


class MemoryScene(UIScene):
    """A screen of the history: title, the Games / Statistics tabs, a toast, export helpers."""

    tab = "games"
    # Each tab's screen, by its tab name, filled as the screens are defined (history_scene.py
    # imports stats_scene.py), so this base class need not import the screens built on it.
    tabs: dict[str, type[MemoryScene]] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        MemoryScene.tabs[cls.tab] = cls

    def __init__(self, app, history: History | None = None) -> None:
        super().__init__(app)
        self.toast = Toast()
        report: ImportReport | None = None
        self.waiting_text = ""  # "History is busy…" while the history cannot be opened
        self._opener: HistoryOpener | None = None
        if history is None:
            try:  # a lock held by another program costs a frame here, never a freeze
                history, report = open_history(timeout=SCREEN_BUSY_SECONDS)
                history.for_screen()
            except HistoryUnavailable as error:
                history = self._wait_for_history(error)
        self.history = history
        self._announce(report)

    def _wait_for_history(self, error: HistoryUnavailable) -> History:
        """Show an empty history and say why, while a thread tries again."""
        if isinstance(error, HistoryBusy):
            self.waiting_text = tr("history.busy")
        else:
            self.waiting_text = tr("history.unavailable", reason=str(error))
        log.info("the history cannot be opened yet: %s", error)
        self._opener = HistoryOpener()
        return History.placeholder(paths.history_path())

    def history_ready(self) -> None:
        """The real history has opened: read it again (the screens redo what they show)."""
        self.rebuild()

    def _announce(self, report: ImportReport | None) -> None:
        """Tell the player about a damaged file or an import, once, when the history opens."""
        damage = self.history.damage
        if self.history.read_only:
            self.toast.show(tr("history.newer"), 10.0)
        elif damage is not None:
            if damage.moved_to is None:
                text = tr("history.damaged_memory", reason=damage.reason)
            else:
                text = tr("history.damaged", reason=damage.reason, file=damage.moved_to.name)
            self.toast.show(text, 10.0)
        elif report is not None and (report.added or report.unreadable):
            key = "history.imported_skipped" if report.unreadable else "history.imported"
            self.toast.show(tr(key, count=report.added, skipped=len(report.unreadable)), 6.0)

    # --- the header --------------------------------------------------------------------------
    def build_header(self, rect: pygame.Rect) -> int:
        """Title and tabs; returns the y below them."""
        s = self.app.ui_scale
        w, h = rect.size
        self.title_rect = pygame.Rect(0, round(h * 0.02), w, round(52 * s))
        self.label(self.title_rect, tr("history.title"), "@heading")
        tab_w, tab_h = round(170 * s), round(38 * s)
        tab_y = self.title_rect.bottom + round(10 * s)
        self.tab_buttons = {}
        for i, tab in enumerate(TABS):
            x = w // 2 - tab_w - round(6 * s) + i * (tab_w + round(12 * s))
            button = self.button(pygame.Rect(x, tab_y, tab_w, tab_h), tr(f"history.tab_{tab}"),
                                 lambda t=tab: self.switch_tab(t),
                                 object_id="@tab_selected" if tab == self.tab else "@tab")
            self.tab_buttons[tab] = button
        return tab_y + tab_h + round(12 * s)

    def build_footer(self, w: int, margin: int, bw: int, bh: int, by: int) -> None:
        """Back in the bottom-right corner, Export all to its left (both tabs have them)."""
        s = self.app.ui_scale
        self.back_button = self.button(pygame.Rect(w - margin - bw, by, bw, bh),
                                       tr("history.back"), self.back, object_id="@quiet_button")
        ew = round(150 * s)
        self.export_all_button = self.button(
            pygame.Rect(w - margin - bw - ew - round(10 * s), by, ew, bh),
            tr("history.export_all"), lambda: self.export(), object_id="@quiet_button")

    def switch_tab(self, tab: str) -> None:
        """Show the other tab (the open history goes along)."""
        if tab == self.tab:
            return
        self._hand_over = True
        scene = MemoryScene.tabs[tab](self.app, self.history)
        scene.waiting_text, scene._opener = self.waiting_text, self._opener  # still waiting
        self.app.replace(scene)

    def exit(self) -> None:
        """Close the database unless the other tab took it over."""
        super().exit()
        if not getattr(self, "_hand_over", False):
            self.history.close()
            if self._opener is not None:
                self._opener.stop()

    # --- exports -------------------------------------------------------------------------------
    def export(self, row: GameRow | None = None) -> list[Path]:
        """Export one game (or, without ``row``, the whole history); the toast shows where."""
        try:
            written = (export_game(row, paths.exports_dir()) if row is not None
                       else export_all(self.history, paths.exports_dir()))
        except OSError as error:
            self.toast.show(tr("history.export_failed", reason=error.strerror or str(error)))
            return []
        self.toast.show(tr("history.exported", json=written[0].name, csv=written[1].name,
                           folder=paths.shown(written[0].parent)), 6.0)
        return written

    # --- the frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Widgets and the toast; a history that was busy is taken once it opens."""
        super().update(dt)
        self.toast.update(dt)
        opener = self._opener
        if opener is not None and opener.opened is not None:
            self._opener, self.waiting_text = None, ""
            self.history.close()
            self.history = opener.opened
            self._announce(opener.report)
            self.history_ready()

    def query(self, read, fallback):
        """``read()`` from the history; on a lock or a failure, say so and give ``fallback``."""
        import sqlite3

        try:
            return read()
        except sqlite3.Error as error:
            log.warning("the history could not be read: %s", error)
            self.toast.show(tr("history.busy") if "lock" in str(error) or "busy" in str(error)
                            else tr("history.unavailable", reason=str(error)), 6.0)
            return fallback

    def draw(self, surface: pygame.Surface) -> None:
        """The screen, then the toast over it."""
        super().draw(surface)
        s = self.app.ui_scale
        self.toast.draw(surface, surface.get_height() - round(74 * s), s)
        if self.waiting_text:
            note = text_surface(self.waiting_text, "bold", round(20 * s), (240, 200, 120))
            surface.blit(note, note.get_rect(center=(surface.get_width() // 2,
                                                     surface.get_height() // 2)))

    def draw_decor(self, surface: pygame.Surface) -> None:
        """An ornament under the title."""
        s = self.app.ui_scale
        ornament(surface, (surface.get_width() // 2, self.title_rect.bottom + round(2 * s)),
                 round(220 * s), s)
