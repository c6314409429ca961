"""Where the table's events come from: the one seam between the table and a game.

The table reads nothing else. A source gives

    * ``opening()`` and ``take_steps()``: what to animate, as :class:`Step` values — an engine
      event (the table hides private cards the viewer may not see), or move-log lines such as a
      revealed seed;
    * ``observation(seat)``: what ``seat`` may know (``None``: the shared-screen view, no hand);
      ``may_show(seat)`` says whether this source can show that seat's hand at all (a network
      table knows only its own seat's cards);
    * ``to_move``, ``legal_actions()``, ``submit(action)`` (None, or the reason it was refused),
      ``is_human(seat)``;
    * ``paused``, ``step()``, ``speed`` for watching; ``is_over()``, ``result()`` and
      ``fair_summary()`` (the game-over panel's fairness lines).

:class:`LiveSource` plays a game at this screen (the :class:`~scenes.controller.TableController`
and its computer players behind it); :mod:`scenes.table.replay` plays a saved record.
A live source also remembers: every decided game goes into the history (``storage/history``), and
with ``keep_progress`` the game in progress is saved after every move (``storage/resume.py``)
until it is over or left on purpose (``forget_progress``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from engine.core import Event, Game, Message
from engine.games import rules_for
from storage import resume
from storage.history.keeper import remember
from storage.records import TableRecorder

from .. import fair_view
from ..controller import ProcessThinker, SeatSpec, TableController
from ..table_config import TableConfig

NEXT_GAME_KINDS = ("game_started",)  # a deal revealed in the same move is logged before these


class Step(NamedTuple):
    """One thing to show: an event (with the deal's commitment when it is a shuffle), or lines."""

    event: Event | None
    sealed: str | None = None
    lines: tuple[str, ...] = ()


class EventSource(Protocol):
    """What the table reads (see the module docstring)."""

    game_name: str
    paused: bool
    speed: float

    @property
    def to_move(self) -> int | None: ...
    def opening(self) -> list[Step]: ...
    def update(self, dt: float, animations_idle: bool) -> None: ...
    def pending(self) -> bool: ...
    def take_steps(self) -> list[Step]: ...
    def observation(self, seat: int | None) -> dict[str, Any]: ...
    def may_show(self, seat: int) -> bool: ...
    def is_human(self, seat: int) -> bool: ...
    def legal_actions(self) -> list[int]: ...
    def submit(self, action: int) -> Message | None: ...
    def step(self) -> None: ...
    def is_over(self) -> bool: ...
    def result(self) -> dict[str, Any]: ...
    def fair_summary(self) -> list[str]: ...
    def close(self) -> None: ...


def steps_of(events: list[Event], commitment: str | None) -> list[Step]:
    """Events as steps; a shuffle carries ``commitment`` (a move holds at most one shuffle)."""
    return [Step(e, commitment if e.kind == "shuffled" else None) for e in events]


class LazyThinker:
    """Starts the real thinker (a worker process by default) only when a decision is first asked.

    A table left during the deal never starts a process, and closing one never makes the frame
    loop wait for the worker to stop.
    """

    def __init__(self, factory: Callable[[], Any]) -> None:
        self.factory = factory
        self.real: Any = None
        self._configs: list[tuple] = []

    def configure(self, *args: Any) -> None:
        """Remember (or pass on) a seat's computer player."""
        self._configs.append(args)
        if self.real is not None:
            self.real.configure(*args)

    def ask(self, *args: Any) -> None:
        """Start the real thinker if needed, then ask."""
        if self.real is None:
            self.real = self.factory()
            for config in self._configs:
                self.real.configure(*config)
        self.real.ask(*args)

    def poll(self) -> tuple | None:
        """The next answer, if any."""
        return self.real.poll() if self.real is not None else None

    def close(self) -> None:
        """Stop the real thinker in the background."""
        real, self.real = self.real, None
        if real is not None:
            import threading

            threading.Thread(target=real.close, daemon=True).start()


class Progress(NamedTuple):
    """What the table adds to a save: its config, its Durak series (if any) and its log."""

    config: TableConfig
    series: Callable[[], Any]  # the table's series now (None when it plays single games)
    log: Callable[[], list[str]]
    fingerprint: Callable[[], str | None]


class LiveSource:
    """A game played at this screen: the controller asks the seats, the recorder saves it."""

    hints_used: bool = False  # set when a hint was shown (the history says so)

    def __init__(self, game: Game, game_name: str, seats: list[SeatSpec], *, thinker: Any,
                 think_pause: float, budget: float | None,
                 thinker_factory: Callable[[], Any] | None = None,
                 resumed: resume.SavedTable | None = None,
                 records: Path | None = None) -> None:
        if thinker is None and any(s.kind != "human" for s in seats):
            thinker = LazyThinker(thinker_factory or ProcessThinker)
        self.game_name = game_name
        self.seats = seats
        self.controller = TableController(game, game_name, seats, thinker=thinker,
                                          think_pause=think_pause, budget=budget)
        self.thinker = self.controller.thinker
        self.played = 0.0  # seconds at the table (a resumed game goes on counting)
        started_at, record_path = None, None
        if resumed is not None:
            self.controller.actions.extend(resumed.actions)
            self.played, self.hints_used = resumed.played, resumed.hints_used
            started_at = resumed.started_at
            if resumed.record_name and records is not None:
                record_path = records / resumed.record_name
        self.recorder = TableRecorder([s.name for s in seats], started_at, record_path,
                                      [s.kind if s.kind == "human" else f"{s.kind}:{s.level}"
                                       for s in seats])
        if resumed is not None:  # the deals revealed before the crash, quietly
            self.recorder.update(game, self.controller.actions)
        self._progress: Progress | None = None
        self._finishing = False  # over: the save goes once the record and history row are written
        self._saved_key: tuple | None = None
        self._seen_at: tuple[int, int] | None = None
        self._seen: dict[int | None, dict[str, Any]] = {}

    # --- remembering -----------------------------------------------------------------------------
    def keep_progress(self, progress: Progress) -> None:
        """Save the game in progress after every move (and log line) until it is over."""
        self._progress = progress

    def forget_progress(self) -> None:
        """The game was left on purpose: no "Continue" for it."""
        if self._progress is not None:
            self._progress = None
            resume.forget()

    def _save_progress(self) -> None:
        """Save now if a move was made or the log grew since the last save."""
        progress = self._progress
        if progress is None:
            return
        log, fingerprint = progress.log(), progress.fingerprint()
        key = (len(self.controller.actions), len(log), log[-1] if log else None, fingerprint)
        if key == self._saved_key:
            return
        self._saved_key = key
        path = self.recorder.path
        resume.save(resume.SavedTable(
            progress.config, resume.engine_state(self.game, progress.series()),
            list(self.controller.actions), list(log), self.recorder.started_at, self.played,
            fingerprint, path.name if path is not None else None, self.hints_used))

    def _remember(self) -> None:
        """A deal was revealed: the game (or the Azi session so far) goes into the history."""
        record = self.recorder.record
        if record is None:
            return
        done = None
        if self._finishing:  # the save goes once the record and its history row are written
            generation = resume.WRITER.generation
            done = lambda: resume.forget(generation)  # noqa: E731 — keeps a newer game's save
        # A record the table failed to write (a full disk) is written again by the keeper,
        # in the background, before its history row.
        remember(record, self.recorder.path, self.recorder.started_at, self.played, self.seats,
                 self.hints_used, done, write_record=self.recorder.error is not None)

    # --- the game behind it (tests, the live table's Play again) --------------------------------
    @property
    def game(self) -> Game:
        """The engine game (only a live source has one)."""
        return self.controller.game

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is (None when over)."""
        return self.controller.game.to_move

    @property
    def paused(self) -> bool:
        """Watch AI: stopped between moves."""
        return self.controller.paused

    @paused.setter
    def paused(self, value: bool) -> None:
        self.controller.paused = value

    @property
    def speed(self) -> float:
        """How fast the computer players seem to think (the table's animation speed)."""
        return self.controller.speed

    @speed.setter
    def speed(self, value: float) -> None:
        self.controller.speed = value

    def opening(self) -> list[Step]:
        """The shuffle and deal already in the new game."""
        return steps_of(list(self.game.history), getattr(self.game, "deal_commitment", None))

    def update(self, dt: float, animations_idle: bool) -> None:
        """Let the computer players move once the table has caught up; save the progress."""
        self.controller.update(dt, animations_idle)
        if not self.game.is_over():
            self.played += dt
            self._save_progress()


    def pending(self) -> bool:
        """Are events waiting to be taken?"""
        return bool(self.controller.events)

    def take_steps(self) -> list[Step]:
        """The new events; a deal a move revealed is checked, saved and logged right after it."""
        events = self.controller.events
        if not events:
            return []
        batch = list(events)
        events.clear()
        if self.game.is_over() and self._progress is not None:
            # Finished: nothing more to save. The save itself goes only once the record and
            # the history row are written (see _remember), so a full disk or a locked history
            # never loses the game.
            self._progress, self._finishing = None, True
        revealed = self.recorder.update(self.game, self.controller.actions)
        if revealed:
            self._remember()
        elif self._finishing and self.recorder.record is None:
            self._finishing = False  # nothing to record (a fixed deck's game)
            resume.forget()
        reveal = Step(None, lines=tuple(
            fair_view.revealed_lines(revealed, numbered=rules_for(self.game_name).sessions)
            + fair_view.saved_lines(self.recorder))) if revealed else None
        commitment = getattr(self.game, "deal_commitment", None)
        steps = []
        for step in steps_of(batch, commitment):
            if reveal is not None and step.event.kind in NEXT_GAME_KINDS:
                steps.append(reveal)  # before the next game's shuffle is logged
                reveal = None
            steps.append(step)
        if reveal is not None:
            steps.append(reveal)
        return steps

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (kept until the next move: the table asks every frame)."""
        key = (id(self.game), len(self.controller.actions))
        if key != self._seen_at:
            self._seen_at, self._seen = key, {}
        if seat not in self._seen:
            self._seen[seat] = self.game.observation(seat)
        return self._seen[seat]

    def take_fallbacks(self) -> list[int]:
        """Seats whose computer player failed and got a fallback move since the last call."""
        seats, self.controller.fallbacks = self.controller.fallbacks, []
        return seats

    def may_show(self, seat: int) -> bool:
        """Every hand is at this screen; the table's seat view decides which are shown."""
        return True

    def is_human(self, seat: int) -> bool:
        """Does a person at this screen play ``seat``?"""
        return self.seats[seat].kind == "human"

    def legal_actions(self) -> list[int]:
        """The moves of the seat to move."""
        return self.game.legal_actions()

    def submit(self, action: int) -> Message | None:
        """A person's move: None when applied, else why not (a message key + fields)."""
        return self.controller.submit(action)

    def step(self) -> None:
        """Watch AI: one more move, then stop."""
        self.controller.paused = True
        self.controller.step_once = True

    def is_over(self) -> bool:
        """Is the game decided?"""
        return self.game.is_over()

    def result(self) -> dict[str, Any]:
        """The engine's result."""
        return self.game.result()

    @property
    def record_folder(self) -> Path | None:
        """The folder the record was saved in (None when it was not saved)."""
        path = self.recorder.path
        if path is None or self.recorder.error is not None or not self.recorder.saves:
            return None
        return path.parent

    def fair_summary(self) -> list[str]:
        """The fair-deal check and the record's file name."""
        return fair_view.summary_lines(self.recorder)

    def close(self) -> None:
        """Stop the computer players' worker."""
        self.controller.close()
