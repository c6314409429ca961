"""Where each Azi seat's stake stands: on free felt next to its own plate and hand, so that a
glance tells whose chips they are.

Round a seat's plate and hand lie rings of places, each a little farther off than the one
before. The first ring with a free place decides how near the stake stands; of that ring's free
places (and those a little farther), the one nearest the bank wins, so the stake lies "in front
of" the player, towards the middle. A place is free when the stake covers nothing it must keep
clear of, stays on the felt, and is clearly nearer its own seat than any other seat's plate or
hand (a stake between two players would read as either one's).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

import pygame

Point = tuple[int, int]


def gap(a: pygame.Rect, b: pygame.Rect) -> float:
    """The felt between two rectangles (0 when they touch or overlap)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return math.hypot(dx, dy)


def on_felt(rect: pygame.Rect, oval: pygame.Rect) -> bool:
    """Every corner of ``rect`` lies inside the felt's ellipse."""
    rx, ry = oval.width / 2, oval.height / 2
    cx, cy = oval.centerx, oval.centery
    return all(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1.0
               for x in (rect.left, rect.right) for y in (rect.top, rect.bottom))


def _ring(box: pygame.Rect, distance: float, step: float) -> Iterator[tuple[float, float]]:
    """Points ``distance`` away from ``box`` (its sides pushed out, its corners rounded), about
    ``step`` apart."""
    left, top = box.left - distance, box.top - distance
    right, bottom = box.right + distance, box.bottom + distance
    for k in range(max(1, math.ceil(box.width / step)) + 1):
        x = box.left + box.width * k / max(1, math.ceil(box.width / step))
        yield x, top
        yield x, bottom
    for k in range(max(1, math.ceil(box.height / step)) + 1):
        y = box.top + box.height * k / max(1, math.ceil(box.height / step))
        yield left, y
        yield right, y
    if distance > 0:
        turns = max(1, math.ceil(distance * math.pi / 2 / step))
        for cx, cy, start in ((box.left, box.top, math.pi), (box.right, box.top, -math.pi / 2),
                              (box.right, box.bottom, 0.0), (box.left, box.bottom, math.pi / 2)):
            for k in range(1, turns):
                a = start + math.pi / 2 * k / turns
                yield cx + math.cos(a) * distance, cy + math.sin(a) * distance


def own_spot(home: Sequence[pygame.Rect], others: Sequence[Sequence[pygame.Rect]],
             shape: pygame.Rect, blockers: Sequence[pygame.Rect], oval: pygame.Rect,
             bank: Point, *, step: float, margin: float, reach: float, spread: float,
             start: int = 0) -> Point | None:
    """Where a stake of ``shape`` (its rectangle when standing on (0, 0)) stands for the seat
    whose plate and hand are ``home``: free of ``blockers``, on the felt, at least ``margin``
    nearer ``home`` than every rectangle of ``others`` (one list a seat), as near ``home`` as
    that allows (from ``start`` up to ``reach`` away), and of the places up to ``spread``
    farther the one nearest ``bank``; None when no place fits."""
    area = home[0].unionall(list(home[1:]))
    # the stake's top-left corners that would touch the seat's area
    box = pygame.Rect(area.left - shape.width, area.top - shape.height,
                      area.width + shape.width, area.height + shape.height)
    found: list[tuple[float, Point]] = []
    best = None
    distance = float(start)
    while distance <= reach and (best is None or distance <= best + spread):
        for x, y in _ring(box, distance, step):
            rect = pygame.Rect(round(x), round(y), shape.width, shape.height)
            if rect.collidelist(blockers) >= 0 or not on_felt(rect, oval):
                continue
            mine = min(gap(rect, r) for r in home)
            if any(gap(rect, r) < mine + margin for seat in others for r in seat):
                continue
            spot = (rect.x - shape.x, rect.y - shape.y)
            found.append((math.dist(rect.center, bank), spot))
            best = distance if best is None else best
        distance += step
    return min(found)[1] if found else None
