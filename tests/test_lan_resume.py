"""Host resume: a LAN host killed mid-game carries on from its saved table, and the game ends
with every deal verified."""

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

from engine.durak.game import DurakGame
from storage.resume import unseal

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"


def _host(*args):
    return subprocess.Popen([sys.executable, "game.py", "host", "--bind", LOOPBACK,
                             "--no-announce", "--drop-timeout", "30", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _read(path):
    """The host's saved table: locked with this computer's key, like the local game's save."""
    return json.loads(unseal(path.read_bytes()))


def _saved_turn(path):
    try:
        return _read(path)["turn"]
    except (OSError, ValueError):
        return -1  # not written yet


def test_a_host_killed_mid_game_resumes_and_the_bot_finishes_with_every_deal_verified(
        tmp_path, monkeypatch):
    monkeypatch.setenv("KOZYR_CONFIG_DIR", str(tmp_path / "config"))  # the key lives here
    monkeypatch.setenv("KOZYR_DATA_DIR", str(tmp_path / "data"))
    save = tmp_path / "table.json"
    proof = tmp_path / "proof.json"
    first = _host("--game", "durak", "--seats", "human,easy", "--games", "3", "--port", "0",
                  "--save", str(save))
    join = second = None
    try:
        address = first.stdout.readline().split(" at ")[-1].strip()
        port = address.rsplit(":", 1)[-1]
        join = subprocess.Popen([sys.executable, "game.py", "join", address, "--bot", "easy",
                                 "--proof", str(proof), "--reconnect-for", "30"], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 30
        while _saved_turn(save) < 4 and time.monotonic() < deadline:
            time.sleep(0.002)
        first.send_signal(signal.SIGKILL)  # no goodbye, no cleanup: as a crash
        first.wait(5)
        text = save.read_bytes()
        assert b"token" not in text and not text.lstrip().startswith(b"{"), "hands are locked"
        kept = _read(save)
        assert kept["turn"] >= 4 and not _over(kept), "the table ended before it was killed"
        assert stat.S_IMODE(os.stat(save).st_mode) == 0o600  # the seat tokens are secrets
        second = _host("--resume", str(save), "--port", port)
        output, _ = join.communicate(timeout=90)
        assert join.returncode == 0, output
        second.communicate(timeout=10)
    finally:
        for process in (first, second, join):
            if process is not None and process.poll() is None:
                process.kill()
    seen = json.loads(proof.read_text(encoding="utf-8"))
    assert seen["ended"] == "table_over" and seen["result"]["games"] == 3
    assert sorted(seen["verdicts"]) == ["1", "2", "3"]
    assert all(problems == [] for problems in seen["verdicts"].values())
    assert seen["records"] == [[], [], []]  # every game's record verified
    assert seen["faults"] == []  # an honest resume carries the same chain on: nothing flagged
    assert not save.exists()  # a played-out table leaves nothing to resume


def _over(saved):
    """Had the saved table played its last game out?"""
    state = saved["state"]
    return (state is not None and len(state["results"]) >= 2
            and DurakGame.from_json(state["game"]).is_over())
