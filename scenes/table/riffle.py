"""The one shuffle animation of every table: the deck's top cut in two and riffled back.

    riffle(scene, scene.talon[:16], scene.layout.talon.center, width, times=2)

The halves fly out to both sides, fall back one card after the other, and the deck is squared
by the table's ``hands.arrange``. The steps run through ``scene.story.next_step``, so the next
event waits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

SHUFFLE_VOLUME = 0.65


def riffle(scene: Any, top: Sequence[Any], centre: tuple[float, float], width: int,
           times: int) -> None:
    """Cut ``top`` (the cards in view; the rest of the deck stays put) into two halves beside
    ``centre`` and let them fall back in turn, ``times`` times, then square the deck."""
    cx, cy = centre
    cards = list(top)

    def split() -> float:
        for i, sprite in enumerate(cards):
            side = -1 if i % 2 else 1
            sprite.z = 60 + i
            scene.mover.go(sprite, (cx + side * width * 0.72, cy - i * 0.8), side * 9.0, width,
                           0.22, delay=i * 0.006)
        return 0.36

    def merge() -> float:
        for i, sprite in enumerate(reversed(cards)):
            sprite.rest = None
            sprite.z = 60 + i
            scene.mover.go(sprite, (cx, cy - (len(cards) - i) * 0.5), 0.0, width, 0.16,
                           delay=i * 0.018)
        return 0.16 + 0.018 * len(cards) + 0.05

    def square() -> float:
        scene.hands.arrange(0.12)
        return 0.12

    scene.app.sounds.play("shuffle", SHUFFLE_VOLUME)
    for step in reversed([split, merge] * times + [square]):
        scene.story.next_step(step)
