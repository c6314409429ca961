"""One registry of games: a made-up third game runs through the tools that run Durak and Azi
(the simulator, game records made, verified and replayed, the AI's players)."""

import random

import pytest

from ai.base import make_player
from engine.games import game_names, rules_for, rules_of
from engine.record import GameRecord, RecordError, record_of, replay_record, verify_record
from engine.shuffle import SeededDealer
from tests.fake_game import NAME, HighTwo, high_two_registered
from tools.simulate import Config, format_table, run, summarize


def test_durak_and_azi_are_registered_and_an_unknown_game_is_named_in_the_error():
    assert {"durak", "azi"} <= set(game_names())
    with pytest.raises(ValueError, match="unknown game 'whist'"):
        rules_for("whist")


def test_a_registered_game_is_found_by_name_and_by_its_state():
    with high_two_registered() as rules:
        assert rules_for(NAME) is rules
        game = rules.new(2, {}, SeededDealer("registry"))
        assert rules_of(game) is rules
    assert NAME not in game_names()


def test_the_simulator_plays_a_registered_game_by_its_returns():
    with high_two_registered():
        records = run(Config(game=NAME, players=2, seats=("normal", "random"), games=4))
    assert len(records) == 4
    for record in records:
        assert sorted(record["outcome"]) in (["loss", "win"], ["draw", "draw"])


def test_the_simulator_sums_up_a_registered_game_in_its_table():
    config = Config(game=NAME, players=3, seats=("normal", "random", "random"), games=6)
    with high_two_registered():
        summary = summarize(config, run(config))
    assert sum(row["seat_games"] for row in summary["by_type"].values()) == 18
    table = format_table(summary)
    assert table.startswith(f"{NAME}, 3 players") and "normal" in table and "random" in table


def test_a_registered_game_is_recorded_verified_and_replayed():
    with high_two_registered() as rules:
        game = rules.new(3, {}, SeededDealer("records"))
        players = [make_player(NAME, "normal", random.Random(seat)) for seat in range(3)]
        actions = []
        while game.to_move is not None:
            seat = game.to_move
            action = players[seat].choose(game.observation(seat), game.legal_actions())
            game.apply(action)
            actions.append(action)
        record = record_of(game, actions, ["Anna", "Boris", "Vera"])
        assert record.game == NAME and verify_record(record) == []
        replay = replay_record(record)
        assert replay.matches, replay.problems
        assert isinstance(replay.game, HighTwo)
        # as a file: written, read back through the record door (its schema), verified
        again = GameRecord.loads(record.dumps())
        assert again == record and verify_record(again) == [] and replay_record(again).matches


def test_a_registered_game_s_record_file_is_checked_against_its_own_schema():
    with high_two_registered() as rules:
        game = rules.new(2, {}, SeededDealer("schema"))
        while game.to_move is not None:
            game.apply(game.legal_actions()[0])
        text = record_of(game, [], ["Anna", "Boris"]).dumps().replace(
            '"num_players": 2', '"num_players": 7')
        with pytest.raises(RecordError, match="options/num_players"):
            GameRecord.loads(text)
    with pytest.raises(RecordError, match=f"unknown game '{NAME}'"):
        GameRecord.loads(text)  # once unregistered, the program knows no such game


def test_a_record_whose_actions_were_changed_does_not_replay():
    with high_two_registered() as rules:
        game = rules.new(2, {}, SeededDealer("tampered"))
        actions = []
        while game.to_move is not None:
            action = game.legal_actions()[0]
            game.apply(action)
            actions.append(action)
        record = record_of(game, actions, ["Anna", "Boris"])
        record.actions[0] = 99
        assert not replay_record(record).matches


def _names_in(node) -> bool:
    """Is ``node`` a game's name, or a literal tuple, list or set holding one?"""
    import ast

    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_in(item) for item in node.elts)
    return isinstance(node, ast.Constant) and node.value in ("durak", "azi")


def _name_comparisons() -> list[str]:
    """Every `x == "durak"` / `!= "azi"` (either side) and `x in ("durak", "azi")` outside tests:
    a switch on a game's name."""
    import ast

    from tests.test_layers import project_modules

    found = []
    for module, path in project_modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Compare)
                    and any(isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn))
                            for op in node.ops)
                    and any(_names_in(side) for side in [node.left, *node.comparators])):
                found.append(f"{module}:{node.lineno}")
    return found


# Callers ask the registry instead. What is left: the record schema's and a saved Durak state's
# own checks of their "game" field, and the command-line tools (records, shots; one of shots'
# is a picture's state called "azi"). Lower this number when you remove one; never raise it.
MOST_NAME_COMPARISONS = 5


def test_callers_ask_the_registry_instead_of_comparing_game_names():
    found = _name_comparisons()
    assert len(found) <= MOST_NAME_COMPARISONS, "\n".join(found)
