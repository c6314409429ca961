"""The LAN messages' JSON (net/protocol.py, written and read with orjson): the same data as the
standard library's json reads and writes, and a message nested too deeply refused as one."""

import json

import pytest

from net.protocol import MAX_RECORD_BYTES, ProtocolError, decode, encode
from net.table import GameTable, events_json


def _a_move():
    table = GameTable("durak", 3, 2)
    round_ = table.begin_round(b"\x05" * 32, "cd" * 32)
    round_.contributions, round_.members = {1: b"\x07" * 32}, [1]
    table.seal(round_)
    table.deal_next()
    events = table.apply(table.legal()[0], table.to_move)
    return table, events


def test_a_move_reads_back_as_the_standard_json_of_the_same_message():
    table, events = _a_move()
    fields = {"events": events_json(events, 1), "turn": table.turn, "to_move": table.to_move,
              "deal": table.deal_number, "observation": table.observation_for(1, history=False),
              "legal": table.legal(), "texts": table.action_texts(table.legal())}
    text = encode("events", **fields)
    standard = json.dumps({"type": "events", "v": 4, **fields}, separators=(",", ":"))
    assert json.loads(text) == json.loads(standard) == decode(text)
    assert text.startswith('{"type":"events"')  # the type first: a record is told by it


def test_names_in_any_alphabet_and_numbered_keys_are_written_as_json_writes_them():
    fields = {"seats": [{"seat": 0, "name": "Žofie Ćosić"}, {"seat": 1, "name": "Пётр"}],
              "by_seat": {0: "a", 1: "b"}}
    assert json.loads(encode("seats", **fields)) == json.loads(json.dumps(
        {"type": "seats", "v": 4, **fields}))
    assert decode(encode("seats", **fields))["seats"][1]["name"] == "Пётр"


def test_a_number_too_big_for_the_fast_writer_is_still_written():
    assert decode(encode("notice", amount=1 << 70))["amount"] == 1 << 70


@pytest.mark.parametrize("depth", [2000, 30000])
def test_a_host_message_nested_too_deeply_is_refused_by_the_parser(depth):
    frame = '{"type":"events","v":4,"events":' + "[" * depth + "]" * depth + "}"
    with pytest.raises(ProtocolError):
        decode(frame, MAX_RECORD_BYTES)


def test_json_that_is_not_standard_is_refused():
    for frame in ('{"type":"x","v":4,"n":NaN}', '{"type":"x","v":4,}', "{'type':'x'}"):
        with pytest.raises(ProtocolError):
            decode(frame)
