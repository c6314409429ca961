"""Records are checked at the door: a malformed file — wrong types, numbers too big for JSON,
nesting too deep, cut short, random bytes — is refused with one readable line (RecordError;
exit code 2 from ``verify`` / ``replay``), never a traceback. The published schema
(docs/record.schema.json) is the one the program checks with."""

from __future__ import annotations

import functools
import io
import json
import pathlib
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.azi import AziOptions, AziSession
from engine.durak import DurakGame
from engine.record import GameRecord, RecordError, record_of, replay_record, verify_record
from engine.record_schema import SCHEMA
from engine.shuffle import SeededDealer
from tools.records_cli import main

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _played(game, seed: int) -> list[int]:
    rng, actions = random.Random(seed), []
    while not game.is_over():
        actions.append(rng.choice(game.legal_actions()))
        game.apply(actions[-1])
    return actions


@functools.cache
def durak_json() -> dict:
    """A true Durak record (first game: the dealer drawn from the seed) as JSON data."""
    game = DurakGame.new(3, SeededDealer(12))
    return record_of(game, _played(game, 12), ["Anna", "Boris", "Vera"]).to_json()


@functools.cache
def azi_json() -> dict:
    """A true, short Azi session record as JSON data."""
    session = AziSession.new(AziOptions(num_players=3, starting_stack=30, ante=10),
                             SeededDealer(4))
    return record_of(session, _played(session, 4), ["Anna", "Boris", "Vera"]).to_json()


def edited(change) -> str:
    data = json.loads(json.dumps(durak_json()))
    change(data)
    return json.dumps(data)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out), out.getvalue()


def test_the_published_schema_is_the_one_the_program_checks_with():
    published = json.loads((ROOT / "docs" / "record.schema.json").read_text(encoding="utf-8"))
    assert published == SCHEMA
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_true_records_of_both_games_pass_the_door():
    for data in (durak_json(), azi_json()):
        assert GameRecord.loads(json.dumps(data)).to_json() == data


# --- each defect that used to print a traceback -------------------------------------------------
DEFECTS = {
    "deck order a number": (lambda d: d["deals"][0].update(deck_order=5),
                            "deals/0/deck_order: 5 is not of type 'array'"),
    "seed a number": (lambda d: d["deals"][0].update(seed=1), "deals/0/seed: 1 is not valid"),
    "commitment a number": (lambda d: d["deals"][0].update(commitment=7),
                            "deals/0/commitment: 7 is not valid"),
    "meta a list": (lambda d: d.update(meta=[1, 2]), "meta: [1, 2] is not of type 'object'"),
    "players a float": (lambda d: d["options"].update(num_players=3.0),
                        "options/num_players: 3.0 is not of type 'integer'"),
    "dealer off the table": (lambda d: d["options"].update(dealer_seat=4),
                             "the dealer's seat 4 is not at a table of 3"),
    "an action a string": (lambda d: d["actions"].insert(0, "x"), "actions/0: 'x' is not of type"),
}


@pytest.mark.parametrize("name", DEFECTS)
def test_a_record_with_wrong_types_is_refused_in_one_line(name, tmp_path):
    change, reason = DEFECTS[name]
    text = edited(change)
    with pytest.raises(RecordError, match=reason.replace("[", r"\[").replace("(", r"\(")):
        GameRecord.loads(text)
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    for command in ("verify", "replay"):
        code, out = run(command, str(path))
        assert code == 2 and out.count("\n") == 1 and reason.split(":")[0] in out


def test_a_number_too_big_for_json_is_refused():
    text = edited(lambda d: None).replace('"num_players": 3', '"num_players": 1e400')
    with pytest.raises(RecordError, match="the number 1e400 is too big"):
        GameRecord.loads(text)
    with pytest.raises(RecordError, match="not JSON: .*digits"):  # Python's int digit limit
        GameRecord.loads(text.replace("1e400", "9" * 5000))
    with pytest.raises(RecordError, match="NaN is not a number"):
        GameRecord.loads(text.replace("1e400", "NaN"))


def test_deep_nesting_is_refused_whether_json_can_parse_it_or_not():
    with pytest.raises(RecordError, match="nested far too deeply"):
        GameRecord.loads("[" * 100_000 + "]" * 100_000)
    deep = edited(lambda d: d["meta"].update(x=json.loads("[" * 200 + "]" * 200)))
    with pytest.raises(RecordError, match="nests more than 24 levels"):
        GameRecord.loads(deep)


# --- damaged records, generated ----------------------------------------------------------------
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=6)


def _paths(value, prefix=()):
    """Every place in a JSON value: (path to it) — the root too."""
    yield prefix
    items = value.items() if isinstance(value, dict) else enumerate(value) \
        if isinstance(value, list) else ()
    for key, child in items:
        yield from _paths(child, prefix + (key,))


@st.composite
def wrong_values(draw) -> str:
    """A true record with one value somewhere replaced by any JSON value."""
    data = json.loads(json.dumps(draw(st.sampled_from([durak_json(), azi_json()]))))
    paths = [p for p in _paths(data) if p]
    path = draw(st.sampled_from(paths))
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = draw(_JSON)
    return json.dumps(data)


@st.composite
def broken_texts(draw) -> str:
    """Text that can never be a record: cut short, big numbers, deep nesting, noise."""
    text = json.dumps(draw(st.sampled_from([durak_json(), azi_json()])))
    kind = draw(st.sampled_from(["cut", "huge", "deep", "noise"]))
    if kind == "cut":
        return text[:draw(st.integers(0, len(text) - 1))]
    if kind == "huge":
        digits = draw(st.integers(400, 2000))
        return text.replace("]", f", 1e{digits}]", 1)
    if kind == "deep":
        depth = draw(st.integers(30, 50_000))
        return text.replace('"meta": {', '"meta": {"x": ' + "[" * depth + "]" * depth + ", ", 1)
    return draw(st.binary(max_size=200)).decode("latin-1")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wrong_values())
def test_a_record_with_any_value_changed_is_refused_cleanly_or_checked(text):
    """Whatever the change, the door refuses it with a RecordError, or the checks answer with
    problems in words: no other exception escapes."""
    try:
        record = GameRecord.loads(text)
    except RecordError as error:
        assert str(error) and "\n" not in str(error)
        return
    assert isinstance(verify_record(record), list)
    assert isinstance(replay_record(record).problems, list)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(broken_texts())
def test_a_broken_file_is_always_refused_with_a_record_error(text):
    with pytest.raises(RecordError) as caught:
        GameRecord.loads(text)
    assert "\n" not in str(caught.value)


# --- the command line's exit codes -------------------------------------------------------------
def test_verify_and_replay_exit_0_1_2_and_never_show_a_traceback(tmp_path):
    good, changed, broken = (tmp_path / f"{n}.json" for n in ("good", "changed", "broken"))
    good.write_text(json.dumps(durak_json()), encoding="utf-8")
    changed.write_text(edited(lambda d: d["deals"][0].update(commitment="ab" * 32)),
                       encoding="utf-8")
    broken.write_bytes(b"\xff\xfe{" + b"[" * 100_000)
    for command in ("verify", "replay"):
        for path, code in ((good, 0), (changed, 1), (broken, 2)):
            done = subprocess.run([sys.executable, "game.py", command, str(path)], cwd=ROOT,
                                  capture_output=True, text=True, timeout=120)
            assert done.returncode == code, (command, path.name, done.stdout, done.stderr)
            assert "Traceback" not in done.stdout + done.stderr


@pytest.mark.parametrize("value", [True, 2.0, -1, 36, 52, None, "7", [3]])
@pytest.mark.parametrize("where", ["deal", "result", "places"])
def test_a_list_of_whole_numbers_is_judged_as_the_schema_judges_it_item_by_item(where, value):
    # The door passes a list of plain ints within bounds at once (a record's deck orders);
    # any other value gets the very verdict and message of the rule-by-rule check.
    from jsonschema import Draft202012Validator, validators
    from jsonschema.exceptions import best_match

    from engine.record_schema import check_shape

    plain = validators.extend(Draft202012Validator, type_checker=(
        Draft202012Validator.TYPE_CHECKER.redefine(
            "integer", lambda _, v: isinstance(v, int) and not isinstance(v, bool))))(SCHEMA)
    data = json.loads(json.dumps(durak_json()))
    target = {"deal": data["deals"][0]["deck_order"], "result": data["result"]["deck_order"],
              "places": data["result"]["places"]}[where]
    target[len(target) // 2] = value
    expected = best_match(plain.iter_errors({**data, "actions": []}))
    if expected is None:
        check_shape(data)
    else:
        with pytest.raises(RecordError) as refused:
            check_shape(data)
        assert expected.message[:60] in str(refused.value)
    assert (expected is None) == (where == "places" and value is None)
