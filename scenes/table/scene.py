"""TableScene: the card table both games share; Durak and Azi tables fill in the game's part.

What the base does
    * the felt, the seat plates (name, a value such as cards held or chips, a detail line, a
      gold ring on the seat to move, "thinking…" with moving dots while a computer decides,
      and short words from ``bubble(seat, text)`` such as "pass" or "takes");
    * hands: ``self.hands[seat]`` is a list of :class:`~scenes.table.motion.TableCard`; the
      bottom seat's hand is fanned large, the others are rows of smaller cards. Whether a hand
      is face up is decided only by ``self.view`` (:class:`scenes.hotseat.SeatView`);
      ``add_to_hand`` keeps a face-up hand in ``sort_key`` order, ``take_from_hand`` finds a
      card (or any card of a hidden hand);
    * motion: ``self.mover`` (one tween per card property, re-aimable mid-flight: ``go``,
      ``flip``, ``place``) and ``self.timeline`` (events one after the other). ``arrange()``
      sends every card to the :class:`Place` that ``rest_places()`` gives it (hands are placed
      by the base), so a handler only moves cards between lists and calls ``arrange()``.
      ``next_step(fn)`` runs ``fn`` (returning seconds to wait) before the next event, for
      multi-stage effects. The settings' animation speed (times the Watch speed) scales both;
    * the source (:mod:`scenes.table.source`, the only way in to the game): each frame
      ``source.update(dt, animations_idle)``, then every new event it gives becomes an :class:`~scenes.table.motion.EventStep` calling
      ``on_<kind>(event)`` with the event as the screen may show it (private cards of hidden
      hands are HIDDEN); the handler returns the seconds to wait before the next event. Once
      everything has been shown the cards are checked against the game (``resyncs`` counts
      repairs; the tests expect none);
    * input: legal cards of the bottom hand lift on hover, others dim (from ``legal_actions()``
      only); click or drag a card onto the table to play it; arrows choose a card and Enter
      plays it; an illegal card shows the engine's reason in a toast (``toast(text)``); the
      action buttons ``action_buttons(legal)`` asks for, with their keys; L the move log,
      P the last trick/battle (``self.last_round = (title, cards)``); Esc the pause menu
      (resume, rules, settings, leave after a question); ``announce(text)`` shows a banner;
    * hot-seat: the curtain goes up whenever another human's decision comes (``SeatView``);
      Watch AI: pause, single step, speed ¼×–4×, "show all hands", in the bottom-right corner;
    * game over: remaining hands turn face up and the panel of :mod:`scenes.game_over` opens
      with "Play again" (or the ``summary().again`` text, e.g. "Next game") and "Menu".

What a subclass provides (see scenes/table/durak/table.py)
    ``game_name``; ``card_actions`` (the range of actions that are cards);
    ``make_game()`` → the engine game of a live table (the source animates the shuffle and
    deal already in it); ``fresh_table()`` → the cards before the
    opening (e.g. the deck on the talon); ``true_hand(seat)``; ``build_piles()`` (every card
    not in a hand, from the game state) and ``rest_places()`` (their places); ``piles_match()``;
    ``on_<event kind>(event) -> seconds``; ``action_buttons(legal)``; ``plate_text(seat)``;
    ``status_text()``; ``describe(event)`` for the log; ``summary()`` for the game-over panel;
    ``next_game()`` for Play again; optional ``draw_under(surface)`` / ``draw_over(surface)``
    and ``sort_key(card)`` for the order of the bottom hand.

Tests and benchmarks can set ``TableScene.thinker_factory`` (e.g. ``ThreadThinker``; the
default is the controller's worker process, started only when a computer first has to
decide), ``TableScene.ai_budget`` and ``TableScene.think_pause`` before a table opens.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import pygame

from engine.cards import HIDDEN
from engine.core import Event, Game, event_seen_by
from sprites.tween import Timeline

from .. import fair_view
from ..controller import SeatSpec, TableController
from ..hotseat import SeatView
from ..i18n import tr
from ..layout import SeatLayout, TableLayout, fan_positions, row_positions, table_layout
from ..scene import UIScene
from ..card_text import card_text
from ..records import TableRecorder
from ..table_config import TableConfig
from .motion import EventStep, Mover, TableCard
from .source import LiveSource, Step
from ..widgets import CREAM, GOLD, MUTED, draw_panel, draw_plate, text_surface

WATCH_SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
FLY_SECONDS = 0.38  # a card crossing the table at normal speed
TOAST_SECONDS = 2.8
DRAG_THRESHOLD = 9  # pixels the mouse moves before a press on a card becomes a drag


@dataclass(frozen=True)
class ActionButton:
    """A non-card action offered to the player: the action, its label, its key and style."""

    action: int
    text: str
    key: int | None = None
    style: str = "@primary_button"


@dataclass(frozen=True)
class Place:
    """Where a card rests: centre, rotation, width, draw order, and face up or not."""

    pos: tuple[float, float]
    rotation: float
    width: int
    z: int
    covered: bool = False  # lies under other cards of a pile: not drawn unless it moves


class TableScene(UIScene):
    """The shared table; see the module docstring for the subclass hooks."""

    game_name = "game"
    card_actions: range = range(0)
    thinker_factory: Callable[[], Any] | None = None  # None: the controller's worker process
    ai_budget: float | None = None
    think_pause = 0.6

    def __init__(self, app, config: TableConfig, *, thinker: Any = None) -> None:
        super().__init__(app)
        self.config = config
        self.n = len(config.seats)
        self.view = SeatView([i for i, s in enumerate(config.seats) if s.kind == "human"])
        self.layout: TableLayout = table_layout(app.size, self.n)
        self.timeline = Timeline()
        self.mover = Mover()
        self.hover_mover = Mover()  # hover lifts never hold up the game
        self.hands: list[list[TableCard]] = [[] for _ in range(self.n)]
        self._cards: list[TableCard] = []
        self._warm: list[tuple[int, int]] = []  # card faces still to render ahead of need
        self.watch_speed = 1.0
        self.clock = 0.0
        self.resyncs = 0
        self.log_lines: list[str] = []
        self.show_log = False
        self.show_peek = False
        self.last_round: tuple[str, list[int]] | None = None  # (title, cards) for the peek
        self.toast_text = ""
        self.toast_age = TOAST_SECONDS
        self.hover: TableCard | None = None
        self.focus: int | None = None
        self.press: tuple[TableCard, tuple[int, int], tuple[float, float]] | None = None
        self.dragging = False
        self.playable: set[int] = set()
        self.buttons_shown: list[ActionButton] = []
        self.action_widgets: dict[int, Any] = {}
        self.over = False
        self.banner_text = ""
        self.banner_age = 0.0
        self.banner_seconds = 0.0
        self.bubbles: dict[int, tuple[str, float]] = {}  # seat → (word on its plate, seconds)
        self._seen_version = -1
        self._version = 0
        self._thinker = thinker
        self.fingerprint: str | None = None  # commitment of the deal on the table (shown small)
        self.source = self.make_source()
        self._started = False

    # --- the game -----------------------------------------------------------------------------
    def make_source(self, game: Game | None = None) -> LiveSource:
        """The live game at this screen (``game``, or a new one from ``make_game``)."""
        seats = [SeatSpec(s.name, s.kind, s.level) for s in self.config.seats]
        source = LiveSource(game if game is not None else self.make_game(), self.game_name,
                            seats, thinker=self._thinker, think_pause=self.think_pause,
                            budget=self.ai_budget, thinker_factory=type(self).thinker_factory)
        self._thinker = source.thinker
        return source

    @property
    def game(self) -> Game:
        """The engine game of a live table (tests; the table itself reads only the source)."""
        return self.source.game

    @property
    def recorder(self) -> TableRecorder:
        """The live table's game record keeper (tests)."""
        return self.source.recorder

    @property
    def controller(self) -> TableController:
        """The live table's controller (tests)."""
        return self.source.controller

    @controller.setter
    def controller(self, controller: TableController) -> None:
        self.source.controller = controller

    def _new_controller(self, game: Game) -> TableController:
        """A controller for ``game`` with this table's seats (tests set up positions with it)."""
        return self.make_source(game).controller

    def public(self) -> dict[str, Any]:
        """The shared-screen observation: what everybody at the table may know."""
        return self.source.observation(None)

    def enter(self) -> None:
        """Build the buttons and, the first time, lay the deck and start the opening."""
        super().enter()
        if not self._started:
            self._started = True
            self._begin()

    def _begin(self) -> None:
        widths = {self.layout.table_card_width, *(seat.card_width for seat in self.layout.seats)}
        self._warm = [(card, w) for w in sorted(widths, reverse=True) for card in self.card_actions]
        self.hands = [[] for _ in range(self.n)]
        self.fresh_table()
        self.arrange(instant=True)
        for step in self.source.opening():
            self.queue_step(step)

    def restart(self, game: Game) -> None:
        """Deal a new game at this table (Play again / Next game)."""
        self.timeline.clear()
        self.mover.finish_all()
        self.source = self.make_source(game)
        self.fingerprint = None
        self.view = SeatView(self.view.humans, show_all=self.view.show_all)
        self.over = False
        self.last_round = None
        self.show_peek = False
        self.log_lines.append("—")
        self._begin()
        self._version += 1
        self.rebuild()

    def exit(self) -> None:
        """Leaving the stack: hand the widgets back and stop the computer players' worker."""
        super().exit()
        self.source.close()

    def leave(self) -> None:
        """The player leaves the table (pause menu or game-over panel): stop the AI worker."""
        self.source.close()

    def go_to_menu(self) -> None:
        """Leave for the main menu."""
        from ..main_menu import MainMenu

        self.leave()
        self.app.reset(MainMenu(self.app))

    # --- subclass hooks -----------------------------------------------------------------------
    def make_game(self) -> Game:
        """The engine game for ``self.config`` (override)."""
        raise NotImplementedError

    def fresh_table(self) -> None:
        """Create the cards lying on the table before the opening events (override)."""

    def true_hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds in the game now (override)."""
        raise NotImplementedError

    def build_piles(self) -> None:
        """Recreate every card that is not in a hand from the game state (override)."""

    def rest_places(self) -> Iterator[tuple[TableCard, Place]]:
        """Places of the cards that are not in hands (override)."""
        return iter(())

    def piles_match(self) -> bool:
        """Do the cards outside the hands show the game state? (override)"""
        return True

    def action_buttons(self, legal: list[int]) -> list[ActionButton]:
        """Buttons for the legal actions that are not cards (override)."""
        return []

    def plate_text(self, seat: int) -> tuple[str, str, bool]:
        """(value, detail, muted) for ``seat``'s plate (override)."""
        return str(len(self.hands[seat])), "", False

    def status_text(self) -> str:
        """The line above the bottom hand: what happens or what to do now (override)."""
        return ""

    def describe(self, event: Event) -> str | None:
        """A line for the move log, or None (override)."""
        return None

    def summary(self):
        """The game-over panel's Summary (override)."""
        from ..game_over import Summary

        return Summary(tr("table.game_over"))

    def next_game(self) -> Game:
        """The game Play again deals (override)."""
        return self.make_game()

    def sort_key(self, card: int) -> Any:
        """Order of cards in the bottom hand (override: e.g. trumps last)."""
        return card

    def draw_under(self, surface: pygame.Surface) -> None:
        """Drawn over the felt, under the cards (talon counter, labels)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Drawn over the cards, under the widgets."""

    # --- seats and places ---------------------------------------------------------------------
    def seat_layout(self, seat: int) -> SeatLayout:
        """Where game seat ``seat`` sits on screen (the bottom seat is layout seat 0)."""
        return self.layout.seats[(seat - self.view.bottom) % self.n]

    def seat_name(self, seat: int) -> str:
        """The name of the player in ``seat``."""
        return self.config.seats[seat].name

    def is_bottom(self, seat: int) -> bool:
        """Is ``seat`` the one drawn at the bottom, large?"""
        return seat == self.view.bottom

    def shown_card(self, seat: int, card: int) -> int:
        """``card`` as the viewer may see it in ``seat``'s hand."""
        return card if self.view.face_up(seat) else HIDDEN

    def seen(self, event: Event) -> Event:
        """``event`` as the screen may show it (private cards of hidden hands become HIDDEN)."""
        if not event.private or self.view.face_up(event.seat):
            return event
        return event_seen_by(event, None)

    def new_card(self, card: int, pos: tuple[float, float], width: int, *, face_up: bool = True,
                 rotation: float = 0.0, z: int = 0) -> TableCard:
        """A card sprite lying at ``pos``."""
        sprite = TableCard(card, pos, width=width, face_up=face_up and card != HIDDEN,
                           rotation=rotation, z=z)
        sprite.rest = (sprite.pos, float(rotation), int(width))
        return sprite

    def hand_places(self, seat: int, count: int) -> list[tuple[float, float, float]]:
        """Centres and turns of ``count`` cards in ``seat``'s hand."""
        lay = self.seat_layout(seat)
        if self.is_bottom(seat):
            return fan_positions(count, lay.hand, lay.card_width)
        return row_positions(count, lay.hand, lay.card_width)

    def hand_width(self, seat: int) -> int:
        """Card width in ``seat``'s hand."""
        return self.seat_layout(seat).card_width

    def add_to_hand(self, seat: int, sprite: TableCard) -> None:
        """Put ``sprite`` into ``seat``'s hand, in order when the hand is face up."""
        hand = self.hands[seat]
        if sprite.card != HIDDEN and self.view.face_up(seat):
            key = self.sort_key(sprite.card)
            i = 0
            while i < len(hand) and (hand[i].card == HIDDEN or self.sort_key(hand[i].card) < key):
                i += 1
            hand.insert(i, sprite)
        else:
            hand.append(sprite)

    def take_from_hand(self, seat: int, card: int) -> TableCard:
        """Remove the sprite of ``card`` from ``seat``'s hand (a hidden one if it is not shown)."""
        hand = self.hands[seat]
        for i, sprite in enumerate(hand):
            if sprite.card == card:
                return hand.pop(i)
        if not hand:  # out of step with the game: make the card where the hand is
            lay = self.seat_layout(seat)
            self.resyncs += 1
            return self.new_card(HIDDEN, lay.hand.center, lay.card_width, face_up=False)
        # a hidden hand: take the card nearest the middle so the row closes up evenly
        return hand.pop(len(hand) // 2)

    def _all_places(self) -> Iterator[tuple[TableCard, Place]]:
        for seat, hand in enumerate(self.hands):
            width = self.hand_width(seat)
            base_z = 300 if self.is_bottom(seat) else 100
            places = self.hand_places(seat, len(hand))
            for i, (sprite, (x, y, angle)) in enumerate(zip(hand, places)):
                yield sprite, Place((x, y), angle, width, base_z + i)
        yield from self.rest_places()

    def all_cards(self) -> list[TableCard]:
        """Every card sprite on the table (as of the last ``arrange``)."""
        return self._cards

    def arrange(self, duration: float = FLY_SECONDS, *, delay: float = 0.0,
                instant: bool = False) -> None:
        """Send every card whose place changed to its place (at once when ``instant``)."""
        self._cards = []
        for sprite, place in self._all_places():
            self._cards.append(sprite)
            sprite.z = place.z
            sprite.covered = place.covered
            sprite.shadow = not place.covered
            target = ((float(place.pos[0]), float(place.pos[1])), float(place.rotation),
                      place.width)
            if instant:
                self.mover.place(sprite, place.pos, place.rotation, place.width)
            elif sprite.rest != target:
                far = math.dist(sprite.pos, target[0]) > sprite.width * 1.2
                self.mover.go(sprite, place.pos, place.rotation, place.width, duration,
                              delay=delay, fly=far or sprite.width != place.width)

    def rebuild_sprites(self) -> None:
        """Recreate every card from the game state, in place (nothing is animating)."""
        self.timeline.finish_all()
        self.mover.finish_all()
        self.hover_mover.finish_all()
        self.hover = None
        self.press = None
        self.dragging = False
        self.hands = [[] for _ in range(self.n)]
        for seat in range(self.n):
            face_up = self.view.face_up(seat)
            for card in self.true_hand(seat):
                shown = card if face_up else HIDDEN
                self.add_to_hand(seat, self.new_card(shown, (0, 0), self.hand_width(seat),
                                                     face_up=face_up))
        self.build_piles()
        self.arrange(instant=True)
        self._version += 1

    def hands_match(self) -> bool:
        """Do the hands on screen hold the game's cards (as the viewer may see them)?"""
        for seat, hand in enumerate(self.hands):
            expected = sorted(self.shown_card(seat, c) for c in self.true_hand(seat))
            if sorted(s.card for s in hand) != expected:
                return False
            if any(s.face_up != (s.card != HIDDEN) for s in hand):
                return False
        return True

    # --- the frame ----------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        """The animation speed: the setting times the Watch speed."""
        return max(0.05, self.app.settings.animation_speed * self.watch_speed)

    @property
    def animations_idle(self) -> bool:
        """True when no event is being shown and no card is moving."""
        return self.timeline.idle and self.mover.idle

    def update(self, dt: float) -> None:
        """Animate, let the controller move the computer players, take in new events."""
        speed = self.speed
        self._warm_up()
        self.clock += dt
        self.toast_age += dt
        self.timeline.speed = speed
        self.timeline.update(dt)
        self.mover.update(dt * speed)
        self.hover_mover.update(dt)
        self.banner_age += dt * speed
        for seat, (text, left) in list(self.bubbles.items()):
            if left - dt * speed <= 0:
                del self.bubbles[seat]
            else:
                self.bubbles[seat] = (text, left - dt * speed)
        self.source.speed = speed
        self.source.update(dt, self.animations_idle)
        self._take_events()
        if self.animations_idle and not self.source.pending():
            self._settled()
        super().update(dt)

    def _warm_up(self, budget: float = 0.003) -> None:
        """Render a few card faces each frame before they are needed (no stall mid-deal)."""
        if not self._warm:
            return
        import time

        started = time.perf_counter()
        while self._warm and time.perf_counter() - started < budget:
            card, width = self._warm.pop()
            self.app.cards.face(card, width)

    def _take_events(self) -> None:
        for step in self.source.take_steps():
            self.queue_step(step)

    def queue_step(self, step: Step) -> None:
        """Show ``step`` (an event, or log lines) after everything queued before it."""
        if step.sealed:
            self.timeline.then(EventStep(lambda: self._seal(step.sealed)))
        if step.event is not None:
            self.queue_event(step.event)
        if step.lines:
            self.timeline.then(EventStep(lambda: self._log_step(step.lines)))

    def queue_event(self, event: Event) -> None:
        """Show ``event`` after everything queued before it."""
        self._version += 1
        self.timeline.then(EventStep(lambda: self._run_event(event)))

    def _seal(self, commitment: str) -> float:
        """A deal is about to be shuffled: show its commitment (nothing of the cards)."""
        self.fingerprint = commitment
        self.log(fair_view.sealed_line(commitment))
        return 0.0

    def _log_step(self, lines: tuple[str, ...]) -> float:
        self.log(*lines)
        return 0.0

    def _run_event(self, event: Event) -> float:
        seen = self.seen(event)
        line = self.describe(seen)
        if line:
            self.log(line)
        handler = getattr(self, "on_" + event.kind, None)
        return handler(seen) if handler is not None else 0.0

    def log(self, *lines: str) -> None:
        """Add lines to the move log (it keeps the last 200)."""
        self.log_lines.extend(lines)
        del self.log_lines[:-200]

    def _settled(self) -> None:
        """Everything shown: check the cards, then game over, curtain, or offer the choices."""
        if self._seen_version == self._version:
            return
        self._seen_version = self._version
        if not (self.hands_match() and self.piles_match()):
            self.resyncs += 1
            self.rebuild_sprites()
            self._seen_version = self._version
        if self.source.is_over():
            if not self.over:
                self._game_over()
            return
        if self.view.needs_curtain(self.source.to_move):
            self._raise_curtain(self.source.to_move)
            return
        self._offer_choices()

    def _raise_curtain(self, seat: int) -> None:
        from ..dialogs import CurtainScene

        self.view.hide()
        self.rebuild_sprites()  # every human hand face down before anything else is drawn
        self._seen_version = self._version
        self.app.push(CurtainScene(self.app, self.seat_name(seat),
                                   on_ready=lambda: self._curtain_lifted(seat)))

    def _curtain_lifted(self, seat: int) -> None:
        self.view.reveal(seat)
        self.rebuild_sprites()
        self._seen_version = -1

    def resume(self) -> None:
        """Back from the pause menu, settings or the curtain: lay the widgets out again."""
        self.layout = table_layout(self.app.size, self.n)
        self.rebuild()

    # --- decisions ----------------------------------------------------------------------------
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
        self._style_hand()
        if self.focus is not None and self.focus >= len(self.bottom_hand()):
            self.focus = None

    def bottom_hand(self) -> list[TableCard]:
        """The cards of the seat at the bottom."""
        return self.hands[self.view.bottom]

    def _style_hand(self) -> None:
        mine = self.my_turn()
        for i, sprite in enumerate(self.bottom_hand()):
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
        reason = self.source.submit(action)
        if reason is not None:
            self.toast(reason[:1].upper() + reason[1:])
            self.app.sounds.play("deal", 0.2)
            return False
        self.playable = set()
        self.focus = None
        for sprite in self.bottom_hand():  # the choice is made: the hand looks normal again
            sprite.dim = sprite.highlight = False
            self.hover_mover.lift(sprite, 0.0)
        if self.buttons_shown:
            self.buttons_shown = []
            self.rebuild()
        self._take_events()
        return True

    def toast(self, text: str) -> None:
        """Show ``text`` briefly above the hand (a refusal, a hint)."""
        self.toast_text, self.toast_age = text, 0.0

    def announce(self, text: str, seconds: float = 1.6) -> None:
        """Show ``text`` large over the table for a while (in animation time)."""
        self.banner_text, self.banner_age, self.banner_seconds = text, 0.0, seconds

    def bubble(self, seat: int, text: str, seconds: float = 1.6) -> None:
        """Show a word on ``seat``'s plate for a while ("pass", "takes")."""
        self.bubbles[seat] = (text, seconds)

    def next_step(self, handler: Callable[[], float]) -> None:
        """Run ``handler`` right after the step now running, before the next event."""
        self.timeline.phases.insert(1 if self.timeline.phases else 0,
                                    self._group(EventStep(handler)))

    @staticmethod
    def _group(step: Any):
        from sprites.tween import Group

        return Group([step])

    # --- game over ----------------------------------------------------------------------------
    def _game_over(self) -> None:
        self.over = True
        self.view.game_over = True
        self.buttons_shown = []
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
            self.app.push(GameOverScene(self.app, summary, on_again=self.play_again,
                                        on_menu=self.go_to_menu))

    def play_again(self) -> None:
        """Deal the next game at the same table."""
        self.restart(self.next_game())

    # --- widgets ------------------------------------------------------------------------------
    def build(self, rect: pygame.Rect) -> None:
        """Menu in the top-left corner; Log and Last battle over the bottom plate; the action
        buttons (or, when watching, the Watch controls) in the bottom-right corner."""
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
        log_w = round(plate.width * 0.36)
        row = pygame.Rect(plate.x, plate.y - gap - bh, plate.width, bh)
        for key, action, r in (
                ("table.log_button", self.toggle_log, pygame.Rect(row.x, row.y, log_w, bh)),
                ("table.peek_button", self.toggle_peek,
                 pygame.Rect(row.x + log_w + gap, row.y, row.width - log_w - gap, bh))):
            self.corner_buttons[key] = self.button(r, tr(key), action, object_id="@quiet_button",
                                                   tooltip=tr(key + "_tip"))
        self.watch_buttons = {}
        self.action_widgets = {}
        area = self.layout.actions.inflate(-2 * margin, 0)
        if self.view.watch:
            self._build_watch_panel(area, s)
            return
        h = round(50 * s)
        y = area.bottom - margin - h
        for button in reversed(self.buttons_shown):
            widget = self.button(pygame.Rect(area.x, y, area.width, h), button.text,
                                 lambda a=button.action: self.play(a), object_id=button.style)
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
        for row in rows:
            x = area.x
            for key, text, action, width, style in row:
                self.watch_buttons[key] = self.button(pygame.Rect(x, y, width, bh), text, action,
                                                      object_id=style)
                x += width + gap
            y += bh + gap

    def _speed_text(self) -> str:
        speed = self.watch_speed
        text = {0.25: "\u00bc", 0.5: "\u00bd"}.get(speed, f"{speed:g}")
        return text + "\u00d7"

    def pause(self) -> None:
        """Esc: the pause menu."""
        from ..dialogs import PauseScene

        self._cancel_drag()
        self.app.push(PauseScene(self.app, game=self.config.game, on_leave=self.leave))

    def toggle_log(self) -> None:
        """Show or hide the move log."""
        self.show_log = not self.show_log

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

    # --- input --------------------------------------------------------------------------------
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
        elif event.type == pygame.KEYDOWN and not consumed:
            self.on_key(event)

    def card_at(self, pos: tuple[int, int]) -> TableCard | None:
        """The topmost card of the bottom hand under ``pos``."""
        for sprite in reversed(self.bottom_hand()):
            if sprite.contains(pos):
                return sprite
        return None

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
        over = self.card_at(pos)
        if over is not self.hover:
            self.hover = over
            self._update_lifts()

    def _update_lifts(self) -> None:
        mine = self.my_turn()
        for i, sprite in enumerate(self.bottom_hand()):
            up = mine and sprite.card in self.playable and (sprite is self.hover or i == self.focus)
            self.hover_mover.lift(sprite, self._lift_for(sprite) if up else 0.0)

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        if self.show_peek:
            self.show_peek = False
            return
        sprite = self.card_at(pos)
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
            hand_top = self.seat_layout(self.view.bottom).hand.top
            sprite.flying = False
            if pos[1] < hand_top and self.play(sprite.card):
                return
            sprite.rest = None  # back into the hand
            self.arrange(0.2)
            return
        self.play(sprite.card)

    def _cancel_drag(self) -> None:
        if self.press is not None:
            self.press, self.dragging = None, False
            for sprite in self.bottom_hand():
                sprite.rest = None
                sprite.flying = False
            self.arrange(0.2)

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
        if self.view.watch:
            self._watch_key(key)
            return
        for button in self.buttons_shown:
            if button.key == key:
                self.play(button.action)
                return
        hand = self.bottom_hand()
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and hand:
            step = -1 if key in (pygame.K_LEFT, pygame.K_DOWN) else 1
            if self.focus is None:
                self.focus = 0 if step > 0 else len(hand) - 1
            else:
                self.focus = (self.focus + step) % len(hand)
            self._style_hand()
            self._update_lifts()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is not None:
            if self.focus < len(hand) and hand[self.focus].card != HIDDEN:
                self.play(hand[self.focus].card)

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

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out again; cards land at their new places at once."""
        self.layout = table_layout(size, self.n)
        self.timeline.finish_all()
        self.mover.finish_all()
        self.arrange(instant=True)
        self.rebuild()

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Felt, plates, cards, overlays, widgets, toast."""
        layout = self.layout
        surface.blit(self.app.table_felt(layout.oval), (0, 0))
        self.draw_under(surface)
        self._draw_plates(surface)
        cards = self.app.cards
        moving = self.mover.moving
        for sprite in sorted(self._cards, key=lambda c: (c.flying, c.z)):
            if not sprite.covered or moving(sprite):
                sprite.draw(surface, cards)
        self._draw_status(surface)
        if self.fingerprint:
            fair_view.draw_fingerprint(surface, self.fingerprint, self.layout.scale)
        self.draw_over(surface)
        self._draw_banner(surface)
        if self.show_peek and self.last_round is not None:
            self._draw_peek(surface)
        if self.show_log:
            self._draw_log(surface)
        if self.ui is not None:
            self.ui.draw_ui(surface)
        self._draw_toast(surface)

    def thinking_seat(self) -> int | None:
        """The computer seat whose decision the table waits for (shown as thinking)."""
        seat = self.source.to_move
        if (seat is None or self.over or self.source.is_human(seat)
                or not self.animations_idle):
            return None
        return seat

    def _draw_plates(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        thinking = self.thinking_seat()
        to_move = self.source.to_move if self.animations_idle and not self.over else None
        for seat in range(self.n):
            lay = self.seat_layout(seat)
            value, detail, muted = self.plate_text(seat)
            if seat in self.bubbles:
                detail = self.bubbles[seat][0]
            if seat == thinking:
                dots = "." * (1 + int(self.clock * 3) % 3)
                detail = tr("table.thinking") + dots
            draw_plate(surface, lay.plate, self.seat_name(seat), detail, value, scale=s,
                       active=seat == to_move, muted=muted)

    def _draw_status(self, surface: pygame.Surface) -> None:
        text = self.status_text()
        if not text:
            return
        s = self.layout.scale
        line = card_text(text, "bold", round(19 * s), GOLD if self.my_turn() else CREAM,
                         self.app.cards)
        rect = line.get_rect(center=self.layout.message.center)
        back = rect.inflate(round(28 * s), round(8 * s))
        draw_panel(surface, back, s * 0.6, 150)
        surface.blit(line, rect)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        if not self.banner_text or self.banner_age >= self.banner_seconds:
            return
        s = self.layout.scale
        fade = min(1.0, (self.banner_seconds - self.banner_age) / 0.3, self.banner_age / 0.15 + 0.2)
        line = card_text(self.banner_text, "display", round(30 * s), GOLD, self.app.cards)
        centre = self.layout.centre
        rect = line.get_rect(center=(centre.centerx, centre.top + round(26 * s)))
        back = rect.inflate(round(40 * s), round(14 * s))
        panel = pygame.Surface(back.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (5, 21, 13, round(215 * fade)), panel.get_rect(),
                         border_radius=round(12 * s))
        pygame.draw.rect(panel, (*GOLD, round(170 * fade)), panel.get_rect(), width=1,
                         border_radius=round(12 * s))
        surface.blit(panel, back)
        line.set_alpha(round(255 * fade))
        surface.blit(line, rect)
        line.set_alpha(255)

    def _draw_toast(self, surface: pygame.Surface) -> None:
        if not self.toast_text or self.toast_age >= TOAST_SECONDS:
            return
        s = self.layout.scale
        line = card_text(self.toast_text, "bold", round(18 * s), (255, 226, 200), self.app.cards)
        rect = line.get_rect(center=(self.layout.message.centerx,
                                     self.layout.message.centery - round(44 * s)))
        back = rect.inflate(round(36 * s), round(16 * s))
        fade = min(1.0, (TOAST_SECONDS - self.toast_age) / 0.4)
        panel = pygame.Surface(back.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (120, 30, 24, round(225 * fade)), panel.get_rect(),
                         border_radius=round(10 * s))
        pygame.draw.rect(panel, (*GOLD, round(200 * fade)), panel.get_rect(), width=1,
                         border_radius=round(10 * s))
        surface.blit(panel, back)
        line.set_alpha(round(255 * fade))
        surface.blit(line, rect)
        line.set_alpha(255)

    def log_rect(self) -> pygame.Rect:
        """Where the move log panel goes (right side)."""
        s = self.layout.scale
        w, h = self.app.size
        top = round(54 * s)
        width = round(300 * s)
        return pygame.Rect(w - width - round(10 * s), top, width,
                           self.layout.message.top - top - round(10 * s))

    def _draw_log(self, surface: pygame.Surface) -> None:
        s = self.layout.scale
        rect = self.log_rect()
        draw_panel(surface, rect, s, 252)
        title = text_surface(tr("table.log_title"), "bold", round(17 * s), GOLD)
        surface.blit(title, (rect.x + round(14 * s), rect.y + round(10 * s)))
        size = round(15 * s)
        step = round(size * 1.4)
        y = rect.bottom - round(10 * s) - step
        top = rect.y + round(10 * s) + title.get_height() + round(6 * s)
        for line in reversed(self.log_lines):
            if y < top:
                break
            colour = MUTED if line == "—" else CREAM
            image = card_text(line, "text", size, colour, self.app.cards)
            surface.blit(image, (rect.x + round(14 * s), y),
                         area=pygame.Rect(0, 0, rect.width - round(28 * s), image.get_height()))
            y -= step

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
