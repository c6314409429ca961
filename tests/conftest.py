"""Shared test setup: pygame runs headless in every test (no window, no sound device).

UI tests get ``ui``: an App in temporary config and data directories (settings, game records)
with helpers to click widgets, press keys and step frames the way a person would, through the
real event queue.
"""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the game's log goes to a temporary folder, never the player's (scenes/logs.py)
os.environ.setdefault("KOZYR_LOG_DIR", tempfile.mkdtemp(prefix="kozyr-test-log-"))

# No test (nor a program a test starts) writes into the player's own folders: the data and
# config folders point at a scratch folder unless a test points them elsewhere.
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

_SCRATCH = tempfile.mkdtemp(prefix="kozyr-tests-")
atexit.register(shutil.rmtree, _SCRATCH, True)
os.environ.setdefault("KOZYR_DATA_DIR", os.path.join(_SCRATCH, "data"))
os.environ.setdefault("KOZYR_CONFIG_DIR", os.path.join(_SCRATCH, "config"))

import pytest  # noqa: E402


class UIDriver:
    """Drives an App with synthetic events; every helper steps frames until they are handled."""

    def __init__(self, app) -> None:
        self.app = app

    def step(self, frames: int = 1, dt: float = 1 / 60) -> None:
        """Run ``frames`` frames."""
        for _ in range(frames):
            self.app.step(dt)

    def click_at(self, pos, button: int = 1) -> None:
        """Move the mouse to ``pos`` and click there."""
        import pygame

        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.step(2)  # pygame-gui reports a press through the queue: it is handled a frame later

    def click(self, widget) -> None:
        """Click the centre of a pygame-gui widget."""
        self.click_at(widget.rect.center)

    def key(self, key: int, unicode: str = "") -> None:
        """Press and release a key."""
        import pygame

        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)
        )
        pygame.event.post(
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0)
        )
        self.step(2)

    @property
    def top(self):
        """The scene on top of the stack."""
        return self.app.top


@pytest.fixture
def ui(tmp_path, monkeypatch):
    """A fresh App at the main menu whose settings live in a temporary directory."""
    import pygame

    monkeypatch.setenv("KOZYR_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("KOZYR_DATA_DIR", str(tmp_path / "data"))  # game records land here
    from scenes.app import App
    from scenes.main_menu import MainMenu

    app = App((1280, 720))
    app.push(MainMenu(app))
    app.step(1 / 60)
    yield UIDriver(app)
    pygame.quit()


@pytest.fixture(autouse=True)
def clean_keeper():
    """Every test starts with the history keeper's queue and the writers' troubles empty: a
    game one test could not write (on purpose) is not left to be tried in the next test."""
    yield
    from storage import status
    from storage.history.keeper import KEEPER

    KEEPER.reset()
    status.clear()
