"""Suit shapes as SVG paths in a 100×100 box, plus the ink colours of both card styles."""

from __future__ import annotations

from engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES

# Each path fills roughly the 100×100 box and is centred on (50, 50).
_HEART = ("M50 95 C 22 72, 2 54, 2 30 C 2 14, 14 4, 28 4 C 39 4, 46 11, 50 20 "
          "C 54 11, 61 4, 72 4 C 86 4, 98 14, 98 30 C 98 54, 78 72, 50 95 Z")
_DIAMOND = "M50 2 Q 68 30 86 50 Q 68 70 50 98 Q 32 70 14 50 Q 32 30 50 2 Z"
_SPADE = ("M50 2 C 60 20, 98 38, 98 62 C 98 77, 87 86, 74 86 C 65 86, 57 82, 53 75 "
          "C 54 85, 58 92, 67 98 L 33 98 C 42 92, 46 85, 47 75 C 43 82, 35 86, 26 86 "
          "C 13 86, 2 77, 2 62 C 2 38, 40 20, 50 2 Z")
_CLUB_STEM = "M46.5 58 C 46.5 78, 42 89, 32 98 L 68 98 C 58 89, 53.5 78, 53.5 58 Z"


def suit_shape(suit: int, fill: str, *, x: float = 0, y: float = 0, size: float = 100,
               flip: bool = False, extra: str = "") -> str:
    """SVG for one suit symbol in the box (x, y, size, size); ``flip`` turns it upside down."""
    s = size / 100.0
    if flip:
        transform = f"translate({x + size:g} {y + size:g}) scale({-s:g} {-s:g})"
    else:
        transform = f"translate({x:g} {y:g}) scale({s:g})"
    if suit == CLUBS:
        shape = (f'<circle cx="50" cy="27" r="22.5"/><circle cx="26" cy="59" r="22.5"/>'
                 f'<circle cx="74" cy="59" r="22.5"/><circle cx="50" cy="52" r="12"/>'
                 f'<path d="{_CLUB_STEM}"/>')
    else:
        path = {SPADES: _SPADE, HEARTS: _HEART, DIAMONDS: _DIAMOND}[suit]
        shape = f'<path d="{path}"/>'
    return f'<g transform="{transform}" fill="{fill}" {extra}>{shape}</g>'


TWO_COLOUR = "two_colour"
FOUR_COLOUR = "four_colour"
CARD_STYLES = (TWO_COLOUR, FOUR_COLOUR)

_INK = {
    TWO_COLOUR: ("#17171a", "#c21a2c", "#c21a2c", "#17171a"),
    FOUR_COLOUR: ("#17171a", "#c21a2c", "#1b58b5", "#167a3c"),
}


def suit_colour(suit: int, style: str = TWO_COLOUR) -> str:
    """Ink colour (hex) of ``suit`` in ``style`` ("two_colour" or "four_colour")."""
    return _INK[style][suit]


def suit_rgb(suit: int, style: str = TWO_COLOUR) -> tuple[int, int, int]:
    """Ink colour of ``suit`` as an RGB tuple, for text drawn with pygame."""
    h = suit_colour(suit, style).lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
