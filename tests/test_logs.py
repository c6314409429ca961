"""The game's log: one rotating file in the log folder (KOZYR_LOG_DIR in tests), INFO and above
from every part; no sound device means silence, said once in the log and not on stderr."""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import subprocess
import sys
from pathlib import Path

from scenes import logs
from storage import paths

ROOT = Path(__file__).resolve().parent.parent


def _start_game(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    """``game.py --frames 3`` in its own folders; SDL's audio driver as the machine has it."""
    base = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    base.update(KOZYR_CONFIG_DIR=str(tmp_path / "config"), KOZYR_DATA_DIR=str(tmp_path / "data"),
                KOZYR_LOG_DIR=str(tmp_path / "log"), SDL_VIDEODRIVER="dummy", **env)
    return subprocess.run([sys.executable, "game.py", "--frames", "3"], cwd=ROOT, env=base,
                          capture_output=True, text=True, timeout=180)


def test_the_game_writes_its_log_into_the_log_folder_and_nothing_onto_stderr(tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps({"language": "fr"}))
    done = _start_game(tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "ALSA lib" not in done.stderr and "Traceback" not in done.stderr
    text = (tmp_path / "log" / "kozyr.log").read_text(encoding="utf-8")
    assert "INFO kozyr [MainProcess]: Kozyr started" in text
    assert "language fr loaded" in text


def test_without_a_sound_device_the_game_is_silent_and_says_so_once_in_the_log(tmp_path):
    done = _start_game(tmp_path, SDL_AUDIODRIVER="no-such-sound-driver")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr.strip() == ""
    text = (tmp_path / "log" / "kozyr.log").read_text(encoding="utf-8")
    assert text.count("no sound device") == 1


def test_the_log_is_one_rotating_file_set_up_once(tmp_path, monkeypatch):
    logs.stop_logging()
    monkeypatch.setenv("KOZYR_LOG_DIR", str(tmp_path / "here"))
    try:
        assert logs.setup_logging() == tmp_path / "here" / "kozyr.log" == paths.log_path()
        assert logs.setup_logging() == tmp_path / "here" / "kozyr.log"  # the second call: same
        ours = [h for h in logging.getLogger().handlers
                if isinstance(h, logging.handlers.RotatingFileHandler)]
        assert len(ours) == 1 and ours[0].maxBytes == logs.MAX_BYTES
        logging.getLogger("kozyr.save").debug("not kept")
        logging.getLogger("kozyr.save").info("kept")
        ours[0].flush()
        text = (tmp_path / "here" / "kozyr.log").read_text(encoding="utf-8")
        assert "kept" in text and "not kept" not in text
    finally:
        logs.stop_logging()


def test_without_an_override_the_log_is_in_the_platforms_log_folder(monkeypatch):
    import platformdirs

    monkeypatch.delenv("KOZYR_LOG_DIR", raising=False)
    assert paths.log_dir() == Path(platformdirs.user_log_dir("kozyr", appauthor=False))


def test_an_error_in_a_background_thread_is_written_to_the_log(tmp_path, monkeypatch):
    import threading

    logs.stop_logging()
    monkeypatch.setenv("KOZYR_LOG_DIR", str(tmp_path))
    monkeypatch.setattr(threading, "excepthook", lambda args: None)  # the test's own quiet hook
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    try:
        logs.setup_logging()

        def broken() -> None:
            raise RuntimeError("a thread fell over")

        worker = threading.Thread(target=broken, name="saver")
        worker.start()
        worker.join()
        for handler in logging.getLogger().handlers:
            handler.flush()
        text = (tmp_path / "kozyr.log").read_text(encoding="utf-8")
        assert "an error in the thread saver" in text and "a thread fell over" in text
    finally:
        logs.stop_logging()
