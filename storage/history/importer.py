"""Bring the JSON records already in the records folder into the history (on first start).

Importing is idempotent: a game the history holds is skipped, so a second import adds nothing.
A file that is not a readable record is skipped and counted, never fatal.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from engine.record import GameRecord, RecordError

from .db import History


@dataclass
class ImportReport:
    """What an import did."""

    added: int = 0
    known: int = 0  # already in the history
    unreadable: list[str] = field(default_factory=list)  # file names that are not records


def import_records(history: History, folder: Path) -> ImportReport:
    """Add every record in ``folder`` the history does not hold yet."""
    report = ImportReport()
    if not folder.is_dir():
        return report
    for path in sorted(folder.glob("*.json")):
        try:
            record = GameRecord.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, RecordError):
            report.unreadable.append(path.name)
            continue
        if history.contains(record):
            report.known += 1
        elif history.add(record, path, started_at(record, path), None,
                         record.meta.get("seat_kinds")) is not None:
            report.added += 1
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
