"""Settings: language, animation speed, sound, card suits, letters and back, full screen.

Saved on every change; a new language applies to every open screen at once (the App builds
their widgets again).
"""

from __future__ import annotations

import pygame
import pygame_gui

from engine.cards import parse_card
from sprites.card_art import BACKS
from sprites.card_sprite import CardSprite
from sprites.suits import CARD_STYLES

from .card_text import rank_letters
from .i18n import language, language_name, languages, tr
from .scene import UIScene
from .settings import ANIMATION_SPEEDS, HINT_MODES
from .widgets import GOLD, MUTED, text_surface

_PREVIEW = ("AS", "KH", "QD", "10C")


class SettingsScene(UIScene):
    """Change a setting and it applies at once and is written to the settings file."""

    def build(self, rect: pygame.Rect) -> None:
        """Title, one row per setting, a card preview, and Done."""
        s = self.app.ui_scale
        w, h = rect.size
        st = self.app.settings
        self.title_rect = pygame.Rect(0, round(h * 0.03), w, round(58 * s))
        self.label(self.title_rect, tr("settings.title"), "@heading")
        panel_w = min(round(w * 0.86), round(1040 * s))
        row_h, gap = round(40 * s), round(16 * s)
        swatch_h = round(118 * s)
        pad = round(26 * s)
        rows = 9  # language … letters, full screen, hints, meter (the card backs are the swatches)
        content_h = rows * (row_h + gap) + swatch_h
        room_top = self.title_rect.bottom + round(20 * s)
        room_bottom = h - round(92 * s)
        squeeze = (room_bottom - room_top - 2 * pad) / content_h
        if squeeze < 1:  # a short window: rows, gaps and swatches shrink together
            row_h, gap, swatch_h = (round(v * squeeze) for v in (row_h, gap, swatch_h))
            content_h = rows * (row_h + gap) + swatch_h
        top = room_top + max(0, (room_bottom - room_top - content_h - 2 * pad) // 2)
        panel = self.panel(pygame.Rect((w - panel_w) // 2, top, panel_w,
                                       min(content_h + 2 * pad, room_bottom - top)))
        inner = panel.inflate(-2 * pad, -2 * pad)
        label_w = round(190 * s)
        controls_w = round(inner.width * 0.62) - label_w
        x = inner.x + label_w
        y = inner.y
        self.controls = {}

        def row(key: str, height: int = row_h) -> pygame.Rect:
            nonlocal y
            self.label(pygame.Rect(inner.x, y, label_w, row_h), tr(key), "@field")
            r = pygame.Rect(x, y, controls_w, height)
            y += height + gap
            return r

        names = {language_name(code): code for code in languages()}
        self.language_menu = pygame_gui.elements.UIDropDownMenu(
            list(names), language_name(language()), row("settings.language"), self.ui)
        self._languages = names
        speeds = [(factor, tr(key)) for key, factor in ANIMATION_SPEEDS]
        current = min(ANIMATION_SPEEDS, key=lambda kv: abs(kv[1] - st.animation_speed))[1]
        self.controls["speed"] = self.segmented(
            row("settings.animation"), speeds, current, self.set_speed
        )
        self.controls["mute"] = self.segmented(
            row("settings.mute"),
            [(False, tr("settings.sound_on")), (True, tr("settings.sound_off"))],
            st.muted,
            self.set_muted,
        )
        self.controls["volume"] = self.slider(
            row("settings.volume"), round(st.volume * 100), (0, 100), self.set_volume
        )
        self.controls["style"] = self.segmented(
            row("settings.card_style"),
            [(style, tr(f"style.{style}")) for style in CARD_STYLES],
            st.card_style,
            self.set_style,
        )
        courts = " ".join(rank_letters(international=False)[5:])
        self.controls["letters"] = self.segmented(
            row("settings.card_letters"),
            [(False, tr("settings.letters_local", letters=courts)),
             (True, tr("settings.letters_international"))],
            st.international_letters,
            self.set_letters,
        )
        backs = row("settings.card_back", swatch_h)
        n = len(BACKS)
        sw = min(round(backs.width / n) - round(8 * s), round(swatch_h * 0.78))
        self.back_swatches = {}
        for i, name in enumerate(BACKS):
            r = pygame.Rect(backs.x + i * (sw + round(10 * s)), backs.y, sw, swatch_h)
            self.back_swatches[name] = self.button(
                r, "", lambda n=name: self.set_back(n),
                object_id="@swatch_selected" if name == st.card_back else "@swatch")
        self.controls["fullscreen"] = self.segmented(row("settings.fullscreen"),
                                                     [(False, tr("settings.windowed")),
                                                      (True, tr("settings.full"))],
                                                     self.app.fullscreen, self.set_fullscreen)
        self.controls["hints"] = self.segmented(
            row("settings.hints"), [(mode, tr(f"settings.hints_{mode}")) for mode in HINT_MODES],
            st.hints, self.set_hints)
        self.controls["meter"] = self.segmented(
            row("settings.meter"), [(False, tr("settings.meter_off")),
                                    (True, tr("settings.meter_on"))],
            st.strength_meter, self.set_meter)
        self.preview_rect = pygame.Rect(x + controls_w + round(30 * s), inner.y,
                                        inner.right - x - controls_w - round(30 * s), inner.height)
        bw, bh = round(190 * s), round(48 * s)
        self.done_button = self.button(pygame.Rect((w - bw) // 2, h - round(70 * s), bw, bh),
                                       tr("settings.done"), self.back, object_id="@primary_button")
        self.error_label = self.label(pygame.Rect(0, h - round(112 * s), w, round(28 * s)),
                                      self._error_text(), "@error")

    def _error_text(self) -> str:
        reason = self.app.last_save_error
        return tr("settings.save_failed", reason=reason) if reason else ""

    def handle_event(self, event: pygame.event.Event) -> None:
        """The widgets' events, and a language chosen in the menu."""
        super().handle_event(event)
        if (event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
                and event.ui_element is getattr(self, "language_menu", None)):
            self.set_language(self._languages.get(event.text, "en"))

    # --- changes ------------------------------------------------------------------------------
    def set_language(self, code: str) -> None:
        """Speak ``code`` on every screen from now on (the widgets are built again)."""
        self.app.settings.language = code
        self._changed()

    def set_letters(self, international: bool) -> None:
        """J Q K A on the cards, or the letters of the language."""
        self.app.settings.international_letters = international
        self._changed()

    def _changed(self) -> None:
        self.app.apply_settings()
        self.app.save_settings()
        if hasattr(self, "error_label"):
            self.error_label.set_text(self._error_text())

    def set_speed(self, factor: float) -> None:
        """Animation speed factor."""
        self.app.settings.animation_speed = factor
        self._changed()

    def set_muted(self, muted: bool) -> None:
        """Sound on or off."""
        self.app.settings.muted = muted
        self._changed()
        if not muted:
            self.app.sounds.play("chips")

    def set_volume(self, value: float) -> None:
        """Volume 0–100 from the slider."""
        self.app.settings.volume = round(float(value)) / 100
        self._changed()

    def set_style(self, style: str) -> None:
        """Two- or four-colour suits."""
        self.app.settings.card_style = style
        self._changed()

    def set_back(self, name: str) -> None:
        """The card back design."""
        self.app.settings.card_back = name
        self._changed()
        for other, button in self.back_swatches.items():
            from pygame_gui.core import ObjectID

            button.change_object_id(
                ObjectID(class_id="@swatch_selected" if other == name else "@swatch")
            )

    def set_hints(self, mode: str) -> None:
        """The Hint button: for the first games, always, or never."""
        self.app.settings.hints = mode
        self._changed()

    def set_meter(self, on: bool) -> None:
        """The Azi hand-strength meter beside the bidding panel, shown or not."""
        self.app.settings.strength_meter = on
        self._changed()

    def set_fullscreen(self, on: bool) -> None:
        """Full screen or window (rebuilds every scene's layout)."""
        self.app.settings.fullscreen = on
        self._changed()

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Felt, panel, widgets, then the card backs on their swatches and the preview."""
        super().draw(surface)
        s = self.app.ui_scale
        for name, button in self.back_swatches.items():
            r = button.rect
            card_w = min(r.width - round(16 * s), round((r.height - round(16 * s)) / 1.4))
            back = self.app.cards.back(card_w, name)
            surface.blit(back, back.get_rect(center=r.center))
            if name == self.app.settings.card_back:  # the chosen back, marked apart from hover
                mark = pygame.Rect(0, 0, round(r.width * 0.5), max(2, round(4 * s)))
                mark.midtop = (r.centerx, r.bottom + round(4 * s))
                pygame.draw.rect(surface, GOLD, mark, border_radius=2)
        self._draw_preview(surface, s)

    def _draw_preview(self, surface: pygame.Surface, s: float) -> None:
        area = self.preview_rect
        if area.width < 80:
            return
        card_w = max(50, min(round(area.width / 3.3), round(area.height / 2.9)))
        cx, cy = area.centerx, area.y + round(area.height * 0.3)
        for i, text in enumerate(_PREVIEW):
            angle = (i - 1.5) * 7
            pos = (cx + (i - 1.5) * card_w * 0.62, cy + abs(i - 1.5) * card_w * 0.07)
            CardSprite(parse_card(text), pos, width=card_w, rotation=-angle).draw(
                surface, self.app.cards
            )
        back_pos = (cx, area.bottom - card_w * 0.7)
        CardSprite(-1, back_pos, width=round(card_w * 0.8), face_up=False).draw(
            surface, self.app.cards
        )
        # the back's name under the preview, where no tooltip can cover a button: the one under
        # the mouse, else the one chosen
        name = self.hovered_back() or self.app.settings.card_back
        label = text_surface(tr(f"back.{name}"), "italic", round(16 * s), MUTED)
        surface.blit(label, label.get_rect(midtop=(cx, round(back_pos[1] + card_w * 0.6))))

    def hovered_back(self) -> str | None:
        """The card back whose swatch is under the mouse, if any."""
        pos = pygame.mouse.get_pos()
        for name, button in self.back_swatches.items():
            if button.rect.collidepoint(pos):
                return name
        return None
