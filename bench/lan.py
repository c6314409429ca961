"""LAN tables under load: many bot tables on loopback at once (127.0.0.0/8 only), bounded in time.

``python -m bench.lan --tables 20 --players 4 --seconds 30 [--attack] [--insecure] [--no-save]
[--clients 4] [--think 0]`` starts one host process holding every table (three network seats
and one computer seat per 4-player table), encrypted (wss://) unless ``--insecure``, each with a
password and written for a resume as ``game.py host`` does (moves at most twice a second,
net/host_save.py) unless ``--no-save``; the tables share one budget of strangers'
handshakes, as one host process would (net/door.py). The network
seats are played by computer players in ``--clients`` processes (the tables shared out among
them). With ``--attack`` another process keeps 300 idle connections and 20 password guessers
coming and going (bench/lan_attack.py). The tables' time starts once every seat is taken.
Goal: 20 tables of 4 over TLS, p99 under 100 ms under attack and under 50 ms without.

The figures printed:

- ``client_actions``, ``actions_per_second``: the network seats' moves in the tables' time (the
  computer seat's moves, made inside the host, are not counted).
- ``latency_ms`` median, p99, max: each network seat's action-to-event time (below).
- ``client_cpu_ms_per_action``: CPU time (user + system) of the players' processes from their
  start (joining included), per network seat's move: what the seats' programs cost.
- ``host_cpu_ms_per_action``: the host process's over the tables' time (the computer seats'
  moves, the sealing, the saves and the attackers' connections included), per network seat's
  move.
- the host's memory (peak, and at the end once the attackers are gone), the connections left,
  refusals, and the deals checked, failed and the faults the players' programs found.
- with ``--attack``: what the attackers achieved.

By default every seat moves the moment it is asked (flat out), so the tables play as fast as
the machine lets them: on 2 cores the players' processes and the host fill both, and the
latency is mostly time spent waiting for a core. ``--think S`` makes every network seat wait
S seconds before each move, as a person does (the wait is not part of the latency): the same
tables at a person's pace, printed with ``think=S``. Only the flat-out figure (``think=0``) is
the goal's figure; a thinking run says what a player at such a table sees on this machine.

What the latency means: from a seat's program sending its action to that program having read
the host's answer (decoded, the deal checks done). A real player's program is alone on its
computer; here 60 of them share the machine's cores with the host and the attackers, and they
cost the machine more than the host does (``client_cpu_ms_per_action`` against
``host_cpu_ms_per_action``). What each seat's program does is what ``game.py join --bot``
does, on the same event loop (uvloop's where installed, net/loops.py): it decodes every
message, keeps the history, answers the sealing rounds, checks every contribution against its
commitment, every deal's proof (seed, order, the cards it saw) and every game record against
what it saw, and chooses its move with the Easy computer player.
Two things are shared by the seats one process plays: a record's own checks (schema, seeds
against commitments, replay; the same for every seat) are made once per record, and the
record checker is loaded before the tables' time starts (a player's program loads it at its
first record); the records are not kept in the history. So on a 2-core machine the figure is
an upper bound of what a player sees, set as much by the bench's own players as by the host;
``--clients`` spreads them over processes so one busy event loop does not queue every seat's
answer behind the others'. On a loaded machine compare the CPU per action, which the load does
not change much.

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


async def _serve(tables: int, players: int, seconds: float, secure: bool, save: bool) -> None:
    """Host process: keep ``tables`` Durak tables running until the time is up (each written
    for a resume, as ``game.py host`` does, unless not ``save``)."""
    from net.host import Host, HostConfig
    from storage.paths import config_dir, data_dir

    tls, fingerprint = None, None
    if secure:
        from net.tls import host_context

        tls, fingerprint = host_context(config_dir())
    from net.door import StrangerBudget

    seats = ["human"] * (players - 1) + ["easy"]
    strangers = StrangerBudget()  # one process, one budget of strangers' handshakes
    hosts = []
    for number in range(tables):
        save_path = str(data_dir() / f"lan-table-{number}.json") if save else None
        host = Host(HostConfig(game="durak", seats=seats, games=1000, bind=LOOPBACK, port=0,
                               password=PASSWORD, tls=tls, fingerprint=fingerprint,
                               save_path=save_path, strangers=strangers))
        await host.start()
        hosts.append(host)
    print(json.dumps([h.address for h in hosts]), flush=True)
    runs = [asyncio.create_task(h.run()) for h in hosts]
    # The time counts from when every seat is taken: players started slowly on a loaded
    # machine would otherwise play only the end of it.
    seated_by = time.monotonic() + 60.0
    while any(h.seats_free() for h in hosts) and time.monotonic() < seated_by:
        await asyncio.sleep(0.1)
    deadline = time.monotonic() + seconds
    print(json.dumps({"seated": not any(h.seats_free() for h in hosts)}), flush=True)
    cpu = time.process_time()  # the host's work while the tables play, not its start
    await asyncio.sleep(max(0.0, deadline - time.monotonic()))
    end = {"rss_end_kib": _status("VmRSS"), "peak_kib": _status("VmHWM"),
           "connections_end": sum(h.door.connections for h in hosts),
           "refusals": sum(h.refusals for h in hosts),
           "turned_away": sum(h.door.turned_away for h in hosts),
           "held": sum(h.tarpit.count for h in hosts),
           "cpu_seconds": time.process_time() - cpu}
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


async def _play(addresses: list[str], per_table: int, think: float = 0.0) -> dict:
    """Play the network seats of ``addresses`` in this process; what they measured, as JSON."""
    from net.bots import SeatBot
    from net.lan_records import load_checker

    load_checker()  # before the tables' time: a real player's program loads it at its first record
    # They keep trying for a while, as a player's program does: 60 seats joining at once from
    # one address are more than the strangers' burst of handshakes (net/door.py), so some
    # wait once, unanswered, until the first of them has given the password.
    bots = [SeatBot(a, "easy", password=PASSWORD, reconnect_for=20, think=think)
            for a in addresses for _ in range(per_table)]
    for bot in bots:
        bot.link.keep_records = False  # the history is not what is measured
    cpu = time.process_time()
    await asyncio.gather(*(b.run() for b in bots))
    return {"latencies": [x for b in bots for x in b.latencies],
            "deals": sum(len(b.state.verdicts) for b in bots),
            "failed": sum(1 for b in bots for v in b.state.verdicts.values() if v),
            "faults": sum(len(b.state.faults) for b in bots),
            "lost": sum(1 for b in bots if b.state.ended != "host_stopped"),  # dropped early
            "cpu_seconds": time.process_time() - cpu}


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
    p.add_argument("--no-save", action="store_true",
                   help="the host does not write its tables for a resume (game.py host does)")
    p.add_argument("--clients", type=int, default=4,
                   help="processes playing the network seats (the tables are shared out)")
    p.add_argument("--think", type=float, default=0.0,
                   help="seconds each network seat waits before a move, as a person (default 0: "
                        "flat out, the goal's figure)")
    p.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--attack-only", default=None, help=argparse.SUPPRESS)
    p.add_argument("--play-only", default=None, help=argparse.SUPPRESS)
    p.add_argument("--result", default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.tables = max(1, min(args.tables, 50))  # bounded: this is a benchmark, not a load test
    args.seconds = max(2.0, min(args.seconds, 300.0))
    args.idle, args.guessers = max(0, min(args.idle, 500)), max(0, min(args.guessers, 50))
    args.think = max(0.0, min(args.think, 10.0))
    if args.serve:
        asyncio.run(_serve(args.tables, args.players, args.seconds, not args.insecure,
                           not args.no_save))
        return 0
    if args.play_only is not None:
        from net.loops import run  # the loop a player's program runs on

        played = run(_play(json.loads(args.play_only), args.players - 1, args.think))
        # into a file, not the pipe: a result of ~100 KiB printed to stdout after the
        # connections' loop came out cut at 64 KiB in 4 of some 15 runs (cause not found)
        Path(args.result).write_text(json.dumps(played), encoding="utf-8")
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
        return _run(args, env, Path(scratch))


def _run(args: argparse.Namespace, env: dict[str, str], scratch: Path) -> int:
    serve = ["--serve", "--tables", str(args.tables), "--players", str(args.players),
             "--seconds", str(args.seconds)] + (["--insecure"] if args.insecure else []) + (
                 ["--no-save"] if args.no_save else [])
    host = _child(serve, env)
    attacker, players = None, []
    try:
        addresses = json.loads(host.stdout.readline())
        started = time.perf_counter()
        shares = [addresses[i::args.clients] for i in range(args.clients)]
        shares = [share for share in shares if share]
        results = [scratch / f"player-{i}.json" for i in range(len(shares))]
        players += [_child(["--play-only", json.dumps(share), "--result", str(result),
                            "--players", str(args.players), "--think", str(args.think)], env)
                    for share, result in zip(shares, results)]
        json.loads(host.stdout.readline())  # every seat taken: the tables' time starts
        if args.attack:  # the attack stops a little before the tables, so memory can return
            attacker = _child(["--attack-only", json.dumps(addresses), "--idle", str(args.idle),
                               "--guessers", str(args.guessers), "--seconds",
                               str(max(1.0, args.seconds - 8.0))], env)
        for p in players:
            p.wait(timeout=args.seconds + 120)  # it ends when the host stops its tables
        elapsed = time.perf_counter() - started
        played = [json.loads(r.read_text(encoding="utf-8")) for r in results]
        end = json.loads(host.stdout.readline())
        host.wait(timeout=30)
        attacked = json.loads(attacker.stdout.readline()) if attacker is not None else {}
        if attacker is not None:
            attacker.wait(timeout=30)
    finally:
        for process in (host, attacker, *players):
            if process is not None and process.poll() is None:
                process.kill()
    latencies = sorted(x for p in played for x in p["latencies"])
    deals, failed = sum(p["deals"] for p in played), sum(p["failed"] for p in played)
    actions = len(latencies)
    print(f"tables={args.tables} players={args.players} tls={not args.insecure} "
          f"saved={not args.no_save} "
          f"attack={args.attack} clients={len(played)} think={args.think:g} "
          f"seconds={args.seconds:.0f} "
          f"wall={elapsed:.1f} client_actions={actions} "
          f"actions_per_second={actions / args.seconds:.0f} "
          f"client_cpu_ms_per_action="
          f"{sum(p['cpu_seconds'] for p in played) * 1000 / max(1, actions):.2f}")
    if latencies:
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(f"latency_ms median={statistics.median(latencies) * 1000:.1f} "
              f"p99={p99 * 1000:.1f} max={latencies[-1] * 1000:.1f}")
    print(f"host_memory_mib peak={end['peak_kib'] / 1024:.1f} end={end['rss_end_kib'] / 1024:.1f} "
          f"connections_at_end={end['connections_end']} refusals={end['refusals']} "
          f"turned_away_at_socket={end['turned_away']} held_unanswered={end['held']} "
          f"host_cpu_ms_per_action={end['cpu_seconds'] * 1000 / max(1, actions):.2f} "
          f"deals_checked={deals} deals_failed={failed} "
          f"faults={sum(p['faults'] for p in played)} "
          f"players_lost={sum(p.get('lost', 0) for p in played)}")
    if attacked:
        print("attack " + " ".join(f"{k}={v}" for k, v in sorted(attacked.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
