"""The player's settings and where they are saved (a small JSON file in the config directory).

The directory is, in order: ``$KOZYR_CONFIG_DIR`` (tests point it at a temporary directory),
``$XDG_CONFIG_HOME/kozyr``, ``%APPDATA%/kozyr`` on Windows, else ``~/.config/kozyr``.
A missing or damaged file gives the defaults; saving never raises (a read-only home only
means the settings are not remembered).
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from sprites.card_art import BACKS, DEFAULT_BACK
from sprites.suits import CARD_STYLES, TWO_COLOUR

CONFIG_ENV = "KOZYR_CONFIG_DIR"
FILE_NAME = "settings.json"

# (tr key, factor) — the animation speeds offered in the settings screen
ANIMATION_SPEEDS: tuple[tuple[str, float], ...] = (
    ("speed.relaxed", 0.7), ("speed.normal", 1.0), ("speed.fast", 1.5), ("speed.very_fast", 2.5))


@dataclass
class Settings:
    """Everything the player can set; plain data."""

    animation_speed: float = 1.0
    volume: float = 0.8
    muted: bool = False
    card_style: str = TWO_COLOUR
    card_back: str = DEFAULT_BACK
    fullscreen: bool = False
    language: str = "en"
    # the last seats and options chosen per game, so "Play" remembers the table (new-game screen)
    tables: dict[str, Any] = field(default_factory=dict)

    def cleaned(self) -> "Settings":
        """A copy with every value brought into its allowed range."""
        return Settings(
            animation_speed=min(4.0, max(0.25, float(self.animation_speed))),
            volume=min(1.0, max(0.0, float(self.volume))),
            muted=bool(self.muted),
            card_style=self.card_style if self.card_style in CARD_STYLES else TWO_COLOUR,
            card_back=self.card_back if self.card_back in BACKS else DEFAULT_BACK,
            fullscreen=bool(self.fullscreen),
            language=str(self.language or "en"),
            tables=dict(self.tables) if isinstance(self.tables, dict) else {},
        )


def config_dir(env: dict[str, str] | None = None) -> str:
    """The directory Kozyr keeps its settings in (see the module docstring for the order)."""
    env = os.environ if env is None else env
    if env.get(CONFIG_ENV):
        return env[CONFIG_ENV]
    if env.get("XDG_CONFIG_HOME"):
        return os.path.join(env["XDG_CONFIG_HOME"], "kozyr")
    if os.name == "nt" and env.get("APPDATA"):
        return os.path.join(env["APPDATA"], "kozyr")
    return os.path.join(os.path.expanduser("~"), ".config", "kozyr")


def settings_path(directory: str | None = None) -> str:
    """Path of the settings file in ``directory`` (default: :func:`config_dir`)."""
    return os.path.join(directory or config_dir(), FILE_NAME)


def load_settings(path: str) -> Settings:
    """Settings from ``path``; defaults for anything missing, unknown or damaged."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    try:
        return Settings(**{k: v for k, v in data.items() if k in known}).cleaned()
    except (TypeError, ValueError):
        return Settings()


def save_settings(settings: Settings, path: str) -> str | None:
    """Write ``settings`` to ``path`` atomically; returns None, or the reason it failed."""
    try:
        directory = os.path.dirname(path)
        os.makedirs(directory, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".json", dir=directory)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(asdict(settings), f, indent=2, sort_keys=True)
        os.replace(tmp, path)  # a crash mid-write never leaves a half-written file
        return None
    except OSError as error:
        return error.strerror or str(error)
