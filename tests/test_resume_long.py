"""A long game's save stays small, is made off the frame loop, and Continue always takes it up.

Takes can make a Durak game of thousands of moves. The save keeps the state (its history cut
to the deal and the last events) and the actions, so its size does not grow with every move
beyond the actions themselves, and it is locked and written in the writer's thread.
"""

from __future__ import annotations

import json
import random
import threading

import pytest

from engine.durak import DurakGame, DurakSeries
from engine.shuffle import SeededDealer
from scenes.table_config import Seat, TableConfig
from storage import resume

TAKE, PASS = 36, 37


def takes_mostly(game: DurakGame, actions: list[int], moves: int, rng: random.Random) -> None:
    """Defenders nearly always take, so the game runs long: ``moves`` more moves."""
    for _ in range(moves):
        legal = game.legal_actions()
        action = TAKE if TAKE in legal and rng.random() < 0.95 else rng.choice(legal)
        game.apply(action)
        actions.append(action)
        assert not game.is_over(), "pick a longer game for this test"


def long_game() -> tuple[DurakGame, list[int], random.Random]:
    rng = random.Random(2)  # seed 2, six players: over 4,600 moves before it ends
    game, actions = DurakGame.new(6, SeededDealer(2)), []
    return game, actions, rng


def state_bytes(game: DurakGame) -> int:
    return len(json.dumps(resume.engine_state(game)))


def test_the_saved_history_does_not_grow_with_every_move(tmp_path, monkeypatch):
    # What still grows is what the rules must remember (the positions of a run of takes) and
    # the actions, a few bytes each; the event history, ten times that, stays cut.
    game, actions, rng = long_game()
    takes_mostly(game, actions, 1500, rng)
    early = resume.engine_state(game)["data"]["history"]
    takes_mostly(game, actions, 2500, rng)
    late = resume.engine_state(game)["data"]["history"]
    assert len(game.history) > 4000
    assert len(late) == len(early) <= resume.KEEP_EVENTS + 60
    assert late[-1] == game.history[-1].to_json()
    assert len(json.dumps(resume.engine_state(game))) < 96 * 1024


def test_a_long_game_is_never_refused_by_continue_and_plays_on_the_same(tmp_path, monkeypatch):
    monkeypatch.setenv("KOZYR_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("KOZYR_DATA_DIR", str(tmp_path / "data"))
    game, actions, rng = long_game()
    takes_mostly(game, actions, 4000, rng)
    config = TableConfig("durak", [Seat(f"P{i}") for i in range(game.num_players)])
    resume.save(resume.SavedTable(config, resume.engine_state(game), list(actions), []))
    found = resume.find_saved()
    assert found.problem is None and found.saved is not None
    assert found.saved.actions == actions
    restored, _ = resume.restore(found.saved)
    while not game.is_over():  # the same moves from here on, to the same end
        assert restored.legal_actions() == game.legal_actions()
        action = rng.choice(game.legal_actions())
        game.apply(action)
        restored.apply(action)
    assert restored.result() == game.result()


def test_a_series_save_cuts_its_game_history_too():
    series = DurakSeries(6, SeededDealer(2))
    rng, actions = random.Random(2), []
    takes_mostly(series.game, actions, 3000, rng)
    state = resume.engine_state(series.game, series)
    assert len(state["data"]["game"]["history"]) <= resume.KEEP_EVENTS + 60
    assert DurakSeries.from_json(json.loads(json.dumps(state["data"]))).game.legal_actions() == (
        series.game.legal_actions())


def test_the_save_is_locked_and_written_in_the_writers_thread(tmp_path, monkeypatch):
    monkeypatch.setenv("KOZYR_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("KOZYR_DATA_DIR", str(tmp_path / "data"))
    sealed_in: list[str] = []
    real = resume._fernet

    def watched(create: bool):
        sealed_in.append(threading.current_thread().name)
        return real(create)

    monkeypatch.setattr(resume, "_fernet", watched)
    game = DurakGame.new(3, SeededDealer(2))
    config = TableConfig("durak", [Seat("A"), Seat("B"), Seat("C")])
    resume.save(resume.SavedTable(config, resume.engine_state(game), [], []))
    assert resume.WRITER.flush()
    assert sealed_in and threading.current_thread().name not in sealed_in


def test_removing_the_save_syncs_its_folder(tmp_path, monkeypatch):
    from storage import save_writer

    synced: list[str] = []
    monkeypatch.setattr(save_writer, "sync_directory", synced.append)
    writer = save_writer.SaveWriter(".test-")
    path = tmp_path / "save.kozyr"
    writer.put(path, "text")
    assert writer.flush() and path.exists()
    writer.remove(path)
    assert not path.exists() and synced == [str(tmp_path)]


def test_the_key_kept_in_memory_follows_the_key_file(tmp_path, monkeypatch):
    # The key's Fernet is kept between saves; a key file replaced or removed is seen at once.
    from cryptography.fernet import Fernet

    from storage import paths
    from storage.safe_files import write_atomically

    monkeypatch.setenv("KOZYR_CONFIG_DIR", str(tmp_path))
    locked = resume.seal("hands and seeds")
    assert resume.unseal(locked.encode()) == "hands and seeds"
    write_atomically(paths.resume_key_path(), Fernet.generate_key().decode(), ".key-")
    with pytest.raises(resume.SaveDamaged, match="does not open"):
        resume.unseal(locked.encode())
    paths.resume_key_path().unlink()
    with pytest.raises(resume.SaveDamaged, match="missing"):
        resume.unseal(locked.encode())
