"""Showing a folder in the system's file manager (the records folder, from the game-over panel)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def open_folder(folder: Path | None) -> str | None:
    """Open ``folder`` in the file manager without waiting for it; None, or why it failed."""
    if folder is None or not Path(folder).is_dir():
        return str(folder) if folder is not None else "?"
    try:
        if sys.platform.startswith("win"):
            os.startfile(str(folder))  # type: ignore[attr-defined]  # Windows only
        else:
            opener = "open" if sys.platform == "darwin" else "xdg-open"
            subprocess.Popen([opener, str(folder)], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError as error:
        return error.strerror or str(error)
    return None
