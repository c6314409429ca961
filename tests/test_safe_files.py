"""Saves are atomic: a failed write leaves the old file and no temporary file behind."""

import os
import time

import pytest

import game
from scenes.settings import TEMP_PREFIX as SETTINGS_PREFIX
from scenes.settings import Settings, load_settings, save_settings
from storage import safe_files
from storage.records import TEMP_PREFIX as RECORD_PREFIX
from storage.safe_files import STALE_SECONDS, remove_stale_temps, write_atomically


def test_a_write_replaces_the_file_and_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "deep" / "x.json"
    write_atomically(target, "new", ".test-")
    write_atomically(target, "newer", ".test-")
    assert target.read_text(encoding="utf-8") == "newer"
    assert os.listdir(target.parent) == ["x.json"]


def test_a_write_that_fails_midway_keeps_the_old_file_and_removes_its_temporary(tmp_path,
                                                                              monkeypatch):
    target = tmp_path / "x.json"
    target.write_text("old")

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(safe_files.os, "fsync", disk_full)
    with pytest.raises(OSError):
        write_atomically(target, "new", ".test-")
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["x.json"]


def test_a_failed_settings_save_reports_keeps_the_old_file_and_no_temporary(tmp_path,
                                                                          monkeypatch):
    path = str(tmp_path / "settings.json")
    assert save_settings(Settings(volume=0.3), path) is None

    def refuse(src, dst):
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(safe_files.os, "replace", refuse)
    assert save_settings(Settings(volume=0.9), path) == "Permission denied"
    monkeypatch.undo()
    assert load_settings(path).volume == 0.3
    assert os.listdir(tmp_path) == ["settings.json"]


def _temp(directory, name, age):
    path = directory / name
    path.write_text("{half")
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_stale_temporary_files_of_ours_are_removed_and_young_or_foreign_ones_kept(tmp_path):
    old = _temp(tmp_path, ".settings-abc.json", STALE_SECONDS + 5)
    young = _temp(tmp_path, ".settings-def.json", 1)
    foreign = _temp(tmp_path, ".other-abc.json", STALE_SECONDS + 5)
    assert remove_stale_temps(tmp_path, SETTINGS_PREFIX) == 1
    assert not old.exists() and young.exists() and foreign.exists()


def test_loading_the_settings_removes_stale_settings_temporaries(tmp_path):
    old = _temp(tmp_path, ".settings-x1.json", STALE_SECONDS + 5)
    load_settings(str(tmp_path / "settings.json"))
    assert not old.exists()


def test_starting_the_game_removes_stale_record_temporaries(tmp_path, monkeypatch):
    monkeypatch.setenv("KOZYR_DATA_DIR", str(tmp_path))
    records = tmp_path / "records"
    records.mkdir()
    old = _temp(records, RECORD_PREFIX + "x1.json", STALE_SECONDS + 5)
    kept = records / "durak-20250301-2015-3fa9c21e.json"
    kept.write_text("{}")
    game._remove_stale_saves()
    assert not old.exists() and kept.exists()
