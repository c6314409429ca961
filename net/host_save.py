"""How a LAN host keeps its table on disk for ``--resume`` without making the players wait.

What is shown to players only once it is on disk is written at once, and awaited: a deal's
host seed before its commitment is shown, a seat's token before the welcome (sealing.py,
host.py). Moves are written in the background, at most every ``MOVES_EVERY`` seconds, with the
table as it stands then: a move's answer never waits for the disk, and a crash loses at most
that much play, never a sealed deal. Each write takes the table as text in the host's loop,
encoding only what changed since the last write (net/save_text.py), and a worker thread locks
and writes it, one at a time, in order (net/table_save.py); a background write when only moves
were made since the last whole one appends them to the moves file instead (save_journal.py).
"""

from __future__ import annotations

import asyncio
import errno
import logging
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from texts import tr

from .save_text import SaveText

log = logging.getLogger("kozyr.net.host")
MOVES_EVERY = 0.5  # seconds between background writes of the moves
# Why a write failed, as a player can act on it (any other: the system's own words).
REASONS = {getattr(errno, name): kind for name, kind in (
    ("ENOSPC", "full"), ("EDQUOT", "full"), ("EROFS", "read_only"), ("EACCES", "denied"),
    ("EPERM", "denied"), ("EBUSY", "busy"), ("ETXTBSY", "busy"), ("ENOTDIR", "no_folder"),
    ("EEXIST", "no_folder"), ("ENOENT", "no_folder")) if hasattr(errno, name)}
SHARING_VIOLATION = 32  # Windows: another program holds the file open


def failed_text(error: OSError) -> str:
    """What the host is told when its table cannot be written, in the player's language."""
    kind = REASONS.get(error.errno or 0)
    if getattr(error, "winerror", None) == SHARING_VIOLATION:
        kind = "busy"
    reason = tr(f"net.save.reason.{kind}") if kind else (error.strerror or str(error))
    return tr("net.save.failed", reason=reason)


class TableSaver:
    """Writes ``host``'s table to ``host.config.save_path`` (nothing when it is None)."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.due = False  # moves not yet written
        self._written_at = -MOVES_EVERY
        self._lock: asyncio.Lock | None = None
        self._waiting: asyncio.Task | None = None  # the background write, while it waits
        self._save_text = SaveText()  # what it encoded for the last write, kept for the next
        self._base: str | None = None  # the last whole save's name for its moves lines
        self._base_marks: tuple = ()  # what it held that moves do not change
        self._base_turn = 0  # the table's turn when it was taken
        self.problem: OSError | None = None  # why the last write failed (None: it did not)
        # Told when writing starts failing (with the error) and when it works again (None):
        # the console of game.py host says so; the window reads ``problem`` every frame.
        self.on_problem: Callable[[OSError | None], None] | None = None

    @property
    def path(self) -> Path | None:
        """Where the table is written (None: it is not)."""
        where = self.host.config.save_path
        return Path(where) if where is not None else None

    def _seats(self) -> list[dict[str, Any]]:
        return [{"kind": s.kind, "name": s.name, "token": s.token} for s in self.host.seats]

    def _marks(self) -> tuple:
        """What only a whole save carries: when it changed since the last, a save is whole."""
        table, rounds = self.host.table, self.host.table.rounds
        last = rounds[max(rounds)] if rounds else None
        return (table.started, table.deal_number, table._game_start, table._proved,
                table._recorded, len(table._finished), len(rounds),
                None if last is None else (last.number, last.chain, last.members,
                                           len(last.commitments), len(last.contributions)),
                repr(self._seats()), repr(self.host.config.window))

    def _job(self, path: Path, whole: bool) -> Callable[[], None]:
        """The write to hand to the worker thread, its data taken now: the moves since the
        last whole save when only moves changed since (net/save_journal.py), else the table."""
        from . import save_journal, table_save

        table = self.host.table
        marks = self._marks()
        if not whole and self._base is not None and marks == self._base_marks:
            line = save_journal.moves_line(self._base, self._base_turn,
                                           table.actions[self._base_turn:])
            return lambda: save_journal.append_moves(path, line)
        base = secrets.token_hex(8)
        self._base, self._base_marks, self._base_turn = base, marks, table.turn
        window = self.host.config.window  # the window's seat, address, password
        extra = {"window": dict(window)} if window is not None else {}
        text = self._save_text.text(table, self._seats(), {**extra, save_journal.BASE: base})

        def write_whole() -> None:
            table_save.write_table_text(path, text)
            save_journal.empty_moves(path)
        return write_whole

    async def now(self, whole: bool = True) -> None:
        """Write the table as it stands and wait until it is on disk (a background write,
        not ``whole``, may append the moves alone); a failed write is said to the host
        (``problem``, ``on_problem``) and the table plays on."""
        path = self.path
        if path is None:
            return
        self.due = False
        job = self._job(path, whole)  # taken before waiting: written in the order taken
        self._lock = self._lock or asyncio.Lock()
        async with self._lock:
            self._written_at = time.monotonic()
            try:
                await asyncio.to_thread(job)
            except OSError as error:
                self._base = None  # the next write is whole: this one may be missing
                self._failed(error)
            else:
                self._worked()

    def _failed(self, error: OSError) -> None:
        """The table plays on; the host is told once, until a write works again (each move
        tries again)."""
        first = self.problem is None
        self.problem = error
        if first:
            log.warning("could not save the table for resuming: %s", error)
            if self.on_problem is not None:
                self.on_problem(error)

    def _worked(self) -> None:
        if self.problem is not None:
            self.problem = None
            log.warning("the table is saved again")
            if self.on_problem is not None:
                self.on_problem(None)

    def soon(self) -> None:
        """A move was made: write the table within ``MOVES_EVERY`` seconds (once for all the
        moves made by then)."""
        if self.host.config.save_path is None or self.due:
            return
        self.due = True
        delay = max(0.0, self._written_at + MOVES_EVERY - time.monotonic())
        self._waiting = asyncio.get_running_loop().create_task(self._later(delay))

    async def _later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self._waiting = None
        if self.due:
            await self.now(whole=False)

    async def flush(self) -> None:
        """Write the moves not yet written at once and wait for every write begun before (the
        host is stopping)."""
        if self._waiting is not None:
            self._waiting.cancel()  # still asleep (a write clears it first): written here
            self._waiting = None
        if self.due:
            await self.now(whole=False)
        elif self._lock is not None:
            # A background write may be on its thread still: a played-out table is forgotten
            # right after, and a write landing later would bring the finished table back.
            async with self._lock:
                pass
