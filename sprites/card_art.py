"""The SVG art of card faces and backs, in a 250×350 unit box (the 5:7 card shape).

Only shapes live here; the rank letters are drawn with fonts by :mod:`sprites.cards`, which
reads :func:`face_text` to know what to write where.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import ACE, JACK, KING, QUEEN, rank_of, suit_of

from .suits import TWO_COLOUR, suit_colour, suit_shape
from .svg import clip_segment, linear_gradient, radial_gradient, svg_document

W, H = 250.0, 350.0
RADIUS = 16.0
GOLD = "#c9a24a"
GOLD_DARK = "#8a6a24"

# Pip centres (x, y) per number of pips; pips below the middle are drawn upside down.
_COLS = (72.0, 125.0, 178.0)
_ROWS3 = (75.0, 175.0, 275.0)
_ROWS4 = (75.0, 141.7, 208.3, 275.0)
_PIPS = {
    6: [(x, y) for y in _ROWS3 for x in (_COLS[0], _COLS[2])],
    7: [(x, y) for y in _ROWS3 for x in (_COLS[0], _COLS[2])] + [(125.0, 125.0)],
    8: [(x, y) for y in _ROWS3 for x in (_COLS[0], _COLS[2])] + [(125.0, 125.0), (125.0, 225.0)],
    9: [(x, y) for y in _ROWS4 for x in (_COLS[0], _COLS[2])] + [(125.0, 175.0)],
    10: [(x, y) for y in _ROWS4 for x in (_COLS[0], _COLS[2])] + [(125.0, 108.3), (125.0, 241.7)],
}
PIP_SIZE = 46.0
INDEX_X = 24.0  # centre of the corner index column
INDEX_SUIT = (12.0, 57.0, 24.0)  # x, y, size of the small suit under the corner rank
COMPACT_RANK = (66.0, 74.0)  # centre of the big rank of the compact design
COMPACT_SUIT = (30.0, 132.0, 72.0)  # its suit under the rank
COMPACT_PIP = (106.0, 190.0, 132.0)  # the large pip, lower right


class FaceText(NamedTuple):
    """Text the renderer writes over the SVG: where (unit box), how big, which colour."""

    text: str
    centre: tuple[float, float]
    height: float
    colour: str
    role: str
    rotate: bool


def _pip_count(rank: int) -> int:
    return rank + 6  # rank 0 is the six


def _frame(fill: str) -> str:
    grad = linear_gradient("paper", [(0, "#fffefa"), (1, "#f5f0e4")])
    body = (f'<rect x="1.5" y="1.5" width="{W - 3:g}" height="{H - 3:g}" rx="{RADIUS:g}" '
            f'fill="{fill}" stroke="#9d9482" stroke-width="2.2"/>')
    return grad, body


def _corner_suits(suit: int, ink: str) -> str:
    x, y, s = INDEX_SUIT
    return (suit_shape(suit, ink, x=x, y=y, size=s)
            + suit_shape(suit, ink, x=W - x - s, y=H - y - s, size=s, flip=True))


def _pips(suit: int, ink: str, count: int) -> str:
    half = PIP_SIZE / 2
    return "".join(suit_shape(suit, ink, x=x - half, y=y - half, size=PIP_SIZE, flip=y > 176)
                   for x, y in _PIPS[count])


def _ace(suit: int, ink: str) -> str:
    size = 112.0
    ring = (f'<circle cx="125" cy="175" r="80" fill="none" stroke="{GOLD}" stroke-width="1.6" '
            f'stroke-opacity="0.7"/><circle cx="125" cy="175" r="74" fill="none" '
            f'stroke="{GOLD}" stroke-width="0.8" stroke-opacity="0.6"/>')
    return ring + suit_shape(suit, ink, x=125 - size / 2, y=175 - size / 2 - 2, size=size)


_CROWN_KING = ("M86 118 L 80 78 L 101 98 L 112 68 L 125 94 L 138 68 L 149 98 L 170 78 "
               "L 164 118 Z")
_CROWN_QUEEN = ("M92 118 L 86 86 Q 104 100 110 82 L 125 64 L 140 82 Q 146 100 164 86 "
                "L 158 118 Z")


def _court_ornament(rank: int) -> str:
    """A gold crown (king, queen) or plumed cap (jack) above the court letter."""
    stroke = f'stroke="{GOLD_DARK}" stroke-width="1.4" stroke-linejoin="round"'
    if rank == KING:
        tips = [(80, 78), (112, 68), (138, 68), (170, 78)]
        crown = f'<path d="{_CROWN_KING}" fill="url(#gold)" {stroke}/>'
    elif rank == QUEEN:
        tips = [(86, 86), (125, 64), (164, 86)]
        crown = f'<path d="{_CROWN_QUEEN}" fill="url(#gold)" {stroke}/>'
    else:
        tips = []
        leaves = "".join(
            f'<ellipse cx="125" cy="92" rx="7" ry="22" transform="rotate({a} 125 116)" '
            f'fill="url(#gold)" {stroke}/>' for a in (-34, 34, -17, 17, 0))
        crown = leaves + (f'<path d="M96 118 Q 125 100 154 118 Z" fill="url(#gold)" {stroke}/>')
    jewels = "".join(
        f'<circle cx="{x}" cy="{y}" r="4.2" fill="#f5e6b8" {stroke}/>' for x, y in tips
    )
    band = (f'<rect x="92" y="116" width="66" height="9" rx="2" fill="url(#gold)" {stroke}/>'
            f'<circle cx="125" cy="120.5" r="2.6" fill="#b3162b"/>'
            f'<circle cx="107" cy="120.5" r="1.8" fill="#1d4f9e"/>'
            f'<circle cx="143" cy="120.5" r="1.8" fill="#1d4f9e"/>')
    return crown + jewels + band


def _court(suit: int, ink: str, rank: int) -> str:
    tint = {0: "#eef0f5", 1: "#fbeeea", 2: "#fbf0e6", 3: "#edf3ee"}[suit]
    x0, y0, x1, y1 = 46.0, 44.0, 204.0, 306.0
    frame = (
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="7" fill="{tint}" '
        f'stroke="{GOLD}" stroke-width="2.6"/>'
        f'<rect x="{x0 + 5}" y="{y0 + 5}" width="{x1 - x0 - 10}" height="{y1 - y0 - 10}" rx="4" '
        f'fill="none" stroke="{GOLD}" stroke-width="0.9" stroke-opacity="0.8"/>'
    )
    s = 20.0
    corners = (suit_shape(suit, ink, x=x0 + 10, y=y0 + 10, size=s)
               + suit_shape(suit, ink, x=x1 - 10 - s, y=y0 + 10, size=s)
               + suit_shape(suit, ink, x=x0 + 10, y=y1 - 10 - s, size=s, flip=True)
               + suit_shape(suit, ink, x=x1 - 10 - s, y=y1 - 10 - s, size=s, flip=True))
    rule = (f'<line x1="{x0 + 22}" y1="252" x2="{x1 - 22}" y2="252" stroke="{GOLD}" '
            f'stroke-width="1" stroke-opacity="0.7"/>')
    pip = suit_shape(suit, ink, x=125 - 19, y=260, size=38)
    return frame + corners + _court_ornament(rank) + rule + pip


def face_svg(card: int, style: str = TWO_COLOUR, compact: bool = False) -> str:
    """SVG of a card face (without the rank letters; see :func:`face_text`).

    ``compact`` is the small-card design: a big corner index and one large pip, because pip
    layouts and fine corner indices become unreadable below about 80 pixels.
    """
    suit, rank = suit_of(card), rank_of(card)
    ink = suit_colour(suit, style)
    grad, frame = _frame("url(#paper)")
    defs = grad + linear_gradient("gold", [(0, "#f1d98a"), (0.55, "#c9a24a"), (1, "#9c7a2e")])
    if compact:
        x, y, s = COMPACT_SUIT
        big = suit_shape(suit, ink, x=COMPACT_PIP[0], y=COMPACT_PIP[1], size=COMPACT_PIP[2])
        return svg_document(W, H, frame + suit_shape(suit, ink, x=x, y=y, size=s) + big, defs)
    if rank == ACE:
        middle = _ace(suit, ink)
    elif rank in (JACK, QUEEN, KING):
        middle = _court(suit, ink, rank)
    else:
        middle = _pips(suit, ink, _pip_count(rank))
    return svg_document(W, H, frame + _corner_suits(suit, ink) + middle, defs)


RANK_LETTERS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")  # the international indices


def face_text(card: int, style: str = TWO_COLOUR, compact: bool = False,
              letters: tuple[str, ...] = RANK_LETTERS) -> list[FaceText]:
    """The letters on a face: both corner ranks, and the big court letter (``letters[rank]``)."""
    suit, rank = suit_of(card), rank_of(card)
    ink = suit_colour(suit, style)
    letter = letters[rank]
    if compact:
        return [FaceText(letter, COMPACT_RANK, 104.0, ink, "bold", False)]
    texts = [FaceText(letter, (INDEX_X, 32.0), 42.0, ink, "display", False),
             FaceText(letter, (W - INDEX_X, H - 32.0), 42.0, ink, "display", True)]
    if rank in (JACK, QUEEN, KING):
        texts.append(FaceText(letter, (125.0, 186.0), 112.0, ink, "display", False))
    return texts


# --- backs -------------------------------------------------------------------------------------

class BackDesign(NamedTuple):
    """A card back: the name shown in settings (a tr key) and its colours and pattern."""

    key: str
    top: str
    bottom: str
    line: str
    pattern: str


BACKS: dict[str, BackDesign] = {
    "crimson": BackDesign("back.crimson", "#9a1a2c", "#5c0a17", "#f3d9a0", "lattice"),
    "navy": BackDesign("back.navy", "#23427a", "#0f1f3d", "#e9d7a3", "dots"),
    "emerald": BackDesign("back.emerald", "#1b6445", "#0a3322", "#e6cf8e", "tartan"),
    "noir": BackDesign("back.noir", "#2c2b2a", "#0c0c0c", "#d4af5a", "rays"),
}
DEFAULT_BACK = "crimson"

_INNER = (15.0, 15.0, W - 15.0, H - 15.0)


def _lines(segments: list[tuple[float, float, float, float]], colour: str, width: float,
           opacity: float) -> str:
    parts = []
    for x0, y0, x1, y1 in segments:
        clipped = clip_segment(x0, y0, x1, y1, _INNER)
        if clipped:
            a, b, c, d = clipped
            parts.append(f"M{a:.1f} {b:.1f} L{c:.1f} {d:.1f}")
    return (f'<path d="{" ".join(parts)}" stroke="{colour}" stroke-width="{width:g}" '
            f'stroke-opacity="{opacity:g}" fill="none" stroke-linecap="round"/>')


def _pattern(design: BackDesign) -> str:
    colour = design.line
    if design.pattern == "lattice":
        step = 17.0
        segs = [(k, 0, k + H, H) for k in range(int(-H), int(W + H), int(step))]
        segs += [(k, 0, k - H, H) for k in range(int(-H), int(W + H) * 2, int(step))]
        return _lines(segs, colour, 1.3, 0.33)
    if design.pattern == "dots":
        dots = []
        for j, y in enumerate(range(24, int(H) - 20, 13)):
            offset = 6.5 if j % 2 else 0.0
            for x in range(24, int(W) - 20, 13):
                dots.append(f'<circle cx="{x + offset:g}" cy="{y}" r="2.3"/>')
        return f'<g fill="{colour}" fill-opacity="0.32">{"".join(dots)}</g>'
    if design.pattern == "tartan":
        fine = [(x, 0, x, H) for x in range(15, int(W), 9)] + [
            (0, y, W, y) for y in range(15, int(H), 9)
        ]
        bold = [(x, 0, x, H) for x in range(33, int(W), 36)] + [
            (0, y, W, y) for y in range(33, int(H), 36)
        ]
        return _lines(fine, colour, 0.8, 0.16) + _lines(bold, colour, 2.4, 0.3)
    # rays: an art-deco sunburst from both short edges
    segs = []
    for i in range(-14, 15):
        segs.append((125, -30, 125 + i * 26, H))
        segs.append((125, H + 30, 125 + i * 26, 0))
    return _lines(segs, colour, 1.1, 0.3)


def _medallion(design: BackDesign) -> str:
    quartet = "".join(suit_shape(s, "url(#gold)", x=x - 13, y=y - 13, size=26)
                      for s, (x, y) in enumerate(((125, 143), (151, 175), (125, 207), (99, 175))))
    return (f'<ellipse cx="125" cy="175" rx="56" ry="74" fill="url(#med)" stroke="url(#gold)" '
            f'stroke-width="4"/><ellipse cx="125" cy="175" rx="48" ry="66" fill="none" '
            f'stroke="{design.line}" stroke-width="1" stroke-opacity="0.7"/>' + quartet)


def back_svg(name: str = DEFAULT_BACK) -> str:
    """SVG of the card back called ``name`` (one of :data:`BACKS`)."""
    design = BACKS.get(name, BACKS[DEFAULT_BACK])
    defs = (linear_gradient("base", [(0, design.top), (1, design.bottom)])
            + radial_gradient("med", [(0, design.top), (1, design.bottom)])
            + linear_gradient("gold", [(0, "#f3dd92"), (0.5, "#c9a24a"), (1, "#8f6d26")])
            + linear_gradient("paper", [(0, "#fffdf8"), (1, "#f1eadb")]))
    left, top, right, bottom = _INNER
    iw, ih = right - left, bottom - top
    body = (f'<rect x="1.5" y="1.5" width="{W - 3:g}" height="{H - 3:g}" rx="{RADIUS:g}" '
            f'fill="url(#paper)" stroke="#9d9482" stroke-width="2.2"/>'
            f'<rect x="{left}" y="{top}" width="{iw}" height="{ih}" rx="9" fill="url(#base)"/>'
            + _pattern(design)
            + f'<rect x="{left + 6}" y="{top + 6}" width="{iw - 12}" height="{ih - 12}" rx="6" '
              f'fill="none" stroke="url(#gold)" stroke-width="2"/>'
            + _medallion(design))
    return svg_document(W, H, body, defs)
