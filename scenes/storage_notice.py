"""The "games are not being saved" notice, drawn the same on the table and the main menu."""

from __future__ import annotations

import pygame

from .storage_status import notice
from .text_wrap import draw_wrapped, wrap
from .widgets import draw_panel
from sprites.fonts import font

TEXT = (255, 226, 200)


def draw_storage_notice(surface: pygame.Surface, scale: float, top: int | None = None) -> None:
    """A red-edged note at the top centre while a writer fails; nothing when all is well."""
    text = notice()
    if not text:
        return
    w = surface.get_width()
    pad, size = round(10 * scale), max(12, round(15 * scale))
    width = min(round(620 * scale), w - 4 * pad)
    lines = wrap(text, "bold", size, width - 2 * pad)
    face = font("bold", size)
    step = round(face.get_linesize() * 1.25 / 1.15)
    height = step * (len(lines) - 1) + face.get_height() + 2 * pad
    box = pygame.Rect((w - width) // 2, round(6 * scale) if top is None else top, width, height)
    draw_panel(surface, box, scale * 0.6, 235)
    pygame.draw.rect(surface, (170, 50, 40), box, width=max(1, round(2 * scale)),
                     border_radius=round(8 * scale))
    draw_wrapped(surface, text, box.inflate(-2 * pad, -2 * pad), "bold", size, TEXT)
