"""The green felt: a soft radial light with a vignette and a faint cloth grain, per window size.

``felt_surface(size)`` is the plain felt (menus); ``table_surface(size, oval)`` adds a padded
wooden rail around an oval playing area (the card table). Both are rendered once per size and
cached; call them every frame without worry.
"""

from __future__ import annotations

import functools
import random

import pygame

from .svg import linear_gradient, radial_gradient, rasterise, svg_document

FELT_LIGHT = "#2a8a5c"
FELT_MID = "#176540"
FELT_DARK = "#082e1b"


@functools.lru_cache(maxsize=2)
def _grain(tile: int = 192) -> pygame.Surface:
    """A tile of faint noise that breaks gradient banding and reads as cloth."""
    rng = random.Random(7)  # fixed seed: the felt looks the same every run
    values = rng.randbytes(tile * tile)
    shade = values.translate(_SHADE)  # each speck is a little lighter or darker …
    rgba = bytearray(tile * tile * 4)
    rgba[0::4] = rgba[1::4] = rgba[2::4] = shade
    rgba[3::4] = values.translate(_ALPHA)  # … and barely visible
    return pygame.image.frombuffer(bytes(rgba), (tile, tile), "RGBA").copy()


_SHADE = bytes(255 if i & 1 else 0 for i in range(256))
_ALPHA = bytes(i % 9 for i in range(256))


def _add_grain(surface: pygame.Surface) -> None:
    tile = _grain()
    tw, th = tile.get_size()
    for y in range(0, surface.get_height(), th):
        for x in range(0, surface.get_width(), tw):
            surface.blit(tile, (x, y))


@functools.lru_cache(maxsize=4)
def felt_surface(size: tuple[int, int]) -> pygame.Surface:
    """Full-window felt with the light a little above centre and darker corners."""
    w, h = size
    defs = radial_gradient("felt", [(0, FELT_LIGHT), (0.55, FELT_MID), (1, FELT_DARK)],
                           cx=0.5, cy=0.42, r=0.75)
    # a smooth gradient loses nothing when drawn small and scaled up; the grain hides the rest
    small = (max(8, w // 4), max(8, h // 4))
    svg = svg_document(small[0], small[1],
                       f'<rect width="{small[0]}" height="{small[1]}" fill="url(#felt)"/>', defs)
    surface = pygame.transform.smoothscale(rasterise(svg, small), (w, h))
    _add_grain(surface)
    return surface.convert() if pygame.display.get_surface() else surface


@functools.lru_cache(maxsize=4)
def table_surface(size: tuple[int, int], oval: tuple[int, int, int, int]) -> pygame.Surface:
    """A dim room, a wooden rail and a felt oval at ``oval`` (x, y, w, h) — the card table."""
    w, h = size
    x, y, ow, oh = oval
    cx, cy, rx, ry = x + ow / 2, y + oh / 2, ow / 2, oh / 2
    rail = max(10.0, min(w, h) * 0.03)
    defs = (radial_gradient("room", [(0, "#1c3a2c"), (1, "#060f0a")], cx=0.5, cy=0.45, r=0.75)
            + radial_gradient("felt", [(0, FELT_LIGHT), (0.65, FELT_MID), (1, "#0e4a2d")],
                              cx=0.5, cy=0.45, r=0.6)
            + linear_gradient("rail", [(0, "#8a5a2e"), (0.45, "#5a3417"), (1, "#2e190a")]))
    body = (
        f'<rect width="{w}" height="{h}" fill="url(#room)"/>'
        f'<ellipse cx="{cx:g}" cy="{cy + rail * 0.35:g}" rx="{rx + rail * 1.25:g}" '
        f'ry="{ry + rail * 1.25:g}" fill="#000" fill-opacity="0.45"/>'
        f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{rx + rail:g}" ry="{ry + rail:g}" fill="url(#rail)" '
        f'stroke="#1c0f06" stroke-width="1.5"/>'
        f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{rx + rail * 0.55:g}" ry="{ry + rail * 0.55:g}" '
        f'fill="none" stroke="#c08a50" stroke-opacity="0.45" stroke-width="{rail * 0.16:g}"/>'
        f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{rx:g}" ry="{ry:g}" fill="url(#felt)"/>'
        f'<ellipse cx="{cx:g}" cy="{cy:g}" rx="{rx - rail * 0.6:g}" ry="{ry - rail * 0.6:g}" '
        f'fill="none" stroke="#d8b65e" stroke-opacity="0.28" stroke-width="1.5"/>'
    )
    surface = rasterise(svg_document(w, h, body, defs), (w, h))
    _add_grain(surface)
    return surface.convert() if pygame.display.get_surface() else surface
