"""Running tests/tour.txt: the scripted player (scenes/autopilot.py) through every screen."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

TOUR = Path(__file__).with_name("tour.txt")
TOUR_SECONDS = 900  # a loaded machine is slow; the tour normally takes well under a minute


def run_tour(command: list[str], folder: Path, cwd: Path) -> subprocess.CompletedProcess:
    """Play the tour with ``command`` (the source's game.py or the built app) in ``folder``."""
    config = folder / "config"
    config.mkdir(parents=True, exist_ok=True)
    # fast animations, no hint pop-ups: the tour is about reaching every screen
    (config / "settings.json").write_text(json.dumps({"animation_speed": 4.0, "hints": "off",
                                                      "language": "en"}))
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "KOZYR_CONFIG_DIR": str(config), "KOZYR_DATA_DIR": str(folder / "data"),
           "KOZYR_LOG_DIR": str(folder / "log"), "KOZYR_SCRIPT": str(TOUR)}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=TOUR_SECONDS)


def check_tour(done: subprocess.CompletedProcess, folder: Path) -> None:
    """The tour reached its end (Quit) without an error, and left what a player's play leaves."""
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    assert "script done" in done.stdout and "Traceback" not in done.stderr
    for part in ("Durak", "Azi", "Watch AI", "Learn to play", "History", "Settings", "Host"):
        assert part in done.stdout, part
    data = folder / "data"
    assert list((data / "records").glob("durak-*.json")), "the finished game was not recorded"
    assert (data / "history.db").is_file()
    assert list((data / "exports").iterdir()), "Export wrote nothing"
    log = (folder / "log" / "kozyr.log").read_text(encoding="utf-8")
    assert "a durak game was added to the history" in log
    assert "language fr loaded" in log
    assert " ERROR " not in log, log[-3000:]
