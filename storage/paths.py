"""Where Kozyr keeps the player's files: the data folder (records, history, exports) and the
config folder (settings, the key of the game in progress).

``$KOZYR_DATA_DIR`` and ``$KOZYR_CONFIG_DIR`` override them (tests point them at temporary
folders); otherwise platformdirs picks each system's usual place (``~/.local/share/kozyr`` and
``~/.config/kozyr`` on Linux, honouring ``$XDG_DATA_HOME`` / ``$XDG_CONFIG_HOME``; the user's
application-data folder on Windows and macOS).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "kozyr"
DATA_ENV = "KOZYR_DATA_DIR"
CONFIG_ENV = "KOZYR_CONFIG_DIR"


def data_dir() -> Path:
    """The folder for the player's data (records, the history database, exports)."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """The folder for the player's settings."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def records_dir() -> Path:
    """Where game records (JSON) are saved."""
    return data_dir() / "records"


def exports_dir() -> Path:
    """Where exports of the history (JSON, CSV) are written."""
    return data_dir() / "exports"


def history_path() -> Path:
    """The history database."""
    return data_dir() / "history.db"


def resume_path() -> Path:
    """The game in progress, saved after every move (encrypted; see storage/resume.py)."""
    return data_dir() / "table-in-progress.kozyr"


def resume_key_path() -> Path:
    """The key that locks the game in progress (kept apart from the save, in the config folder)."""
    return config_dir() / "resume.key"


def shown(path: Path | str) -> str:
    """``path`` as a person reads it: the home folder as ``~``."""
    home, text = str(Path.home()), str(path)
    return "~" + text[len(home):] if home not in ("", "/") and text.startswith(home) else text
