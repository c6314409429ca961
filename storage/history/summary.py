"""What the history keeps of a game record: who sat where, and how each seat came out.

Durak: the Durak (the last player holding cards) lost, everyone who got out before won, and a
drawn game (no Durak) is a draw for the players still in it; places are the finishing order,
the Durak last. Azi: a session is judged by chips — a seat that ends with more chips than it
started with won, fewer lost, as many drew; places rank the final stacks.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Sequence

from engine.record import GameRecord

HUMAN, AI, UNKNOWN = "human", "ai", "unknown"
WIN, LOSS, DRAW = "win", "loss", "draw"


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
    if record.game == "durak":
        places, outcomes, chips = _durak(record.result, n), _durak_outcomes(record.result, n), None
    else:
        places, outcomes, chips = _azi(record, n)
    rows = []
    for seat, name in enumerate(record.seats):
        kind, level = seat_kind(kinds[seat]) if seat < len(kinds) else (UNKNOWN, None)
        rows.append(SeatSummary(seat, str(name), kind, level, places[seat], outcomes[seat],
                                None if chips is None else chips[seat]))
    return rows


def viewer_seat(seats: Sequence[SeatSummary]) -> int | None:
    """Whose result the history shows: the first human seat (None when nobody human played)."""
    return next((s.seat for s in seats if s.kind == HUMAN), None)


def _durak(result: dict[str, Any], n: int) -> list[int | None]:
    places = list(result.get("places") or [None] * n)
    if result.get("draw"):
        # the players still in when it was drawn share the place after the last one out
        shared = len(result.get("finishing_order") or []) + 1
        places = [shared if p is None else p for p in places]
    return places


def _durak_outcomes(result: dict[str, Any], n: int) -> list[str]:
    durak = result.get("durak")
    finished = set(result.get("finishing_order") or [])
    if durak is not None:
        return [LOSS if seat == durak else WIN for seat in range(n)]
    return [WIN if seat in finished else DRAW for seat in range(n)]


def _azi(record: GameRecord, n: int) -> tuple[list[int | None], list[str], list[int]]:
    start = int(record.options.get("starting_stack") or 0)
    stacks = [int(x) for x in (record.result.get("stacks") or [start] * n)]
    chips = [stack - start for stack in stacks]
    places: list[int | None] = [1 + sum(other > stack for other in stacks) for stack in stacks]
    outcomes = [WIN if c > 0 else LOSS if c < 0 else DRAW for c in chips]
    return places, outcomes, chips
