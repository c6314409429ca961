"""Azi in words: what an action does, and why an action is refused (a message key + fields)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import NUM_RANKS, card_symbol
from ..core import Message, message
from .bidding import chips_to_reach
from .constants import (
    ALL_IN,
    BET_BASE,
    BIDDING,
    BUY_IN,
    CALL,
    DISCARD,
    FOLD,
    JOIN_AZI,
    LOOK,
    MAX_RAISES,
    SKIP_AZI,
    TRICKS,
)

if TYPE_CHECKING:
    from . import AziSession

_NUM_CARDS = 27


def _is_card(action: int) -> bool:
    return 0 <= action < _NUM_CARDS


def describe_action(game: AziSession, action: int) -> str:
    """Short English text of ``action`` for the seat to move: "play 10♥", "raise to 40", …"""
    if type(action) is not int:
        return f"{action!r}"
    if _is_card(action):
        verb = "discard" if game.phase == DISCARD else "play"
        return f"{verb} {card_symbol(action)}"
    seat = game.to_move
    blind = seat is not None and not game.looked[seat]
    suffix = " blind" if blind else ""
    if action == FOLD:
        return "fold"
    if action == CALL:
        return f"call {game.highest_bid}{suffix}"
    if action == LOOK:
        return "look at your cards"
    if action == JOIN_AZI:
        return f"join the azi for {game.buy_in_price}"
    if action == SKIP_AZI:
        return "sit out the azi"
    if action == ALL_IN:
        return f"all-in with {game.stacks[seat]}" if seat is not None else "all-in"
    if action >= BET_BASE:
        level = action - BET_BASE
        return (f"raise to {level}" if game.highest_bid else f"bet {level}") + suffix
    return f"unknown action {action}"


def explain_illegal(game: AziSession, action: int) -> Message:
    """Why ``action`` is refused now: a message key and its fields."""
    if type(action) is not int or not (_is_card(action) or FOLD <= action <= ALL_IN
                                       or action >= BET_BASE):
        return message("refuse.azi.unknown_action")
    if game.to_move is None:
        return message("refuse.azi.over")
    if action in game.legal_actions():
        return message("refuse.allowed")
    seat, phase = game.to_move, game.phase
    hand = game.hands[seat]
    if phase == BUY_IN:
        return message("refuse.azi.buy_in_first", chips=game.buy_in_price)
    if phase == DISCARD:
        if _is_card(action):
            return message("refuse.not_held", card=action)
        return message("refuse.azi.discard_first")
    if phase == TRICKS:
        return _explain_card(game, action, hand)
    if phase == BIDDING:
        return _explain_bid(game, action, seat)
    return message("refuse.azi.not_now")


def _explain_card(game: AziSession, action: int, hand: list[int]) -> Message:
    if not _is_card(action):
        return message("refuse.azi.play_a_card")
    if action not in hand:
        return message("refuse.not_held", card=action)
    led = game.trick[0][1] // NUM_RANKS
    follow = [c for c in hand if c // NUM_RANKS == led]
    if follow:
        return message("refuse.azi.follow_suit", cards=follow)
    trumps = [c for c in hand if c // NUM_RANKS == game.trump_suit]
    return message("refuse.azi.play_trump", cards=trumps)


def _explain_bid(game: AziSession, action: int, seat: int) -> Message:
    if _is_card(action):
        return message("refuse.azi.bidding_on")
    if action in (JOIN_AZI, SKIP_AZI):
        return message("refuse.azi.no_question")
    if action == LOOK:
        if not game.blind_bets:
            return message("refuse.azi.cards_open")
        return message("refuse.azi.already_looked")
    stack, bid, top = game.stacks[seat], game.bids[seat], game.highest_bid
    blind = not game.looked[seat]
    need = top or game.min_bet
    cost = chips_to_reach(need, bid, blind)
    legal = game.legal_actions()
    if action == CALL:
        if not top:
            return message("refuse.azi.nothing_to_call", bid=game.min_bet)
        return message("refuse.azi.short_all_in", cost=cost, stack=stack)
    if action == ALL_IN:
        key = "refuse.azi.all_in_call" if top else "refuse.azi.all_in_open"
        return message(key, cost=cost)
    level = action - BET_BASE
    if top and game.raises[seat] >= MAX_RAISES:
        key = "refuse.azi.raised_call" if CALL in legal else "refuse.azi.raised_all_in"
        return message(key, count=MAX_RAISES)
    lowest = top + game.min_raise if top else game.min_bet
    if level < lowest:
        return message("refuse.azi.raise_at_least" if top else "refuse.azi.open_at_least",
                       bid=lowest)
    level_cost = chips_to_reach(level, bid, blind)
    if level_cost > stack:
        bets = [a - BET_BASE for a in legal if a >= BET_BASE]
        if ALL_IN in legal:
            return message("refuse.azi.short_all_in", cost=level_cost, stack=stack)
        if bets:
            return message("refuse.azi.short_bid_at_most", cost=level_cost, stack=stack,
                           bid=bets[-1])
        return message("refuse.azi.short_call", cost=level_cost, stack=stack)
    step = game._compute_legal()[1].step  # the minimum raise, or grown for deep stacks
    below = lowest + (level - lowest) // step * step
    return message("refuse.azi.steps", step=step, lowest=lowest, below=below,
                   above=below + step)
