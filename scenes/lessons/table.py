"""The lesson on the real table: the coach's bubble, the ring on the move to make, "Lesson deal".

:func:`lesson_table` returns the game's own table class with :class:`LessonTableMixin` in
front: the table plays a :class:`~.source.LessonSource` and draws the coach over the felt;
everything else (cards, buttons, animations, the move log) is the ordinary table.
"""

from __future__ import annotations

from typing import Any

import pygame

from ..game_screens import screen_names, screens_for
from ..i18n import tr
from ..table.hint import draw_note, draw_pointer, note_size, reason_text
from ..table_config import Seat, TableConfig
from ..text_wrap import wrap
from ..widgets import MUTED, text_surface
from .script import Lesson
from .source import LessonSource, bid_level, lesson_seats


def ui_inside(rect: pygame.Rect, width: int, height: int, margin: int) -> bool:
    """Is ``rect`` inside the window, ``margin`` from its edges?"""
    return pygame.Rect(0, 0, width, height).inflate(-2 * margin, -2 * margin).contains(rect)


class LessonTableMixin:
    """Put in front of a game's table class: the lesson's source, coach and end."""

    lesson: Lesson
    counts_games = False  # a lesson uses up none of the player's hinted games

    def make_source(self, game: Any = None) -> LessonSource:
        """The scripted story (Play again starts the lesson over)."""
        return LessonSource(self.lesson)

    def next_game(self) -> Any:
        """Unused: Play again restarts the lesson (see ``play_again``)."""
        return None

    def play_again(self) -> None:
        """Start the lesson over."""
        self.timeline.clear()
        self.mover.finish_all()
        self.restart(None)

    def suggested_action(self) -> int | None:
        """The lesson points at its next move (an Azi table also sets its slider there)."""
        return self.source.expected() if self.input.my_turn() else None

    def hints_offered(self) -> bool:
        """The coach is the hint in a lesson."""
        return False

    def coach_text(self) -> str:
        """What the coach says now: the story's note, or why the next move is good."""
        source: LessonSource = self.source
        position = min(source.position, len(self.lesson.actions))
        if source.is_over():
            return tr(self.lesson.end_note)
        notes = [i for i in self.lesson.notes if i <= position]
        note = tr(self.lesson.notes[max(notes)]) if notes else ""
        seat = source.to_move
        if seat is None or not source.is_human(seat) or position in self.lesson.notes:
            return note
        observation = source.observation(seat)
        expected = source.expected()
        why = reason_text(observation, source.legal_actions(), expected)
        why = why[:1].upper() + why[1:]
        level = bid_level(self.game_name, expected)
        # The reason already names the move ("Beat with 10♥, the lowest card that can"); only
        # a bet's level is said after it.
        return why if level is None else tr("lesson.do", why=why, level=level)

    def draw_over(self, surface: pygame.Surface) -> None:
        """The table's own overlay, then "Lesson deal", the ring and the coach's bubble."""
        super().draw_over(surface)
        s = self.layout.scale
        tag = text_surface(tr("lesson.deal_tag"), "text", round(14 * s), MUTED)
        margin = max(6, round(10 * s))
        self.overlays.mark_text("lesson deal tag", surface.blit(tag, tag.get_rect(
            midright=(surface.get_width() - round(14 * s), margin + round(17 * s)))))
        expected = self.source.expected()
        if expected is not None and self.input.my_turn():
            rect, clip = self.pointed_at(expected)
            if rect is not None:
                draw_pointer(surface, rect, s, self.clock, clip)
        text = self.coach_text()
        if text:
            width, topleft = self.coach_place(text)
            draw_note(surface, text, (0, 0), s, self.app.cards, title=tr("lesson.coach"),
                      width=width, topleft=topleft)
            self.overlays.mark_text("coach", self.coach_rect())

    def coach_rect(self) -> pygame.Rect | None:
        """Where the coach's bubble is drawn now (tests)."""
        text = self.coach_text()
        if not text:
            return None
        width, topleft = self.coach_place(text)
        size = note_size(text, self.layout.scale, self.app.cards, tr("lesson.coach"), width)
        return pygame.Rect(topleft, size)

    def coach_place(self, text: str) -> tuple[int, tuple[int, int]]:
        """The coach's bubble width and corner: on felt where it covers nothing it might talk
        about (cards, plates, the status line, the banner, the bank, stakes, panels, buttons),
        as near the player's hand as that allows; where it stood, while that stays free."""
        s = self.layout.scale
        avoid = self.occupied_rects()
        key = (text, self.app.size, tuple(tuple(r) for r in avoid))
        if getattr(self, "_coach_key", None) == key:
            return self._coach_at
        W, H = self.app.size
        margin = round(10 * s)
        message = self.layout.message
        aim = (message.centerx, message.top - round(46 * s))  # where a player looks first
        title = tr("lesson.coach")
        found = None
        old = getattr(self, "_coach_at", None)
        for base in (560, 470, 390, 320):
            width = min(round(base * s), W - 2 * margin)
            w, h = note_size(text, s, self.app.cards, title, width)
            if old is not None and old[0] == width:
                kept = pygame.Rect(old[1], (w, h))
                if kept.collidelist(avoid) < 0 and ui_inside(kept, W, H, margin):
                    found = old
                    break
            step = max(6, round(12 * s))
            best = None
            for y in range(margin, H - h - margin + 1, step):
                for x in range(margin, W - w - margin + 1, step):
                    rect = pygame.Rect(x, y, w, h)
                    if rect.collidelist(avoid) < 0:
                        far = abs(rect.centerx - aim[0]) + abs(rect.bottom - aim[1])
                        if best is None or far < best[0]:
                            best = (far, (x, y))
            if best is not None:
                found = (width, best[1])
                break
        if found is None:  # no free felt at all: above the status line, as before
            width = min(round(560 * s), W - 2 * margin)
            w, h = note_size(text, s, self.app.cards, title, width)
            found = (width, (aim[0] - w // 2, aim[1] - h))
        self._coach_key, self._coach_at = key, found
        return found

    def summary(self):
        """The lesson's end: what was shown, and Play again starts it over."""
        from ..game_over import GameOverScene, Summary

        rows = [(tr("lesson.summary_moves"), str(len(self.lesson.actions)), False),
                (tr("lesson.summary_retries"), str(self.source.mistakes), False)]
        # The panel writes each note on one line: wrap the end note to the panel's width.
        s = self.app.ui_scale
        width = min(round(GameOverScene.panel_size[0] * s), self.app.size[0] - 20)
        notes = list(wrap(tr(self.lesson.end_note), "italic", round(18 * s),
                          width - round(56 * s)))
        return Summary(tr("lesson.done_title"), rows, notes, again=tr("lesson.again"))

def lesson_config(lesson: Lesson) -> TableConfig:
    """The table the lesson sits at (its options are the lesson's)."""
    seats = [Seat(spec.name, spec.kind, spec.level) for spec in lesson_seats(lesson)]
    return TableConfig(lesson.game, seats, dict(lesson.options))

def lesson_table(app, lesson: Lesson):
    """The game's own table class, playing ``lesson``."""
    Base = screens_for(lesson.game).table_class()
    cls = type(f"{Base.__name__}Lesson", (LessonTableMixin, Base), {"lesson": lesson})
    return cls(app, lesson_config(lesson))

def open_lesson(app, game: str):
    """Clear the menus and sit down at ``game``'s lesson."""
    return app.reset(lesson_table(app, lessons()[game]))

def lessons() -> dict[str, Lesson]:
    """Every lesson, by game."""
    return {name: lesson() for name in screen_names()
            if (lesson := screens_for(name).lesson) is not None}
