"""The start of an Azi game (azi.md §1, §2, §5): antes or azi buy-ins, deal, trump, discards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import AZI_DECK, HIDDEN, NUM_RANKS
from ..core import Event
from .bidding import begin_bidding
from .constants import (
    ALL_IN_EVENT,
    ANTE,
    AZI_DECLINED,
    AZI_JOINED,
    BUY_IN,
    DISCARD,
    DISCARDED,
    GAME_STARTED,
    JOIN_AZI,
    SAT_OUT,
    SHUFFLED,
    SIX_ON_STAGE,
    TRUMP,
)
from .events import DEALT as DEALT_EVENTS
from .tricks import six_of_trumps, six_on_stage_applies

if TYPE_CHECKING:
    from . import AziSession

# Functions over the session's state (not a mixin of it): AziSession calls start_game,
# apply_buy_in and apply_discard; the rest are their steps.

_new_event = tuple.__new__


def start_game(g: AziSession, azi_players: list[int] | None) -> None:
    """Begin the next game: a fresh one with antes, or the azi game of ``azi_players``."""
    g.game_number += 1
    g._reset_game(keep_bank=azi_players is not None)
    g._emit(GAME_STARTED, -1, (), g.game_number)
    if azi_players is None:
        _collect_antes(g)
    else:
        _ask_azi_buy_ins(g, azi_players)

def _anchor(g: AziSession, candidates: list[int]) -> int:
    """The seat bidding starts from: left of the last winner, else one drawn at random."""
    if g.last_winner >= 0:
        return (g.last_winner + 1) % g.num_players
    return g.dealer.draw_seat(candidates)

def _collect_antes(g: AziSession) -> None:
    stacks, out, ante, n = g.stacks, g.out, g.ante, g.num_players
    plays = [not out[s] and stacks[s] >= ante for s in range(n)]
    if plays.count(True) < 2:
        # Fewer than two can pay the full ante: everyone with chips plays for what he has,
        # otherwise the session could never end.
        plays = [not x for x in out]
    g.anchor = _anchor(g, [s for s in range(n) if plays[s]])
    g.first_bidder = first = next(s for s in g._seats_from[g.anchor] if plays[s])
    history, in_game, stakes = g.history, g.in_game, g.stakes
    for s in g._seats_from[first]:
        if plays[s]:
            if stacks[s] >= ante:
                chips, event = ante, g._ante_events[s]
            else:
                chips = stacks[s]
                event = _new_event(Event, (ANTE, s, (), chips, -1, False))
            stacks[s] -= chips
            stakes[s] += chips
            g.bank += chips
            in_game[s] = True
            history.append(event)
            if stacks[s] == 0:
                g.all_in[s] = True
                g._emit(ALL_IN_EVENT, s, (), 0, 0)
        elif not out[s]:
            g.sitting_out[s] = True
            g._emit(SAT_OUT, s)
    _deal(g)

def _ask_azi_buy_ins(g: AziSession, azi_players: list[int]) -> None:
    """Trick takers play free; every other player with chips may buy in for half the bank."""
    price = (g.carried + 1) // 2
    g.buy_in_price = price
    g.anchor = _anchor(g, sorted(azi_players))
    queue = []
    for s in g._seats_from[g.anchor]:
        if s in azi_players:
            g.in_game[s] = True
            if g.stacks[s] == 0:
                g.all_in[s] = True
                g._emit(ALL_IN_EVENT, s, (), 0, 0)
        elif g.out[s]:
            continue
        elif g.azi_buy_in and g.stacks[s] >= price:
            queue.append(s)
        else:
            g.sitting_out[s] = True
            g._emit(SAT_OUT, s)
    g.buy_in_queue = queue
    if queue:
        g.phase = BUY_IN
        g.to_move = queue[0]
    else:
        _seat_first_bidder_and_deal(g)

def apply_buy_in(g: AziSession, action: int) -> None:
    """The seat asked first joins the azi game for the buy-in price, or sits it out."""
    s = g.buy_in_queue.pop(0)
    if action == JOIN_AZI:
        g._pay(s, g.buy_in_price)
        g.in_game[s] = True
        g._emit(AZI_JOINED, s, (), g.buy_in_price)
        if g.stacks[s] == 0:
            g.all_in[s] = True
            g._emit(ALL_IN_EVENT, s, (), 0, 0)
    else:
        g.sitting_out[s] = True
        g._emit(AZI_DECLINED, s, (), g.buy_in_price)
    if g.buy_in_queue:
        g.to_move = g.buy_in_queue[0]
    else:
        _seat_first_bidder_and_deal(g)

def _seat_first_bidder_and_deal(g: AziSession) -> None:
    g.first_bidder = next(s for s in g._seats_from[g.anchor] if g.in_game[s])
    _deal(g)

def _deal(g: AziSession) -> None:
    """Shuffle, deal one card at a time clockwise from the first bidder, turn up the trump."""
    deal = g.dealer.deal(AZI_DECK)
    order = deal.order
    g.deal_order = list(order)
    g.deal_seed, g.deal_commitment = deal.seed_hex, deal.commitment
    g._emit(SHUFFLED, -1, (), g.game_number)
    # A blind player has not seen his cards: his "dealt" events hide them even from him.
    shown = HIDDEN if g.blind_bets else None
    seats = [s for s in g._seats_from[g.first_bidder] if g.in_game[s]]
    hands, dealt_events = g.hands, DEALT_EVENTS
    dealt = []
    k = 0
    for _ in range(g.cards_dealt):
        for s in seats:
            card = order[k]
            k += 1
            hands[s].append(card)
            dealt.append(dealt_events[s][card if shown is None else shown])
    g.history.extend(dealt)
    emit = g._emit
    for s in seats:
        hands[s].sort()
        g.looked[s] = shown is None
    g.trump_card = trump = order[k]
    g.trump_suit = trump // NUM_RANKS
    g.stock = list(order[k + 1:])
    emit(TRUMP, -1, (trump,))
    if six_on_stage_applies(trump):
        g.six_on_stage = True
        emit(SIX_ON_STAGE, -1, (six_of_trumps(g.trump_suit),))
    if g.cards_dealt == 4:
        g.phase = DISCARD
        g.to_move = g.first_bidder
    else:
        begin_bidding(g)

def apply_discard(g: AziSession, card: int) -> None:
    """Discards go one at a time, face down, clockwise from the first bidder."""
    s: int = g.to_move  # type: ignore[assignment]  # a seat: legal actions were offered
    g.hands[s].remove(card)
    g.discards[s] = card
    g._emit(DISCARDED, s, (card,), 0, -1, True)
    for t in g._seats_from[s]:
        if g.in_game[t] and len(g.hands[t]) == g.cards_dealt:
            g.to_move = t
            return
    begin_bidding(g)
