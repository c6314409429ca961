"""The event loop a seat's program runs its connection on: uvloop's where it is installed.

A seat's program spends most of its time in the loop's own machinery (reading the socket,
TLS, handing each frame to websockets), not in the game: uvloop does that part in C and cuts
a seat's CPU per move by about a tenth on ``bench.lan``. It is optional (not made for Windows):
without it the program runs on asyncio's loop, the same code. The host keeps asyncio's loop:
its door (gate.py) turns connections away inside asyncio's ``sock.accept()``, which uvloop
does not call.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def new_loop() -> asyncio.AbstractEventLoop:
    """A new event loop for a seat's connection (uvloop's when installed, else asyncio's)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end on a new :func:`new_loop` (as ``asyncio.run`` does)."""
    with asyncio.Runner(loop_factory=new_loop) as runner:
        return runner.run(coroutine)
