"""``python game.py``: opens the menu; ``simulate`` goes to tools/simulate.py when it exists."""

import sys
import types

import game


def test_simulate_arguments_are_handed_to_the_simulator(monkeypatch):
    seen = []
    fake = types.ModuleType("tools.simulate")
    fake.main = lambda argv: seen.append(list(argv)) or 0
    monkeypatch.setitem(sys.modules, "tools.simulate", fake)
    assert game.main(["simulate", "--game", "durak", "--games", "3"]) == 0
    assert seen == [["--game", "durak", "--games", "3"]]


def test_a_missing_simulator_is_explained_not_a_traceback(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tools.simulate", None)  # as if the file did not exist
    assert game.main(["simulate"]) == 2
    assert "simulator is not available" in capsys.readouterr().err


def test_the_game_opens_at_the_menu_and_runs_frames(monkeypatch, tmp_path):
    monkeypatch.setenv("KOZYR_CONFIG_DIR", str(tmp_path))
    assert game.main(["--frames", "3"]) == 0
