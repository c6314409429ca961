"""A small wrapped help text in a dark panel beside something the pointer rests on."""

from __future__ import annotations

import pygame

from sprites.fonts import font

from ..text_wrap import wrap
from ..widgets import CREAM, draw_panel, text_surface


def tooltip_rect(text: str, anchor: pygame.Rect, scale: float, bounds: pygame.Rect) -> pygame.Rect:
    """Where the help for ``anchor`` goes: above it (below when there is no room), in bounds."""
    size = max(11, round(15 * scale))
    width = round(300 * scale)
    lines = wrap(text, "text", size, width)
    line_h = font("text", size).get_linesize()
    pad = round(10 * scale)
    widest = max(font("text", size).size(line)[0] for line in lines)
    rect = pygame.Rect(0, 0, widest + 2 * pad, line_h * len(lines) + 2 * pad)
    rect.midbottom = (anchor.centerx, anchor.top - round(6 * scale))
    if rect.top < bounds.top:
        rect.midtop = (anchor.centerx, anchor.bottom + round(6 * scale))
    return rect.clamp(bounds)


def draw_tooltip(surface: pygame.Surface, text: str, anchor: pygame.Rect,
                 scale: float) -> pygame.Rect:
    """Draw ``text`` as a tooltip next to ``anchor``; returns where it went."""
    rect = tooltip_rect(text, anchor, scale, surface.get_rect())
    size = max(11, round(15 * scale))
    pad = round(10 * scale)
    draw_panel(surface, rect, scale * 0.6, 235)
    y = rect.y + pad
    for line in wrap(text, "text", size, round(300 * scale)):
        surface.blit(text_surface(line, "text", size, CREAM), (rect.x + pad, y))
        y += font("text", size).get_linesize()
    return rect
