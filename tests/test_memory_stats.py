"""Statistics read like a score sheet: a small history is built by hand and every number is the
one a person counting the games would write down. Exports write what the history holds."""

from __future__ import annotations

import csv
import json

import pytest

from storage.history import History
from storage.history.export import export_all, export_game
from storage.history.stats import player_stats
from tests.memory_helpers import azi_result, durak_result, played_durak


@pytest.fixture
def history(tmp_path):
    """Anna's evening: five Durak games and three Azi sessions, in this order."""
    h = History.open(tmp_path / "history.db")
    duel = ["human", "easy"]
    trio = ["human", "hard", "normal"]
    games = [  # (record, seat kinds) — Anna is seat 0 everywhere
        (durak_result(["Anna", "Bot"], [0], 1, "d1"), duel),             # win vs easy
        (durak_result(["Anna", "Bot"], [0], 1, "d2"), duel),             # win vs easy
        (durak_result(["Anna", "Bot", "Max"], [1, 2], 0, "d3"), trio),   # Durak, 3rd
        (durak_result(["Anna", "Bot", "Max"], [0, 1], 2, "d4"), trio),   # out first
        (durak_result(["Anna", "Bot"], [], None, "d5"), duel),           # draw
        (azi_result(["Anna", "Bot"], [150, 50], 100, "a1"), duel),        # +50
        (azi_result(["Anna", "Bot", "Max"], [0, 200, 100], 100, "a2"), trio),  # -100
        (azi_result(["Anna", "Bot"], [130, 70], 100, "a3"), duel),        # +30
    ]
    for t, (record, kinds) in enumerate(games):
        h.add(record, None, 1000.0 + t, 60.0, kinds)
    yield h
    h.close()


def test_durak_games_wins_and_the_durak_rate(history):
    s = player_stats(history, "anna", "durak")
    assert (s.games, s.total.wins, s.total.losses, s.total.draws) == (5, 3, 1, 1)
    assert s.durak_rate == pytest.approx(1 / 5)


def test_the_average_place_counts_a_draw_as_the_place_after_those_out(history):
    # places 1, 1, 3, 1 and the draw shares place 1 (nobody was out before it)
    assert player_stats(history, "Anna", "durak").average_place == pytest.approx(7 / 5)


def test_results_against_each_computer_level(history):
    by = player_stats(history, "Anna", "durak").by_level
    assert (by["easy"].wins, by["easy"].losses, by["easy"].draws) == (2, 0, 1)
    assert (by["hard"].wins, by["hard"].losses) == (1, 1)
    assert (by["normal"].wins, by["normal"].losses) == (1, 1)


def test_longest_streaks_of_wins_and_of_losses(history):
    durak = player_stats(history, "Anna", "durak")  # win win loss win draw
    assert (durak.longest_wins, durak.longest_losses) == (2, 1)
    azi = player_stats(history, "Anna", "azi")  # win loss win
    assert (azi.longest_wins, azi.longest_losses) == (1, 1)


def test_azi_chips_won_over_time_and_places_by_stack(history):
    s = player_stats(history, "Anna", "azi")
    assert [c for _, c in s.chips] == [50, -50, -20] and s.chips_won == -20
    assert s.durak_rate is None
    assert s.average_place == pytest.approx((1 + 3 + 1) / 3)


def test_a_player_seen_only_as_an_opponent_has_his_own_statistics(history):
    bot = player_stats(history, "Bot", "durak")  # the Durak of the two duels
    assert (bot.games, bot.total.losses) == (5, 2)
    # his own level is not an opponent's: at the three-seat table he faced Max (normal)
    assert set(bot.by_level) == {"normal"} and bot.by_level["normal"].games == 2


def test_a_stranger_has_no_games(history):
    s = player_stats(history, "Nobody", "azi")
    assert s.games == 0 and s.average_place is None and s.chips_won == 0


def test_the_whole_history_exports_as_json_and_csv(history, tmp_path):
    json_path, csv_path = export_all(history, tmp_path / "exports")
    data = json.loads(json_path.read_text())
    assert len(data["games"]) == 8 and data["games"][0]["seats"][0]["name"] == "Anna"
    with open(csv_path, newline="") as f:
        lines = list(csv.DictReader(f))
    assert len(lines) == 2 + 2 + 3 + 3 + 2 + 2 + 3 + 2  # a line per seat
    assert {line["outcome"] for line in lines} == {"win", "loss", "draw"}


def test_one_game_exports_with_its_record(tmp_path):
    history = History.open(tmp_path / "history.db")
    record = played_durak(2)
    path = tmp_path / "durak.json"
    path.write_text(record.dumps())
    history.add(record, path, 1.0, 2.0, ["human", "hard"])
    json_path, csv_path = export_game(history.page()[0], tmp_path / "exports")
    data = json.loads(json_path.read_text())
    assert data["games"][0]["record"]["deals"][0]["seed"] == record.deals[0].seed
    assert csv_path.read_text().count("\n") == 3
    history.close()


# --- kept statistics (issue 18 item 5: Statistics opens at once with 100,000 games) -------------
def counted_afresh(history, name, game):
    history.conn.execute("DELETE FROM stats_kept")
    return player_stats(history, name, game)


def test_kept_statistics_equal_a_fresh_count_after_games_added_late_early_or_replaced(tmp_path):
    import random

    rng = random.Random(4)
    h = History.open(tmp_path / "history.db")
    names = ["Anna", "Bot", "Max"]
    for number in range(60):
        order = rng.sample(range(3), 2)
        record = (durak_result(names, order, 3 - sum(order), f"g{number % 45}")
                  if rng.random() < 0.6 else
                  azi_result(names, rng.sample([0, 100, 200], 3), 100, f"g{number % 45}"))
        h.add(record, None, 1000.0 + rng.randint(0, 100), 60.0, ["human", "easy", "hard"])
        for game in ("durak", "azi"):
            kept = player_stats(h, "Anna", game)  # brought up to date, game by game
            assert kept == counted_afresh(h, "Anna", game) == player_stats(h, "Anna", game)
    assert h.conn.execute("SELECT COUNT(*) FROM stats_kept").fetchone()[0] > 0
    h.close()


def test_a_kept_tally_is_read_without_counting_the_games_again(history):
    player_stats(history, "Anna", "durak")
    history.conn.execute("DELETE FROM seats WHERE name = 'Max'")  # not Anna's tally
    history.conn.execute("UPDATE stats_kept SET data = replace(data, '\"outcomes\":[3,1,1]', "
                         "'\"outcomes\":[7,1,1]') WHERE name = 'Anna'")
    assert player_stats(history, "Anna", "durak").total.wins == 7  # read, not recounted


def test_player_names_come_from_counts_kept_by_the_database(history):
    assert history.player_names()[:2] == ["Anna", "Bot"]
    history.conn.execute("DELETE FROM games WHERE key = 'a2'")
    counts = dict(history.conn.execute("SELECT name, games FROM players"))
    assert counts == {"Anna": 7, "Bot": 7, "Max": 2}


def test_an_export_cut_short_by_a_full_disk_leaves_no_half_file(history, tmp_path, monkeypatch):
    import errno
    import os

    def full(src, dst, *args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", full)
    folder = tmp_path / "exports"
    with pytest.raises(OSError):
        export_all(history, folder)
    assert list(folder.iterdir()) == []  # neither a half JSON nor a temporary file is left


def test_a_join_proof_file_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    import errno
    import os
    from types import SimpleNamespace

    from net.cli import _finish

    state = SimpleNamespace(verdicts={1: []}, records=[], seat=0, token="t", game="durak",
                            ended="table_over", result={}, unchecked=set(), proofs=[], faults=[],
                            refusals=[])
    proof = tmp_path / "proof.json"
    assert _finish(state, str(proof)) == 0 and json.loads(proof.read_text())["seat"] == 0
    monkeypatch.setattr(os, "replace", lambda *a, **k: (_ for _ in ()).throw(
        OSError(errno.ENOSPC, "No space left on device")))
    state.seat = 1
    with pytest.raises(OSError):
        _finish(state, str(proof))
    assert json.loads(proof.read_text())["seat"] == 0  # the old proof, whole
    assert [p.name for p in tmp_path.iterdir()] == ["proof.json"]
