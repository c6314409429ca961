"""LAN tables under load: many bot tables on loopback at once (127.0.0.0/8 only), bounded in time.

``python -m bench.lan --tables 20 --players 4 --seconds 30 [--attack] [--insecure]`` starts one
host process holding every table (three network seats and one computer seat per 4-player
table), encrypted (wss://) unless ``--insecure``, each with a password, and plays the network
seats with computer players in this process. With ``--attack`` a third process keeps 300 idle
connections and 20 password guessers coming and going (bench/lan_attack.py). Prints actions
per second, the players' action-to-event latency (median, p99), the host's memory (peak, and
at the end once the attackers are gone) and what the attackers achieved.
Goal: 20 tables of 4 over TLS, p99 under 100 ms under attack and under 50 ms without.

Every process works in a temporary data and config folder (the certificate, the ledgers, the
records): a benchmark never writes into the player's own folders.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LOOPBACK = "127.0.0.1"
PASSWORD = "bench-table-password"
ROOT = Path(__file__).resolve().parent.parent


async def _serve(tables: int, players: int, seconds: float, secure: bool) -> None:
    """Host process: keep ``tables`` Durak tables running until the time is up."""
    from net.host import Host, HostConfig
    from storage.paths import config_dir

    tls, fingerprint = None, None
    if secure:
        from net.tls import host_context

        tls, fingerprint = host_context(config_dir())
    deadline = time.monotonic() + seconds
    seats = ["human"] * (players - 1) + ["easy"]
    hosts = []
    for _ in range(tables):
        host = Host(HostConfig(game="durak", seats=seats, games=1000, bind=LOOPBACK, port=0,
                               password=PASSWORD, tls=tls, fingerprint=fingerprint))
        await host.start()
        hosts.append(host)
    print(json.dumps([h.address for h in hosts]), flush=True)
    runs = [asyncio.create_task(h.run()) for h in hosts]
    await asyncio.sleep(max(0.0, deadline - time.monotonic()))
    end = {"rss_end_kib": _status("VmRSS"), "peak_kib": _status("VmHWM"),
           "connections_end": sum(h.door.connections for h in hosts),
           "refusals": sum(h.refusals for h in hosts)}
    for host in hosts:
        await host.stop("host_stopped")
    await asyncio.gather(*runs, return_exceptions=True)
    print(json.dumps(end), flush=True)


def _status(field: str) -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            return next(int(line.split()[1]) for line in f if line.startswith(field))
    except (OSError, StopIteration):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


async def _play(addresses: list[str], per_table: int) -> list:
    from net.bots import SeatBot

    bots = [SeatBot(a, "easy", password=PASSWORD, reconnect_for=0)
            for a in addresses for _ in range(per_table)]
    for bot in bots:
        bot.link.keep_records = False  # the history is not what is measured
    await asyncio.gather(*(b.run() for b in bots))
    return bots


def _child(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "bench.lan", *args], stdout=subprocess.PIPE,
                            text=True, cwd=ROOT, env=env)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tables", type=int, default=20)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--attack", action="store_true", help="300 idle connections, 20 guessers")
    p.add_argument("--idle", type=int, default=300)
    p.add_argument("--guessers", type=int, default=20)
    p.add_argument("--insecure", action="store_true", help="plain ws:// instead of wss://")
    p.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--attack-only", default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.tables = max(1, min(args.tables, 50))  # bounded: this is a benchmark, not a load test
    args.seconds = max(2.0, min(args.seconds, 300.0))
    args.idle, args.guessers = max(0, min(args.idle, 500)), max(0, min(args.guessers, 50))
    if args.serve:
        asyncio.run(_serve(args.tables, args.players, args.seconds, not args.insecure))
        return 0
    if args.attack_only is not None:
        from bench.lan_attack import attack

        counts = asyncio.run(attack(json.loads(args.attack_only), args.idle, args.guessers,
                                    args.seconds))
        print(json.dumps(counts), flush=True)
        return 0
    with tempfile.TemporaryDirectory(prefix="kozyr-bench-") as scratch:
        env = dict(os.environ, KOZYR_DATA_DIR=os.path.join(scratch, "data"),
                   KOZYR_CONFIG_DIR=os.path.join(scratch, "config"))
        os.environ.update(KOZYR_DATA_DIR=env["KOZYR_DATA_DIR"],
                          KOZYR_CONFIG_DIR=env["KOZYR_CONFIG_DIR"])
        return _run(args, env)


def _run(args: argparse.Namespace, env: dict[str, str]) -> int:
    serve = ["--serve", "--tables", str(args.tables), "--players", str(args.players),
             "--seconds", str(args.seconds)] + (["--insecure"] if args.insecure else [])
    host = _child(serve, env)
    attacker = None
    try:
        addresses = json.loads(host.stdout.readline())
        if args.attack:  # the attack stops a little before the tables, so memory can return
            attacker = _child(["--attack-only", json.dumps(addresses), "--idle", str(args.idle),
                               "--guessers", str(args.guessers), "--seconds",
                               str(max(1.0, args.seconds - 8.0))], env)
        started = time.perf_counter()
        bots = asyncio.run(_play(addresses, args.players - 1))
        elapsed = time.perf_counter() - started
        end = json.loads(host.stdout.readline())
        host.wait(timeout=30)
        attacked = json.loads(attacker.stdout.readline()) if attacker is not None else {}
        if attacker is not None:
            attacker.wait(timeout=30)
    finally:
        for process in (host, attacker):
            if process is not None and process.poll() is None:
                process.kill()
    latencies = sorted(x for b in bots for x in b.latencies)
    deals = sum(len(b.state.verdicts) for b in bots)
    failed = sum(1 for b in bots for v in b.state.verdicts.values() if v)
    actions = len(latencies)
    print(f"tables={args.tables} players={args.players} tls={not args.insecure} "
          f"attack={args.attack} seconds={elapsed:.1f} client_actions={actions} "
          f"actions_per_second={actions / elapsed:.0f}")
    if latencies:
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(f"latency_ms median={statistics.median(latencies) * 1000:.1f} "
              f"p99={p99 * 1000:.1f} max={latencies[-1] * 1000:.1f}")
    print(f"host_memory_mib peak={end['peak_kib'] / 1024:.1f} end={end['rss_end_kib'] / 1024:.1f} "
          f"connections_at_end={end['connections_end']} refusals={end['refusals']} "
          f"deals_checked={deals} deals_failed={failed} "
          f"faults={sum(len(b.state.faults) for b in bots)}")
    if attacked:
        print("attack " + " ".join(f"{k}={v}" for k, v in sorted(attacked.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
