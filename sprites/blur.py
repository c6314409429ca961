"""A gaussian blur for soft glows and shadows that costs a sixth as much when it is wide.

pygame's ``gaussian_blur`` takes time in proportion to the area times the radius: a seat's
turn glow at 1920×1080 took 13 ms, made the first time that seat moves, so the frame it
first lit up was the slowest of the game (issue 21). A wide blur leaves no detail finer than
its radius, so blurring at half size with half the radius and scaling back up gives the same
soft picture for a quarter of the pixels and half the radius.
"""

from __future__ import annotations

import pygame

HALF_FROM = 6  # blurs at least this wide are made at half size


def soft_blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """``surface`` blurred by ``radius`` pixels (a new surface of the same size and format)."""
    w, h = surface.get_size()
    if radius < HALF_FROM or w < 4 or h < 4:
        return pygame.transform.gaussian_blur(surface, radius)
    small = pygame.transform.smoothscale(surface, ((w + 1) // 2, (h + 1) // 2))
    small = pygame.transform.gaussian_blur(small, max(1, round(radius / 2)))
    return pygame.transform.smoothscale(small, (w, h))
