"""A simulation spread over a Ray cluster: ``game.py simulate --ray [ADDRESS] …``.

Ray is an optional extra (``pip install -r requirements-ray.txt``), imported only here and only
when ``--ray`` is given; nothing that plays needs it. Without an address a local cluster is
started for the run (``--jobs`` CPUs when more than one is asked for) and stopped after it.
Each game is one Ray task running the same ``play_durak`` / ``play_azi`` as ``--jobs``, seeded
by (seed, game, seat) alone, so the same seeds give the same games wherever they run; the
records come back in game order. The project's ``engine``, ``ai`` and ``tools`` packages are
shipped to the workers with the job (Ray's ``py_modules``), so a remote cluster needs no copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

LOCAL = "local"  # --ray without an address: start a cluster on this machine for the run


class RayMissing(RuntimeError):
    """Ray is not installed (it is an optional extra)."""


def _ray() -> Any:
    try:
        import ray
    except ImportError as error:
        raise RayMissing("Ray is not installed: pip install -r requirements-ray.txt") from error
    return ray


def run_on_ray(config: Any, address: str, progress: Callable[[int, int], None] | None = None,
               ) -> list[dict[str, Any]]:
    """Play every game of ``config`` as Ray tasks on the cluster at ``address`` (LOCAL: start one)."""
    ray = _ray()
    import ai
    import engine
    import tools
    from tools.simulate import play_one

    runtime_env = {"py_modules": [engine, ai, tools]}
    started_here = not ray.is_initialized()
    if started_here:
        if address == LOCAL:
            ray.init(num_cpus=config.jobs if config.jobs > 1 else None, runtime_env=runtime_env,
                     include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, runtime_env=runtime_env, log_to_driver=False,
                     configure_logging=False)
    try:
        task = ray.remote(play_one)
        pending = {task.remote(config, index): index for index in range(config.games)}
        records: list[dict[str, Any] | None] = [None] * config.games
        done = 0
        waiting = list(pending)
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            for ref in ready:
                records[pending[ref]] = ray.get(ref)
                done += 1
                if progress:
                    progress(done, config.games)
        return [r for r in records if r is not None]
    finally:
        if started_here:
            ray.shutdown()
