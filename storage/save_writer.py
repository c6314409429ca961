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
from collections.abc import Callable
from pathlib import Path

from . import status
from .safe_files import sync_directory, write_atomically

log = logging.getLogger(__name__)
RETRY_SECONDS = 2.0  # a failed write is tried again after this, unless a newer text came


class SaveWriter:
    """The newest text of one file at a time, written in the background."""

    def __init__(self, temp_prefix: str) -> None:
        self.temp_prefix = temp_prefix
        self.error: str | None = None  # why the last write failed, if it did
        self._pending: tuple[Path, str | Callable[[], str]] | None = None
        self._writing = False
        self._disk = threading.Lock()  # held while the file is written or removed
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._failed: tuple[Path, str | Callable[[], str]] | None = None  # to try again
        self._generation = 0

    @property
    def generation(self) -> int:
        """How many texts have been put so far (to tell whether a newer save came since)."""
        return self._generation

    def put(self, path: Path, text: str | Callable[[], str]) -> None:
        """Write ``text`` to ``path`` soon (replacing any text not yet written).

        ``text`` may be a function making the text: it runs in the writer's thread, and only
        for the newest save, so the frame loop never pays for turning a state into text.
        """
        with self._changed:
            self._pending = (path, text)
            # the newest text is the one to write: a failed older one is never tried again
            # (it would overwrite this one two seconds later, or keep failing where a folder
            # went away and say so on the screen long after)
            self._failed = None
            self._generation += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="kozyr-save", daemon=True)
                self._thread.start()
                atexit.register(self.flush, 2.0)  # a closed window still saves the last move
            self._changed.notify_all()

    def remove(self, path: Path, generation: int | None = None) -> None:
        """Delete ``path`` now, and drop any text waiting to be written there.

        With ``generation``, only if nothing was put since :attr:`generation` was that number
        (a finished game's save goes, a new game's save at the same table stays).
        """
        with self._disk:
            with self._changed:
                if generation is not None and generation != self._generation:
                    return
                if self._pending is not None and self._pending[0] == path:
                    self._pending = None
                    self._changed.notify_all()
                if self._failed is not None and self._failed[0] == path:
                    self._failed = None
            try:
                os.unlink(path)
                sync_directory(os.path.dirname(os.fspath(path)) or ".")  # the removal lasts
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
                if not self._changed.wait_for(lambda: self._pending is not None,
                                              RETRY_SECONDS if self._failed else None):
                    self._pending, self._failed = self._failed, None  # nothing newer: again
            with self._disk:  # taken before the text, so a removal in between drops it
                with self._changed:
                    item, self._pending = self._pending, None
                    self._writing = item is not None
                if item is not None:
                    self._write(*item)
                with self._changed:
                    self._writing = False
                    self._changed.notify_all()

    def _write(self, path: Path, text: str | Callable[[], str]) -> None:
        try:
            write_atomically(path, text() if callable(text) else text, self.temp_prefix)
            self.error = None
            status.report("save", None)
        except (OSError, ValueError, TypeError) as error:
            self.error = getattr(error, "strerror", None) or str(error)
            with self._changed:
                if self._pending is None:
                    self._failed = (path, text)
            status.report("save", error)  # logged once, shown until a save works
