"""Chips on the Azi table: piles that slide between a seat and the bank, and the bank itself.

A :class:`ChipPile` is only a picture of an amount at a position; tween its ``pos`` (and
``alpha``) like a card. The table shows the bank's amount as it was *before* the chips still in
flight arrive, so the number changes when a pile lands, never before.
"""

from __future__ import annotations

import pygame

from sprites.chips import draw_chip_stack

from ...widgets import CREAM, GOLD, draw_panel, text_surface


class ChipPile:
    """``amount`` chips drawn as a stack standing on ``pos``."""

    def __init__(self, amount: int, pos: tuple[float, float], diameter: int,
                 max_chips: int = 6, *, kind: str = "", seat: int = -1) -> None:
        self.amount = int(amount)
        self.kind = kind  # "stake": on its way to ``seat``'s stake; "sweep": from it to the bank
        self.seat = seat
        self.pos = (float(pos[0]), float(pos[1]))
        self.diameter = int(diameter)
        self.max_chips = max_chips
        self.alpha = 255
        self.done = False  # landed: the table drops it

    def draw(self, surface: pygame.Surface) -> None:
        """The stack, faded by ``alpha``."""
        if self.amount <= 0 or self.alpha <= 0:
            return
        centre = (round(self.pos[0]), round(self.pos[1]))
        if self.alpha >= 255:
            draw_chip_stack(surface, self.amount, centre, self.diameter, self.max_chips)
            return
        size = self.diameter * 3
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_chip_stack(layer, self.amount, (size // 2, size * 2 // 3), self.diameter,
                        self.max_chips)
        layer.set_alpha(round(self.alpha))
        surface.blit(layer, (centre[0] - size // 2, centre[1] - size * 2 // 3))


def draw_amount_tag(surface: pygame.Surface, text: str, centre: tuple[int, int], scale: float,
                    *, gold: bool = True, size: int = 17) -> pygame.Rect:
    """A small dark pill with an amount in it (under the bank, beside a bet)."""
    label = text_surface(text, "bold", max(10, round(size * scale)), GOLD if gold else CREAM)
    pad_x, pad_y = round(10 * scale), round(3 * scale)
    rect = pygame.Rect(0, 0, label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y)
    rect.center = centre
    draw_panel(surface, rect, scale * 0.6, 210)
    surface.blit(label, label.get_rect(center=rect.center))
    return rect
