"""A LAN host's save text, built from what the last save kept, is the whole table's JSON byte for
byte after every step of a Durak series and of an Azi session, and what it encodes anew does not
grow with the series: the actions, sealed rounds, finished games and events are kept."""

from __future__ import annotations

import json

import pytest

from bench.lan_save import played
from net import save_text
from net.save_text import SaveText
from net.table_save import table_from_json, table_json

SEATS = [{"kind": "human", "name": f"p{i}", "token": f"t{i}"} for i in range(4)]


@pytest.mark.parametrize(("game", "players", "games"), [("durak", 4, 6), ("azi", 3, 4)])
def test_the_kept_text_is_the_whole_tables_json_after_every_step(game, players, games):
    kept, steps = SaveText(), 0
    window = {"seat": 0, "host": "127.0.0.1", "port": 5}
    for table in played(game, players, games, seed=7):
        seats = SEATS[:players]
        assert kept.text(table, seats) == json.dumps(table_json(table, seats))
        steps += 1
    assert steps > 20
    text = kept.text(table, seats, {"window": window})
    assert json.loads(text) == {**table_json(table, seats), "window": window}
    resumed, _ = table_from_json(json.loads(text))  # and it reads back as the table
    assert resumed.actions == table.actions and resumed.turn == table.turn


def test_a_new_table_or_a_resumed_one_is_encoded_afresh():
    kept = SaveText()
    for first in played("durak", 4, 2, seed=1):
        kept.text(first, SEATS)
    for table in played("durak", 4, 1, seed=2):  # another table through the same SaveText
        assert kept.text(table, SEATS) == json.dumps(table_json(table, SEATS))
    resumed, _ = table_from_json(table_json(first, SEATS))
    assert kept.text(resumed, SEATS) == json.dumps(table_json(first, SEATS))


def test_a_save_encodes_only_what_is_new(monkeypatch):
    encoded: list[int] = []
    dumps = json.dumps

    def counting(value, *args, **kwargs):
        text = dumps(value, *args, **kwargs)
        encoded.append(len(text))
        return text

    monkeypatch.setattr(save_text.json, "dumps", counting)
    kept = SaveText()
    for table in played("durak", 4, 12, seed=3):  # into the 12th game of a series
        encoded.clear()
        kept.text(table, SEATS)
        if table.started and table._state.game_number == 12 and len(table.game.history) > 60:
            break
    whole = len(dumps(table_json(table, SEATS)))
    assert 0 < sum(encoded) < whole / 5, (sum(encoded), whole)
