"""The main menu: the gold "Kozyr" title over the felt, a fan of cards, and eight buttons."""

from __future__ import annotations

import importlib
import math

import pygame

from engine.cards import parse_card
from sprites.card_sprite import CardSprite
from sprites.chips import draw_chip_stack

from .i18n import tr
from .scene import UIScene
from .widgets import CREAM, MUTED, gold_title, ornament, text_surface

VERSION = "0.1"
_FAN = ("10S", "JD", "QC", "KH", "AS")  # the ace of spades on top: kozyr means trump


class MainMenu(UIScene):
    """Play Azi, Play Durak, Watch AI, Join a table, History, Rules, Settings, Quit."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self._art: pygame.Surface | None = None
        self._art_key: tuple | None = None

    def build(self, rect: pygame.Rect) -> None:
        """Eight menu buttons in the left column."""
        s = self.app.ui_scale
        w, h = rect.size
        x = round(w * 0.085)
        bw, bh, gap = round(330 * s), round(48 * s), round(11 * s)
        y = self._title_block()[3] + round(28 * s)
        fit = (h - round(16 * s) - y) / 8  # eight buttons must fit above the window's bottom
        if bh + gap > fit:
            bh, gap = round(fit * 0.82), round(fit * 0.18)
        items = [
            ("menu.play_azi", lambda: self._open("new_game", "NewGameScene", "azi")),
            ("menu.play_durak", lambda: self._open("new_game", "NewGameScene", "durak")),
            ("menu.watch", lambda: self._open("new_game", "NewGameScene", "durak", watch=True)),
            ("menu.join", lambda: self._open("lan.join_scene", "JoinScene")),
            ("menu.history", lambda: self._open("history_scene", "HistoryScene")),
            ("menu.rules", lambda: self._open("rules_scene", "RulesScene")),
            ("menu.settings", lambda: self._open("settings_scene", "SettingsScene")),
            ("menu.quit", self.app.quit),
        ]
        self.buttons = {}
        for i, (key, action) in enumerate(items):
            self.buttons[key] = self.button(pygame.Rect(x, y + i * (bh + gap), bw, bh), tr(key),
                                            action, object_id="@menu_button")

    def _open(self, module: str, name: str, *args, **kwargs) -> None:
        """Push a menu scene, importing its module only now (so the first frame comes sooner)."""
        scene_class = getattr(importlib.import_module(f"scenes.{module}"), name)
        self.app.push(scene_class(self.app, *args, **kwargs))

    def on_key(self, event: pygame.event.Event) -> None:
        """Esc does nothing here: this is the first screen."""

    def _title_block(self) -> tuple[pygame.Surface, pygame.Surface, int, int]:
        """Title and tagline images, the tagline's y and the ornament's y."""
        s = self.app.ui_scale
        h = self.app.size[1]
        title = gold_title(tr("app.title"), round(124 * s))
        tag = text_surface(tr("app.tagline"), "display", round(27 * s), CREAM)
        tag_y = round(h * 0.06) + title.get_height() - round(14 * s)
        return title, tag, tag_y, tag_y + tag.get_height() + round(14 * s)

    def draw_decor(self, surface: pygame.Surface) -> None:
        """Title, tagline, the card fan and the footer."""
        s = self.app.ui_scale
        w, h = surface.get_size()
        x = round(w * 0.085)
        surface.blit(self._fan_art(), (0, 0))
        title, tag, tag_y, rule_y = self._title_block()
        surface.blit(title, (x - round(8 * s), round(h * 0.06)))
        bw = round(330 * s)
        surface.blit(tag, (x + (bw - tag.get_width()) // 2, tag_y))
        ornament(surface, (x + bw // 2, rule_y), bw, s)
        foot = text_surface(tr("menu.footer") + "   ·   " + tr("menu.version", version=VERSION),
                            "text", round(14 * s), MUTED)
        surface.blit(
            foot, (w - foot.get_width() - round(20 * s), h - foot.get_height() - round(14 * s))
        )

    def _fan_art(self) -> pygame.Surface:
        """The decorative fan of cards and chips, composed once per size and card style."""
        key = (self.app.size, self.app.cards.style, self.app.cards.back_design)
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
