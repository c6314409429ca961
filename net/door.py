"""The LAN host's door: who may hold a connection, how fast a password may be guessed, and a
log that stays short when somebody is hostile.

- :class:`Door` caps open connections per address and in total, and keeps per address the
  wrong passwords and tokens: after each one the address waits longer before its next hello
  is heard (1, 2, 4 … seconds, at most ``backoff_max``), and after ``lockout_after`` of them it
  is locked out for ``lockout_seconds``. What it remembers is bounded (``MAX_ADDRESSES``).
- Before any TLS work, :meth:`Door.accepts` turns away at the socket an address that opens
  connections faster than ``accept_rate`` a second (after a burst of ``accept_burst``), or that
  is locked out (let in once every few seconds, to be told so): a refused TCP connection
  costs microseconds, a TLS handshake a millisecond of the loop.
- Strangers (addresses that never gave the password) share a budget of TLS handshakes a
  second (:class:`StrangerBudget`, one for all the tables of a process); over it, a new
  connection from a stranger is held unanswered for a while and closed (gate.py ``Tarpit``):
  a flood from many addresses costs the host a few handshakes a second, and the players'
  own addresses are never held.
- :class:`QuietLog` logs the first few refusals of each kind in a window and then one line
  with the counts, so a flood costs a few lines, not megabytes.
"""

from __future__ import annotations

import logging
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

MAX_ADDRESSES = 4096  # addresses whose failures are remembered; the oldest are forgotten first
FLOOD_MARGIN = 4  # connections beyond twice the person seats: a flood
PRUNE_EVERY = 10.0  # seconds between sweeps of what the door remembers
LOCKOUT_TOLD_EVERY = 5.0  # seconds: how often a locked-out address is let in to hear why


class StrangerBudget:
    """TLS handshakes a second for strangers (``rate`` a second after a burst of ``burst``),
    and the addresses that are no strangers: they gave the password to a table of this
    process (a player known at one table is known at all of them)."""

    def __init__(self, rate: float = 10.0, burst: float = 32.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._bucket = _Bucket(burst, clock())
        self._known: OrderedDict[str, None] = OrderedDict()  # most recent last

    def knows(self, address: str) -> bool:
        """Did ``address`` give the password here?"""
        return address in self._known

    def met(self, address: str) -> None:
        """``address`` gave the password: no stranger any more."""
        self._known.pop(address, None)
        self._known[address] = None
        while len(self._known) > MAX_ADDRESSES:
            self._known.popitem(last=False)

    def take(self) -> bool:
        """One handshake from the budget, if there is one left now."""
        bucket = self._bucket
        if bucket.refill(self.rate, self.burst, self.clock()) < 1.0:
            return False
        bucket.allowance -= 1.0
        return True


@dataclass
class _Failures:
    count: int = 0
    last: float = 0.0
    told: float | None = None  # when a locked-out address was last let in to hear so


@dataclass
class _Bucket:
    allowance: float
    checked: float

    def refill(self, rate: float, burst: float, now: float) -> float:
        """Add what ``rate`` gave since the last look (up to ``burst``); the allowance now."""
        self.allowance = min(burst, self.allowance + (now - self.checked) * rate)
        self.checked = now
        return self.allowance


class Door:
    """Connection caps and per-address back-off after wrong passwords or tokens."""

    def __init__(self, per_address: int = 8, total: int = 64, backoff_base: float = 1.0,
                 backoff_max: float = 30.0, lockout_after: int = 10,
                 lockout_seconds: float = 300.0, accept_rate: float = 2.0,
                 accept_burst: float = 10.0, strangers: StrangerBudget | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_address, self.total = per_address, total
        self.backoff_base, self.backoff_max = backoff_base, backoff_max
        self.lockout_after, self.lockout_seconds = lockout_after, lockout_seconds
        self.clock = clock
        self.accept_rate, self.accept_burst = accept_rate, accept_burst
        self.open: Counter[str] = Counter()  # open connections per address
        self._failures: OrderedDict[str, _Failures] = OrderedDict()
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()  # new connections per address
        self.strangers = strangers or StrangerBudget(clock=clock)
        self.turned_away = 0  # connections closed at the socket, before any TLS work
        self._pruned_at = clock()
        self._gone = 0  # connections that left since the last flood passed

    @property
    def remembered(self) -> int:
        """Addresses the door keeps anything about (bounded, and pruned once they are quiet)."""
        return len(self.open) + len(self._failures) + len(self._buckets)

    def accepts(self, address: str) -> bool:
        """May a new TCP connection from ``address`` go on to its handshake? Not while the
        address is locked out, nor faster than ``accept_rate`` a second after a burst."""
        now = self.clock()
        if now - self._pruned_at >= PRUNE_EVERY:
            self.prune()
        bucket = self._buckets.pop(address, None) or _Bucket(self.accept_burst, now)
        bucket.refill(self.accept_rate, self.accept_burst, now)
        self._buckets[address] = bucket  # most recent last
        while len(self._buckets) > MAX_ADDRESSES:
            self._buckets.popitem(last=False)
        if bucket.allowance < 1.0 or not self._may_hear_lockout(address, now):
            self.turned_away += 1
            return False
        bucket.allowance -= 1.0
        return True

    def waits(self, address: str) -> bool:
        """Must a new connection from ``address`` (let in by :meth:`accepts`) wait unanswered
        rather than start its handshake? Only a stranger's, once the strangers' budget of
        handshakes is spent; an address that gave the password never waits."""
        return not self.strangers.knows(address) and not self.strangers.take()

    def _may_hear_lockout(self, address: str, now: float) -> bool:
        """A locked-out address is let in once per ``LOCKOUT_TOLD_EVERY`` seconds, to be told
        so in its player's words; its other connections are closed at the socket."""
        if not self.locked_out(address):
            return True
        failures = self._failures[address]
        if failures.told is not None and now - failures.told < LOCKOUT_TOLD_EVERY:
            return False
        failures.told = now
        return True

    def flood_passed(self, seats: int) -> bool:
        """Call after a connection left: True, once, when a flood has passed (more than twice
        ``seats`` and ``FLOOD_MARGIN`` connections came and went, and no more than ``seats``
        are open now); the door then sweeps out what it kept about the flood's addresses."""
        self._gone += 1
        if self.connections > seats or self._gone <= 2 * seats + FLOOD_MARGIN:
            return False
        self._gone = 0
        self.prune()
        return True

    def prune(self) -> None:
        """Forget what no longer matters: failures long forgiven, buckets full again."""
        now = self._pruned_at = self.clock()
        for address in [a for a, f in self._failures.items()
                        if now - f.last >= self.lockout_seconds]:
            del self._failures[address]
        refill = self.accept_burst / self.accept_rate if self.accept_rate > 0 else 0.0
        for address in [a for a, b in self._buckets.items() if now - b.checked >= refill]:
            del self._buckets[address]

    @property
    def connections(self) -> int:
        """Connections open now."""
        return sum(self.open.values())

    def admit(self, address: str) -> bool:
        """Count a new connection from ``address``; False (not counted) when over a cap."""
        if self.open[address] >= self.per_address or self.connections >= self.total:
            return False
        self.open[address] += 1
        return True

    def leave(self, address: str) -> None:
        """A counted connection closed."""
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def wait_left(self, address: str) -> float:
        """Seconds before ``address`` may try a password or token again (0: now)."""
        failures = self._failures.get(address)
        if failures is None:
            return 0.0
        now = self.clock()
        if failures.count >= self.lockout_after:
            wait = self.lockout_seconds
        else:
            wait = min(self.backoff_max, self.backoff_base * 2 ** (failures.count - 1))
        left = failures.last + wait - now
        if left <= 0 and now - failures.last >= self.lockout_seconds:
            del self._failures[address]  # long quiet: forgiven
        return max(0.0, left)

    def locked_out(self, address: str) -> bool:
        """Has ``address`` failed so often that it is shut out for a while?"""
        failures = self._failures.get(address)
        return (failures is not None and failures.count >= self.lockout_after
                and self.wait_left(address) > 0)

    def failed(self, address: str) -> None:
        """``address`` gave a wrong password or a token nobody holds."""
        failures = self._failures.pop(address, None) or _Failures()
        failures.count += 1
        failures.last = self.clock()
        self._failures[address] = failures  # most recent last
        while len(self._failures) > MAX_ADDRESSES:
            self._failures.popitem(last=False)

    def succeeded(self, address: str) -> None:
        """``address`` proved it knows the password: its failures are forgotten, and it is no
        stranger any more."""
        self._failures.pop(address, None)
        self.strangers.met(address)


class QuietLog:
    """Logs the first ``first`` refusals of each kind per ``window`` seconds, then a count."""

    def __init__(self, logger: logging.Logger, window: float = 10.0, first: int = 3,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.logger, self.window, self.first, self.clock = logger, window, first, clock
        self.started = clock()
        self.counts: Counter[str] = Counter()
        self.total = 0  # every refusal ever (tests and benchmarks read it)

    def refused(self, kind: str, line: str, *args: object) -> None:
        """One refusal of ``kind``; ``line`` and ``args`` are logged while the kind is rare."""
        self.total += 1
        self._roll()
        self.counts[kind] += 1
        if self.counts[kind] <= self.first:
            self.logger.warning(line, *args)
        elif self.counts[kind] == self.first + 1:
            self.logger.warning("more refusals of %s in this %.0f s window are counted, not "
                                "logged", kind, self.window)

    def _roll(self) -> None:
        now = self.clock()
        if now - self.started < self.window:
            return
        quiet = {k: n - self.first for k, n in self.counts.items() if n > self.first}
        if quiet:
            self.logger.warning("refused %d more messages in the last %.0f s, not logged one by "
                                "one: %s", sum(quiet.values()), now - self.started,
                                ", ".join(f"{k} {n}" for k, n in sorted(quiet.items())))
        self.started, self.counts = now, Counter()
