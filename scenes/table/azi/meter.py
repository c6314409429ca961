"""The hand-strength meter (a Settings switch, off unless turned on): a gauge left of the
bidding panel with the chance this hand wins the game, and a line on how it was estimated.

The estimate is :func:`ai.azi.meter.hand_strength`, from the bidder's observation only, with
a fixed seed (the same table shows the same figure). It is worked out once per decision, in
the frame: 200 playouts take about 4–10 ms (measured with 2–6 players), one frame's budget.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from ai.azi.meter import HandStrength, hand_strength

from ...i18n import tr
from ...widgets import CREAM, GOLD, GOLD_DEEP, MUTED, draw_panel, text_surface
from ..tooltip import draw_tooltip

METER_SEED = 12  # any fixed seed: the figure must not flicker between frames or visits
_LOW, _HIGH = (196, 84, 66), (96, 184, 108)  # the fill's colour from a weak hand to a strong one


class StrengthMeter:
    """A part the Azi table owns: the gauge beside its bidding panel and the estimate it keeps
    for one decision. It reads the settings' switch, the panel's place, and the bidder's
    observation from the table's event source; nothing else of the table."""

    def __init__(self, app: Any, panel: Any) -> None:
        self.app = app  # for the settings' switch (the settings may be replaced)
        self.panel = panel  # the table's BiddingPanel: the meter stands beside it
        self._kept: tuple[int, HandStrength | None] | None = None  # (decision, its estimate)

    def reading(self, decision: int, source: Any) -> HandStrength | None:
        """The estimate for the bid being chosen (decision number ``decision``, the seat to move
        in ``source``), when the switch is on and the panel is open."""
        if not self.app.settings.strength_meter or not self.panel.visible:
            return None
        if self._kept is None or self._kept[0] != decision:
            observation = source.observation(source.to_move)
            self._kept = (decision, hand_strength(observation, random.Random(METER_SEED)))
        return self._kept[1]

    def rect(self) -> pygame.Rect:
        """The gauge's place: left of the bidding panel, level with its bottom."""
        s = self.panel.scale
        rect = pygame.Rect(0, 0, round(62 * s), min(self.panel.rect.height, round(168 * s)))
        rect.bottomright = (self.panel.rect.left - round(8 * s), self.panel.rect.bottom)
        return rect

    def text(self, reading: HandStrength) -> str:
        """The one-line explanation shown on hover."""
        if reading.opponents == 1:
            return tr("meter.explain_one", percent=reading.percent, deals=reading.deals)
        return tr("meter.explain", percent=reading.percent, deals=reading.deals,
                  players=reading.opponents)

    def draw(self, surface: pygame.Surface, decision: int, source: Any,
             pointer: tuple[int, int]) -> None:
        """The framed gauge: "Hand", a bar filled to the chance, the percentage under it, and
        the explanation while ``pointer`` is over it."""
        reading = self.reading(decision, source)
        if reading is None:
            return
        s = self.panel.scale
        rect = self.rect()
        draw_panel(surface, rect, s, 240)
        pygame.draw.rect(surface, GOLD_DEEP, rect, width=max(1, round(2 * s)),
                         border_radius=max(6, round(12 * s)))
        label = text_surface(tr("meter.label"), "text", max(11, round(14 * s)), MUTED)
        surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.y + round(8 * s))))
        percent = text_surface(f"{reading.percent}%", "display", max(13, round(20 * s)), GOLD)
        text_rect = percent.get_rect(midbottom=(rect.centerx, rect.bottom - round(8 * s)))
        bar = pygame.Rect(0, 0, round(16 * s), text_rect.top - label.get_height()
                          - rect.y - round(20 * s))
        bar.midtop = (rect.centerx, rect.y + label.get_height() + round(12 * s))
        radius = max(3, round(6 * s))
        pygame.draw.rect(surface, (20, 40, 30), bar, border_radius=radius)
        fill = pygame.Rect(bar)
        fill.height = round(bar.height * reading.chance)
        fill.bottom = bar.bottom
        k = reading.chance
        colour = tuple(round(a + (b - a) * k) for a, b in zip(_LOW, _HIGH))
        if fill.height > 0:
            pygame.draw.rect(surface, colour, fill, border_radius=radius)
        pygame.draw.rect(surface, CREAM, bar, width=1, border_radius=radius)
        surface.blit(percent, text_rect)
        if rect.collidepoint(pointer):
            draw_tooltip(surface, self.text(reading), rect, s)
