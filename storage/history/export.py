"""Exports of the history: one game or all of them, as JSON and as CSV, into ``exports/``.

The JSON export of a game carries its record (when the file is still there), so it can be
verified anywhere; the CSV has a line per seat, for spreadsheets.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..safe_files import write_atomically
from .db import GameRow, History

TEMP_PREFIX = ".export-"

CSV_COLUMNS = ("game_id", "game", "started", "duration_s", "deals", "verified", "seat", "name",
               "kind", "level", "place", "outcome", "chips", "record")


def game_json(row: GameRow, with_record: bool = True) -> dict[str, Any]:
    """A game as plain JSON data (with its record's content when asked and readable)."""
    data: dict[str, Any] = {
        "id": row.id, "game": row.game,
        "started": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(row.started_at)),
        "duration_s": row.duration, "deals": row.deals, "verified": row.verified,
        "record_path": row.record_path,
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "level": s.level,
                   "place": s.place, "outcome": s.outcome, "chips": s.chips} for s in row.seats],
    }
    if with_record and row.record_path:
        try:
            data["record"] = json.loads(Path(row.record_path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data["record"] = None  # moved or damaged since: the summary still stands
    return data


def csv_lines(rows: Iterable[GameRow]) -> Iterable[list[Any]]:
    """A line per seat of every game."""
    for row in rows:
        started = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(row.started_at))
        for s in row.seats:
            yield [row.id, row.game, started, row.duration, row.deals, int(row.verified), s.seat,
                   s.name, s.kind, s.level or "", s.place, s.outcome,
                   "" if s.chips is None else s.chips, row.record_path or ""]


def export_game(row: GameRow, folder: Path) -> list[Path]:
    """Write one game as ``game-<id>.json`` and ``game-<id>.csv``; the paths written."""
    stem = folder / f"{row.game}-game-{row.id}"
    return _write(stem, {"format": "kozyr-history", "games": [game_json(row)]}, [row])


def export_all(history: History, folder: Path) -> list[Path]:
    """Write the whole history as ``history-<time>.json`` and ``.csv``; the paths written."""
    rows = list(history.all_games())
    stem = folder / f"history-{time.strftime('%Y%m%d-%H%M%S')}"
    data = {"format": "kozyr-history", "games": [game_json(r, with_record=False) for r in rows]}
    return _write(stem, data, rows)


def _write(stem: Path, data: dict[str, Any], rows: list[GameRow]) -> list[Path]:
    stem.parent.mkdir(parents=True, exist_ok=True)
    json_path, csv_path = stem.with_suffix(".json"), stem.with_suffix(".csv")
    # Atomic, like every file Kozyr writes: an export cut short by a full disk or a crash
    # leaves the older file (or none), never half of one.
    write_atomically(json_path, json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                     TEMP_PREFIX, ".tmp")
    table = io.StringIO(newline="")
    writer = csv.writer(table)
    writer.writerow(CSV_COLUMNS)
    writer.writerows(csv_lines(rows))
    write_atomically(csv_path, table.getvalue(), TEMP_PREFIX, ".tmp")
    return [json_path, csv_path]
