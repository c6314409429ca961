"""What the screens add to each registered game (engine/registry.py): its table scene and the
words the screens use for its parts. A new game registers its screens here beside its rules.

The table classes are imported when a table first opens (they load the whole table).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameScreens:
    """One game as the screens see it."""

    name: str
    table_class: Callable[[], Any]  # () -> the table scene class (``cls(app, config)``)
    round_word: str  # what the replay's "next" steps through: "battle", "trick"


def _durak_table() -> Any:
    from .table.durak import DurakTable

    return DurakTable


def _azi_table() -> Any:
    from .table.azi import AziTable

    return AziTable


_SCREENS: dict[str, GameScreens] = {}


def register_screens(screens: GameScreens) -> None:
    """Add (or replace) a game's screens."""
    _SCREENS[screens.name] = screens


def unregister_screens(name: str) -> None:
    """Remove a game's screens (tests that register a made-up game clean up with this)."""
    _SCREENS.pop(name, None)


def screens_for(name: str) -> GameScreens:
    """The screens of the game ``name``; ValueError for a game without screens."""
    try:
        return _SCREENS[name]
    except KeyError:
        raise ValueError(f"no table for the game {name!r}") from None


register_screens(GameScreens("durak", _durak_table, "battle"))
register_screens(GameScreens("azi", _azi_table, "trick"))
