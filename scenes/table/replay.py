"""A saved game on the felt: :class:`RecordedSource` feeds the same table a record's moves.

Every hand is shown. Play / pause, a step forward or back (back rebuilds the position from the
first actions and redraws it without animation), a jump to the previous or next battle (Durak)
or trick (Azi), speed ¼×–4×, and the fair-deal check of the record beside them. The deals come
from the record's revealed seeds through ``RevealedDealer`` (as ``engine.record.replay_record``
deals them), so what is shown is exactly what was dealt. ``open_replay(app, path)`` opens one.
"""

from __future__ import annotations

import bisect
from collections import deque
from typing import Any

from engine.core import Event, Message, message
from engine.games import rules_for
from engine.record import GameRecord, replay_start, verify_record

from ..game_screens import screens_for
from ..i18n import tr
from .source import Step, steps_of

MOVE_PAUSE = 0.6  # seconds between recorded moves at 1×, as a computer seems to think at a table


class RecordedSource:
    """Plays a :class:`~engine.record.GameRecord` move by move; nobody at the screen plays."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.game_name = record.game
        self.actions = list(record.actions)
        self.paused = False
        self.speed = 1.0
        self.problems = verify_record(record)
        self.events: deque[Event] = deque()
        self.rounds = self._round_starts()  # action indices where a battle / trick begins
        self._step_once = False
        self._clock = 0.0
        self._set_position(0)

    # --- moving through the record --------------------------------------------------------------
    def _set_position(self, position: int) -> None:
        self.game, _ = replay_start(self.record)
        self.position = 0
        while self.position < position:
            self._apply_next()
        self.events.clear()

    def _apply_next(self) -> list[Event]:
        game, record = self.game, self.record
        stop_in = record.stopped_in_game if rules_for(record.game).sessions else None
        if stop_in is not None and game.game_number == stop_in and not game.stop_requested:
            game.stop_after_game()  # the table asked to leave during this game (see record.py)
        events = game.apply(self.actions[self.position])
        self.position += 1
        if (stop_in is not None and self.position == len(self.actions)
                and game.game_number == stop_in and not game.stop_requested):
            game.stop_after_game()
        return events

    def _round_starts(self) -> list[int]:
        """Replay once, noting the action after which each battle or trick was over."""
        self._set_position(0)
        starts = [0]
        ends = screens_for(self.game_name).round_ends
        while self.position < len(self.actions):
            if (any(e.kind in ends for e in self._apply_next())
                    and self.position < len(self.actions)):
                starts.append(self.position)
        return sorted(set(starts))

    def forward(self) -> None:
        """Apply the next recorded move; its events wait to be animated."""
        if self.position < len(self.actions):
            self.events.extend(self._apply_next())

    def goto(self, position: int) -> None:
        """Rebuild the game after the first ``position`` actions (shown without animation)."""
        self._set_position(max(0, min(len(self.actions), position)))
        self._clock = 0.0

    def round_index(self) -> int:
        """The battle or trick the position is in (0-based)."""
        return bisect.bisect_right(self.rounds, self.position) - 1

    def jump(self, direction: int) -> int:
        """The action index of the previous (-1) or next (+1) battle or trick start."""
        i = self.round_index()
        if direction < 0:
            # inside a round, "previous" first goes back to its own start
            target = (self.rounds[i] if self.position > self.rounds[i]
                      else self.rounds[max(0, i - 1)])
        else:
            target = self.rounds[i + 1] if i + 1 < len(self.rounds) else len(self.actions)
        return target

    def position_lines(self) -> tuple[str, str]:
        """("Battle 7 of 23" or "Game 2 · trick 3", "move 41 of 160")."""
        move = tr("replay.move", number=self.position, count=len(self.actions))
        if not rules_for(self.game_name).sessions:  # one game: its battles
            return tr("replay.battle", number=self.round_index() + 1, count=len(self.rounds)), move
        obs = self.game.observation(0)
        if obs["phase"] == "tricks":
            return tr("replay.game_trick", game=obs["game_number"],
                      trick=sum(obs["tricks_won"]) + 1), move
        return tr("replay.game_bidding", game=obs["game_number"]), move

    def fair_text(self) -> tuple[bool, str]:
        """(verified, the line beside the replay controls)."""
        if not self.problems:
            return True, tr("replay.verified")
        return False, tr("replay.failed", reason=self.problems[0])

    # --- the EventSource the table reads ----------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat whose recorded move comes next."""
        return self.game.to_move

    def opening(self) -> list[Step]:
        """The shuffle and deal of the first game."""
        return steps_of(list(self.game.history), getattr(self.game, "deal_commitment", None))

    def update(self, dt: float, animations_idle: bool) -> None:
        """Apply the next move once the table has shown the last one (unless paused)."""
        if self.position >= len(self.actions) or self.events or not animations_idle:
            return
        if self.paused and not self._step_once:
            return
        self._clock += dt * max(self.speed, 0.01)
        if self._clock >= MOVE_PAUSE or self._step_once:
            self._clock = 0.0
            self._step_once = False
            self.forward()

    def pending(self) -> bool:
        """Are events waiting to be taken?"""
        return bool(self.events)

    def take_steps(self) -> list[Step]:
        """The events of the moves applied since the last call."""
        batch = list(self.events)
        self.events.clear()
        return steps_of(batch, getattr(self.game, "deal_commitment", None))

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` knew at this point of the game."""
        return self.game.observation(seat)

    def may_show(self, seat: int) -> bool:
        """A replay shows every hand."""
        return True

    def is_human(self, seat: int) -> bool:
        """Nobody plays a replay (no "thinking…", no curtain)."""
        return False

    def legal_actions(self) -> list[int]:
        """Nothing to choose in a replay."""
        return []

    def submit(self, action: int) -> Message | None:
        """A replay takes no moves."""
        return message("replay.no_moves")

    def step(self) -> None:
        """One more recorded move, then stop."""
        self.paused = True
        self._step_once = True

    def is_over(self) -> bool:
        """Has the replay reached the end of a finished game?"""
        return self.game.is_over()

    def result(self) -> dict[str, Any]:
        """The result at this point (the recorded one at the end)."""
        return self.game.result()

    def fair_summary(self) -> list[str]:
        """The record's fair-deal check."""
        return [self.fair_text()[1]]

    def close(self) -> None:
        """Nothing runs in the background."""
