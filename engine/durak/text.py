"""Durak in words: why an action is refused (a message key + fields), and what an action does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import NUM_RANKS, card_symbol, parse_card
from ..core import Message, message
from .tables import BEATERS, DEFEND, LEAD, NUM_ACTIONS, NUM_CARDS, OVER, PASS, TAKE, THROW_IN

if TYPE_CHECKING:
    from .game import DurakGame


def _not_beating(card: int, attack: int, trump_suit: int) -> Message:
    """Why ``card`` does not beat ``attack`` (rules, battle 5)."""
    card_suit, attack_suit = card // NUM_RANKS, attack // NUM_RANKS
    if card_suit != attack_suit and card_suit != trump_suit:
        return message("refuse.durak.wrong_suit", card=card, attack=attack)
    if card_suit == trump_suit and attack_suit == trump_suit:
        return message("refuse.durak.lower_trump", card=card, attack=attack)
    return message("refuse.durak.too_low", card=card, attack=attack)


def explain_illegal(game: DurakGame, action: object) -> Message:
    """Why ``action`` is not allowed now: a message key and fields."""
    if game.phase == OVER:
        return message("refuse.durak.over")
    mover = game.to_move
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        return message("refuse.durak.unknown_action")
    if game.is_legal(action):
        return message("refuse.allowed")
    if mover is None:
        return message("refuse.durak.over")
    hand = game.hands[mover]
    if game.phase == LEAD:
        if action == PASS:
            return message("refuse.durak.must_lead")
        if action == TAKE:
            return message("refuse.durak.take_after_lead")
        return message("refuse.not_held", card=action)
    if game.phase == DEFEND:
        attack = game.table[-1]
        if action == PASS:
            return message("refuse.durak.beat_or_take", card=attack)
        if not hand >> action & 1:
            return message("refuse.not_held", card=action)
        if BEATERS[game.trump_suit][attack] >> action & 1 == 0:
            return _not_beating(action, attack, game.trump_suit)
        return message("refuse.durak.not_now")
    # THROW_IN
    if action == TAKE:
        if game.taking:
            return message("refuse.durak.already_taking")
        return message("refuse.durak.take_unbeaten")
    if not hand >> action & 1:
        return message("refuse.not_held", card=action)
    if game.num_attacks >= game.limit:
        return message("refuse.durak.limit", count=game.limit)
    if not game.rank_cards >> action & 1:
        return message("refuse.durak.rank_not_on_table", ranks=table_ranks(game.table))
    return message("refuse.durak.not_now")


def table_ranks(table: list[int]) -> list[int]:
    """The ranks on the table, low to high (0 = six … 8 = ace)."""
    return sorted({card % NUM_RANKS for card in table if card >= 0})


def action_text(game: DurakGame, action: int) -> str:
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
