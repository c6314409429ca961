"""One registry of games, at the screens: the made-up third game (tests/fake_game.py) is
played at the real table by the scripted player, recorded, kept in the history, replayed."""

from __future__ import annotations

from test_table_support import fast_tables

from engine.record import GameRecord, replay_record, verify_record
from scenes.autopilot import Autopilot
from scenes.game_over import GameOverScene
from scenes.history_scene import HistoryScene, result_text
from scenes.table.replay_scene import open_replay
from scenes.table_config import AI, HUMAN, Seat, TableConfig
from scenes.tables import open_table
from storage import paths
from storage.history.db import History
from storage.history.keeper import KEEPER
from tests.fake_game import NAME
from tests.fake_game_table import HighTwoTable, high_two_at_the_table


def test_a_registered_third_game_is_played_recorded_kept_and_replayed(ui, monkeypatch):
    fast_tables(monkeypatch)
    with high_two_at_the_table():
        seats = [Seat("Anna", HUMAN), Seat("Boris", AI, "normal"), Seat("Vera", AI, "easy")]
        open_table(ui.app, TableConfig(NAME, seats))
        table = ui.app.top
        assert isinstance(table, HighTwoTable)
        pilot = Autopilot(ui.app)
        pilot.run_line(["play-to-end"])  # the person's moves by the keys, as the tour makes them
        assert table.game.is_over() and table.resyncs == 0
        pilot.run_line(["click", "table.menu"])
        pilot.run_line(["expect", "MainMenu"])

        files = list(paths.records_dir().glob(f"{NAME}-*.json"))
        assert len(files) == 1, "the finished game was not recorded"
        record = GameRecord.loads(files[0].read_text(encoding="utf-8"))
        assert record.game == NAME and verify_record(record) == []
        assert replay_record(record).matches

        assert KEEPER.wait(30.0)
        history = History.open(paths.history_path())
        rows = [row for row in history.page() if row.game == NAME]
        history.close()
        assert len(rows) == 1 and [s.name for s in rows[0].seats] == ["Anna", "Boris", "Vera"]
        text, outcome = result_text(rows[0])
        assert text and outcome == rows[0].seats[0].outcome
        screen = ui.app.push(HistoryScene(ui.app))
        ui.step(3)  # the History lists the game and draws its row
        assert ui.app.top is screen and screen.rows and screen.rows[0].game == NAME
        ui.app.pop()

        replay = open_replay(ui.app, files[0])
        assert isinstance(replay, HighTwoTable)
        for _ in range(2000):
            if isinstance(ui.app.top, GameOverScene) or replay.source.is_over():
                break
            replay.source.forward()
            ui.step(3, dt=0.1)
        assert replay.source.is_over()
