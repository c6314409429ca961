"""One client socket on the LAN host: its rate limit, and sending that survives a closed line."""

from __future__ import annotations

import time
from typing import Any

from websockets.asyncio.connection import broadcast
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

QUICK_BUFFER = 16 * 1024  # bytes waiting to leave below which a frame is written at once


async def send_frame(ws: Any, text: str) -> None:
    """Send one text frame on ``ws`` (a websockets connection, either side).

    While little waits in the socket's buffer, the frame is written at once, as websockets'
    ``broadcast`` writes (each move sends a frame to every seat: the send's context and
    drain were a good part of a move's cost); a line whose buffer is filling takes
    ``ws.send``, which waits until its reader catches up. A closed line sends nothing (the
    connection's reader notices), as ``ws.send`` raises ConnectionClosed then."""
    transport = getattr(ws, "transport", None)
    if transport is not None and transport.get_write_buffer_size() < QUICK_BUFFER:
        broadcast((ws,), text)  # skips a line that is not open any more
        return
    await ws.send(text)


class Connection:
    """One client socket, with its rate limit and the seat it proved it holds."""

    def __init__(self, ws: ServerConnection, rate: float, burst: float) -> None:
        self.ws = ws
        self.address = ws.remote_address[0] if ws.remote_address else "?"
        self.seat: Any = None  # the host's Seat, once a hello proved it holds one
        self.rate, self.burst = rate, burst
        self.allowance = burst
        self.checked = time.monotonic()
        self.strikes = 0

    def within_rate(self) -> bool:
        """Token bucket: refill at ``rate`` per second up to ``burst``, one token a message."""
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.checked) * self.rate)
        self.checked = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True

    async def send(self, text: str) -> None:
        """Send, ignoring a connection that has just gone away (its handler notices)."""
        try:
            await send_frame(self.ws, text)
        except ConnectionClosed:
            pass
