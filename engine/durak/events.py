"""Durak event kinds, and the frequent events prebuilt once (events are immutable, so shareable).

Field use per kind (``Event(kind, seat, cards, amount, target, private)``):

========== ===================================================================================
kind       fields
========== ===================================================================================
shuffled   seat = dealer, amount = deck size (the commitment is ``game.deal_commitment``)
dealt      seat = receiver, cards = (card,), private
trump      cards = (indicator,); seat = dealer when the dealer keeps it (6 players), else -1
first_attack seat = first attacker, cards = (lowest trump,) or () when nobody holds a trump
attacked   seat = attacker, cards = (card,), target = defender (the lead and every throw-in)
beat       seat = defender, cards = (card,), target = index of the attack it covers
take       seat = defender (declared; the cards move at the end of the battle)
passed     seat = attacker who threw in nothing (chosen or automatic: the same event)
discarded  cards = the table, attack then its defence, in the order played
picked_up  seat = defender, cards = the table as for discarded
drew       seat, cards = the cards drawn from the talon, private
trump_taken seat = who drew the indicator, cards = (indicator,)
out        seat = the player leaving with no cards, amount = place (1 = first out)
game_over  seat = the Durak, or -1 for a draw; amount = REPETITION when the same position stood
           at a battle's start for the third time (drawing and leaving 6), else 0
========== ===================================================================================
"""

from __future__ import annotations

from typing import Final

from ..cards import HIDDEN
from ..core import Event
from .tables import NUM_CARDS

SHUFFLED: Final = "shuffled"
DEALT: Final = "dealt"
TRUMP_SHOWN: Final = "trump"
FIRST_ATTACK: Final = "first_attack"
ATTACKED: Final = "attacked"
BEAT: Final = "beat"
TAKE_DECLARED: Final = "take"
PASSED: Final = "passed"
DISCARDED: Final = "discarded"
PICKED_UP: Final = "picked_up"
DREW: Final = "drew"
TRUMP_TAKEN: Final = "trump_taken"
OUT: Final = "out"
GAME_OVER: Final = "game_over"

REPETITION: Final = 1  # game_over's amount: drawn because a position stood for the third time

MAX_SEATS: Final = 6
MAX_ATTACKS: Final = 6

_new: Final = tuple.__new__  # skips NamedTuple's keyword handling: events are made on the hot path
_EVENT: Final = Event  # Final: a C static in the compiled build, not a name looked up per call


def event(kind: str, seat: int = -1, cards: tuple[int, ...] = (), amount: int = 0,
          target: int = -1, private: bool = False) -> Event:
    """An Event, built without NamedTuple's argument parsing."""
    return _new(_EVENT, (kind, seat, cards, amount, target, private))


# Prebuilt: EV_ATTACKED[seat][card][defender], EV_BEAT[seat][card][slot], EV_DEALT[seat][card].
EV_ATTACKED: Final = tuple(tuple(tuple(event(ATTACKED, s, (c,), 0, d) for d in range(MAX_SEATS))
                          for c in range(NUM_CARDS)) for s in range(MAX_SEATS))
EV_BEAT: Final = tuple(tuple(tuple(event(BEAT, s, (c,), 0, i) for i in range(MAX_ATTACKS))
                      for c in range(NUM_CARDS)) for s in range(MAX_SEATS))
EV_DEALT: Final = tuple(tuple(event(DEALT, s, (c,), 0, -1, True) for c in range(NUM_CARDS))
                 for s in range(MAX_SEATS))
EV_DEALT_HIDDEN: Final = tuple(event(DEALT, s, (HIDDEN,), 0, -1, True) for s in range(MAX_SEATS))
EV_PASSED: Final = tuple(event(PASSED, s) for s in range(MAX_SEATS))
EV_TAKE: Final = tuple(event(TAKE_DECLARED, s) for s in range(MAX_SEATS))


def seen_by(e: Event, viewer: int | None) -> Event:
    """``e`` as ``viewer`` may see it (core.event_seen_by, with the deal's events prebuilt)."""
    if not e[5] or e[1] == viewer:
        return e
    if e[0] == DEALT:
        return EV_DEALT_HIDDEN[e[1]]
    return e._replace(cards=(HIDDEN,) * len(e[2]))
