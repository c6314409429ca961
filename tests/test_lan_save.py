"""A LAN host's table on disk: moves are written soon after, once for many, without the answer
waiting for the disk; what must be on disk before it is shown is written at once; a long
series' save does not carry the games whose records were handed out."""

from __future__ import annotations

import asyncio
import json
import random
from types import SimpleNamespace

import net.table_save as table_save
from net import host_save, save_journal
from net.host_save import TableSaver
from net.table import GameTable
from net.table_save import table_from_json, table_json


def _host(tmp_path):
    table = GameTable("durak", 2, games=1)
    table.seal(table.begin_round(bytes(32)))
    table.deal_next()
    seats = [SimpleNamespace(kind="human", name=f"p{i}", token=f"t{i}") for i in range(2)]
    config = SimpleNamespace(save_path=str(tmp_path / "table.json"), window=None)
    return SimpleNamespace(table=table, seats=seats, config=config)


def _move(table, rng):
    table.apply(rng.choice(table.legal()), table.to_move)


def test_moves_are_written_once_soon_after_and_a_stop_writes_the_last(tmp_path, monkeypatch):
    written = []  # (the turn the table was at, whole save or moves line)
    monkeypatch.setattr(table_save, "write_table_text",
                        lambda path, text: written.append((json.loads(text)["turn"], "whole")))
    monkeypatch.setattr(save_journal, "append_moves", lambda path, line: written.append(
        (json.loads(line)["turn"] + len(json.loads(line)["actions"]), "moves")))
    monkeypatch.setattr(host_save, "MOVES_EVERY", 0.05)
    host, rng = _host(tmp_path), random.Random(3)

    async def scenario():
        saver = TableSaver(host)
        for _ in range(3):  # three quick moves: one write, with all three
            _move(host.table, rng)
            saver.soon()
        assert written == []  # the moves' answers went out before any write
        await asyncio.sleep(0.3)
        assert written == [(3, "whole")]  # the first write of a host is whole
        _move(host.table, rng)
        saver.soon()
        await saver.flush()  # the host stops: the last move is written at once, as a line
        assert written == [(3, "whole"), (4, "moves")]
        await saver.now()  # what must be on disk before it is shown: written whole, awaited
        assert written[2:] == [(4, "whole")]
    asyncio.run(scenario())


def test_a_series_save_leaves_out_the_games_whose_records_were_handed_out():
    rng = random.Random(5)
    table = GameTable("durak", 2, games=4)
    sizes = []
    while not table.over:
        if table.needs_seed:
            table.seal(table.begin_round(rng.randbytes(32)))
        if table.to_move is None:
            table.deal_next()
            continue
        _move(table, rng)
        if table.game.is_over():
            assert len(table.new_records(["a", "b"])) == 1
            data = table_json(table, [])
            assert data["finished"] == []
            sizes.append(len(str(data)))
    assert len(sizes) == 4 and sizes[-1] < 2 * sizes[0]  # not a whole game more per game
    # Saved before its record went out, a game is still recorded by the resumed host.
    table = GameTable("durak", 2, games=2)
    while not (table.started and table.game.is_over()):
        if table.needs_seed:
            table.seal(table.begin_round(rng.randbytes(32)))
        if table.to_move is None:
            table.deal_next()
        else:
            _move(table, rng)
    resumed, _ = table_from_json(table_json(table, []))
    assert len(resumed.new_records(["a", "b"])) == 1
