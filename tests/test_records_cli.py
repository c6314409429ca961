"""``python game.py verify FILE`` and ``replay FILE``: what they print and their exit codes
(0 all good, 1 a check failed, 2 not a readable record)."""

from __future__ import annotations

import dataclasses
import io
import json
import random

import pytest

import game
from engine.durak import DurakGame
from engine.record import GameRecord, record_of
from engine.shuffle import SecureDealer
from tools.records_cli import main


@pytest.fixture(scope="module")
def record() -> GameRecord:
    durak = DurakGame.new(3, SecureDealer())
    rng = random.Random(2)
    actions = []
    while not durak.is_over():
        actions.append(rng.choice(durak.legal_actions()))
        durak.apply(actions[-1])
    return record_of(durak, actions, ["Anna", "Boris", "Vera"])


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


def write(tmp_path, record: GameRecord, name: str = "game.json"):
    path = tmp_path / name
    path.write_text(record.dumps(), encoding="utf-8")
    return str(path)


def test_verify_prints_each_deals_commitment_and_seed_and_ok(tmp_path, record):
    code, text = run("verify", write(tmp_path, record))
    deal = record.deals[0]
    assert code == 0
    assert f"commitment  {deal.commitment}" in text and f"seed        {deal.seed}" in text
    assert "\n  OK\n" in text and "OK: the deal verified" in text


def test_verify_fails_with_exit_code_1_on_a_changed_seed(tmp_path, record):
    edited = dataclasses.replace(record, deals=[dataclasses.replace(record.deals[0],
                                                                    seed="11" * 32)])
    code, text = run("verify", write(tmp_path, edited))
    assert code == 1 and "\n  FAIL\n" in text and "does not match the commitment" in text


def test_replay_prints_the_result_and_that_it_matches(tmp_path, record):
    code, text = run("replay", write(tmp_path, record))
    durak = record.seats[record.result["durak"]] if record.result["durak"] is not None else None
    assert code == 0 and "MATCHES" in text
    assert (f"Durak: {durak}" in text) if durak else "a draw" in text


def test_replay_fails_with_exit_code_1_on_a_changed_action(tmp_path, record):
    edited = dataclasses.replace(record, actions=record.actions[:-2])
    code, text = run("replay", write(tmp_path, edited))
    assert code == 1 and "DOES NOT MATCH" in text and "end before the game does" in text


def test_a_file_that_is_not_a_record_exits_with_code_2(tmp_path):
    junk = tmp_path / "junk.json"
    junk.write_text(json.dumps({"hello": 1}), encoding="utf-8")
    code, text = run("verify", str(junk), str(tmp_path / "missing.json"))
    assert code == 2 and "not a Kozyr game record" in text and "missing.json" in text


def test_game_py_hands_verify_and_replay_to_the_records_tool(tmp_path, record, capsys):
    path = write(tmp_path, record)
    assert game.main(["verify", path]) == 0 and game.main(["replay", path]) == 0
    assert "MATCHES" in capsys.readouterr().out
