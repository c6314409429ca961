"""The table controller: owns the game, asks the seat to move, and never blocks the frame loop.

Humans answer through the UI (``submit``); computer players think in a worker process (so a
0.5 s search cannot stutter the animation) and are handed only their seat's observation and
the legal actions. The controller applies a move only when the scene's animations have caught
up, and keeps the events it produced in a queue for the scene to animate.
"""

from __future__ import annotations

import json
import logging
import multiprocessing as mp
import random
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable

from engine.core import Event, Game, IllegalAction, Message, message
from engine.durak import PASS as DURAK_PASS

log = logging.getLogger(__name__)

HUMAN = "human"
AI = "ai"
MAX_RESTARTS = 3  # a worker that dies this often on one question: that question gets a fallback
# Per game, the action the table plays for a seat whose only legal action it is (Durak rules,
# Information: an attacker with nothing to throw in is asked, and the table may pass for him).
FORCED_ANSWERS = {"durak": DURAK_PASS}
# The part of the think pause a computer player may think for at the table, so its answer is
# back before the pause ends and is shown at the same moment as a forced answer would be.
THINK_SHARE = 0.75
THINKING_LEVELS = ("hard",)  # levels that use their time budget; the others answer at once


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat: a name, human or AI, and the AI level."""

    name: str
    kind: str = HUMAN
    level: str = "normal"


def _make(game_name: str, level: str, seed: int, budget: float | None):
    from ai.base import make_player

    return make_player(game_name, level, random.Random(seed), budget)


def _worker_main(conn) -> None:
    """Worker process loop: build players on request and answer 'choose' messages."""
    players: dict[int, Any] = {}
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        kind = message[0]
        if kind == "stop":
            return
        if kind == "configure":
            _, seat, game_name, level, seed, budget = message
            players[seat] = _make(game_name, level, seed, budget)
        elif kind == "choose":
            _, request, seat, observation, legal = message
            started = time.perf_counter()
            try:
                action = players[seat].choose(observation, legal)
            except Exception as error:  # a broken AI must not freeze the table: report it
                conn.send(("error", request, repr(error)))
                continue
            conn.send(("chosen", request, action, time.perf_counter() - started))


class ProcessThinker:
    """Runs computer players in one worker process, answering without blocking the caller.

    A worker that dies (killed, out of memory, a crash in a library) is started again, given
    its players again and asked the open questions again, so the table goes on; only a
    question on which it died ``MAX_RESTARTS`` times is answered with an error (the table then
    plays a fallback move and says so). Nothing of a dead worker reaches the frame loop.
    """

    def __init__(self) -> None:
        self._configs: dict[int, tuple] = {}  # seat -> the configure message, to send again
        self._open: dict[int, tuple] = {}  # request -> the choose message not yet answered
        self._deaths: dict[int, int] = {}  # request -> how often the worker died on it
        self.restarts = 0
        self._start()

    def _start(self) -> None:
        ctx = mp.get_context("spawn")  # spawn: no pygame state is forked into the worker
        self._conn, child = ctx.Pipe()
        self._process = ctx.Process(target=_worker_main, args=(child,), daemon=True)
        self._process.start()
        log.info("computer players' worker started (pid %s)", self._process.pid)
        child.close()  # only the worker holds its end: its death shows here as EOF

    def _send(self, message: tuple) -> None:
        try:
            self._conn.send(message)
        except (OSError, EOFError, ValueError):
            self._restart()

    def _restart(self) -> None:
        """The worker is gone: start another with the same players and the open questions."""
        self.restarts += 1
        log.warning("the computer players' worker stopped (exit code %s); starting it again",
                    self._process.exitcode)
        try:
            self._conn.close()
        except OSError:
            pass
        if self._process.is_alive():
            self._process.terminate()
        self._start()
        for request in self._open:
            self._deaths[request] = self._deaths.get(request, 0) + 1
        try:
            for message in self._configs.values():
                self._conn.send(message)
            for request, message in self._open.items():
                if self._deaths[request] < MAX_RESTARTS:
                    self._conn.send(message)
        except (OSError, ValueError):
            pass  # died again at once: the next poll notices and counts it

    def configure(self, seat: int, game_name: str, level: str, seed: int,
                  budget: float | None) -> None:
        """Create the computer player for ``seat`` inside the worker."""
        self._configs[seat] = ("configure", seat, game_name, level, seed, budget)
        self._send(self._configs[seat])

    def ask(self, request: int, seat: int, observation: dict, legal: list[int]) -> None:
        """Start a decision; the answer arrives later through :meth:`poll`."""
        self._open = {request: ("choose", request, seat, observation, legal)}  # older: stale
        self._deaths = {}
        self._send(self._open[request])

    def poll(self) -> tuple | None:
        """The next answer if one is ready, else None (never waits, never raises)."""
        for request, deaths in list(self._deaths.items()):
            if deaths >= MAX_RESTARTS and request in self._open:
                del self._open[request], self._deaths[request]
                return ("error", request, "the computer players' worker stopped")
        try:
            if not self._conn.poll():
                if self._open and not self._process.is_alive():
                    raise EOFError("the worker is gone")
                return None
            answer = self._conn.recv()
        except (EOFError, OSError):
            self._restart()
            return None
        self._open.pop(answer[1], None)
        self._deaths.pop(answer[1], None)
        return answer

    def close(self) -> None:
        """Stop the worker."""
        try:
            self._conn.send(("stop",))
        except (OSError, ValueError):
            pass
        self._process.join(timeout=1.0)
        if self._process.is_alive():
            log.warning("computer players' worker did not stop: terminated")
            self._process.terminate()
        else:
            log.info("computer players' worker stopped (exit code %s)", self._process.exitcode)


class ThreadThinker:
    """The same service in a thread: for tests and where processes are unavailable."""

    def __init__(self) -> None:
        self._players: dict[int, Any] = {}
        self._answers: deque[tuple] = deque()
        self._lock = threading.Lock()

    def configure(self, seat: int, game_name: str, level: str, seed: int,
                  budget: float | None) -> None:
        """Create the computer player for ``seat``."""
        self._players[seat] = _make(game_name, level, seed, budget)

    def ask(self, request: int, seat: int, observation: dict, legal: list[int]) -> None:
        """Start a decision in a background thread."""

        def run() -> None:
            started = time.perf_counter()
            try:
                action = self._players[seat].choose(observation, legal)
                answer = ("chosen", request, action, time.perf_counter() - started)
            except Exception as error:
                answer = ("error", request, repr(error))
            with self._lock:
                self._answers.append(answer)

        threading.Thread(target=run, daemon=True).start()

    def poll(self) -> tuple | None:
        """The next answer if one is ready, else None."""
        with self._lock:
            return self._answers.popleft() if self._answers else None

    def close(self) -> None:
        """Nothing to stop: threads are daemons."""


class TableController:
    """Drives one game: whose turn, AI thinking, human submissions, and the event queue."""

    def __init__(self, game: Game, game_name: str, seats: list[SeatSpec], *,
                 thinker: ProcessThinker | ThreadThinker | None = None,
                 think_pause: float = 0.6, budget: float | None = None,
                 seed: int | None = None, now: Callable[[], float] = time.perf_counter) -> None:
        self.game = game
        self.game_name = game_name
        self.seats = seats
        self.events: deque[Event] = deque()  # applied, waiting for the scene to animate
        self.actions: list[int] = []  # every action applied, in order: the game record's list
        # the least time an AI seems to think, so play can be followed
        self.think_pause = think_pause
        self.speed = 1.0
        self.paused = False
        self.step_once = False
        self.last_error: str | None = None
        self.fallbacks: list[int] = []  # seats whose failed computer player got a fallback move
        self._request = 0
        # (request, seat, asked at, real)
        self._pending: tuple[int, int, float, float] | None = None
        self._answer: tuple[int, float, float] | None = None  # (action, ready at, real ready at)
        self._clock = 0.0
        self._now = now  # real seconds: a thinking computer's time does not follow the speed
        self._forced = FORCED_ANSWERS.get(game_name)
        # len(actions) when the human to move was last checked for a forced answer
        self._checked = -1
        # Every answer of a seat is shown at the same moment, chosen or forced, so the time
        # never tells whether the seat had a choice (which would hint at its hidden cards):
        # asked + think_pause on the table clock, and for a seat that thinks for its budget
        # also asked + that budget in real time (at a fast table speed the pause is shorter
        # than the budget). The budget stays below the pause, so at normal speed a computer's
        # answer is back before it is due. Only an answer later than its budget (an overloaded
        # machine) can still show late.
        limit = THINK_SHARE * think_pause
        budget = limit if budget is None else min(budget, limit)
        self._real_floor = [budget if s.kind == AI and s.level in THINKING_LEVELS else 0.0
                            for s in seats]
        self.decision_times: dict[int, list[float]] = {}
        self._ai_seats = [i for i, s in enumerate(seats) if s.kind == AI]
        if self._ai_seats:
            self.thinker = thinker or ProcessThinker()
            rng = random.Random(seed)
            for seat in self._ai_seats:
                self.thinker.configure(seat, game_name, seats[seat].level, rng.getrandbits(63),
                                       budget)
        else:
            self.thinker = thinker

    # --- who is to move --------------------------------------------------------------------
    @property
    def human_seats(self) -> list[int]:
        """Seats played by people at this screen."""
        return [i for i, s in enumerate(self.seats) if s.kind == HUMAN]

    def is_human_turn(self) -> bool:
        """True when a person must act now."""
        seat = self.game.to_move
        return seat is not None and self.seats[seat].kind == HUMAN

    def thinking_seat(self) -> int | None:
        """The AI seat currently deciding (for a 'thinking…' indicator), if any."""
        seat = self.game.to_move
        if seat is None or self.seats[seat].kind == HUMAN:
            return None
        return seat if self._pending or self._answer else None  # forced answers look the same

    # --- the frame hook ------------------------------------------------------------------------
    def update(self, dt: float, animations_idle: bool) -> list[Event]:
        """Advance AI decisions; returns the events of any move applied this frame."""
        self._clock += dt * max(self.speed, 0.01)
        if self.thinker is not None:
            self._collect_answers()
        if self.game.is_over():
            return []
        seat = self.game.to_move
        human = self.seats[seat].kind == HUMAN
        if human and self._answer is None and self._checked == len(self.actions):
            return []  # a person with a choice: the UI answers through submit()
        if self.paused and not self.step_once and not human:
            return []
        if self._pending is None and self._answer is None:
            legal = self.game.legal_actions()
            if legal == [self._forced]:
                # The table answers, for a person or a computer, when an answer would be due.
                self._answer = (legal[0], self._clock + self.think_pause,
                                self._now() + self._real_floor[seat])
                return []
            if human:
                self._checked = len(self.actions)
                return []
            self._request += 1
            self._pending = (self._request, seat, self._clock, self._now())
            self.thinker.ask(self._request, seat, self.game.observation(seat), legal)
            return []
        if self._answer is not None and animations_idle:
            action, ready_at, real_ready_at = self._answer
            if self._clock >= ready_at and self._now() >= real_ready_at:
                self._answer = None
                self.step_once = False
                return self._apply(action)
        return []

    def _collect_answers(self) -> None:
        while True:
            answer = self.thinker.poll()
            if answer is None:
                return
            if self._pending is None or answer[1] != self._pending[0]:
                continue  # a stale answer for a game state that no longer exists
            _, seat, asked_at, asked_real = self._pending
            self._pending = None
            if answer[0] == "error":
                # Fall back to the first legal move rather than freezing the table; the log
                # keeps the position to reproduce it, and the table says a fallback was played.
                self.last_error = f"computer player {self.seats[seat].name} failed: {answer[2]}"
                legal = self.game.legal_actions()
                observation = {k: v for k, v in self.game.observation(seat).items()
                               if k != "history"}
                log.error("computer player %s (seat %d, %s %s) failed: %s; fallback %s played. "
                          "Position after %d actions: %s; legal %s", self.seats[seat].name, seat,
                          self.game_name, self.seats[seat].level, answer[2], legal[0],
                          len(self.actions), json.dumps(observation, default=str), legal)
                self.fallbacks.append(seat)
                action = legal[0]
                elapsed = 0.0
            else:
                action, elapsed = answer[2], answer[3]
            self.decision_times.setdefault(seat, []).append(elapsed)
            self._answer = (action, asked_at + self.think_pause,
                            asked_real + self._real_floor[seat])

    # --- humans --------------------------------------------------------------------------------
    def submit(self, action: int) -> Message | None:
        """A person's move: applied and queued for animation, or why not (message key + fields)."""
        if not self.is_human_turn():
            return message("refuse.wait_turn")
        try:
            self._apply(action)
        except IllegalAction as error:
            return error.reason
        self._answer = None  # a forced pass the person made himself is not made again
        return None

    def _apply(self, action: int) -> list[Event]:
        events = self.game.apply(action)
        self.actions.append(action)
        self.events.extend(events)
        return events

    def close(self) -> None:
        """Stop the AI worker."""
        if self.thinker is not None:
            self.thinker.close()


def run_headless(game: Game, choose: Callable[[int, dict, list[int]], int]) -> None:
    """Play a game to the end synchronously (tests, benchmarks): ``choose(seat, obs, legal)``."""
    while not game.is_over():
        seat = game.to_move
        game.apply(choose(seat, game.observation(seat), game.legal_actions()))
