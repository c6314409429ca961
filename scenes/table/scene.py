"""TableScene: the card table both games share; Durak and Azi tables fill in the game's part.

The scene runs the frame and owns parts, each an object with its own state and a narrow
interface (docs/ARCHITECTURE.md, "The table"), which share ``shared`` (seat geometry, the "you"
wording, who sits here, the source) and never reach into each other. Each frame the source
moves; ``story`` shows each new event through the game's ``on_<kind>(event)`` on
``event_handlers`` (the table, or a part its game hands them to; private cards of hidden hands
HIDDEN), which moves cards between ``self.hands`` and the game's piles, calls
``hands.arrange()`` and returns the seconds to wait. When all is shown the cards are checked
against the game (``resyncs`` counts repairs; tests expect none), then game over, the hot-seat
curtain, or the choices (``input``). A game's table sets ``game_name``, ``card_actions`` and
the subclass hooks below. ``TableScene.resumed(app, saved)`` takes up a saved game. Tests may
set ``thinker_factory`` (default: the controller's worker process), ``ai_budget`` and
``think_pause`` before a table opens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pygame_gui

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
from .buttons import LOG_KEY, TableButtons
from .callouts import Callouts
from .hands import FLY_SECONDS, Hands, Place
from .hint import HintPart
from .input import ActionButton, PlayerInput, TableCommands
from .menus import TableMenus
from .motion import Mover, TableCard
from .move_log import SEPARATOR, MoveLog
from .notices import Notices
from .overlays import Overlays
from .plates import Plates
from .shared import Kept, TableShared
from .source import LiveSource, Progress
from .still import StillLayer
from .story import Story
from .warm import FaceWarmer
from .watch import WatchControls

__all__ = ["ActionButton", "FLY_SECONDS", "Place", "TableScene"]


class TableScene(UIScene):
    """The shared table; see the module docstring for the subclass hooks."""

    game_name = "game"
    partial_redraw = True  # a frame sends the window only what changed (scenes/damage.py)
    widget_looks_at_once = True  # button looks drawn when made, not over the next frames
    card_actions: range = range(0)
    thinker_factory: Callable[[], Any] | None = None  # None: the controller's worker process
    ai_budget: float | None = None
    think_pause = 0.6
    saved: resume.SavedTable | None = None  # a game in progress to take up (see ``resumed``)
    PEEK_KEY = "table.peek_button"  # the last-round button's words (Azi: the last trick)
    counts_games = True  # a lesson is no game of the player's: it does not use up his hints

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
        self.mover = Mover(app.cards)  # cards landing before their face is made show stand-ins
        self.hover_mover = Mover()  # hover lifts never hold up the game
        self.hands = Hands(  # every seat's cards, where all cards rest, and drawing them
            self.shared, self.mover, sort_key=self.sort_key, true_hand=self.true_hand,
            rest_places=self.rest_places, still=StillLayer())
        self.faces = FaceWarmer(app, self.mover)  # card pictures made ahead of need
        self.clock = 0.0
        self.move_log = MoveLog()
        self.over = False
        self.overlays = Overlays(  # the status line, the peek, where words were drawn
            self.shared, status_text=self.status_text, my_turn=lambda: self.input.my_turn(),
            open_log=lambda: self.move_log.rect if self.move_log.shown else None,
            toast=lambda text: self.notices.toast(text))
        self.notices = Notices(self.shared, self.overlays.banner_avoids)  # toast and banner
        self.plates = Plates(self.shared)  # names, words and the turn ring on the seats
        self.buttons = TableButtons(self.shared, make=self.button, width_of=self.button_width,
                                    on_press=self._on_press, peek_words=self.PEEK_KEY)
        self.watch = WatchControls(self.shared, rebuild=self.rebuild,
                                   show_all=self.toggle_show_all)  # Watch AI's speed and keys
        self.callouts = Callouts()  # sentences on the felt by the seat that acted
        self.input = PlayerInput(  # the person's choices, mouse and card keys
            self.shared, self.hands, self.mover, self.hover_mover, card_actions=self.card_actions,
            ready=lambda: not self.over and self.animations_idle,
            action_buttons=self.action_buttons, restyle=self._style_hand, rebuild=self.rebuild,
            moved=lambda: self.story.take(self.source.take_steps()), toast=self.notices.toast,
            commands=TableCommands(
                pause=lambda: self.menus.pause(), toggle_log=self.move_log.toggle,
                toggle_peek=self.overlays.toggle_peek, close_peek=self.overlays.close_peek,
                hints_offered=lambda: self.hints_offered(), hint=lambda: self.hints.request(),
                scroll_log=self.move_log.scroll_key, wheel=self.move_log.scroll_wheel,
                watch_key=lambda key: self._watch_key(key)))
        self.menus = TableMenus(self.shared, self, before_pause=self.input.cancel_drag)
        self.story = Story(self.timeline, show=lambda event: self._run_event(event),
                           seal=self._seal, log=self.move_log.add)  # the events, in order
        self._thinker = thinker
        self.fingerprint: str | None = None  # commitment of the deal on the table (shown small)
        self.source = self.make_source()
        self.event_handlers: Any = self  # whose on_<kind>(event) show events (or a game's part)
        self.hints = HintPart(self.shared, self.game_name, lambda: type(self).thinker_factory,
                              my_turn=self.input.my_turn, decision=lambda: self.story.version,
                              toast=self.notices.toast)
        self._started = False

    # what the parts share, kept in ``shared``: who sits at this screen and which hands are face
    # up, where everything is for the window's size, and the game as this screen may show it
    view: Kept[SeatView] = Kept("shared")
    layout: Kept[TableLayout] = Kept("shared")
    source: Kept[LiveSource] = Kept("shared")
    # a live table's game, record keeper and controller (tests; the table reads only the source)
    game: Kept[Game] = Kept("source")
    recorder: Kept[TableRecorder] = Kept("source")
    controller: Kept[TableController] = Kept("source")
    resyncs: Kept[int] = Kept("hands")  # repairs of cards out of step with the game (tests: 0)

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
                                          lambda: self.move_log.lines, lambda: self.fingerprint))
        self._thinker = source.thinker
        return source

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
        self.faces.plan(self.card_actions, widths)
        self.hands.clear()
        if self.saved is not None:  # every card straight to its place, the log as it was
            self.move_log.lines, self.fingerprint = list(self.saved.log), self.saved.fingerprint
            self.saved = None
            self.rebuild_sprites()
            return
        self.fresh_table()
        self.hands.arrange(instant=True)
        self.story.take(self.source.opening())

    def restart(self, game: Game) -> None:
        """Deal a new game at this table (Play again / Next game)."""
        self.timeline.clear()
        self.mover.finish_all()
        self.source = self.make_source(game)
        self.fingerprint = None
        self.view = SeatView(self.view.humans, show_all=self.view.show_all)
        self.over = False
        self.overlays.last_round, self.overlays.show_peek = None, False
        self.callouts.clear()
        self.move_log.add(SEPARATOR)
        self._begin()
        self.story.changed()
        self.rebuild()

    def exit(self) -> None:
        """Leaving the stack: hand the widgets back and stop the computer players' worker."""
        super().exit()
        self.source.close()
        self.hints.close()

    def leave(self) -> None:
        """The player leaves: stop the AI worker, forget the saved game (it was no crash)."""
        getattr(self.source, "forget_progress", lambda: None)()  # a live table's
        self.source.close()
        self.hints.close()

    def go_to_menu(self) -> None:
        """Leave for the main menu."""
        self.leave()
        go_home(self.app)

    def rebuild_sprites(self) -> None:
        """Recreate every card from the game state, in place (nothing is animating)."""
        self.timeline.finish_all()
        self.mover.finish_all()
        self.hover_mover.finish_all()
        self.input.forget()
        self.hands.refill()
        self.build_piles()
        self.hands.arrange(instant=True)
        self.story.changed()

    # --- the person's choices ----------------------------------------------------------------
    def hints_offered(self) -> bool:
        """Does this table offer hints? (A lesson's coach is its hint: it says no.)"""
        return self.hints.offered()

    def suggested_action(self) -> int | None:
        """The move the table points at now: the hint's (a lesson points at its own)."""
        return self.hints.hint.action if self.hints.hint is not None else None

    def action_rect(self, action: int) -> pygame.Rect | None:
        """Where ``action`` is chosen: its bottom-hand card or its button (games add panels)."""
        if action in self.card_actions:
            return self.hands.card_rect(action)
        widget = self.buttons.actions.get(action)
        return pygame.Rect(widget.rect) if widget is not None else None

    def pointed_at(self, action: int) -> tuple[pygame.Rect | None, pygame.Rect | None]:
        """Where ``action`` is chosen and where its ring may go (None: anywhere; see hands)."""
        clip = self.hands.pointer_clip(action) if action in self.card_actions else None
        return self.action_rect(action), clip

    def _style_hand(self) -> None:
        """How the bottom hand looks on the person's turn (a game's table may change it)."""
        self.input.style_hand()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Widgets first, then the keys and the cards (``input``)."""
        if self.ui is None:
            return
        consumed = self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self._on_press:
            self.app.sounds.play("deal", 0.3)
            self._on_press[event.ui_element]()
        else:
            self.input.handle_event(event, consumed)

    def _watch_key(self, key: int) -> None:
        """Watch AI's keys (a replay adds its own)."""
        self.watch.key(key)

    # --- subclass hooks -----------------------------------------------------------------------
    # What every game's table must give (no default makes sense):
    make_game: Callable[[], Game]  # the engine game for ``self.config`` (a live table)
    fresh_table: Callable[[], None]  # the cards lying on the table before the opening events
    true_hand: Callable[[int], list[int]]  # the cards a seat holds in the game now
    build_piles: Callable[[], None]  # every card not in a hand made afresh from the game
    rest_places: Callable[[], Iterator[tuple[TableCard, Place]]]  # where those cards lie
    piles_match: Callable[[], bool]  # do the cards off the hands show the game's?
    describe: Callable[[Event], str | None]  # the move log's line for an event, or None
    plate_text: Callable[[int], tuple[str, str, bool]]  # (value, detail, muted) on a plate
    status_text: Callable[[], str]  # the line above the bottom hand: what happens, what to do
    summary: Callable[[], Any]  # the game-over panel's Summary
    next_game: Callable[[], Game]  # the game Play again deals
    sort_key: Callable[[int], Any]  # the order of the bottom hand (e.g. trumps last)
    # What a game's table may change:
    def action_buttons(self, legal: list[int]) -> list[ActionButton]:
        """Buttons for the legal actions that are not cards (override)."""
        return []

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
        return max(0.05, self.app.settings.animation_speed * self.watch.speed)

    @property
    def animations_idle(self) -> bool:
        """True when no event is being shown and no card is moving."""
        return self.timeline.idle and self.mover.idle

    def update(self, dt: float) -> None:
        """Animate, let the controller move the computer players, take in new events."""
        speed = self.speed
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
            self.notices.toast(tr("table.ai_fallback", name=self.shared.seat_name(seat)))
        self.story.take(self.source.take_steps())
        self.hints.update()
        seat = self.source.to_move if self.animations_idle and not self.over else None
        self.plates.tick(seat, dt)
        if self.animations_idle and not self.source.pending():
            self._settled()
        super().update(dt)

    def between_frames(self, spent: float) -> None:
        """Card faces made ahead of need in the time the frame left (``faces``)."""
        self.faces.update(spent)

    def _seal(self, commitment: str) -> None:
        """A deal is about to be shuffled: show its commitment (nothing of the cards)."""
        self.fingerprint = commitment
        self.move_log.add(fair_view.sealed_line(commitment))

    def _run_event(self, event: Event) -> float:
        seen = self.hands.seen(event)
        line = self.describe(seen)
        if line:
            self.move_log.add(line)
        handler = getattr(self.event_handlers, "on_" + event.kind, None)
        return handler(seen) if handler is not None else 0.0

    def _settled(self) -> None:
        """Everything shown: check the cards, then game over, curtain, or offer the choices."""
        if not self.story.news():
            return
        if not (self.hands.match() and self.piles_match()):
            self.resyncs += 1
            self.rebuild_sprites()
            self.story.settled_now()
        self.settled()
        if self.source.is_over():
            if not self.over:
                self._game_over()
            return
        if self.view.needs_curtain(self.source.to_move):
            self._raise_curtain(self.source.to_move)
            return
        self.input.offer()

    def _raise_curtain(self, seat: int) -> None:
        self.view.hide()
        self.rebuild_sprites()  # every human hand face down before anything else is drawn
        self.story.settled_now()
        self.menus.curtain(seat, lambda: self._curtain_lifted(seat))

    def _curtain_lifted(self, seat: int) -> None:
        self.view.reveal(seat)
        self.rebuild_sprites()
        self.story.unsettle()

    def resume(self) -> None:
        """Back from the pause menu, settings or the curtain: lay out again (``build``)."""
        self.rebuild()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out again; cards land at their new places at once."""
        self.layout = table_layout(size, self.n)
        self.timeline.finish_all()
        self.mover.finish_all()
        self.hands.arrange(instant=True)
        self.rebuild()

    # --- game over ------------------------------------------------------------------------------
    def _game_over(self) -> None:
        self.over = self.view.game_over = True
        if self.counts_games and not self.view.watch:  # one fewer of the first hinted games
            self.app.settings.games_played += 1
            self.app.save_settings()
        self.input.buttons = []
        self.rebuild()
        self.hands.turn_up()
        self.app.sounds.play("win", 0.8)
        self.timeline.wait(1.1)
        self.timeline.call(self._open_game_over)

    def _open_game_over(self) -> None:
        """The game-over panel with Play again (a replay, a LAN table open their own)."""
        if self.app.top is self:
            self.notices.hush()  # a banner would stick out above the panel
            self.overlays.show_peek = False
            self.menus.game_over(self.move_log, self.buttons.corner[LOG_KEY].rect)

    def play_again(self) -> None:
        """Deal the next game at the same table."""
        self.restart(self.next_game())

    # --- widgets and the pause menu ---------------------------------------------------------------
    def build(self, rect: pygame.Rect) -> None:
        """Menu and Hint top left; Log and Last round over the bottom plate, left of the hand;
        the action buttons (or, when watching, the Watch controls) bottom right."""
        self.layout = table_layout(self.app.size, self.n)
        self.buttons.build_corner(self.input.commands)
        self.move_log.place(self.layout, self.log_obstacles() + self.buttons.corner_rects())
        if self.view.watch:
            self._build_watch_panel(self.buttons.action_area(), self.layout.scale)
        else:
            self.buttons.build_actions(self.input.buttons, self.input.play)

    def _build_watch_panel(self, area: pygame.Rect, s: float) -> None:
        """Watch AI: Pause / Step, slower · speed · faster, and the show-hands switch."""
        bh, gap = round(38 * s), round(8 * s)
        y = area.bottom - round(10 * s) - 3 * bh - 2 * gap
        self.buttons.place_watch_rows(self.watch.rows(area.width, gap), area.x, y, bh, gap)

    def toggle_show_all(self) -> None:
        """Watch AI (a demonstration): show every hand, or none."""
        self.view.show_all = not self.view.show_all
        self.rebuild_sprites()
        self.rebuild()

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

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Felt and cards at rest, the game's marks, plates, moving cards, the words over them,
        widgets, toast (each part says where it drew words)."""
        mark = self.overlays.mark_text
        self.overlays.new_frame()
        moving = self.hands.draw_resting(surface, self.app.table_felt(self.layout.oval))
        self.draw_under(surface)
        to_move = self.source.to_move if self.animations_idle and not self.over else None
        for name, rect in self.plates.draw(surface, self.plate_text, self.clock, to_move,
                                           self.thinking_seat(), self.turn_progress):
            mark(name, rect)
        for sprite in moving:
            sprite.draw(surface, self.app.cards)
        self.overlays.draw_status(surface, self.fingerprint)
        self.draw_over(surface)
        for seat, rect in self.callouts.draw(surface, self.layout, self.app.cards):
            mark(f"speech bubble {seat}", rect)
        self.hints.draw(surface, self.clock, self.pointed_at)
        mark("banner", self.notices.draw_banner(surface))
        self.overlays.draw_peek(surface)
        self.move_log.draw(surface, self.app.cards)
        mark("move log", self.move_log.rect if self.move_log.shown else None)
        if self.ui is not None:
            self.ui.draw_ui(surface)
        mark("toast", self.notices.draw_toast(surface))
        self.overlays.draw_storage_notice(surface)

    def thinking_seat(self) -> int | None:
        """The computer seat whose decision the table waits for (shown as thinking)."""
        seat = self.source.to_move
        busy = seat is None or self.over or self.source.is_human(seat) or not self.animations_idle
        return None if busy else seat

    def turn_progress(self, seat: int) -> float | None:
        """How far a computer's think pause has run (0 … 1); None for a person's turn."""
        pause = max(0.3, self.think_pause / self.speed)
        return None if self.source.is_human(seat) else self.plates.turn_progress(seat, pause)

    def occupied_rects(self) -> list[pygame.Rect]:
        """Everything a note laid over the table must leave readable: plates, the cards where
        they lie, the status line, the banner, the buttons and the open log (a game's table
        adds its own marks)."""
        rects = [self.shared.seat_layout(seat).plate for seat in range(self.n)]
        rects += self.hands.rects()
        rects += [r for r in (self.overlays.status_rect(), self.notices.banner_rect())
                  if r is not None]
        if self.ui is not None:
            rects += [e.rect for e in self.ui.get_root_container().elements if e.visible]
        return rects + ([self.move_log.rect] if self.move_log.shown else [])
