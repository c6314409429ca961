"""Word-wrapped paragraphs drawn with pygame fonts (for notes outside pygame-gui widgets)."""

from __future__ import annotations

import functools

import pygame

from sprites.fonts import font

from .widgets import text_surface


@functools.lru_cache(maxsize=64)
def wrap(text: str, role: str, size: int, width: int) -> tuple[str, ...]:
    """Lines of ``text`` that fit ``width`` pixels in the font ``role`` at ``size``."""
    face = font(role, size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if face.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def draw_wrapped(surface: pygame.Surface, text: str, rect: pygame.Rect, role: str, size: int,
                 colour: tuple[int, int, int], *, centred: bool = False,
                 line_spacing: float = 1.25) -> int:
    """Draw ``text`` wrapped into ``rect``, dropping lines that do not fit; returns the height."""
    face = font(role, size)
    step = round(face.get_linesize() * line_spacing / 1.15)
    y = rect.y
    for line in wrap(text, role, size, rect.width):
        if y + face.get_height() > rect.bottom:
            break
        glyphs = text_surface(line, role, size, colour)
        x = rect.centerx - glyphs.get_width() // 2 if centred else rect.x
        surface.blit(glyphs, (x, y))
        y += step
    return y - rect.y


@functools.lru_cache(maxsize=1024)
def fit_text(text: str, role: str, size: int, width: int) -> str:
    """``text``, or as much of it as fits in ``width`` pixels followed by an ellipsis."""
    face = font(role, size)
    if face.size(text)[0] <= width:
        return text
    while text and face.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text.rstrip(", ") + "\u2026"
