"""The way back to the main menu, for screens that sit below it in the imports.

The main menu opens the tables and dialogs, so they cannot import it; it names itself here
when it is defined (scenes/main_menu.py), and ``go_home`` opens it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_home: Callable[[Any], Any] | None = None


def set_home(factory: Callable[[Any], Any]) -> None:
    """Name the screen ``go_home`` opens (the main menu, given its class)."""
    global _home
    _home = factory


def go_home(app: Any) -> None:
    """Close every screen and show the main menu."""
    if _home is None:
        raise RuntimeError("no home screen: import scenes.main_menu before leaving a table")
    app.reset(_home(app))
