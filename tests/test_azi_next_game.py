"""After each Azi game the table shows who won what and why, and waits for "Next game" (a
person at the table) or goes on by itself after a longer pause (Watch AI)."""

import pygame
from test_play_azi_ui import SMALL, azi_move, fast_azi

from scenes import tables
from scenes.table_config import Seat, TableConfig


def until_between(ui, table, frames: int = 3000) -> None:
    """Play (the bottom seat through the screen) until the last game's result is up."""
    for turn in range(frames):
        ui.step(1, dt=0.1)
        if table.between is not None and table.between.waiting:
            return
        if ui.top is table and table.input.my_turn():
            azi_move(ui, table, turn)
    raise AssertionError("no game ended")


def test_the_table_waits_for_next_game_and_goes_on_when_asked(ui, monkeypatch):
    fast_azi(monkeypatch, seed=11)
    ui.app.settings.animation_speed = 4.0
    seats = [Seat("You"), Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "easy")]
    tables.open_table(ui.app, TableConfig("azi", seats, dict(SMALL, starting_stack=200)))
    table = ui.top
    until_between(ui, table)
    shown = table.events.shown_game
    between = table.between
    assert between.title and any("tricks" in line for line in between.lines)
    ui.step(200, dt=0.1)  # a long while: nothing moves on
    assert table.between is between and between.waiting and table.events.shown_game == shown
    ui.key(pygame.K_RETURN)
    ui.step(40, dt=0.1)
    assert table.between is None and table.events.shown_game == shown + 1


def test_a_resize_keeps_the_result_waiting(ui, monkeypatch):
    fast_azi(monkeypatch, seed=11)
    ui.app.settings.animation_speed = 4.0
    seats = [Seat("You"), Seat("Anna", "ai", "easy")]
    tables.open_table(ui.app, TableConfig("azi", seats, dict(SMALL, starting_stack=200)))
    table = ui.top
    until_between(ui, table)
    shown = table.events.shown_game
    ui.app.resize((800, 600))
    ui.step(20, dt=0.1)
    between = table.between
    assert between is not None and between.waiting and table.events.shown_game == shown
    assert ui.app.rect.contains(table.between.rect)
    ui.click_at(table.between.button.rect.center)
    ui.step(40, dt=0.1)
    assert table.events.shown_game == shown + 1


def test_watching_computers_the_next_game_comes_after_a_longer_pause(ui, monkeypatch):
    fast_azi(monkeypatch, seed=11)
    ui.app.settings.animation_speed = 1.0
    seats = [Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "easy")]
    tables.open_table(ui.app, TableConfig("azi", seats, dict(SMALL, starting_stack=200)))
    table = ui.top
    until_between(ui, table, frames=6000)
    shown = table.events.shown_game
    ui.step(20, dt=0.1)  # two seconds: still reading
    assert table.between is not None and table.events.shown_game == shown
    ui.step(60, dt=0.1)
    assert table.between is None and table.events.shown_game == shown + 1
