"""Between whole saves a LAN host appends only the moves (net/save_journal.py): read back, the
whole save and its last moves line are the table exactly as it stood at every step of a Durak
series and an Azi session; a line cut short, or left from before the whole save, is never
replayed; a table played out leaves neither file."""

from __future__ import annotations

import asyncio
import json
import os
from types import SimpleNamespace

import pytest

from bench.lan_save import played
from net.host_save import TableSaver
from net.save_journal import journal_path
from net.table_save import forget_table, load_table, table_json


def _same(a, b) -> bool:
    return json.dumps(table_json(a, [])) == json.dumps(table_json(b, []))


@pytest.fixture
def no_fsync(monkeypatch):
    """The content is what these tests check; the disk's own waits are left out."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    monkeypatch.setattr(os, "fdatasync", lambda fd: None, raising=False)


def _saver(tmp_path, table, players):
    seats = [SimpleNamespace(kind="human", name=f"p{i}", token=f"t{i}") for i in range(players)]
    config = SimpleNamespace(save_path=str(tmp_path / "table.json"), window=None)
    return TableSaver(SimpleNamespace(table=table, seats=seats, config=config))


@pytest.mark.parametrize(("game", "players", "games"), [("durak", 3, 3), ("azi", 3, 3)])
def test_the_save_and_its_moves_are_the_table_at_every_step(tmp_path, no_fsync, game, players,
                                                            games):
    path = tmp_path / "table.json"

    async def scenario():
        saver, lines = None, 0
        for table in played(game, players, games, seed=4):
            saver = saver or _saver(tmp_path, table, players)
            await saver.now(whole=False)  # a background write: moves alone where it can
            lines += journal_path(path).exists() and journal_path(path).stat().st_size > 0
            loaded, seats = load_table(path)
            assert _same(loaded, table), f"turn {table.turn}"
            assert [s["token"] for s in seats] == [f"t{i}" for i in range(players)]
        return lines
    assert asyncio.run(scenario()) > 10  # most writes in a game were moves lines


def test_a_line_cut_short_or_from_before_the_whole_save_is_not_replayed(tmp_path, no_fsync):
    path = tmp_path / "table.json"

    async def scenario():
        steps = played("durak", 3, 1, seed=5)
        table = next(steps)
        saver = _saver(tmp_path, table, 3)
        while not (table.started and table.to_move is not None):
            table = next(steps)
        await saver.now()  # whole
        for _ in range(3):
            next(steps)
            await saver.now(whole=False)
        at_three = json.dumps(table_json(table, []))
        next(steps)
        await saver.now(whole=False)
        moves = journal_path(path)
        text = moves.read_bytes()
        moves.write_bytes(text[:-20])  # the last line cut short by a crash
        loaded, _ = load_table(path)
        assert json.dumps(table_json(loaded, [])) == at_three
        moves.write_bytes(text)
        await saver.now()  # a whole save empties the file: the old lines no longer count
        assert moves.read_bytes() == b""
        moves.write_bytes(text)  # as if the emptying had not reached the disk
        loaded, _ = load_table(path)
        assert _same(loaded, table)
        forget_table(path)
        assert not path.exists() and not moves.exists()
    asyncio.run(scenario())


def test_stopping_waits_for_a_write_under_way_so_a_played_out_table_stays_forgotten(
        tmp_path, no_fsync, monkeypatch):
    import threading

    from net import save_journal, table_save

    path = tmp_path / "table.json"
    writing, release = threading.Event(), threading.Event()

    def slowly(write):
        def write_slowly(*args):
            writing.set()
            release.wait(5)  # the disk is slow: the write is still on its thread
            write(*args)
        return write_slowly
    monkeypatch.setattr(save_journal, "append_moves", slowly(save_journal.append_moves))
    monkeypatch.setattr(table_save, "write_table_text", slowly(table_save.write_table_text))

    async def scenario():
        steps = played("durak", 3, 1, seed=6)
        table = next(steps)
        saver = _saver(tmp_path, table, 3)
        release.set()
        await saver.now()  # the whole save
        writing.clear(), release.clear()
        next(steps)
        saver.soon()  # a move: its moves line is written in the background
        await asyncio.to_thread(writing.wait, 5)
        stopping = asyncio.create_task(saver.flush())
        await asyncio.sleep(0.05)
        assert not stopping.done(), "the host stops only once the write under way is on disk"
        release.set()
        await stopping
        forget_table(path)  # played out, as the host does right after
        await asyncio.sleep(0.05)
        assert not path.exists() and not journal_path(path).exists()
    asyncio.run(scenario())
