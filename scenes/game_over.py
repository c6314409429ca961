"""The game-over panel over the dimmed table: who won, the places, a series score, and two buttons.

    app.push(GameOverScene(app, Summary(title, rows, notes, again_text), on_again=…, on_menu=…))

The table adds ``summary.fair``: the fair-deal check and the record's file name
(scenes/fair_view.py), drawn small under the notes, and ``summary.folder``, which an
"Open folder" button shows in the system's file manager.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from storage.records import shown_path

from .dialogs import _Dialog
from .fair_view import CHECK, FAIR_GREEN, FAIR_RED, fitted
from .i18n import tr
from .open_folder import open_folder
from .widgets import CREAM, GOLD, MUTED, gold_title, ornament, text_surface

if TYPE_CHECKING:
    from .table.move_log import MoveLog


@dataclass
class Summary:
    """What the panel says: a title, rows of (left, right, stressed), note lines, the again text,
    and the fair-deal lines (the check first, then where the record is)."""

    title: str
    rows: list[tuple[str, str, bool]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    again: str = ""
    fair: list[str] = field(default_factory=list)
    folder: Path | None = None  # where the record was saved: "Open folder" shows it


FOLDER_ROW = 46  # the "Open folder" button's row, at scale 1


class GameOverScene(_Dialog):
    """The result of the game; "Play again" (or "Next game") and "Menu". Enter plays again.

    With the table's ``log`` (and where its Log button is), L or that button opens the move log
    over the panel, scrolled as at the table.
    """

    panel_size = (560, 460)

    def __init__(self, app, summary: Summary, *, on_again: Callable[[], None] | None,
                 on_menu: Callable[[], None], log: MoveLog | None = None,
                 log_button: pygame.Rect | None = None) -> None:
        super().__init__(app)
        self.summary = summary
        self.on_again, self.on_menu = on_again, on_menu
        self.log, self.log_button = log, log_button

    def dialog_rect(self) -> pygame.Rect:
        """Taller when there are many rows."""
        s = self.app.ui_scale
        w = round(self.panel_size[0] * s)
        fair = self.summary.fair
        h = round((206 + 34 * len(self.summary.rows) + 30 * len(self.summary.notes)
                   + (24 * len(fair) + 8 if fair else 0)
                   + (FOLDER_ROW if self.summary.folder is not None else 0)) * s)
        rect = pygame.Rect(0, 0, min(w, self.app.size[0] - 20), min(h, self.app.size[1] - 20))
        rect.center = self.app.rect.center
        return rect

    def build(self, rect: pygame.Rect) -> None:
        """The two buttons at the bottom of the panel (only Menu when nothing deals again)."""
        s = self.app.ui_scale
        panel = self.dialog_rect()
        bw, bh = round(200 * s), round(48 * s)
        y = panel.bottom - bh - round(24 * s)
        if self.summary.folder is not None:
            fw, fh = round(220 * s), round(34 * s)
            self.folder_button = self.button(
                pygame.Rect(panel.centerx - fw // 2, y - fh - round(10 * s), fw, fh),
                tr("game_over.open_folder"), self.open_folder, object_id="@quiet_button",
                tooltip=shown_path(self.summary.folder))
        if self.on_again is None:  # a LAN table: the host decides whether there is another
            self.menu_button = self.button(pygame.Rect(panel.centerx - bw // 2, y, bw, bh),
                                           tr("table.menu"), self.menu,
                                           object_id="@primary_button")
            return
        self.menu_button = self.button(pygame.Rect(panel.centerx - bw - round(10 * s), y, bw, bh),
                                       tr("table.menu"), self.menu, object_id="@menu_button")
        self.again_button = self.button(pygame.Rect(panel.centerx + round(10 * s), y, bw, bh),
                                        self.summary.again or tr("table.play_again"), self.again,
                                        object_id="@primary_button")
        if self.log is not None and self.log_button is not None:
            self.button(self.log_button, tr("table.log_button"), self.toggle_log,
                        object_id="@quiet_button", tooltip=tr("table.log_button_tip"))

    def open_folder(self) -> None:
        """Show the records folder in the system's file manager (a failure is said)."""
        problem = open_folder(self.summary.folder)
        if problem is not None:
            from .dialogs import MessageScene

            self.app.push(MessageScene(self.app, tr("game_over.open_folder"),
                                       tr("game_over.open_folder_failed", reason=problem)))

    def toggle_log(self) -> None:
        """Open or close the move log over the panel."""
        if self.log is not None:
            self.log.toggle()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The wheel scrolls an open log; everything else as in every dialog."""
        if self.log is not None and self.log.scroll_wheel(event):
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, then the move log over it when open."""
        super().draw(surface)
        if self.log is not None:
            self.log.draw(surface, self.app.cards)

    def draw_decor(self, surface: pygame.Surface) -> None:
        """Title, an ornament, the rows and the notes."""
        s = self.app.ui_scale
        panel = self.dialog_rect()
        title = gold_title(self.summary.title, round(40 * s))
        if title.get_width() > panel.width - 20:
            title = gold_title(self.summary.title, round(30 * s))
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + round(14 * s))))
        y = panel.y + round(14 * s) + title.get_height() + round(6 * s)
        ornament(surface, (panel.centerx, y), round(panel.width * 0.6), s)
        y += round(20 * s)
        left_x, right_x = panel.x + round(56 * s), panel.right - round(56 * s)
        for left, right, stressed in self.summary.rows:
            colour = GOLD if stressed else CREAM
            role = "bold" if stressed else "text"
            a = text_surface(left, role, round(21 * s), colour)
            b = text_surface(right, role, round(21 * s), colour)
            surface.blit(a, (left_x, y))
            surface.blit(b, b.get_rect(topright=(right_x, y)))
            y += round(34 * s)
        y += round(6 * s)
        for note in self.summary.notes:
            line = text_surface(note, "italic", round(18 * s), MUTED)
            surface.blit(line, line.get_rect(midtop=(panel.centerx, y)))
            y += round(30 * s)
        y += round(4 * s)
        width = panel.width - round(48 * s)
        for i, text in enumerate(self.summary.fair):
            # the check stands out a little; the file path is quiet and may be shortened
            if i == 0:
                colour = FAIR_GREEN if CHECK in text else FAIR_RED
                line = fitted(text, "bold", round(17 * s), colour, width)
            else:
                line = fitted(text, "text", round(14 * s), MUTED, width)
            surface.blit(line, line.get_rect(midtop=(panel.centerx, y)))
            y += round(24 * s)

    def again(self) -> None:
        """Close the panel and deal again (or go to the menu when nothing deals again)."""
        if self.on_again is None:
            self.menu()
            return
        self.app.pop()
        self.on_again()

    def menu(self) -> None:
        """Back to the main menu."""
        self.on_menu()

    def back(self) -> None:
        """Esc: to the menu as well (the game is over, nothing is lost)."""
        self.menu()

    def on_key(self, event: pygame.event.Event) -> None:
        """Enter plays again; L opens the log, whose keys scroll it; Esc closes an open log."""
        if self.log is not None:
            if event.key == pygame.K_l or (event.key == pygame.K_ESCAPE and self.log.shown):
                self.log.toggle()
                return
            if self.log.scroll_key(event.key):
                return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.again()
        else:
            super().on_key(event)
