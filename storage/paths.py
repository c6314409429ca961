"""Where Kozyr keeps the player's files: the data folder (records, history, exports), the
config folder (settings, the key of the game in progress) and the log folder.

``$KOZYR_DATA_DIR``, ``$KOZYR_CONFIG_DIR`` and ``$KOZYR_LOG_DIR`` override them (tests point them
at temporary folders); otherwise platformdirs picks each system's usual place
(``~/.local/share/kozyr`` and ``~/.config/kozyr`` on Linux, honouring ``$XDG_DATA_HOME`` /
``$XDG_CONFIG_HOME``; the user's application-data folder on Windows and macOS).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "kozyr"
DATA_ENV = "KOZYR_DATA_DIR"
CONFIG_ENV = "KOZYR_CONFIG_DIR"
LOG_ENV = "KOZYR_LOG_DIR"


def _folder(env: str, platform_folder) -> Path:
    """``$env`` if set, else the platform's usual folder for Kozyr."""
    override = os.environ.get(env)
    return Path(override) if override else Path(platform_folder(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The folder for the player's data (records, the history database, exports)."""
    return _folder(DATA_ENV, platformdirs.user_data_dir)


def config_dir() -> Path:
    """The folder for the player's settings."""
    return _folder(CONFIG_ENV, platformdirs.user_config_dir)


def log_dir() -> Path:
    """The folder of the game's log (``~/.local/state/kozyr/log`` on Linux)."""
    return _folder(LOG_ENV, platformdirs.user_log_dir)


def log_path() -> Path:
    """The log file a player can send with a problem report."""
    return log_dir() / "kozyr.log"


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


def lan_window_table_path() -> Path:
    """A LAN table hosted from the window, saved after every move (net/table_save.py)."""
    return data_dir() / "lan-window-table.json"


def resume_key_path() -> Path:
    """The key that locks the game in progress (kept apart from the save, in the config folder)."""
    return config_dir() / "resume.key"


def shown(path: Path | str) -> str:
    """``path`` as a person reads it: the home folder as ``~``."""
    home, text = str(Path.home()), str(path)
    return "~" + text[len(home):] if home not in ("", "/") and text.startswith(home) else text
