"""Card faces rendered ahead of need, in the time a frame leaves to spare, never on a frame
that is busy already.

A part the table owns (:class:`FaceWarmer`): its own state is the list of faces still to
render. Rendering a face the first time it is shown would stall that frame (at 1920×1080 a
face costs one to four milliseconds), so the table plans every face at every width it uses when
a game begins, and a moving card whose face at a new width is not made yet asks the renderer for
it (``CardRenderer.wanted``; it shows a stand-in meanwhile, scenes/table/motion.py). After each
frame is shown the table hands the warmer what the frame took; the warmer makes faces only
while the frame with them stays under :data:`FRAME_GOAL`, the faces asked for first. While the
window fades into the table every pixel is sent anyway and those few frames are slow whatever
they do, so they take a larger share (:data:`FADE_GOAL`; not so large that they become the
slowest frames of a short game); the shuffle's light frames make the rest, the widest first
(once each card has a face at some width, a stand-in can show it at any other).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from engine.cards import HIDDEN
from sprites.card_sprite import CardSprite

FRAME_GOAL = 0.006  # seconds a frame may take with the faces made after it
FADE_GOAL = 0.012  # the same while the window fades in (those frames send every pixel)
# A face asked for waits at most this many frames: where every frame is slow (a slow machine,
# a long deal) stand-ins would stay on screen for good.
STARVED_FRAMES = 8
SMOOTH_SHARE = 0.5  # a smooth turned picture takes about half a face's time


def face_cost(width: int) -> float:
    """A first guess of the seconds one face ``width`` pixels wide takes to render (most of it
    rasterising the art, which grows with the area)."""
    return 0.0005 + width * width / 6.5e6


class FaceWarmer:
    """The card faces one table still has to render ahead of need."""

    def __init__(self, app: Any, mover: Any = None) -> None:
        self.app = app
        self.mover = mover  # whose landed cards are made smooth a few a frame (motion.Mover)
        self._left: list[tuple[int, int]] = []  # (card, width), the last one rendered first
        self._speed = 1.0  # measured render time / face_cost, as last seen
        self.made = 0  # faces rendered by this warmer (tests count them)
        self._starved = 0  # updates in a row that made nothing while faces were asked for

    def plan(self, cards: Iterable[int], widths: Iterable[int]) -> None:
        """Render every one of ``cards``, and the back, at every one of ``widths`` (the widest
        first)."""
        cards = [*cards, HIDDEN]
        self._left = [(card, w) for w in sorted(set(widths)) for card in reversed(cards)]

    def also(self, cards: Iterable[int], widths: Iterable[int]) -> None:
        """Render ``cards`` at ``widths`` too, after everything planned before."""
        self._left[:0] = [(card, w) for w in sorted(set(widths)) for card in cards]

    def pending(self) -> int:
        """How many faces are still to be made (planned and asked for)."""
        return len(self._left) + len(self.app.cards.wanted)

    def update(self, spent: float = 0.0) -> None:
        """Render faces while the frame that took ``spent`` seconds, with them, stays within
        its goal: first the faces moving cards asked for, then the planned ones (the widest
        first; when the next one does not fit, the narrowest may)."""
        renderer = self.app.cards
        goal = FADE_GOAL if getattr(self.app, "fading", False) else FRAME_GOAL
        spent = self._smooth_ahead(renderer, spent, goal)
        made = self.made
        while True:
            face = self._next(renderer, goal - spent)
            if face is None and renderer.wanted and self._starved >= STARVED_FRAMES:
                face = next(iter(renderer.wanted))  # frames are never short: one anyway
                del renderer.wanted[face]
                self._starved = 0
            if face is None:
                starving = renderer.wanted and self.made == made
                self._starved = self._starved + 1 if starving else 0
                return
            card, width = face
            if renderer.ready(card, width, card != HIDDEN) is not None:
                continue  # made meanwhile (a card at rest needed it)
            started = time.perf_counter()
            # made, not drawn: no card is shown by this (tests spy on ``card`` for what is)
            renderer.face(card, width) if card != HIDDEN else renderer.back(width)
            renderer.shadow(width)  # one for every card that wide (a blur: a millisecond)
            took = time.perf_counter() - started
            self.made += 1
            spent += took
            # a running mean: court cards take longer than number cards
            self._speed = min(4.0, max(0.25, 0.7 * self._speed + 0.3 * took / face_cost(width)))

    def _smooth_ahead(self, renderer, spent: float, goal: float) -> float:
        """Turn the pictures of the landed cards waiting to be made smooth (a rotozoom each,
        half a millisecond or more; the Mover waits for them), while they fit; the seconds
        spent by then."""
        for card in self.mover.soon_smooth() if self.mover is not None else ():
            if spent + self._guess(card.width) * SMOOTH_SHARE > goal:
                break
            started = time.perf_counter()
            CardSprite._image(card, renderer)  # kept by the card for when it is drawn smooth
            CardSprite._shadow(card, renderer)
            card.smooth_made = True
            spent += time.perf_counter() - started
        return spent

    def _guess(self, width: int) -> float:
        return face_cost(width) * self._speed

    def _next(self, renderer, spare: float) -> tuple[int, int] | None:
        """The next face to make in ``spare`` seconds (taken off its list), or None: the oldest
        one asked for that fits, else the widest planned one, else the narrowest."""
        for card, width in renderer.wanted:
            if self._guess(width) <= spare:
                del renderer.wanted[(card, width)]
                return card, width
        for i in (-1, 0):
            if self._left and self._guess(self._left[i][1]) <= spare:
                return self._left.pop(i)
        return None
