"""The arena's Azi matches: in parallel processes, and paired (a Hard lever against Hard as is).

Matches go through ``tools.simulate.play_one`` (seats rotated over one deal seed per rotation),
so a match is the same wherever it runs. A *lever* (bench/azi_levers.py) changes one setting of
Hard in the worker process only; a paired run plays the same matches (same deals, same random
streams) once with Hard as it is and once with the lever, and reports the difference of Hard's
chips per game rotation by rotation: far less noisy than two independent runs.
"""

from __future__ import annotations

import multiprocessing
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from tools.simulate import Config, mean_ci, play_one, summarize


def worker_pool(jobs: int, cpu_clock: bool, lever: str | None = None,
                reseed: bool = False) -> Any:
    """``jobs`` spawned processes that think on the run's clock, Hard moved by ``lever``; with
    ``reseed`` every player's random stream restarts at each of its decisions."""
    return multiprocessing.get_context("spawn").Pool(max(1, jobs), _start_worker,
                                                     (cpu_clock, lever, reseed))


def _start_worker(cpu_clock: bool, lever: str | None, reseed: bool = False) -> None:
    """Each worker thinks on the clock the run asked for, with the lever (if any) pulled."""
    if cpu_clock:
        from ai import thinking_clock

        thinking_clock.use_cpu_time()
    if lever:
        from bench.azi_levers import pull

        pull(lever)
    if reseed:
        reseed_each_decision()


def reseed_each_decision() -> None:
    """Every Azi player's stream restarts at each decision from its first draw and the
    decision's number: a lever that changes how many numbers one decision draws then leaves
    the later decisions' streams alone, so paired runs differ only where the lever acts."""
    from ai.azi.ai import AziPlayer

    choose = AziPlayer.choose

    def reseeded(self: Any, observation: dict[str, Any], legal: list[int]) -> int:
        if not hasattr(self, "stream_root"):
            self.stream_root, self.decisions = self.rng.random(), 0
        self.decisions += 1
        self.rng.seed(f"{self.stream_root}:{self.decisions}")
        return choose(self, observation, legal)
    AziPlayer.choose = reseeded  # type: ignore[method-assign]


def _play(args: tuple[Config, int]) -> dict[str, Any]:
    return play_one(*args)


def play_matches(config: Config, lever: str | None, cpu_clock: bool,
                 progress: Callable[[int], None], reseed: bool = False) -> list[dict[str, Any]]:
    """Every match of ``config`` over ``config.jobs`` processes, in order, Hard moved by
    ``lever`` (``reseed``: see :func:`reseed_each_decision`)."""
    pool = worker_pool(config.jobs, cpu_clock, lever, reseed)
    records = []
    try:
        for record in pool.imap(_play, [(config, i) for i in range(config.games)], chunksize=1):
            records.append(record)
            progress(len(records))
    finally:
        pool.close()
        pool.join()
    return records


def rotation_chips(config: Config, records: Sequence[dict[str, Any]], level: str) -> list[float]:
    """``level``'s chips per game in each seat rotation (the mean over its matches), in order."""
    by_rotation: dict[int, list[float]] = {}
    for record in records:
        for seat, kind in enumerate(record["types"]):
            if kind == level:
                by_rotation.setdefault(record["index"] // config.players, []).append(
                    record["chips"][seat] / max(1, record["games"]))
    return [statistics.fmean(by_rotation[r]) for r in sorted(by_rotation)]


def _interval(values: Sequence[float]) -> str:
    _mean, low, high = mean_ci(values)
    return "n/a" if len(values) < 2 else f"{low:+.2f} … {high:+.2f}"


def run_azi(seats: tuple[str, ...], matches: int, seed: int, budget: float, azi_games: int,
            log: Callable[[str], None], jobs: int = 1, cpu_clock: bool = False,
            lever: str | None = None, paired: bool = False) -> dict[str, Any]:
    """Play ``matches`` Azi matches (seats rotated); the first seat's chips per game.

    With ``paired`` the matches are played twice, as is and with ``lever``, and the figure is
    the lever's gain in the first seat's chips per game, its interval over rotations; both runs
    restart every player's stream at each decision (:func:`reseed_each_decision`).
    """
    config = Config(game="azi", players=len(seats), seats=seats, games=matches, seed=seed,
                    jobs=jobs, budget=budget, azi_games=azi_games)
    runs = [None, lever] if paired else [lever]
    results = []
    for pulled in runs:
        tag = f"[{pulled or 'as is'}] " if paired else ""

        def progress(done: int, tag: str = tag) -> None:
            log(f"  {tag}{done}/{matches} matches")
        results.append(play_matches(config, pulled, cpu_clock, progress, reseed=paired))
    records = results[-1]
    summary = summarize(config, records)
    first, second = summary["by_type"][seats[0]], summary["by_type"][seats[1]]
    row = {"games": f"{matches}×{azi_games}", "played": summary["games_played"],
           "think_ms": (first["time_median_ms"], second["time_median_ms"])}
    mine = rotation_chips(config, records, seats[0])
    if not paired:
        row.update(figure=f"{statistics.fmean(mine):+.2f} chips/game", interval=_interval(mine))
        return row
    base = rotation_chips(config, results[0], seats[0])
    gain = [b - a for a, b in zip(base, mine)]
    row.update(figure=f"{statistics.fmean(gain):+.2f} gain/game", interval=_interval(gain),
               note=(f"{lever}: {statistics.fmean(mine):+.2f} {_interval(mine)} chips/game, as is "
                     f"{statistics.fmean(base):+.2f} {_interval(base)}, on the same "
                     f"{matches} matches"))
    return row
