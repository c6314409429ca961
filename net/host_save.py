"""How a LAN host keeps its table on disk for ``--resume`` without making the players wait.

What is shown to players only once it is on disk is written at once, and awaited: a deal's
host seed before its commitment is shown, a seat's token before the welcome (sealing.py,
host.py). Moves are written in the background, at most every ``MOVES_EVERY`` seconds, with the
table as it stands then: a move's answer never waits for the disk, and a crash loses at most
that much play, never a sealed deal. Each write takes the table as text in the host's loop,
encoding only what changed since the last write (net/save_text.py), and a worker thread locks
and writes it, one at a time, in order (net/table_save.py).
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

from .save_text import SaveText

log = logging.getLogger("kozyr.net.host")
MOVES_EVERY = 0.5  # seconds between background writes of the moves


class TableSaver:
    """Writes ``host``'s table to ``host.config.save_path`` (nothing when it is None)."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.due = False  # moves not yet written
        self._written_at = -MOVES_EVERY
        self._lock: asyncio.Lock | None = None
        self._waiting: asyncio.Task | None = None  # the background write, while it waits
        self._save_text = SaveText()  # what it encoded for the last write, kept for the next

    @property
    def path(self) -> Path | None:
        """Where the table is written (None: it is not)."""
        where = self.host.config.save_path
        return Path(where) if where is not None else None

    def _text(self) -> str:
        host = self.host
        window = host.config.window  # the window's seat, address, password
        return self._save_text.text(host.table, [{"kind": s.kind, "name": s.name,
                                                  "token": s.token} for s in host.seats],
                                    {"window": dict(window)} if window is not None else None)

    async def now(self) -> None:
        """Write the table as it stands and wait until it is on disk; a failed write is logged
        and the table plays on."""
        path = self.path
        if path is None:
            return
        from .table_save import write_table_text

        self.due = False
        text = self._text()  # taken before waiting: writes go out in the order they were taken
        self._lock = self._lock or asyncio.Lock()
        async with self._lock:
            self._written_at = time.monotonic()
            try:
                await asyncio.to_thread(write_table_text, path, text)
            except OSError as error:
                log.warning("could not save the table for resuming: %s", error)

    def soon(self) -> None:
        """A move was made: write the table within ``MOVES_EVERY`` seconds (once for all the
        moves made by then)."""
        if self.path is None or self.due:
            return
        self.due = True
        delay = max(0.0, self._written_at + MOVES_EVERY - time.monotonic())
        self._waiting = asyncio.get_running_loop().create_task(self._later(delay))

    async def _later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self._waiting = None
        if self.due:
            await self.now()

    async def flush(self) -> None:
        """Write the moves not yet written at once (the host is stopping)."""
        if self._waiting is not None:
            self._waiting.cancel()  # not to be waited for: written here
            self._waiting = None
        if self.due:
            await self.now()
