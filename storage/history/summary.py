"""What the history keeps of a game record: who sat where, and how each seat came out.

How a seat came out is the game's to say (``seat_results`` in engine/games.py: Durak by the
Durak and the finishing order, Azi by chips).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.games import rules_for
from engine.record import GameRecord
from engine.registry import DRAW, LOSS, WIN

HUMAN, AI, UNKNOWN = "human", "ai", "unknown"
__all__ = ["AI", "DRAW", "HUMAN", "LOSS", "UNKNOWN", "WIN", "SeatSummary", "record_key",
           "seat_kind", "seat_summaries", "viewer_seat"]


@dataclass(frozen=True)
class SeatSummary:
    """One seat of a finished game as the history stores it."""

    seat: int
    name: str
    kind: str
    level: str | None
    place: int | None
    outcome: str
    chips: int | None


def seat_kind(value: Any) -> tuple[str, str | None]:
    """``(kind, level)`` from a table seat (anything with ``kind`` and ``level``) or a word:
    ``"human"``, ``"ai"``, an AI level (``"easy"``, ``"normal"``, ``"hard"``), ``"ai:hard"``."""
    if hasattr(value, "kind"):
        kind = str(value.kind)
        return (AI, str(getattr(value, "level", "") or "") or None) if kind == AI else (kind, None)
    word = str(value or UNKNOWN).lower()
    if word in (HUMAN, UNKNOWN):
        return word, None
    if word.startswith("ai:"):
        return AI, word[3:] or None
    if word == AI:
        return AI, None
    return AI, word  # a bare level names a computer player


def record_key(record: GameRecord) -> str:
    """The game's identity: its first commitment (an Azi session's file grows, this stays)."""
    if record.deals and record.deals[0].commitment:
        return record.deals[0].commitment
    # an unsealed (test-deck) game has no commitment: its content identifies it
    return "unsealed-" + hashlib.sha256(record.dumps().encode()).hexdigest()


def seat_summaries(record: GameRecord,
                   seat_kinds: Sequence[Any] | None = None) -> list[SeatSummary]:
    """A summary per seat of ``record`` (kinds unknown where ``seat_kinds`` says nothing)."""
    kinds = list(seat_kinds or [])
    n = len(record.seats)
    places, outcomes, chips = rules_for(record.game).seat_results(record.options, record.result, n)
    rows = []
    for seat, name in enumerate(record.seats):
        kind, level = seat_kind(kinds[seat]) if seat < len(kinds) else (UNKNOWN, None)
        rows.append(SeatSummary(seat, str(name), kind, level, places[seat], outcomes[seat],
                                None if chips is None else chips[seat]))
    return rows


def viewer_seat(seats: Sequence[SeatSummary]) -> int | None:
    """Whose result the history shows: the first human seat (None when nobody human played)."""
    return next((s.seat for s in seats if s.kind == HUMAN), None)
