"""The hook the new-game screen calls to open a table: ``open_table(app, config)``; the main
menu's "Continue" calls ``resume_table(app, saved)`` for a game saved in progress.

Each game's table class comes from the screens' game registry (scenes/game_screens.py).
"""

from __future__ import annotations

from .game_screens import screens_for
from .scene import Scene
from .table_config import TableConfig


def open_table(app, config: TableConfig) -> Scene:
    """Start the table described by ``config`` (the menus are cleared away)."""
    return app.reset(screens_for(config.game).table_class()(app, config))


def resume_table(app, saved) -> Scene:
    """Take up the game ``saved`` (a :class:`storage.resume.SavedTable`) where it was left."""
    return app.reset(screens_for(saved.config.game).table_class().resumed(app, saved))
