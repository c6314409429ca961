"""The Durak lesson: two players, you and Boris; one prepared deal that shows each rule once.

Spades are trumps (7♠ turned). You lead, defend, beat with a trump, throw in, watch Boris
take and add to what he takes, meet the attack limit when you hold two cards, leave the game
with your last card, and Boris is the Durak.
"""

from __future__ import annotations

from .script import Lesson

_DECK = (2, 7, 23, 21, 8, 10, 19, 31, 3, 20, 13, 24, 1, 27, 35, 0, 34, 15, 17, 12, 6, 33, 28,
         32, 14, 4, 22, 26, 30, 5, 25, 16, 18, 11, 29, 9)
_ACTIONS = (19, 20, 37, 10, 13, 31, 2, 37, 27, 34, 37, 21, 23, 37, 28, 33, 15, 0, 37, 22, 3, 37,
            12, 4, 30, 35, 17, 6, 37, 18, 25, 37, 14, 7, 32, 36, 16, 37, 1, 7, 37, 9, 5, 14, 8)

DURAK_LESSON = Lesson(
    game="durak",
    names=("lesson.seat.you", "lesson.seat.boris"),
    decks=(_DECK,),
    seat_draws=(1,),
    actions=_ACTIONS,
    notes={
        0: "lesson.durak.attack",
        1: "lesson.durak.beat",
        2: "lesson.durak.draw",
        3: "lesson.durak.defend",
        5: "lesson.durak.throw_in",
        6: "lesson.durak.trump",
        16: "lesson.durak.your_throw_in",
        32: "lesson.durak.talon_empty",
        35: "lesson.durak.take",
        36: "lesson.durak.add_taking",
        37: "lesson.durak.done",
        41: "lesson.durak.limit",
        44: "lesson.durak.leave",
    },
    end_note="lesson.durak.end",
)
