"""The LAN host: one authoritative table served over websockets, computer seats played here.

One asyncio task (``run``) moves the game: it seals each deal with the players (joint seed
rounds), asks computer seats (the thinking levels in a worker thread, so the loop keeps
serving; Easy and Random choose faster than a thread starts), and waits for the person to
move. Each connection's handler only checks messages at the door and hands a legal, in-turn
action of its own seat to the table; everything else is refused, logged and changes nothing.
A seat whose player drops is kept for him (he comes back with his token); after
``drop_timeout`` a computer plays it until he does, or the table waits (``on_drop="pause"``).
Deals are sealed once each (sealing.py); the door (door.py) caps connections, closes those
that do not say hello in time and slows password guessing; with ``tls`` the table is ``wss://``.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import random
import secrets
import time
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from engine.core import IllegalAction, Message
from engine.core import message as msg  # "message" names the incoming JSON here
from texts import tr
from texts.messages import english_text, message_json

from .connection import Connection
from .door import Door, QuietLog
from .gate import Tarpit, give_back_memory, listening_socket
from .host_save import TableSaver
from .protocol import MAX_BYTES, ProtocolError, encode, parse_client
from .sealing import Sealer
from .seats import HUMAN, HostConfig, Seat, computer_names, seat_for, seat_list
from .table import GameTable, events_json

log = logging.getLogger("kozyr.net.host")
__all__ = ["HUMAN", "Host", "HostConfig", "Seat"]
STRIKES_TO_CLOSE = 50  # refused messages before a connection is closed as hostile
QUICK_LEVELS = ("easy", "random")  # computer players that choose in microseconds: on the loop


def _refusal(reason: Message) -> dict[str, Any]:
    """A refusal's fields: key + fields for the client to translate, ``reason`` in English."""
    data = message_json(reason)
    data["reason"] = data.pop("text")
    return data


class Host:
    """A LAN table: start() binds, run() plays it to the end, stop() ends it on every client."""

    def __init__(self, config: HostConfig) -> None:
        if config.on_drop not in ("bot", "pause"):
            raise ValueError("on_drop is 'bot' or 'pause'")
        self.config = config
        self.table = GameTable(config.game, len(config.seats), config.games, config.azi_options)
        names = config.names or computer_names(config.seats)
        self.seats = [Seat(i, kind, names[i] if kind != HUMAN else kind)
                      for i, kind in enumerate(config.seats)]
        self._players: dict[int, Any] = {}
        self._changed = asyncio.Event()
        self._awaiting: int | None = None  # the person's seat the table waits for now
        self.sealer = Sealer(self)
        self.door = Door(config.per_address, config.max_connections,
                         accept_rate=config.accept_rate, accept_burst=config.accept_burst,
                         strangers=config.strangers)
        self.tarpit = Tarpit()  # strangers over the handshake budget wait here, unanswered
        self.quiet = QuietLog(log)
        self._server: Any = None
        self._port = 0
        self.stopped = False
        self.start_said = not config.wait_for_start
        self._tasks: set[asyncio.Task] = set()  # notices sent on the side, kept till done
        self.saver = TableSaver(self)  # the table on disk for --resume (moves: soon after)
        self.on_seats: Any = None  # async callback(free seats) when a seat is taken (announcing)

    @property
    def refusals(self) -> int:
        """Refused messages so far (tests read it: hostility never goes unnoticed)."""
        return self.quiet.total

    @property
    def has_people(self) -> bool:
        """Does the table have a person's seat at all?"""
        return any(s.kind == HUMAN for s in self.seats)

    async def save(self) -> None:
        """Write the table for ``--resume`` now, and wait until it is on disk (host_save.py)."""
        await self.saver.now()

    def spawn(self, coroutine: Any) -> None:
        """Run ``coroutine`` beside the table, keeping a reference until it is done."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def changed(self) -> None:
        """Wake the table: something it may wait for happened."""
        self._changed.set()

    # --- lifetime -----------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen on the chosen address only."""
        tls: dict[str, Any] = {}
        if self.config.tls is not None:  # a stalled TLS handshake or goodbye holds its buffers
            tls = {"ssl": self.config.tls, "ssl_handshake_timeout": self.config.hello_seconds,
                   "ssl_shutdown_timeout": 2.0}
        # The door is asked at the socket, before the handshake (gate.py); no deflating on a
        # LAN: it cost the host a tenth of its time and saves nothing there.
        sock = listening_socket(self.config.bind, self.config.port, self.door.accepts,
                                waits=self.door.waits, tarpit=self.tarpit)
        self._server = await serve(self._serve, sock=sock, max_size=MAX_BYTES, ping_interval=5,
                                   ping_timeout=10, open_timeout=self.config.hello_seconds,
                                   max_queue=4, compression=None, **tls)
        self._port = sock.getsockname()[1]

    @property
    def port(self) -> int:
        """The port actually bound (useful with port 0)."""
        return self._port

    @property
    def address(self) -> str:
        """The websocket address players join."""
        host = self.config.bind if ":" not in self.config.bind else f"[{self.config.bind}]"
        return f"{'wss' if self.config.tls is not None else 'ws'}://{host}:{self.port}"

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
        if self.stopped:
            return
        self.stopped = True
        self._changed.set()  # run() may be waiting for players: let it see the table is over
        await self.saver.flush()  # the last moves, for a resume
        for seat in self.seats:
            conn = seat.conn  # held here: a player leaving during the send detaches his seat
            if conn is not None:
                bye = message_json(msg(f"net.bye.{reason}"))
                try:  # and must not keep the server open
                    await conn.send(encode("bye", reason=reason, **bye))
                    await conn.ws.close(1001, reason)
                except (ConnectionClosed, OSError):
                    pass
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=2)

    async def run(self) -> dict[str, Any]:
        """Wait for every person's seat to be taken, play the table to its end, return the
        result."""
        table = self.table
        while (self.seats_free() or not self.start_said) and not self.stopped:
            await self.wait_changed(None)
        while not table.over and not self.stopped:
            if table.needs_seed:
                await self.sealer.seal_next()
            elif not table.started or table.to_move is None:
                events = table.deal_next()
                self.saver.soon()  # the deal follows from the sealed seed, saved already
                await self._broadcast_events(events)
            else:
                await self._next_move(table.to_move)
        if not self.stopped:
            await self._send_proofs()
            await self.to_all("game_over", result=table.result())
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
        if seat.conn is None and self.stand_in_if_due(seat):
            return
        if self._awaiting != index:
            self._awaiting = index
            await self._send_turn(seat)
        timeout = None
        if seat.conn is None and self.config.on_drop == "bot" and seat.dropped_at is not None:
            timeout = max(0.0, seat.dropped_at + self.config.drop_timeout - time.monotonic())
        await self.wait_changed(timeout)

    def stand_in_if_due(self, seat: Seat) -> bool:
        """True when the dropped player's time is up and a computer now plays his seat."""
        if seat.stand_in:
            return True
        if self.config.on_drop != "bot" or seat.dropped_at is None or seat.conn is not None:
            return False
        if time.monotonic() - seat.dropped_at < self.config.drop_timeout:
            return False
        seat.stand_in = True
        log.info("seat %d: %s did not come back; a computer plays the seat", seat.index, seat.name)
        self.spawn(self.notice("net.notice.stand_in", name=seat.name))
        return True

    async def _computer_move(self, seat: Seat) -> None:
        table = self.table
        player = self._player(seat)
        observation, legal = table.game.observation(seat.index), table.legal()
        turn = table.turn
        if self._level(seat) in QUICK_LEVELS:  # a twentieth of a millisecond: a thread hop
            action = player.choose(observation, legal)  # and its GIL handovers cost more
            await asyncio.sleep(0)  # computer seats alone must still let the loop serve
        else:
            action = await asyncio.get_running_loop().run_in_executor(None, player.choose,
                                                                      observation, legal)
        if table.turn == turn and table.to_move == seat.index:
            await self._apply(seat.index, action)

    @staticmethod
    def _level(seat: Seat) -> str:
        """The computer level playing ``seat`` (a person's seat stood in for: normal)."""
        return "normal" if seat.kind == HUMAN else seat.kind

    def _player(self, seat: Seat) -> Any:
        from ai.base import make_player

        if seat.index not in self._players:
            level = self._level(seat)
            # Computer players get their own generator, seeded from the OS: never the deal's.
            self._players[seat.index] = make_player(self.config.game, level,
                                                    random.Random(secrets.randbits(64)),
                                                    self.config.ai_budget)
        return self._players[seat.index]

    async def _apply(self, index: int, action: int) -> None:
        events = self.table.apply(action, index)
        self._awaiting = None
        self.saver.soon()  # the answer does not wait for the disk
        await self._broadcast_events(events)
        await self._send_proofs()

    async def _send_proofs(self) -> None:
        """The proofs and records of the games ended since the last call (after a resume, also
        those the host had no time to send before it stopped)."""
        for proof in self.table.new_proofs():
            await self.to_all("deal_proof", **proof)
        for record in self.table.new_records([s.name for s in self.seats]):
            # Every client checks the record against what it saw and keeps it (docs/lan.md).
            await self.to_all("game_record", record=record.to_json())

    async def _broadcast_events(self, events: list) -> None:
        """Each connected seat's view of ``events``; the seat asked next (when the table asks
        it at once) gets its turn in the same message, one frame less a move (docs/lan.md)."""
        table, asked = self.table, self._asked_next()
        turn: dict[str, Any] = {}
        if asked is not None:
            legal = table.legal()
            turn = {"legal": legal, "texts": table.action_texts(legal)}
        views = table.observations_for([s.index for s in self.seats if s.conn is not None])
        # The seat asked is told last: its answer cannot overtake another seat's events.
        for seat in sorted(self.seats, key=lambda s: s.index == asked):
            if seat.conn is not None:
                if seat.index == asked:
                    self._awaiting = asked
                view = views.get(seat.index) or table.observation_for(seat.index, history=False)
                await seat.conn.send(encode(
                    "events", events=events_json(events, seat.index), turn=table.turn,
                    to_move=table.to_move, deal=table.deal_number, observation=view,
                    **(turn if seat.index == asked else {})))

    def _asked_next(self) -> int | None:
        """The person's seat the table will ask for the next move right after these events
        (none while a deal waits to be sealed, or for a seat away or played by a computer)."""
        table = self.table
        index = table.to_move
        if index is None or self.stopped or table.needs_seed or table.over:
            return None
        seat = self.seats[index]
        return index if seat.kind == HUMAN and not seat.stand_in and seat.conn is not None \
            else None

    async def _send_turn(self, seat: Seat) -> None:
        if seat.conn is not None:
            legal = self.table.legal()
            await seat.conn.send(encode("your_turn", legal=legal, turn=self.table.turn,
                                        texts=self.table.action_texts(legal)))

    async def wait_changed(self, timeout: float | None) -> None:
        """Wait until something changes (or ``timeout`` seconds pass); never once stopped (a stop
        that came while the caller was sending would otherwise be cleared here and slept on)."""
        if self.stopped:
            return
        self._changed.clear()
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            pass

    async def expel(self, seat: Seat, reason_key: str) -> None:
        """Close a player's connection; his seat is kept for him like any dropped seat."""
        conn = seat.conn
        if conn is not None:
            await conn.send(encode("refused", about="deal", **_refusal(msg(reason_key))))
            await conn.ws.close(4000, reason_key)
            self._detach(seat)

    # --- connections -------------------------------------------------------------------------
    async def _serve(self, ws: ServerConnection) -> None:
        address = ws.remote_address[0] if ws.remote_address else "?"
        if not self.door.admit(address):
            self.quiet.refused("connection", "refused a connection from %s: too many open", address)
            await ws.close(1013, "too many connections")
            return
        conn = Connection(ws, self.config.rate, self.config.burst)
        try:
            await self._until_seated(conn)
            if conn.seat is not None:
                async for frame in ws:
                    await self._receive(conn, frame)
        except ConnectionClosed as closed:
            log.info("connection closed: %s", closed)
        finally:
            self.door.leave(address)
            if conn.seat is not None and conn.seat.conn is conn:
                self._detach(conn.seat)
            if self.door.flood_passed(sum(1 for s in self.seats if s.kind == HUMAN)):
                self.spawn(asyncio.to_thread(give_back_memory))  # what the flood held

    async def _until_seated(self, conn: Connection) -> None:
        """Read until a hello seats the connection; close it if that takes longer than
        ``hello_seconds`` (a connection that never says hello holds no memory for long)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.config.hello_seconds
        while conn.seat is None:
            left = deadline - loop.time()
            try:
                if left <= 0:
                    raise TimeoutError
                frame = await asyncio.wait_for(conn.ws.recv(), left)
            except TimeoutError:
                self.quiet.refused("no_hello", "closed a connection from %s: no hello in time",
                                   conn.address)
                await conn.ws.close(1008, "no hello in time")
                return
            await self._receive(conn, frame)

    def _detach(self, seat: Seat) -> None:
        seat.conn = None
        seat.dropped_at = time.monotonic()
        self.sealer.dropped(seat)
        self._changed.set()
        if self.stopped:
            return
        log.info("seat %d (%s) dropped; the seat waits for him", seat.index, seat.name)
        self.spawn(self.notice("net.notice.dropped", name=seat.name))

    async def _receive(self, conn: Connection, frame: str | bytes) -> None:
        if not conn.within_rate():
            await self.refuse(conn, "rate", msg("net.refuse.rate"))
            return
        try:
            message = parse_client(frame)
        except ProtocolError as error:
            await self.refuse(conn, "message",
                              msg("net.refuse.bad_message", problem=error.reason))
            return
        kind = message["type"]
        if kind == "hello":
            await self._hello(conn, message)
        elif conn.seat is None:
            await self.refuse(conn, kind, msg("net.refuse.hello_first"))
        elif kind == "action":
            await self._action(conn, conn.seat, message)
        elif kind in ("commit", "reveal"):
            await self.sealer.take(conn, conn.seat, message)
        elif kind == "bye":
            await conn.ws.close(1000, "bye")

    async def refuse(self, conn: Connection, about: str, reason: Message,
                     close: bool = False) -> None:
        """Refuse a message: a strike for the connection, a (rate-limited) log line, and the
        reason to the sender as key + fields (its client says it in its player's language);
        past ``STRIKES_TO_CLOSE`` strikes, or with ``close``, the line is closed."""
        conn.strikes += 1
        seat = conn.seat.index if conn.seat else None
        self.quiet.refused(about, "refused %s from %s (seat %s): %s", about, conn.address, seat,
                           english_text(reason))
        if conn.strikes > STRIKES_TO_CLOSE:
            if conn.strikes == STRIKES_TO_CLOSE + 1:  # close once; the handler keeps reading
                self.spawn(conn.ws.close(1008, "too many refused messages"))
            return
        await conn.send(encode("refused", about=about, **_refusal(reason)))
        if close:
            await conn.ws.close(1008, about)

    async def _hello(self, conn: Connection, message: dict[str, Any]) -> None:
        if conn.seat is not None:
            await self.refuse(conn, "hello", msg("net.refuse.already_seated"))
            return
        wait = self.door.wait_left(conn.address)
        if wait > 0:  # guessed wrong recently: not heard until the back-off has passed
            key = ("net.refuse.locked_out" if self.door.locked_out(conn.address)
                   else "net.refuse.wait")
            await self.refuse(conn, "hello", msg(key, seconds=max(1, round(wait))), close=True)
            return
        password = self.config.password
        if password and not hmac.compare_digest((message.get("password") or "").encode(),
                                                password.encode()):
            self.door.failed(conn.address)
            await self.refuse(conn, "hello", msg("net.refuse.password"), close=True)
            return
        seat = seat_for(self.seats, message)
        if isinstance(seat, Message):
            if message.get("token") is not None:
                self.door.failed(conn.address)  # a token guess costs like a password guess
            await self.refuse(conn, "hello", seat)
            return
        self.door.succeeded(conn.address)
        if seat.token is None:
            seat.token = secrets.token_urlsafe(24)
            seat.name = message.get("name") or tr("names.player", n=seat.index + 1)
            await self.save()
        elif seat.conn is not None:  # the same player again: the newer connection wins
            old, seat.conn = seat.conn, None
            await old.ws.close(4001, "replaced by a newer connection")
        seat.conn, conn.seat = conn, seat
        seat.dropped_at, seat.stand_in = None, False
        log.info("seat %d taken by %s", seat.index, seat.name)
        await conn.send(encode("welcome", seat=seat.index, token=seat.token, name=self.config.name,
                               game=self.config.game, games=self.config.games,
                               seats=seat_list(self.seats)))
        await self._send_table(seat)
        await self.to_all("seats", seats=seat_list(self.seats))  # waiting rooms list who is here
        if self.on_seats is not None:
            self.spawn(self.on_seats(self.seats_free()))
        self._changed.set()

    async def _send_table(self, seat: Seat) -> None:
        """The table as it stands, for a player who (re)joins: with the open or last round and
        the chain of sealed deals, so his program can tell a deal sealed twice or a table
        carried on from an older copy."""
        table = self.table
        open_round = self.sealer.round
        round_ = open_round or table.rounds.get(table.deal_number)
        await seat.conn.send(encode(
            "table", deal=table.deal_number, turn=table.turn, to_move=table.to_move,
            observation=table.observation_for(seat.index) if table.started else None,
            round=round_.opened() if round_ else None, chain=table.chain_links()))
        if self._awaiting == seat.index:
            await self._send_turn(seat)

    async def _action(self, conn: Connection, seat: Seat, message: dict[str, Any]) -> None:
        if self._awaiting != seat.index or self.table.to_move != seat.index:
            await self.refuse(conn, "action", msg("net.refuse.not_your_turn"))
            return
        if message["turn"] != self.table.turn:
            key = "net.refuse.stale" if message["turn"] < self.table.turn else "net.refuse.future"
            await self.refuse(conn, "action", msg(key))
            return
        try:
            await self._apply(seat.index, message["action"])
        except IllegalAction as illegal:
            await self.refuse(conn, "action", illegal.reason)
            return
        self._changed.set()

    async def to_all(self, kind: str, **fields: Any) -> None:
        """Send one message to every connected seat."""
        text = encode(kind, **fields)
        for seat in self.seats:
            if seat.conn is not None:
                await seat.conn.send(text)

    async def notice(self, key: str, **fields: Any) -> None:
        """Tell every connected seat something: key + fields, each client in its own words."""
        await self.to_all("notice", **message_json(msg(key, **fields)))
