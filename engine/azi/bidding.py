"""Azi bidding for the right to lead (azi.md §3): costs of bid levels, legal bids, applying them.

A seat's *bid* is the level it has reached; open players pay one chip per level, blind
players half (rounded up, counted on the total): reaching level L from level b costs
``L - b`` open and ``ceil(L/2) - ceil(b/2)`` blind. Offered levels run from the minimum
(the minimum bet to open, highest + minimum raise to raise) up to the highest level the
player can afford, in steps of the minimum raise; where the stacks are so deep that this would
offer more than ``MAX_BID_LEVELS`` levels, the step grows in chip denominations (×2, ×5, ×10,
×20, …) until it offers at most that many (azi.md §3). The all-in level (every chip the player
has) is always offered, even off the steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Event
from .constants import (
    ALL_IN,
    ALL_IN_EVENT,
    BET,
    BET_BASE,
    BIDDING,
    CALL,
    CALLED,
    FOLD,
    FOLDED,
    LEAD_WON,
    LOOK,
    LOOKED,
    MAX_RAISES,
    RAISED,
    TRICKS,
)


def chips_to_reach(level: int, bid: int, blind: bool) -> int:
    """Chips a seat at bid level ``bid`` puts in to reach ``level`` (blind bets count double)."""
    if blind:
        return (level + 1) // 2 - (bid + 1) // 2
    return level - bid


# The legal actions as _compute_legal() caches them: the fixed actions, the bet levels on the
# steps (a range of BET_BASE + level) and an all-in level off the steps (or nothing).
Legal = tuple[tuple[int, ...], range, tuple[int, ...]]

NO_BETS = range(0)
NO_EXTRA: tuple[int, ...] = ()
MAX_BID_LEVELS = 200  # the rules' "about 200": the slider, the AI and legal_actions() stay quick
_DENOMINATIONS = (1, 2, 5)  # ×1, ×2, ×5, then the same times 10, 100, …
_new_event = tuple.__new__  # an Event without the NamedTuple constructor's overhead

if TYPE_CHECKING:
    from . import AziSession

# BET_BASE + level for every level 0, 1, … met so far. legal_actions() slices its bet actions
# from here: a slice shares these int objects, where list(range(…)) would allocate ~100 new
# ints per call — about a tenth of a random playout's time before this cache.
_BET_ACTIONS: list[int] = []
_SHARED_LEVELS = 1 << 17  # past this (huge stacks) fresh ints are fine: such bids are rare


def bet_action_list(bets: range) -> list[int]:
    """``list(bets)`` for a range of BET_BASE + level actions, built from shared ints."""
    top = bets.stop - BET_BASE
    if top > _SHARED_LEVELS:
        return list(bets)
    if top > len(_BET_ACTIONS):
        _BET_ACTIONS.extend(range(BET_BASE + len(_BET_ACTIONS), BET_BASE + top))
    return _BET_ACTIONS[bets.start - BET_BASE:top:bets.step]


def bid_step(lowest: int, highest: int, min_raise: int) -> int:
    """The step between offered levels from ``lowest`` to ``highest``: the minimum raise, grown
    ×2, ×5, ×10, … until the steps give at most ``MAX_BID_LEVELS`` levels."""
    span = highest - lowest
    if span < MAX_BID_LEVELS * min_raise:  # the usual table: one level per minimum raise
        return min_raise
    scale = 1
    while True:
        for factor in _DENOMINATIONS:
            step = min_raise * factor * scale
            if span // step < MAX_BID_LEVELS:  # span // step + 1 levels
                return step
        scale *= 10


def bidding_legal(g: AziSession) -> Legal:
    """(FOLD, CALL, LOOK, ALL_IN as allowed), the BET_BASE + level actions on the steps as a
    range, and the all-in level when it falls off the steps."""
    s: int = g.to_move  # type: ignore[assignment]  # a seat: called while one is to move
    stack, bid, blind = g.stacks[s], g.bids[s], not g.looked[s]
    top = g.highest_bid
    if top == 0:  # nobody has opened: bet at least the minimum bet (not a raise)
        need = lowest = g.min_bet
    else:
        need = top
        lowest = top + g.min_raise if g.raises[s] < MAX_RAISES else 0
    if blind:
        cost = (need + 1) // 2 - (bid + 1) // 2
        highest = 2 * (stack + (bid + 1) // 2)
    else:
        cost = need - bid
        highest = bid + stack
    actions = [FOLD]
    if top and cost <= stack:
        actions.append(CALL)
    if blind:
        actions.append(LOOK)
    if stack < cost:
        actions.append(ALL_IN)
    if lowest and lowest <= highest:
        step = bid_step(lowest, highest, g.min_raise)
        bets = range(BET_BASE + lowest, BET_BASE + highest + 1, step)
        # ``highest`` takes every chip he has: offered even off the steps (azi.md §3)
        extra = NO_EXTRA if bets[-1] == BET_BASE + highest else (BET_BASE + highest,)
        return tuple(actions), bets, extra
    return tuple(actions), NO_BETS, NO_EXTRA

def apply_bidding(g: AziSession, action: int) -> None:
    s: int = g.to_move  # type: ignore[assignment]  # a seat: legal actions were offered
    if action == LOOK:
        _look(g, s, automatic=False)
        return  # looking is free and it stays his turn
    if action == FOLD:
        g.in_game[s] = False
        g.folded[s] = True
        g.history.append(_new_event(Event, (FOLDED, s, (), 0, -1, False)))
    else:
        blind, bid, stacks = not g.looked[s], g.bids[s], g.stacks
        if action == CALL:
            kind, level = CALLED, g.highest_bid
            chips = chips_to_reach(level, bid, blind)
        elif action == ALL_IN:
            kind, chips = ALL_IN_EVENT, stacks[s]
            level = bid + (2 * chips if blind else chips)
            g.all_in[s] = True
        else:
            kind, level = BET, action - BET_BASE
            chips = chips_to_reach(level, bid, blind)
            if g.highest_bid:
                kind = RAISED
                g.raises[s] += 1
            g.highest_bid, g.highest_bidder = level, s
        g.bids[s] = level
        stacks[s] -= chips
        g.stakes[s] += chips
        g.bank += chips
        g.history.append(_new_event(Event, (kind, s, (), level, chips, False)))
        if stacks[s] == 0:
            # His last chip is in: he can act no more, but a bet that stays highest
            # keeps the lead.
            g.all_in[s] = True
    _next_bidder(g, s)

def _next_bidder(g: AziSession, s: int) -> None:
    """After seat ``s`` acted: the next seat that still has to match, or the end of bidding."""
    in_game, all_in, bids = g.in_game, g.all_in, g.bids
    if in_game.count(True) == 1:
        g._win(in_game.index(True), at_once=True)
        return
    top = g.highest_bid
    # Seat s itself is never due again here: he just matched, raised, folded or went all-in.
    for t in g._seats_from[s]:
        if in_game[t] and not all_in[t] and (top == 0 or bids[t] < top):
            g.to_move = t
            return
    _end_bidding(g)

def begin_bidding(g: AziSession) -> None:
    """The first bidder (or the next who still can act) opens the bidding."""
    g.phase = BIDDING
    in_game, all_in = g.in_game, g.all_in
    for t in g._seats_from[g.first_bidder]:
        if in_game[t] and not all_in[t]:
            g.to_move = t
            return
    _end_bidding(g)

def _end_bidding(g: AziSession) -> None:
    """Everyone still in has matched (or is all-in): the highest bidder wins the lead."""
    in_game, order = g.in_game, g._seats_from[g.first_bidder]
    # With no bid, nobody could open: every player still in is all-in.
    leader = (g.highest_bidder if g.highest_bid
              else next(t for t in order if in_game[t]))
    for t in order:  # blind players see their cards at the latest when tricks start
        if in_game[t] and not g.looked[t]:
            _look(g, t, automatic=True)
    g.leader = g.to_move = leader
    g.phase = TRICKS
    g._emit(LEAD_WON, leader)

def _look(g: AziSession, s: int, automatic: bool) -> None:
    g.looked[s] = True
    g._emit(LOOKED, s, tuple(g.hands[s]), int(automatic), -1, True)
