"""Reading bets (Hard): how likely each guessed opponent hand is to have bet the way he did.

A player who pays a price ``p`` into a bank ``b`` usually holds a hand whose chance is at
least ``p / (b + p)``; one who opens or raises usually holds better than his fair share of
the table. Each guessed deal is weighted by the product, over the opponents' bets made with
their cards seen, of the likelihood of that bet for the guessed hand, then the guesses are
redrawn in proportion to the weights. Bets made blind say nothing about the hand.
"""

from __future__ import annotations

import random
from typing import Sequence

from .azi_deals import Deal
from .azi_strength import sigmoid, win_chance
from .azi_view import AziView

SOFTNESS = 0.07  # how sharply a bet separates hands, in units of win chance
RAISE_EDGE = 1.15  # a raiser's hand beats his fair share 1/players by this factor, typically


def bet_likelihood(view: AziView, deal: Deal) -> float:
    """How likely the guessed hands are to have made every bet seen this game (up to a constant)."""
    weight = 1.0
    ctx = view.ctx
    for seat, moves in view.moves.items():
        if seat == view.seat or seat not in deal or not moves:
            continue
        hand = tuple(deal[seat]) + tuple(view.played.get(seat, ()))
        if len(hand) != 3:
            continue
        for move in moves:
            if move.blind:
                continue
            players = max(2, move.players_in)
            chance = win_chance(hand, ctx, players)
            price = move.chips / (move.bank_before + move.chips)
            weight *= sigmoid((chance - price) / SOFTNESS)
            if move.kind in ("bet", "raised"):
                weight *= sigmoid((chance - RAISE_EDGE / players) / SOFTNESS)
    return weight


def redraw(deals: Sequence[Deal], weights: Sequence[float], count: int, rng: random.Random) -> list[Deal]:
    """``count`` deals drawn in proportion to ``weights`` (systematic resampling)."""
    total = sum(weights)
    if total <= 0:
        return list(deals[:count])
    step = total / count
    point = rng.random() * step
    out: list[Deal] = []
    acc = 0.0
    i = 0
    for k in range(count):
        target = point + k * step
        while acc + weights[i] < target and i < len(weights) - 1:
            acc += weights[i]
            i += 1
        out.append(deals[i])
    return out
