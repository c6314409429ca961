"""Casino chips drawn in code: a few denominations with their colours, cached by size."""

from __future__ import annotations

import functools
from typing import NamedTuple

import pygame

from .fonts import font
from .svg import linear_gradient, rasterise, svg_document


class ChipColours(NamedTuple):
    """Body, rim spots and centre text colours of one denomination."""

    body: str
    spots: str
    text: tuple[int, int, int]


DENOMINATIONS: tuple[int, ...] = (1000, 500, 100, 25, 10, 5, 1)
_COLOURS = {
    1: ChipColours("#ece6d6", "#2a5aa8", (40, 60, 110)),
    5: ChipColours("#b5202f", "#f4ecdc", (120, 16, 28)),
    10: ChipColours("#2356a8", "#f4ecdc", (22, 52, 110)),
    25: ChipColours("#1d7a46", "#f4ecdc", (16, 84, 46)),
    100: ChipColours("#1e1e1f", "#d9b45a", (30, 30, 30)),
    500: ChipColours("#5b2a86", "#f4ecdc", (70, 30, 110)),
    1000: ChipColours("#d49a1e", "#1e1e1f", (110, 70, 10)),
}


def chip_breakdown(amount: int, max_chips: int = 12) -> list[int]:
    """Denominations that make up ``amount`` (largest first), at most ``max_chips`` of them.

    A big amount is shown with the largest chips; the count is capped so a stack stays small.
    """
    chips: list[int] = []
    left = max(0, int(amount))
    for value in DENOMINATIONS:
        while left >= value and len(chips) < max_chips:
            chips.append(value)
            left -= value
    return chips


def _label(value: int) -> str:
    return f"{value // 1000}K" if value >= 1000 else str(value)


def _chip_svg(colours: ChipColours) -> str:
    spots = "".join(f'<rect x="44" y="1.5" width="12" height="15" rx="2" fill="{colours.spots}" '
                    f'transform="rotate({a} 50 50)"/>' for a in range(0, 360, 45))
    defs = linear_gradient("shine", [(0, "#ffffff/0.22"), (0.5, "#ffffff/0"), (1, "#000000/0.25")])
    body = (f'<circle cx="50" cy="50" r="48.5" fill="{colours.body}" stroke="#000" '
            f'stroke-opacity="0.45" stroke-width="1.5"/>{spots}'
            f'<circle cx="50" cy="50" r="48.5" fill="url(#shine)"/>'
            f'<circle cx="50" cy="50" r="34" fill="none" stroke="{colours.spots}" '
            f'stroke-width="2.2" stroke-dasharray="5 4"/>'
            f'<circle cx="50" cy="50" r="29" fill="#f6f0e2" stroke="#000" stroke-opacity="0.25"/>')
    return svg_document(100, 100, body, defs)


@functools.lru_cache(maxsize=128)
def chip_surface(value: int, diameter: int) -> pygame.Surface:
    """A chip of denomination ``value`` (one of DENOMINATIONS) ``diameter`` pixels wide."""
    colours = _COLOURS.get(value, _COLOURS[1])
    surface = rasterise(_chip_svg(colours), (diameter, diameter))
    text = _label(value)
    size = round(diameter * (0.3 if len(text) <= 2 else 0.24))
    glyphs = font("bold", size).render(text, True, colours.text)
    ink = glyphs.get_bounding_rect()
    surface.blit(glyphs, (round(diameter / 2 - ink.centerx), round(diameter / 2 - ink.centery)))
    return surface


TILT = 0.6  # height / width of a chip face seen at the table's angle


def _tilted_svg(colours: ChipColours, thickness: float) -> str:
    """A chip seen from the player's chair: an elliptic top over a striped rim."""
    ry = 50 * TILT
    side = (f'<path d="M0 {ry:g} L0 {ry + thickness:g} A50 {ry:g} 0 0 0 100 {ry + thickness:g} '
            f'L100 {ry:g} Z" fill="{colours.body}"/>'
            f'<path d="M0 {ry:g} L0 {ry + thickness:g} A50 {ry:g} 0 0 0 100 {ry + thickness:g} '
            f'L100 {ry:g} Z" fill="#000" fill-opacity="0.28"/>')
    stripes = ""
    for x in (7, 27, 47, 67, 87):
        top = ry + ry * (1 - ((x + 3 - 50) / 50) ** 2) ** 0.5
        stripes += (f'<rect x="{x}" y="{top - 0.5:.2f}" width="6" height="{thickness:g}" '
                    f'fill="{colours.spots}" fill-opacity="0.9"/>')
    spots = "".join(f'<rect x="44" y="1.5" width="12" height="15" rx="2" fill="{colours.spots}" '
                    f'transform="rotate({a} 50 50)"/>' for a in range(0, 360, 45))
    face = (
        f'<g transform="scale(1 {TILT:g})"><circle cx="50" cy="50" r="49" fill="{colours.body}" '
        f'stroke="#000" stroke-opacity="0.4" stroke-width="1.5"/>{spots}'
        f'<circle cx="50" cy="50" r="34" fill="none" stroke="{colours.spots}" stroke-width="2.2" '
        f'stroke-dasharray="5 4"/><circle cx="50" cy="50" r="29" fill="#f6f0e2" stroke="#000" '
        f'stroke-opacity="0.25"/></g>'
    )
    return svg_document(100, ry * 2 + thickness, side + stripes + face)


@functools.lru_cache(maxsize=128)
def chip_tilted(value: int, diameter: int) -> pygame.Surface:
    """One chip in perspective (for stacks): ``diameter`` wide, rim below the face."""
    colours = _COLOURS.get(value, _COLOURS[1])
    thickness = 11.0
    height = round(diameter * (2 * 50 * TILT + thickness) / 100)
    surface = rasterise(_tilted_svg(colours, thickness), (diameter, height))
    text = _label(value)
    size = round(diameter * (0.3 if len(text) <= 2 else 0.24))
    glyphs = font("bold", size).render(text, True, colours.text)
    glyphs = pygame.transform.smoothscale(glyphs, (glyphs.get_width(),
                                                   max(1, round(glyphs.get_height() * TILT))))
    ink = glyphs.get_bounding_rect()
    surface.blit(
        glyphs, (round(diameter / 2 - ink.centerx), round(diameter * TILT / 2 - ink.centery))
    )
    return surface


def draw_chip_stack(surface: pygame.Surface, amount: int, centre: tuple[int, int],
                    diameter: int, max_chips: int = 10) -> pygame.Rect:
    """Draw ``amount`` as a stack standing on ``centre`` (largest chips at the base).

    Returns the rect drawn over.
    """
    chips = chip_breakdown(amount, max_chips)
    area = pygame.Rect(centre, (0, 0))
    step = max(2, round(diameter * 0.11))
    x = centre[0] - diameter // 2
    for i, value in enumerate(chips):
        image = chip_tilted(value, diameter)
        y = centre[1] - image.get_height() // 2 - i * step
        area.union_ip(surface.blit(image, (x, y)))
    return area
