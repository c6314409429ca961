"""Busy is not broken: a history locked by another program is waited for, never set aside,
and no game meant for it is dropped (issue 18, items 1 and 2)."""

from __future__ import annotations

import dataclasses

import pytest
from lock_helpers import lock_held
from memory_helpers import durak_result, played_durak

from storage.history import keeper as keeper_module
from storage.history.db import History, HistoryBusy
from storage.history.importer import import_records
from storage.history.keeper import Entry, HistoryKeeper, Reconcile

KINDS = ("human", "ai")


@pytest.fixture
def history_path(tmp_path):
    path = tmp_path / "history.db"
    history = History.open(path)
    for i in range(5):
        history.add(durak_result(["Anna", "Boris"], [0], 1, f"g{i}"), None, float(i), 1, KINDS)
    history.close()
    return path


def entry(path, tag, done=None):
    return Entry(path, path.parent / "records", durak_result(["Anna", "Boris"], [1], 0, tag),
                 None, 100.0, 5.0, KINDS, False, done)


def test_a_locked_history_is_busy_not_damaged_and_keeps_its_games(history_path):
    with lock_held(history_path), pytest.raises(HistoryBusy):
        History.open(history_path, check=True, timeout=0.1)
    assert not list(history_path.parent.glob("history.db.damaged-*"))
    history = History.open(history_path, check=True)
    assert history.damage is None and history.count() == 5
    history.close()


def test_a_game_finished_while_the_history_is_locked_arrives_when_the_lock_goes(
        history_path, monkeypatch):
    monkeypatch.setattr(keeper_module, "FIRST_WAIT", 0.05)
    keeper, written = HistoryKeeper(), []
    with lock_held(history_path):
        keeper.add(entry(history_path, "late", lambda: written.append("late")))
        for _ in range(200):  # the first try waits out its busy timeout, then says why
            if keeper.problem or keeper.wait(0.05):
                break
        assert keeper.problem and keeper.busy and not written and keeper.pending() == 1
    assert keeper.wait(10.0)
    assert written == ["late"] and keeper.problem is None
    history = History.open(history_path)
    assert history.count() == 6
    history.close()


def test_games_queued_before_the_end_are_written_by_the_flush_at_exit(history_path):
    keeper = HistoryKeeper()
    for i in range(5):
        keeper.add(entry(history_path, f"last{i}"))
    assert keeper.close(10.0)
    history = History.open(history_path)
    assert history.count() == 10
    history.close()


def test_every_start_imports_the_records_the_history_lacks_once(history_path, tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    for i in range(3):
        (records / f"durak-20250301-20{i}5-x.json").write_text(played_durak(2, seed=i).dumps())
    keeper = HistoryKeeper()
    for _ in range(2):  # two starts: the second finds nothing new
        keeper.add(Reconcile(history_path, records))
        assert keeper.wait(10.0)
    history = History.open(history_path)
    assert history.count() == 8
    assert import_records(history, records).added == 0
    history.close()


def test_an_import_stopped_by_a_lock_says_busy_and_adds_the_rest_later(history_path, tmp_path):
    records = tmp_path / "records"
    records.mkdir()
    (records / "durak-20250301-2015-x.json").write_text(played_durak(2).dumps())
    history = History.open(history_path, timeout=0.1)
    with lock_held(history_path):
        report = import_records(history, records)
        assert report.failed and report.busy and report.added == 0
    assert import_records(history, records).added == 1
    history.close()


def test_a_session_row_that_failed_never_overwrites_a_newer_one(history_path, monkeypatch):
    from memory_helpers import azi_result

    monkeypatch.setattr(keeper_module, "FIRST_WAIT", 0.05)
    keeper = HistoryKeeper()
    older = azi_result(["Anna", "Boris"], [150, 50], 100, "session")
    newer = dataclasses.replace(older, deals=older.deals * 2,
                                result={**older.result, "stacks": [20, 180]})
    with lock_held(history_path):
        for record in (older, newer):
            keeper.add(Entry(history_path, history_path.parent / "records", record, None, 1.0,
                             1.0, KINDS, False))
        for _ in range(200):
            if keeper.problem:
                break
            keeper.wait(0.05)
    assert keeper.wait(20.0)
    history = History.open(history_path)
    [row] = [r for r in history.page(per_page=20) if r.game == "azi"]
    assert row.deals == 2
    history.close()
