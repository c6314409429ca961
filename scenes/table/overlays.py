"""What is drawn over the table: plates, status line, banner, toast, move log, peek, the
widgets (menu, log, peek, action buttons or the Watch panel) and the game-over flow.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from engine.cards import HIDDEN

from .. import fair_view
from ..card_text import card_text
from ..i18n import tr
from ..layout import table_layout
from ..storage_notice import draw_storage_notice
from ..widgets import CREAM, GOLD, draw_panel, text_surface
from .corner import corner_rects, corner_room, row_widths
from .motion import EventStep

WATCH_SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)


class TableOverlays:
    """Part of :class:`~scenes.table.scene.TableScene`: panels, words and the widgets over it."""

    PEEK_KEY = "table.peek_button"  # the last-round button's words (Azi: the last trick)

    def toast(self, text: str) -> None:
        """Show ``text`` briefly above the hand (a refusal, a hint)."""
        self.notices.toast(text)

    def announce(self, text: str, seconds: float = 1.6) -> None:
        """Show ``text`` large over the table for a while (in animation time)."""
        self.notices.announce(text, seconds)

    def bubble(self, seat: int, text: str, seconds: float = 1.6) -> None:
        """Show a word on ``seat``'s plate for a while ("pass", "takes")."""
        self.plates.bubble(seat, text, seconds)

    def next_step(self, handler: Callable[[], float]) -> None:
        """Run ``handler`` right after the step now running, before the next event."""
        self.timeline.phases.insert(1 if self.timeline.phases else 0,
                                    self._group(EventStep(handler)))

    @staticmethod
    def _group(step: Any):
        from sprites.tween import Group

        return Group([step])

    # --- game over ----------------------------------------------------------------------------
    counts_games = True  # a lesson is no game of the player's: it does not use up his hints

    def count_finished_game(self) -> None:
        """A game a person played here is over: one fewer of the first hinted games is left."""
        if self.counts_games and not self.view.watch:
            self.app.settings.games_played += 1
            self.app.save_settings()

    def _game_over(self) -> None:
        self.over = True
        self.view.game_over = True
        self.count_finished_game()
        self.input.buttons = []
        self.rebuild()
        for seat, hand in enumerate(self.hands):
            cards = sorted(self.true_hand(seat), key=self.sort_key)
            for sprite, card in zip(hand, cards):
                if sprite.card == HIDDEN:
                    self.mover.flip(sprite, True, 0.3, shown=card)
        self.app.sounds.play("win", 0.8)
        self.timeline.wait(1.1)
        self.timeline.call(self._open_game_over)

    def _open_game_over(self) -> None:
        from ..game_over import GameOverScene

        if self.app.top is self:
            summary = self.summary()
            summary.fair = self.source.fair_summary()
            summary.folder = getattr(self.source, "record_folder", None)
            self.notices.hush()  # a banner would stick out above the panel
            self.show_peek = False
            log_button = self.corner_buttons["table.log_button"].rect
            self.app.push(GameOverScene(self.app, summary, on_again=self.play_again,
                                        on_menu=self.go_to_menu, log=self.move_log,
                                        log_button=pygame.Rect(log_button)))

    def play_again(self) -> None:
        """Deal the next game at the same table."""
        self.restart(self.next_game())

    # --- widgets ------------------------------------------------------------------------------
    def build(self, rect: pygame.Rect) -> None:
        """Menu and Hint top left; Log and Last battle over the bottom plate, left of the hand;
        the action buttons (or, when watching, the Watch controls) bottom right."""
        self.layout = table_layout(self.app.size, self.n)
        s = self.layout.scale
        margin = max(6, round(10 * s))
        bh = round(34 * s)
        gap = round(6 * s)
        plate = self.layout.seats[0].plate
        self.corner_buttons = {
            "table.menu_button": self.button(
                pygame.Rect(margin, margin, round(92 * s), bh), tr("table.menu_button"),
                self.pause, object_id="@quiet_button", tooltip=tr("table.menu_button_tip"))}
        # each its share of the plate's width, or as wide as its words in the theme's font
        room = corner_room(self.layout, gap).width
        log_share = round(plate.width * 0.36)
        log_w, peek_w = row_widths(
            [self.button_width([tr(key)], "@quiet_button") for key in ("table.log_button",
                                                                        self.PEEK_KEY)],
            [log_share, plate.width - log_share - gap], room, gap)
        wanted = [("table.log_button", log_w), ("table.peek_button", peek_w)]
        actions = {"table.log_button": self.toggle_log, "table.peek_button": self.toggle_peek}
        hint = None
        if self.hints_offered():  # beside the Menu (the felt over the plate keeps its piles)
            for hint_key in ("table.hint_button", "table.hint_button_short"):
                hint_w = self.button_width([tr(hint_key)], "@quiet_button", round(92 * s))
                if hint_w <= round(130 * s):
                    break
            hint = pygame.Rect(margin + round(92 * s) + gap, margin, hint_w, bh)
            actions[hint_key] = self.hints.request
            if hint.inflate(2 * gap, 2 * gap).collidelist(self.layout.seat_rects()) >= 0:
                wanted.append((hint_key, hint_w))  # a seat up there: over the plate instead
                hint = None
        places = corner_rects(self.layout, wanted, bh, gap)
        if hint is not None:
            places[hint_key] = hint
        for key, r in places.items():
            tip = key.removesuffix("_short") + "_tip"
            words_key = self.PEEK_KEY if key == "table.peek_button" else key
            self.corner_buttons[key] = self.button(r, tr(words_key), actions[key],
                                                   object_id="@quiet_button", tooltip=tr(tip))
        self.move_log.place(self.layout, self.log_obstacles()
                            + [b.rect for b in self.corner_buttons.values()])
        self.watch_buttons = {}
        self.action_widgets = {}
        area = self.layout.actions.inflate(-2 * margin, 0)
        if self.view.watch:
            self._build_watch_panel(area, s)
            return
        h = round(50 * s)
        y = area.bottom - margin - h
        for button in reversed(self.input.buttons):
            widget = self.button(pygame.Rect(area.x, y, area.width, h), button.text,
                                 lambda a=button.action: self.input.play(a), object_id=button.style)
            self.action_widgets[button.action] = widget
            y -= h + round(10 * s)

    def _build_watch_panel(self, area: pygame.Rect, s: float) -> None:
        """Watch AI: Pause / Step, slower · speed · faster, and the show-hands switch."""
        bh, gap = round(38 * s), round(8 * s)
        y = area.bottom - round(10 * s) - 3 * bh - 2 * gap
        half = (area.width - gap) // 2
        third = (area.width - 2 * gap) // 3
        pause_text = (tr("table.watch_resume") if self.source.paused
                      else tr("table.watch_pause"))
        hands_text = (tr("table.watch_hands_on") if self.view.show_all
                      else tr("table.watch_hands_off"))
        rows = [
            [("pause", pause_text, self.toggle_watch_pause, half, "@primary_button"),
             ("step", tr("table.watch_step"), self.watch_step, half, "@menu_button")],
            [("slower", "\u2212", lambda: self.change_speed(-1), third, "@quiet_button"),
             ("speed", self._speed_text(), lambda: None, third, "@choice_selected"),
             ("faster", "+", lambda: self.change_speed(1), third, "@quiet_button")],
            [("hands", hands_text, self.toggle_show_all, area.width, "@quiet_button")],
        ]
        self.place_watch_rows(rows, area.x, y, bh, gap)

    def place_watch_rows(self, rows: list, x0: int, y: int, bh: int, gap: int) -> None:
        """Lay out rows of (key, text, action, width, style) buttons from (x0, y) down.

        A row whose words do not fit side by side (long words, a small window) is stacked, one
        button a line, and the panel grows upwards: a label is never cut."""
        bottom = y + len(rows) * (bh + gap)
        placed: list[list] = []
        for row in rows:
            full = sum(width for *_, width, _ in row) + gap * (len(row) - 1)
            if len(row) > 1 and not all(self._words_fit(text, style, width, bh)
                                        for _, text, _, width, style in row):
                placed += [[(key, text, action, full, style)] for key, text, action, _, style
                           in row]
            else:
                placed.append(row)
        y = bottom - len(placed) * (bh + gap)
        for row in placed:
            x = x0
            for key, text, action, width, style in row:
                self.watch_buttons[key] = self.button(pygame.Rect(x, y, width, bh), text, action,
                                                      object_id=style)
                x += width + gap
            y += bh + gap

    def _words_fit(self, text: str, style: str, width: int, height: int) -> bool:
        """Would ``text`` fit a ``style`` button ``width`` wide, a pixel of air inside its frame?"""
        probe = self.button(pygame.Rect(-width - 10, -height - 10, width, height), text,
                            lambda: None, object_id=style)
        room = width - 2 * max(probe.border_width.values()) - 2 * probe.shadow_width - 2
        fits = probe.font.size(text)[0] <= room
        self._on_press.pop(probe, None)
        probe.kill()
        return fits

    def _speed_text(self) -> str:
        speed = self.watch_speed
        text = {0.25: "\u00bc", 0.5: "\u00bd"}.get(speed, f"{speed:g}")
        return text + "\u00d7"

    def pause(self) -> None:
        """Esc: the pause menu."""
        from ..dialogs import PauseScene

        self.input.cancel_drag()
        self.app.push(PauseScene(self.app, game=self.config.game, on_leave=self.leave,
                                 leave_text=self.leave_question(),
                                 leave_to=self.leave_destination()))

    def log_obstacles(self) -> list[pygame.Rect]:
        """What the move log must not cover besides the seats and piles: the felt where the
        game's cards are played (a game's table names its own places)."""
        return [self.layout.centre]

    def leave_question(self) -> str | None:
        """What the leave question says leaving costs (None: nothing, leave without asking)."""
        return "confirm.leave.text"

    def leave_destination(self):
        """Where leaving goes: None for the main menu."""
        return None

    def toggle_log(self) -> None:
        """Show or hide the move log."""
        self.move_log.toggle()

    def toggle_peek(self) -> None:
        """Show or hide the last trick or battle."""
        if self.last_round is None:
            self.toast(tr("table.peek_none"))
            self.show_peek = False
            return
        self.show_peek = not self.show_peek

    def toggle_watch_pause(self) -> None:
        """Watch AI: stop or go on."""
        self.source.paused = not self.source.paused
        self.rebuild()

    def watch_step(self) -> None:
        """Watch AI: one more move, then stop."""
        self.source.step()
        self.rebuild()

    def change_speed(self, direction: int) -> None:
        """Watch AI: a step slower (-1) or faster (+1), ¼× to 4×."""
        i = WATCH_SPEEDS.index(self.watch_speed) if self.watch_speed in WATCH_SPEEDS else 2
        self.watch_speed = WATCH_SPEEDS[max(0, min(len(WATCH_SPEEDS) - 1, i + direction))]
        self.rebuild()

    def toggle_show_all(self) -> None:
        """Watch AI (a demonstration): show every hand, or none."""
        self.view.show_all = not self.view.show_all
        self.rebuild_sprites()
        self.rebuild()

    # --- events ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Widgets first, then cards and keys."""
        import pygame_gui

        if self.ui is None:
            return
        consumed = self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self._on_press:
            self.app.sounds.play("deal", 0.3)
            self._on_press[event.ui_element]()
        elif event.type == pygame.MOUSEMOTION:
            self.input.mouse_moved(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
            if self.show_peek:  # a click anywhere closes the last round first
                self.show_peek = False
            else:
                self.input.mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.input.mouse_up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.move_log.scroll_wheel(event)
        elif event.type == pygame.KEYDOWN and not consumed:
            self.on_key(event)

    def on_key(self, event: pygame.event.Event) -> None:
        """Esc pause, L log, P peek, H hint, Watch keys; the cards' keys go to the input."""
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.show_peek:
                self.show_peek = False
            else:
                self.pause()
        elif key == pygame.K_l:
            self.toggle_log()
        elif key == pygame.K_p:
            self.toggle_peek()
        elif key == pygame.K_h and self.hints_offered():
            self.hints.request()
        elif self.move_log.scroll_key(key):  # while the log is open, ↑ ↓ scroll it
            return
        elif self.view.watch:
            self._watch_key(key)
        else:
            self.input.key(key)

    def _watch_key(self, key: int) -> None:
        """Watch AI: Space pause, → or S one step, + − speed, A every hand."""
        if key == pygame.K_SPACE:
            self.toggle_watch_pause()
        elif key in (pygame.K_RIGHT, pygame.K_s):
            self.watch_step()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_speed(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_speed(-1)
        elif key == pygame.K_a:
            self.toggle_show_all()

    # --- drawing ------------------------------------------------------------------------------
    def mark_text(self, name: str, rect: pygame.Rect | None) -> None:
        """Note that the frame being drawn put words (a plate, a tag, a note) on ``rect``."""
        if rect is not None:
            self.text_marks.append((name, pygame.Rect(rect)))

    def banner_avoids(self) -> list[pygame.Rect]:
        """What the banner must not cover: the words drawn before it in the last frame and the
        open log."""
        avoid = [r for name, r in self.text_marks if name not in ("banner", "toast")]
        return avoid + ([self.move_log.rect] if self.move_log.shown else [])

    def text_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Every element with words the table drew itself in its last frame, and where: plates,
        tags, chips' amounts, the status line, banner, toast, bubbles, the coach, the log."""
        return list(self.text_marks)

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, plates, cards, overlays, widgets, toast."""
        self.text_marks = []
        cards = self.app.cards
        moving = self.mover.moving
        shown = [sprite for sprite in sorted(self.hands.all_cards(), key=lambda c: (c.flying, c.z))
                 if not sprite.covered or moving(sprite)]
        # The cards at rest at the bottom of the pile are drawn onto the felt once and kept
        # (at 1920×1080 a frame's time went into blitting the same cards again); only the
        # cards from the first one that moves upwards are drawn every frame, in their order.
        still = next((i for i, sprite in enumerate(shown)
                      if sprite.flying or sprite.in_motion or moving(sprite)), len(shown))
        self.still_cards.draw(surface, self.app.table_felt(self.layout.oval), shown[:still],
                              cards, (cards.style, cards.back_design, cards.letters))
        self.draw_under(surface)
        self._draw_plates(surface)
        for sprite in shown[still:]:
            sprite.draw(surface, cards)
        self._draw_status(surface)
        if self.fingerprint:
            self.mark_text("fingerprint", fair_view.draw_fingerprint(
                surface, self.fingerprint, self.layout.scale))
        self.draw_over(surface)
        for seat, rect in self.callouts.draw(surface, self.layout, self.app.cards):
            self.mark_text(f"speech bubble {seat}", rect)
        self.hints.draw(surface, self.clock, self.pointed_at)
        self.mark_text("banner", self.notices.draw_banner(surface))
        if self.show_peek and self.last_round is not None:
            self._draw_peek(surface)
        self.move_log.draw(surface, self.app.cards)
        if self.move_log.shown:
            self.mark_text("move log", self.move_log.rect)
        if self.ui is not None:
            self.ui.draw_ui(surface)
        self.mark_text("toast", self.notices.draw_toast(surface))
        s = self.layout.scale  # while games are not being saved: under the Menu button
        draw_storage_notice(surface, s, (round(8 * s), round(44 * s)),
                            round(surface.get_width() * 0.3))

    def pointed_at(self, action: int) -> tuple[pygame.Rect | None, pygame.Rect | None]:
        """Where ``action`` is chosen and where a ring round it may be drawn (None: anywhere):
        round a card, never over the fanned neighbour lying on it."""
        clip = self.hands.pointer_clip(action) if action in self.card_actions else None
        return self.action_rect(action), clip

    def turn_progress(self, seat: int) -> float | None:
        """How far a computer's think pause has run (0 … 1); None for a person's turn."""
        if self.source.is_human(seat):
            return None
        return self.plates.turn_progress(seat, max(0.3, self.think_pause / self.speed))

    def thinking_seat(self) -> int | None:
        """The computer seat whose decision the table waits for (shown as thinking)."""
        seat = self.source.to_move
        if (seat is None or self.over or self.source.is_human(seat)
                or not self.animations_idle):
            return None
        return seat

    def _draw_plates(self, surface: pygame.Surface) -> None:
        to_move = self.source.to_move if self.animations_idle and not self.over else None
        for name, rect in self.plates.draw(surface, self.plate_text, self.clock, to_move,
                                           self.thinking_seat(), self.turn_progress):
            self.mark_text(name, rect)

    def _status_line(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        text = self.status_text()
        if not text:
            return None
        s = self.layout.scale
        line = card_text(text, "bold", round(19 * s), GOLD if self.input.my_turn() else CREAM,
                         self.app.cards)
        return line, line.get_rect(center=self.layout.message.center)

    def status_rect(self) -> pygame.Rect | None:
        """The status line's pill (None when there is nothing to say)."""
        status = self._status_line()
        if status is None:
            return None
        s = self.layout.scale
        return status[1].inflate(round(28 * s), round(8 * s))

    def _draw_status(self, surface: pygame.Surface) -> None:
        status = self._status_line()
        if status is None:
            return
        s = self.layout.scale
        line, rect = status
        draw_panel(surface, rect.inflate(round(28 * s), round(8 * s)), s * 0.6, 150)
        self.mark_text("status line", rect.inflate(round(28 * s), round(8 * s)))
        surface.blit(line, rect)

    def occupied_rects(self) -> list[pygame.Rect]:
        """Everything a note laid over the table must leave readable: plates, the cards where
        they lie, the status line, the banner, the buttons and the open log (a game's table
        adds its own marks)."""
        rects = [self.shared.seat_layout(seat).plate for seat in range(self.n)]
        for sprite in self.hands.all_cards():
            if sprite.visible and not sprite.covered:
                w, h = sprite.size
                rect = pygame.Rect(0, 0, round(w * 1.1), round(h * 1.05))
                # where a flying card will lie: the answer stays put while cards move
                centre = sprite.rest[0] if sprite.rest is not None else sprite.draw_centre()
                rect.center = (round(centre[0]), round(centre[1] - sprite.lift))
                rects.append(rect)
        rects += [r for r in (self.status_rect(), self.notices.banner_rect()) if r is not None]
        if self.ui is not None:
            rects += [e.rect for e in self.ui.get_root_container().elements if e.visible]
        if self.move_log.shown:
            rects.append(self.move_log.rect)
        return rects

    def _draw_peek(self, surface: pygame.Surface) -> None:
        title, cards = self.last_round
        s = self.layout.scale
        width = self.layout.table_card_width
        step = round(width * 0.62)
        total = width + step * max(0, len(cards) - 1)
        rect = pygame.Rect(0, 0, max(total, round(260 * s)) + round(40 * s),
                           round(width * 1.4) + round(70 * s))
        rect.center = self.layout.centre.center
        draw_panel(surface, rect, s, 252)
        label = text_surface(title, "bold", round(17 * s), GOLD)
        surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.y + round(10 * s))))
        x = rect.centerx - total / 2 + width / 2
        y = rect.y + round(40 * s) + width * 0.7
        from sprites.card_sprite import CardSprite

        for i, card in enumerate(cards):
            CardSprite(card, (x + i * step, y), width=width).draw(surface, self.app.cards)

