"""What the person at the screen does: hands, mouse, drag, keys, and submitting a move.

Legal cards of the bottom hand lift on hover, the others dim (from ``legal_actions()`` only);
click or drag a card onto the table to play it; arrows choose a card and Enter plays it; an
illegal card shows the engine's reason in a toast. The action buttons have their keys; L the
move log, P the last trick or battle, Esc the pause menu; Watch keys when nobody plays here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from engine.cards import HIDDEN

from ..i18n import tr
from ..messages import message_text
from .motion import TableCard

DRAG_THRESHOLD = 9  # pixels the mouse moves before a press on a card becomes a drag


@dataclass(frozen=True)
class ActionButton:
    """A non-card action offered to the player: the action, its label, its key and style."""

    action: int
    text: str
    key: int | None = None
    style: str = "@primary_button"


class TableInput:
    """Part of :class:`~scenes.table.scene.TableScene`: choices offered, mouse and keys."""

    def my_turn(self) -> bool:
        """Can the person at the screen act now (their seat at the bottom, nothing moving)?"""
        seat = self.source.to_move
        return (not self.over and self.view.may_act(seat) and seat == self.view.bottom
                and self.animations_idle and not self.source.pending())

    def _offer_choices(self) -> None:
        legal = self.source.legal_actions() if self.my_turn() else []
        self.playable = {a for a in legal if a in self.card_actions}
        buttons = self.action_buttons(legal) if legal else []
        if buttons != self.buttons_shown:
            self.buttons_shown = buttons
            self.rebuild()
        hand = self.hands.bottom()
        if self.focus is not None and (self.focus >= len(hand)
                                       or hand[self.focus].card not in self.playable):
            self.focus = None
        self._style_hand()

    def decision_number(self) -> int:
        """Which decision of the game this is (the table's event version, good enough)."""
        return self._version

    def hints_offered(self) -> bool:
        """Does this table offer hints? (A lesson's coach is its hint: it says no.)"""
        return self.hints.offered()

    def action_rect(self, action: int) -> pygame.Rect | None:
        """Where ``action`` is chosen on screen: its card in the bottom hand, or its button."""
        if action in self.card_actions:
            return self.hands.card_rect(action)
        widget = self.action_widgets.get(action)
        return pygame.Rect(widget.rect) if widget is not None else None

    def pointer_clip(self, action: int) -> pygame.Rect | None:
        """Where the ring round ``action``'s card may be drawn: the card's own visible part and
        the free felt round it, never over the fanned neighbour lying on it (None: anywhere)."""
        if action not in self.card_actions:
            return None
        return self.hands.pointer_clip(action)

    def suggested_action(self) -> int | None:
        """The move the table points at now: the hint's (a lesson points at its own)."""
        hint = self.hints.hint
        return hint.action if hint is not None else None

    def pointed_at(self, action: int) -> tuple[pygame.Rect | None, pygame.Rect | None]:
        """Where ``action`` is chosen and where a ring round it may be drawn (the hint's)."""
        return self.action_rect(action), self.pointer_clip(action)

    def _style_hand(self) -> None:
        mine = self.my_turn()
        for i, sprite in enumerate(self.hands.bottom()):
            sprite.dim = mine and sprite.card not in self.playable
            sprite.highlight = mine and self.focus == i
        for seat, hand in enumerate(self.hands):
            if seat != self.view.bottom:
                for sprite in hand:
                    sprite.dim = sprite.highlight = False

    def play(self, action: int) -> bool:
        """Submit ``action`` for the person at the screen; a refusal shows the engine's reason."""
        if not self.my_turn():
            if not self.over and self.animations_idle:
                self.toast(tr("table.not_your_turn"))
            return False
        refusal = self.source.submit(action)
        if refusal is not None:  # a message key + fields, said in the player's language
            self.toast(message_text(refusal))
            self.app.sounds.play("deal", 0.2)
            return False
        self.playable = set()
        self.focus = None
        for sprite in self.hands.bottom():  # the choice is made: the hand looks normal again
            sprite.dim = sprite.highlight = False
            self.hover_mover.lift(sprite, 0.0)
        if self.buttons_shown:
            self.buttons_shown = []
            self.rebuild()
        self._take_events()
        return True

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
            self._mouse_moved(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
            self._mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.move_log.scroll_wheel(event)
        elif event.type == pygame.KEYDOWN and not consumed:
            self.on_key(event)

    def _lift_for(self, sprite: TableCard) -> float:
        return sprite.width * 0.16

    def _mouse_moved(self, pos: tuple[int, int]) -> None:
        if self.press is not None:
            sprite, start, grab = self.press
            if not self.dragging and math.dist(pos, start) > DRAG_THRESHOLD:
                self.dragging = True
                self.mover.stop(sprite)
                sprite.flying = True
            if self.dragging:
                sprite.pos = (pos[0] - grab[0], pos[1] - grab[1])
                return
        over = self.hands.card_at(pos)
        if over is not self.hover:
            self.hover = over
            self._update_lifts()

    def _update_lifts(self) -> None:
        mine = self.my_turn()
        for i, sprite in enumerate(self.hands.bottom()):
            up = mine and sprite.card in self.playable and (sprite is self.hover or i == self.focus)
            self.hover_mover.lift(sprite, self._lift_for(sprite) if up else 0.0)

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        if self.show_peek:
            self.show_peek = False
            return
        sprite = self.hands.card_at(pos)
        if sprite is None:
            return
        if self.my_turn() and sprite.card in self.playable:
            self.press = (sprite, pos, (pos[0] - sprite.pos[0], pos[1] - sprite.pos[1]))
            self.dragging = False
        else:
            self.play(sprite.card) if sprite.card != HIDDEN else None

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        if self.press is None:
            return
        sprite, start, _ = self.press
        dragged = self.dragging
        self.press, self.dragging = None, False
        if dragged:
            hand_top = self.shared.seat_layout(self.view.bottom).hand.top
            sprite.flying = False
            if pos[1] < hand_top and self.play(sprite.card):
                return
            sprite.rest = None  # back into the hand
            self.hands.arrange(0.2)
            return
        self.play(sprite.card)

    def _cancel_drag(self) -> None:
        if self.press is not None:
            self.press, self.dragging = None, False
            for sprite in self.hands.bottom():
                sprite.rest = None
                sprite.flying = False
            self.hands.arrange(0.2)

    def on_key(self, event: pygame.event.Event) -> None:
        """Esc pause, arrows and Enter for cards, the action keys, L log, P peek, Watch keys."""
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.show_peek:
                self.show_peek = False
            else:
                self.pause()
            return
        if key == pygame.K_l:
            self.toggle_log()
            return
        if key == pygame.K_p:
            self.toggle_peek()
            return
        if key == pygame.K_h and self.hints_offered():
            self.hints.request()
            return
        if self.move_log.scroll_key(key):  # while the log is open, ↑ ↓ scroll it
            return
        if self.view.watch:
            self._watch_key(key)
            return
        for button in self.buttons_shown:
            if button.key == key:
                self.play(button.action)
                return
        hand = self.hands.bottom()
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and hand:
            self.move_focus(-1 if key in (pygame.K_LEFT, pygame.K_DOWN) else 1)
        elif (key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is not None
              and self.focus < len(hand) and hand[self.focus].card != HIDDEN):
            self.play(hand[self.focus].card)

    def move_focus(self, step: int) -> None:
        """Arrows: the focus goes to the next playable card that way (never to one that cannot
        be played now); with none playable it stays off the hand."""
        hand = self.hands.bottom()
        playable = [i for i, sprite in enumerate(hand) if sprite.card in self.playable]
        if not playable:
            self.focus = None
        elif self.focus is None:
            self.focus = playable[0] if step > 0 else playable[-1]
        else:
            ahead = [i for i in playable if (i - self.focus) * step > 0]
            # past the last playable card the focus wraps round to the first one
            self.focus = (min(ahead, key=lambda i: abs(i - self.focus)) if ahead
                          else (playable[0] if step > 0 else playable[-1]))
        self._style_hand()
        self._update_lifts()

    def _watch_key(self, key: int) -> None:
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
