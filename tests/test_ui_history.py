"""The History and Statistics screens clicked through headless: the list newest first, filters,
pages, Verify, Export, Watch, the Statistics tab with its charts, and a damaged history file."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pygame
import pytest

from engine.record import DealRecord
from scenes.history_scene import HistoryScene
from scenes.stats_scene import StatsScene
from scenes.verify_dialog import VerifyScene
from storage.history import History
from tests.memory_helpers import azi_result, durak_result, played_durak


@pytest.fixture
def data(tmp_path):
    """The data folder the ``ui`` fixture's App uses."""
    folder = tmp_path / "data"
    (folder / "records").mkdir(parents=True)
    return folder


def fill(data, games: int = 0) -> dict:
    """A saved real game (newest), then ``games`` made-up ones an hour apart, oldest first."""
    history = History.open(data / "history.db")
    for i in range(games):
        record = (durak_result(["Anna", "Bot"], [0], 1, f"d{i}") if i % 2
                  else azi_result(["Anna", "Max"], [120, 80], 100, f"a{i}"))
        history.add(record, None, 1000.0 + 3600 * i, 300, ["human", "hard"])
    real = played_durak(2)
    path = data / "records" / "durak-real.json"
    path.write_text(real.dumps())
    history.add(real, path, 1000.0 + 3600 * games, 61, ["human", "easy"])
    history.close()
    return {"real": real, "path": path}


def open_history(ui) -> HistoryScene:
    ui.click(ui.top.buttons["menu.history"])
    assert isinstance(ui.top, HistoryScene)
    return ui.top


def test_importing_the_app_and_opening_the_menu_does_not_import_matplotlib(tmp_path):
    code = ("from scenes.app import App; from scenes.main_menu import MainMenu; import sys; "
            "app = App((1280, 720)); app.push(MainMenu(app)); app.step(1 / 60); "
            "import game; print('matplotlib' in sys.modules)")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "KOZYR_CONFIG_DIR": str(tmp_path), "KOZYR_DATA_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=os.path.dirname(os.path.dirname(__file__)), timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


def test_the_list_shows_the_newest_game_first_with_its_result_and_a_tick(ui, data):
    fill(data, games=3)
    scene = open_history(ui)
    assert [r.started_at for r in scene.rows] == sorted((r.started_at for r in scene.rows),
                                                        reverse=True)
    newest = scene.rows[0]
    assert newest.verified and newest.duration == 61 and newest.game == "durak"
    assert scene.total == 4 and scene.page_text == "Page 1 of 1"


def test_filters_narrow_the_list_and_pages_turn(ui, data):
    saved = fill(data, games=30)
    anna_lost_the_real_game = saved["real"].result["durak"] == 0
    scene = open_history(ui)
    per_page, total = scene.per_page, 31
    assert scene.pages == -(-total // per_page) and not scene.prev_button.is_enabled
    ui.click(scene.next_button)
    assert scene.page_number == 1 and scene.rows[0].started_at < 1000.0 + 3600 * 30
    ui.click(scene.game_filter.buttons[2])  # Durak
    assert scene.page_number == 0 and {r.game for r in scene.rows} == {"durak"}
    assert scene.total == 16
    ui.click(scene.result_filter.buttons[2])  # Lost: only the real game can be one
    assert scene.total == int(anna_lost_the_real_game)
    assert all(r.viewer_outcome == "loss" for r in scene.rows)
    scene.result_filter.select(None)
    scene.set_filter(player="max")
    assert scene.total == 0, "Max only played Azi"
    scene.game_filter.select(None)
    assert scene.total == 15


def test_verify_shows_every_deal_ok_for_a_true_record(ui, data):
    fill(data)
    scene = open_history(ui)
    ui.click(scene.row_buttons[0]["verify"])
    assert isinstance(ui.top, VerifyScene) and ui.top.verified
    assert any("Deal 1" in line and "OK" in line for line in ui.top.lines)
    ui.click(ui.top.close_button)
    assert ui.top is scene


def test_verify_names_the_problem_of_a_record_changed_since(ui, data):
    saved = fill(data)
    record = saved["real"]
    deal = record.deals[0]
    record.deals[0] = DealRecord(deal.commitment, "11" * 32, deal.deck_order)
    saved["path"].write_text(record.dumps())
    scene = open_history(ui)
    ui.click(scene.row_buttons[0]["verify"])
    assert not ui.top.verified
    assert any("does not match the commitment" in line for line in ui.top.lines)


def test_export_writes_json_and_csv_and_says_where(ui, data):
    fill(data)
    scene = open_history(ui)
    ui.click(scene.row_buttons[0]["export"])
    written = sorted(p.name for p in (data / "exports").iterdir())
    assert written == ["durak-game-1.csv", "durak-game-1.json"]
    assert "durak-game-1.json" in scene.toast.text and scene.toast.visible
    exported = json.loads((data / "exports" / "durak-game-1.json").read_text())
    assert exported["games"][0]["record"]["actions"] == saved_actions(data)
    ui.click(scene.export_all_button)
    assert len(list((data / "exports").glob("history-*.csv"))) == 1


def saved_actions(data) -> list[int]:
    return json.loads((data / "records" / "durak-real.json").read_text())["actions"]


def test_watch_goes_through_the_scene_s_watch_method(ui, data, monkeypatch):
    fill(data)
    scene = open_history(ui)
    asked = []
    monkeypatch.setattr(scene, "watch", asked.append)
    ui.click(scene.row_buttons[0]["watch"])
    assert asked == [str(data / "records" / "durak-real.json")]


def test_watch_opens_the_game_on_the_table_over_the_history(ui, data):
    fill(data)
    scene = open_history(ui)
    ui.click(scene.row_buttons[0]["watch"])
    replay = ui.top
    assert type(replay).__name__ == "ReplayDurakTable"
    assert ui.app.scenes[-2] is scene  # leaving the replay comes back to the list
    record = json.loads((data / "records" / "durak-real.json").read_text())
    assert replay.source.record.actions == record["actions"]


def test_the_statistics_tab_shows_the_player_s_numbers_and_charts(ui, data):
    saved = fill(data, games=6)  # 3 Durak games Anna won, one real one
    real_rate = "25%" if saved["real"].result["durak"] == 0 else "0%"
    scene = open_history(ui)
    ui.click(scene.tab_buttons["stats"])
    stats = ui.top
    assert isinstance(stats, StatsScene) and stats.player == "Anna" and stats.game == "durak"
    numbers = dict(stats.number_lines())
    assert numbers["Games"] == "4" and numbers["Durak rate"] == real_rate
    ui.click(stats.game_choice.buttons[0])  # Azi
    assert dict(stats.number_lines())["Chips won"] == "+60"
    [chart] = stats.chart_images(wait=True)  # drawn in a thread, waited for here
    assert chart.get_size() == stats.chart_rect.inflate(-24, -24).size
    assert pygame.transform.average_color(chart)[3] > 0, "something is drawn"
    ui.click(stats.tab_buttons["games"])
    assert isinstance(ui.top, HistoryScene) and ui.top.history is stats.history


def test_an_empty_history_says_so(ui, data):
    scene = open_history(ui)
    assert scene.total == 0 and scene.rows == [] and scene.page_text == "Page 1 of 1"
    ui.step(2)  # draws the empty-list sentence without error
    ui.click(scene.tab_buttons["stats"])
    assert ui.top.names == [] and ui.top.chart_images() == []
    ui.step(2)


def test_a_damaged_history_file_is_reported_and_rebuilt_from_the_records(ui, data):
    saved = fill(data)
    (data / "history.db").write_bytes(b"\x00garbage" * 500)
    scene = open_history(ui)
    assert "damaged" in scene.toast.text and scene.toast.visible
    assert [r.record_path for r in scene.rows] == [str(saved["path"])]
    assert list(data.glob("history.db.damaged-*"))


def test_a_replay_names_who_played_and_leaving_it_returns_to_the_list(ui, data):
    real = played_durak(2)
    real.meta["seat_kinds"] = ["human", "ai:hard"]
    path = data / "records" / "durak-kinds.json"
    path.write_text(real.dumps())
    history = History.open(data / "history.db")
    history.add(real, path, 1000.0, 61, real.meta["seat_kinds"])
    history.close()
    scene = open_history(ui)
    ui.click(scene.row_buttons[0]["watch"])
    replay = ui.top
    assert [replay.shared.kind_text(seat) for seat in range(2)] == ["Human", "Hard"]
    for _ in range(40):  # nobody sits at the screen of a replay: no "You …", no "thinking…"
        ui.step(5, dt=0.1)
        assert replay.thinking_seat() is None and not replay.input.my_turn()
        assert not replay.status_text().startswith("You")
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.top.buttons["pause.leave"])  # no question: a replay loses nothing
    assert ui.top is scene


def test_a_replay_of_an_old_record_does_not_invent_levels(ui, data):
    fill(data)
    scene = open_history(ui)
    ui.click(scene.row_buttons[0]["watch"])
    assert [ui.top.shared.kind_text(seat) for seat in range(2)] == ["", ""]
