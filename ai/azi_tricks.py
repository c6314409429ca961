"""Azi trick arithmetic for the computer players: who may play what, who wins a trick.

The AI keeps its own small, fast copy of the trick rules (rules page §4) because its search
calls them hundreds of thousands of times on plain tuples; the engine's tests and the AI's
legality tests keep the two in step. A *context* is ``(trump_suit, top_card)`` where
``top_card`` is the six of trumps when six-on-stage holds, else -1.
"""

from __future__ import annotations

from typing import Sequence

from engine.cards import NUM_RANKS, SIX, make_card

Context = tuple[int, int]  # (trump suit, the card above every other or -1)


def trick_context(trump_suit: int, six_on_stage: bool) -> Context:
    """The context of a game: its trump suit and the six of trumps when six-on-stage holds."""
    return trump_suit, make_card(SIX, trump_suit) if six_on_stage else -1


def power(card: int, led_suit: int, ctx: Context) -> int:
    """How strongly ``card`` bids for a trick led in ``led_suit``; the highest power takes it.

    The six on stage beats everything, then trumps by rank, then the led suit by rank; a card
    of any other suit can never take the trick.
    """
    if card == ctx[1]:
        return 100
    suit = card // NUM_RANKS
    if suit == ctx[0]:
        return 50 + card % NUM_RANKS
    if suit == led_suit:
        return 20 + card % NUM_RANKS
    return card % NUM_RANKS - 20


def follow_options(hand: Sequence[int], led_suit: int, trump_suit: int) -> list[int]:
    """The cards of ``hand`` that may be played to a trick led in ``led_suit`` (-1: leading).

    Follow suit if you can; otherwise play a trump if you have one; otherwise anything.
    """
    if led_suit < 0:
        return list(hand)
    same = [c for c in hand if c // NUM_RANKS == led_suit]
    if same:
        return same
    trumps = [c for c in hand if c // NUM_RANKS == trump_suit]
    return trumps or list(hand)


def winning_index(cards: Sequence[int], ctx: Context) -> int:
    """Index in ``cards`` (in playing order, the lead first) of the card that takes the trick."""
    led = cards[0] // NUM_RANKS
    best, best_power = 0, power(cards[0], led, ctx)
    for i in range(1, len(cards)):
        p = power(cards[i], led, ctx)
        if p > best_power:
            best, best_power = i, p
    return best


def order_key(card: int, ctx: Context) -> int:
    """Rank order inside a suit, with the six on stage above the ace of trumps."""
    return NUM_RANKS if card == ctx[1] else card % NUM_RANKS
