"""A LAN game's record: every deal carries its joint chain, and `verify` proves it link by link."""

import asyncio
import dataclasses
import io
import json

import pytest

from engine.record import GameRecord, RecordError, replay_record, verify_record
from net.bots import SeatBot
from net.host import Host, HostConfig
from storage import paths
from storage.history.db import History
from storage.history.keeper import KEEPER
from storage.records import load_record, records_dir
from tools.records_cli import main as records_main

LOOPBACK = "127.0.0.1"


def _play(game, seats, games, players):
    """Play a whole table on loopback with computer clients; the clients' states."""
    async def scenario():
        host = Host(HostConfig(game=game, seats=seats, games=games, bind=LOOPBACK, port=0))
        await host.start()
        bots = [SeatBot(host.address, "random", f"p{i}") for i in range(players)]
        runs = [asyncio.create_task(b.run()) for b in bots]
        await asyncio.wait_for(host.run(), 60)
        return await asyncio.wait_for(asyncio.gather(*runs), 10)
    return asyncio.run(scenario())


@pytest.fixture(scope="module")
def durak_states(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("KOZYR_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    try:
        yield _play("durak", ["human", "human", "random"], 2, 2), records_dir()
    finally:
        mp.undo()


def _verify(record, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(record.dumps(), encoding="utf-8")
    out = io.StringIO()
    return records_main(["verify", str(path)], out), out.getvalue()


def test_each_client_keeps_a_record_of_every_durak_game_and_each_verifies(durak_states):
    states, folder = durak_states
    for state in states:
        assert [problems for _, problems in state.records] == [[], []]
        for record, _ in state.records:
            assert not verify_record(record) and replay_record(record).matches
            assert record.deals[0].joint is not None
            assert len(record.deals[0].joint.contributions) == 2  # the two people's parts
    saved = sorted(folder.glob("durak-*.json"))
    assert len(saved) == 2  # both clients saved the same two games under the same names
    assert {load_record(p).deals[0].seed for p in saved} == {
        r.deals[0].seed for r, _ in states[0].records}


def test_verify_prints_the_joint_chain_of_a_lan_deal(durak_states, tmp_path):
    record = durak_states[0][0].records[0][0]
    code, text = _verify(record, tmp_path)
    assert code == 0, text
    assert "joint deal: host seed \u2713, 2 contributions \u2713, deck \u2713" in text


def test_the_record_survives_its_own_json_with_the_chain(durak_states):
    record = durak_states[0][0].records[1][0]
    again = GameRecord.loads(record.dumps())
    assert again.to_json() == record.to_json()
    assert again.deals[0].joint == record.deals[0].joint


def _with_joint(record, **changes):
    deal = record.deals[0]
    joint = dataclasses.replace(deal.joint, **changes)
    return dataclasses.replace(record, deals=[dataclasses.replace(deal, joint=joint)])


def test_an_edited_contribution_fails_with_its_seat_named(durak_states, tmp_path):
    record = durak_states[0][0].records[0][0]
    seat, commitment, part = record.deals[0].joint.contributions[0]
    other = ("0" if part[0] != "0" else "1") + part[1:]
    forged = _with_joint(record, contributions=((seat, commitment, other),)
                         + record.deals[0].joint.contributions[1:])
    problems = verify_record(forged)
    assert f"deal 1: seat {seat}'s contribution does not match its commitment" in problems[0]
    code, text = _verify(forged, tmp_path)
    assert code == 1 and "contributions \u2717 FAIL" in text
    assert not replay_record(forged).matches


def test_an_edited_host_seed_fails(durak_states, tmp_path):
    record = durak_states[0][0].records[0][0]
    seed = record.deals[0].joint.host_seed
    forged = _with_joint(record, host_seed=seed[::-1])
    problems = verify_record(forged)
    assert any("the host seed does not match the commitment" in p for p in problems)
    assert any("do not make the deal's seed" in p for p in problems)
    code, text = _verify(forged, tmp_path)
    assert code == 1 and "host seed \u2717 FAIL" in text


def test_an_edited_deck_fails(durak_states, tmp_path):
    record = durak_states[0][0].records[0][0]
    deal = record.deals[0]
    order = list(deal.deck_order)
    order[0], order[1] = order[1], order[0]
    forged = dataclasses.replace(record, deals=[dataclasses.replace(deal, deck_order=tuple(order))])
    assert any("the seed deals a different deck" in p for p in verify_record(forged))
    code, text = _verify(forged, tmp_path)
    assert code == 1 and "deck \u2717 FAIL" in text


def test_a_whole_azi_session_records_every_game_with_its_chain(monkeypatch, tmp_path):
    monkeypatch.setenv("KOZYR_DATA_DIR", str(tmp_path / "data"))
    states = _play("azi", ["human", "human", "random"], 2, 2)
    for state in states:
        assert len(state.records) == 1
        record, problems = state.records[0]
        assert problems == [] and replay_record(record).matches
        played = len(record.result["games"])
        assert len(record.deals) == played >= 1
        # Two games were asked for; a session ends sooner only when one player holds every chip.
        assert played == 2 or record.result["winner"] is not None
        assert all(d.joint is not None for d in record.deals)
    assert len(list((tmp_path / "data" / "records").glob("azi-*.json"))) == 1
    assert KEEPER.wait()
    history = History.open(paths.history_path())
    try:
        assert history.count() == 1  # the same session from both clients is one game
    finally:
        history.close()


def test_the_schema_accepts_the_joint_block_and_refuses_a_malformed_one(durak_states):
    data = durak_states[0][0].records[0][0].to_json()
    GameRecord.from_json(data)  # the well-formed chain passes the door
    broken = json.loads(json.dumps(data))
    broken["deals"][0]["joint"]["host_seed"] = "not hex"
    with pytest.raises(RecordError, match="host_seed"):
        GameRecord.from_json(broken)
    missing = json.loads(json.dumps(data))
    del missing["deals"][0]["joint"]["contributions"][0]["commitment"]
    with pytest.raises(RecordError, match="commitment"):
        GameRecord.from_json(missing)


def test_seats_in_one_program_check_a_record_once_and_an_edited_one_again(durak_states,
                                                                          monkeypatch):
    import net.lan_records as lan_records

    replays = []
    monkeypatch.setattr(lan_records, "replay_record",
                        lambda record: replays.append(record) or replay_record(record))
    monkeypatch.setattr(lan_records, "_CHECKED", {})
    states, _ = durak_states
    data = states[0].records[0][0].to_json()
    for seat in (0, 1, 2):  # three seats of one table in one program (bench.lan)
        assert lan_records.check_lan_record(data, seat, {}, {}, {}, set())[1] == []
    assert len(replays) == 1
    edited = json.loads(json.dumps(data))
    edited["deals"][0]["deck_order"] = edited["deals"][0]["deck_order"][::-1]
    assert lan_records.check_lan_record(edited, 0, {}, {}, {}, set())[1]  # not the first verdict
    assert len(replays) == 2
