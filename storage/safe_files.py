"""Saving files so that a crash, a kill or a full disk never leaves a half-written one.

``write_atomically`` writes a temporary file beside the target (same directory, so the final
rename stays on one file system), flushes it to the disk, renames it over the target and then
syncs the directory, so after a power cut the file is either the old one or the new one.
A temporary file left by a killed save is removed by ``remove_stale_temps`` at start.
"""

from __future__ import annotations

import os
import tempfile
import time

STALE_SECONDS = 60.0  # a save takes milliseconds: an older temp file's writer is gone


def write_atomically(path: str | os.PathLike[str], text: str | bytes, prefix: str,
                     suffix: str = ".json") -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8, or bytes as given) atomically;
    raises OSError.

    ``prefix`` names the temporary file (``.settings-``, ``.record-``) so that
    :func:`remove_stale_temps` finds only ours. A failed write removes its temporary file and
    leaves the old file as it was.
    """
    directory = os.path.dirname(os.fspath(path)) or "."
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8") if isinstance(text, str) else text)
            f.flush()
            os.fsync(f.fileno())  # the data is on the disk before the name points at it
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_directory(directory)


def sync_directory(directory: str) -> None:
    """Make the rename itself durable, where the OS lets a directory be opened (not Windows)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse to sync a directory; the rename is still atomic
    finally:
        os.close(fd)


def remove_stale_temps(directory: str | os.PathLike[str], prefix: str,
                       now: float | None = None) -> int:
    """Delete our temporary files (``prefix``…``.json``) older than a minute; returns how many.

    Younger ones may belong to another copy of the game saving right now, so they stay.
    """
    now = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(".json")):
            continue
        try:
            if entry.is_file() and now - entry.stat().st_mtime > STALE_SECONDS:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass  # gone already, or not ours to delete
    return removed
