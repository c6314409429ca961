"""What a LAN host is asked to run (:class:`HostConfig`) and its seats (:class:`Seat`)."""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import Any

from engine.core import Message
from engine.core import message as msg
from texts import tr

HUMAN = "human"


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
    hello_seconds: float = 5.0  # a connection that holds no seat by then is closed
    per_address: int = 8  # open connections from one address
    max_connections: int = 64  # open connections in all
    accept_rate: float = 2.0  # new connections a second from one address, after a burst of
    accept_burst: float = 10.0  # ... these (faster ones are closed before their handshake)
    strangers: Any = None  # a door.StrangerBudget shared by a process's tables (None: its own)
    tls: Any = None  # an ssl.SSLContext (tls.py): wss://; None: plain ws:// (tests, --insecure)
    fingerprint: str | None = None  # the certificate's, shown to people to compare
    names: list[str] | None = None  # seat names (a window's host names its computer seats)
    window: dict[str, Any] | None = None  # saved with the table: how a window reopens it


@dataclass
class Seat:
    """One seat: who plays it, its secret token, and its connection if one is open."""

    index: int
    kind: str
    name: str
    token: str | None = None
    conn: Any = None  # its Connection (connection.py) while one is open
    dropped_at: float | None = None
    stand_in: bool = False  # a computer plays for a player who dropped


def computer_names(kinds: list[str]) -> list[str]:
    """Names for the computer seats as a table on one screen gives them (Anna, Boris …), by
    seat number, so that they rarely meet the name a person types for his own seat."""
    pool = [n.strip() for n in tr("names.ai").split(",") if n.strip()]
    return [pool[index % len(pool)] if kind != HUMAN and pool else tr("names.player", n=index + 1)
            for index, kind in enumerate(kinds)]


def seat_for(seats: list[Seat], hello: dict[str, Any]) -> Seat | Message:
    """The seat a hello may take (its token's, the one it asks for, or the first free person's
    seat), or the reason it may take none."""
    token = hello.get("token")
    if token is not None:
        for seat in seats:
            if seat.token is not None and hmac.compare_digest(seat.token, token):
                return seat
        return msg("net.refuse.token")
    wanted = hello.get("seat")
    free = [s for s in seats if s.kind == HUMAN and s.token is None]
    if wanted is None:
        return free[0] if free else msg("net.refuse.full")
    if not 0 <= wanted < len(seats) or seats[wanted].kind != HUMAN:
        return msg("net.refuse.no_such_seat", seat=wanted)
    if seats[wanted].token is not None:
        return msg("net.refuse.seat_taken", seat=wanted)
    return seats[wanted]


def seat_list(seats: list[Seat]) -> list[dict[str, Any]]:
    """Every seat as the ``welcome`` and ``seats`` messages list it."""
    return [{"seat": s.index, "name": s.name, "kind": s.kind,
             "connected": s.kind != HUMAN or s.conn is not None} for s in seats]
