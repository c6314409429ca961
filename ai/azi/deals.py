"""Guessing the hidden cards: deals of the unseen cards consistent with what a seat has seen.

A guess gives every other player still in the game as many cards as he holds, never a suit he
has shown he lacks; a blind seat's own hand is guessed too. Deals are drawn uniformly among
the consistent ones (rejection), falling back to a constrained greedy deal when voids make
rejection slow. With the 4-card deal a guess may model each opponent as having kept his best
three of four cards (``throw_away``), which is what a sensible player does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.cards import NUM_RANKS

from .view import AziView

Deal = dict[int, tuple[int, ...]]
_REJECTION_TRIES = 30


def hidden_seats(view: AziView) -> list[int]:
    """Seats whose cards must be guessed: the opponents still in, and this seat while blind."""
    seats = [s for s in view.order if s != view.seat and view.hand_sizes[s] > 0]
    if view.blind and view.hand_sizes[view.seat] > 0:
        seats.append(view.seat)
    return seats


def sample_deal(view: AziView, rng: random.Random,
                throw_away: Callable[[Sequence[int]], int] | None = None) -> Deal:
    """One consistent guess of the hidden hands. ``throw_away(cards)`` picks the card an
    opponent dealt four would discard (the 4-card deal)."""
    seats = hidden_seats(view)
    pool = view.unseen()
    sizes = {s: view.hand_sizes[s] for s in seats}
    voids = {s: view.voids.get(s, set()) for s in seats}
    if throw_away is not None:
        extra = {s for s in seats if s != view.seat and sizes[s] == 3}
    else:
        extra = set()
    need = sum(sizes.values()) + len(extra)
    if need > len(pool):  # not enough unseen cards for the 4-card model: plain guesses
        extra, need = set(), sum(sizes.values())
    for _ in range(_REJECTION_TRIES):
        cards = rng.sample(pool, need)
        deal: Deal = {}
        k = 0
        ok = True
        for s in seats:
            take = sizes[s] + (1 if s in extra else 0)
            hand = cards[k:k + take]
            k += take
            if voids[s] and any(c // NUM_RANKS in voids[s] for c in hand):
                ok = False
                break
            if s in extra and throw_away is not None:
                hand.remove(throw_away(hand))
            deal[s] = tuple(sorted(hand))
        if ok:
            return deal
    return _greedy_deal(seats, sizes, voids, pool, rng)


def _greedy_deal(seats: list[int], sizes: dict[int, int], voids: dict[int, set[int]],
                 pool: list[int], rng: random.Random) -> Deal:
    """Most constrained seat first, each takes random allowed cards (always consistent)."""
    left = list(pool)
    rng.shuffle(left)
    deal: Deal = {}
    for s in sorted(seats, key=lambda s: -len(voids[s])):
        allowed = [c for c in left if c // NUM_RANKS not in voids[s]]
        if len(allowed) < sizes[s]:
            allowed = left  # the history cannot be this inconsistent; stay safe anyway
        hand = allowed[:sizes[s]]
        for c in hand:
            left.remove(c)
        deal[s] = tuple(sorted(hand))
    return deal
