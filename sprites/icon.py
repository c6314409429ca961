"""The window icon: a gold spade on a green rounded square, drawn in code."""

from __future__ import annotations

import pygame

from engine.cards import SPADES

from .suits import suit_shape
from .svg import linear_gradient, rasterise, svg_document


def window_icon(size: int = 64) -> pygame.Surface:
    """The icon at ``size`` pixels square."""
    defs = (linear_gradient("bg", [(0, "#2a8a5c"), (1, "#0b3a24")])
            + linear_gradient("gold", [(0, "#f3dd92"), (0.55, "#c9a24a"), (1, "#8f6d26")]))
    body = ('<rect x="2" y="2" width="96" height="96" rx="20" fill="url(#bg)" stroke="#c9a24a" '
            'stroke-width="3"/>' + suit_shape(SPADES, "url(#gold)", x=20, y=18, size=60))
    return rasterise(svg_document(100, 100, body, defs), (size, size))
