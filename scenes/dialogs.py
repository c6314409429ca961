"""Overlays that sit on top of the table: the pause menu, a yes/no question, the curtain.

    app.push(PauseScene(app, game="durak", on_leave=table.leave))     # Esc at the table
    app.push(ConfirmScene(app, "confirm.leave.title", "confirm.leave.text", on_yes=…))
    app.push(CurtainScene(app, "Anna", on_ready=…))                 # hot-seat: pass the screen
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from sprites.card_sprite import CardSprite

from .home import go_home
from .i18n import tr
from .scene import UIScene
from .widgets import CREAM, MUTED, dim, draw_panel, gold_title, text_surface


class _Dialog(UIScene):
    """A centred panel over the dimmed scene below."""

    opaque = False
    panel_size = (440, 400)

    def dialog_rect(self) -> pygame.Rect:
        """The panel, centred, scaled with the window."""
        s = self.app.ui_scale
        w, h = round(self.panel_size[0] * s), round(self.panel_size[1] * s)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = self.app.rect.center
        return rect

    def covered(self) -> bool:
        """Is another dialog open above this one? Then only that one is shown: two panels and
        their texts through each other are unreadable."""
        scenes = self.app.scenes
        if self not in scenes:
            return False
        return any(isinstance(s, _Dialog) for s in scenes[scenes.index(self) + 1:])

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, unless a dialog above hides it."""
        if not self.covered():
            super().draw(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        """Dim the table and frame the panel (opaque: nothing of the table shows through it)."""
        dim(surface, 160)
        draw_panel(surface, self.dialog_rect(), self.app.ui_scale, 255)


class PauseScene(_Dialog):
    """Resume, Rules, Settings, Leave game (asks first). Esc resumes."""

    panel_size = (420, 380)

    def __init__(self, app, *, game: str = "azi", on_leave: Callable[[], None] | None = None,
                 on_resume: Callable[[], None] | None = None,
                 leave_text: str | None = "confirm.leave.text",
                 leave_to: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.on_leave = on_leave
        self.on_resume = on_resume
        self.leave_text = leave_text  # what leaving costs; None: nothing, so no question
        self.leave_to = leave_to  # where leaving goes (the main menu unless said)

    def build(self, rect: pygame.Rect) -> None:
        """The title and four buttons."""
        from .rules_scene import RulesScene
        from .settings_scene import SettingsScene

        s = self.app.ui_scale
        panel = self.dialog_rect()
        self.label(pygame.Rect(panel.x, panel.y + round(20 * s), panel.width, round(58 * s)),
                   tr("pause.title"), "@heading")
        bw, bh, gap = round(300 * s), round(50 * s), round(14 * s)
        x = panel.centerx - bw // 2
        y = panel.y + round(100 * s)
        items = [
            ("pause.resume", self.resume_game, "@primary_button"),
            ("pause.rules", lambda: self.app.push(RulesScene(self.app, self.game)), "@menu_button"),
            ("pause.settings", lambda: self.app.push(SettingsScene(self.app)), "@menu_button"),
            ("pause.leave", self.ask_leave, "@menu_button"),
        ]
        self.buttons = {}
        for i, (key, action, style) in enumerate(items):
            self.buttons[key] = self.button(
                pygame.Rect(x, y + i * (bh + gap), bw, bh), tr(key), action, object_id=style
            )

    def resume_game(self) -> None:
        """Back to the table."""
        self.app.pop()
        if self.on_resume:
            self.on_resume()

    def back(self) -> None:
        """Esc resumes."""
        self.resume_game()

    def ask_leave(self) -> None:
        """Ask before throwing the game away (a replay or a finished game just leaves)."""
        if self.leave_text is None:
            self.leave()
            return
        self.app.push(
            ConfirmScene(
                self.app,
                "confirm.leave.title",
                self.leave_text,
                yes="confirm.leave.yes",
                no="confirm.leave.no",
                on_yes=self.leave,
            )
        )

    def leave(self) -> None:
        """Leave the table for the main menu, or ``leave_to`` (the table's ``on_leave`` first)."""
        if self.on_leave:
            self.on_leave()
        if self.leave_to is not None:
            self.leave_to()
        else:
            go_home(self.app)


class ConfirmScene(_Dialog):
    """A question with two answers; Enter means yes, Esc means no."""

    panel_size = (500, 250)

    def __init__(self, app, title_key: str, text_key: str, *, yes: str = "confirm.leave.yes",
                 no: str = "confirm.leave.no", on_yes: Callable[[], None] | None = None,
                 on_no: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.title_key, self.text_key, self.yes_key, self.no_key = title_key, text_key, yes, no
        self.on_yes, self.on_no = on_yes, on_no

    def build(self, rect: pygame.Rect) -> None:
        """Title, sentence, two buttons."""
        s = self.app.ui_scale
        panel = self.dialog_rect()
        self.label(pygame.Rect(panel.x, panel.y + round(18 * s), panel.width, round(58 * s)),
                   tr(self.title_key), "@heading")
        self.label(
            pygame.Rect(
                panel.x + round(20 * s),
                panel.y + round(82 * s),
                panel.width - round(40 * s),
                round(32 * s),
            ),
            tr(self.text_key),
            "@centred",
        )
        bw, bh = round(180 * s), round(48 * s)
        y = panel.bottom - bh - round(28 * s)
        self.no_button = self.button(pygame.Rect(panel.centerx - bw - round(10 * s), y, bw, bh),
                                     tr(self.no_key), self.answer_no, object_id="@menu_button")
        self.yes_button = self.button(
            pygame.Rect(panel.centerx + round(10 * s), y, bw, bh),
            tr(self.yes_key),
            self.answer_yes,
            object_id="@primary_button",
        )

    def answer_yes(self) -> None:
        """Yes: close the question, then act."""
        self.app.pop()
        if self.on_yes:
            self.on_yes()

    def answer_no(self) -> None:
        """No: just close the question."""
        self.app.pop()
        if self.on_no:
            self.on_no()

    def back(self) -> None:
        """Esc means no."""
        self.answer_no()

    def on_key(self, event: pygame.event.Event) -> None:
        """Enter means yes."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.answer_yes()
        else:
            super().on_key(event)


class CurtainScene(UIScene):
    """Hot-seat: an opaque screen, "Pass the screen to <name>", gone at a click or key.

    Clicks in the first moment are ignored, so a double click from the previous player does
    not lift the curtain by accident.
    """

    opaque = True
    guard_seconds = 0.35

    def __init__(self, app, name: str, on_ready: Callable[[], None] | None = None,
                 on_pause: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready
        self.on_pause = on_pause
        self.age = 0.0

    def update(self, dt: float) -> None:
        """Count the guard time."""
        self.age += dt
        super().update(dt)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc opens the pause menu over the curtain; any other click or key (after the guard
        time) lifts it."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_pause:
            self.on_pause()
            return
        ready = event.type == pygame.MOUSEBUTTONUP or (
            event.type == pygame.KEYDOWN and event.key not in (pygame.K_ESCAPE, pygame.K_F11)
        )
        if ready and self.age >= self.guard_seconds:
            self.app.pop()
            if self.on_ready:
                self.on_ready()

    def draw(self, surface: pygame.Surface) -> None:
        """The felt, darkened, a face-down card and the two lines."""
        s = self.app.ui_scale
        surface.blit(self.app.felt(), (0, 0))
        dim(surface, 120)
        w, h = surface.get_size()
        card_w = round(120 * s)
        CardSprite(-1, (w / 2 - card_w * 0.18, h * 0.34), width=card_w, face_up=False,
                   rotation=8).draw(surface, self.app.cards)
        CardSprite(-1, (w / 2 + card_w * 0.18, h * 0.34), width=card_w, face_up=False,
                   rotation=-6).draw(surface, self.app.cards)
        title = gold_title(tr("curtain.pass", name=self.name), round(44 * s))
        surface.blit(title, title.get_rect(center=(w // 2, round(h * 0.6))))
        ready = text_surface(tr("curtain.ready", name=self.name), "display", round(24 * s), CREAM)
        surface.blit(ready, ready.get_rect(center=(w // 2, round(h * 0.6 + 58 * s))))
        away = text_surface(tr("curtain.look_away"), "italic", round(17 * s), MUTED)
        surface.blit(away, away.get_rect(center=(w // 2, round(h * 0.6 + 98 * s))))


class MessageScene(_Dialog):
    """A title, a sentence or two, and OK (Enter or Esc); ``on_close`` runs after it closes."""

    panel_size = (520, 250)

    def __init__(self, app, title: str, text: str, *,
                 on_close: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.title, self.text, self.on_close = title, text, on_close

    def _text_lines(self) -> tuple[str, ...]:
        from .text_wrap import wrap

        s = self.app.ui_scale
        return wrap(self.text, "text", round(18 * s), round((self.panel_size[0] - 40) * s))

    def dialog_rect(self) -> pygame.Rect:
        """The panel, taller when the message takes more than three lines (no word is cut)."""
        rect = super().dialog_rect()
        extra = max(0, len(self._text_lines()) - 3) * round(23 * self.app.ui_scale)
        return rect.inflate(0, extra)

    def build(self, rect: pygame.Rect) -> None:
        """Title, OK (the message is drawn wrapped, see draw_decor)."""
        s = self.app.ui_scale
        panel = self.dialog_rect()
        self.label(pygame.Rect(panel.x, panel.y + round(18 * s), panel.width, round(58 * s)),
                   self.title, "@heading")
        bw, bh = round(180 * s), round(48 * s)
        self.ok_button = self.button(
            pygame.Rect(panel.centerx - bw // 2, panel.bottom - bh - round(28 * s), bw, bh),
            tr("dialog.ok"), self.close, object_id="@primary_button")

    def draw_decor(self, surface: pygame.Surface) -> None:
        """The message, wrapped and centred under the title."""
        from .text_wrap import draw_wrapped

        if self.covered():
            return
        s = self.app.ui_scale
        panel = self.dialog_rect()
        box = pygame.Rect(panel.x + round(20 * s), panel.y + round(78 * s),
                          panel.width - round(40 * s), panel.height - round(160 * s))
        draw_wrapped(surface, self.text, box, "text", round(18 * s), CREAM, centred=True)

    def close(self) -> None:
        """Close the message, then go on."""
        self.app.pop()
        if self.on_close:
            self.on_close()

    def back(self) -> None:
        """Esc closes it as well."""
        self.close()

    def on_key(self, event: pygame.event.Event) -> None:
        """Enter closes it."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
        else:
            super().on_key(event)
