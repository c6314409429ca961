"""Writing a file that changes every move, without the frame loop waiting for the disk.

:class:`SaveWriter` keeps only the newest text for its file and writes it atomically (with
fsync, ``storage/safe_files.py``) in one background thread; a text superseded before it was
written is skipped. Removing the file waits for a write in flight, so a removed save never
comes back. ``flush`` waits for the last write (tests, and when the program ends).
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
from pathlib import Path

from .safe_files import write_atomically

log = logging.getLogger("kozyr.save")


class SaveWriter:
    """The newest text of one file at a time, written in the background."""

    def __init__(self, temp_prefix: str) -> None:
        self.temp_prefix = temp_prefix
        self.error: str | None = None  # why the last write failed, if it did
        self._pending: tuple[Path, str] | None = None
        self._writing = False
        self._disk = threading.Lock()  # held while the file is written or removed
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def put(self, path: Path, text: str) -> None:
        """Write ``text`` to ``path`` soon (replacing any text not yet written)."""
        with self._changed:
            self._pending = (path, text)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="kozyr-save", daemon=True)
                self._thread.start()
                atexit.register(self.flush, 2.0)  # a closed window still saves the last move
            self._changed.notify_all()

    def remove(self, path: Path) -> None:
        """Delete ``path`` now, and drop any text waiting to be written there."""
        with self._disk:
            with self._changed:
                if self._pending is not None and self._pending[0] == path:
                    self._pending = None
                    self._changed.notify_all()
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
            except OSError as error:
                log.warning("the saved game could not be removed: %s", error)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until everything put has been written; False when that took too long."""
        with self._changed:
            return self._changed.wait_for(
                lambda: self._pending is None and not self._writing, timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._pending is not None)
            with self._disk:  # taken before the text, so a removal in between drops it
                with self._changed:
                    item, self._pending = self._pending, None
                    self._writing = item is not None
                if item is not None:
                    self._write(*item)
                with self._changed:
                    self._writing = False
                    self._changed.notify_all()

    def _write(self, path: Path, text: str) -> None:
        try:
            write_atomically(path, text, self.temp_prefix)
            self.error = None
        except OSError as error:
            self.error = error.strerror or str(error)
            log.warning("the game in progress could not be saved: %s", self.error)
