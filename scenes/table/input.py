"""What the person at the screen does: the choices offered, mouse, drag, keys, and submitting a
move.

A part the table owns (:class:`PlayerInput`). Its own state: the choices offered now (the
playable cards, from ``legal_actions()`` only, and the :class:`ActionButton` list), the card
under the mouse, the keyboard focus and a press or drag in progress. Legal cards of the bottom
hand lift on hover, the others dim; click or drag a card onto the table to play it; arrows
choose a card and Enter plays it; an illegal card shows the engine's reason in a toast. The
table's own keys (Esc, L log, P last round, H hint, the Watch keys) do what the table says in
its :class:`TableCommands`. It is handed the :class:`~scenes.table.hands.Hands` it plays from.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from engine.cards import HIDDEN

from ..i18n import tr
from ..messages import message_text
from .hands import Hands
from .motion import Mover, TableCard

DRAG_THRESHOLD = 9  # pixels the mouse moves before a press on a card becomes a drag


@dataclass(frozen=True)
class ActionButton:
    """A non-card action offered to the player: the action, its label, its key and style."""

    action: int
    text: str
    key: int | None = None
    style: str = "@primary_button"


@dataclass(frozen=True)
class TableCommands:
    """What the table's own keys do (its corner buttons do the same); the table gives them."""

    pause: Callable[[], None]
    toggle_log: Callable[[], None]
    toggle_peek: Callable[[], None]
    close_peek: Callable[[], bool]  # closes the last round; False if it was not open
    hints_offered: Callable[[], bool]
    hint: Callable[[], None]
    scroll_log: Callable[[int], bool]  # the open log's keys; False if the key was not one
    wheel: Callable[[pygame.event.Event], Any]  # the mouse wheel scrolls the log
    watch_key: Callable[[int], None]  # Watch AI's keys, while nobody plays at this screen


class PlayerInput:
    """The person's hand and choices at one table."""

    def __init__(self, shared: Any, hands: Hands, mover: Mover, hover_mover: Mover, *,
                 card_actions: range, ready: Callable[[], bool],
                 action_buttons: Callable[[list[int]], list[ActionButton]],
                 restyle: Callable[[], None], rebuild: Callable[[], None],
                 moved: Callable[[], None], toast: Callable[[str], None],
                 commands: TableCommands) -> None:
        self.shared = shared
        self.hands = hands
        self.mover, self.hover_mover = mover, hover_mover
        self.card_actions = card_actions
        self._ready = ready  # the game is not over and nothing is moving
        self._action_buttons = action_buttons  # the game's buttons for the legal actions
        self._restyle = restyle  # the table's look of the hand (a game may change it)
        self._rebuild = rebuild  # the widgets again, when the buttons offered change
        self._moved = moved  # a move was taken: the table takes in its events
        self._toast = toast
        self.commands = commands
        self.playable: set[int] = set()
        self.buttons: list[ActionButton] = []  # the non-card choices offered now
        self.hover: TableCard | None = None
        self.focus: int | None = None
        self.press: tuple[TableCard, tuple[int, int], tuple[float, float]] | None = None
        self.dragging = False

    def my_turn(self) -> bool:
        """Can the person at the screen act now (their seat at the bottom, nothing moving)?"""
        source, view = self.shared.source, self.shared.view
        seat = source.to_move
        return (self._ready() and view.may_act(seat) and seat == view.bottom
                and not source.pending())

    def offer(self) -> None:
        """Everything has been shown: offer the person the legal moves (or nothing)."""
        legal = self.shared.source.legal_actions() if self.my_turn() else []
        self.playable = {a for a in legal if a in self.card_actions}
        buttons = self._action_buttons(legal) if legal else []
        if buttons != self.buttons:
            self.buttons = buttons
            self._rebuild()
        hand = self.hands.bottom()
        if self.focus is not None and (self.focus >= len(hand)
                                       or hand[self.focus].card not in self.playable):
            self.focus = None
        self._restyle()

    def style_hand(self) -> None:
        """On the person's turn the cards that cannot be played dim, the focused one glows."""
        mine = self.my_turn()
        for i, sprite in enumerate(self.hands.bottom()):
            sprite.dim = mine and sprite.card not in self.playable
            sprite.highlight = mine and self.focus == i
        for seat, hand in enumerate(self.hands):
            if seat != self.shared.view.bottom:
                for sprite in hand:
                    sprite.dim = sprite.highlight = False

    def play(self, action: int) -> bool:
        """Submit ``action`` for the person at the screen; a refusal shows the engine's reason."""
        if not self.my_turn():
            if self._ready():
                self._toast(tr("table.not_your_turn"))
            return False
        refusal = self.shared.source.submit(action)
        if refusal is not None:  # a message key + fields, said in the player's language
            self._toast(message_text(refusal))
            self.shared.app.sounds.play("deal", 0.2)
            return False
        self.playable = set()
        self.focus = None
        for sprite in self.hands.bottom():  # the choice is made: the hand looks normal again
            sprite.dim = sprite.highlight = False
            self.hover_mover.lift(sprite, 0.0)
        if self.buttons:
            self.buttons = []
            self._rebuild()
        self._moved()
        return True

    def forget(self) -> None:
        """The cards were made afresh: no card is under the mouse or held any more."""
        self.hover = None
        self.press = None
        self.dragging = False

    # --- events -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event, consumed: bool) -> None:
        """An event the widgets have seen (``consumed``: one of them took it): the wheel, the
        keys, and the mouse on the hand."""
        if event.type == pygame.MOUSEWHEEL:
            self.commands.wheel(event)
        elif event.type == pygame.KEYDOWN and not consumed:
            self.on_key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_moved(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not consumed:
            if not self.commands.close_peek():  # a click anywhere closes the last round first
                self.mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse_up(event.pos)

    def on_key(self, key: int) -> None:
        """Esc pause, L log, P peek, H hint, the open log's keys, Watch keys; then the cards'."""
        commands = self.commands
        if key == pygame.K_ESCAPE:
            if not commands.close_peek():
                commands.pause()
        elif key == pygame.K_l:
            commands.toggle_log()
        elif key == pygame.K_p:
            commands.toggle_peek()
        elif key == pygame.K_h and commands.hints_offered():
            commands.hint()
        elif commands.scroll_log(key):  # while the log is open, ↑ ↓ scroll it
            return
        elif self.shared.view.watch:
            commands.watch_key(key)
        else:
            self.key(key)

    # --- the mouse ------------------------------------------------------------------------------

    def _lift_for(self, sprite: TableCard) -> float:
        return sprite.width * 0.16

    def mouse_moved(self, pos: tuple[int, int]) -> None:
        """A held card follows the mouse; else the playable card under it lifts."""
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

    def mouse_down(self, pos: tuple[int, int]) -> None:
        """A press on a playable card may become a drag; on another card it asks to play it
        (so the refusal says why not)."""
        sprite = self.hands.card_at(pos)
        if sprite is None:
            return
        if self.my_turn() and sprite.card in self.playable:
            self.press = (sprite, pos, (pos[0] - sprite.pos[0], pos[1] - sprite.pos[1]))
            self.dragging = False
        elif sprite.card != HIDDEN:
            self.play(sprite.card)

    def mouse_up(self, pos: tuple[int, int]) -> None:
        """A click plays the card; a drag plays it when dropped above the hand, else it goes
        back."""
        if self.press is None:
            return
        sprite, start, _ = self.press
        dragged = self.dragging
        self.press, self.dragging = None, False
        if dragged:
            hand_top = self.shared.seat_layout(self.shared.view.bottom).hand.top
            sprite.flying = False
            if pos[1] < hand_top and self.play(sprite.card):
                return
            sprite.rest = None  # back into the hand
            self.hands.arrange(0.2)
            return
        self.play(sprite.card)

    def cancel_drag(self) -> None:
        """A card being dragged goes back into the hand (the pause menu opens)."""
        if self.press is not None:
            self.press, self.dragging = None, False
            for sprite in self.hands.bottom():
                sprite.rest = None
                sprite.flying = False
            self.hands.arrange(0.2)

    # --- the keys -------------------------------------------------------------------------------
    def key(self, key: int) -> bool:
        """An action button's key, arrows to choose a card, Enter to play it; True if used."""
        for button in self.buttons:
            if button.key == key:
                self.play(button.action)
                return True
        hand = self.hands.bottom()
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and hand:
            self.move_focus(-1 if key in (pygame.K_LEFT, pygame.K_DOWN) else 1)
            return True
        if (key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is not None
                and self.focus < len(hand) and hand[self.focus].card != HIDDEN):
            self.play(hand[self.focus].card)
            return True
        return False

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
        self._restyle()
        self._update_lifts()
