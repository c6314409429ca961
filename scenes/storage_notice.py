"""The "games are not being saved" notice, drawn the same on the table and the main menu."""

from __future__ import annotations

import pygame

from sprites.fonts import font

from .storage_status import notice
from .text_wrap import draw_wrapped, wrap
from .widgets import draw_panel

TEXT = (255, 226, 200)
EDGE = (170, 50, 40)


def draw_storage_notice(surface: pygame.Surface, scale: float,
                        corner: tuple[int, int] | None = None, width: int | None = None) -> None:
    """A red-edged note while a writer fails (nothing when all is well): at the top centre, or
    with its top-left at ``corner``, at most ``width`` wide."""
    text = notice()
    if not text:
        return
    w = surface.get_width()
    pad, size = round(10 * scale), max(12, round(15 * scale))
    limit = min(width or round(620 * scale), w - 4 * pad)
    lines = wrap(text, "bold", size, limit - 2 * pad)
    face = font("bold", size)
    inner = max(face.size(line)[0] for line in lines)
    step = round(face.get_linesize() * 1.25 / 1.15)  # draw_wrapped's line spacing
    box = pygame.Rect(0, 0, inner + 2 * pad + 2, step * (len(lines) - 1) + face.get_height()
                      + 2 * pad)
    if corner is None:
        box.midtop = (w // 2, round(6 * scale))
    else:
        box.topleft = corner
    draw_panel(surface, box, scale * 0.6, 235)
    pygame.draw.rect(surface, EDGE, box, width=max(1, round(2 * scale)),
                     border_radius=round(8 * scale))
    draw_wrapped(surface, text, box.inflate(-2 * pad, -2 * pad), "bold", size, TEXT)
