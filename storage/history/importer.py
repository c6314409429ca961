"""Bring the JSON records in the records folder into the history (at every start, reconcile).

Importing is idempotent: a game the history holds is skipped, so a second import adds nothing,
and a record file the history already points at is not even read, so the check at every start
stays quick with thousands of games. A file that is not a readable record is skipped and
counted, never fatal; a write the database refuses for a passing reason (locked, full) stops
the import and says why, to be tried again.
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from engine.record import GameRecord, RecordError

from ..records import load_record
from .db import History, is_busy


@dataclass
class ImportReport:
    """What an import did."""

    added: int = 0
    known: int = 0  # already in the history
    unreadable: list[str] = field(default_factory=list)  # file names that are not records
    failed: str | None = None  # why it stopped early (a locked or full database): try again
    busy: bool = False  # it stopped only because another program held the lock


def import_records(history: History, folder: Path) -> ImportReport:
    """Add every record in ``folder`` the history does not hold yet."""
    report = ImportReport()
    if not folder.is_dir():
        return report
    try:
        listed = {row[0] for row in history.conn.execute(
            "SELECT record_path FROM games WHERE record_path IS NOT NULL")}
    except sqlite3.Error as error:
        report.failed, report.busy = str(error), is_busy(error)
        return report
    for path in sorted(folder.glob("*.json")):
        if str(path) in listed:
            report.known += 1
            continue
        try:
            record = load_record(path)  # a named pipe or a huge file is refused unread
        except (OSError, UnicodeDecodeError, RecordError):
            report.unreadable.append(path.name)
            continue
        try:
            known = history.contains(record)
        except sqlite3.Error as error:
            report.failed, report.busy = str(error), is_busy(error)
            return report
        if known:
            report.known += 1
        elif history.add(record, path, started_at(record, path), None,
                         record.meta.get("seat_kinds")) is not None:
            report.added += 1
        elif history.retryable:
            report.failed, report.busy = history.error, history.busy
            return report
        else:
            report.unreadable.append(path.name)  # the record holds values the database refused
    return report


def started_at(record: GameRecord, path: Path) -> float:
    """When the game began: the file name's stamp (``durak-20250301-2015-…``), else the saver's
    time, else the file's."""
    parts = path.stem.split("-")
    for text, form in ((" ".join(parts[1:3]), "%Y%m%d %H%M"),
                       (str(record.meta.get("saved_at", "")), "%Y-%m-%d %H:%M:%S")):
        try:
            return time.mktime(time.strptime(text, form))
        except ValueError:
            continue
    try:
        return os.path.getmtime(path)
    except OSError:
        return time.time()
