"""``python game.py host …`` and ``python game.py join …``: LAN tables without a window."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import signal
import sys
import time
from pathlib import Path
from typing import Any

from storage.paths import data_dir
from texts import tr
from texts.messages import message_text

from .cli_secrets import TOKEN_ENV, add_password_options, keep_token, seat_token, table_password
from .protocol import VERSION

LEVELS = ("easy", "normal", "hard", "random")


def host_parser() -> argparse.ArgumentParser:
    """The options of ``game.py host``."""
    p = argparse.ArgumentParser(prog="game.py host", description=tr("net.cli.host_help"))
    p.add_argument("--game", choices=("durak", "azi"), default="durak")
    p.add_argument("--seats", default="human,human",
                   help="per seat: human, easy, normal or hard (comma separated)")
    p.add_argument("--games", type=int, default=1,
                   help="Durak: games in the series (0 = game after game until you stop the "
                        "table); Azi: stop after this game (0 = to the end)")
    p.add_argument("--series", action="store_true",
                   help="Durak: a series as on the local table (--games 0: the score is kept "
                        "game after game until you stop the table)")
    p.add_argument("--port", type=int, default=8765, help="0 picks a free port")
    p.add_argument("--bind", default=None,
                   help="address to listen on (default: the address of the interface that "
                        "carries the default route; 0.0.0.0 = every interface)")
    add_password_options(p)
    p.add_argument("--insecure", action="store_true",
                   help="plain ws:// without encryption (tests; never on a shared network)")
    p.add_argument("--name", default=None, help="the table's name on the network")
    p.add_argument("--drop-timeout", type=float, default=60.0,
                   help="seconds a dropped player's seat waits for him")
    p.add_argument("--on-drop", choices=("bot", "pause"), default="bot",
                   help="after the wait: a computer plays the seat, or the table keeps waiting")
    p.add_argument("--deal-timeout", type=float, default=15.0,
                   help="seconds a player's program has to answer each step of a joint deal")
    p.add_argument("--ai-budget", type=float, default=None, help="seconds per Hard decision")
    p.add_argument("--no-announce", action="store_true", help="do not announce on the network")
    p.add_argument("--stack", type=int, default=None, help="Azi starting stack")
    p.add_argument("--ante", type=int, default=None, help="Azi ante")
    p.add_argument("--save", default=None,
                   help="write the table here after every move (default: lan-table.json in the "
                        "data folder)")
    p.add_argument("--resume", default=None, metavar="FILE",
                   help="carry on the table saved in FILE; players come back with their tokens")
    p.add_argument("--verbose", action="store_true", help="log every connection and refusal")
    return p


def join_parser() -> argparse.ArgumentParser:
    """The options of ``game.py join``."""
    p = argparse.ArgumentParser(prog="game.py join", description=tr("net.cli.join_help"))
    p.add_argument("address", nargs="?", default=None,
                   help="ws://HOST:PORT (or HOST:PORT); leave out to list tables nearby")
    p.add_argument("--name", default=None)
    p.add_argument("--seat", type=int, default=None)
    p.add_argument("--token-file", default=None, metavar="FILE",
                   help=f"keep your seat's token in FILE (0600) when seated; come back to the "
                        f"seat with the same option (or set {TOKEN_ENV})")
    add_password_options(p)
    p.add_argument("--trust-new-fingerprint", action="store_true",
                   help="accept a host certificate that differs from the one seen before here")
    p.add_argument("--bot", choices=LEVELS, default=None, help="let a computer play this seat")
    p.add_argument("--proof", default=None,
                   help="write the deals' proofs and checks to this JSON file")
    p.add_argument("--reconnect-for", type=float, default=60.0)
    p.add_argument("--browse-seconds", type=float, default=2.0)
    p.add_argument("--verbose", action="store_true")
    return p


def host_main(argv: list[str]) -> int:
    """Run a table until it is played out or stopped (Ctrl-C ends it on every client)."""
    args = host_parser().parse_args(argv)
    _logging(args.verbose)
    from engine.games import rules_for

    from .discovery import default_bind
    from .host import Host, HostConfig

    if args.series and not rules_for(args.game).sessions:
        args.games = 0  # the local table's Series: no set end, the host stops it
    saved = _saved_table(args.resume) if args.resume else None
    if saved is not None:  # the saved table decides the game and the seats
        args.game, args.games = saved["game"], saved["games"]
        args.seats = ",".join(s["kind"] for s in saved["seats"])
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    bad = [s for s in seats if s != "human" and s not in LEVELS]
    if bad or not 2 <= len(seats) <= 6:
        raise SystemExit(tr("net.cli.bad_seats", seats=args.seats))
    azi = {k: v for k, v in (("starting_stack", args.stack), ("ante", args.ante)) if v is not None}
    tls, fingerprint = None, None
    if not args.insecure:
        from storage.paths import config_dir

        from .tls import host_context

        tls, fingerprint = host_context(config_dir())
    config = HostConfig(game=args.game, seats=seats, games=args.games,
                        bind=args.bind or default_bind(), port=args.port,
                        password=table_password(args), tls=tls, fingerprint=fingerprint,
                        name=args.name or tr("net.cli.default_name", game=tr(f"game.{args.game}")),
                        drop_timeout=args.drop_timeout, on_drop=args.on_drop,
                        deal_timeout=args.deal_timeout, ai_budget=args.ai_budget, azi_options=azi,
                        save_path=args.save or args.resume or str(data_dir() / "lan-table.json"))
    if saved is not None:
        config.azi_options = saved["azi_options"]
        host = resume_host(config, args.resume)
    else:
        host = Host(config)
    return asyncio.run(_host(host, announce=not args.no_announce))


def _saved_table(path: str) -> dict[str, Any]:
    """The saved table's data, or exit with a line saying why it cannot be read."""
    from .table_save import read_table_data

    try:
        data = read_table_data(path)  # locked like the local game's save
        if not isinstance(data, dict) or data.get("format") != "kozyr-lan-table":
            raise ValueError("not a saved LAN table")
        return data
    except (OSError, ValueError) as error:
        raise SystemExit(tr("net.cli.bad_resume", path=path,
                            reason=getattr(error, "strerror", None) or error)) from None


async def _host(host: Any, announce: bool) -> int:
    from .discovery import Announcer, table_properties

    await host.start()
    config = host.config
    print(tr("net.cli.hosting", name=config.name, game=config.game, address=host.address),
          flush=True)
    if config.fingerprint:
        print(tr("net.cli.fingerprint", fingerprint=config.fingerprint), flush=True)
    for seat in host.seats:
        if seat.kind == "human":
            print(tr("net.cli.join_hint", seat=seat.index, address=host.address), flush=True)
    host.saver.on_problem = lambda error: _say_save(config.save_path, error)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, lambda: loop.create_task(host.stop("host_stopped")))
    announcer = None
    if announce:
        announcer = Announcer(config.name, config.bind, host.port)
        try:
            await announcer.start(table_properties(config.game, host.seats_free(),
                                                   config.password is not None, VERSION,
                                                   config.fingerprint))
            host.on_seats = lambda free: announcer.update(table_properties(
                config.game, free, config.password is not None, VERSION, config.fingerprint))
        except Exception as error:  # no multicast here: the table works without an announcement
            logging.getLogger("kozyr.net").warning("not announced on the network: %s", error)
            announcer = None
    try:
        result = await host.run()
    finally:
        if announcer is not None:
            await announcer.close()
    print(json.dumps({"result": result}), flush=True)
    return 0


def _say_save(path: str | None, error: OSError | None) -> None:
    """The console line when the table can no longer be saved, and when it can again."""
    from .host_save import failed_text

    text = failed_text(error) if error is not None else tr("net.save.works")
    print(f"{path}: {text}", flush=True)


def join_main(argv: list[str]) -> int:
    """Join a table (with a computer player or at a text prompt), or list tables nearby."""
    args = join_parser().parse_args(argv)
    _logging(args.verbose)
    if args.address is None:
        return _list_tables(args.browse_seconds)
    address = args.address if "://" in args.address else f"wss://{args.address}"
    token, password = seat_token(args.token_file), table_password(args)
    echo = _echoer(args.token_file)
    if args.bot:
        from .bots import SeatBot

        bot = SeatBot(address, args.bot, args.name, args.seat, token, password,
                      reconnect_for=args.reconnect_for)
        bot.link.trust_new = args.trust_new_fingerprint
        bot.echo = echo
        from .loops import run

        state = run(bot.run())
    else:
        from .bots import prompt_loop
        from .client import NetClient

        client = NetClient(address, args.name, args.seat, token, password,
                           args.reconnect_for)
        client.link.trust_new = args.trust_new_fingerprint
        client.start()
        prompt_loop(client, echo=echo)
        client.close()
        state = client.state
    return _finish(state, args.proof)


def _echoer(token_file: str | None) -> Any:
    """What the console says of each message; keeps the token in ``token_file`` when seated."""
    def echo(message: dict[str, Any]) -> None:
        if message["type"] == "welcome" and token_file:
            keep_token(token_file, message["token"])
            print(tr("net.cli.seated_kept", seat=message["seat"], path=token_file), flush=True)
        elif message["type"] == "welcome":
            print(tr("net.cli.seated_token", seat=message["seat"], env=TOKEN_ENV,
                     token=message["token"]), flush=True)
        else:
            _echo(message)
    return echo


def _echo(message: dict[str, Any]) -> None:
    kind = message["type"]
    if kind == "verified":
        key = ("net.prompt.deal_bad" if message["problems"] else
               "net.prompt.deal_unchecked" if message["unchecked"] else "net.prompt.deal_ok")
        print(tr(key, deal=message["deal"], problems="; ".join(message["problems"])), flush=True)
    elif kind in ("bye", "notice", "refused", "fault", "sealed_away", "fingerprint"):
        print(message_text(message), flush=True)  # the host's key + fields, in our language


def _finish(state: Any, proof_path: str | None) -> int:
    failed = {d: p for d, p in state.verdicts.items() if p}
    record_problems = [problems for _, problems in state.records]
    if proof_path:  # atomic, so a cut-off run never leaves half a proof
        from storage.safe_files import write_atomically

        write_atomically(proof_path, json.dumps(
            {"seat": state.seat, "game": state.game,  # never the token: a secret
             "ended": state.ended, "result": state.result, "faults": state.faults,
             "verdicts": {str(d): p for d, p in sorted(state.verdicts.items())},
             "unchecked": sorted(state.unchecked),
             "proofs": state.proofs, "refusals": len(state.refusals),
             "records": record_problems}, indent=1), ".proof-", ".tmp")
    if failed or any(record_problems) or state.faults:
        return 1
    return 0 if state.ended == "table_over" else 2


def _list_tables(seconds: float) -> int:
    from .discovery import browse

    tables = browse(seconds)
    if not tables:
        print(tr("net.cli.none_found"))
        return 1
    for t in tables:
        print(tr("net.cli.found", name=t["name"], game=t["game"], free=t["free"],
                 address=t["address"],
                 password=tr("net.cli.password_yes" if t["password"] else "net.cli.password_no")))
    return 0


def _logging(verbose: bool) -> None:
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)


def resume_host(config: Any, path: str | Path) -> Any:
    """A Host that carries on the table saved in ``path``: its game, deals, seats,
    names and tokens. ``config.seats`` must name the saved seats' kinds."""
    from .host import HUMAN, Host  # websockets loads only for a command that serves a table
    from .table_save import load_table
    table, seats = load_table(Path(path))
    host = Host(config)
    host.table = table
    resumed_at = time.monotonic()
    for seat, saved in zip(host.seats, seats):
        seat.name, seat.token = saved["name"], saved["token"]
        if seat.kind == HUMAN:
            seat.dropped_at = resumed_at  # away until he comes back with his token
    host.start_said = True
    return host
