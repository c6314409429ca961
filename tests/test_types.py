"""The house checks: mypy over the pure rooms (engine, ai, texts, storage, net) and ruff over the
whole tree find nothing (settings: pyproject.toml, [tool.mypy] and [tool.ruff]; ruff's version
is pinned in requirements-dev.txt); no module passes 500 lines."""

import subprocess
import sys

import pytest

from tests.test_layers import ROOT


def test_mypy_finds_no_errors_in_the_pure_rooms():
    pytest.importorskip("mypy")
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_ruff_finds_nothing_in_the_tree():
    pytest.importorskip("ruff")
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_no_module_is_longer_than_500_lines():
    """Small modules, one job each (the house rules)."""
    waiting: set[str] = set()
    long = sorted(str(p.relative_to(ROOT)) for room in ("engine", "ai", "texts", "storage", "net",
                                                          "sprites", "sounds", "scenes", "tools",
                                                          "bench")
                  for p in (ROOT / room).rglob("*.py")
                  if len(p.read_text(encoding="utf-8").splitlines()) > 500)
    assert [p for p in long if p not in waiting] == []
