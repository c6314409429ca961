"""Marks the Azi table draws over its cards: the labelled trick counters and the "six on stage"
tag on the turned ace, with its hover help.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from engine.cards import NUM_RANKS, SUIT_NAMES

from ...i18n import tr
from ...widgets import GOLD, text_surface
from ..tooltip import draw_tooltip
from ..trump_view import trump_rect
from .chips import draw_amount_tag


class AziMarks:
    """A part the Azi table owns: trick counters and the six-on-stage tag. It reads the shared
    view (layout, seats) and is told how many tricks a seat has won, where its pile lies, the
    small cards' width and the turned card while the six is on stage; it draws and says where."""

    def __init__(self, shared: Any, *, tricks: Callable[[int], int],
                 pile_spot: Callable[[int], tuple[float, float] | None],
                 small_width: Callable[[], int], on_stage: Callable[[], int | None]) -> None:
        self.shared = shared
        self._tricks, self._pile_spot = tricks, pile_spot
        self._small_width, self._on_stage = small_width, on_stage

    def six_on_stage_rect(self) -> pygame.Rect | None:
        """The "six on stage" tag on the turned ace (None when the six is not on stage)."""
        if self._on_stage() is None:
            return None
        layout = self.shared.layout
        card = trump_rect(layout)
        s = layout.scale
        label = text_surface(tr("azi.six_on_stage_tag"), "bold", max(10, round(14 * s)), GOLD)
        rect = pygame.Rect(0, 0, label.get_width() + round(20 * s),
                           label.get_height() + round(6 * s))
        rect.center = (card.centerx, card.bottom - round(card.height * 0.16))
        for seat in range(self.shared.n):  # a long word reaches past the card: never onto a plate
            plate = self.shared.seat_layout(seat).plate.inflate(4, 4)
            if rect.colliderect(plate):
                if plate.centerx < card.centerx:
                    rect.left = plate.right
                else:
                    rect.right = plate.left
        return rect

    def draw_six_on_stage(self, surface: pygame.Surface,
                          pointer: tuple[int, int]) -> pygame.Rect | None:
        """The tag on the turned ace; ``pointer`` over it (or the card) explains what it means.
        Where the tag's words were drawn (None: no tag)."""
        tag = self.six_on_stage_rect()
        card = self._on_stage()
        if tag is None or card is None:
            return None
        layout = self.shared.layout
        s = layout.scale
        drawn = draw_amount_tag(surface, tr("azi.six_on_stage_tag"), tag.center, s, size=14)
        if tag.collidepoint(pointer) or trump_rect(layout).collidepoint(pointer):
            suit = tr(f"azi.suit.{SUIT_NAMES[card // NUM_RANKS]}")
            draw_tooltip(surface, tr("azi.six_on_stage_help", suit=suit), tag, s)
        return drawn

    def trick_label_rect(self, seat: int) -> pygame.Rect | None:
        """The "Tricks: 2" label beside ``seat``'s pile of won tricks (None with no trick)."""
        count = self._tricks(seat)
        spot = self._pile_spot(seat)
        if not count or spot is None:
            return None
        return self.trick_label_at(spot, count)

    def trick_label_at(self, spot: tuple[float, float], count: int) -> pygame.Rect:
        """The "Tricks: n" label of a pile at ``spot``: across the pile's lower edge, as the
        stock's badge is, so it needs no felt of its own beside the pile."""
        layout = self.shared.layout
        s = layout.scale
        x, y = spot
        label = text_surface(tr("azi.tricks_label", count=count), "bold", max(10, round(14 * s)),
                             GOLD)
        rect = pygame.Rect(0, 0, label.get_width() + round(20 * s),
                           label.get_height() + round(6 * s))
        small = self._small_width()
        rect.center = (round(x - small * 0.12), round(y + small * 0.62))
        return rect.clamp(pygame.Rect((0, 0), layout.size))

    def draw_trick_label(self, surface: pygame.Surface, seat: int) -> pygame.Rect | None:
        """The labelled trick counter beside the seat's pile of tricks; where it was drawn."""
        rect = self.trick_label_rect(seat)
        if rect is None:
            return None
        return draw_amount_tag(surface, tr("azi.tricks_label", count=self._tricks(seat)),
                               rect.center, self.shared.layout.scale, size=14)
