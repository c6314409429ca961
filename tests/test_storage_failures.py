"""Nothing silent, nothing lost: a full disk, a read-only folder or a locked history is said on
the table and in the main menu until writing works again, and no finished game is lost
(issue 18, items 1–3)."""

from __future__ import annotations

import errno
import os
import subprocess
import time
from pathlib import Path

import pytest
from lock_helpers import lock_held
from memory_helpers import durak_result
from test_play_durak_ui import play_to_the_end
from test_table_support import fast_tables

from scenes.game_over import GameOverScene
from scenes.history_scene import HistoryScene
from scenes.i18n import tr
from scenes.main_menu import MainMenu
from scenes.storage_notice import notice
from scenes.table_config import Seat, TableConfig
from scenes.tables import open_table
from storage import paths, resume
from storage import status as storage_status
from storage.history.db import History
from storage.history.keeper import KEEPER


@pytest.fixture(autouse=True)
def no_problems_left():
    storage_status.clear()
    yield
    KEEPER.wait(10.0)
    storage_status.clear()


def open_durak(ui):
    ui.app.settings.animation_speed = 4.0
    open_table(ui.app, TableConfig("durak", [Seat("You"), Seat("Anna", "ai", "easy")]))
    return ui.top


def no_space_in(folder: Path, monkeypatch) -> None:
    """Every atomic write into ``folder`` fails as on a full disk (the rename is refused)."""
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        if Path(dst).parent == folder:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)


def test_the_storage_notice_names_the_cause_in_the_players_words():
    storage_status.report("save", OSError(errno.ENOSPC, "No space left on device"))
    assert notice() == tr("storage.not_saved", reason=tr("storage.disk_full"))
    storage_status.report("save", None)
    storage_status.report("history", "attempt to write a readonly database")
    assert notice() == tr("storage.not_saved", reason=tr("storage.read_only"))
    storage_status.report("history", None)
    assert notice() == ""


def test_a_full_disk_is_said_on_the_table_and_the_menu_until_saving_works_again(
        ui, monkeypatch):
    fast_tables(monkeypatch)
    table = open_durak(ui)
    ui.step(2)
    assert resume.WRITER.flush()
    with monkeypatch.context() as full:
        no_space_in(paths.data_dir(), full)
        table.source._saved_key = None  # the next frame saves again
        ui.step(2)
        assert resume.WRITER.flush()
        wanted = tr("storage.not_saved", reason=tr("storage.disk_full"))
        assert notice() == wanted
        ui.app.draw()  # drawn on the table without trouble
        ui.app.push(MainMenu(ui.app))
        ui.step(1)
        ui.app.draw()
        assert notice() == wanted
        ui.app.pop()
    # room again: the writer tries once more by itself, and the notice goes
    for _ in range(60):
        if not notice():
            break
        ui.step(1, dt=0.1)
        resume.WRITER.flush(0.2)
    assert notice() == ""
    assert resume.find_saved().saved is not None


def test_a_finished_game_keeps_its_save_until_the_record_is_written(ui, monkeypatch):
    fast_tables(monkeypatch, seed=3)
    table = open_durak(ui)
    with monkeypatch.context() as full:
        no_space_in(paths.records_dir(), full)
        play_to_the_end(ui, table)
        assert isinstance(ui.top, GameOverScene)
        assert table.recorder.error and notice()
        assert not KEEPER.wait(1.0), "the keeper keeps trying to write the record"
        assert resume.WRITER.flush() and paths.resume_path().exists(), "the game is not lost"
    assert KEEPER.wait(20.0)  # room again: the record, then the row, then the save goes
    assert table.recorder.path.exists() and notice() == ""
    assert resume.WRITER.flush() and not paths.resume_path().exists()
    history = History.open(paths.history_path())
    [row] = history.page()
    assert row.record_path == str(table.recorder.path) and row.verified
    history.close()


def test_a_game_finished_while_the_history_is_locked_reaches_it_and_only_then_drops_the_save(
        ui, monkeypatch):
    fast_tables(monkeypatch, seed=3)
    history = History.open(paths.history_path())
    history.close()
    table = open_durak(ui)
    with lock_held(paths.history_path()):
        play_to_the_end(ui, table)
        for _ in range(100):
            if KEEPER.problem:
                break
            KEEPER.wait(0.1)
        assert KEEPER.busy and notice() == tr("storage.history_busy")
        assert resume.WRITER.flush() and paths.resume_path().exists()
    assert KEEPER.wait(20.0)
    assert resume.WRITER.flush() and not paths.resume_path().exists()
    assert notice() == ""
    history = History.open(paths.history_path())
    assert history.count() == 1 and not list(paths.data_dir().glob("history.db.damaged-*"))
    history.close()


def test_the_history_screen_says_busy_without_waiting_and_fills_in_when_free(ui):
    history = History.open(paths.history_path())
    for i in range(3):
        history.add(durak_result(["You", "Anna"], [0], 1, f"g{i}"), None, float(i), 1,
                    ("human", "ai"))
    history.close()
    with lock_held(paths.history_path()):
        scene = HistoryScene(ui.app)
        ui.app.push(scene)
        ui.step(2)
        assert scene.waiting_text == tr("history.busy") and scene.rows == []
        ui.app.draw()
    deadline = time.monotonic() + 30  # real seconds: the retry runs in its own thread
    while not scene.rows and time.monotonic() < deadline:
        ui.step(1, dt=0.05)
        time.sleep(0.02)
    assert len(scene.rows) == 3 and scene.waiting_text == ""
    assert not list(paths.data_dir().glob("history.db.damaged-*"))


def _can_mount() -> bool:
    if os.name != "posix" or os.geteuid() != 0:
        return False
    probe = Path("/tmp") / f"kozyr-mount-probe-{os.getpid()}"
    probe.mkdir(exist_ok=True)
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(probe)],
                              capture_output=True).returncode == 0
        if done:
            subprocess.run(["umount", str(probe)], capture_output=True)
        return done
    finally:
        probe.rmdir()


@pytest.fixture
def small_disk(tmp_path):
    """A real 512 KiB file system (tmpfs), where mounting is allowed (root on Linux)."""
    if not _can_mount():
        pytest.skip("mounting a small file system needs root on Linux; the patched test covers it")
    mount = tmp_path / "small"
    mount.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount)], check=True)
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=False)


def test_a_really_full_small_disk_is_said_and_the_game_goes_on(ui, monkeypatch, small_disk):
    monkeypatch.setenv("KOZYR_DATA_DIR", str(small_disk / "data"))
    fast_tables(monkeypatch)
    table = open_durak(ui)
    ui.step(2)
    assert resume.WRITER.flush() and paths.resume_path().exists()
    filler = small_disk / "filler"
    with open(filler, "wb", buffering=0) as f:  # take every byte left
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError:
            pass
    for _ in range(50):
        table.source._saved_key = None
        ui.step(1)
        resume.WRITER.flush(0.5)
        if notice():
            break
    assert notice() == tr("storage.not_saved", reason=tr("storage.disk_full"))
    filler.unlink()
    for _ in range(60):
        ui.step(1, dt=0.1)
        resume.WRITER.flush(0.2)
        if not notice():
            break
    assert notice() == ""


@pytest.fixture
def read_only_folder(tmp_path):
    """A data folder nobody may write: a read-only mount as root, else the folder's mode."""
    folder = tmp_path / "ro"
    folder.mkdir()
    if os.name == "posix" and os.geteuid() == 0:
        if not _can_mount():
            pytest.skip("root ignores folder modes and cannot mount here")
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)],
                       check=True)
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        yield folder
        subprocess.run(["umount", "-l", str(folder)], check=False)
    else:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)


def test_a_read_only_data_folder_is_said_on_the_table(ui, monkeypatch, read_only_folder):
    monkeypatch.setenv("KOZYR_DATA_DIR", str(read_only_folder))
    fast_tables(monkeypatch)
    open_durak(ui)
    ui.step(2)
    assert resume.WRITER.flush()
    assert notice() == tr("storage.not_saved", reason=tr("storage.read_only"))
    ui.app.draw()
