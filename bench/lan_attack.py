"""Hostile load for ``bench.lan``: idle connections and password guessers that come and go.

Loopback only (127.0.0.0/8): each idle connection and each guesser speaks from its own
loopback address (127.0.1.x, 127.0.2.x) as separate machines would, so the host's
per-address caps and back-off treat them as strangers, not as the players (127.0.0.1).
Every loop is bounded by the deadline.
"""

from __future__ import annotations

import asyncio
import json
import random
import ssl
import time
from collections import Counter
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from net.protocol import VERSION as PROTOCOL  # guessers speak the table's protocol


def _tls(address: str) -> ssl.SSLContext | None:
    if not address.startswith("wss://"):
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    return context


def _connect(address: str, source: str) -> Any:
    """A connection to ``address`` from the loopback address ``source``."""
    return connect(address, ssl=_tls(address), local_addr=(source, 0), open_timeout=5,
                   ping_interval=None)


async def _idle(addresses: list[str], source: str, deadline: float, counts: Counter) -> None:
    """Open a connection, say nothing, let it be closed (or leave after a while); again."""
    rng = random.Random(source)
    while time.monotonic() < deadline:
        address = rng.choice(addresses)
        try:
            async with _connect(address, source) as ws:
                counts["idle_opened"] += 1
                stay = min(rng.uniform(1.0, 8.0), max(0.0, deadline - time.monotonic()))
                try:
                    await asyncio.wait_for(ws.recv(), stay)
                except TimeoutError:
                    counts["idle_left"] += 1  # went away on its own
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else 0
            counts[f"idle_closed_{code}"] += 1
        except (TimeoutError, OSError, InvalidHandshake, InvalidStatus) as error:
            counts[f"idle_failed_{type(error).__name__}"] += 1
        await asyncio.sleep(rng.uniform(0.05, 0.5))


async def _guess(addresses: list[str], source: str, deadline: float, counts: Counter) -> None:
    """Try passwords as fast as the host lets one address try."""
    rng = random.Random(source)
    while time.monotonic() < deadline:
        address = rng.choice(addresses)
        try:
            async with _connect(address, source) as ws:
                await ws.send(json.dumps({"type": "hello", "v": PROTOCOL, "name": "guess",
                                          "seat": None, "token": None,
                                          "password": f"guess-{rng.random()}"}))
                answer = json.loads(await asyncio.wait_for(ws.recv(), 5))
                reason = answer.get("reason", "")
                counts["guess_checked" if "Wrong" in reason else "guess_held_off"] += 1
        except (TimeoutError, ConnectionClosed, OSError, InvalidHandshake, InvalidStatus,
                ValueError) as error:
            counts[f"guess_failed_{type(error).__name__}"] += 1
        await asyncio.sleep(0.01)


async def attack(addresses: list[str], idle: int, guessers: int, seconds: float) -> dict[str, Any]:
    """Run the hostile load for ``seconds``; counts of what happened."""
    deadline = time.monotonic() + seconds
    counts: Counter = Counter()
    tasks = [_idle(addresses, f"127.0.1.{1 + i % 250}", deadline, counts) for i in range(idle)]
    tasks += [_guess(addresses, f"127.0.2.{1 + i}", deadline, counts) for i in range(guessers)]
    await asyncio.gather(*tasks)
    return dict(counts)
