"""Durak cards as bitmasks: one bit per card (bit ``card`` set = card present), for fast AI work.

A hand, the discard pile or the unseen cards are each one int; set operations are ``& | ~``
and ``int.bit_count()``. The tables here are built once at import from engine/cards.py's
numbering (card = suit * 9 + rank).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import NUM_RANKS

NUM_CARDS = 36
NUM_SUITS = 4
FULL = (1 << NUM_CARDS) - 1

SUIT_MASK: tuple[int, ...] = tuple(((1 << NUM_RANKS) - 1) << (s * NUM_RANKS)
                                   for s in range(NUM_SUITS))
RANK_MASK: tuple[int, ...] = tuple(sum(1 << (s * NUM_RANKS + r) for s in range(NUM_SUITS))
                                   for r in range(NUM_RANKS))


def _beaters(card: int, trump: int) -> int:
    suit, rank = divmod(card, NUM_RANKS)
    higher_same_suit = sum(1 << (suit * NUM_RANKS + r) for r in range(rank + 1, NUM_RANKS))
    return higher_same_suit if suit == trump else higher_same_suit | SUIT_MASK[trump]


# BEATERS[trump][card]: every card that beats ``card`` when ``trump`` is the trump suit.
BEATERS: tuple[tuple[int, ...], ...] = tuple(tuple(_beaters(c, t) for c in range(NUM_CARDS))
                                             for t in range(NUM_SUITS))
# BEATEN_BY[trump][card]: every card that ``card`` beats (the inverse relation).
BEATEN_BY: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << a for a in range(NUM_CARDS) if BEATERS[t][a] >> d & 1) for d in range(NUM_CARDS))
    for t in range(NUM_SUITS))


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask holding these cards (hidden cards, -1, are ignored)."""
    m = 0
    for c in cards:
        if c >= 0:
            m |= 1 << c
    return m


# _SUIT_CARDS[suit][m]: the cards of that suit whose rank bits are set in the 9-bit m.
_SUIT_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(suit * NUM_RANKS + r for r in range(NUM_RANKS) if m >> r & 1) for m in range(512))
    for suit in range(NUM_SUITS))
_S0, _S1, _S2, _S3 = _SUIT_CARDS


def cards_of(mask: int) -> list[int]:
    """The cards in a bitmask, ascending."""
    return [*_S0[mask & 511], *_S1[mask >> 9 & 511], *_S2[mask >> 18 & 511], *_S3[mask >> 27 & 511]]


def iter_cards(mask: int) -> list[int]:
    """The cards in a bitmask, ascending (a list: faster than a generator for 36 bits)."""
    return [*_S0[mask & 511], *_S1[mask >> 9 & 511], *_S2[mask >> 18 & 511], *_S3[mask >> 27 & 511]]


def ranks_mask(cards_mask: int) -> int:
    """A 9-bit mask of the ranks present among these cards."""
    out = 0
    for suit in range(NUM_SUITS):
        out |= (cards_mask >> (suit * NUM_RANKS)) & ((1 << NUM_RANKS) - 1)
    return out


def cards_of_ranks(ranks: int) -> int:
    """Every card whose rank is in the 9-bit rank mask."""
    return ranks | ranks << 9 | ranks << 18 | ranks << 27


def beats(defence: int, attack: int, trump: int) -> bool:
    """True when ``defence`` beats ``attack`` under this trump suit."""
    return BEATERS[trump][attack] >> defence & 1 == 1


def power(card: int, trump: int) -> int:
    """A strength order: non-trumps by rank 0..8, trumps above them 9..17."""
    rank = card % NUM_RANKS
    return rank + NUM_RANKS if card // NUM_RANKS == trump else rank
