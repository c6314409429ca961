"""The two builds of the Durak engine (engine/compiled.py): the compiled one loads only when it
was built from today's sources, KOZYR_PURE forces the pure one, and both play the same games.

CI runs the engine and AI tests once on each build (.ci/run) and sets KOZYR_EXPECT_BUILD, so a
build that silently fell back to pure Python fails there instead of passing untested.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from engine import compiled

ROOT = Path(__file__).resolve().parent.parent

# Plays seeded random games at every table size and prints one digest of everything they did:
# the histories, the results and the saved states.
PLAY = """
import hashlib, json, random
from engine.compiled import loaded
from engine.durak import DurakGame
from engine.shuffle import SeededDealer
digest = hashlib.sha256()
for seed in range(40):
    players = 2 + seed % 5
    rng = random.Random(seed)
    game = DurakGame.new(players, SeededDealer(seed), rng.randrange(players))
    while game.to_move is not None:
        game.apply(rng.choice(game.legal_actions()))
        if rng.random() < 0.05:
            game = DurakGame.from_json(game.to_json()).clone()
    digest.update(json.dumps([[e.to_json() for e in game.history], game.result(),
                              game.to_json()], sort_keys=True).encode())
print(loaded(), digest.hexdigest())
"""


def run_python(code: str, **env: str) -> list[str]:
    """Run ``code`` in a fresh Python at the project's root; its printed words."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_kozyr_pure_loads_the_pure_modules():
    words = run_python("import engine.compiled as c; import engine.durak.game as g; "
                               "print(c.BUILD, c.loaded(), g.__file__.endswith('.py'))",
                               KOZYR_PURE="1")
    assert words == ["pure", "pure", "True"]


def test_the_build_loaded_is_the_one_chosen_and_the_one_ci_expects():
    assert compiled.loaded() == compiled.BUILD
    expected = os.environ.get("KOZYR_EXPECT_BUILD")
    if expected:
        assert compiled.loaded() == expected, compiled.why_pure()


def test_both_builds_play_the_same_games_move_for_move():
    pure = run_python(PLAY, KOZYR_PURE="1")
    default = run_python(PLAY, KOZYR_PURE="0")
    assert pure[0] == "pure"
    assert default[1] == pure[1]


@pytest.fixture
def fake_build(tmp_path, monkeypatch):
    """A copy of the compiled modules' sources with a matching stamp and stand-in extensions."""
    for name in compiled.MODULES:
        source = Path(*name.split(".")).with_suffix(".py")
        (tmp_path / source).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / source, tmp_path / source)
        (tmp_path / source).with_suffix(EXTENSION_SUFFIXES[0]).write_bytes(b"")
    monkeypatch.setattr(compiled, "ROOT", tmp_path)
    (tmp_path / compiled.STAMP).write_text(compiled.source_stamp(), encoding="utf-8")
    monkeypatch.setattr(compiled.importlib, "import_module", lambda name: None)
    monkeypatch.delenv("KOZYR_PURE", raising=False)
    return tmp_path


def test_a_build_of_todays_sources_may_load(fake_build):
    assert compiled.why_pure() is None


def test_a_build_older_than_its_sources_never_loads(fake_build):
    game = fake_build / "engine" / "durak" / "game.py"
    game.write_text(game.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert "older than the sources" in str(compiled.why_pure())


def test_a_missing_compiled_module_or_kozyr_pure_means_pure(fake_build, monkeypatch):
    (fake_build / "engine" / "durak" / ("seats" + EXTENSION_SUFFIXES[0])).unlink()
    assert compiled.why_pure() == "compiled modules missing: engine.durak.seats"
    monkeypatch.setenv("KOZYR_PURE", "1")
    assert compiled.why_pure() == "KOZYR_PURE is set"


def test_no_build_means_pure(tmp_path, monkeypatch):
    monkeypatch.setattr(compiled, "ROOT", tmp_path)
    monkeypatch.delenv("KOZYR_PURE", raising=False)
    assert "no compiled build" in str(compiled.why_pure())
