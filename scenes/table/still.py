"""The felt with the cards at rest drawn on it, kept between frames and mended where it changed.

At 1920×1080 blitting every resting card again each frame, or copying the felt afresh whenever
one card came to rest, cost most of a frame; and a new layer would make the whole window count
as changed (scenes/damage.py). So the layer stays one surface: when cards change, only their
old and new footprints are painted again (felt, then every resting card there, in order, clipped
to them), and those footprints are noted as changed on a canvas that records damage.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from sprites.cards import card_size, shadow_blur

from ..damage import damage


def _look(sprite) -> tuple:
    """Everything about a resting card that changes its picture (and so its footprint)."""
    c = sprite
    return (id(c), c.card, c.face_up, c.flip, c.pos, c.rotation, c.width, c.scale, c.lift,
            c.dim, c.alpha, c.visible, c.shadow, c.highlight, c._flip_to,
            getattr(c, "rough", False), getattr(c, "stand_in", False))


def _reach(sprite) -> pygame.Rect:
    """A rectangle holding every pixel the card may draw (shadow and glow too), however it
    is turned: a little larger than its footprint, and quick to find."""
    w, h = card_size(sprite.width)
    blur = shadow_blur(sprite.width)  # the shadow's margin, wider than the glow's
    radius = math.hypot(w + 4 * blur, h + 4 * blur) * sprite.scale / 2
    radius += 4 + sprite.lift * 0.35 + w * 0.02  # the shadow's offset
    cx, cy = sprite.draw_centre()
    return pygame.Rect(round(cx - radius), round(cy - radius), round(2 * radius) + 1,
                       round(2 * radius) + 1)


def split(shown: list, moving: Callable[[object], bool]) -> tuple[list, list]:
    """``shown`` (bottom first) as the cards kept in the still layer and the cards drawn over
    it every frame, each list in order: every card that moves goes over it, and so does every
    card at rest that reaches over one already going there (it must stay on top of it). A card
    at rest clear of them all stays in the layer: a dealt card leaving the talon no longer
    brings every hand lying above the talon in the drawing order into each frame."""
    still, above, reach = [], [], []
    for sprite in shown:
        box = _reach(sprite)
        if (sprite.flying or sprite.in_motion or moving(sprite)
                or box.collidelist(reach) >= 0):
            above.append(sprite)
            reach.append(box)
        else:
            still.append(sprite)
    return still, above


class StillLayer:
    """The resting cards on the felt, one surface for the whole window."""

    def __init__(self) -> None:
        self._base: tuple | None = None
        self._felt: pygame.Surface | None = None
        self._layer: pygame.Surface | None = None
        self._drawn: list[tuple[tuple, tuple[int, int, int, int]]] = []  # (look, footprint)

    def draw(self, surface: pygame.Surface, felt: pygame.Surface, sprites: list, renderer,
             base: tuple) -> None:
        """Blit the felt with ``sprites`` (bottom first) on it onto ``surface``; ``base`` holds
        what changes every card at once (the card style, the letters)."""
        fresh = self._layer is None or felt is not self._felt or base != self._base
        # a card that looks as it did keeps its footprint: working it out again for every
        # resting card (its picture, shadow and rectangles) cost a millisecond a frame
        known = {} if fresh else dict(self._drawn)
        now = []
        for sprite in sprites:
            look = _look(sprite)
            footprint = known.get(look)
            now.append((look, footprint if footprint is not None
                        else tuple(sprite.footprint(renderer))))
        if fresh:
            self._layer = felt.copy()
            for sprite in sprites:
                sprite.draw(self._layer, renderer)
            self._base, self._felt = base, felt
            changed = [self._layer.get_rect()]
        else:
            changed = [r.clip(self._layer.get_rect()) for r in damage(self._drawn, now)]
            self._mend(felt, sprites, now, changed, renderer)
        self._drawn = now
        background = getattr(surface, "blit_background", None)
        if background is not None:
            background(self._layer, changed)  # a canvas: only where the frame needs it
        else:
            surface.blit(self._layer, (0, 0))

    def _mend(self, felt: pygame.Surface, sprites: list, now: list, changed: list[pygame.Rect],
              renderer) -> None:
        """Paint ``changed`` again: the felt, then every resting card that reaches into it."""
        layer = self._layer
        for rect in changed:
            if not rect.w or not rect.h:
                continue
            layer.set_clip(rect)
            layer.blit(felt, rect, rect)
            for sprite, (_, footprint) in zip(sprites, now):
                if rect.colliderect(footprint):
                    sprite.draw(layer, renderer)
        layer.set_clip(None)
