"""The player's settings and where they are saved (a small JSON file in the config directory).

The directory is :func:`storage.paths.config_dir` (``$KOZYR_CONFIG_DIR``, else the system's usual
place: ``~/.config/kozyr`` or ``$XDG_CONFIG_HOME/kozyr`` on Linux).
Loading never raises and nothing is lost: every value is checked, a number out of its range is
brought into it, an unknown choice (a card back of a newer version) gives that value's default.
A file that cannot be read as settings (not JSON, nested too deep, huge numbers, values of
the wrong type) is kept aside as ``settings.json.bad`` and the defaults are used. Saving never
raises either (a read-only home only means the settings are not remembered).
"""

from __future__ import annotations

import json
import math
import os
import shutil
import sys
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from sprites.card_art import BACKS, DEFAULT_BACK
from sprites.suits import CARD_STYLES, TWO_COLOUR
from storage import paths
from storage.safe_files import remove_stale_temps, write_atomically

from .table_config import clean_remembered

FILE_NAME = "settings.json"
BAD_SUFFIX = ".bad"
TEMP_PREFIX = ".settings-"
MAX_FILE_BYTES = 1 << 20  # a real settings file is about a kilobyte; more is not ours

# (tr key, factor) — the animation speeds offered in the settings screen
ANIMATION_SPEEDS: tuple[tuple[str, float], ...] = (
    ("speed.relaxed", 0.7), ("speed.normal", 1.0), ("speed.fast", 1.5), ("speed.very_fast", 2.5))
SPEED_RANGE = (0.25, 4.0)
VOLUME_RANGE = (0.0, 1.0)
HINT_MODES = ("first", "on", "off")  # the Hint button: for the first games, always, never
GAMES_PLAYED_RANGE = (0, 1_000_000)


@dataclass
class Settings:
    """Everything the player can set; plain data."""

    animation_speed: float = 1.0
    volume: float = 0.8
    muted: bool = False
    card_style: str = TWO_COLOUR
    card_back: str = DEFAULT_BACK
    fullscreen: bool = False
    language: str = "en"  # a first start follows the system's language (read_settings)
    international_letters: bool = False  # J Q K A on the cards whatever the language
    hints: str = "first"  # see HINT_MODES
    games_played: int = 0  # games finished at this screen (the "first games" of the hints)
    strength_meter: bool = False  # Azi: the hand-strength gauge beside the bidding panel
    # the last seats and options chosen per game, so "Play" remembers the table (new-game screen)
    tables: dict[str, Any] = field(default_factory=dict)


class Loaded(NamedTuple):
    """Settings read from data, and what was wrong with the data (None when nothing was)."""

    settings: Settings
    problem: str | None


def _number(value: Any, default: float, low: float, high: float) -> float | None:
    """``value`` clamped to [low, high]; None when it is no finite number (bool is no number)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    # compared before float(): a 400-digit int is fine to compare, but overflows a float
    return float(low if value < low else high if value > high else value)


def settings_from_data(data: Any) -> Loaded:
    """Settings from parsed JSON data: each value checked and brought into its range."""
    if not isinstance(data, dict):
        return Loaded(Settings(), "the file does not hold a settings object")
    base = Settings()
    wrong: list[str] = []

    def number(name: str, low: float, high: float) -> float:
        value = _number(data.get(name, getattr(base, name)), getattr(base, name), low, high)
        if value is None:
            wrong.append(name)
            return getattr(base, name)
        return value

    def flag(name: str) -> bool:
        value = data.get(name, getattr(base, name))
        if not isinstance(value, bool):
            wrong.append(name)
            return getattr(base, name)
        return value

    def choice(name: str, allowed: Any) -> str:
        value = data.get(name, getattr(base, name))
        if not isinstance(value, str):
            wrong.append(name)
            return getattr(base, name)
        return value if value in allowed else getattr(base, name)

    language = data.get("language", base.language)
    if not isinstance(language, str) or not 1 <= len(language) <= 16:
        wrong.append("language")
        language = base.language
    settings = Settings(
        animation_speed=number("animation_speed", *SPEED_RANGE),
        volume=number("volume", *VOLUME_RANGE),
        muted=flag("muted"),
        card_style=choice("card_style", CARD_STYLES),
        card_back=choice("card_back", BACKS),
        fullscreen=flag("fullscreen"),
        language=language,
        international_letters=flag("international_letters"),
        hints=choice("hints", HINT_MODES),
        games_played=round(number("games_played", *GAMES_PLAYED_RANGE)),
        strength_meter=flag("strength_meter"),
        tables=clean_remembered(data.get("tables", {})),
    )
    problem = f"wrong values for {', '.join(wrong)}" if wrong else None
    return Loaded(settings, problem)


def config_dir() -> str:
    """The directory Kozyr keeps its settings in (one rule for every file: storage/paths.py)."""
    return str(paths.config_dir())


def settings_path(directory: str | None = None) -> str:
    """Path of the settings file in ``directory`` (default: :func:`config_dir`)."""
    return os.path.join(directory or config_dir(), FILE_NAME)


def read_settings(path: str) -> Loaded:
    """Settings from ``path`` and what was wrong with the file; a bad file is kept aside.

    A missing file is no problem (the defaults). A file that is damaged as a whole gives the
    defaults; one with some wrong values keeps the good ones. Either way the file is kept as
    ``settings.json.bad`` for the player to look at, and ``problem`` says why.
    """
    remove_stale_temps(os.path.dirname(path) or ".", TEMP_PREFIX)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:  # the first start: speak the system's language if we can
        from .i18n import system_language

        return Loaded(Settings(language=system_language()), None)
    except OSError as error:
        return Loaded(Settings(), f"the file cannot be read ({error.strerror or error})")
    whole = True  # nothing in the file was used
    try:
        if len(raw) > MAX_FILE_BYTES:
            raise ValueError("the file is far too large")
        data = json.loads(raw.decode("utf-8"))
        loaded = settings_from_data(data)
        whole = not isinstance(data, dict)
    except (ValueError, RecursionError) as error:
        # ValueError: not UTF-8, not JSON, an int of thousands of digits; RecursionError:
        # nesting deeper than the parser goes. Either way nothing in it can be trusted.
        loaded = Loaded(Settings(), f"the file is damaged ({_short(error)})")
    if loaded.problem:
        _keep_aside(path, whole)
    return loaded


def _short(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:80]


def _keep_aside(path: str, whole: bool) -> None:
    """Keep the bad file as ``settings.json.bad``: moved if nothing in it was used, else copied."""
    try:
        if whole:
            os.replace(path, path + BAD_SUFFIX)
        else:
            shutil.copyfile(path, path + BAD_SUFFIX)
    except OSError:
        pass  # a read-only directory: the defaults still apply, the file stays where it is


def load_settings(path: str) -> Settings:
    """Settings from ``path``; defaults for anything missing or damaged (never raises).

    What was wrong is written to stderr (:func:`settings_problem` words it), so a player
    starting from a terminal learns why his settings were reset; the main menu shows it too.
    """
    loaded = read_settings(path)
    if loaded.problem:
        print(settings_problem(path, loaded.problem), file=sys.stderr)
    return loaded.settings


def settings_problem(path: str, problem: str) -> str:
    """The sentence that tells a player his settings file was damaged and what was done."""
    from .i18n import tr

    return tr("settings.damaged", path=path, reason=problem, bad=path + BAD_SUFFIX)


def save_settings(settings: Settings, path: str) -> str | None:
    """Write ``settings`` to ``path`` atomically; returns None, or the reason it failed."""
    try:
        write_atomically(path, json.dumps(asdict(settings), indent=2, sort_keys=True),
                         TEMP_PREFIX)
        return None
    except OSError as error:
        return error.strerror or str(error)
    except (ValueError, RecursionError) as error:  # settings that cannot be JSON: a bug upstream
        return _short(error)
