"""At the table: every deal shows its fingerprint, a finished game is saved as a record in the
data directory, the game-over panel says the deal verified, and a disk error never stops play."""

from __future__ import annotations

import sys
from pathlib import Path

from test_play_durak_ui import play_to_the_end
from test_table_support import fast_tables

from engine.record import fingerprint, replay_record, verify_record
from engine.shuffle import SecureDealer
from scenes import tables
from scenes.fair_view import hex_lines
from scenes.game_over import GameOverScene
from scenes.i18n import tr
from scenes.table.azi import AziTable
from scenes.table.durak import DurakTable
from scenes.table_config import Seat, TableConfig
from storage.paths import data_dir
from storage.records import load_record, records_dir


def secure_tables(monkeypatch) -> None:
    """Fast computer players, and the dealer of real play."""
    fast_tables(monkeypatch)
    monkeypatch.setattr(DurakTable, "dealer_factory", SecureDealer)
    monkeypatch.setattr(AziTable, "dealer_factory", SecureDealer)


def open_durak(ui) -> DurakTable:
    ui.app.settings.animation_speed = 4.0
    tables.open_table(ui.app, TableConfig("durak", [Seat("You"), Seat("Anna", "ai", "easy")]))
    return ui.top


def saved_records() -> list[Path]:
    return sorted(records_dir().glob("*.json"))


def test_a_durak_game_at_the_table_is_saved_verified_and_replays(ui, monkeypatch):
    secure_tables(monkeypatch)
    table = open_durak(ui)
    commitment = table.game.deal_commitment
    play_to_the_end(ui, table)
    [path] = saved_records()
    record = load_record(path)
    assert record.actions == table.controller.actions and record.seats == ["You", "Anna"]
    assert record.deals[0].commitment == commitment
    assert verify_record(record) == [] and replay_record(record).matches
    panel = ui.top
    assert isinstance(panel, GameOverScene)
    dealer = record.seats[record.options["dealer_seat"]]
    assert record.options["dealer_drawn"]  # the table's first game draws its dealer
    assert panel.summary.fair[:2] == [tr("fair.verified"),
                                      tr("fair.dealer_drawn", name=dealer)]
    assert panel.summary.fair[2] == tr("fair.saved", path=path.name), "the name, not the path"
    assert str(path.parent) not in " ".join(panel.summary.fair)
    ui.step(2)  # the panel draws its tick, the draw and the path
    opened = []
    monkeypatch.setattr("scenes.game_over.open_folder", lambda folder: opened.append(folder))
    ui.click(panel.folder_button)
    assert opened == [path.parent] and ui.top is panel
    monkeypatch.setattr("scenes.game_over.open_folder", lambda folder: "no file manager")
    ui.click(panel.folder_button)
    assert "no file manager" in ui.top.text  # said on screen, never silent
    panel_rect = panel.dialog_rect()
    assert panel_rect.contains(panel.folder_button.rect)
    assert not panel.folder_button.rect.colliderect(panel.menu_button.rect)


def test_the_log_shows_the_fingerprint_before_the_deal_and_the_full_seed_after(ui, monkeypatch):
    secure_tables(monkeypatch)
    table = open_durak(ui)
    commitment = table.game.deal_commitment
    ui.step(3)
    assert tr("fair.log_sealed", fingerprint=fingerprint(commitment)) in table.move_log.lines
    assert table.fingerprint == commitment  # the small tag in the corner
    play_to_the_end(ui, table)
    log = table.move_log.lines
    seed = table.game.result()["seed"]
    shown = log.index(tr("fair.log_commitment"))
    assert log[shown + 1:shown + 4] == hex_lines(commitment)
    assert log[shown + 5:shown + 8] == hex_lines(seed)
    assert log[shown + 8] == tr("fair.log_verified")
    dealer = ["You", "Anna"][table.game.dealer]
    assert log[shown + 9] == tr("fair.dealer_drawn", name=dealer)
    assert log[shown + 10:] == [tr("fair.log_saved"), saved_records()[0].name]


def test_an_azi_session_is_saved_after_each_finished_game(ui, monkeypatch):
    secure_tables(monkeypatch)
    ui.app.settings.animation_speed = 4.0
    seats = [Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "easy")]
    tables.open_table(ui.app, TableConfig("azi", seats, {"starting_stack": 30, "ante": 10}))
    table = ui.top
    for _ in range(3000):
        if table.session.games or isinstance(ui.top, GameOverScene):
            break
        ui.step(1, dt=0.1)
    [path] = saved_records()  # written as soon as game 1 was decided
    first = load_record(path)
    assert len(first.deals) >= 1 and replay_record(first).matches
    for _ in range(6000):
        if isinstance(ui.top, GameOverScene):
            break
        ui.step(1, dt=0.1)
    record = load_record(path)
    games = len(table.session.games)
    assert saved_records() == [path] and len(record.deals) == games and record.result["over"]
    assert verify_record(record) == [] and replay_record(record).matches
    expected = tr("fair.verified") if games == 1 else tr("fair.verified_many", count=games)
    assert ui.top.summary.fair[0] == expected


def test_a_record_that_cannot_be_written_is_logged_and_play_goes_on(ui, monkeypatch, tmp_path):
    secure_tables(monkeypatch)
    blocked = tmp_path / "not_a_directory"
    blocked.write_text("a file where the data directory should be")
    monkeypatch.setenv("KOZYR_DATA_DIR", str(blocked))
    table = open_durak(ui)
    play_to_the_end(ui, table)
    assert table.recorder.error and table.recorder.path is not None
    lines = table.move_log.lines
    assert any(line.startswith(tr("fair.log_save_failed", reason="")) for line in lines)
    fair = ui.top.summary.fair
    assert fair[0] == tr("fair.verified") and fair[2].startswith("The record could not be saved")


def test_the_data_directory_is_kozyr_data_dir_then_xdg_then_local_share(monkeypatch):
    monkeypatch.setenv("KOZYR_DATA_DIR", "/t/k")
    monkeypatch.setenv("XDG_DATA_HOME", "/x")
    assert data_dir() == Path("/t/k") and records_dir() == Path("/t/k/records")
    monkeypatch.delenv("KOZYR_DATA_DIR")
    if sys.platform.startswith("linux"):  # platformdirs follows XDG only where XDG is the rule
        assert data_dir() == Path("/x/kozyr")
        monkeypatch.delenv("XDG_DATA_HOME")
        assert str(data_dir()).endswith(str(Path(".local", "share", "kozyr")))
