"""The LAN host: one authoritative table served over websockets, computer seats played here.

One asyncio task (``run``) moves the game: it seals each deal with the players (joint seed
rounds), asks computer seats (in a worker thread, so the loop keeps serving), and waits for the
person to move. Each connection's handler only checks messages at the door and hands a legal,
in-turn action of its own seat to the table; everything else is refused, logged and changes
nothing. A seat whose player drops is kept for him (he comes back with his token); after
``drop_timeout`` a computer plays it until he does, or the table waits (``on_drop="pause"``).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from engine.core import IllegalAction
from engine.joint_seed import contribution_matches, joint_seed
from engine.shuffle import commitment_of
from texts import tr

from .connection import Connection
from .protocol import MAX_BYTES, ProtocolError, encode, parse_client
from .table import GameTable, events_json

log = logging.getLogger("kozyr.net.host")
HUMAN = "human"
STRIKES_TO_CLOSE = 50  # refused messages before a connection is closed as hostile


@dataclass
class HostConfig:
    """What the host was asked to run, and how strictly."""

    game: str
    seats: list[str]  # "human" or a computer level per seat
    games: int = 1
    bind: str = "127.0.0.1"
    port: int = 0
    password: str | None = None
    name: str = "Kozyr table"
    drop_timeout: float = 60.0
    on_drop: str = "bot"  # or "pause"
    deal_timeout: float = 15.0
    rate: float = 100.0  # messages per second a connection may send, on average (bots play fast)
    burst: float = 200.0
    ai_budget: float | None = None
    azi_options: dict[str, Any] = field(default_factory=dict)
    wait_for_start: bool = False  # a window's host: the table starts when the host says so
    save_path: str | None = None  # write the table here after every action (table_save.py)


@dataclass
class Seat:
    """One seat: who plays it, its secret token, and its connection if one is open."""

    index: int
    kind: str
    name: str
    token: str | None = None
    conn: "Connection | None" = None
    dropped_at: float | None = None
    stand_in: bool = False  # a computer plays for a player who dropped


class Host:
    """A LAN table: start() binds, run() plays it to the end, stop() ends it on every client."""

    def __init__(self, config: HostConfig) -> None:
        if config.on_drop not in ("bot", "pause"):
            raise ValueError("on_drop is 'bot' or 'pause'")
        self.config = config
        self.table = GameTable(config.game, len(config.seats), config.games, config.azi_options)
        self.seats = [Seat(i, kind, kind if kind == HUMAN else tr(f"level.{kind}"))
                      for i, kind in enumerate(config.seats)]
        self._players: dict[int, Any] = {}
        self._changed = asyncio.Event()
        self._awaiting: int | None = None  # the person's seat the table waits for now
        self._round: dict[int, asyncio.Future] = {}
        self._round_kind = ""
        self._round_deal = 0
        self._server: Any = None
        self._stopped = False
        self.refusals = 0  # refused messages (tests read it: hostility never goes unnoticed)
        self.start_said = not config.wait_for_start
        self._resumed_at: float | None = None  # set by table_save.resume_host

    def _save(self) -> None:
        """Write the table for ``--resume`` (a failed write is logged; the table plays on)."""
        if self.config.save_path is None:
            return
        from .table_save import save_table

        try:
            save_table(self.config.save_path, self.table,
                       [{"kind": s.kind, "name": s.name, "token": s.token} for s in self.seats])
        except OSError as error:
            log.warning("could not save the table for resuming: %s", error)

    # --- lifetime -----------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen on the chosen address only."""
        self._server = await serve(self._serve, self.config.bind, self.config.port,
                                   max_size=MAX_BYTES, ping_interval=5, ping_timeout=10)

    @property
    def port(self) -> int:
        """The port actually bound (useful with port 0)."""
        return self._server.sockets[0].getsockname()[1]

    @property
    def address(self) -> str:
        """The websocket address players join."""
        host = self.config.bind if ":" not in self.config.bind else f"[{self.config.bind}]"
        return f"ws://{host}:{self.port}"

    def seats_free(self) -> int:
        """Person seats nobody has claimed yet."""
        return sum(1 for s in self.seats if s.kind == HUMAN and s.token is None)

    def say_start(self) -> None:
        """The host's go-ahead (call in the host's loop): the table starts once every seat is
        taken."""
        self.start_said = True
        self._changed.set()

    async def stop(self, reason: str = "host_stopped") -> None:
        """End the table on every client with a message, then close the server."""
        if self._stopped:
            return
        self._stopped = True
        self._changed.set()  # run() may be waiting for players: let it see the table is over
        for seat in self.seats:
            if seat.conn is not None:
                await seat.conn.send(encode("bye", reason=reason, text=tr(f"net.bye.{reason}")))
                await seat.conn.ws.close(1001, reason)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def run(self) -> dict[str, Any]:
        """Wait for every person's seat to be taken, play the table to its end, return the result."""
        table = self.table
        while (self.seats_free() or not self.start_said) and not self._stopped:
            await self._wait_changed(None)
        while self._resumed_at is not None and not self._stopped:
            # A resumed table waits (up to the drop timeout) for its people to come back, so
            # that the next deal is sealed with their parts.
            left = self._resumed_at + self.config.drop_timeout - time.monotonic()
            if left <= 0 or all(s.conn is not None for s in self.seats if s.kind == HUMAN):
                break
            await self._wait_changed(left)
        while not table.over and not self._stopped:
            if table.needs_seed:
                await self._deal_round()
            elif not table.started or table.to_move is None:
                events = table.deal_next()
                self._save()
                await self._broadcast_events(events)
            else:
                await self._next_move(table.to_move)
        if not self._stopped:
            await self._send_proofs()
            await self._to_all("game_over", result=table.result())
            await self.stop("table_over")
            if self.config.save_path is not None:
                from .table_save import forget_table

                forget_table(self.config.save_path)  # played out: nothing is left to resume
        elif self._server is not None:
            await self._server.wait_closed()  # stopped from outside: let the goodbyes finish
        return table.result()

    # --- the game moves -----------------------------------------------------------------------
    async def _next_move(self, index: int) -> None:
        seat = self.seats[index]
        if seat.kind != HUMAN or seat.stand_in:
            await self._computer_move(seat)
            return
        if seat.conn is None and self._wait_for_drop(seat):
            return
        if self._awaiting != index:
            self._awaiting = index
            await self._send_turn(seat)
        timeout = None
        if seat.conn is None and self.config.on_drop == "bot":
            timeout = max(0.0, seat.dropped_at + self.config.drop_timeout - time.monotonic())
        await self._wait_changed(timeout)

    def _wait_for_drop(self, seat: Seat) -> bool:
        """True when the dropped player's time is up and a computer now plays his seat."""
        if self.config.on_drop != "bot" or seat.dropped_at is None:
            return False
        if time.monotonic() - seat.dropped_at < self.config.drop_timeout:
            return False
        seat.stand_in = True
        log.info("seat %d: %s did not come back; a computer plays the seat", seat.index, seat.name)
        asyncio.get_running_loop().create_task(
            self._notice("net.notice.stand_in", name=seat.name))
        return True

    async def _computer_move(self, seat: Seat) -> None:
        table = self.table
        player = self._player(seat)
        observation, legal = table.game.observation(seat.index), table.legal()
        turn = table.turn
        action = await asyncio.get_running_loop().run_in_executor(None, player.choose,
                                                                  observation, legal)
        if table.turn == turn and table.to_move == seat.index:
            await self._apply(seat.index, action)

    def _player(self, seat: Seat) -> Any:
        from ai.base import make_player

        if seat.index not in self._players:
            level = "normal" if seat.kind == HUMAN else seat.kind
            # Computer players get their own generator, seeded from the OS: never the deal's.
            self._players[seat.index] = make_player(self.config.game, level,
                                                    random.Random(secrets.randbits(64)),
                                                    self.config.ai_budget)
        return self._players[seat.index]

    async def _apply(self, index: int, action: int) -> None:
        events = self.table.apply(action, index)
        self._awaiting = None
        self._save()
        await self._broadcast_events(events)
        await self._send_proofs()

    async def _send_proofs(self) -> None:
        """The proofs and records of the games ended since the last call (after a resume, also
        those the host had no time to send before it stopped)."""
        for proof in self.table.new_proofs():
            await self._to_all("deal_proof", **proof)
        for record in self.table.new_records([s.name for s in self.seats]):
            # Every client checks the record against what it saw and keeps it (docs/lan.md).
            await self._to_all("game_record", record=record.to_json())

    async def _broadcast_events(self, events: list) -> None:
        table = self.table
        for seat in self.seats:
            if seat.conn is not None:
                await seat.conn.send(encode(
                    "events", events=events_json(events, seat.index), turn=table.turn,
                    to_move=table.to_move, deal=table.deal_number,
                    observation=table.observation_for(seat.index)))

    async def _send_turn(self, seat: Seat) -> None:
        if seat.conn is not None:
            legal = self.table.legal()
            await seat.conn.send(encode("your_turn", legal=legal, turn=self.table.turn,
                                        texts=self.table.action_texts(legal)))

    async def _wait_changed(self, timeout: float | None) -> None:
        self._changed.clear()
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except asyncio.TimeoutError:
            pass

    # --- joint deals --------------------------------------------------------------------------
    async def _deal_round(self) -> None:
        """Seal the next deal: host commits, players commit, all reveal, the seed is joint."""
        while not self._stopped:
            host_seed = secrets.token_bytes(32)
            round_ = self.table.begin_round(host_seed)
            self._round_deal = round_.number
            players = [s for s in self.seats if s.kind == HUMAN and s.conn is not None]
            commits = await self._collect("commit", players, "deal_commit",
                                          host_commitment=commitment_of(host_seed))
            if commits is None:
                continue
            reveals = await self._collect("reveal", players, "deal_reveal",
                                          commitments={str(s): c for s, c in commits.items()})
            if reveals is None:
                continue
            cheats = [s for s, c in reveals.items() if not contribution_matches(c, commits[s])]
            if cheats:
                for index in cheats:
                    await self._expel(self.seats[index], "net.refuse.bad_reveal")
                continue
            round_.contributions = {s: bytes.fromhex(c) for s, c in reveals.items()}
            round_.commitments = dict(commits)
            seed = joint_seed(host_seed, round_.contributions.items())
            self.table.supply(seed)
            self._save()
            await self._to_all("deal_sealed", deal=round_.number, seed_commitment=commitment_of(seed),
                               host_commitment=commitment_of(host_seed),
                               contributions={str(s): c for s, c in sorted(reveals.items())})
            return

    async def _collect(self, kind: str, players: list[Seat], ask: str,
                       **fields: Any) -> dict[int, str] | None:
        """Ask every player for his part; None (round restarts) if one fails to answer in time."""
        loop = asyncio.get_running_loop()
        self._round_kind = kind
        self._round = {s.index: loop.create_future() for s in players}
        for seat in players:
            await seat.conn.send(encode(ask, deal=self._round_deal, **fields))
        if self._round:
            await asyncio.wait(self._round.values(), timeout=self.config.deal_timeout)
        answers: dict[int, str] = {}
        stalled: list[int] = []
        for index, future in self._round.items():
            if future.done() and future.result() is not None:
                answers[index] = future.result()
            else:  # no answer in time, or the player dropped while the round was open
                stalled.append(index)
        self._round = {}
        if not stalled:
            return answers
        for index in stalled:
            log.warning("seat %d gave no %s for deal %d; the deal starts again without it",
                        index, kind, self._round_deal)
            await self._expel(self.seats[index], "net.refuse.stalled")
        return None

    async def _expel(self, seat: Seat, reason_key: str) -> None:
        """Close a player's connection; his seat is kept for him like any dropped seat."""
        conn = seat.conn
        if conn is not None:
            await conn.send(encode("refused", about="deal", reason=tr(reason_key)))
            await conn.ws.close(4000, reason_key)
            self._detach(seat)

    # --- connections --------------------------------------------------------------------------
    async def _serve(self, ws: ServerConnection) -> None:
        conn = Connection(ws, self.config.rate, self.config.burst)
        try:
            async for frame in ws:
                await self._receive(conn, frame)
        except ConnectionClosed as closed:
            log.info("connection closed: %s", closed)
        finally:
            if conn.seat is not None and conn.seat.conn is conn:
                self._detach(conn.seat)

    def _detach(self, seat: Seat) -> None:
        seat.conn = None
        seat.dropped_at = time.monotonic()
        future = self._round.get(seat.index)
        if future is not None and not future.done():
            future.set_result(None)
        self._changed.set()
        if self._stopped:
            return
        log.info("seat %d (%s) dropped; the seat waits for him", seat.index, seat.name)
        asyncio.get_running_loop().create_task(self._notice("net.notice.dropped", name=seat.name))

    async def _receive(self, conn: Connection, frame: str | bytes) -> None:
        if not conn.within_rate():
            await self._refuse(conn, "rate", tr("net.refuse.rate"))
            return
        try:
            message = parse_client(frame)
        except ProtocolError as error:
            await self._refuse(conn, "message", error.reason)
            return
        kind = message["type"]
        if kind == "hello":
            await self._hello(conn, message)
        elif conn.seat is None:
            await self._refuse(conn, kind, tr("net.refuse.hello_first"))
        elif kind == "action":
            await self._action(conn, conn.seat, message)
        elif kind in ("commit", "reveal"):
            await self._round_part(conn, conn.seat, message)
        elif kind == "bye":
            await conn.ws.close(1000, "bye")

    async def _refuse(self, conn: Connection, about: str, reason: str) -> None:
        self.refusals += 1
        conn.strikes += 1
        seat = conn.seat.index if conn.seat else None
        log.warning("refused %s from %s (seat %s): %s", about, conn.ws.remote_address, seat, reason)
        if conn.strikes > STRIKES_TO_CLOSE:
            if conn.strikes == STRIKES_TO_CLOSE + 1:  # close once; the handler keeps reading
                asyncio.get_running_loop().create_task(
                    conn.ws.close(1008, "too many refused messages"))
            return
        await conn.send(encode("refused", about=about, reason=reason))

    async def _hello(self, conn: Connection, message: dict[str, Any]) -> None:
        password = self.config.password
        if password and not hmac.compare_digest((message.get("password") or "").encode(),
                                                password.encode()):
            await self._refuse(conn, "hello", tr("net.refuse.password"))
            return
        if conn.seat is not None:
            await self._refuse(conn, "hello", tr("net.refuse.already_seated"))
            return
        seat = self._seat_for(message)
        if isinstance(seat, str):
            await self._refuse(conn, "hello", seat)
            return
        if seat.token is None:
            seat.token = secrets.token_urlsafe(24)
            seat.name = message.get("name") or tr("names.player", n=seat.index + 1)
            self._save()
        elif seat.conn is not None:  # the same player again: the newer connection wins
            old, seat.conn = seat.conn, None
            await old.ws.close(4001, "replaced by a newer connection")
        seat.conn, conn.seat = conn, seat
        seat.dropped_at, seat.stand_in = None, False
        log.info("seat %d taken by %s", seat.index, seat.name)
        await conn.send(encode("welcome", seat=seat.index, token=seat.token, name=self.config.name,
                               game=self.config.game, games=self.config.games,
                               seats=self._seat_list()))
        await self._send_table(seat)
        await self._to_all("seats", seats=self._seat_list())  # waiting rooms list who is here
        self._changed.set()

    def _seat_for(self, message: dict[str, Any]) -> Seat | str:
        """The seat a hello may take, or the reason it may take none."""
        token = message.get("token")
        if token is not None:
            for seat in self.seats:
                if seat.token is not None and hmac.compare_digest(seat.token, token):
                    return seat
            return tr("net.refuse.token")
        wanted = message.get("seat")
        free = [s for s in self.seats if s.kind == HUMAN and s.token is None]
        if wanted is None:
            return free[0] if free else tr("net.refuse.full")
        if not 0 <= wanted < len(self.seats) or self.seats[wanted].kind != HUMAN:
            return tr("net.refuse.no_such_seat", seat=wanted)
        if self.seats[wanted].token is not None:
            return tr("net.refuse.seat_taken", seat=wanted)
        return self.seats[wanted]

    def _seat_list(self) -> list[dict[str, Any]]:
        return [{"seat": s.index, "name": s.name, "kind": s.kind,
                 "connected": s.kind != HUMAN or s.conn is not None} for s in self.seats]

    async def _send_table(self, seat: Seat) -> None:
        """The table as it stands, for a player who (re)joins."""
        table = self.table
        round_ = table.rounds.get(table.deal_number)
        await seat.conn.send(encode(
            "table", deal=table.deal_number, turn=table.turn, to_move=table.to_move,
            observation=table.observation_for(seat.index) if table.started else None,
            round=round_.opened() if round_ else None))
        if self._awaiting == seat.index:
            await self._send_turn(seat)

    async def _action(self, conn: Connection, seat: Seat, message: dict[str, Any]) -> None:
        if self._awaiting != seat.index or self.table.to_move != seat.index:
            await self._refuse(conn, "action", tr("net.refuse.not_your_turn"))
            return
        if message["turn"] != self.table.turn:
            await self._refuse(conn, "action", tr("net.refuse.stale"))
            return
        try:
            await self._apply(seat.index, message["action"])
        except IllegalAction as illegal:
            await self._refuse(conn, "action", illegal.reason)
            return
        self._changed.set()

    async def _round_part(self, conn: Connection, seat: Seat, message: dict[str, Any]) -> None:
        future = self._round.get(seat.index)
        if (future is None or future.done() or message["type"] != self._round_kind
                or message["deal"] != self._round_deal):
            await self._refuse(conn, message["type"], tr("net.refuse.no_round"))
            return
        future.set_result(message["commitment" if message["type"] == "commit" else "contribution"])

    async def _to_all(self, kind: str, **fields: Any) -> None:
        text = encode(kind, **fields)
        for seat in self.seats:
            if seat.conn is not None:
                await seat.conn.send(text)

    async def _notice(self, key: str, **fields: Any) -> None:
        await self._to_all("notice", key=key, fields=fields, text=tr(key, **fields))
