"""The downloadable app: PyInstaller builds a one-folder program, and the program — not the
source — is checked for everything the game can reach and played through every screen.

The build takes one to two minutes, so it is made once per test session (in a temporary
folder) and skipped, saying why, where PyInstaller is not installed (requirements-dev.txt
installs it, so CI runs it). Marked ``app``: ``pytest -m "not app"`` leaves it out locally.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from tour_support import check_tour, run_tour

from tools import app_check

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [pytest.mark.app,
              pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                                 reason="PyInstaller is not installed "
                                        "(pip install -r requirements-dev.txt)")]


@pytest.fixture(scope="session")
def built_app(tmp_path_factory) -> Path:
    """Build dist/kozyr once for the session; the path of its program."""
    out = tmp_path_factory.mktemp("pyinstaller")
    done = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(out / "dist"), "--workpath", str(out / "build"),
         str(ROOT / "kozyr.spec")],
        cwd=ROOT, capture_output=True, text=True, timeout=1200,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr[-3000:]  # the spec's own check ran and passed
    name = "kozyr.exe" if os.name == "nt" else "kozyr"
    return out / "dist" / "kozyr" / name


def test_the_built_app_holds_every_module_and_data_file_the_game_can_reach(built_app):
    assert app_check.missing(built_app.parent) == []
    inside = app_check.app_modules(built_app.parent)
    for screen in ("scenes.new_game", "scenes.lessons.menu", "scenes.lan.join_scene",
                   "scenes.history_scene", "scenes.stats_scene", "scenes.charts"):
        assert screen in inside, screen


def test_the_check_names_what_an_app_lacks(built_app, monkeypatch):
    real = app_check.app_modules
    monkeypatch.setattr(app_check, "app_modules",
                        lambda app: real(app) - {"scenes.new_game", "sqlite3", "babel"})
    monkeypatch.setattr(app_check, "data_files",
                        lambda: ["scenes/theme.json", "docs/rules/piquet.md"])
    assert app_check.missing(built_app.parent) == ["babel", "scenes.new_game", "sqlite3",
                                                   "docs/rules/piquet.md"]


def test_the_built_app_leaves_out_what_the_game_never_uses(built_app):
    internal = built_app.parent / "_internal"
    locales = {p.stem for p in (internal / "babel" / "locale-data").glob("*.dat")}
    assert locales == set(app_check.LOCALES)
    gui_fonts = {p.name for p in (internal / "pygame_gui" / "data").glob("*.[ot]tf")}
    assert "NotoSansSC-Regular.otf" not in gui_fonts and "NotoSans-Regular.ttf" in gui_fonts
    for heavy in ("matplotlib", "numpy", "PIL", "tkinter"):
        assert not (internal / heavy).exists(), heavy


def test_the_built_app_answers_the_command_line_without_a_window(built_app):
    for argv, code in ((["--help"], 0), (["--version"], 0), (["verify", "--help"], 0),
                       (["bogus"], 2)):
        done = subprocess.run([str(built_app), *argv], capture_output=True, text=True,
                              timeout=120, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
        assert done.returncode == code, (argv, done.stderr[-2000:])
        assert "usage:" in done.stdout + done.stderr or argv == ["--version"]


def test_the_built_app_plays_the_tour_through_every_screen(built_app, tmp_path):
    done = run_tour([str(built_app)], tmp_path, tmp_path)
    check_tour(done, tmp_path)
