"""Resume after a crash: the game in progress is saved after every move, the main menu offers
"Continue", and the table comes back exactly where it was; a damaged save is set aside, and
finishing or leaving on purpose removes it. Finished games land in the history (Watch)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_play_durak_ui import play_to_the_end
from test_table_support import fast_tables

from scenes.dialogs import ConfirmScene, CurtainScene, PauseScene
from scenes.game_over import GameOverScene
from scenes.history_scene import HistoryScene
from scenes.i18n import tr
from scenes.main_menu import MainMenu
from scenes.table.durak import DurakTable
from scenes.table.scene import TableScene
from scenes.table_config import Seat, TableConfig
from scenes.tables import open_table
from storage import paths, resume
from storage.history.keeper import KEEPER
from tools.table_probe import table_view

ROOT = Path(__file__).resolve().parent.parent
PROBE_SECONDS = 120  # a loaded machine is slow; the probe normally answers in a few seconds


def menu(ui) -> MainMenu:
    """Back at the main menu, as after starting the program again."""
    resume.WRITER.flush()
    ui.app.reset(MainMenu(ui.app))
    ui.step(2)
    return ui.top


def open_durak(ui, seats) -> DurakTable:
    ui.app.settings.animation_speed = 4.0
    open_table(ui.app, TableConfig("durak", seats))
    return ui.top


def saved_now():
    resume.WRITER.flush()
    return resume.find_saved()


def probe_output(process: subprocess.Popen) -> dict:
    """The probe's one JSON line (read in a thread, so a stuck probe fails instead of hanging)."""
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(PROBE_SECONDS)
    if not (lines and lines[0]):
        process.kill()
        raise AssertionError("the probe table did not answer: " + process.stderr.read()[-2000:])
    return json.loads(lines[0])


@pytest.mark.parametrize("game, seats, options, moves", [
    ("durak", [["Anna", "ai", "easy"], ["Boris", "ai", "easy"], ["Vera", "ai", "easy"]], {}, 9),
    ("azi", [["Anna", "ai", "easy"], ["Boris", "ai", "easy"]],
     {"starting_stack": 200, "ante": 10}, 6),
])
def test_a_table_killed_mid_game_continues_exactly_where_the_process_saved_it(
        ui, monkeypatch, tmp_path, game, seats, options, moves):
    spec = {"game": game, "seats": seats, "options": options, "moves": moves}
    env = dict(os.environ, KOZYR_PROBE_TABLE=json.dumps(spec), KOZYR_CONFIG_DIR=str(tmp_path),
               KOZYR_DATA_DIR=str(tmp_path / "data"))
    process = subprocess.Popen([sys.executable, "game.py"], cwd=ROOT, env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        before = probe_output(process)
    finally:
        process.send_signal(signal.SIGKILL)  # no chance to tidy up: a crash
        process.wait(30)
    assert "error" not in before and len(before["actions"]) >= moves
    data = before["state"]["data"]
    assert before["fingerprint"] == (data["deal"]["commitment"] if game == "durak"
                                     else data["deal_commitment"])

    fast_tables(monkeypatch)
    monkeypatch.setattr(TableScene, "think_pause", 30.0)  # the position holds while we look
    start = menu(ui)
    assert tr("menu.continue") == start.buttons["menu.continue"].text
    ui.click(start.buttons["menu.continue"])
    table = ui.top
    assert isinstance(table, TableScene) and table.game_name == game
    after = table_view(table)
    assert after["state"] == before["state"]  # every hand, the talon or stock, the bank, stakes
    assert after["to_move"] == before["to_move"]
    assert after["log"] == before["log"]
    assert after["fingerprint"] == before["fingerprint"] and after["fingerprint"]
    assert after["actions"] == before["actions"]
    ui.step(3)
    assert table.hands.match() and table.piles_match() and table.resyncs == 0


def test_a_freshly_dealt_game_is_saved_at_once_so_leaving_by_a_crash_cannot_redeal(ui, monkeypatch):
    fast_tables(monkeypatch)
    table = open_durak(ui, [Seat("You"), Seat("Anna", "ai", "easy")])
    ui.step(2)
    found = saved_now()
    assert found.problem is None and found.saved.actions == []
    assert found.saved.state["data"]["deal"]["commitment"] == table.game.deal_commitment


def test_a_hot_seat_table_comes_back_behind_the_curtain(ui, monkeypatch):
    fast_tables(monkeypatch)
    table = open_durak(ui, [Seat("Anna"), Seat("Boris")])
    for _ in range(200):
        if isinstance(ui.top, CurtainScene):
            break
        ui.step(1, dt=0.1)
    hands = [list(h) for h in table.game.to_json()["hands"]]
    ui.click(menu(ui).buttons["menu.continue"])
    resumed = ui.app.scenes[-2] if isinstance(ui.top, CurtainScene) else ui.top
    for _ in range(50):
        if isinstance(ui.top, CurtainScene):
            break
        ui.step(1, dt=0.1)
    assert isinstance(ui.top, CurtainScene)
    assert resumed.game.to_json()["hands"] == hands
    assert not any(sprite.face_up for hand in resumed.hands for sprite in hand)


def test_leaving_on_purpose_removes_the_save(ui, monkeypatch):
    fast_tables(monkeypatch)
    open_durak(ui, [Seat("You"), Seat("Anna", "ai", "easy")])
    ui.step(2)
    assert saved_now().saved is not None
    ui.top.menus.pause()
    ui.step(1)
    assert isinstance(ui.top, PauseScene)
    ui.top.ask_leave()
    ui.step(1)
    assert isinstance(ui.top, ConfirmScene)
    ui.top.answer_yes()
    ui.step(2)
    assert not paths.resume_path().exists()
    assert "menu.continue" not in menu(ui).buttons


def test_closing_the_window_keeps_the_save(ui, monkeypatch):
    fast_tables(monkeypatch)
    open_durak(ui, [Seat("You"), Seat("Anna", "ai", "easy")])
    ui.step(2)
    ui.app.reset(MainMenu(ui.app))  # the scenes exit as when the program stops
    assert saved_now().saved is not None


def test_a_finished_game_removes_the_save_and_appears_in_the_history_and_watch_replays_it(
        ui, monkeypatch):
    fast_tables(monkeypatch, seed=3)
    table = open_durak(ui, [Seat("You"), Seat("Anna", "ai", "easy")])
    play_to_the_end(ui, table)
    assert isinstance(ui.top, GameOverScene)
    assert KEEPER.wait()  # the save goes once the record and the history row are written
    assert not paths.resume_path().exists()
    history = HistoryScene(ui.app)
    ui.app.push(history)
    ui.step(2)
    [row] = history.rows
    assert row.game == "durak" and row.record_path == str(table.recorder.path)
    assert [(s.name, s.kind, s.level) for s in row.seats] == [("You", "human", None),
                                                             ("Anna", "ai", "easy")]
    assert row.duration is not None and row.duration > 0
    ui.click(history.row_buttons[0]["watch"])
    replay = ui.top
    assert type(replay).__name__ == "ReplayDurakTable"
    assert replay.source.record.actions == table.controller.actions


def test_watch_of_a_vanished_record_says_so_and_stays(ui, tmp_path):
    history = HistoryScene(ui.app)
    ui.app.push(history)
    history.watch(str(tmp_path / "gone.json"))
    assert ui.top is history and history.toast.visible


def test_without_a_save_the_menu_has_no_continue(ui):
    assert "menu.continue" not in menu(ui).buttons


def damaged_menu(ui, text: bytes) -> MainMenu:
    path = paths.resume_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)
    return menu(ui)


def test_a_damaged_save_is_set_aside_with_a_message_never_a_crash(ui):
    resume._fernet(create=True)
    start = damaged_menu(ui, b"this is not a saved game")
    assert "menu.continue" not in start.buttons and start.notice
    assert not paths.resume_path().exists()
    [aside] = paths.data_dir().glob("table-in-progress.kozyr.damaged-*")
    assert aside.read_bytes() == b"this is not a saved game"
    assert aside.name in start.notice


def test_a_save_without_its_key_is_set_aside(ui):
    sealed = resume.sealed_text(resume.SavedTable(TableConfig("durak", [Seat("A"), Seat("B")]),
                                                  {"kind": "game", "data": {}}, []))
    paths.resume_key_path().unlink()
    start = damaged_menu(ui, sealed.encode())
    assert "menu.continue" not in start.buttons
    [aside] = paths.data_dir().glob("table-in-progress.kozyr.damaged-*")
    assert start.notice == tr("menu.resume_damaged", file=aside.name,
                                  reason="the key that unlocks it is missing")


def test_a_save_whose_state_breaks_the_rules_is_set_aside(ui, monkeypatch):
    fast_tables(monkeypatch)
    table = open_durak(ui, [Seat("You"), Seat("Anna", "ai", "easy")])
    state = table.game.to_json()
    state["hands"][0] = state["hands"][1]  # the same cards in two hands
    broken = resume.SavedTable(table.config, {"kind": "game", "data": state}, [])
    ui.app.reset(MainMenu(ui.app))
    resume.WRITER.flush()
    start = damaged_menu(ui, resume.sealed_text(broken).encode())
    assert "menu.continue" not in start.buttons and start.notice
    assert list(paths.data_dir().glob("table-in-progress.kozyr.damaged-*"))


def test_the_save_shows_no_cards_to_a_casual_look(ui, monkeypatch):
    fast_tables(monkeypatch)
    table = open_durak(ui, [Seat("You"), Seat("Anna", "ai", "easy")])
    ui.step(2)
    resume.WRITER.flush()
    text = paths.resume_path().read_bytes()
    assert b"hands" not in text and table.game.deal_commitment.encode() not in text
    assert paths.resume_key_path().parent == paths.config_dir()
