"""``simulate --ray``: the same seeds give the same games on a Ray cluster as with ``--jobs``.

Ray is an optional extra: without it these tests are skipped, and ``--ray`` says how to get it.
"""

import pytest

from tools.simulate import Config, parse_args, run, summarize

ray = pytest.importorskip("ray")


def _games(records):
    return [(r["index"], r["types"], r["outcome"], r.get("durak"), r.get("chips")) for r in records]


def test_a_local_ray_cluster_plays_the_same_games_as_jobs():
    jobs = Config(game="durak", players=2, seats=("normal", "easy"), games=6, seed=4, jobs=2)
    on_ray = Config(**{**jobs.__dict__, "ray": "local"})
    expected = run(jobs)
    got = run(on_ray)
    assert _games(got) == _games(expected)
    totals = summarize(on_ray, got)["by_type"]
    assert totals["normal"]["wins"] == summarize(jobs, expected)["by_type"]["normal"]["wins"]


def test_ray_without_an_address_means_a_local_cluster():
    config, _ = parse_args(["--game", "durak", "--ray", "--games", "2"])
    assert config.ray == "local"
    config, _ = parse_args(["--game", "durak", "--ray", "ray://head:10001"])
    assert config.ray == "ray://head:10001"
