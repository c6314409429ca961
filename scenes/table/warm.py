"""Card faces rendered a few at a time, each frame, before any card shows them.

A part the table owns (:class:`FaceWarmer`): its own state is the list of faces still to
render. Rendering a face the first time it is shown would stall that frame mid-deal, so the
table plans every face at every width it uses when a game begins, and each frame spends a
few milliseconds of it.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any


class FaceWarmer:
    """The card faces one table still has to render ahead of need."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._left: list[tuple[int, int]] = []  # (card, width), the last one rendered first

    def plan(self, cards: Iterable[int], widths: Iterable[int]) -> None:
        """Render every one of ``cards`` at every one of ``widths`` (the largest first)."""
        cards = list(cards)
        self._left = [(card, w) for w in sorted(set(widths), reverse=True) for card in cards]

    def also(self, cards: Iterable[int], widths: Iterable[int]) -> None:
        """Render ``cards`` at ``widths`` too, after everything planned before."""
        self._left[:0] = [(card, w) for w in sorted(set(widths)) for card in cards]

    def update(self, budget: float = 0.002) -> None:
        """Render at least one face, and another only while the time the last one took still
        fits in ``budget`` seconds (the shuffle's frames are full already; a face at 1920×1080
        costs a millisecond or two); nothing while the window fades."""
        if not self._left or getattr(self.app, "fading", False):
            return
        started = now = time.perf_counter()
        spent = 0.0
        while self._left and now - started + spent <= budget:
            card, width = self._left.pop()
            self.app.cards.face(card, width)
            spent, now = time.perf_counter() - now, time.perf_counter()
