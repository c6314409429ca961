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


class BiddingMixin:
    """The bidding phase of :class:`engine.azi.AziSession` (state lives in the session)."""

    if TYPE_CHECKING:  # what this part uses of its host, AziSession (for mypy only: a real
        # attribute or stub method here would shadow the host's in the MRO)
        min_bet: int
        min_raise: int
        history: list[Event]
        _seats_from: tuple[tuple[int, ...], ...]
        stacks: list[int]
        stakes: list[int]
        in_game: list[bool]
        folded: list[bool]
        all_in: list[bool]
        looked: list[bool]
        bids: list[int]
        raises: list[int]
        hands: list[list[int]]
        phase: str
        to_move: int | None
        bank: int
        highest_bid: int
        highest_bidder: int
        first_bidder: int
        leader: int

        def _emit(self, kind: str, seat: int = -1, cards: tuple[int, ...] = (), amount: int = 0,
                  target: int = -1, private: bool = False) -> None: ...
        def _win(self, winner: int, at_once: bool) -> None: ...
    else:
        # Not seen by mypy, which would check the host's attributes against these empty slots.
        __slots__ = ()

    def _bidding_legal(self) -> Legal:
        """(FOLD, CALL, LOOK, ALL_IN as allowed), the BET_BASE + level actions on the steps as a
        range, and the all-in level when it falls off the steps."""
        s: int = self.to_move  # type: ignore[assignment]  # a seat: called while one is to move
        stack, bid, blind = self.stacks[s], self.bids[s], not self.looked[s]
        top = self.highest_bid
        if top == 0:  # nobody has opened: bet at least the minimum bet (not a raise)
            need = lowest = self.min_bet
        else:
            need = top
            lowest = top + self.min_raise if self.raises[s] < MAX_RAISES else 0
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
            step = bid_step(lowest, highest, self.min_raise)
            bets = range(BET_BASE + lowest, BET_BASE + highest + 1, step)
            # ``highest`` takes every chip he has: offered even off the steps (azi.md §3)
            extra = NO_EXTRA if bets[-1] == BET_BASE + highest else (BET_BASE + highest,)
            return tuple(actions), bets, extra
        return tuple(actions), NO_BETS, NO_EXTRA

    def _apply_bidding(self, action: int) -> None:
        s: int = self.to_move  # type: ignore[assignment]  # a seat: legal actions were offered
        if action == LOOK:
            self._look(s, automatic=False)
            return  # looking is free and it stays his turn
        if action == FOLD:
            self.in_game[s] = False
            self.folded[s] = True
            self.history.append(_new_event(Event, (FOLDED, s, (), 0, -1, False)))
        else:
            blind, bid, stacks = not self.looked[s], self.bids[s], self.stacks
            if action == CALL:
                kind, level = CALLED, self.highest_bid
                chips = chips_to_reach(level, bid, blind)
            elif action == ALL_IN:
                kind, chips = ALL_IN_EVENT, stacks[s]
                level = bid + (2 * chips if blind else chips)
                self.all_in[s] = True
            else:
                kind, level = BET, action - BET_BASE
                chips = chips_to_reach(level, bid, blind)
                if self.highest_bid:
                    kind = RAISED
                    self.raises[s] += 1
                self.highest_bid, self.highest_bidder = level, s
            self.bids[s] = level
            stacks[s] -= chips
            self.stakes[s] += chips
            self.bank += chips
            self.history.append(_new_event(Event, (kind, s, (), level, chips, False)))
            if stacks[s] == 0:
                # His last chip is in: he can act no more, but a bet that stays highest
                # keeps the lead.
                self.all_in[s] = True
        self._next_bidder(s)

    def _next_bidder(self, s: int) -> None:
        """After seat ``s`` acted: the next seat that still has to match, or the end of bidding."""
        in_game, all_in, bids = self.in_game, self.all_in, self.bids
        if in_game.count(True) == 1:
            self._win(in_game.index(True), at_once=True)
            return
        top = self.highest_bid
        # Seat s itself is never due again here: he just matched, raised, folded or went all-in.
        for t in self._seats_from[s]:
            if in_game[t] and not all_in[t] and (top == 0 or bids[t] < top):
                self.to_move = t
                return
        self._end_bidding()

    def _begin_bidding(self) -> None:
        """The first bidder (or the next who still can act) opens the bidding."""
        self.phase = BIDDING
        in_game, all_in = self.in_game, self.all_in
        for t in self._seats_from[self.first_bidder]:
            if in_game[t] and not all_in[t]:
                self.to_move = t
                return
        self._end_bidding()

    def _end_bidding(self) -> None:
        """Everyone still in has matched (or is all-in): the highest bidder wins the lead."""
        in_game, order = self.in_game, self._seats_from[self.first_bidder]
        # With no bid, nobody could open: every player still in is all-in.
        leader = (self.highest_bidder if self.highest_bid
                  else next(t for t in order if in_game[t]))
        for t in order:  # blind players see their cards at the latest when tricks start
            if in_game[t] and not self.looked[t]:
                self._look(t, automatic=True)
        self.leader = self.to_move = leader
        self.phase = TRICKS
        self._emit(LEAD_WON, leader)

    def _look(self, s: int, automatic: bool) -> None:
        self.looked[s] = True
        self._emit(LOOKED, s, tuple(self.hands[s]), int(automatic), -1, True)
