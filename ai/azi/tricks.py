"""Azi trick arithmetic for the computer players, on top of the engine's rules (azi.md §4).

The search calls these hundreds of thousands of times, so it carries the trump suit and the
six on stage as one small *context* ``(trump_suit, top_card)``, where ``top_card`` is the six
of trumps when six-on-stage holds, else -1. Which cards may be played and how strongly a card
plays come from ``engine.azi.tricks``, the one statement of those rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.azi.tricks import card_power, playable_cards, six_of_trumps
from engine.cards import NUM_RANKS

Context = tuple[int, int]  # (trump suit, the card above every other or -1)

follow_options = playable_cards  # (hand, led_suit or -1 when leading, trump_suit) -> playable cards


def trick_context(trump_suit: int, six_on_stage: bool) -> Context:
    """The context of a game: its trump suit and the six of trumps when six-on-stage holds."""
    return trump_suit, six_of_trumps(trump_suit) if six_on_stage else -1


def power(card: int, led_suit: int, ctx: Context) -> int:
    """How strongly ``card`` plays in a trick led in ``led_suit``; the highest power takes it."""
    return card_power(card, led_suit, ctx[0], ctx[1] >= 0)


def winning_index(cards: Sequence[int], ctx: Context) -> int:
    """Index in ``cards`` (in playing order, the lead first) of the card that takes the trick."""
    led, trump, six = cards[0] // NUM_RANKS, ctx[0], ctx[1] >= 0
    best, best_power = 0, card_power(cards[0], led, trump, six)
    for i in range(1, len(cards)):
        p = card_power(cards[i], led, trump, six)
        if p > best_power:
            best, best_power = i, p
    return best


def order_key(card: int, ctx: Context) -> int:
    """Rank order inside a suit, with the six on stage above the ace of trumps."""
    return NUM_RANKS if card == ctx[1] else card % NUM_RANKS
