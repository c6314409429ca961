"""The turned trump card beside the stock, readable at a glance, and the badge under the stock.

A real dealer lays the turned card crosswise under the stock; on a screen that turns the
corner index sideways (a J reads "¬", a 9 reads 6). So both tables show the card upright,
tucked half under the left edge of the stock with its index in full view, and a badge under
the stock repeats the trump suit beside the number of cards left.
"""

from __future__ import annotations

import pygame

from ..card_text import suit_image
from ..layout import TableLayout
from ..widgets import CREAM, GOLD, draw_panel, text_surface


def trump_spot(layout: TableLayout) -> tuple[float, float]:
    """Centre of the upright trump card: left of the stock, a quarter of it under the stock."""
    w = layout.table_card_width
    talon = layout.talon
    return talon.left - w * 0.25, talon.centery + w * 0.1


def trump_rect(layout: TableLayout) -> pygame.Rect:
    """The upright trump card's rectangle (tooltips, tests)."""
    w = layout.table_card_width
    rect = pygame.Rect(0, 0, w, round(w * 1.4))
    rect.center = (round(trump_spot(layout)[0]), round(trump_spot(layout)[1]))
    return rect


def stock_badge_rect(layout: TableLayout) -> pygame.Rect:
    """The badge under the stock: trump suit and cards left."""
    s = layout.scale
    badge = pygame.Rect(0, 0, round(84 * s), round(34 * s))
    badge.midtop = (layout.talon.centerx,
                    trump_rect(layout).bottom + round(layout.table_card_width * 0.08))
    return badge


def draw_stock_badge(surface: pygame.Surface, layout: TableLayout, renderer, suit: int | None,
                     count: int, empty_word: str) -> pygame.Rect:
    """The badge: the trump suit's sign (once turned) and the cards left, or ``empty_word``."""
    s = layout.scale
    badge = stock_badge_rect(layout)
    if count:
        label = text_surface(str(count), "bold", round(19 * s), GOLD)
    else:
        label = text_surface(empty_word, "italic", round(15 * s), CREAM)
    icon = None
    if suit is not None and suit >= 0:
        icon = suit_image(renderer, suit, round(24 * s), CREAM)
    # the badge grows to hold the sign and the word side by side ("♣ козырь"), never one over
    # the other, whatever the word's length in the language
    pad, gap = round(9 * s), round(6 * s)
    need = 2 * pad + label.get_width() + (icon.get_width() + gap if icon else 0)
    if need > badge.width:
        badge = badge.inflate(need - badge.width, 0)
    draw_panel(surface, badge, s * 0.6, 190)
    if icon is not None:
        surface.blit(icon, icon.get_rect(midleft=(badge.x + pad, badge.centery)))
    surface.blit(label, label.get_rect(midright=(badge.right - pad, badge.centery)))
    return badge
