"""Azi in the table's words: what each seat's plate says, the move log lines, the game summary.

Pure functions of an observation or an event (no drawing), every text through ``tr``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from babel.numbers import format_decimal

from engine.azi.constants import (
    ALL_IN_EVENT,
    ANTE,
    AZI,
    AZI_DECLINED,
    AZI_JOINED,
    BANK_PAID,
    BET,
    CALLED,
    DISCARDED,
    FOLDED,
    LOOKED,
    PLAYED,
    PLAYER_OUT,
    RAISED,
    REFUND,
    SAT_OUT,
    SESSION_OVER,
    SIX_ON_STAGE,
    TRUMP,
)
from engine.cards import NUM_RANKS, SUIT_NAMES
from engine.core import Event

from ...card_text import card_label
from ...i18n import language, number, tr
from ..shared import addressed


def seat_detail(observation: dict[str, Any], seat: int) -> str:
    """The plate's second line: out, sitting out or folded; else stake, all-in, blind or open.

    The trick count is drawn on the plate as marks (see the table), so the line stays short
    enough for the smallest plates.
    """
    o = observation
    if o["out"][seat]:
        return tr("azi.seat.out")
    if o["sitting_out"][seat]:
        return tr("azi.seat.sitting_out")
    if o["folded"][seat]:
        return tr("azi.seat.folded")
    parts = []
    # The bid is a level, as the announcements say it ("the highest bid, 20"); the chips a
    # seat has put in (ante included, a blind bet at half price) stand under his stake stack.
    all_in = o["all_in"][seat] and o["in_game"][seat]
    if o["bids"][seat]:
        parts.append(tr("azi.seat.bid", level=o["bids"][seat]))
    elif o["stakes"][seat] and not all_in:  # all in: his whole stack stands in his stake
        parts.append(tr("azi.seat.stake", chips=o["stakes"][seat]))
    if all_in:
        parts.append(tr("azi.seat.all_in"))
    elif o["options"].get("blind_bets") and o["in_game"][seat] and o["phase"] != "tricks":
        parts.append(tr("azi.seat.blind") if not o["looked"][seat] else tr("azi.seat.open"))
    return " \u00b7 ".join(parts)  # one space each side: the plates are small


def event_line(event: Event, names: Sequence[str], you: int | None = None) -> str | None:
    """One line for the move log, or None for events not worth a line (deal, shuffle …).

    ``you`` is the seat of the one person playing: lines about him are whole sentences of their
    own ("You pay the ante"), never his name glued to a verb ("You pays"). The lead and a won
    trick are logged by the table with their reason (``lead_reason``, ``trick_reason``), so
    they have no line here.
    """
    kind, seat = event.kind, event.seat
    name = names[seat] if 0 <= seat < len(names) else ""

    def say(key: str, **fields: object) -> str:
        return addressed(key, seat == you and seat >= 0, name, **fields)

    if kind == ANTE:
        return say("azi.log.ante", chips=event.amount)
    if kind == BET:
        return say("azi.log.bet", level=event.amount, chips=event.target)
    if kind == RAISED:
        return say("azi.log.raise", level=event.amount, chips=event.target)
    if kind == CALLED:
        return say("azi.log.call", level=event.amount, chips=event.target)
    if kind == FOLDED:
        return say("azi.log.fold")
    if kind == ALL_IN_EVENT:
        return say("azi.log.all_in", chips=event.target)
    if kind == LOOKED:
        return say("azi.log.looked_auto" if event.amount else "azi.log.looked")
    if kind == DISCARDED:
        return say("azi.log.discard")
    if kind == TRUMP:
        return tr("azi.log.trump", card=card_label(event.cards[0]))
    if kind == SIX_ON_STAGE:
        return tr("azi.log.six_on_stage", card=card_label(event.cards[0]))
    if kind == PLAYED:
        return say("azi.log.play", card=card_label(event.cards[0]))
    if kind == BANK_PAID:
        return say("azi.log.bank", chips=event.amount)
    if kind == REFUND:
        return say("azi.log.refund", chips=event.amount)
    if kind == AZI:
        return tr("azi.log.azi", chips=event.amount)
    if kind == AZI_JOINED:
        return say("azi.log.joined", chips=event.amount)
    if kind == AZI_DECLINED:
        return say("azi.log.declined")
    if kind == SAT_OUT:
        return say("azi.log.sat_out")
    if kind == PLAYER_OUT:
        return say("azi.log.player_out")
    if kind == SESSION_OVER:
        return say("azi.log.session_over") if seat >= 0 else tr("azi.log.table_left")
    return None


def game_summary(record: dict[str, Any], names: Sequence[str], you: int | None = None) -> str:
    """Who won the bank of a finished game (an entry of ``session.games``), in one sentence;
    the seat ``you`` (the one person at the screen) is spoken to: "You win the bank …"."""
    if record["azi"]:
        return tr("azi.summary.azi", chips=record["bank"])
    winner = record["winner"]
    name, spoken_to = names[winner], winner == you
    if record["at_once"]:
        return addressed("azi.summary.folded", spoken_to, name, chips=record["paid"][winner])
    paid = record["paid"][winner]
    if paid < record["bank"]:
        return addressed("azi.summary.share", spoken_to, name, chips=paid, bank=record["bank"])
    return addressed("azi.summary.tricks", spoken_to, name, chips=paid)


def trick_reason(trick: Sequence[tuple[int, int]], winner: int, trump_suit: int,
                 six_on_stage: bool, name: str, you: bool) -> str:
    """Why ``winner`` took the trick ``[(seat, card), …]``: six on stage, the highest trump, or
    the highest card of the suit led (the rule of docs/rules/azi.md, section 4)."""
    cards = dict(trick)
    card = cards.get(winner, -1)
    led = trick[0][1] // NUM_RANKS if trick else -1
    if six_on_stage and card == trump_suit * NUM_RANKS:  # rank 0 is the six
        return addressed("azi.why.trick_six", you, name, card=card_label(card))
    if card >= 0 and card // NUM_RANKS == trump_suit:
        return addressed("azi.why.trick_trump", you, name, card=card_label(card))
    suit = tr(f"azi.suit.{SUIT_NAMES[led]}") if led >= 0 else ""
    return addressed("azi.why.trick_suit", you, name, card=card_label(card), suit=suit)


def lead_reason(bids: Sequence[int], leader: int, name: str, you: bool) -> str:
    """Why ``leader`` leads the first trick: the highest bid (or the first bidder's turn)."""
    if bids[leader] > 0:
        return addressed("azi.why.lead", you, name, level=bids[leader])
    return addressed("azi.why.lead_first", you, name)


def _number(value: float) -> str:
    """A share as the language writes it: whole, or with up to two decimals ("96,25")."""
    if value == int(value):
        return number(int(value))
    return format_decimal(value, format="#,##0.0#", locale=language())


def payout_reason(record: dict[str, Any], names: Sequence[str]) -> str | None:
    """The arithmetic of an all-in share in one line, or None when the winner took the bank.

    "Anna was all-in for 120 of 300: she takes 900 × 120 ÷ 300 = 360, the rest goes back"
    (the share rule of docs/rules/azi.md, section 3; whole chips by the largest remainder).
    """
    winner = record["winner"]
    if record["azi"] or record["at_once"] or winner < 0:
        return None
    paid, bank, stakes = record["paid"], record["bank"], record["stakes"]
    if paid[winner] >= bank:
        return None
    stake, top = stakes[winner], max(stakes)
    exact = bank * stake / top if top else 0
    key = "azi.why.share" if exact == paid[winner] else "azi.why.share_rounded"
    return tr(key, name=names[winner], stake=stake, top=top, bank=bank, share=_number(exact),
              chips=paid[winner], rest=bank - paid[winner])
