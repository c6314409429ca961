"""What the screens add to each registered game (engine/registry.py): its table scene and the
words the screens use for its parts. A new game registers its screens here beside its rules;
what it leaves out, the shared screens do plainly (no own options, line or coach's words).

The table classes are imported when a table first opens (they load the whole table). Durak's
and Azi's own pieces live in scenes/durak_screens.py and scenes/azi_screens.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from . import azi_screens, charts, durak_screens
from .card_text import card_label
from .i18n import tr


def _history_result(row: Any, me: Any) -> tuple[str, str]:
    """The viewer's outcome in plain words (a game without words of its own)."""
    if me is not None:
        return tr({"win": "history.won", "loss": "history.lost"}.get(me.outcome,
                                                                     "history.drawn")), me.outcome
    return tr("history.drawn"), "draw"


def _levels_chart(stats: Any, size: tuple[int, int], scale: float) -> pygame.Surface:
    return charts.levels_chart(stats.by_level, size, scale)


def _no_options(scene: Any, opts: dict[str, Any], row: Callable[[str], pygame.Rect]) -> str:
    return ""


@dataclass(frozen=True)
class GameScreens:
    """One game as the screens see it."""

    name: str
    table_class: Callable[[], Any]  # () -> the table scene class (``cls(app, config)``)
    round_word: str  # what the replay's "next" steps through: "battle", "trick"
    round_ends: tuple[str, ...] = ()  # the event kinds that end one (the replay's "next")
    # The History: (row, the viewer's seat summary or None) -> (result text, outcome), and
    # the game column's text of a row.
    history_result: Callable[[Any, Any], tuple[str, str]] = _history_result
    history_game: Callable[[Any], str] = field(default=lambda row: tr(f"game.{row.game}"))
    # The Statistics: the game's own (label, value) line (stats, the "none" word), or None,
    # and its chart picture (stats, size, scale) -> Surface, drawn in a worker thread.
    stats_line: Callable[[Any, str], tuple[str, str]] | None = None
    stats_chart: Callable[[Any, tuple[int, int], float], pygame.Surface] = _levels_chart
    # The new-game form: (scene, the game's options, row(key) -> Rect) builds the option
    # controls and returns the panel's note; what is wrong with the options, in words.
    option_rows: Callable[[Any, dict[str, Any], Callable[[str], pygame.Rect]], str] = _no_options
    options_problem: Callable[[dict[str, Any]], str | None] = field(default=lambda o: None)
    # The lesson coach: a move in words, and the level a move bids (None: it bids none).
    move_word: Callable[[int], str] = card_label
    bid_level: Callable[[int], int | None] = field(default=lambda action: None)
    # Learn to play: () -> the game's lesson (scenes/lessons/script.py), or None: no lesson.
    lesson: Callable[[], Any] | None = None


def _durak_table() -> Any:
    from .table.durak import DurakTable

    return DurakTable


def _azi_table() -> Any:
    from .table.azi import AziTable

    return AziTable


def _durak_lesson() -> Any:
    from .lessons.durak import DURAK_LESSON

    return DURAK_LESSON


def _azi_lesson() -> Any:
    from .lessons.azi import AZI_LESSON

    return AZI_LESSON


_SCREENS: dict[str, GameScreens] = {}


def register_screens(screens: GameScreens) -> None:
    """Add (or replace) a game's screens."""
    _SCREENS[screens.name] = screens


def unregister_screens(name: str) -> None:
    """Remove a game's screens (tests that register a made-up game clean up with this)."""
    _SCREENS.pop(name, None)


def screen_names() -> tuple[str, ...]:
    """The games with screens, in registration order."""
    return tuple(_SCREENS)


def screens_for(name: str) -> GameScreens:
    """The screens of the game ``name``; ValueError for a game without screens."""
    try:
        return _SCREENS[name]
    except KeyError:
        raise ValueError(f"no table for the game {name!r}") from None


def _pieces(module: Any) -> dict[str, Any]:
    """The registry fields a game's screens module defines."""
    names = ("history_result", "history_game", "stats_line", "stats_chart", "option_rows",
             "options_problem", "move_word", "bid_level")
    return {name: getattr(module, name) for name in names if hasattr(module, name)}


register_screens(GameScreens("durak", _durak_table, "battle", ("discarded", "picked_up"),
                             lesson=_durak_lesson,
                             **_pieces(durak_screens)))
register_screens(GameScreens("azi", _azi_table, "trick", ("trick_won", "game_started"),
                             lesson=_azi_lesson,
                             **_pieces(azi_screens)))
