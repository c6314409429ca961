"""A seat's side of a LAN table: the protocol state, the connection, and a frame-loop handle.

``SeatState`` reads every host message: it keeps the seat's observation, the events as the seat
saw them, the legal actions when it is the seat's turn, answers the joint-deal rounds itself
(a fresh ``secrets`` contribution per deal) and checks every deal (deal_check.py). ``Link`` is
the asyncio connection: hello, messages in and out, reconnecting with the seat token when the
line drops. ``NetClient`` runs a Link in a background thread and hands messages to a frame
loop through a queue: ``poll()`` never blocks, ``submit(action)`` returns at once.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from engine.core import Event
from engine.games import observation_from_json
from engine.joint_seed import names_digest
from engine.shuffle import commitment_of
from storage.paths import config_dir, data_dir
from texts import tr

from .connection import send_frame
from .deal_check import check_contributions, check_proof
from .lan_records import check_lan_record, keep_lan_record
from .ledger import DealLedger, ledger_path, load_ledger, save_ledger
from .loops import new_loop
from .protocol import MAX_RECORD_BYTES, ProtocolError, decode, encode, turn_offered
from .seat_history import SeatHistory
from .tls import KNOWN_FILE, KnownHosts, client_context, peer_fingerprint, short_fingerprint

log = logging.getLogger("kozyr.net.client")
FINAL_CLOSE_CODES = (1008, 4001)  # closed as hostile, or replaced by a newer connection


class SeatState:
    """Everything one seat knows of the table, updated message by message."""

    def __init__(self, name: str | None = None, seat: int | None = None,
                 token: str | None = None, password: str | None = None) -> None:
        self.name, self.wanted_seat, self.token, self.password = name, seat, token, password
        self.seat: int | None = None
        self.game: str | None = None
        self.seats: list[dict[str, Any]] = []
        self.observation: dict[str, Any] | None = None
        self.turn = 0
        self.to_move: int | None = None
        self.legal: list[int] = []
        self.texts: list[str] = []
        self.deal = 0  # the deal being played, counted by its "shuffled" event
        self.segments: dict[int, list[Event]] = {}  # per deal, the events this seat saw
        self.history = SeatHistory()  # the game's events so far (seat_history.py)
        self.ledger = DealLedger()  # deals seen sealed and our parts, kept across rejoins
        self.commitments: dict[int, dict[str, str]] = {}
        self.contributions: dict[int, dict[str, str]] = {}
        self.notes: list[dict[str, Any]] = []  # faults and "sealed while away", for the screen
        self.verdicts: dict[int, list[str]] = {}  # per deal, problems found ([] = verified)
        # The seat names listed when each deal's host commitment was shown (it binds them).
        self.names_seen: dict[int, list[str]] = {}
        self.unchecked: set[int] = set()  # deals sealed without our part: we cannot vouch for them
        self.proofs: list[dict[str, Any]] = []
        self.records: list[tuple[Any, list[str]]] = []  # (GameRecord or None, its problems)
        self.started_at = time.time()
        self.result: dict[str, Any] | None = None
        self.ended: str | None = None  # why the table ended for this seat
        self.refusals: list[dict[str, Any]] = []
        self.fingerprint: str | None = None  # the host certificate's, on an encrypted table

    def hello(self) -> str:
        """The first message on every connection: a new seat, or the token of ours."""
        return encode("hello", name=self.name, seat=self.wanted_seat, token=self.token,
                      password=self.password)

    def handle(self, message: dict[str, Any]) -> list[str]:
        """Take in one host message; returns the replies the seat owes (deal round parts)."""
        handler = getattr(self, f"_on_{message['type']}", None)
        return handler(message) or [] if handler else []

    def _on_welcome(self, m: dict[str, Any]) -> None:
        self.seat, self.token, self.game, self.seats = m["seat"], m["token"], m["game"], m["seats"]

    def _on_seats(self, m: dict[str, Any]) -> None:
        self.seats = m["seats"]

    def seat_names(self) -> list[str]:
        """The seat names as the host's ``welcome`` / ``seats`` messages last listed them."""
        return [s["name"] for s in sorted(self.seats or [], key=lambda s: s["seat"])]

    @property
    def host_commitments(self) -> dict[int, str]:
        """The host commitment shown for each deal (the first, if the host showed two)."""
        return self.ledger.host_commitments

    @property
    def faults(self) -> list[dict[str, Any]]:
        """Deals the host sealed twice, or a table carried on from an older copy (ledger.py)."""
        return self.ledger.faults

    def _flag(self, faults: list[dict[str, Any]]) -> None:
        for fault in faults:
            self.notes.append({"type": "fault", **fault,
                               "text": tr(f"net.fault.{fault['kind']}", deal=fault["deal"])})

    def _on_table(self, m: dict[str, Any]) -> None:
        self.deal, self.turn, self.to_move, self.legal = m["deal"], m["turn"], m["to_move"], []
        if m["observation"] is not None:
            self.observation = m["observation"]
            m["observation"]["history"] = self.history.reset(m["observation"].get("game"),
                                                             m["observation"]["history"])
            history = [Event.from_json(e) for e in self.history.events]
            starts = [i for i, e in enumerate(history) if e.kind == "shuffled"]
            self.segments[self.deal] = history[starts[-1]:] if starts else []
        chain = m.get("chain") or {}
        self._flag(self.ledger.chain_shown(chain.get("base", ""), chain.get("links", [])))
        round_ = m["round"]
        if round_ is None:
            return
        if round_.get("chain") is None:  # a deal being sealed: one host commitment per deal
            self._flag(self.ledger.opened(round_["deal"], round_["host_commitment"]))
        elif round_["deal"] not in self.contributions:
            self.unchecked.add(round_["deal"])  # sealed while we were away (docs/lan.md)
            if str(self.seat) not in (round_.get("contributions") or {}):
                self._away(round_["deal"])

    def _away(self, deal: int) -> None:
        self.notes.append({"type": "sealed_away", "deal": deal,
                           "text": tr("net.fair.sealed_away", deal=deal)})

    def _on_events(self, m: dict[str, Any]) -> None:
        for data in m["events"]:
            event = Event.from_json(data)
            if event.kind == "shuffled":
                self.deal += 1
                self.segments[self.deal] = []
            self.segments.setdefault(self.deal, []).append(event)
        self._fill_history(m["observation"], m["events"])
        self.observation, self.turn, self.to_move = m["observation"], m["turn"], m["to_move"]
        self.legal, self.texts = [], []
        if "legal" in m:  # our turn came with the events (version 4)
            self._on_your_turn(m)

    def _fill_history(self, observation: dict[str, Any], events: list[dict[str, Any]]) -> None:
        """Give the observation its history back: the host sends only how many of the events
        this seat saw make the game so far (``history_len``), the last ones (docs/lan.md)."""
        count = observation.pop("history_len", None)
        if count is None:  # sent whole
            self.history.reset(observation.get("game"), observation.get("history", []))
        else:
            observation["history"] = self.history.take(observation.get("game"), events, count)

    def _on_your_turn(self, m: dict[str, Any]) -> None:
        self.legal, self.texts, self.turn = m["legal"], m["texts"], m["turn"]

    def _on_deal_commit(self, m: dict[str, Any]) -> list[str]:
        number, host_commitment = m["deal"], m["host_commitment"]
        self._flag(self.ledger.opened(number, host_commitment))
        self.names_seen.setdefault(number, self.seat_names())
        # Our part is kept per deal and host commitment: asked again for the same round (we
        # came back), we commit to the same part; a new host commitment gets a fresh one.
        part = self.ledger.part_for(number, host_commitment)
        return [encode("commit", deal=number, commitment=commitment_of(part))]

    def _on_deal_reveal(self, m: dict[str, Any]) -> list[str]:
        number = m["deal"]
        part = self.ledger.kept_part(number, m.get("host_commitment")
                                     or self.host_commitments.get(number, ""))
        if part is None:
            return []
        self.commitments[number] = m["commitments"]
        if m["commitments"].get(str(self.seat)) != commitment_of(part):
            self.verdicts[number] = ["the host changed our commitment"]
        return [encode("reveal", deal=number, contribution=part.hex())]

    def _on_deal_sealed(self, m: dict[str, Any]) -> None:
        number = m["deal"]
        self._flag(self.ledger.sealed_now(number, m["host_commitment"], m["seed_commitment"],
                                          m.get("chain", ""), m.get("previous", "")))
        self.contributions[number] = m["contributions"]
        if str(self.seat) not in m["contributions"]:
            self.unchecked.add(number)  # sealed while a computer played our seat: we are told
            self._away(number)
            return
        if self.host_commitments.get(number) != m["host_commitment"]:
            self.unchecked.add(number)
            return
        self.unchecked.discard(number)
        problems = check_contributions(self.commitments.get(number, {}), m["contributions"])
        if problems:
            self.verdicts[number] = problems

    def _on_deal_proof(self, m: dict[str, Any]) -> None:
        number = m["deal"]
        self.proofs.append({k: v for k, v in m.items() if k not in ("type", "v")})
        faults = [tr(f"net.fault.{f['kind']}", deal=number) for f in self.faults
                  if f["deal"] == number]
        if faults:  # the host dealt this deal twice: whatever the proof says, it failed
            self.verdicts[number] = faults
            self.unchecked.discard(number)
            return
        if self.verdicts.get(number):
            return  # already failed at reveal time: keep the first reason
        if (number in self.unchecked or number not in self.contributions or self.game is None
                or self.seat is None):
            self.unchecked.add(number)
            return
        self.verdicts[number] = check_proof(self.game, self.seat, self.host_commitments[number],
                                            self.contributions[number], m,
                                            self.segments.get(number, []),
                                            names_digest(self.names_seen.get(number)
                                                         or self.seat_names()))

    def _on_game_record(self, m: dict[str, Any]) -> None:
        orders = {p["deal"]: p["order"] for p in self.proofs if p.get("order") is not None}
        record, problems = check_lan_record(m["record"], self.seat, self.host_commitments,
                                            self.contributions, orders, self.unchecked,
                                            self.seat_names())
        # A deal the host sealed twice makes the record evidence, kept out of the history.
        problems += [tr(f"net.fault.{f['kind']}", deal=f["deal"]) for f in self.faults]
        self.records.append((record, problems))

    def seat_kinds(self, own: str) -> list[str]:
        """Who sat where, for the history: ``own`` for this seat, computer levels as they are,
        other people as unknown (so the history shows this seat's result)."""
        return [own if s["seat"] == self.seat else
                "unknown" if s["kind"] == "human" else s["kind"] for s in self.seats]

    def _on_game_over(self, m: dict[str, Any]) -> None:
        self.result = m["result"]

    def _on_bye(self, m: dict[str, Any]) -> None:
        self.ended = m["reason"]

    def _on_refused(self, m: dict[str, Any]) -> None:
        self.refusals.append(m)

    def ai_observation(self) -> dict[str, Any]:
        """The observation exactly as the engine gives it to computer players (the history
        read event by event as it came, not again at every move)."""
        observation = observation_from_json({**(self.observation or {}), "history": []})
        observation["history"] = self.history.for_ai()
        return observation


class Link:
    """The websocket connection of one seat: hello, messages, and reconnecting with the token."""

    def __init__(self, address: str, state: SeatState, reconnect_for: float = 60.0) -> None:
        self.address, self.state, self.reconnect_for = address, state, reconnect_for
        self._ws: Any = None
        self.own_kind = "human"  # who plays this seat, for the history ("human" or a level)
        self.keep_records = True  # save each checked game record and add it to the history
        self.ledger_folder: Path | None = data_dir()  # where the seat's deal ledger is kept
        self.known_hosts = config_dir() / KNOWN_FILE  # certificates trusted, by address
        self.expected_fingerprint: str | None = None  # known already (the host's own window)
        self.trust_new = False  # accept a changed certificate (the player said so)
        self.seat_book: Any = None  # a window's SeatBook (seat_book.py): its seats, by table
        self._closing = False

    async def run(self, on_message: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        """Stay connected until the table ends; hand each message on (after the state took it
        in)."""
        loop = asyncio.get_running_loop()
        lost_at: float | None = None
        while not self._closing and self.state.ended is None:
            try:
                tls = client_context() if self.address.startswith("wss://") else None
                async with connect(self.address, ssl=tls, max_size=MAX_RECORD_BYTES,
                                   open_timeout=5, ping_interval=5, ping_timeout=10) as ws:
                    if tls is not None and not await self._trusted(ws, on_message):
                        self.state.ended = "fingerprint_changed"  # say nothing to this host
                        break
                    self._ws, lost_at = ws, None
                    await ws.send(self.state.hello())
                    async for frame in ws:
                        await self._take(frame, on_message)
            except ConnectionClosed as closed:
                if closed.rcvd is not None and closed.rcvd.code in FINAL_CLOSE_CODES:
                    self.state.ended = self.state.ended or f"closed:{closed.rcvd.code}"
            except (TimeoutError, OSError, InvalidHandshake, InvalidURI) as error:
                log.info("cannot reach %s: %s", self.address, error)
            self._ws = None
            if self.state.token is None and self.state.refusals:
                self.state.ended = self.state.ended or "refused"  # never seated: nothing to keep
            if self._closing or self.state.ended is not None:
                break
            lost_at = lost_at if lost_at is not None else loop.time()
            if loop.time() - lost_at > self.reconnect_for:
                self.state.ended = "lost"
                break
            await asyncio.sleep(0.5)
        await on_message({"type": "ended", "reason": self.state.ended or "closed"})

    async def _take(self, frame: str | bytes, on_message: Callable) -> None:
        try:
            message = decode(frame, MAX_RECORD_BYTES)
        except ProtocolError as error:
            log.warning("ignored a bad message from the host: %s", error.reason)
            return
        try:
            replies = self.state.handle(message)
        except (KeyError, TypeError, ValueError) as error:
            log.warning("ignored a malformed %s from the host: %r", message["type"], error)
            return
        if message["type"] == "welcome":
            await self._recall()
        if self.seat_book is not None:
            await self._book(message)
        await self._keep_ledger()  # our part is on disk before its commitment leaves
        for reply in replies:
            await self.send_text(reply)
        if message["type"] == "game_record" and self.keep_records and self.state.records:
            record, problems = self.state.records[-1]
            if record is not None:
                await asyncio.to_thread(keep_lan_record, record, problems,
                                        self.state.seat_kinds(self.own_kind),
                                        self.state.started_at)
        notes, self.state.notes = self.state.notes, []
        for note in notes:
            await on_message(note)
        if message["type"] == "deal_proof":
            number = message.get("deal", -1)
            await on_message({"type": "verified", "deal": number,
                              "unchecked": number in self.state.unchecked,
                              "problems": self.state.verdicts.get(number, [])})
        await on_message(message)
        turn = turn_offered(message)
        if turn is not None and turn is not message:  # handed on as the message it stands for
            await on_message(turn)

    async def _trusted(self, ws: Any, on_message: Callable) -> bool:
        """Is the host's certificate the one expected (or the one first seen at this address,
        trust on first use)? A different one is refused with a warning, before any secret."""
        fingerprint = peer_fingerprint(ws)
        self.state.fingerprint = fingerprint
        if fingerprint is None:
            return False
        if self.expected_fingerprint is not None:
            before = None if fingerprint == self.expected_fingerprint else self.expected_fingerprint
        else:
            known = KnownHosts(self.known_hosts)
            before = await asyncio.to_thread(known.check, urlsplit(self.address).netloc,
                                             fingerprint)
            if before is not None and self.trust_new:
                await asyncio.to_thread(known.trust, urlsplit(self.address).netloc, fingerprint)
                before = None
        if before is None:
            return True
        log.warning("the host's certificate changed: %s, was %s", fingerprint, before)
        await on_message({"type": "fingerprint", "old": before, "new": fingerprint,
                          "text": tr("net.tls.changed", old=short_fingerprint(before),
                                     new=short_fingerprint(fingerprint))})
        return False

    async def _book(self, message: dict[str, Any]) -> None:
        """Keep the seat taken, for a window that joins this table again; forget it once the
        table is over or does not know the token."""
        kind, state = message["type"], self.state
        if kind == "welcome":
            await asyncio.to_thread(self.seat_book.keep, self.address, state.token, state.seat,
                                    state.name or "")
        elif (kind == "game_over" or kind == "bye" and message.get("reason") == "table_over"
              or kind == "refused" and state.seat is None
              and message.get("key") == "net.refuse.token"):  # a host that stopped may resume
            await asyncio.to_thread(self.seat_book.forget, self.address)

    def _ledger_file(self) -> Path | None:
        if self.ledger_folder is None or self.state.token is None:
            return None
        return ledger_path(self.ledger_folder, self.state.token)

    async def _recall(self) -> None:
        """Take in what an earlier program of this seat kept (it came back with the token)."""
        path = self._ledger_file()
        if path is not None:
            self.state.ledger.merge(await asyncio.to_thread(load_ledger, path))

    async def _keep_ledger(self) -> None:
        if not self.state.ledger.changed:  # most messages change nothing: no hashing then
            return
        path = self._ledger_file()
        if path is None:
            return
        self.state.ledger.changed = False
        try:
            await asyncio.to_thread(save_ledger, path, self.state.ledger.to_json())
        except OSError as error:
            log.warning("could not keep this seat's deal ledger: %s", error)

    async def send_text(self, text: str) -> None:
        """Send one frame if connected (a lost line is noticed by ``run``)."""
        if self._ws is not None:
            try:
                await send_frame(self._ws, text)
            except ConnectionClosed:
                pass

    async def submit(self, action: int) -> None:
        """Send our action for the turn we were asked about."""
        await self.send_text(encode("action", action=action, turn=self.state.turn))

    async def close(self) -> None:
        """Say goodbye and stop; the seat stays ours on the host until the table ends."""
        self._closing = True
        ws = self._ws  # the reading side may drop it while the goodbye is on its way
        if ws is not None:
            await self.send_text(encode("bye"))
            await ws.close()


class NetClient:
    """A seat for a frame loop: the Link runs in a thread, messages come out of ``poll()``."""

    def __init__(self, address: str, name: str | None = None, seat: int | None = None,
                 token: str | None = None, password: str | None = None,
                 reconnect_for: float = 60.0) -> None:
        self.state = SeatState(name, seat, token, password)
        self.link = Link(address, self.state, reconnect_for)
        self._inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, name="kozyr-net", daemon=True)
        self.ended: str | None = None  # why the table ended, once the frame loop has seen it

    # What the seat knows lives once, in the SeatState the network thread keeps; these read it.
    @property
    def observation(self) -> dict[str, Any] | None:
        """The seat's observation as the host last sent it."""
        return self.state.observation

    @property
    def legal(self) -> list[int]:
        """Our legal actions while the host waits for our move (else empty)."""
        return self.state.legal

    def start(self) -> NetClient:
        """Connect in the background."""
        self._thread.start()
        self._ready.wait(5.0)
        return self

    def _main(self) -> None:
        self._loop = new_loop()
        self._ready.set()

        async def hand_over(message: dict[str, Any]) -> None:
            self._inbox.put(message)

        self._loop.run_until_complete(self.link.run(hand_over))
        self._loop.close()

    def poll(self, wait: float = 0.0) -> list[dict[str, Any]]:
        """Every message that arrived since the last call (the state already took them in).

        A frame loop calls it as it is (it never waits). A console may pass ``wait`` to block up
        to that many seconds for the first message instead of polling in a busy loop.
        """
        messages: list[dict[str, Any]] = []
        while True:
            try:
                if wait > 0 and not messages:
                    message = self._inbox.get(timeout=wait)
                else:
                    message = self._inbox.get_nowait()
            except queue.Empty:
                break
            messages.append(message)
            if message["type"] == "ended":
                self.ended = message["reason"]
        return messages

    @property
    def connected(self) -> bool:
        """Is the line to the host open now (False while reconnecting)?"""
        return self.link._ws is not None

    def submit(self, action: int) -> None:
        """Send an action (returns at once; a refusal comes back through poll)."""
        if self._loop is not None and not self._loop.is_closed():
            asyncio.run_coroutine_threadsafe(self.link.submit(action), self._loop)

    def close(self, wait: float = 2.0) -> None:
        """Leave the table and stop the thread."""
        if self._loop is not None and not self._loop.is_closed():
            try:
                asyncio.run_coroutine_threadsafe(self.link.close(), self._loop).result(wait)
            except Exception:  # the loop may end between the check and the call: nothing to do
                pass
        self._thread.join(wait)
