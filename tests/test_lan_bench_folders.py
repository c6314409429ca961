"""Benchmarks never write into the player's folders (HELPERS.md): bench.lan run with its home
and XDG folders pointed at empty temporary ones leaves them empty."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file()]


def test_bench_lan_writes_nothing_into_the_home_or_xdg_folders(tmp_path):
    home = tmp_path / "home"
    xdg = {name: tmp_path / name.lower() for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME",
                                                      "XDG_CACHE_HOME", "XDG_STATE_HOME")}
    for folder in (home, *xdg.values()):
        folder.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KOZYR_", "XDG_"))}
    env.update(HOME=str(home), **{k: str(v) for k, v in xdg.items()})
    done = subprocess.run([sys.executable, "-m", "bench.lan", "--tables", "1", "--players", "3",
                           "--seconds", "3"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "deals_checked=" in done.stdout  # it did play (and record, and keep ledgers)
    for folder in (home, *xdg.values()):
        assert _files(folder) == [], f"{folder} got {_files(folder)}"
