"""What the player sees when a screen fails unexpectedly, instead of a window that vanishes.

    app.fail(error)      # scenes/app.py: logs the traceback, closes the broken screens,
                         # and shows ErrorScene(app, details)

One line says what happened, another where the log is; "Copy details" puts the whole report
(version, system, traceback) on the clipboard for a message to the developers, and "Main menu"
starts again from the menu, where "Continue" takes up the game in progress: the table is saved
after every move, and failing never removes that save.
"""

from __future__ import annotations

import platform
import sys
import traceback

import pygame

from storage import paths

from .about import VERSION
from .i18n import tr
from .logs import log_file
from .scene import UIScene
from .text_wrap import draw_wrapped
from .widgets import CREAM, GOLD, MUTED, draw_panel, text_surface

SUMMARY_CHARS = 140  # "what happened" stays one line


def summary(error: BaseException) -> str:
    """The error in one short line: its type and the first line of its message."""
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    line = f"{type(error).__name__}: {message}" if message else type(error).__name__
    return line if len(line) <= SUMMARY_CHARS else line[: SUMMARY_CHARS - 1] + "…"


def details(error: BaseException, where: str) -> str:
    """The report the Copy button gives: program, system, the screen, and the traceback."""
    head = (f"Kozyr {VERSION} · Python {platform.python_version()} · "
            f"pygame-ce {pygame.version.ver} · "
            f"{platform.platform()} · frozen={getattr(sys, 'frozen', False)}\n"
            f"screen: {where}\n")
    return head + "".join(traceback.format_exception(type(error), error, error.__traceback__))


class ErrorScene(UIScene):
    """The error, where the log is, whether the game is saved; Copy details and Main menu."""

    def __init__(self, app, error: BaseException, where: str) -> None:
        super().__init__(app)
        self.what = summary(error)
        self.report = details(error, where)
        self.saved = paths.resume_path().exists()
        self.copied: str | None = None  # the line said after a copy (or why it failed)

    def _panel(self) -> pygame.Rect:
        s = self.app.ui_scale
        w, h = self.app.size
        width, height = min(w - round(40 * s), round(760 * s)), min(h - round(40 * s),
                                                                      round(460 * s))
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (w // 2, h // 2)
        return rect

    def build(self, rect: pygame.Rect) -> None:
        """The two buttons at the bottom of the panel."""
        s = self.app.ui_scale
        panel = self._panel()
        gap, bh = round(16 * s), round(48 * s)
        bw = (panel.width - 2 * round(32 * s) - gap) // 2
        y = panel.bottom - round(28 * s) - bh
        x = panel.x + round(32 * s)
        self.buttons = {
            "error.copy": self.button(pygame.Rect(x, y, bw, bh), tr("error.copy"),
                                      self.copy_details, object_id="@menu_button_compact"),
            "error.menu": self.button(pygame.Rect(x + bw + gap, y, bw, bh), tr("error.menu"),
                                      self.to_menu, object_id="@primary_button_compact"),
        }

    def lines(self) -> list[str]:
        """The paragraphs the panel says, in order."""
        where = log_file()
        out = [tr("error.what", what=self.what),
               tr("error.log", path=paths.shown(where)) if where else tr("error.no_log")]
        if self.saved:
            out.append(tr("error.saved"))
        if self.copied:
            out.append(self.copied)
        return out

    def draw_decor(self, surface: pygame.Surface) -> None:
        """The panel: the title, then each paragraph wrapped."""
        s = self.app.ui_scale
        panel = self._panel()
        draw_panel(surface, panel, s, 245)
        pad = round(32 * s)
        title = text_surface(tr("error.title"), "display", round(34 * s), GOLD)
        surface.blit(title, (panel.x + pad, panel.y + round(24 * s)))
        y = panel.y + round(24 * s) + title.get_height() + round(18 * s)
        bottom = panel.bottom - round(96 * s)
        size = max(12, round(18 * s))
        for i, line in enumerate(self.lines()):
            box = pygame.Rect(panel.x + pad, y, panel.width - 2 * pad, max(0, bottom - y))
            y += draw_wrapped(surface, line, box, "text", size, CREAM if i == 0 else MUTED)
            y += round(12 * s)

    def copy_details(self) -> None:
        """Put the whole report on the clipboard (pygame-ce's clipboard), or say why not."""
        try:
            pygame.scrap.put_text(self.report)
            self.copied = tr("error.copied")
        except (pygame.error, AttributeError, NotImplementedError):
            self.copied = tr("error.copy_failed")

    def to_menu(self) -> None:
        """Start again from the main menu (it offers Continue when the game is saved)."""
        from .main_menu import MainMenu

        self.app.reset(MainMenu(self.app))

    def on_key(self, event: pygame.event.Event) -> None:
        """Esc goes to the main menu too."""
        if event.key == pygame.K_ESCAPE:
            self.to_menu()
