"""Edges of the records (issue 18 item 7): files that are not records are refused before they
are read, options out of bounds and every other malformed record exit 2 in every command,
names cannot write to the terminal, and a LAN record must carry its joint blocks."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import threading

import pytest
from memory_helpers import played_durak
from test_records import azi_record  # noqa: F401 — a fixture

from engine.record import GameRecord, RecordError
from engine.record_schema import MAX_ACTIONS, MAX_RECORD_BYTES
from tools.records_cli import main


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


def run_briefly(*argv: str, seconds: float = 20.0) -> tuple[int, str]:
    """``run`` in a thread: a command that hangs fails the test instead of stopping it."""
    answer: list[tuple[int, str]] = []
    worker = threading.Thread(target=lambda: answer.append(run(*argv)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert answer, f"{argv[0]} did not answer"
    return answer[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("command", ["verify", "replay"])
def test_a_named_pipe_is_refused_at_once_with_exit_2(tmp_path, command):
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    code, out = run_briefly(command, str(pipe))
    assert code == 2 and "not a regular file" in out


@pytest.mark.parametrize("command", ["verify", "replay"])
def test_a_file_larger_than_any_record_is_refused_before_it_is_read(tmp_path, command):
    huge = tmp_path / "game.json"
    with open(huge, "wb") as f:
        f.truncate(MAX_RECORD_BYTES + 1)  # sparse: nothing is written, only its size is huge
    code, out = run_briefly(command, str(huge))
    assert code == 2 and "far too big" in out


def test_an_action_list_longer_than_the_schema_allows_is_malformed(tmp_path):
    data = played_durak(2).to_json()
    data["actions"] = [0] * (MAX_ACTIONS + 1)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for command in ("verify", "replay"):
        code, out = run_briefly(command, str(path))
        assert code == 2 and "actions" in out


@pytest.mark.parametrize("option, value", [("ante", 0), ("starting_stack", -5),
                                           ("min_bet", 0), ("num_players", 7)])
def test_azi_options_out_of_bounds_are_malformed_in_every_command(tmp_path, azi_record, option,
                                                                 value):
    data = azi_record.to_json()
    data["options"][option] = value
    path = tmp_path / "session.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for command in ("verify", "replay"):
        code, out = run(command, str(path))
        assert code == 2, (command, out)
    with pytest.raises(RecordError):
        GameRecord.from_json(data)


def test_control_characters_in_names_are_escaped_when_printed(tmp_path):
    record = played_durak(2)
    record = dataclasses.replace(record, seats=["Eve\x1b[2J\x07", "Bob\nOK: all fine"])
    path = tmp_path / "game.json"
    path.write_text(record.dumps(), encoding="utf-8")
    for command in ("verify", "replay"):
        code, out = run(command, str(path))
        assert "\x1b" not in out and "\x07" not in out and "\\x1b[2J\\x07" in out
        assert "Bob\\nOK: all fine" in out


def test_a_local_record_says_its_names_are_labels_not_proofs(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(played_durak(2).dumps(), encoding="utf-8")
    code, out = run("verify", str(path))
    assert code == 0 and "names are labels" in out


def test_a_record_that_says_it_is_lan_without_its_joint_blocks_fails(tmp_path):
    record = dataclasses.replace(played_durak(3), meta={"program": "Kozyr", "table": "lan"})
    path = tmp_path / "game.json"
    path.write_text(record.dumps(), encoding="utf-8")
    code, out = run("verify", str(path))
    assert code == 1 and "no joint block" in out and "OK: the deal verified" not in out
