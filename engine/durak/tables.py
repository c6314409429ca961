"""Durak constants, and card sets as bitmasks (bit ``card`` set = card present) and the tables built
on them.

The engine keeps hands, the discard pile and the legal actions as single ints, so a move costs
a few bit operations and a clone copies a handful of ints. Everything here is built once at
import from engine/cards.py's numbering (card = suit * 9 + rank).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..cards import NUM_RANKS, RANKS

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
NUM_CARDS: Final = 36
NUM_SUITS: Final = 4
TAKE: Final = 36  # the defender picks up the table
PASS: Final = 37  # an attacker throws in nothing more
NUM_ACTIONS: Final = 38
HAND_SIZE: Final = 6  # players draw up to this many; also the most attack cards in one battle

# Phases of a battle: who is asked and for what. The constants here are Final, so a compiled
# build (mypyc) reads them as constants instead of looking each name up at every use.
LEAD: Final = 0
DEFEND: Final = 1
THROW_IN: Final = 2
OVER: Final = 3
PHASE_NAMES = ("lead", "defend", "throw_in", "over")

BIT: Final[tuple[int, ...]] = tuple(1 << a for a in range(NUM_ACTIONS))
CLEAR: Final[tuple[int, ...]] = tuple(~(1 << a) for a in range(NUM_ACTIONS))
SUIT_CARDS: Final[tuple[int, ...]] = tuple(((1 << NUM_RANKS) - 1) << (s * NUM_RANKS)
                                          for s in range(NUM_SUITS))
# RANK_CARDS[card]: the four cards sharing that card's rank (what may be thrown in after it).
RANK_CARDS: Final[tuple[int, ...]] = tuple(
    sum(1 << (s * NUM_RANKS + c % NUM_RANKS) for s in range(NUM_SUITS)) for c in range(NUM_CARDS))


def _beaters(card: int, trump: int) -> int:
    suit, rank = divmod(card, NUM_RANKS)
    higher = sum(1 << (suit * NUM_RANKS + r) for r in range(rank + 1, NUM_RANKS))
    return higher if suit == trump else higher | SUIT_CARDS[trump]


# BEATERS[trump][card]: every card that beats ``card`` (rules, battle 5).
BEATERS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(_beaters(c, t) for c in range(NUM_CARDS))
                                             for t in range(NUM_SUITS))

# _CHUNK[k][m]: the cards 12k..12k+11 whose bits are set in the 12-bit m, ascending.
_CHUNK: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(12 * k + b for b in range(12) if m >> b & 1) for m in range(1 << 12))
    for k in range(3))
CARDS_0_11: Final = _CHUNK[0]
CARDS_12_23: Final = _CHUNK[1]
CARDS_24_35: Final = _CHUNK[2]
# TAKE_PASS_TAIL[action mask >> 36]: the actions past the cards.
TAKE_PASS_TAIL: Final[tuple[tuple[int, ...], ...]] = ((), (TAKE,), (PASS,), (TAKE, PASS))
# COUNT_12[m]: how many bits the 12-bit m has (see count_cards).
COUNT_12: Final[tuple[int, ...]] = tuple(len(cards) for cards in _CHUNK[0])


def count_cards(mask: int) -> int:
    """How many cards a card mask holds: ``mask.bit_count()``, which the compiled build would
    call as a method by name (mypyc has no native bit_count), so three table reads instead."""
    return COUNT_12[mask & 4095] + COUNT_12[mask >> 12 & 4095] + COUNT_12[mask >> 24]


def cards_of(mask: int) -> list[int]:
    """The cards in a bitmask, ascending."""
    return [*CARDS_0_11[mask & 4095], *CARDS_12_23[mask >> 12 & 4095],
            *CARDS_24_35[mask >> 24 & 4095]]


def actions_of(mask: int) -> list[int]:
    """The actions in a 38-bit action mask (cards, then TAKE, then PASS), ascending."""
    return [*CARDS_0_11[mask & 4095], *CARDS_12_23[mask >> 12 & 4095],
            *CARDS_24_35[mask >> 24 & 4095],
            *TAKE_PASS_TAIL[mask >> 36]]


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask holding these cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def beats(card: int, attack: int, trump_suit: int) -> bool:
    """True when ``card`` beats ``attack`` under this trump suit (rules, battle 5)."""
    return BEATERS[trump_suit][attack] >> card & 1 == 1


def ranks_text(mask: int) -> str:
    """The ranks present in a card mask, low to high, e.g. ``"6, 9"``."""
    ranks = sorted({c % NUM_RANKS for c in cards_of(mask)})
    return ", ".join(RANKS[r] for r in ranks)
