"""Tiny helpers to write SVG text and rasterise it with pygame-ce at an exact pixel size.

pygame-ce renders SVG with nanosvg: shapes, gradients, strokes and transforms, but no text,
clip paths or patterns. So our art draws shapes in SVG (anti-aliased, crisp at any size) and
lays text on top with pygame fonts.
"""

from __future__ import annotations

import io

import pygame


def svg_document(width: float, height: float, body: str, defs: str = "") -> str:
    """A complete SVG document with a ``0 0 width height`` view box."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
            f'width="{width:g}" height="{height:g}"><defs>{defs}</defs>{body}</svg>')


def rasterise(svg: str, size: tuple[int, int]) -> pygame.Surface:
    """Render ``svg`` at exactly ``size`` pixels into a per-pixel-alpha surface."""
    surface = pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), size)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def linear_gradient(ident: str, stops: list[tuple[float, str]], *, vertical: bool = True) -> str:
    """A ``<linearGradient>`` top→bottom (or left→right); a stop colour may be "#hex/alpha"."""
    x2, y2 = ("0%", "100%") if vertical else ("100%", "0%")
    return (f'<linearGradient id="{ident}" x1="0%" y1="0%" x2="{x2}" y2="{y2}">'
            f'{_stops(stops)}</linearGradient>')


def radial_gradient(ident: str, stops: list[tuple[float, str]], *, cx: float = 0.5,
                    cy: float = 0.5, r: float = 0.5) -> str:
    """A ``<radialGradient>`` element; centre and radius are fractions of the shape's box."""
    return (f'<radialGradient id="{ident}" cx="{cx * 100:g}%" cy="{cy * 100:g}%" r="{r * 100:g}%">'
            f'{_stops(stops)}</radialGradient>')


def _stops(stops: list[tuple[float, str]]) -> str:
    # nanosvg reads gradient geometry only as percentages (bare fractions render flat), and a
    # colour may carry an opacity as "#rrggbb/0.4" because fill-opacity ignores gradients
    parts = []
    for offset, colour in stops:
        colour, _, alpha = colour.partition("/")
        opacity = f' stop-opacity="{alpha}"' if alpha else ""
        parts.append(f'<stop offset="{offset:g}" stop-color="{colour}"{opacity}/>')
    return "".join(parts)


def clip_segment(
    x0: float, y0: float, x1: float, y1: float, box: tuple[float, float, float, float]
) -> tuple[float, float, float, float] | None:
    """The part of a segment inside ``box`` (left, top, right, bottom), or None (Liang–Barsky).

    nanosvg has no clip paths, so patterns are clipped here before they are written.
    """
    left, top, right, bottom = box
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - left), (dx, right - x0), (-dy, y0 - top), (dy, bottom - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy
