"""No silent crash: an unexpected error in a screen shows the error screen (what happened, where
the log is, Copy details, Main menu), is written to the log, and the game in progress stays
saved so the main menu offers Continue."""

from __future__ import annotations

import logging

import pygame
from test_table_support import fast_tables, human_move

from scenes import logs
from scenes.error_scene import ErrorScene, summary
from scenes.i18n import set_language, tr
from scenes.main_menu import MainMenu
from scenes.table.durak import DurakTable
from scenes.table_config import Seat, TableConfig
from scenes.tables import open_table
from storage import paths, resume


def _log_text(tmp_path) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return (tmp_path / "log" / "kozyr.log").read_text(encoding="utf-8")


def _with_log(monkeypatch, tmp_path) -> None:
    """The game's log in this test's folder (set up again, as at a start)."""
    logs.stop_logging()
    monkeypatch.setenv("KOZYR_LOG_DIR", str(tmp_path / "log"))
    logs.setup_logging()


def test_an_error_at_the_table_shows_the_error_screen_logs_it_and_keeps_the_game(
        ui, monkeypatch, tmp_path):
    _with_log(monkeypatch, tmp_path)
    try:
        fast_tables(monkeypatch)
        ui.app.settings.animation_speed = 4.0
        table = open_table(ui.app, TableConfig("durak", [Seat("You"), Seat("Anna", "ai", "easy")]))
        made = 0
        for _ in range(400):  # until the player has made two moves of his own
            if made == 2:
                break
            if ui.top is table and table.input.my_turn():
                human_move(ui, table, made)
                made += 1
            else:
                ui.step(1, dt=0.1)
        resume.WRITER.flush()
        moves = list(table.source.controller.actions)
        assert moves, "no move was made"

        def broken(dt):
            raise ZeroDivisionError("forced for the test")

        monkeypatch.setattr(table, "update", broken)
        ui.app.step_safely(1 / 60)

        screen = ui.top
        assert isinstance(screen, ErrorScene) and ui.app.scenes == [screen]
        assert ui.app.running
        said = screen.lines()
        assert said[0] == tr("error.what", what="ZeroDivisionError: forced for the test")
        assert said[1] == tr("error.log", path=paths.shown(tmp_path / "log" / "kozyr.log"))
        assert tr("error.saved") in said
        ui.step(2)  # it draws

        text = _log_text(tmp_path)
        assert "unexpected error in DurakTable" in text
        assert "ZeroDivisionError: forced for the test" in text and "Traceback" in text

        ui.click(screen.buttons["error.copy"])
        assert screen.copied in (tr("error.copied"), tr("error.copy_failed"))
        if screen.copied == tr("error.copied"):
            assert "ZeroDivisionError" in pygame.scrap.get_text()

        ui.click(screen.buttons["error.menu"])
        menu = ui.top
        assert isinstance(menu, MainMenu) and "menu.continue" in menu.buttons
        ui.click(menu.buttons["menu.continue"])
        again = ui.top
        assert isinstance(again, DurakTable)
        assert list(again.source.controller.actions)[:len(moves)] == moves
    finally:
        logs.stop_logging()


def test_the_error_screen_speaks_the_players_language_and_fits_800_by_600(ui, monkeypatch):
    ui.app.resize((800, 600))
    for code in ("hu", "lt", "ru"):
        set_language(code)
        ui.app.fail(RuntimeError("x" * 300))
        screen = ui.top
        assert isinstance(screen, ErrorScene)
        assert screen.buttons["error.menu"].text == tr("error.menu")
        assert len(summary(RuntimeError("x" * 300))) <= 140
        for button in screen.buttons.values():
            assert ui.app.rect.contains(button.rect)
        ui.step(1)
        ui.click(screen.buttons["error.menu"])
    set_language("en")


def test_an_error_in_the_error_screen_itself_is_not_hidden(ui):
    import pytest

    ui.app.fail(ValueError("first"))
    with pytest.raises(KeyError):
        ui.app.fail(KeyError("second"))
