"""The screens the main menu opens, found through plain imports.

Each menu entry maps to a small function that imports its scene class with an ordinary
``from … import …`` statement and builds the scene. The import runs only when the entry is
chosen (so the first frame is not delayed), yet it is written out in full, so PyInstaller's
analysis sees every screen and puts it into the downloadable app — name strings handed to
``importlib`` were invisible to it.
"""

from __future__ import annotations

from collections.abc import Callable

from .scene import Scene


def _play_azi(app) -> Scene:
    from .new_game import NewGameScene

    return NewGameScene(app, "azi")


def _play_durak(app) -> Scene:
    from .new_game import NewGameScene

    return NewGameScene(app, "durak")


def _watch(app) -> Scene:
    from .new_game import NewGameScene

    return NewGameScene(app, "durak", watch=True)


def _join(app) -> Scene:
    from .lan.join_scene import JoinScene

    return JoinScene(app)


def _learn(app) -> Scene:
    from .lessons.menu import LessonsScene

    return LessonsScene(app)


def _history(app) -> Scene:
    from .history_scene import HistoryScene

    return HistoryScene(app)


def _rules(app) -> Scene:
    from .rules_scene import RulesScene

    return RulesScene(app)


def _settings(app) -> Scene:
    from .settings_scene import SettingsScene

    return SettingsScene(app)


# menu text key -> the function that builds its screen, in the menu's order
MENU_SCREENS: dict[str, Callable[[object], Scene]] = {
    "menu.play_azi": _play_azi,
    "menu.play_durak": _play_durak,
    "menu.watch": _watch,
    "menu.join": _join,
    "menu.learn": _learn,
    "menu.history": _history,
    "menu.rules": _rules,
    "menu.settings": _settings,
}


def open_screen(app, key: str) -> Scene:
    """Push the screen of the menu entry ``key`` (e.g. ``"menu.history"``) onto ``app``."""
    return app.push(MENU_SCREENS[key](app))
