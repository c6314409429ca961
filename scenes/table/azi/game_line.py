"""The Azi table's game line in the top-left corner ("Game 3 · ante 10"), under the Menu
button: on one line where the felt beside it is free, else on two (the game, then the ante),
a little smaller if need be — never onto a seat's cards, plate or stake.

    size, lines, rect = game_line("Partie 1  ·  mise initiale 10", layout.scale, ground)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import pygame

from sprites.fonts import font

from ...widgets import MUTED, text_surface

ROLE = "text"
SEPARATOR = "\u00b7"  # every language's line is "<game>  ·  <ante>"


def _room(left: int, top: int, height: int, ground: Sequence[pygame.Rect], gap: int) -> int:
    """How wide a block at (``left``, ``top``) of ``height`` may be before it reaches
    ``ground`` (0 where something already lies at its left edge)."""
    band = pygame.Rect(left, top, 1, height)
    edges = []
    for rect in ground:
        if rect.top < band.bottom and rect.bottom > band.top and rect.right > left:
            edges.append(rect.left)
    return max(0, min(edges, default=10**6) - gap - left)


def _two_lines(text: str) -> tuple[str, ...]:
    head, sep, tail = text.partition(SEPARATOR)
    return (head.strip(), tail.strip()) if sep else (text,)


def game_line(text: str, scale: float,
              ground: Sequence[pygame.Rect]) -> tuple[int, tuple[str, ...], pygame.Rect]:
    """The font size, the lines and the rectangle of ``text`` under the Menu button, clear of
    ``ground`` (the seats' cards, plates and stakes): one line at the usual size, else two,
    else smaller ones; where nothing fits, the smallest single line."""
    left, top = round(12 * scale), round(52 * scale)
    gap = max(4, round(8 * scale))
    usual = round(14 * scale)
    for size in range(usual, max(10, round(11 * scale)) - 1, -1):
        face = font(ROLE, size)
        for lines in ((text,), _two_lines(text)):
            height = face.get_linesize() * len(lines)
            width = max(face.size(line)[0] for line in lines)
            if width <= _room(left, top, height, ground, gap):
                return size, lines, pygame.Rect(left, top, width, height)
    size = max(10, round(11 * scale))
    face = font(ROLE, size)
    return size, (text,), pygame.Rect(left, top, face.size(text)[0], face.get_linesize())


class GameLine:
    """The game line, placed again only when its words or the seats' places change (finding
    the room measures every seat's ground: work a frame need not repeat)."""

    def __init__(self) -> None:
        self._key: Hashable = None
        self._placed: tuple[int, tuple[str, ...], pygame.Rect] | None = None

    def draw(self, surface: pygame.Surface, text: str, scale: float, places: Hashable,
             ground: Callable[[], Sequence[pygame.Rect]]) -> pygame.Rect:
        """Draw ``text`` where :func:`game_line` puts it clear of ``ground()``, found again
        when ``text``, ``scale`` or ``places`` (the seats' layout) changed; returns where."""
        if self._placed is None or self._key != (text, scale, places):
            self._key, self._placed = (text, scale, places), game_line(text, scale, ground())
        size, lines, rect = self._placed
        step = font(ROLE, size).get_linesize()
        for row, line in enumerate(lines):
            surface.blit(text_surface(line, ROLE, size, MUTED), (rect.x, rect.y + row * step))
        return rect
