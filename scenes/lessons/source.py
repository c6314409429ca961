"""A lesson through the table's seam: a ``LiveSource`` with a scripted story and a coach.

The computer seats answer from the script (a :class:`ScriptedThinker` in place of the worker);
the person's moves are checked against it before they reach the game: an illegal move gets
the engine's reason, a legal move that is not the lesson's gets the coach's, and either way
the state is unchanged and the person tries again. Nothing is recorded: no record file, no
history row; the fair-deal lines say it was a lesson deal.
"""

from __future__ import annotations

from typing import Any

from engine.azi import AziSession
from engine.core import Game, IllegalAction, Message, message
from engine.games import rules_for
from engine.shuffle import FixedDealer

from ..controller import AI, HUMAN, SeatSpec
from ..game_screens import screens_for
from ..i18n import tr
from ..table.source import LiveSource
from .script import Lesson

LESSON_THINK_PAUSE = 1.1  # the story's moves come slowly enough to read the coach


def lesson_game(lesson: Lesson) -> Game:
    """The lesson's game, dealt from its prepared decks (openly: this is no shuffled deal)."""
    dealer = FixedDealer(*lesson.decks, seats=lesson.seat_draws)
    return rules_for(lesson.game).new(len(lesson.names), dict(lesson.options), dealer)


def end_with_story(game: Game, lesson: Lesson) -> None:
    """Once an Azi story's last game is dealt, the table leaves after it: the session would
    otherwise deal on at once, and nobody is to play (or see) that deal."""
    if (isinstance(game, AziSession) and game.game_number >= len(lesson.decks)
            and not game.stop_requested):
        game.stop_after_game()


def lesson_seats(lesson: Lesson) -> list[SeatSpec]:
    """The person in the student's seat, scripted computer players in the others."""
    return [SeatSpec(tr(name), HUMAN if seat == lesson.student else AI, "normal")
            for seat, name in enumerate(lesson.names)]


def bid_level(game_name: str, action: int) -> int | None:
    """The level a move bids (an Azi bet; None for every other move)."""
    return screens_for(game_name).bid_level(action)


def move_text(game_name: str, action: int) -> str:
    """A move in words for the coach: a card, or the button's name."""
    return screens_for(game_name).move_word(action)


class NoRecord:
    """A lesson's stand-in for the table recorder: nothing is saved or checked."""

    sealed = False
    all_verified = False

    def update(self, game: Game, actions: Any) -> list:
        """Nothing to reveal: a lesson deal has no seed."""
        return []


class ScriptedThinker:
    """Answers every computer seat with the script's next move (no worker, no waiting)."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.source: LessonSource | None = None
        self._answers: list[tuple] = []

    def configure(self, *args: Any) -> None:
        """The script needs no players."""

    def ask(self, request: int, seat: int, observation: dict, legal: list[int]) -> None:
        """The script's move at this point of the story."""
        position = self.source.position if self.source is not None else 0
        if position < len(self.lesson.actions):  # an Azi session deals on after the story
            self._answers.append(("chosen", request, self.lesson.actions[position], 0.0))

    def poll(self) -> tuple | None:
        """The answer, at once."""
        return self._answers.pop(0) if self._answers else None

    def close(self) -> None:
        """Nothing to stop."""


class LessonSource(LiveSource):
    """A live game that follows the lesson's script; the person's moves are checked first."""

    def __init__(self, lesson: Lesson) -> None:
        thinker = ScriptedThinker(lesson)
        super().__init__(lesson_game(lesson), lesson.game, lesson_seats(lesson),
                         thinker=thinker, think_pause=LESSON_THINK_PAUSE, budget=None)
        thinker.source = self
        self.lesson = lesson
        self.recorder = NoRecord()
        self.hints_used = False
        self.mistakes = 0

    @property
    def position(self) -> int:
        """How many moves of the story have been made."""
        return len(self.controller.actions)

    def expected(self) -> int | None:
        """The story's next move (None once it is told)."""
        actions = self.lesson.actions
        return actions[self.position] if self.position < len(actions) else None

    def submit(self, action: int) -> Message | None:
        """The person's move: applied if it is the lesson's, else why not (nothing changes)."""
        expected = self.expected()
        if action != expected and self.is_human(self.to_move or 0):
            self.mistakes += 1
            try:
                self.game.clone().apply(action)
            except IllegalAction as error:
                return error.reason
            return message("lesson.wrong", move=move_text(self.game_name, expected))
        problem = super().submit(action)
        end_with_story(self.game, self.lesson)
        return problem

    def update(self, dt: float, animations_idle: bool) -> None:
        """The live game's frame; the story's last Azi game is the session's last."""
        end_with_story(self.game, self.lesson)
        super().update(dt, animations_idle)
        end_with_story(self.game, self.lesson)

    def is_over(self) -> bool:
        """The lesson ends with its story (an Azi session goes on, the lesson does not)."""
        return self.game.is_over() or self.position >= len(self.lesson.actions)

    def fair_summary(self) -> list[str]:
        """A lesson deal is prepared, and says so; nothing was saved."""
        return [tr("lesson.fair_line")]
