"""A save that failed is tried again only while nothing newer came for its file: a newer save
that worked is never overwritten by the older text later (storage/save_writer.py)."""

from __future__ import annotations

import errno
import time

import pytest

from storage import save_writer


@pytest.fixture
def disk(monkeypatch):
    """A disk that is full while ``disk["full"]``; failed saves are tried again quickly."""
    monkeypatch.setattr(save_writer, "RETRY_SECONDS", 0.05)
    real = save_writer.write_atomically
    state = {"full": True}

    def write(path, text, prefix):
        if state["full"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, text, prefix)

    monkeypatch.setattr(save_writer, "write_atomically", write)
    return state


def test_an_older_failed_save_never_comes_back_over_a_newer_one(tmp_path, disk):
    writer = save_writer.SaveWriter(".test-")
    path = tmp_path / "table.json"
    writer.put(path, "move 1")
    assert writer.flush() and not path.exists()  # the disk is full: kept to be tried again
    disk["full"] = False
    writer.put(path, "move 2")
    assert writer.flush() and path.read_text() == "move 2"
    time.sleep(0.3)  # well past the pause after which a failed save is tried again
    assert writer.flush() and path.read_text() == "move 2"


def test_a_save_that_fails_for_good_is_dropped_once_a_newer_one_goes_elsewhere(tmp_path, disk):
    # the data folder moved (or a test's folder is gone): the old place is not tried for ever
    from storage import status

    writer = save_writer.SaveWriter(".test-")
    old, new = tmp_path / "old" / "table.json", tmp_path / "new" / "table.json"
    writer.put(old, "move 1")
    assert writer.flush() and not old.exists()
    disk["full"] = False
    (tmp_path / "old").write_text("a file where the folder was")  # that place fails for good
    writer.put(new, "move 2")
    assert writer.flush() and new.read_text() == "move 2"
    time.sleep(0.3)  # well past the pause after which a failed save is tried again
    assert writer.flush() and "save" not in status.problems()


def test_a_failed_save_is_written_once_the_disk_has_room(tmp_path, disk):
    writer = save_writer.SaveWriter(".test-")
    path = tmp_path / "table.json"
    writer.put(path, "move 1")
    assert writer.flush() and not path.exists()
    disk["full"] = False
    for _ in range(100):
        if path.exists():
            break
        time.sleep(0.02)
    assert path.read_text() == "move 1"
