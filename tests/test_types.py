"""The pure rooms type-check: mypy over engine, ai, texts, storage and net finds nothing
(settings and the shrinking list of modules not yet clean: pyproject.toml, [tool.mypy])."""

import subprocess
import sys

import pytest

from tests.test_layers import ROOT


def test_mypy_finds_no_errors_in_the_pure_rooms():
    pytest.importorskip("mypy")
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
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
