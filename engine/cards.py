"""Cards as small ints, with a text form that parses back and a display form with suit symbols.

A card is ``suit * 9 + rank``: rank 0..8 stands for 6 7 8 9 10 J Q K A, suit 0..3 for
spades, hearts, diamonds, clubs. So the Azi deck (spades, hearts, diamonds) is exactly
cards 0..26 and the Durak deck is 0..35 — a deck is a ``range``.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")  # ♠ ♥ ♦ ♣
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(9)
NUM_RANKS = 9

DURAK_DECK: tuple[int, ...] = tuple(range(36))
AZI_DECK: tuple[int, ...] = tuple(range(27))  # spades, hearts, diamonds: clubs left out

HIDDEN = -1  # a card whose face this viewer may not see

_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_RANK_INDEX["T"] = TEN  # accept "TH" as well as "10H"
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
for _i, _sym in enumerate(SUIT_SYMBOLS):
    _SUIT_INDEX[_sym] = _i


def make_card(rank: int, suit: int) -> int:
    """The card of this rank (0 = six … 8 = ace) and suit (0..3)."""
    return suit * NUM_RANKS + rank


def rank_of(card: int) -> int:
    """Rank index of a card: 0 = six … 8 = ace."""
    return card % NUM_RANKS


def suit_of(card: int) -> int:
    """Suit index of a card: 0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    return card // NUM_RANKS


def card_text(card: int) -> str:
    """Plain text form that parses back, e.g. ``"10H"``, ``"AS"``; ``"??"`` for a hidden card."""
    if card == HIDDEN:
        return "??"
    return RANKS[card % NUM_RANKS] + SUITS[card // NUM_RANKS]


def card_symbol(card: int) -> str:
    """Display form with the suit symbol, e.g. ``"10♥"``."""
    if card == HIDDEN:
        return "??"
    return RANKS[card % NUM_RANKS] + SUIT_SYMBOLS[card // NUM_RANKS]


def parse_card(text: str) -> int:
    """Parse ``"10H"``, ``"th"``, ``"A♠"`` into a card; raises ValueError on anything else."""
    t = text.strip().upper()
    if len(t) < 2 or t[:-1] not in _RANK_INDEX or t[-1] not in _SUIT_INDEX:
        raise ValueError(f"not a card: {text!r} (write rank then suit, like 10H or AS)")
    return make_card(_RANK_INDEX[t[:-1]], _SUIT_INDEX[t[-1]])


def parse_cards(text: str) -> list[int]:
    """Parse a space-separated list of cards, e.g. ``"6S 10H AD"``."""
    return [parse_card(t) for t in text.split()]


def cards_text(cards: Iterable[int]) -> str:
    """Space-separated text form of several cards."""
    return " ".join(card_text(c) for c in cards)
