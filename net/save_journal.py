"""The moves a LAN host made since its last whole save, appended to a small file beside it.

A whole save (net/table_save.py) rewrites the table: a temporary file, its fsync, a rename and
the folder's fsync. Most background saves only add moves to the game being played, so they
append one line instead (``<save>.moves``, one write and one fdatasync): the moves since the
last whole save, as the table's actions from that save's turn on, locked like the save. Each
whole save names itself with a random ``moves_base``; a line counts only for the save of its
base and its turn, so lines left from before (the file is emptied after each whole save), or a
line cut short by a crash, are never replayed; the last whole line is the table's latest
state. Loading replays its actions through the rules (each by the seat to move, as the host
applied them), so the table comes back exactly as it stood.

The host writes a line only while nothing but moves changed since the whole save: no deal, no
game's end, no proof or record handed out, no seat (net/host_save.py decides), so replaying
moves is the whole difference.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from storage.resume import seal, unseal
from storage.safe_files import sync_directory

from .table import GameTable

BASE = "moves_base"  # the whole save's field naming it for its lines


def journal_path(path: str | Path) -> Path:
    """The moves file beside the save at ``path``."""
    path = Path(path)
    return path.with_name(path.name + ".moves")


def moves_line(base: str, turn: int, actions: list[int]) -> str:
    """The line for the moves since the whole save ``base`` (taken at ``turn``)."""
    return json.dumps({"base": base, "turn": turn, "actions": actions})


def append_moves(path: str | Path, line: str) -> None:
    """Add a moves line (locked) to the save's moves file and wait until it is on disk;
    raises OSError."""
    where = journal_path(path)
    new = not where.exists()
    fd = os.open(where, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        os.write(fd, seal(line).encode("ascii") + b"\n")
        getattr(os, "fdatasync", os.fsync)(fd)  # the data and its size
    finally:
        os.close(fd)
    if new:  # the file's name too, once
        sync_directory(str(where.parent))


def empty_moves(path: str | Path) -> None:
    """A whole save is on disk: the lines before it will never count again."""
    try:
        with open(journal_path(path), "r+b") as f:
            f.truncate(0)
    except FileNotFoundError:
        pass


def forget_moves(path: str | Path) -> None:
    """Remove the moves file (the table was played out)."""
    try:
        os.unlink(journal_path(path))
    except OSError:
        pass


def latest_moves(path: str | Path, data: dict[str, Any]) -> list[int]:
    """The actions made after the whole save ``data`` (read from ``path``): those of its last
    whole, unlocked line of the same base and turn (none when there is no such line)."""
    base = data.get(BASE)
    if base is None:
        return []
    try:
        lines = journal_path(path).read_bytes().splitlines()
    except OSError:
        return []
    for raw in reversed(lines):
        try:
            entry = json.loads(unseal(raw))
        except (ValueError, UnicodeDecodeError):
            continue  # cut short by a crash, or not ours: the one before it stands
        if (isinstance(entry, dict) and entry.get("base") == base
                and entry.get("turn") == data["turn"] and isinstance(entry.get("actions"), list)):
            return [int(a) for a in entry["actions"]]
    return []


def replay_moves(table: GameTable, actions: list[int]) -> None:
    """Apply ``actions`` as the host did, each by the seat to move (IllegalAction, ValueError
    for a line that does not follow from the save)."""
    for action in actions:
        seat = table.to_move
        if seat is None:
            raise ValueError("the saved moves go past the game's end")
        table.apply(action, seat)
