"""The rules of both games, in a scrollable box with a tab per game.

The text is the project's rules pages, ``docs/rules/<game>.<lang>.md`` (English:
``docs/rules/<game>.md``), so each language keeps one rules text that also reads well on the
web; ``scenes/rules_markdown.py`` turns a page into pygame-gui's HTML. A page is read when its
tab first opens and its HTML is cached, so switching tabs stays instant.
"""

from __future__ import annotations

import functools
import os
import warnings

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from .i18n import language, tr
from .rules_markdown import PageStyle, markdown_html
from .scene import UIScene
from .table_config import GAMES
from .widgets import ornament

RULES_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs",
                         "rules")
STYLE = PageStyle()


def rules_page_path(game: str, lang: str) -> str | None:
    """The rules page of ``game`` in ``lang``, else the English one; None if neither exists."""
    for name in (f"{game}.{lang}.md", f"{game}.md"):
        path = os.path.join(RULES_DIR, name)
        if os.path.isfile(path):
            return path
    return None


@functools.lru_cache(maxsize=16)
def rules_html(game: str, lang: str, scale: float) -> str:
    """The rules page of ``game`` as pygame-gui HTML for ``scale`` (read once, then cached)."""
    path = rules_page_path(game, lang)
    text = None
    if path is not None:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError:
            text = None
    if text is None:  # a broken install: say so on the page rather than crash the menu
        text = tr("rules.missing", name=f"docs/rules/{game}.md")
    return markdown_html(text, STYLE.scaled(scale))


class RulesScene(UIScene):
    """How to play Azi and Durak; the wheel, arrow keys and Page Up/Down scroll."""

    def __init__(self, app, game: str = "azi") -> None:
        super().__init__(app)
        self.game = game if game in GAMES else "azi"
        self.text_box: pygame_gui.elements.UITextBox | None = None

    def set_game(self, game: str) -> None:
        """Show the rules of ``game`` (the text is swapped in place, the rest stays)."""
        if game == self.game:
            return
        self.game = game
        for name, button in self.buttons_by_game.items():
            button.change_object_id(ObjectID(class_id="@tab_selected" if name == game else "@tab"))
        self.text_box.set_text(rules_html(game, language(), self.app.ui_scale))

    def build(self, rect: pygame.Rect) -> None:
        """Title, a tab per game, the text, and Back."""
        s = self.app.ui_scale
        w, h = rect.size
        title = pygame.Rect(0, round(h * 0.03), w, round(58 * s))
        self.title_rect = title
        self.label(title, tr("rules.title"), "@heading")
        tab_w, tab_h = round(170 * s), round(42 * s)
        tab_y = title.bottom + round(14 * s)
        self.buttons_by_game = {}
        for i, game in enumerate(GAMES):
            x = w // 2 - tab_w - round(6 * s) + i * (tab_w + round(12 * s))
            self.buttons_by_game[game] = self.button(
                pygame.Rect(x, tab_y, tab_w, tab_h),
                tr(f"game.{game}"),
                lambda g=game: self.set_game(g),
                object_id="@tab_selected" if game == self.game else "@tab",
            )
        # About 80 characters a line at most: long lines are hard to follow back.
        box_w = min(round(w * 0.86), round(800 * s))
        top = tab_y + tab_h + round(18 * s)
        bottom = h - round(80 * s)
        box = pygame.Rect((w - box_w) // 2, top, box_w, bottom - top)
        style = STYLE.scaled(s)
        with warnings.catch_warnings():  # some of these may be loaded already: harmless
            warnings.simplefilter("ignore")
            self.ui.preload_fonts(
                [{"name": "playfair", "point_size": px, "style": "regular"}
                 for px in (style.title, style.section, style.subsection)]
                + [{"name": "noto_sans", "point_size": px, "style": look}
                   for px in (style.body,)
                   for look in ("regular", "bold", "italic", "bold_italic")]
            )
        self.text_box = pygame_gui.elements.UITextBox(
            rules_html(self.game, language(), s), box, self.ui
        )
        bw, bh = round(170 * s), round(48 * s)
        self.button(
            pygame.Rect((w - bw) // 2, h - round(64 * s), bw, bh),
            tr("rules.back"),
            self.back,
            object_id="@quiet_button",
        )

    def draw_decor(self, surface: pygame.Surface) -> None:
        """An ornament under the title."""
        s = self.app.ui_scale
        ornament(
            surface,
            (surface.get_width() // 2, self.title_rect.bottom + round(4 * s)),
            round(260 * s),
            s,
        )

    @property
    def scroll_fraction(self) -> float:
        """How far down the text is scrolled: 0 at the top (1 at the very end)."""
        bar = self.text_box.scroll_bar if self.text_box else None
        if bar is None:
            return 0.0
        span = max(1e-9, 1.0 - bar.visible_percentage)
        return min(1.0, max(0.0, bar.start_percentage / span))

    def scroll_by(self, lines: float) -> None:
        """Scroll by ``lines`` (negative: up)."""
        bar = self.text_box.scroll_bar if self.text_box else None
        if bar is None:
            return
        step = 0.045 * bar.visible_percentage
        target = min(max(0.0, bar.start_percentage + lines * step), 1.0 - bar.visible_percentage)
        bar.set_scroll_from_start_percentage(target)

    def on_key(self, event: pygame.event.Event) -> None:
        """Arrows and Page Up/Down scroll; Esc goes back."""
        amounts = {pygame.K_DOWN: 2, pygame.K_UP: -2, pygame.K_PAGEDOWN: 18, pygame.K_PAGEUP: -18,
                   pygame.K_SPACE: 18, pygame.K_HOME: -10_000, pygame.K_END: 10_000}
        if event.key in amounts:
            self.scroll_by(amounts[event.key])
        else:
            super().on_key(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        """The wheel scrolls wherever the mouse is (not only over the text)."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3)
            return
        super().handle_event(event)
