"""The history database remembers every finished game: added in one transaction, listed newest
first with filters and pages, old records imported once, and a damaged file set aside — never a
crash, never a silent loss."""

from __future__ import annotations

import os
import sqlite3

import pytest

from storage.history import Filters, History, import_records, migrations, open_history
from storage.history.summary import seat_kind
from tests.memory_helpers import azi_result, durak_result, played_durak

KINDS = ["human", "normal", "hard"]


@pytest.fixture
def history(tmp_path):
    h = History.open(tmp_path / "history.db")
    yield h
    h.close()


# --- adding and listing ------------------------------------------------------------------------
def test_a_finished_game_is_stored_with_its_players_result_and_seeds(history, tmp_path):
    record = played_durak(3)
    game_id = history.add(record, tmp_path / "r.json", 1000.0, 95.5, KINDS)
    [row] = history.page()
    assert row.id == game_id and row.game == "durak" and row.duration == 95.5
    assert row.verified, "a real sealed deal verifies"
    assert [(s.name, s.kind, s.level) for s in row.seats] == [
        ("Anna", "human", None), ("Boris", "ai", "normal"), ("Vera", "ai", "hard")]
    durak = record.result["durak"]
    if durak is not None:
        assert row.seats[durak].outcome == "loss" and row.seats[durak].place == 3
    seeds = history.conn.execute("SELECT seeds, hints_used FROM games").fetchone()
    assert record.deals[0].seed in seeds[0] and seeds[1] == 0


def test_adding_the_same_session_again_replaces_it(history):
    history.add(azi_result(["Anna", "Boris"], [110, 90], 100, "s1"), None, 1.0, 10, KINDS)
    history.add(azi_result(["Anna", "Boris"], [200, 0], 100, "s1"), None, 1.0, 20, KINDS)
    [row] = history.page()
    assert history.count() == 1 and [s.chips for s in row.seats] == [100, -100]


def test_a_game_someone_tampered_with_is_stored_as_not_verified(history):
    record = played_durak(2)
    record.deals[0] = record.deals[0].__class__(record.deals[0].commitment, "00" * 32,
                                                record.deals[0].deck_order)
    history.add(record, None, 1.0, 1.0, KINDS)
    assert not history.page()[0].verified


def test_games_are_listed_newest_first_and_filtered_by_game_player_and_result(history):
    history.add(durak_result(["Anna", "Boris"], [0], 1, "d1"), None, 100.0, 1, KINDS)
    history.add(durak_result(["Anna", "Vera"], [1], 0, "d2"), None, 300.0, 1, KINDS)
    history.add(azi_result(["Anna", "Boris"], [150, 50], 100, "a1"), None, 200.0, 1, KINDS)
    assert [r.started_at for r in history.page()] == [300.0, 200.0, 100.0]
    assert history.count(Filters(game="azi")) == 1
    assert {r.started_at for r in history.page(Filters(player="boris"))} == {100.0, 200.0}
    assert [r.started_at for r in history.page(Filters(outcome="loss"))] == [300.0]
    assert history.count(Filters(game="durak", outcome="win")) == 1


def test_pages_split_the_list_and_nothing_is_shown_twice(history):
    for i in range(23):
        history.add(durak_result(["Anna", "Boris"], [0], 1, f"g{i}"), None, float(i), 1, KINDS)
    pages = [history.page(page=p, per_page=10) for p in range(3)]
    assert [len(p) for p in pages] == [10, 10, 3]
    times = [r.started_at for p in pages for r in p]
    assert times == sorted(times, reverse=True) and len(set(times)) == 23


def test_a_computer_only_game_has_no_viewer_result(history):
    history.add(durak_result(["A", "B"], [0], 1, "w"), None, 1.0, 1, ["easy", "hard"])
    row = history.page()[0]
    assert row.viewer_seat is None and row.viewer_outcome is None


def test_seat_kinds_come_as_table_seats_or_words():
    from scenes.table_config import Seat
    assert seat_kind(Seat("Anna", "human")) == ("human", None)
    assert seat_kind(Seat("Bot", "ai", "hard")) == ("ai", "hard")
    assert seat_kind("ai:easy") == ("ai", "easy") and seat_kind("normal") == ("ai", "normal")


def test_a_failed_write_is_reported_and_the_history_stays_as_it_was(history):
    history.add(durak_result(["A", "B"], [0], 1, "ok"), None, 1.0, 1, KINDS)
    history.conn.execute("CREATE TRIGGER refuse BEFORE INSERT ON seats "
                         "BEGIN SELECT RAISE(ABORT, 'disk says no'); END")
    assert history.add(durak_result(["A", "B"], [0], 1, "ok"), None, 2.0, 1, KINDS) is None
    assert "disk says no" in history.error
    assert history.count() == 1 and history.page()[0].started_at == 1.0, "rolled back whole"


# --- schema versions -----------------------------------------------------------------------------
def test_a_version_1_database_is_upgraded_and_keeps_its_games(tmp_path):
    path = tmp_path / "history.db"
    conn = sqlite3.connect(path)
    migrations.migrate(conn, target=1)
    conn.execute("INSERT INTO games (key, game, started_at, num_players, deals, options, "
                 "commitments, seeds, verified) VALUES ('old', 'durak', 5, 2, 1, '{}', '[]', "
                 "'[]', 1)")
    conn.execute("INSERT INTO seats VALUES (1, 0, 'Anna', 'human', NULL, 1, 'win', NULL)")
    conn.commit()
    assert migrations.version(conn) == 1
    conn.close()
    history = History.open(path)
    assert migrations.version(history.conn) == migrations.LATEST
    assert history.damage is None and not history.fresh
    [row] = history.page(Filters(player="anna"))
    assert row.started_at == 5 and row.seats[0].outcome == "win"
    assert history.conn.execute("SELECT hints_used FROM games").fetchone() == (0,)
    history.close()


# --- damaged files ------------------------------------------------------------------------------
def _damaged(tmp_path, content: bytes | None = None, schema: str | None = None):
    path = tmp_path / "history.db"
    if schema is not None:
        conn = sqlite3.connect(path)
        conn.executescript(schema)
        conn.close()
    else:
        path.write_bytes(content)
    return path


def _truncated(tmp_path):
    path = tmp_path / "history.db"
    history = History.open(path)
    for i in range(200):
        history.add(durak_result(["Anna", "Boris"], [0], 1, f"t{i}"), None, float(i), 1, KINDS)
    history.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


@pytest.mark.parametrize("make", [
    pytest.param(lambda p: _damaged(p, os.urandom(3000)), id="random bytes"),
    pytest.param(lambda p: _damaged(p, b"SQLite format 3\x00" + b"\x07" * 200), id="bad header"),
    pytest.param(_truncated, id="truncated"),
    pytest.param(lambda p: _damaged(p, schema="CREATE TABLE games (x); PRAGMA user_version=2;"),
                 id="wrong schema"),
    pytest.param(lambda p: _damaged(p, schema="CREATE TABLE notes (text);"), id="foreign file"),
])
def test_a_damaged_database_is_set_aside_and_a_fresh_one_started(tmp_path, make):
    path = make(tmp_path)
    original = path.read_bytes()
    history = History.open(path, check=True)  # as the keeper opens it after an unclean end
    assert history.damage is not None and history.damage.reason
    moved = history.damage.moved_to
    assert moved.name.startswith("history.db.damaged-") and moved.read_bytes() == original
    assert history.fresh and history.count() == 0
    assert history.add(durak_result(["A", "B"], [0], 1, "new"), None, 1, 1, KINDS) is not None
    history.close()
    again = History.open(path, check=True)
    assert again.damage is None and again.count() == 1, "the fresh database is kept"
    again.close()


def test_a_history_written_by_a_newer_kozyr_opens_read_only_and_is_never_renamed(tmp_path):
    path = _damaged(tmp_path, schema="PRAGMA user_version=99;")
    original = path.read_bytes()
    history = History.open(path, check=True)
    assert history.damage is None and history.read_only and "newer" in history.newer
    assert history.add(durak_result(["A", "B"], [0], 1, "new"), None, 1, 1, KINDS) is None
    history.close()
    assert path.read_bytes() == original
    assert not list(tmp_path.glob("history.db.damaged-*"))


# --- importing the records folder -------------------------------------------------------------
def test_records_are_imported_once_and_unreadable_ones_counted(tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    for i in range(3):
        (folder / f"durak-20250301-20{i}5-x.json").write_text(played_durak(2, seed=i).dumps())
    (folder / "broken.json").write_text("{ not json")
    (folder / "other.json").write_text('{"format": "something else"}')
    history = History.open(tmp_path / "history.db")
    first = import_records(history, folder)
    assert (first.added, first.known, sorted(first.unreadable)) == (3, 0,
                                                                    ["broken.json", "other.json"])
    second = import_records(history, folder)
    assert (second.added, second.known) == (0, 3) and history.count() == 3
    assert all(r.verified and r.record_path for r in history.page())
    history.close()


def test_the_first_start_imports_the_records_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("KOZYR_DATA_DIR", str(tmp_path))
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "durak-20250301-2015-a.json").write_text(played_durak(2).dumps())
    history, report = open_history()
    assert report.added == 1 and history.count() == 1
    history.close()
    history, report = open_history()
    assert report is None and history.count() == 1, "only a new database imports"
    history.close()


def test_a_damaged_database_is_rebuilt_from_the_records(tmp_path, monkeypatch):
    monkeypatch.setenv("KOZYR_DATA_DIR", str(tmp_path))
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "durak-20250301-2015-a.json").write_text(played_durak(2).dumps())
    (tmp_path / "history.db").write_bytes(b"garbage" * 100)
    history, report = open_history()
    assert history.damage is not None and report.added == 1 and history.count() == 1
    history.close()
