"""Putting finished games into the history from the table, away from the frame loop.

A table calls :func:`remember` when a game (or a game of an Azi session) is decided; one
background thread opens the history, writes the game in one transaction and closes it again,
so a slow disk, a first-time import of old records or a locked database never stalls a frame.
A database error is logged, never raised: the game's record file is saved either way, and a
history built later imports it.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from pathlib import Path
from typing import Any, NamedTuple, Sequence

from engine.record import GameRecord

from .. import paths

log = logging.getLogger("kozyr.history")


class Entry(NamedTuple):
    """One game to remember, with the folders as they were when it was decided."""

    history_path: Path
    records_dir: Path
    record: GameRecord
    record_path: Path | None
    started_at: float
    duration: float | None
    seat_kinds: tuple[Any, ...]
    hints_used: bool


class HistoryKeeper:
    """A queue of games to add and the one thread that adds them, in order."""

    def __init__(self) -> None:
        self._waiting: deque[Entry] = deque()
        self._busy = 0  # entries queued or being written
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self.failures = 0  # adds that failed (logged)

    def add(self, entry: Entry) -> None:
        """Queue ``entry``; it is written soon, in the background."""
        with self._changed:
            self._waiting.append(entry)
            self._busy += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="kozyr-history",
                                                daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait until every queued game is written (tests, leaving the program)."""
        with self._changed:
            return self._changed.wait_for(lambda: self._busy == 0, timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._waiting))
                entry = self._waiting.popleft()
            try:
                self._write(entry)
            except Exception:  # noqa: BLE001 — the history must never take the table down
                self.failures += 1
                log.exception("the game could not be added to the history")
            finally:
                with self._changed:
                    self._busy -= 1
                    self._changed.notify_all()

    def _write(self, entry: Entry) -> None:
        from .db import History
        from .importer import import_records

        history = History.open(entry.history_path)
        try:
            if history.damage is not None:
                log.warning("history: %s", history.damage.reason)
            if history.fresh:  # a new history first takes in the records saved before it
                import_records(history, entry.records_dir)
            added = history.add(entry.record, entry.record_path, entry.started_at,
                                entry.duration, entry.seat_kinds, entry.hints_used)
            if added is None:
                self.failures += 1
                log.error("the game could not be added to the history: %s", history.error)
        finally:
            history.close()


KEEPER = HistoryKeeper()


def remember(record: GameRecord, record_path: Path | None, started_at: float,
             duration: float | None, seat_kinds: Sequence[Any], hints_used: bool = False) -> None:
    """Add a decided game (or an Azi session so far) to the player's history, in the background."""
    KEEPER.add(Entry(paths.history_path(), paths.records_dir(), record, record_path, started_at,
                     duration, tuple(seat_kinds), hints_used))
