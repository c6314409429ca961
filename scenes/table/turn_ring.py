"""Whose turn it is, seen from across the room: a warm glow round the seat's plate and a gold
ring that runs round its edge like a timer.

For a computer the ring fills over its think pause (then stays full while it still thinks);
for a person it breathes gently, since a person takes the time he needs.
"""

from __future__ import annotations

import functools
import math

import pygame

from sprites.blur import soft_blur

from ..widgets import GOLD


@functools.lru_cache(maxsize=32)
def _glow(size: tuple[int, int], spread: int) -> pygame.Surface:
    """A soft gold halo a little larger than a plate of ``size``."""
    w, h = size
    halo = pygame.Surface((w + 4 * spread, h + 4 * spread), pygame.SRCALPHA)
    pygame.draw.rect(halo, (*GOLD, 255), (2 * spread, 2 * spread, w, h),
                     border_radius=spread * 2)
    return soft_blur(halo, max(2, spread))


def perimeter_points(rect: pygame.Rect, fraction: float) -> list[tuple[float, float]]:
    """Points along ``rect``'s edge from the middle of the top, clockwise, ``fraction`` of the
    way round (0 … 1)."""
    x0, y0, x1, y1 = rect.left, rect.top, rect.right, rect.bottom
    cx = rect.centerx
    corners = [(cx, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0), (cx, y0)]
    total = 2 * (rect.width + rect.height)
    left = max(0.0, min(1.0, fraction)) * total
    points = [corners[0]]
    for a, b in zip(corners, corners[1:]):
        length = math.dist(a, b)
        if left <= 0:
            break
        if left >= length:
            points.append(b)
            left -= length
        else:
            k = left / length
            points.append((a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k))
            left = 0
    return points


def draw_turn_ring(surface: pygame.Surface, plate: pygame.Rect, scale: float, clock: float,
                   progress: float | None) -> None:
    """Glow and ring round ``plate``; ``progress`` 0 … 1 for a computer, None for a person."""
    spread = max(4, round(9 * scale))
    breath = 0.5 + 0.5 * math.sin(clock * 2.6)
    halo = _glow(plate.size, spread)
    halo.set_alpha(round(170 + 85 * (breath if progress is None else 0.7)))
    surface.blit(halo, halo.get_rect(center=plate.center))
    ring = plate.inflate(round(8 * scale), round(8 * scale))
    width = max(2, round(3 * scale))
    corner = max(3, round(5 * scale))  # nearly square, so the running line follows the track
    if progress is None:
        pygame.draw.rect(surface, GOLD, ring, width=width, border_radius=corner)
        return
    pygame.draw.rect(surface, (90, 74, 36), ring, width=width, border_radius=corner)
    points = perimeter_points(ring, progress)
    if len(points) > 1:
        pygame.draw.lines(surface, GOLD, False, points, width)
