"""The rules of both games in plain English, in a scrollable box with a tab per game.

The text lives in the catalogue (``rules.azi``, ``rules.durak``) in a tiny markup that
translators can keep: ``# title``, ``## section``, ``- point``, ``**bold**``, ``*italic*``.
"""

from __future__ import annotations

import html
import re
import warnings

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from .i18n import tr
from .scene import UIScene
from .table_config import GAMES
from .widgets import ornament

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"\*(.+?)\*")


def rules_html(text: str, scale: float) -> str:
    """Convert the catalogue's rules markup to pygame-gui's HTML subset, sized for ``scale``."""
    h1, h2 = round(34 * scale), round(24 * scale)
    out = []
    for line in text.split("\n"):
        body = html.escape(line.lstrip("#- ").strip(), quote=False)
        body = _ITALIC.sub(r"<i>\1</i>", _BOLD.sub(r"<b>\1</b>", body))
        if line.startswith("## "):
            out.append(f"<font face='playfair' pixel_size={h2} color='#f0d58a'>{body}</font><br>")
        elif line.startswith("# "):
            out.append(f"<font face='playfair' pixel_size={h1} color='#f0d58a'>{body}</font><br>")
        elif line.startswith("- "):
            out.append(f"<font color='#c9a24a'>\u2022</font>  {body}<br>")
        elif not line.strip():
            out.append("<br>")
        else:
            out.append(f"{body}<br>")
    return "".join(out)


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
        self.text_box.set_text(rules_html(tr(f"rules.{game}"), self.app.ui_scale))

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
        box_w = min(round(w * 0.8), round(900 * s))
        top = tab_y + tab_h + round(18 * s)
        bottom = h - round(80 * s)
        box = pygame.Rect((w - box_w) // 2, top, box_w, bottom - top)
        body = round(18 * s)
        with warnings.catch_warnings():  # some of these may be loaded already: harmless
            warnings.simplefilter("ignore")
            self.ui.preload_fonts(
                [
                    {"name": "playfair", "point_size": round(34 * s), "style": "regular"},
                    {"name": "playfair", "point_size": round(24 * s), "style": "regular"},
                    {"name": "noto_sans", "point_size": body, "style": "bold"},
                    {"name": "noto_sans", "point_size": body, "style": "italic"},
                ]
            )
        self.text_box = pygame_gui.elements.UITextBox(
            rules_html(tr(f"rules.{self.game}"), s), box, self.ui
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
