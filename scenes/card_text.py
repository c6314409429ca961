"""Text with suit symbols drawn as the cards' own suit shapes (the UI fonts have no ♠♥♦♣).

    image = card_text("Beat 7♠ or take", "bold", 19, CREAM, app.cards)

Images are cached per text, font, size, colour and card style; blit them, never draw on them.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from engine.cards import SUIT_SYMBOLS
from sprites.cards import CardRenderer
from sprites.suits import suit_rgb

from .widgets import text_surface

_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_MAX = 256


def suit_image(cards: CardRenderer, suit: int, size: int,
          colour: tuple[int, int, int]) -> pygame.Surface:
    """A suit shape; the black suits take the text colour (they vanish on the dark panels)."""
    icon = cards.suit_icon(suit, size)
    if sum(suit_rgb(suit, cards.style)) > 120 or sum(colour) < 200:
        return icon  # a coloured suit, or dark text on a light ground: the ink reads well
    tinted = icon.copy()
    tinted.fill((*colour, 0), special_flags=pygame.BLEND_RGBA_ADD)
    return tinted


def card_text(text: str, role: str, size: int, colour: tuple[int, int, int],
              cards: CardRenderer) -> pygame.Surface:
    """``text`` rendered in ``role`` at ``size``, suit symbols replaced by suit shapes."""
    if not any(symbol in text for symbol in SUIT_SYMBOLS):
        return text_surface(text, role, size, colour)
    key = (text, role, size, colour, cards.style)
    image = _CACHE.get(key)
    if image is not None:
        _CACHE.move_to_end(key)
        return image
    pieces: list[pygame.Surface] = []
    run = ""
    icon_size = max(6, round(size * 0.78))
    for char in text:
        if char in SUIT_SYMBOLS:
            if run:
                pieces.append(text_surface(run, role, size, colour))
                run = ""
            pieces.append(suit_image(cards, SUIT_SYMBOLS.index(char), icon_size, colour))
        else:
            run += char
    if run:
        pieces.append(text_surface(run, role, size, colour))
    height = max(p.get_height() for p in pieces)
    gap = max(1, size // 12)
    image = pygame.Surface((sum(p.get_width() for p in pieces) + gap * len(pieces), height),
                           pygame.SRCALPHA)
    x = 0
    for piece in pieces:
        # the suit sits on the middle of the line, a touch low like a capital letter's centre
        y = (height - piece.get_height()) // 2
        if piece.get_height() < height:
            y += round(size * 0.04)
        image.blit(piece, (x, y))
        x += piece.get_width() + gap
    _CACHE[key] = image
    if len(_CACHE) > _MAX:
        _CACHE.popitem(last=False)
    return image
