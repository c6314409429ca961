"""Marks the Azi table draws over its cards: the labelled trick counters and the "six on stage"
tag on the turned ace, with its hover help. Part of :class:`~scenes.table.azi.table.AziTable`.
"""

from __future__ import annotations

import pygame

from engine.cards import NUM_RANKS, SUIT_NAMES

from ...i18n import tr
from ...widgets import GOLD, text_surface
from ..tooltip import draw_tooltip
from ..trump_view import trump_rect
from .chips import draw_amount_tag


class AziMarks:
    """Trick counters and the six-on-stage tag (drawn by ``AziTable.draw_over``)."""

    def six_on_stage_rect(self) -> pygame.Rect | None:
        """The "six on stage" tag on the turned ace (None when the six is not on stage)."""
        if self.trump is None or not self.six_on_stage:
            return None
        card = trump_rect(self.layout)
        s = self.layout.scale
        label = text_surface(tr("azi.six_on_stage_tag"), "bold", max(10, round(14 * s)), GOLD)
        rect = pygame.Rect(0, 0, label.get_width() + round(20 * s),
                           label.get_height() + round(6 * s))
        rect.center = (card.centerx, card.bottom - round(card.height * 0.16))
        for seat in range(self.n):  # a long word reaches past the card: never onto a plate
            plate = self.shared.seat_layout(seat).plate.inflate(4, 4)
            if rect.colliderect(plate):
                if plate.centerx < card.centerx:
                    rect.left = plate.right
                else:
                    rect.right = plate.left
        return rect

    def _draw_six_on_stage(self, surface: pygame.Surface) -> None:
        """The tag on the turned ace; hovering it (or the card) explains what it means."""
        tag = self.six_on_stage_rect()
        if tag is None:
            return
        s = self.layout.scale
        self.mark_text("six on stage", draw_amount_tag(surface, tr("azi.six_on_stage_tag"),
                                                       tag.center, s, size=14))
        pointer = self.pointer
        if not (tag.collidepoint(pointer) or trump_rect(self.layout).collidepoint(pointer)):
            return
        suit = tr(f"azi.suit.{SUIT_NAMES[self.trump.card // NUM_RANKS]}")
        draw_tooltip(surface, tr("azi.six_on_stage_help", suit=suit), tag, s)

    def trick_label_rect(self, seat: int) -> pygame.Rect | None:
        """The "Tricks: 2" label beside ``seat``'s pile of won tricks (None with no trick)."""
        count = self.shown.tricks[seat]
        if not count or not self.taken[seat]:
            return None
        return self.trick_label_at(self.taken_spot(seat), count)

    def trick_label_at(self, spot: tuple[float, float], count: int) -> pygame.Rect:
        """The "Tricks: n" label of a pile at ``spot``: across the pile's lower edge, as the
        stock's badge is, so it needs no felt of its own beside the pile."""
        s = self.layout.scale
        x, y = spot
        label = text_surface(tr("azi.tricks_label", count=count), "bold", max(10, round(14 * s)),
                             GOLD)
        rect = pygame.Rect(0, 0, label.get_width() + round(20 * s),
                           label.get_height() + round(6 * s))
        small = self._small_w()
        rect.center = (round(x - small * 0.12), round(y + small * 0.62))
        return rect.clamp(pygame.Rect((0, 0), self.layout.size))

    def _draw_trick_marks(self, surface: pygame.Surface, seat: int) -> None:
        """The labelled trick counter beside the seat's pile of tricks."""
        rect = self.trick_label_rect(seat)
        if rect is not None:
            self.mark_text(f"tricks label {seat}", draw_amount_tag(
                surface, tr("azi.tricks_label", count=self.shown.tricks[seat]), rect.center,
                self.layout.scale, size=14))
