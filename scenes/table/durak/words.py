"""Durak in the table's words: what a seat's callout says, and why a battle ended as it did.

Pure functions of public facts (the cards on the table, who played them); every text goes
through ``tr`` as a whole sentence. ``say(key, seat, **fields)`` picks the "You …"
sentence for the one person at the screen and the "{name} …" sentence for everybody else.

A defender who takes may have held a card that beats: the table never knows, so the reason
given is the public one, the cards left unbeaten, not a guess at his hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...card_text import card_label
from ...i18n import tr

Say = Callable[..., str]


def cards_text(cards: Sequence[int]) -> str:
    """Cards as symbols, separated by spaces ("10♥ J♥")."""
    return " ".join(card_label(c) for c in cards)


def attack_callout(say: Say, seat: int, card: int, lead: bool) -> str:
    """"Anna leads 7♥" for the first card of a battle, "Anna throws in 7♠" for the others."""
    if lead:
        return say("durak.say.lead", seat, card=card_label(card))
    return say("durak.say.throw_in", seat, card=card_label(card))


def beat_callout(say: Say, seat: int, attack: int | None, card: int) -> str:
    """"Boris beats 7♥ with 9♥"."""
    if attack is None:
        return say("durak.say.beat_any", seat, card=card_label(card))
    return say("durak.say.beat", seat, attack=card_label(attack),
               card=card_label(card))


def take_callout(say: Say, seat: int, unbeaten: Sequence[int]) -> str:
    """"Boris takes: 10♥ left unbeaten" (what everyone saw, not what he holds)."""
    if not unbeaten:
        return say("durak.say.take", seat)
    return say("durak.say.take_unbeaten", seat,
               cards=cards_text(unbeaten))


def beaten_off_reason(say: Say, defender: int | None, count: int) -> str:
    """Why the battle went to the discard pile: the defender beat every card."""
    if defender is None:
        return tr("durak.why.beaten_off_nobody", count=count)
    return say("durak.why.beaten_off", defender, count=count)


def picked_up_reason(say: Say, seat: int, count: int, unbeaten: Sequence[int]) -> str:
    """Why the defender picked the table up: the cards he left unbeaten when he said "take"."""
    if not unbeaten:
        return say("durak.why.picked_up", seat, count=count)
    return say("durak.why.picked_up_unbeaten", seat,
               count=count, cards=cards_text(unbeaten))
