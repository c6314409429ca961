"""Cards in words: their letters in the player's language, and suit symbols drawn as shapes.

    image = card_text(tr("durak.you_defend", card=card_label(card)), "bold", 19, CREAM, app.cards)

Rank letters follow the language (``cards.ranks`` in the catalogue: В Д К Т in Russian) unless the
player keeps the international J Q K A (a setting). Images are cached per text, font, size,
colour and card style; blit them, never draw on them.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from engine.cards import HIDDEN, NUM_RANKS, RANKS, SUIT_SYMBOLS
from sprites.cards import CardRenderer
from sprites.suits import suit_rgb
from texts.messages import use_rank_letters

from .i18n import tr
from .widgets import text_surface

_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_MAX = 256
_international = False


def use_international_letters(on: bool) -> None:
    """Letter the cards J Q K A whatever the language (the player's setting)."""
    global _international
    _international = on


def rank_letters(international: bool | None = None) -> tuple[str, ...]:
    """The nine rank indices, six to ace, as players of the current language write them."""
    if international if international is not None else _international:
        return RANKS
    letters = tuple(tr("cards.ranks").split())
    return letters if len(letters) == NUM_RANKS else RANKS  # a broken entry: the international



use_rank_letters(rank_letters)  # refusals and notices name cards with the player's letters

def card_label(card: int) -> str:
    """A card in text, e.g. "Д♠" in Russian, "Q♠" in English; "??" for a hidden card."""
    if card == HIDDEN:
        return "??"
    return rank_letters()[card % NUM_RANKS] + SUIT_SYMBOLS[card // NUM_RANKS]


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
