"""Watch AI: nobody plays at this screen; the person watching pauses, steps and sets the speed.

A part the table owns (:class:`WatchControls`). Its own state is the Watch speed (¼× to 4×,
times the animation setting); pausing and stepping are the source's (``shared.source``). It
says which buttons the Watch panel has (``rows``: the table's buttons part lays them out) and
takes the Watch keys. The table tells it how to show every hand (a replay and a LAN table show
what they have) and to lay its widgets out again when a label changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..i18n import tr

WATCH_SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)

# one row of the panel: (key, text, action, width, style) per button
Row = list[tuple[str, str, Callable[[], None], int, str]]


class WatchControls:
    """The Watch controls of one table."""

    def __init__(self, shared: Any, *, rebuild: Callable[[], None],
                 show_all: Callable[[], None]) -> None:
        self.shared = shared
        self._rebuild = rebuild  # the panel's labels follow pause and speed
        self._show_all = show_all  # every hand face up, or none (the table's own way)
        self.speed = 1.0

    def toggle_pause(self) -> None:
        """Stop or go on."""
        self.shared.source.paused = not self.shared.source.paused
        self._rebuild()

    def step(self) -> None:
        """One more move, then stop."""
        self.shared.source.step()
        self._rebuild()

    def change_speed(self, direction: int) -> None:
        """A step slower (-1) or faster (+1), ¼× to 4×."""
        i = WATCH_SPEEDS.index(self.speed) if self.speed in WATCH_SPEEDS else 2
        self.speed = WATCH_SPEEDS[max(0, min(len(WATCH_SPEEDS) - 1, i + direction))]
        self._rebuild()

    def speed_text(self) -> str:
        """The speed as the panel shows it: ¼×, ½×, 1×, 2×, 4×."""
        text = {0.25: "\u00bc", 0.5: "\u00bd"}.get(self.speed, f"{self.speed:g}")
        return text + "\u00d7"

    def speed_row(self, width: int) -> Row:
        """Slower · speed · faster, each ``width`` wide."""
        return [("slower", "\u2212", lambda: self.change_speed(-1), width, "@quiet_button"),
                ("speed", self.speed_text(), lambda: None, width, "@choice_selected"),
                ("faster", "+", lambda: self.change_speed(1), width, "@quiet_button")]

    def rows(self, width: int, gap: int) -> list[Row]:
        """Pause / Step, slower · speed · faster, and the show-hands switch, ``width`` wide."""
        half = (width - gap) // 2
        third = (width - 2 * gap) // 3
        pause_text = (tr("table.watch_resume") if self.shared.source.paused
                      else tr("table.watch_pause"))
        hands_text = (tr("table.watch_hands_on") if self.shared.view.show_all
                      else tr("table.watch_hands_off"))
        return [
            [("pause", pause_text, self.toggle_pause, half, "@primary_button"),
             ("step", tr("table.watch_step"), self.step, half, "@menu_button")],
            self.speed_row(third),
            [("hands", hands_text, self._show_all, width, "@quiet_button")],
        ]

    def key(self, key: int) -> bool:
        """Space pause, → or S one step, + − speed, A every hand; True if the key was one."""
        if key == pygame.K_SPACE:
            self.toggle_pause()
        elif key in (pygame.K_RIGHT, pygame.K_s):
            self.step()
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_speed(1)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_speed(-1)
        elif key == pygame.K_a:
            self._show_all()
        else:
            return False
        return True
