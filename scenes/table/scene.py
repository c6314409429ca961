"""TableScene: the card table both games share; Durak and Azi tables fill in the game's part.

The scene composes parts, each an object with its own state (docs/ARCHITECTURE.md, "The
table"): ``shared`` (:class:`~scenes.table.shared.TableShared`: seat geometry, the one "you"
wording, the view of who sits here, the event source) is handed to the parts, which never reach
into each other. The base keeps the frame: each frame ``source.update(dt, animations_idle)``,
then every new event becomes an :class:`~scenes.table.motion.EventStep` calling
``on_<kind>(event)`` with the event as the screen may show it (private cards of hidden hands are
HIDDEN); the handler moves cards between ``self.hands`` and the game's piles, calls
``arrange()`` and returns the seconds to wait. ``next_step(fn)`` runs ``fn`` before the next
event. Once everything has been shown the cards are checked against the game (``resyncs`` counts
repairs; the tests expect none), then game over, the hot-seat curtain, or the choices offered.

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

A game saved in progress comes back with ``TableScene.resumed(app, saved)`` (the subclass of
the saved game): the position is rebuilt from the state at once, with its move log and the
sealed deal's fingerprint, and a hot-seat table starts behind the curtain.

Tests and benchmarks can set ``TableScene.thinker_factory`` (e.g. ``ThreadThinker``; the
default is the controller's worker process, started only when a computer first has to
decide), ``TableScene.ai_budget`` and ``TableScene.think_pause`` before a table opens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame

from engine.core import Event, Game
from sprites.tween import Timeline
from storage import paths, resume
from storage.records import TableRecorder

from .. import fair_view
from ..controller import SeatSpec, TableController
from ..home import go_home
from ..hotseat import SeatView
from ..i18n import tr
from ..layout import TableLayout, table_layout
from ..scene import UIScene
from ..table_config import TableConfig
from .callouts import CALLOUT_SECONDS, Callouts
from .hands import FLY_SECONDS, Place, TableHands
from .hint import HintPart
from .input import ActionButton, TableInput
from .motion import EventStep, Mover, TableCard
from .move_log import SEPARATOR, MoveLog
from .notices import Notices
from .overlays import TableOverlays
from .plates import Plates
from .shared import TableShared
from .source import LiveSource, Progress, Step
from .still import StillLayer

__all__ = ["ActionButton", "FLY_SECONDS", "Place", "TableScene"]


class TableScene(TableHands, TableInput, TableOverlays, UIScene):
    """The shared table; see the module docstring for the subclass hooks."""

    game_name = "game"
    partial_redraw = True  # a frame sends the window only what changed (scenes/damage.py)
    widget_looks_at_once = True  # button looks drawn when made, not over the next frames
    card_actions: range = range(0)
    thinker_factory: Callable[[], Any] | None = None  # None: the controller's worker process
    ai_budget: float | None = None
    think_pause = 0.6
    saved: resume.SavedTable | None = None  # a game in progress to take up (see ``resumed``)

    @classmethod
    def resumed(cls, app, saved: resume.SavedTable) -> TableScene:
        """The table of ``saved``, back where it was when it was saved."""
        table = cls.__new__(cls)
        table.saved = saved  # read by make_source and _begin, before any game would be dealt
        table.__init__(app, saved.config)
        return table

    def __init__(self, app, config: TableConfig, *, thinker: Any = None) -> None:
        super().__init__(app)
        self.config = config
        self.n = len(config.seats)
        # Watching (a demo, a replay) nobody sits at this screen, even in a person's seat.
        view = SeatView([] if config.watch else
                        [i for i, s in enumerate(config.seats) if s.kind == "human"])
        self.shared = TableShared(app, config, view, table_layout(app.size, self.n))
        self.timeline = Timeline()
        self.mover = Mover()
        self.hover_mover = Mover()  # hover lifts never hold up the game
        self.hands: list[list[TableCard]] = [[] for _ in range(self.n)]
        self._cards: list[TableCard] = []
        self._warm: list[tuple[int, int]] = []  # card faces still to render ahead of need
        self.still_cards = StillLayer()  # the felt with the resting cards, kept between frames
        self.watch_speed = 1.0
        self.clock = 0.0
        self.resyncs = 0
        self.move_log = MoveLog()
        self.show_peek = False
        self.last_round: tuple[str, list[int]] | None = None  # (title, cards) for the peek
        self.hover: TableCard | None = None
        self.focus: int | None = None
        self.press: tuple[TableCard, tuple[int, int], tuple[float, float]] | None = None
        self.dragging = False
        self.playable: set[int] = set()
        self.buttons_shown: list[ActionButton] = []
        self.action_widgets: dict[int, Any] = {}
        self.corner_buttons: dict[str, Any] = {}  # Menu, Log, Last round, Hint (by their key)
        self.text_marks: list[tuple[str, pygame.Rect]] = []  # words drawn in the last frame
        self.over = False
        self.notices = Notices(self.shared, self.banner_avoids)  # the toast and the banner
        self.plates = Plates(self.shared)  # names, words and the turn ring on the seats
        self.callouts = Callouts()  # sentences on the felt by the seat that acted
        self._seen_version = -1
        self._version = 0
        self._thinker = thinker
        self.fingerprint: str | None = None  # commitment of the deal on the table (shown small)
        self.source = self.make_source()
        self.hints = HintPart(self.shared, self.game_name, lambda: type(self).thinker_factory,
                              my_turn=self.my_turn, decision=self.decision_number,
                              toast=self.toast)
        self._started = False

    # --- what the parts share --------------------------------------------------------------------
    @property
    def view(self) -> SeatView:
        """Who sits at this screen and which hands are face up (kept in ``shared``)."""
        return self.shared.view

    @view.setter
    def view(self, view: SeatView) -> None:
        self.shared.view = view

    @property
    def layout(self) -> TableLayout:
        """Where everything is for the window's size (kept in ``shared``)."""
        return self.shared.layout

    @layout.setter
    def layout(self, layout: TableLayout) -> None:
        self.shared.layout = layout

    @property
    def source(self) -> LiveSource:
        """The game as this screen may show it: the only way in to it (kept in ``shared``)."""
        return self.shared.source

    @source.setter
    def source(self, source: LiveSource) -> None:
        self.shared.source = source

    # --- the game -----------------------------------------------------------------------------
    def make_source(self, game: Game | None = None) -> LiveSource:
        """The live game at this screen (``game``, or a new one from ``make_game``)."""
        seats = [SeatSpec(s.name, s.kind, s.level) for s in self.config.seats]
        saved = self.saved if game is None else None
        if saved is not None:
            game, series = resume.restore(saved)
            if series is not None:
                self.series = series
        source = LiveSource(game if game is not None else self.make_game(), self.game_name,
                            seats, thinker=self._thinker, think_pause=self.think_pause,
                            budget=self.ai_budget, thinker_factory=type(self).thinker_factory,
                            resumed=saved, records=paths.records_dir())
        if not self.config.watch:  # a demo is not worth a "Continue"
            source.keep_progress(Progress(self.config, lambda: getattr(self, "series", None),
                                          lambda: self.log_lines, lambda: self.fingerprint))
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
        if self.saved is not None:
            self._take_up(self.saved)
            return
        self.fresh_table()
        self.arrange(instant=True)
        for step in self.source.opening():
            self.queue_step(step)

    def _take_up(self, saved: resume.SavedTable) -> None:
        """A saved game: every card straight to its place, the log and fingerprint as they were."""
        self.saved = None
        self.move_log.lines = list(saved.log)
        self.fingerprint = saved.fingerprint
        self.rebuild_sprites()

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
        self.callouts.clear()
        self.move_log.add(SEPARATOR)
        self._begin()
        self._version += 1
        self.rebuild()

    def exit(self) -> None:
        """Leaving the stack: hand the widgets back and stop the computer players' worker."""
        super().exit()
        self.source.close()
        self.hints.close()

    def leave(self) -> None:
        """The player leaves the table (pause menu or game-over panel): stop the AI worker, and
        forget the saved game (leaving on purpose is no crash to recover from)."""
        forget = getattr(self.source, "forget_progress", None)
        if forget is not None:
            forget()
        self.source.close()
        self.hints.close()

    def go_to_menu(self) -> None:
        """Leave for the main menu."""
        self.leave()
        go_home(self.app)

    def callout(self, seat: int, text: str, seconds: float = CALLOUT_SECONDS, *,
                important: bool = False) -> None:
        """Say ``text`` on the felt beside ``seat`` (-1: the middle of the table)."""
        self.callouts.say(seat, text, seconds, important=important)

    def turn_progress(self, seat: int) -> float | None:
        """How far a computer's think pause has run (0 … 1); None for a person's turn."""
        if self.source.is_human(seat):
            return None
        return self.plates.turn_progress(seat, max(0.3, self.think_pause / self.speed))

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

    def settled(self) -> None:
        """Everything so far has been shown: bring plate words up to date (override)."""

    def draw_under(self, surface: pygame.Surface) -> None:
        """Drawn over the felt, under the cards (talon counter, labels)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Drawn over the cards, under the widgets."""

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
        self.timeline.speed = speed
        self.timeline.update(dt)
        self.mover.update(dt * speed)
        self.hover_mover.update(dt)
        self.notices.update(dt, speed)
        self.callouts.update(dt * speed)
        self.plates.update(dt * speed)
        self.source.speed = speed
        self.source.update(dt, self.animations_idle)
        for seat in getattr(self.source, "take_fallbacks", list)():  # a live table's own players
            self.toast(tr("table.ai_fallback", name=self.shared.seat_name(seat)))
        self._take_events()
        self.hints.update()
        seat = self.source.to_move if self.animations_idle and not self.over else None
        self.plates.tick(seat, dt)
        if self.animations_idle and not self.source.pending():
            self._settled()
        super().update(dt)

    def _warm_up(self, budget: float = 0.002) -> None:
        """Render a few card faces each frame before they are needed (no stall mid-deal): at
        least one, and another only while the time it took fits in ``budget`` (the shuffle's
        frames are full already; a face at 1920×1080 costs a millisecond or two)."""
        if not self._warm or getattr(self.app, "fading", False):
            return
        import time

        started = now = time.perf_counter()
        spent = 0.0
        while self._warm and now - started + spent <= budget:
            card, width = self._warm.pop()
            self.app.cards.face(card, width)
            spent, now = time.perf_counter() - now, time.perf_counter()

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
        self.move_log.add(*lines)

    @property
    def log_lines(self) -> list[str]:
        """The move log's lines (tests read them)."""
        return self.move_log.lines

    @property
    def show_log(self) -> bool:
        """Is the move log open?"""
        return self.move_log.shown

    def _settled(self) -> None:
        """Everything shown: check the cards, then game over, curtain, or offer the choices."""
        if self._seen_version == self._version:
            return
        self._seen_version = self._version
        if not (self.hands_match() and self.piles_match()):
            self.resyncs += 1
            self.rebuild_sprites()
            self._seen_version = self._version
        self.settled()
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
        self.app.push(CurtainScene(self.app, self.shared.seat_name(seat),
                                   on_ready=lambda: self._curtain_lifted(seat),
                                   on_pause=self.pause))

    def _curtain_lifted(self, seat: int) -> None:
        self.view.reveal(seat)
        self.rebuild_sprites()
        self._seen_version = -1

    def resume(self) -> None:
        """Back from the pause menu, settings or the curtain: lay the widgets out again."""
        self.layout = table_layout(self.app.size, self.n)
        self.rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out again; cards land at their new places at once."""
        self.layout = table_layout(size, self.n)
        self.timeline.finish_all()
        self.mover.finish_all()
        self.arrange(instant=True)
        self.rebuild()
