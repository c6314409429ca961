"""A short message that fades out at the bottom of a menu screen (export paths, notices)."""

from __future__ import annotations

import pygame

from .widgets import CREAM, draw_panel, text_surface

TOAST_SECONDS = 4.0


class Toast:
    """One message at a time; ``update(dt)`` ages it, ``draw`` shows it while it is fresh."""

    def __init__(self) -> None:
        self.text = ""
        self.age = TOAST_SECONDS
        self.seconds = TOAST_SECONDS

    def show(self, text: str, seconds: float = TOAST_SECONDS) -> None:
        """Show ``text`` for ``seconds``."""
        self.text, self.age, self.seconds = text, 0.0, seconds

    @property
    def visible(self) -> bool:
        """Is a message on screen?"""
        return bool(self.text) and self.age < self.seconds

    def update(self, dt: float) -> None:
        """Age the message."""
        self.age += dt

    def draw(self, surface: pygame.Surface, bottom: int, scale: float) -> None:
        """The message in a small panel, centred, its bottom at ``bottom``."""
        if not self.visible:
            return
        fade = min(1.0, (self.seconds - self.age) / 0.5)  # fade over the last half second
        text = text_surface(self.text, "text", max(11, round(16 * scale)), CREAM)
        max_w = surface.get_width() - round(40 * scale)
        pad = round(14 * scale)
        w = min(text.get_width(), max_w - 2 * pad)
        rect = pygame.Rect(0, 0, w + 2 * pad, text.get_height() + pad)
        rect.midbottom = (surface.get_width() // 2, bottom)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        draw_panel(layer, layer.get_rect(), scale, 235)
        layer.blit(text, (pad, pad // 2), area=pygame.Rect(0, 0, w, text.get_height()))
        layer.set_alpha(round(255 * fade))
        surface.blit(layer, rect)
