"""Heuristic card play for Azi (Easy and Normal), and fast playouts of a whole deal with it.

A heuristic player sees what a player at the table sees: his hand, the trick so far, how
many still play after him, and which cards are gone. Normal plays *sound* Azi: open with the
weakest card, later lead a card nobody can beat if he has one; win a trick as cheaply as
is safe; when the trick is lost anyway, throw the least useful card. Easy only knows "play
high to win, else play low".
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from engine.azi.tricks import card_power
from engine.cards import NUM_RANKS

from .tricks import Context, follow_options, power, winning_index


def strength(card: int, ctx: Context) -> int:
    """How good a card is to hold, trick-independently: the six on stage, trumps, then rank."""
    if card == ctx[1]:
        return 100
    if card // NUM_RANKS == ctx[0]:
        return 50 + card % NUM_RANKS
    return card % NUM_RANKS


def is_boss(card: int, ctx: Context, live: Collection[int]) -> bool:
    """True when no card that may be in another hand can beat ``card`` in a trick it leads or
    follows."""
    trump, top = ctx
    if card == top:
        return True
    suit, rank = divmod(card, NUM_RANKS)
    if suit == trump:
        return not any(c == top or (c // NUM_RANKS == trump and c % NUM_RANKS > rank) for c in live)
    # A side card can be trumped by anyone void in its suit: only a trump-free table is safe.
    return not any(c // NUM_RANKS == trump or c == top
                   or (c // NUM_RANKS == suit and c % NUM_RANKS > rank)
                   for c in live)


def normal_card(hand: Sequence[int], trick: Sequence[int], after: int,
                ctx: Context, live: Collection[int]) -> int:
    """Normal's card: ``after`` players still play to this trick; ``live`` = cards that may be
    in other hands."""
    led = trick[0] // NUM_RANKS if trick else -1
    options = follow_options(hand, led, ctx[0])
    if len(options) == 1:
        return options[0]
    if not trick:
        # Measured over many playouts: opening the deal with the weakest card and keeping two
        # strong ones for the last tricks wins more often than leading high.
        if len(hand) < 3:
            bosses = [c for c in options if is_boss(c, ctx, live)]
            if bosses:
                return min(bosses, key=lambda c: strength(c, ctx))
        return min(options, key=lambda c: strength(c, ctx))
    trump, six = ctx[0], ctx[1] >= 0
    best = max(card_power(c, led, trump, six) for c in trick)
    winners = [c for c in options if card_power(c, led, trump, six) > best]
    if not winners:
        return min(options, key=lambda c: strength(c, ctx))
    if after == 0:
        return min(winners, key=lambda c: card_power(c, led, trump, six))
    safe = [c for c in winners if is_boss(c, ctx, live)]
    if safe:
        return min(safe, key=lambda c: card_power(c, led, trump, six))
    return max(winners, key=lambda c: card_power(c, led, trump, six))


def easy_card(hand: Sequence[int], trick: Sequence[int], ctx: Context, rng: random.Random) -> int:
    """Easy's card: lead the highest; follow with the lowest card that wins, else the lowest."""
    led = trick[0] // NUM_RANKS if trick else -1
    options = follow_options(hand, led, ctx[0])
    if rng.random() < 0.15:
        return rng.choice(options)  # a beginner's slip now and then
    if not trick:
        return max(options, key=lambda c: strength(c, ctx))
    best = max(power(c, led, ctx) for c in trick)
    winners = [c for c in options if power(c, led, ctx) > best]
    if winners:
        return min(winners, key=lambda c: power(c, led, ctx))
    return min(options, key=lambda c: strength(c, ctx))


def playout(hands: Sequence[Sequence[int]], leader: int, wins: Sequence[int], trick: Sequence[int],
            ctx: Context, gone: Collection[int]) -> tuple[int, list[int]]:
    """Play the deal out with Normal's heuristic in every seat: (winner position or -1 for an
    azi, tricks).

    ``hands`` are in playing order (positions); ``gone`` holds the cards no hand can hold
    (played, the turned card). Each player treats every card he cannot see as live.
    """
    m = len(hands)
    held = [list(h) for h in hands]
    wins = list(wins)
    trick = list(trick)
    unseen_base = set(range(27)).difference(gone).difference(trick)
    while True:
        while len(trick) < m:
            pos = (leader + len(trick)) % m
            live = unseen_base.difference(held[pos])
            card = normal_card(held[pos], trick, m - len(trick) - 1, ctx, live)
            held[pos].remove(card)
            trick.append(card)
            unseen_base.discard(card)
        taker = (leader + winning_index(trick, ctx)) % m
        wins[taker] += 1
        if wins[taker] == 2:
            return taker, wins
        if not held[0]:
            return -1, wins
        leader, trick = taker, []
