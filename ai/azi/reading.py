"""Reading bets: how likely each guessed opponent hand is to have bet the way he did.

Hard weighs every guess by a soft likelihood; Normal only drops guesses that plainly
contradict a bet (``plausible``).

A player who calls a price ``p`` into a bank ``b`` usually holds a hand whose chance is a
little above ``p / (b + p)``; one who raises usually holds well over his fair share of the
table; an opening bet says little (openers often try to take the antes with nothing). Each
guessed deal is weighted by the product, over the opponents' bets made with their cards
seen, of the likelihood of that bet for the guessed hand, then the guesses are redrawn in
proportion to the weights. Bets made blind say nothing about the hand. The shapes were
matched to how the computer players actually bet (their chance when calling, raising,
opening), measured over many simulated games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .deals import Deal
from .strength import sigmoid, win_chance
from .view import AziView

SOFTNESS = 0.06  # how sharply a call or raise separates hands, in units of win chance
CALL_MARGIN = 0.05  # callers hold about this much more chance than the price asks
RAISE_EDGE = 1.2  # a raiser's chance is about this many times his fair share 1/players, or more
RAISE_SOFTNESS = 0.15  # in units of fair shares
STAY_SHARE = 1.0  # facing a raise, players stay with at least about their fair share
OPEN_EDGE, OPEN_SOFTNESS = 0.2, 0.4  # opening bets: a weak, wide lean towards better hands


@dataclass(frozen=True)
class BetReading:
    """The shapes of what a bet says about the hand behind it.

    A raise or an opening bet is likely ``floor`` for any hand, plus a lean towards hands above
    ``edge`` fair shares (``softness`` wide); a raise also needs, like a call, a hand a little
    above the price it pays (only while ``raise_pays`` holds). The raise's floor holds only
    while the raiser has put in at most ``floor_commit`` of his chips: a raise that stakes much
    of a stack is made with a strong hand.
    """

    open_floor: float = 0.0
    open_edge: float = OPEN_EDGE
    open_softness: float = OPEN_SOFTNESS
    raise_floor: float = 0.0
    raise_edge: float = RAISE_EDGE
    raise_softness: float = RAISE_SOFTNESS
    raise_pays: bool = True
    floor_commit: float = 1.0


CAUTIOUS = BetReading()  # every raise a strong hand: how a careful human bets


def move_likelihood(kind: str, chance: float, price: float, players: int,
                    reading: BetReading = CAUTIOUS, commit: float = 0.0) -> float:
    """How likely a hand of this chance is to make this bet at this price (up to a constant),
    ``commit`` being the share of his chips the bettor has put in with it."""
    share = chance * players  # the chance in fair shares
    r = reading
    if kind == "bet":
        return r.open_floor + (1 - r.open_floor) * sigmoid((share - r.open_edge) / r.open_softness)
    if kind == "raised":
        floor = r.raise_floor if commit <= r.floor_commit else 0.0
        lean = floor + (1 - floor) * sigmoid((share - r.raise_edge) / r.raise_softness)
        if not r.raise_pays:
            return lean
        return lean * sigmoid((chance - price - CALL_MARGIN) / SOFTNESS)
    return sigmoid((chance - price - CALL_MARGIN) / SOFTNESS)


def bet_likelihood(view: AziView, deal: Deal, reading: BetReading = CAUTIOUS) -> float:
    """How likely the guessed hands are to have made every bet seen this game (up to a constant)."""
    weight = 1.0
    ctx = view.ctx
    chips = [stack + stake for stack, stake in zip(view.obs["stacks"], view.obs["stakes"])]
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
            commit = move.stake / max(1, chips[seat])
            weight *= move_likelihood(move.kind, chance, price, players, reading, commit)
    return weight


def plausible(view: AziView, deal: Deal) -> bool:
    """Normal's rough reading: whoever called or raised with his cards seen could afford the
    price with his hand, and a raiser holds at least a fair share of the table."""
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
            if move.kind == "bet":
                continue  # openers often bet on nothing
            players = max(2, move.players_in)
            chance = win_chance(hand, ctx, players)
            if chance < move.chips / (move.bank_before + move.chips):
                return False
            if move.kind == "raised" and chance < 1.0 / players:
                return False
    return True


def redraw(deals: Sequence[Deal], weights: Sequence[float], count: int,
           rng: random.Random) -> list[Deal]:
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
