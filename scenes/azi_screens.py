"""Azi's own pieces of the shared screens, registered in scenes/game_screens.py: its history
and statistics words, its new-game options and their checks, and the lesson coach's words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from engine.azi.constants import ALL_IN, BET_BASE, CALL, FOLD, JOIN_AZI, LOOK, SKIP_AZI
from storage.history.db import GameRow, SeatSummary
from storage.history.stats import PlayerStats
from storage.history.summary import DRAW

from . import charts
from .card_text import card_label
from .i18n import signed, tr
from .table_config import azi_number_problem


def history_result(row: GameRow, me: SeatSummary | None) -> tuple[str, str]:
    """The History's result: the viewer's chips won or lost, else who ended with the most."""
    if me is not None:
        chips = me.chips or 0
        key = ("history.result.azi_up" if chips > 0 else "history.result.azi_down"
               if chips < 0 else "history.result.azi_even")
        return tr(key, chips=abs(chips)), me.outcome
    best = min(row.seats, key=lambda s: (s.place or 99, s.seat)) if row.seats else None
    return tr("history.result.watch_azi", name=best.name if best else "?"), DRAW


def history_game(row: GameRow) -> str:
    """The History's game column: a session and how many games it had."""
    return (tr("history.azi_one_game") if row.deals == 1
            else tr("history.azi_games", count=row.deals))


def stats_line(stats: PlayerStats, none: str) -> tuple[str, str]:
    """The Statistics' own line: chips won over all sessions."""
    return tr("stats.chips_won"), signed(stats.chips_won) if stats.games else none


def stats_chart(stats: PlayerStats, size: tuple[int, int], scale: float) -> pygame.Surface:
    """Chips won over time above the results against each computer level."""
    half = (size[0], size[1] // 2)
    top = charts.chips_chart(stats.chips, half, scale)
    low = charts.levels_chart(stats.by_level, half, scale)
    image = pygame.Surface(size, pygame.SRCALPHA)
    image.blit(top, (0, 0))
    image.blit(low, (0, size[1] // 2))
    return image


def _number_field(scene: Any, r: pygame.Rect, opts: dict[str, Any], key: str) -> Any:
    field = scene.entry(pygame.Rect(r.x, r.y, round(r.width * 0.5), r.height), str(opts[key]),
                        lambda t, k=key: scene.set_number(k, t), numbers_only=True,
                        max_length=7)
    scene.option_controls[key] = field
    return field


def option_rows(scene: Any, opts: dict[str, Any], row: Callable[[str], pygame.Rect]) -> str:
    """The new-game form's Azi options (stack, ante, deal, blind bets, buy-in, minimum bets);
    returns the panel's note."""
    for key in ("starting_stack", "ante"):
        _number_field(scene, row(key), opts, key)
    scene.option_controls["cards_dealt"] = scene.segmented(
        row("cards_dealt"), [(3, tr("option.deal_3")), (4, tr("option.deal_4"))],
        opts["cards_dealt"], lambda v: scene.set_option("cards_dealt", v))
    blind = scene.segmented(row("blind_bets"), [(False, tr("option.off")), (True, tr("option.on"))],
                            opts["blind_bets"], lambda v: scene.set_option("blind_bets", v))
    blind.enable(opts["cards_dealt"] == 3)
    scene.option_controls["blind_bets"] = blind
    scene.option_controls["azi_buy_in"] = scene.segmented(
        row("azi_buy_in"), [(True, tr("option.buy_in_half")), (False, tr("option.off"))],
        opts["azi_buy_in"], lambda v: scene.set_option("azi_buy_in", v))
    for key in ("min_bet", "min_raise"):
        scene._min_fields[key] = _number_field(scene, row(key), opts, key)
    return tr("option.note_min") if opts["cards_dealt"] == 3 else tr("option.note_blind")


def options_problem(options: dict[str, Any]) -> str | None:
    """What is wrong with the typed numbers, in words (None: a table can open)."""
    problem = azi_number_problem(options)
    if problem:
        key, bound = problem
        return tr("error.range", field=tr(f"option.{key}"), low=bound.low, high=bound.high)
    if options["starting_stack"] <= options["ante"]:
        return tr("error.stack_ante")
    return None


_WORDS = {FOLD: "fold", CALL: "call", ALL_IN: "all_in", LOOK: "look", JOIN_AZI: "join",
          SKIP_AZI: "skip"}


def move_word(action: int) -> str:
    """A move in the coach's words: a card, a button's name, or a bet."""
    if action in _WORDS:
        return tr(f"lesson.move.{_WORDS[action]}")
    if action >= BET_BASE:
        return tr("lesson.move.bet", level=action - BET_BASE)
    return card_label(action)


def bid_level(action: int) -> int | None:
    """The level an Azi bet bids (None for every other move)."""
    return action - BET_BASE if action >= BET_BASE else None
