"""LAN tables under load: many bot tables on loopback at once (127.0.0.1 only), bounded in time.

``python -m bench.lan --tables 20 --players 4 --seconds 60`` starts one host process holding
every table (three network seats and one computer seat per 4-player table by default) and
plays the network seats with computer players in this process, table after table until the
time is up. Prints actions per second, action-to-event latency (median, p99) as the clients
measured it, and the host process's peak memory. Goal: 20 tables of 4, p99 under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time

LOOPBACK = "127.0.0.1"


async def _serve(tables: int, players: int, seconds: float) -> None:
    """Host process: keep ``tables`` Durak tables running until the time is up."""
    from net.host import Host, HostConfig

    deadline = time.monotonic() + seconds
    seats = ["human"] * (players - 1) + ["easy"]
    hosts = []
    for _ in range(tables):
        host = Host(HostConfig(game="durak", seats=seats, games=1000, bind=LOOPBACK, port=0))
        await host.start()
        hosts.append(host)
    print(json.dumps([h.address for h in hosts]), flush=True)
    runs = [asyncio.create_task(h.run()) for h in hosts]
    await asyncio.sleep(max(0.0, deadline - time.monotonic()))
    for host in hosts:
        await host.stop("host_stopped")
    await asyncio.gather(*runs, return_exceptions=True)
    print(json.dumps({"peak_kib": _peak_kib()}), flush=True)


def _peak_kib() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmHWM"))
    except (OSError, StopIteration):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


async def _play(addresses: list[str], per_table: int) -> list:
    from net.bots import SeatBot

    bots = [SeatBot(a, "easy", reconnect_for=0) for a in addresses for _ in range(per_table)]
    await asyncio.gather(*(b.run() for b in bots))
    return bots


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=20)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.tables = max(1, min(args.tables, 50))  # bounded: this is a benchmark, not a load test
    args.seconds = max(2.0, min(args.seconds, 300.0))
    if args.serve:
        asyncio.run(_serve(args.tables, args.players, args.seconds))
        return 0
    host = subprocess.Popen([sys.executable, "-m", "bench.lan", "--serve", "--tables",
                             str(args.tables), "--players", str(args.players), "--seconds",
                             str(args.seconds)], stdout=subprocess.PIPE, text=True,
                            cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    addresses = json.loads(host.stdout.readline())
    started = time.perf_counter()
    bots = asyncio.run(_play(addresses, args.players - 1))
    elapsed = time.perf_counter() - started
    peak = json.loads(host.stdout.readline())["peak_kib"]
    host.wait(timeout=30)
    latencies = sorted(x for b in bots for x in b.latencies)
    deals = sum(len(b.state.verdicts) for b in bots)
    failed = sum(1 for b in bots for v in b.state.verdicts.values() if v)
    actions = len(latencies)
    print(f"tables={args.tables} players={args.players} seconds={elapsed:.1f} "
          f"client_actions={actions} actions_per_second={actions / elapsed:.0f}")
    if latencies:
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(f"latency_ms median={statistics.median(latencies) * 1000:.1f} p99={p99 * 1000:.1f}")
    print(f"host_peak_memory_mib={peak / 1024:.1f} deals_checked={deals} deals_failed={failed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
