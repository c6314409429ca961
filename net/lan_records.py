"""A LAN game's record on a player's side: checked against what his seat saw, then kept.

At the end of each Durak game (and of an Azi session) the host sends the game's record, every
deal with its joint chain (engine/record.py ``JointDeal``). The player's program does not take
it on trust: the record must verify and replay (``verify_record``, ``replay_record``), and each
of its deals must be one this seat saw sealed — the host commitment it was shown before the
deal, the contributions revealed then, the deck order the host's proof revealed after. A record
that passes is saved to the records folder and added to the history; one that fails is saved
too (it is the evidence) but kept out of the history, and the problems are the seat's verdict.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Any

import orjson

from engine.record import GameRecord, RecordError, replay_record, verify_record

log = logging.getLogger("kozyr.net.records")
KEEP_CHECKED = 8  # records whose own checks are remembered (by their text), newest last
_CHECKED: dict[bytes, tuple[GameRecord | None, tuple[str, ...]]] = {}
_CHECKED_LOCK = threading.Lock()  # several seats' network threads may check at once


def check_lan_record(data: Any, seat: int | None, host_commitments: dict[int, str],
                     contributions: dict[int, dict[str, str]], orders: dict[int, list[int]],
                     unchecked: set[int], names: list[str] | None = None
                     ) -> tuple[GameRecord | None, list[str]]:
    """The record the host sent, and the problems with it (empty: it holds and matches what
    this seat saw, ``names`` included: the seat names the host listed in ``welcome`` /
    ``seats``; deals sealed while the seat was away are checked by the record alone)."""
    record, own = _record_alone(data)
    if record is None:
        return None, list(own)
    problems = list(own)
    if names is not None and list(record.seats) != list(names):
        problems.append(f"the record's seat names {record.seats} are not the ones the host "
                        f"listed at the table {names}")
    by_commitment = {c: n for n, c in host_commitments.items()}
    for index, deal in enumerate(record.deals, 1):
        joint = deal.joint
        if joint is None:
            problems.append(f"deal {index}: the record does not say how the deal was sealed")
            continue
        number = by_commitment.get(joint.host_commitment)
        if number is None or number in unchecked:
            continue  # sealed while we were away: the record's own chain is all there is
        seen = {str(s): part for s, _, part in joint.contributions}
        if seen != contributions.get(number):
            problems.append(f"deal {index}: the record's contributions are not the ones "
                            f"revealed at the table")
        if joint.names is None:
            problems.append(f"deal {index}: the record does not bind the seat names")
        if str(seat) not in seen:
            problems.append(f"deal {index}: the record leaves out our contribution")
        if number in orders and list(deal.deck_order) != list(orders[number]):
            problems.append(f"deal {index}: the record's deck is not the one the host revealed")
    return record, problems


def load_checker() -> None:
    """Load what checking a record needs (the schema validator: jsonschema's import takes a
    tenth of a second or more), so the first record does not hold up a playing program."""
    from engine.record_schema import check_shape

    try:
        check_shape({"format": "kozyr-record", "version": 2, "game": "durak"})
    except RecordError:
        pass  # a record with nothing in it is refused: the validator is loaded now


def _record_alone(data: Any) -> tuple[GameRecord | None, tuple[str, ...]]:
    """The record read, and what its own checks find (verify, replay): the same for every seat,
    so a program holding several seats of a table (``bench.lan``) does it once per record."""
    try:  # the record's text, its keys sorted: the same record gives the same key
        key = orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    except (TypeError, ValueError, RecursionError):
        key = None
    with _CHECKED_LOCK:
        if key is not None and key in _CHECKED:
            return _CHECKED[key]
    try:
        record = GameRecord.from_json(data)
    except RecordError as error:
        return None, (f"the host's record is not readable: {error}",)
    problems = verify_record(record)
    problems += [p for p in replay_record(record).problems if p not in problems]
    checked = record, tuple(problems)
    if key is not None:
        with _CHECKED_LOCK:
            _CHECKED[key] = checked
            while len(_CHECKED) > KEEP_CHECKED:
                del _CHECKED[next(iter(_CHECKED))]  # the oldest first
    return checked


def keep_lan_record(record: GameRecord, problems: list[str], seat_kinds: list[str],
                    started_at: float) -> Path | None:
    """Save the record in the records folder; add it to the history when it checked out."""
    from storage.history.keeper import remember
    from storage.records import record_file_name, records_dir, save_record

    try:
        path = save_record(record, records_dir() / record_file_name(record, started_at))
    except OSError as error:
        log.warning("could not save the table's record: %s", error)
        return None
    if problems:
        log.warning("the host's record failed the checks (%s); saved in %s, not in the history",
                    "; ".join(problems[:3]), path)
        return path
    remember(record, path, started_at, time.time() - started_at, seat_kinds)
    return path
