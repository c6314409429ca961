"""The main menu: the gold "Kozyr" title over the felt, a fan of cards, and nine buttons —
ten when a game saved in progress can be continued (``storage/resume.py``)."""

from __future__ import annotations

import functools
import math

import pygame

from engine.cards import parse_card
from sprites.card_sprite import CardSprite
from sprites.chips import draw_chip_stack
from sprites.fonts import font
from storage import paths

from .about import VERSION
from .home import set_home
from .i18n import tr
from .scene import UIScene
from .screens import MENU_SCREENS, open_screen
from .storage_notice import draw_storage_notice
from .text_wrap import draw_wrapped, wrap
from .widgets import CREAM, MUTED, draw_panel, gold_title, ornament, text_surface

_FAN = ("10S", "JD", "QC", "KH", "AS")  # the ace of spades on top: kozyr means trump
COMFORTABLE_STEP = 50  # a button and its gap, at scale 1, below which the title gives way


class MainMenu(UIScene):
    """(Continue,) Play Azi, Play Durak, Watch AI, Join a table, Learn to play, History, Rules,
    Settings, Quit."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self._art: pygame.Surface | None = None
        self._art_key: tuple | None = None
        # why the settings or a saved game could not be used as they were (shown while the menu is)
        self.notice, app.settings_notice = app.settings_notice, ""
        self.saved = None  # a game in progress to continue
        if paths.resume_path().exists():  # cryptography is imported only when there is one
            from storage.resume import find_saved

            found = find_saved()
            self.saved = found.saved
            if found.problem:
                name = found.moved_to.name if found.moved_to else paths.resume_path().name
                damaged = tr("menu.resume_damaged", reason=found.problem, file=name)
                self.notice = f"{self.notice}\n{damaged}" if self.notice else damaged
        from .lan.resume import window_table_saved

        self.lan_saved = window_table_saved()  # a table hosted from here, to reopen

    def build(self, rect: pygame.Rect) -> None:
        """The menu buttons in the left column ("Continue" first when there is a saved game)."""
        s = self.app.ui_scale
        w, h = rect.size
        x = round(w * 0.085)
        bw, bh, gap = round(330 * s), round(48 * s), round(11 * s)
        y = self._title_block()[3] + round(28 * s)
        items = [("menu.continue", self.continue_game)] if self.saved is not None else []
        if self.lan_saved:
            items.append(("menu.resume_lan", self.resume_lan))
        items += [(key, functools.partial(open_screen, self.app, key)) for key in MENU_SCREENS]
        items.append(("menu.quit", self.app.quit))
        step = min(bh + gap, (h - y - round(40 * s)) // len(items))  # all fit above the footer
        gap = min(gap, round(step * 0.2))
        bh = step - gap
        self.buttons = {}
        # many buttons in a short window: a smaller font, so no letter is cut by a button's edge
        compact = "_compact" if bh < round(40 * s) else ""
        for i, (key, action) in enumerate(items):
            primary = key in ("menu.continue", "menu.resume_lan")
            style = ("@primary_button" if primary else "@menu_button") + compact
            self.buttons[key] = self.button(pygame.Rect(x, y + i * (bh + gap), bw, bh), tr(key),
                                            action, object_id=style)

    def continue_game(self) -> None:
        """Take up the game saved in progress."""
        from .tables import resume_table

        resume_table(self.app, self.saved)

    def resume_lan(self) -> None:
        """Reopen the LAN table hosted from this window, with its seats and tokens."""
        from .lan.resume import resume_lan_table

        resume_lan_table(self.app)

    def draw(self, surface: pygame.Surface) -> None:
        """The menu, then the notice (if any) in a panel at the bottom right."""
        super().draw(surface)
        draw_storage_notice(surface, self.app.ui_scale)  # while games are not being saved
        if not self.notice:
            return
        s = self.app.ui_scale
        w, h = surface.get_size()
        pad, size = round(14 * s), max(12, round(16 * s))
        width = round(w * 0.5) - round(24 * s)
        lines = wrap(self.notice, "text", size, width - 2 * pad)
        face = font("text", size)
        step = round(face.get_linesize() * 1.25 / 1.15)  # draw_wrapped's line spacing
        height = step * (len(lines) - 1) + face.get_height() + 2 * pad
        box = pygame.Rect(w - width - round(20 * s), h - height - round(44 * s), width, height)
        draw_panel(surface, box, s, 235)
        draw_wrapped(surface, self.notice, box.inflate(-2 * pad, -2 * pad), "text", size, CREAM)

    def on_key(self, event: pygame.event.Event) -> None:
        """Esc does nothing here: this is the first screen."""

    def _title_block(self) -> tuple[pygame.Surface, pygame.Surface, int, int]:
        """Title and tagline images, the tagline's y and the ornament's y: the title shrinks in
        a short window until every button has a comfortable height under it."""
        s = self.app.ui_scale
        h = self.app.size[1]
        count = 9 + (self.saved is not None) + self.lan_saved
        for size in (1.0, 0.9, 0.8, 0.7, 0.6):
            title = gold_title(tr("app.title"), round(124 * s * size))
            tag = text_surface(tr("app.tagline"), "display", round(27 * s * min(1.0, size + 0.2)),
                               CREAM)
            tag_y = round(h * 0.06) + title.get_height() - round(14 * s * size)
            rule_y = tag_y + tag.get_height() + round(14 * s)
            room = h - rule_y - round(28 * s) - round(40 * s)
            if room >= count * round(COMFORTABLE_STEP * s):
                break
        return title, tag, tag_y, rule_y

    def draw_decor(self, surface: pygame.Surface) -> None:
        """Title, tagline, the card fan and the footer."""
        s = self.app.ui_scale
        w, h = surface.get_size()
        x = round(w * 0.085)
        surface.blit(self._fan_art(), (0, 0))
        title, tag, tag_y, rule_y = self._title_block()
        bw = round(330 * s)
        surface.blit(title, (x + (bw - title.get_width()) // 2, round(h * 0.06)))
        surface.blit(tag, (x + (bw - tag.get_width()) // 2, tag_y))
        ornament(surface, (x + bw // 2, rule_y), bw, s)
        foot = text_surface(tr("menu.footer") + "   ·   " + tr("menu.version", version=VERSION),
                            "text", round(14 * s), MUTED)
        surface.blit(
            foot, (w - foot.get_width() - round(20 * s), h - foot.get_height() - round(14 * s))
        )

    def _fan_art(self) -> pygame.Surface:
        """The decorative fan of cards and chips, composed once per size, card style and the
        letters the language gives the court cards (a switch to French shows V D R at once)."""
        key = (self.app.size, self.app.cards.style, self.app.cards.back_design,
               self.app.cards.letters)
        if self._art is not None and self._art_key == key:
            return self._art
        w, h = self.app.size
        art = pygame.Surface((w, h), pygame.SRCALPHA)
        card_w = round(min(h * 0.29, w * 0.13))
        cx, cy = w * 0.69, h * 0.5
        pivot = (cx, cy + card_w * 2.3)
        radius = card_w * 2.45
        # the deck, face down, tucked behind the fan
        CardSprite(-1, (cx + card_w * 1.05, cy + card_w * 0.35), width=card_w, face_up=False,
                   rotation=-24).draw(art, self.app.cards)
        CardSprite(-1, (cx + card_w * 1.12, cy + card_w * 0.3), width=card_w, face_up=False,
                   rotation=-27).draw(art, self.app.cards)
        for i, text in enumerate(_FAN):
            angle = (i - 2) * 12.0
            a = math.radians(angle)
            pos = (pivot[0] + radius * math.sin(a), pivot[1] - radius * math.cos(a))
            CardSprite(parse_card(text), pos, width=card_w, rotation=-angle).draw(
                art, self.app.cards
            )
        chip = max(30, round(card_w * 0.46))
        base_y = round(cy + card_w * 1.3)
        draw_chip_stack(art, 1150, (round(cx - card_w * 0.95), base_y), chip)
        draw_chip_stack(art, 135, (round(cx - card_w * 0.3), base_y + round(chip * 0.25)), chip)
        draw_chip_stack(art, 30, (round(cx + card_w * 0.3), base_y - round(chip * 0.05)), chip)
        self._art, self._art_key = art, key
        return art


set_home(MainMenu)  # tables and dialogs below the menu leave through scenes.home
