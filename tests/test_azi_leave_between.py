"""Leaving an Azi table at the between-games panel costs nothing: the record and the history
hold the stacks the panel showed (the next game's antes, taken by the engine as it dealt, go
back), and the leave question does not say a game will be lost when none is being played."""

from __future__ import annotations

import pygame
from test_azi_next_game import until_between
from test_play_azi_ui import SMALL, fast_azi

from engine.record import replay_record, verify_record
from scenes import tables
from scenes.dialogs import ConfirmScene, PauseScene
from scenes.i18n import tr
from scenes.main_menu import MainMenu
from scenes.table_config import Seat, TableConfig
from storage import paths
from storage.history import History
from storage.history.keeper import KEEPER
from storage.records import load_record


def open_azi(ui, monkeypatch):
    fast_azi(monkeypatch, seed=11)
    ui.app.settings.animation_speed = 4.0
    seats = [Seat("You"), Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "hard")]
    tables.open_table(ui.app, TableConfig("azi", seats, dict(SMALL, starting_stack=200)))
    return ui.top


def shown_stacks(table) -> list[int]:
    """The stacks on the seats' plates."""
    return [table.shown.stacks[s] for s in range(3)]


def test_leaving_between_games_keeps_the_stacks_the_panel_showed(ui, monkeypatch):
    table = open_azi(ui, monkeypatch)
    until_between(ui, table)
    shown = shown_stacks(table)
    assert sum(shown) == 600, "between games no chip lies in the bank"
    assert table.session.stacks != shown, "the engine has taken the next game's antes"
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, PauseScene)
    ui.click(ui.top.buttons["pause.leave"])
    confirm = ui.top
    assert isinstance(confirm, ConfirmScene) and confirm.text_key == "confirm.leave.between"
    drawn = []
    monkeypatch.setattr(type(table.between), "draw", lambda self, s: drawn.append("between"))
    monkeypatch.setattr(PauseScene, "draw_background", lambda self, s: drawn.append("pause"))
    ui.app.draw()
    assert drawn == [], "only the question shows over the dimmed table, not three panels"
    ui.key(pygame.K_RETURN)
    assert isinstance(ui.top, MainMenu)
    record = load_record(table.recorder.path)
    assert record.result["stacks"] == shown
    assert record.result["over"] and record.stopped_in_game == len(record.deals)
    assert record.meta["seat_kinds"] == ["human", "ai:easy", "ai:hard"]
    assert verify_record(record) == [] and replay_record(record).matches
    assert KEEPER.wait()
    history = History.open(paths.history_path())
    try:
        [row] = history.page()
        assert [s.chips for s in row.seats] == [stack - 200 for stack in shown]
    finally:
        history.close()


def test_during_a_game_the_leave_question_says_the_game_is_lost(ui, monkeypatch):
    table = open_azi(ui, monkeypatch)
    ui.step(30, dt=0.1)
    assert table.between is None
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.top.buttons["pause.leave"])
    assert ui.top.text_key == "confirm.leave.text"
    assert tr("confirm.leave.between") != tr("confirm.leave.text")
