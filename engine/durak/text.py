"""Durak in words: why an action is refused, and what an action does, in plain English."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import NUM_RANKS, card_symbol, parse_card
from .tables import (BEATERS, DEFEND, LEAD, NUM_ACTIONS, NUM_CARDS, OVER, PASS, TAKE,
                           THROW_IN, mask_of, ranks_text)

if TYPE_CHECKING:
    from .game import DurakGame


def _not_beating(card: int, attack: int, trump_suit: int) -> str:
    """Why ``card`` does not beat ``attack`` (rules, battle 5)."""
    text = f"{card_symbol(card)} does not beat {card_symbol(attack)}"
    card_suit, attack_suit = card // NUM_RANKS, attack // NUM_RANKS
    if card_suit != attack_suit and card_suit != trump_suit:
        return text + " (beat with a higher card of its suit or with a trump)"
    if card_suit == attack_suit:
        return text + " (a card is beaten only by a higher one of the same suit, or a trump)"
    return text


def explain_illegal(game: "DurakGame", action: object, seat: int | None = None) -> str:
    """Why ``action`` (by ``seat``, when given) is not allowed now, in a sentence."""
    if game.phase == OVER:
        return "the game is over"
    mover = game.to_move
    if seat is not None and seat != mover:
        return f"it is seat {mover}'s turn, not yours"
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        return (f"{action!r} is not a Durak action: play a card (0–{NUM_CARDS - 1}), "
                f"take ({TAKE}) or pass ({PASS})")
    if game.is_legal(action):
        return f"{game.action_text(action)} is allowed"
    hand = game.hands[mover]
    if game.phase == LEAD:
        if action == PASS:
            return "you must lead a card"
        if action == TAKE:
            return "only the defender can take, once a card is led"
        return f"you do not hold {card_symbol(action)}"
    if game.phase == DEFEND:
        attack = game.table[-1]
        if action == PASS:
            return f"you must beat {card_symbol(attack)} or take"
        if not hand >> action & 1:
            return f"you do not hold {card_symbol(action)}"
        if BEATERS[game.trump_suit][attack] >> action & 1 == 0:
            return _not_beating(action, attack, game.trump_suit)
        return "that card cannot be played now"
    # THROW_IN
    if action == TAKE:
        if game.taking:
            return "the defender has already said take"
        return "only the defender can take, and only while an attack card is unbeaten"
    if not hand >> action & 1:
        return f"you do not hold {card_symbol(action)}"
    if game.num_attacks >= game.limit:
        return f"the defender already holds as many attack cards as allowed ({game.limit})"
    if not game.rank_cards >> action & 1:
        return f"you can only throw in ranks already on the table ({ranks_text(mask_of(game.table))})"
    return "that card cannot be played now"


def action_text(game: "DurakGame", action: int) -> str:
    """Short text for ``action`` in the current phase, e.g. "lead 6♠", "beat 7♠ with K♠"."""
    if action == TAKE:
        return "take"
    if action == PASS:
        return "pass"
    if type(action) is not int or not 0 <= action < NUM_CARDS:
        return f"action {action!r}"
    card = card_symbol(action)
    if game.phase == LEAD:
        return f"lead {card}"
    if game.phase == DEFEND:
        return f"beat {card_symbol(game.table[-1])} with {card}"
    if game.phase == THROW_IN:
        return f"throw in {card}"
    return f"play {card}"


def parse_action(text: str) -> int:
    """``"take"`` → TAKE, ``"pass"`` → PASS, a card such as ``"10H"`` → that card."""
    word = text.strip().lower()
    if word == "take":
        return TAKE
    if word == "pass":
        return PASS
    return parse_card(text)
