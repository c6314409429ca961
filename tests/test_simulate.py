"""The headless simulator: plays tiny matches of both games, prints a table, writes JSON, and
gives the same totals however many processes share the games."""

import json

import pytest

from tools.simulate import (
    Config,
    main,
    mean_ci,
    parse_args,
    percentile,
    run,
    seat_types,
    summarize,
    wilson,
)

TINY = ["--budget", "0.001"]


def test_a_tiny_azi_match_prints_a_table(capsys):
    assert main(["--game", "azi", "--players", "3", "--seats", "hard,normal,easy", "--games", "3",
                 "--azi-games", "3", *TINY]) == 0
    out = capsys.readouterr().out
    assert "chips/game" in out
    for level in ("hard", "normal", "easy"):
        assert any(line.startswith(level) for line in out.splitlines())


def test_a_tiny_durak_match_prints_a_table(capsys):
    pytest.importorskip("engine.durak")
    assert main(["--game", "durak", "--players", "2", "--seats", "random", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "durak %" in out and any(line.startswith("random") for line in out.splitlines())


def test_json_output_is_valid_json(tmp_path, capsys):
    target = tmp_path / "run.json"
    main(["--game", "azi", "--players", "2", "--seats", "easy,normal", "--games", "2",
          "--azi-games", "2", "--json", str(target)])
    data = json.loads(target.read_text(encoding="utf-8"))
    assert set(data["summary"]["by_type"]) == {"easy", "normal"}
    assert len(data["records"]) == 2


def _totals(summary):
    return {level: {k: v for k, v in row.items() if not k.startswith("time_")}
            for level, row in summary["by_type"].items()}


def test_two_jobs_give_the_same_totals_as_one():
    one = Config(game="azi", players=3, seats=("hard", "normal", "easy"), games=4, seed=3,
                 budget=0.001, azi_games=2)
    two = Config(**{**one.__dict__, "jobs": 2})
    assert _totals(summarize(one, run(one))) == _totals(summarize(two, run(two)))


def test_seat_types_rotate_through_every_seat():
    config = Config(game="azi", players=3, seats=("hard", "normal", "normal"), games=3)
    hard_seats = {seat_types(config, g).index("hard") for g in range(3)}
    assert hard_seats == {0, 1, 2}


def test_a_short_seat_list_repeats_its_last_type():
    config, _ = parse_args(["--game", "durak", "--players", "4", "--seats", "hard,normal"])
    assert config.seats == ("hard", "normal", "normal", "normal")


def test_unknown_seat_types_are_refused():
    with pytest.raises(SystemExit):
        parse_args(["--game", "azi", "--seats", "wizard"])


def test_wilson_interval_brackets_the_rate():
    low, high = wilson(65, 100)
    assert low < 0.65 < high and low > 0.54 and high < 0.75


def test_mean_interval_and_percentile():
    mean, low, high = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and low < 2.5 < high
    assert mean_ci([5.0])[1:] == (float("-inf"), float("inf"))
    assert percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95) == 10


def test_an_azi_stack_beyond_the_tables_bounds_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stop:
        parse_args(["--game", "azi", "--players", "3", "--seats", "easy", "--stack", "10" * 9])
    assert stop.value.code == 2
    assert "starting stack must be from 1 to" in capsys.readouterr().err
