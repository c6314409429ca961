"""One client socket on the LAN host: its rate limit, and sending that survives a closed line."""

from __future__ import annotations

import time
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed


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
            await self.ws.send(text)
        except ConnectionClosed:
            pass
