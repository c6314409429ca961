"""The player's tour from source: every main-menu entry and the screens under them, played by
the scripted player (tests/tour.txt) in a real game process. tests/test_app_build.py plays the
same tour inside the built app."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tour_support import check_tour, run_tour

ROOT = Path(__file__).resolve().parent.parent


def test_the_tour_through_every_screen_from_source(tmp_path):
    done = run_tour([sys.executable, "game.py"], tmp_path, ROOT)
    check_tour(done, tmp_path)


def test_a_script_that_cannot_go_on_fails_with_the_line_and_exit_code_1(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("click menu.rules\nexpect SettingsScene\n")
    env = {**os.environ, "KOZYR_CONFIG_DIR": str(tmp_path / "c"),
           "KOZYR_DATA_DIR": str(tmp_path / "d"), "KOZYR_SCRIPT": str(script)}
    done = subprocess.run([sys.executable, "-c",
                           "import sys, game, scenes.autopilot as a; a.TIMEOUT_FRAMES = 20;"
                           "sys.exit(game.main([]))"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    assert "line 2" in done.stderr and "SettingsScene" in done.stderr
