"""Durak's own pieces of the shared screens, registered in scenes/game_screens.py: its history
and statistics words, its new-game options, and the lesson coach's words for its moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from engine.durak import PASS, TAKE
from storage.history.db import GameRow, SeatSummary
from storage.history.stats import PlayerStats
from storage.history.summary import DRAW, LOSS, WIN

from . import charts
from .card_text import card_label
from .i18n import percent, tr


def history_result(row: GameRow, me: SeatSummary | None) -> tuple[str, str]:
    """The History's result: the viewer's place or "Durak", else who was left the Durak."""
    if me is not None:
        if me.outcome == LOSS:
            return tr("history.result.durak_lost"), LOSS
        if me.outcome == DRAW:
            return tr("history.result.draw"), DRAW
        key = "history.result.durak_first" if me.place == 1 else "history.result.durak_won"
        return tr(key, place=me.place, players=len(row.seats)), WIN
    durak = next((s for s in row.seats if s.outcome == LOSS), None)
    if durak is None:
        return tr("history.result.watch_draw"), DRAW
    return tr("history.result.watch_durak", name=durak.name), DRAW


def history_game(row: GameRow) -> str:
    """The History's game column."""
    return tr("game.durak")


def stats_line(stats: PlayerStats, none: str) -> tuple[str, str]:
    """The Statistics' own line: how often the player was left the Durak."""
    rate = stats.durak_rate
    return tr("stats.durak_rate"), percent(rate) if rate is not None else none


def stats_chart(stats: PlayerStats, size: tuple[int, int], scale: float) -> pygame.Surface:
    """Results against each computer level."""
    return charts.levels_chart(stats.by_level, size, scale)


def option_rows(scene: Any, opts: dict[str, Any], row: Callable[[str], pygame.Rect]) -> str:
    """The new-game form's Durak options (one game or a series); returns the panel's note."""
    scene.option_controls["series"] = scene.segmented(
        row("durak_mode"), [(False, tr("option.single")), (True, tr("option.series"))],
        opts["series"], lambda v: scene.set_option("series", v))
    return tr("option.note_durak")


def move_word(action: int) -> str:
    """A move in the coach's words: a card, take or pass."""
    if action == TAKE:
        return tr("lesson.move.take")
    if action == PASS:
        return tr("lesson.move.pass")
    return card_label(action)
