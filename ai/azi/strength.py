"""A quick guess of a 3-card hand's chance to win the deal, and what a bet says about a hand.

The search needs a hand's strength thousands of times per decision (to judge how guessed
opponents would bet), far too often for a playout each. So the chance is a logistic model,
per table size, over the kinds of card held: side cards by rank, trumps by rank, the six on
stage, and whether the hand leads. Its weights were fitted by the AI's authors to 80,000
heuristic playouts per table size (2 to 6 players in the tricks); the fit roughly halves the
log-loss of knowing nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.cards import NUM_RANKS

from .tricks import Context

# Per players in the tricks: 9 side ranks (six … ace), 9 trump ranks, six on stage, lead, bias.
_WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (-1.53, -1.31, -1.12, -0.96, -0.76, -0.54, -0.42, -0.31, -0.16,
        0.49, 0.54, 0.56, 0.69, 0.79, 0.92, 1.05, 1.22, 1.51, 1.56, 0.22, 0.74),
    3: (-1.85, -1.76, -1.71, -1.53, -1.34, -1.08, -0.78, -0.5, -0.11,
        0.29, 0.45, 0.54, 0.75, 0.94, 1.13, 1.31, 1.55, 1.78, 1.67, -0.04, -0.08),
    4: (-2.02, -2.01, -1.98, -1.92, -1.8, -1.58, -1.23, -0.8, -0.21,
        0.07, 0.28, 0.48, 0.73, 1.03, 1.3, 1.54, 1.79, 2.09, 1.95, -0.01, -0.76),
    5: (-2.21, -2.27, -2.27, -2.15, -2.15, -1.97, -1.76, -1.16, -0.47,
        -0.15, -0.02, 0.44, 0.71, 1.1, 1.42, 1.8, 2.13, 2.56, 2.32, 0.03, -1.37),
    6: (-2.39, -2.38, -2.43, -2.5, -2.35, -2.41, -2.19, -1.68, -0.72,
        -0.29, -0.12, 0.26, 0.58, 1.06, 1.53, 2.03, 2.47, 2.96, 2.87, 0.01, -1.89),
}
_SIX_ON_STAGE, _LEAD, _BIAS = 18, 19, 20


def card_class(card: int, ctx: Context) -> int:
    """The model's kind of card: 0..8 side ranks, 9..17 trump ranks, 18 the six on stage."""
    if card == ctx[1]:
        return _SIX_ON_STAGE
    if card // NUM_RANKS == ctx[0]:
        return 9 + card % NUM_RANKS
    return card % NUM_RANKS


def win_chance(hand: Sequence[int], ctx: Context, players: int, leads: bool = False) -> float:
    """Estimated chance that ``hand`` takes two tricks among ``players`` players (2..6)."""
    w = _WEIGHTS[min(max(players, 2), 6)]
    z = w[_BIAS] + (w[_LEAD] if leads else 0.0)
    for card in hand:
        z += w[card_class(card, ctx)]
    return 1.0 / (1.0 + math.exp(-z))


def weakest_of(cards: Sequence[int], ctx: Context) -> int:
    """The card whose loss hurts the hand least (what to discard from four)."""
    return min(cards, key=lambda c: (_WEIGHTS[3][card_class(c, ctx)], c))


def sigmoid(x: float) -> float:
    """The logistic function, safe for large arguments."""
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))
