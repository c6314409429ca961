"""Putting finished games into the history from the table, away from the frame loop.

A table calls :func:`remember` when a game (or a game of an Azi session) is decided; one
background thread opens the history, writes the game in one transaction and closes it again,
so a slow disk or a locked database never stalls a frame. Nothing is dropped:

* a write that fails (the file locked by another program, a full disk, a read-only folder)
  stays first in the queue and is tried again, waiting longer each time (up to
  ``MAX_WAIT``); ``problem`` says why until a write works again, and it is logged once;
* :func:`reconcile` (at every start, in the background) imports the records the history does
  not hold yet — games whose row never arrived are taken from their record files — and runs
  the integrity check first when the last run did not end cleanly;
* the queue is flushed when the program ends (``atexit``), waiting a few seconds at most; a
  game still waiting then is in its record file, and the next start's reconcile adds it.

A game written by a newer Kozyr's history (read-only here) is not retried: its record file
stays for that version to import.
"""

from __future__ import annotations

import atexit
import logging
import os
import sqlite3
import threading
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from engine.games import game_names
from engine.record import GameRecord

from .. import paths, status

log = logging.getLogger(__name__)

FIRST_WAIT = 0.25  # seconds before a failed write is tried again; doubled each time
MAX_WAIT = 5.0
EXIT_WAIT = 3.0  # how long the program's end waits for the queue


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
    done: Callable[[], None] | None = None  # called (in the keeper's thread) once it is written
    write_record: bool = False  # the table could not write the record file: write it first


class Reconcile(NamedTuple):
    """Import the records the history lacks (and check the file after an unclean end)."""

    history_path: Path
    records_dir: Path


class HistoryKeeper:
    """A queue of games to add and the one thread that adds them, in order."""

    def __init__(self) -> None:
        self._waiting: deque[Entry | Reconcile] = deque()  # the first is being written
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self.failures = 0  # writes that failed (each is tried again)
        self.problem: str | None = None  # why writing fails now (None: it works)
        self.busy = False  # the problem is only another program's lock
        self._wait = FIRST_WAIT
        self._marked: Path | None = None  # the "running" mark this process made

    def add(self, entry: Entry | Reconcile) -> None:
        """Queue ``entry``; it is written soon, in the background."""
        with self._changed:
            if isinstance(entry, Entry):
                entry = self._supersede(entry)
            self._waiting.append(entry)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="kozyr-history",
                                                daemon=True)
                self._thread.start()
                atexit.register(self.close, EXIT_WAIT)
            self._changed.notify_all()

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait until every queued game is written (tests, leaving the program)."""
        with self._changed:
            self._changed.notify_all()  # a retry waiting out its pause goes now
            return self._changed.wait_for(lambda: not self._waiting, timeout)

    def pending(self) -> int:
        """Games (and imports) not written yet."""
        with self._changed:
            return len(self._waiting)

    def _supersede(self, entry: Entry, latest: bool = True) -> Entry:
        """One row per game in the queue: waiting rows of the same game (an Azi session is
        added again after each game) give way to the one with more deals (on a tie, the one
        added last; ``latest``: ``entry`` is), so a row that failed and came round again never
        overwrites a newer one. Every ``done`` goes along with the row kept."""
        from .summary import record_key

        key = record_key(entry.record)
        waiting = list(self._waiting)
        for old in waiting[1:] if latest else waiting:  # when adding, the first may be in hand
            if not (isinstance(old, Entry) and record_key(old.record) == key):
                continue
            self._waiting.remove(old)
            mine, theirs = len(entry.record.deals), len(old.record.deals)
            keep, drop = (entry, old) if mine > theirs or (mine == theirs and latest) else (
                old, entry)
            dones = tuple(d for d in (drop.done, keep.done) if d)
            entry = keep._replace(done=_all_of(dones) if dones else None)
        return entry

    def reset(self) -> None:
        """Drop every game not written yet and forget the trouble (tests: a clean keeper)."""
        with self._changed:
            self._waiting.clear()
            self.problem, self.busy, self._wait = None, False, FIRST_WAIT
            self._changed.notify_all()

    def close(self, timeout: float = EXIT_WAIT) -> bool:
        """The program ends: flush the queue (a little while at most), then mark a clean end."""
        done = self.wait(timeout)
        if done and self._marked is not None:
            try:
                os.unlink(self._marked)
            except OSError:
                pass
            self._marked = None
        return done

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: bool(self._waiting))
                entry = self._waiting[0]
            try:
                ok = self._write(entry)
            except Exception as error:  # noqa: BLE001 — the history must never take the table down
                log.exception("the history could not be written; the record file keeps the game")
                self._failed(f"{type(error).__name__}: {error}", False)
                ok = None  # not a passing trouble: trying again would hold up the games after it
            if ok:
                self._succeeded()
            with self._changed:
                if self._waiting and self._waiting[0] is entry:
                    if ok is not False:  # written, or given up for good: off the queue
                        self._waiting.popleft()
                    else:  # the others are not held up behind it; it comes round again
                        self._waiting.popleft()
                        self._waiting.append(self._supersede(entry, latest=False)
                                             if isinstance(entry, Entry) else entry)
                self._changed.notify_all()
                if ok is False:  # try again after a pause (a flush cuts it short)
                    self._changed.wait(self._wait)
                    self._wait = min(self._wait * 2, MAX_WAIT)

    def _succeeded(self) -> None:
        self.problem, self.busy, self._wait = None, False, FIRST_WAIT
        status.report("history", None)

    def _failed(self, reason: str, busy: bool) -> bool:
        """Note a failed write (logged once per new reason, shown on screen); False: try again."""
        self.failures += 1
        self.problem, self.busy = reason, busy
        status.report("history", reason)
        return False

    def _write(self, entry: Entry | Reconcile) -> bool | None:
        """Write one entry: True done, False try again, None given up (read-only history)."""
        from .db import History, HistoryBusy, HistoryUnavailable

        check = False
        if isinstance(entry, Reconcile):
            check = self._mark_running(entry.history_path)
        elif (entry.write_record and entry.record_path is not None
              and not self._write_record(entry)):
            return False
        try:
            history = History.open(entry.history_path, check=check)
        except HistoryUnavailable as error:
            return self._failed(str(error), isinstance(error, HistoryBusy))
        try:
            if history.damage is not None:
                log.warning("history: %s", history.damage.reason)
                if history.damage.moved_to is None:  # only in memory: nothing would last
                    return self._failed(history.damage.reason, False)
            if history.read_only:
                log.warning("history: %s; games stay in their record files", history.newer)
                return None
            if isinstance(entry, Reconcile):
                return self._reconcile(history, entry.records_dir)
            if history.fresh:  # a new history first takes in the records saved before it
                self._reconcile(history, entry.records_dir)
            added = history.add(entry.record, entry.record_path, entry.started_at,
                                entry.duration, entry.seat_kinds, entry.hints_used)
            if added is None:
                if not history.retryable:  # this record, not the disk: it stays a file
                    log.error("a game could not be added to the history: %s", history.error)
                    return None
                return self._failed(history.error or "?", history.busy)
            _keep_stats(history, entry.record.seats, entry.record.game)
            log.info("a %s game was added to the history", entry.record.game)
        finally:
            history.close()
        if entry.done is not None:
            entry.done()
        return True

    def _write_record(self, entry: Entry) -> bool:
        """The record file the table could not write (a full disk): True once it is written."""
        from ..records import save_record

        path = entry.record_path
        assert path is not None, "only an entry that names its record file writes it"
        try:
            save_record(entry.record, path)
        except OSError as error:
            self.failures += 1
            status.report("record", error)
            return False
        status.report("record", None)
        log.info("the record %s is written after all", path.name)
        return True

    def _reconcile(self, history: Any, folder: Path) -> bool:
        from .importer import import_records

        report = import_records(history, folder)
        if report.failed:
            return self._failed(report.failed, report.busy)
        for game in game_names():  # the usual faces: their Statistics open at once
            _keep_stats(history, history.player_names()[:3], game)
        if report.added:
            log.info("history: %d game(s) imported from their records", report.added)
        return True

    def _mark_running(self, history_path: Path) -> bool:
        """Mark this run as using the history; True when the last run did not end cleanly."""
        mark = history_path.with_name(history_path.name + ".running")
        unclean = mark.exists() and self._marked is None
        try:
            mark.parent.mkdir(parents=True, exist_ok=True)
            mark.write_text(str(os.getpid()), encoding="ascii")
            self._marked = mark
        except OSError:
            pass
        return unclean and history_path.exists()


def _all_of(calls: tuple[Callable[[], None], ...]) -> Callable[[], None]:
    """One call that makes each of ``calls`` in turn."""
    def call() -> None:
        for each in calls:
            each()
    return call


def _keep_stats(history: Any, names: Sequence[str], game: str) -> None:
    """Bring these players' kept statistics up to date now, so the screen need not."""
    from .stats import player_stats

    for name in names:
        try:
            player_stats(history, name, game)
        except sqlite3.Error as error:  # only a speed-up: the screen counts if it must
            log.info("statistics not kept for now: %s", error)
            return


KEEPER = HistoryKeeper()


def remember(record: GameRecord, record_path: Path | None, started_at: float,
             duration: float | None, seat_kinds: Sequence[Any], hints_used: bool = False,
             done: Callable[[], None] | None = None, write_record: bool = False) -> None:
    """Add a decided game (or an Azi session so far) to the player's history, in the background.

    ``write_record``: the record file could not be written yet; the keeper writes it (again and
    again until it works) before the row. ``done`` is called from the keeper's thread once the
    row is written.
    """
    KEEPER.add(Entry(paths.history_path(), paths.records_dir(), record, record_path, started_at,
                     duration, tuple(seat_kinds), hints_used, done, write_record))


def reconcile() -> None:
    """At start: import, in the background, every record the history does not hold yet."""
    KEEPER.add(Reconcile(paths.history_path(), paths.records_dir()))
