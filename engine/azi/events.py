"""Azi's most frequent events, made once: an Event is immutable, so one instance serves all games.

Building a NamedTuple costs far more than looking one up, and a random playout deals and plays
some twenty cards per game. ``DEALT[seat][card]`` and ``PLAYED[seat][card]``; a card of -1
(HIDDEN, a blind player's card) picks the last entry, the hidden one.
"""

from __future__ import annotations

from ..cards import AZI_DECK, HIDDEN
from ..core import Event
from .constants import DEALT as _DEALT_KIND
from .constants import PLAYED as _PLAYED_KIND

_MAX_SEATS = 6

DEALT: list[list[Event]] = [
    [Event(_DEALT_KIND, seat, (card,), 0, -1, True) for card in (*AZI_DECK, HIDDEN)]
    for seat in range(_MAX_SEATS)]
PLAYED: list[list[Event]] = [
    [Event(_PLAYED_KIND, seat, (card,)) for card in AZI_DECK] for seat in range(_MAX_SEATS)]
