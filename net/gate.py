"""The host's listening socket: connections turned away before any TLS work, and memory given
back once a flood of them has passed.

asyncio accepts with ``sock.accept()`` and starts the TLS handshake at once; :class:`GatedSocket`
asks the host's Door (door.py) first, so an address that is locked out or connects too fast is
closed for the cost of an accept, and a stranger over the handshake budget is held unanswered
for a while (:class:`Tarpit`). :func:`give_back_memory` asks the C allocator to return freed
memory to the system (glibc keeps it in its arenas otherwise): after a flood, not per message.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import socket
import sys
import time
from collections import deque
from collections.abc import Callable

log = logging.getLogger("kozyr.net.gate")
TRIM_EVERY = 10.0  # seconds: at most one malloc_trim per process in this time
_last_trim = -TRIM_EVERY


class GatedSocket(socket.socket):
    """A listening socket whose ``accept`` closes at once what ``allows(address)`` refuses and
    holds unanswered what ``waits(address)`` says must wait (:class:`Tarpit`)."""

    allows: Callable[[str], bool] = staticmethod(lambda address: True)
    waits: Callable[[str], bool] = staticmethod(lambda address: False)
    tarpit: Tarpit | None = None

    def accept(self) -> tuple[socket.socket, object]:
        """The next connection the gate allows (BlockingIOError when none is waiting)."""
        if self.tarpit is not None:
            self.tarpit.sweep()
        while True:
            conn, peer = super().accept()
            address = peer[0] if isinstance(peer, tuple) else str(peer)
            if not self.allows(address):
                _reset(conn)
            elif self.tarpit is not None and self.waits(address):
                self.tarpit.hold(conn)
            else:
                return conn, peer

    def close(self) -> None:
        """Close the listening socket and every connection it holds."""
        if self.tarpit is not None:
            self.tarpit.release()
        super().close()


def _reset(conn: socket.socket) -> None:
    try:  # closed before a byte of TLS: the refused side sees a reset
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\1\0\0\0\0\0\0\0")
    except OSError:
        pass
    conn.close()


class Tarpit:
    """Connections held without a word for ``hold`` seconds, then closed: a stranger over the
    handshake budget waits (and its program with it) instead of costing a TLS handshake now
    or coming straight back to try again. At most ``size`` are held; the oldest go first."""

    def __init__(self, hold: float = 10.0, size: int = 256,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.hold_seconds, self.size, self.clock = hold, size, clock
        self._held: deque[tuple[float, socket.socket]] = deque()
        self.count = 0  # connections held so far

    def __len__(self) -> int:
        return len(self._held)

    def hold(self, conn: socket.socket) -> None:
        """Keep ``conn`` unanswered until its time is up."""
        self.count += 1
        self._held.append((self.clock() + self.hold_seconds, conn))
        while len(self._held) > self.size:
            _reset(self._held.popleft()[1])

    def sweep(self) -> None:
        """Close the connections whose time is up."""
        now = self.clock()
        while self._held and self._held[0][0] <= now:
            _reset(self._held.popleft()[1])

    def release(self) -> None:
        """Close every connection held."""
        while self._held:
            _reset(self._held.popleft()[1])


def listening_socket(bind: str, port: int, allows: Callable[[str], bool],
                     backlog: int = 128, waits: Callable[[str], bool] | None = None,
                     tarpit: Tarpit | None = None) -> GatedSocket:
    """A TCP socket bound to ``bind``:``port`` and listening, with ``allows`` at its door (and
    ``waits``, with the ``tarpit`` that holds whom it says must wait)."""
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    sock = GatedSocket(family, socket.SOCK_STREAM)
    try:
        if sys.platform != "win32":  # a restarted host may take its port back at once
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((bind, port))
        sock.listen(backlog)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    sock.allows = allows
    if waits is not None and tarpit is not None:
        sock.waits, sock.tarpit = waits, tarpit
    return sock


def give_back_memory() -> bool:
    """Return the allocator's free memory to the system (glibc's ``malloc_trim(0)``); at most
    once per ``TRIM_EVERY`` seconds; False where there is no such call (not glibc) or too soon.
    It may take some milliseconds on a big heap: call it from a worker thread."""
    global _last_trim
    now = time.monotonic()
    if not sys.platform.startswith("linux") or now - _last_trim < TRIM_EVERY:
        return False
    _last_trim = now
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # musl and others: nothing to ask
        return False
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    trim(0)
    return True
