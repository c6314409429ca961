"""Azi in words: what an action does, and why an action is refused (for the UI and its log)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bidding import chips_to_reach
from .constants import (ALL_IN, BET_BASE, BIDDING, BUY_IN, CALL, DISCARD, FOLD, JOIN_AZI, LOOK,
                            MAX_RAISES, SKIP_AZI, TRICKS)
from ..cards import NUM_RANKS, cards_symbol, card_symbol

if TYPE_CHECKING:
    from . import AziSession

_NUM_CARDS = 27


def _is_card(action: int) -> bool:
    return 0 <= action < _NUM_CARDS


def describe_action(game: "AziSession", action: int) -> str:
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


def explain_illegal(game: "AziSession", action: int) -> str:
    """Why ``action`` is refused now, in a sentence a player can read."""
    if type(action) is not int or not (_is_card(action) or FOLD <= action <= ALL_IN
                                       or action >= BET_BASE):
        return f"{action!r} is not an Azi action"
    if game.to_move is None:
        return "the session is over"
    if action in game.legal_actions():
        return "that is allowed now"
    seat, phase = game.to_move, game.phase
    hand = game.hands[seat]
    if phase == BUY_IN:
        return (f"answer the azi question first: join for {game.buy_in_price} chips "
                "or sit this game out")
    if phase == DISCARD:
        if _is_card(action):
            return f"you do not hold {card_symbol(action)}"
        return "discard one of your four cards first"
    if phase == TRICKS:
        return _explain_card(game, action, hand)
    if phase == BIDDING:
        return _explain_bid(game, action, seat)
    return "that is not allowed now"


def _explain_card(game: "AziSession", action: int, hand: list[int]) -> str:
    if not _is_card(action):
        return "the bidding is over: play a card"
    if action not in hand:
        return f"you do not hold {card_symbol(action)}"
    led = game.trick[0][1] // NUM_RANKS
    follow = [c for c in hand if c // NUM_RANKS == led]
    if follow:
        return f"you must follow suit: you hold {cards_symbol(follow)}"
    trumps = [c for c in hand if c // NUM_RANKS == game.trump_suit]
    return f"you must play a trump: you hold {cards_symbol(trumps)}"


def _explain_bid(game: "AziSession", action: int, seat: int) -> str:
    if _is_card(action):
        return "the bidding is on: cards are played once it is over"
    if action in (JOIN_AZI, SKIP_AZI):
        return "there is no azi question now"
    if action == LOOK:
        if not game.blind_bets:
            return "blind bets are off at this table: your cards are open"
        return "you have already looked at your cards"
    stack, bid, top = game.stacks[seat], game.bids[seat], game.highest_bid
    blind = not game.looked[seat]
    need = top or game.min_bet
    cost = chips_to_reach(need, bid, blind)
    legal = game.legal_actions()
    if action == CALL:
        if not top:
            return f"there is no bet to call: open with at least {game.min_bet} or fold"
        return f"you cannot afford {cost}; you have {stack} — go all-in or fold"
    if action == ALL_IN:
        verb = "call" if top else "open"
        return f"you can afford the {cost} to {verb}: all-in is only for a player who cannot"
    level = action - BET_BASE
    if top and game.raises[seat] >= MAX_RAISES:
        return f"you have raised {MAX_RAISES} times already; " + ("call or fold" if CALL in legal
                                                                   else "go all-in or fold")
    lowest = top + game.min_raise if top else game.min_bet
    if level < lowest:
        return (f"a raise must reach at least {lowest}" if top
                else f"an opening bet must be at least {lowest}")
    level_cost = chips_to_reach(level, bid, blind)
    if level_cost > stack:
        bets = [a - BET_BASE for a in legal if a >= BET_BASE]
        if ALL_IN in legal:
            advice = "go all-in or fold"
        elif bets:
            advice = f"bid at most {bets[-1]}"
        else:
            advice = "call or fold"
        return f"you cannot afford {level_cost}; you have {stack} — {advice}"
    step = game._compute_legal()[1].step  # the minimum raise, or grown for deep stacks
    below = lowest + (level - lowest) // step * step
    return f"bid levels go up in steps of {step} from {lowest}: try {below} or {below + step}"
