"""The downloadable app: PyInstaller builds a one-folder program that starts and runs frames.

The build takes about a minute, so it is made once per test session (in a temporary folder)
and skipped, saying why, where PyInstaller is not installed (requirements-dev.txt installs it,
so CI runs it).
"""

import importlib.util
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
pytestmark = pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                                reason="PyInstaller is not installed "
                                       "(pip install -r requirements-dev.txt)")


@pytest.fixture(scope="session")
def built_app(tmp_path_factory):
    """Build dist/kozyr once for the session; the path of its program."""
    out = tmp_path_factory.mktemp("pyinstaller")
    done = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(out / "dist"), "--workpath", str(out / "build"),
         os.path.join(ROOT, "kozyr.spec")],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr[-3000:]
    name = "kozyr.exe" if os.name == "nt" else "kozyr"
    return out / "dist" / "kozyr" / name


def test_the_built_app_carries_the_theme_the_texts_and_the_fonts(built_app):
    inside = built_app.parent / "_internal"
    for part in (("scenes", "theme.json"), ("scenes", "lang", "en.json"),
                 ("pygame_gui", "data", "NotoSans-Regular.ttf"),
                 ("pygame", "tests", "fixtures", "fonts", "PlayfairDisplaySemibold.ttf")):
        assert (inside.joinpath(*part)).is_file(), part
    for folder in ("docs/rules", "docs/record.schema.json"):  # shipped once they exist
        if os.path.exists(os.path.join(ROOT, folder)):
            assert (inside / folder).exists(), folder


def test_the_built_app_runs_five_frames_headless_and_exits_cleanly(built_app, tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "KOZYR_CONFIG_DIR": str(tmp_path / "config"), "KOZYR_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([str(built_app), "--frames", "5"], capture_output=True, text=True,
                          timeout=120, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr
