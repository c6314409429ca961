"""The scenes a table opens over itself: the pause menu (Esc, Menu), the hot-seat curtain between
two people's turns, and the game-over panel.

A part the table owns (:class:`TableMenus`). It pushes the dialogs (scenes/dialogs.py,
scenes/game_over.py) and remembers nothing between them; what leaving costs and where it goes,
what the panel says and what its buttons do are the table's (a replay, a LAN table and a
lesson each say their own), so it asks the table through :class:`Exits`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from .move_log import MoveLog


class Exits(Protocol):
    """The table's ways out, as the menus ask for them."""

    def leave(self) -> None:
        """The player leaves the table on purpose."""

    def go_to_menu(self) -> None:
        """Leave for the main menu."""

    def play_again(self) -> None:
        """Deal the next game (or start the lesson over)."""

    def leave_question(self) -> str | None:
        """What leaving costs (None: leave without asking)."""

    def leave_destination(self) -> Any:
        """Where leaving goes (None: the main menu)."""

    def summary(self) -> Any:
        """The game-over panel's words."""


class TableMenus:
    """The dialogs of one table."""

    def __init__(self, shared: Any, exits: Exits, *, before_pause: Callable[[], None]) -> None:
        self.shared = shared
        self.exits = exits
        self._before_pause = before_pause  # a card being dragged goes back into the hand

    def pause(self) -> None:
        """Esc or Menu: the pause menu (Resume, Settings, Rules, Leave)."""
        from ..dialogs import PauseScene

        self._before_pause()
        app, exits = self.shared.app, self.exits
        app.push(PauseScene(app, game=self.shared.config.game, on_leave=exits.leave,
                            leave_text=exits.leave_question(),
                            leave_to=exits.leave_destination()))

    def curtain(self, seat: int, on_ready: Callable[[], None]) -> None:
        """Hot seat: the screen covered until ``seat``'s player says he is ready."""
        from ..dialogs import CurtainScene

        app = self.shared.app
        app.push(CurtainScene(app, self.shared.seat_name(seat), on_ready=on_ready,
                              on_pause=self.pause))

    def game_over(self, log: MoveLog, log_button: pygame.Rect) -> None:
        """The game-over panel: the result, the deal's fairness, Play again and Menu."""
        from ..game_over import GameOverScene

        app, source = self.shared.app, self.shared.source
        summary = self.exits.summary()
        summary.fair = source.fair_summary()
        summary.folder = getattr(source, "record_folder", None)
        app.push(GameOverScene(app, summary, on_again=self.exits.play_again,
                               on_menu=self.exits.go_to_menu, log=log,
                               log_button=pygame.Rect(log_button)))
