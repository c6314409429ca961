"""Azi tricks: which cards a player may play and who takes the trick (azi.md §2 and §4)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ACE, NUM_RANKS, SIX

SIX_ON_STAGE_POWER = 40  # above every trump (trumps are 20..28)


def six_on_stage_applies(trump_card: int) -> bool:
    """Six on stage: the turned card is an ace, so the six of trumps becomes the highest card."""
    return trump_card % NUM_RANKS == ACE


def six_of_trumps(trump_suit: int) -> int:
    """The six of the trump suit."""
    return trump_suit * NUM_RANKS + SIX


def playable_cards(hand: Sequence[int], led_suit: int, trump_suit: int) -> list[int]:
    """The cards of a sorted hand that may be played: follow suit, else trump, else anything.

    ``led_suit`` is -1 when leading a trick (any card). Following suit is a duty even with a
    lower card, and even when the led suit is not trumps.
    """
    if led_suit < 0:
        return list(hand)
    follow = [c for c in hand if c // NUM_RANKS == led_suit]
    if follow:
        return follow
    trumps = [c for c in hand if c // NUM_RANKS == trump_suit]
    return trumps if trumps else list(hand)


def card_power(card: int, led_suit: int, trump_suit: int, six_on_stage: bool) -> int:
    """How strongly a card plays in a trick: six on stage > trumps > led suit > the rest (-1)."""
    suit, rank = divmod(card, NUM_RANKS)
    if suit == trump_suit:
        if six_on_stage and rank == SIX:
            return SIX_ON_STAGE_POWER
        return 20 + rank
    if suit == led_suit:
        return rank
    return -1


def trick_winner(plays: Sequence[Sequence[int]], trump_suit: int, six_on_stage: bool) -> int:
    """The seat whose card takes the trick; ``plays`` are [seat, card] pairs in play order."""
    led_suit = plays[0][1] // NUM_RANKS
    best_seat, best = -1, -2
    for seat, card in plays:
        # card_power, inlined: this runs for every trick of every playout
        suit, rank = divmod(card, NUM_RANKS)
        if suit == trump_suit:
            power = SIX_ON_STAGE_POWER if six_on_stage and rank == SIX else 20 + rank
        else:
            power = rank if suit == led_suit else -1
        if power > best:
            best_seat, best = seat, power
    return best_seat
