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


# --- the command line: argparse, help everywhere, usage errors, never a window by mistake ---

import subprocess  # noqa: E402

import pytest  # noqa: E402

ROOT = __import__("os").path.dirname(__import__("os").path.dirname(__file__))
COMMANDS = ("simulate", "verify", "replay", "watch", "host", "join")


def _run_without_window(argv):
    """game.main(argv) in a fresh process: its exit code, output, and whether pygame was loaded."""
    code = ("import sys, game\n"
            "try:\n    code = game.main(sys.argv[1:])\n"
            "except SystemExit as e:\n    code = e.code\n"
            "print('PYGAME-LOADED' if 'pygame' in sys.modules else 'NO-PYGAME')\n"
            "sys.exit(code or 0)\n")
    done = subprocess.run([sys.executable, "-c", code, *argv], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("argv", [["--help"]] + [[c, "--help"] for c in COMMANDS])
def test_help_is_printed_for_the_game_and_every_command_without_a_window(argv):
    code, out, err = _run_without_window(argv)
    assert code == 0, err
    assert out.startswith("usage:") and "NO-PYGAME" in out


def test_the_game_help_lists_every_command():
    out = _run_without_window(["--help"])[1]
    for command in COMMANDS:
        assert command in out


def test_version_names_the_game():
    code, out, _ = _run_without_window(["--version"])
    assert code == 0 and out.startswith("Kozyr ") and "NO-PYGAME" in out


@pytest.mark.parametrize("argv", [["bogus"], ["--nope"], ["--frames", "x"], ["watch"]])
def test_anything_unknown_is_a_usage_error_with_exit_code_2_and_no_window(argv):
    code, out, err = _run_without_window(argv)
    assert code == 2 and "usage:" in err and "NO-PYGAME" in out


def test_watch_opens_a_saved_game_on_the_table_for_some_frames(monkeypatch, tmp_path):
    from test_records_cli import write

    from tests.memory_helpers import played_durak

    monkeypatch.setenv("KOZYR_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("KOZYR_DATA_DIR", str(tmp_path / "data"))
    path = write(tmp_path, played_durak(2))
    assert game.main(["watch", path, "--frames", "3"]) == 0


def test_watch_says_why_a_file_cannot_be_shown_before_any_window(tmp_path):
    junk = tmp_path / "junk.json"
    junk.write_text("{}")
    code, out, err = _run_without_window(["watch", str(junk)])
    assert code == 1 and "Cannot open" in err and "NO-PYGAME" in out
