"""The shuffler: ChaCha20 keystream, unbiased Fisher–Yates, and commit–reveal of every deal.

In play each deal is shuffled with a fresh 32-byte key from ``os.urandom``. Before the deal
the table can show the SHA-256 commitment of that key; after the game the key is revealed,
and anyone can check with :func:`verify_deal` that it matches the commitment and reproduces
the deal. Replays and tests use :class:`SeededDealer`, whose keys are derived from one master
seed, so seed + action list replays a whole session. :class:`RevealedDealer` replays a saved
game record from its revealed seeds (engine/record.py). :class:`FixedDealer` feeds explicit
deck orders and exists for tests only — play never constructs it.

A table's random seat draw (Durak's first dealer, Azi's first bidder while nobody has won) is
part of the deal it belongs to: :func:`drawn_seat` derives it from that deal's seed, through a
ChaCha20 stream keyed by a domain-separated SHA-256 of the seed, so the same commitment seals
it and the revealed seed proves it, and the draw tells nothing about the cards.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms

from . import chacha as _chacha
from .chacha import shuffled_order

SEED_BYTES = 32
# The compiled engine/chacha.py is loaded as an extension module; its pure source is slower here
# than the cipher. Asked of the module itself, not of engine.compiled, which imports the games
# and through them this module.
_CHACHA_COMPILED = not (_chacha.__file__ or "").endswith(".py")
_NONCE = bytes(16)  # a fresh key per deal, so a fixed nonce never repeats a keystream
_CHUNK = 256
_SEAT_DOMAIN = b"kozyr-seat-draw\0"  # keys the seat draw's stream apart from the shuffle's


class ChaChaStream:
    """Uniform random integers from a ChaCha20 keystream keyed by a 32-byte seed."""

    __slots__ = ("_encryptor", "_buffer", "_pos")

    def __init__(self, seed: bytes) -> None:
        if len(seed) != SEED_BYTES:
            raise ValueError(f"a shuffle seed is {SEED_BYTES} bytes, not {len(seed)}")
        self._encryptor = Cipher(algorithms.ChaCha20(seed, _NONCE), mode=None).encryptor()
        self._buffer = b""
        self._pos = 0

    def _byte(self) -> int:
        if self._pos >= len(self._buffer):
            self._buffer = self._encryptor.update(bytes(_CHUNK))
            self._pos = 0
        b = self._buffer[self._pos]
        self._pos += 1
        return b

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)``, by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        if n == 1:
            return 0
        nbytes = (n - 1).bit_length() + 7 >> 3
        span = 1 << (8 * nbytes)
        limit = span - span % n  # values at or above this would favour small results
        while True:
            v = 0
            for _ in range(nbytes):
                v = (v << 8) | self._byte()
            if v < limit:
                return v % n


def shuffled(deck: Sequence[int], seed: bytes) -> list[int]:
    """The deck in the order the seed's keystream gives it (Fisher–Yates, top card first)."""
    if _CHACHA_COMPILED and len(deck) <= 256:
        # The same keystream and draws, computed by the compiled engine/chacha.py: no cipher
        # object to set up, no per-card objects (a deal's main cost, issue 22).
        return shuffled_order(deck, seed)
    order = list(deck)
    if len(order) > 256:
        chacha = ChaChaStream(seed)
        for i in range(len(order) - 1, 0, -1):
            j = chacha.randbelow(i + 1)
            order[i], order[j] = order[j], order[i]
        return order
    # Fast path for card decks: one keystream byte per draw, rejecting the biased tail.
    # Identical in outcome to ChaChaStream.randbelow, which reads the same bytes the same way.
    encryptor = ChaChaStream(seed)._encryptor
    stream = iter(encryptor.update(bytes(_CHUNK)))
    for i, n, limit in _draw_steps(len(order)):
        for v in stream:
            if v < limit:
                break
        else:  # this chunk of keystream ran out (rare): read on in the next one
            stream, v = _fresh_draw(encryptor, limit)
        j = v % n
        order[i], order[j] = order[j], order[i]
    return order


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _draw_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """Fisher–Yates steps for a deck of ``size``: (position, choices, byte limit), cached."""
    steps = _STEPS.get(size)
    if steps is None:
        # A byte at or above the limit would favour small results, so it is rejected.
        steps = _STEPS[size] = tuple((i, i + 1, 256 - 256 % (i + 1))
                                     for i in range(size - 1, 0, -1))
    return steps


def _fresh_draw(encryptor: Any, limit: int) -> tuple[Iterator[int], int]:
    """The next accepted byte from fresh keystream chunks, and the stream positioned after it."""
    while True:
        stream = iter(encryptor.update(bytes(_CHUNK)))
        for v in stream:
            if v < limit:
                return stream, v


def drawn_seat(seed: bytes, seats: Sequence[int]) -> int:
    """The seat a deal's seed draws from ``seats`` (uniform, by rejection sampling)."""
    if not seats:
        raise ValueError("a seat draw needs at least one seat to draw from")
    stream = ChaChaStream(hashlib.sha256(_SEAT_DOMAIN + seed).digest())
    return seats[stream.randbelow(len(seats))]


def commitment_of(seed: bytes) -> str:
    """The public SHA-256 commitment (hex) of a deal's secret seed."""
    return hashlib.sha256(seed).hexdigest()


def verify_deal(seed_hex: str, commitment: str, deck: Sequence[int], order: Sequence[int]) -> bool:
    """True when a revealed seed matches its commitment and reproduces the dealt order."""
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        return False
    if len(seed) != SEED_BYTES or commitment_of(seed) != commitment.lower():
        return False
    return shuffled(deck, seed) == list(order)


@dataclass(frozen=True)
class Deal:
    """One shuffled deck: the order (top card first), its seed and the seed's commitment."""

    order: tuple[int, ...]
    seed_hex: str | None  # None only for a FixedDealer (tests)
    commitment: str | None
    drawn_seat: int | None = None  # the seat this deal's seed drew for the table, if it drew one

    def with_drawn_seat(self, seat: int) -> Deal:
        """This deal, noting the seat its seed drew (e.g. Durak's first dealer)."""
        return replace(self, drawn_seat=seat)

    def to_json(self) -> dict:
        """Plain JSON data."""
        data: dict[str, Any] = {"order": list(self.order), "seed": self.seed_hex,
                                "commitment": self.commitment}
        if self.drawn_seat is not None:
            data["drawn_seat"] = self.drawn_seat
        return data

    @classmethod
    def from_json(cls, data: dict) -> Deal:
        """Inverse of :meth:`to_json`."""
        return cls(tuple(data["order"]), data["seed"], data["commitment"], data.get("drawn_seat"))


class Dealer:
    """Where decks come from. The engine asks it for one shuffled deck per deal."""

    def next_commitment(self) -> str | None:
        """The commitment of the seed the next deal will use (shown before that deal)."""
        raise NotImplementedError

    def deal(self, deck: Sequence[int]) -> Deal:
        """Shuffle a fresh copy of ``deck`` with the next seed."""
        raise NotImplementedError

    def draw_seat(self, seats: Sequence[int]) -> int:
        """One of ``seats``, drawn from the next deal's committed seed (:func:`drawn_seat`).

        Made before that deal (Azi's first bidder pays first; Durak's dealer deals); it uses
        no seed up, so the deal that follows is the one the draw belongs to.
        """
        raise NotImplementedError

    def to_json(self) -> dict:
        """Plain JSON data that restores this dealer exactly."""
        raise NotImplementedError


class SecureDealer(Dealer):
    """The dealer of real play: a new ``os.urandom`` seed for every deal."""

    def __init__(self, next_seed: bytes | None = None) -> None:
        self._next = next_seed if next_seed is not None else os.urandom(SEED_BYTES)

    def next_commitment(self) -> str:
        """The commitment of the seed the next deal will use."""
        return commitment_of(self._next)

    def deal(self, deck: Sequence[int]) -> Deal:
        """Shuffle with the committed seed and draw a fresh one for the deal after."""
        seed, self._next = self._next, os.urandom(SEED_BYTES)
        return Deal(tuple(shuffled(deck, seed)), seed.hex(), commitment_of(seed))

    def draw_seat(self, seats: Sequence[int]) -> int:
        """The seat the committed next seed draws."""
        return drawn_seat(self._next, seats)

    def to_json(self) -> dict:
        """Plain JSON data (holds the secret next seed: never part of an observation)."""
        return {"kind": "secure", "next": self._next.hex()}


class SeededDealer(Dealer):
    """Deterministic dealer for replays and tests: deal i uses SHA-256(master seed, i)."""

    def __init__(self, master: bytes | int | str, index: int = 0) -> None:
        if isinstance(master, int):
            master = master.to_bytes(16, "big", signed=True)
        elif isinstance(master, str):
            master = master.encode()
        self._master = bytes(master)
        self._index = index

    def _seed(self, index: int) -> bytes:
        return hashlib.sha256(b"kozyr-deal\0" + self._master + index.to_bytes(8, "big")).digest()

    def next_commitment(self) -> str:
        """The commitment of the seed the next deal will use."""
        return commitment_of(self._seed(self._index))

    def deal(self, deck: Sequence[int]) -> Deal:
        """Shuffle with the next derived seed."""
        seed = self._seed(self._index)
        self._index += 1
        return Deal(tuple(shuffled(deck, seed)), seed.hex(), commitment_of(seed))

    def draw_seat(self, seats: Sequence[int]) -> int:
        """The seat the next derived seed draws."""
        return drawn_seat(self._seed(self._index), seats)

    def to_json(self) -> dict:
        """Plain JSON data that restores this dealer exactly."""
        return {"kind": "seeded", "master": self._master.hex(), "index": self._index}


class FixedDealer(Dealer):
    """Tests only: deals the given orders one after another (top card first).

    ``seats`` fixes the seat draws, served in turn; without them (or past them) a draw gives
    the first of the seats to draw from.
    """

    def __init__(self, *orders: Sequence[int], seats: Sequence[int] = (), index: int = 0,
                 seat_index: int = 0) -> None:
        self._orders = [tuple(o) for o in orders]
        self._seats = tuple(seats)
        self._index = index
        self._seat_index = seat_index

    def next_commitment(self) -> None:
        """Fixed decks have no seed, so nothing to commit to."""
        return None

    def deal(self, deck: Sequence[int]) -> Deal:
        """The next given order; it must be a permutation of ``deck``."""
        if self._index >= len(self._orders):
            raise RuntimeError("FixedDealer ran out of decks")
        order = self._orders[self._index]
        if sorted(order) != sorted(deck):
            raise ValueError("a fixed deck must hold exactly the cards of the game's deck")
        self._index += 1
        return Deal(order, None, None)

    def draw_seat(self, seats: Sequence[int]) -> int:
        """The next fixed seat (it must be one of ``seats``), else the first of ``seats``."""
        index = self._seat_index
        self._seat_index += 1
        if index >= len(self._seats):
            return seats[0]
        seat = self._seats[index]
        if seat not in seats:
            raise ValueError(f"fixed seat draw {index + 1} is seat {seat}, "
                             f"which is not among the seats to draw from {list(seats)}")
        return seat

    def to_json(self) -> dict:
        """Plain JSON data that restores this dealer exactly."""
        return {"kind": "fixed", "orders": [list(o) for o in self._orders],
                "seats": list(self._seats), "index": self._index, "seat_index": self._seat_index}


class RevealedDealer(Dealer):
    """Replays a recorded game: each deal is ``shuffled(deck, seed)`` of the next revealed seed.

    It never deals a given order: a deck can only come from a seed, so a replay shows what the
    revealed seeds really deal, and a seat draw is the one the next revealed seed gives.
    ``seats`` are the seat draws a version-1 record stored (made before draws came from the
    seeds), served in turn instead. Past the revealed seeds — a session recorded between
    games, whose next game was already dealt — a deal gets a fresh sealed ``os.urandom`` seed,
    as in play: nothing recorded depends on it.
    """

    def __init__(self, seeds: Sequence[str], seats: Sequence[int] | None = None, *,
                 index: int = 0, seat_index: int = 0) -> None:
        self._seeds = tuple(bytes.fromhex(s) for s in seeds)
        for number, seed in enumerate(self._seeds, 1):
            if len(seed) != SEED_BYTES:
                raise ValueError(f"revealed seed {number} is {len(seed)} bytes, not {SEED_BYTES}")
        self._seats = None if seats is None else tuple(seats)
        self._index = index
        self._seat_index = seat_index
        self._sealed = SecureDealer()

    @property
    def revealed_used(self) -> int:
        """How many revealed seeds have been dealt so far."""
        return min(self._index, len(self._seeds))

    @property
    def sealed_deals(self) -> int:
        """How many deals went past the revealed seeds (fresh sealed seeds)."""
        return max(0, self._index - len(self._seeds))

    def next_commitment(self) -> str:
        """The commitment of the seed the next deal will use."""
        if self._index < len(self._seeds):
            return commitment_of(self._seeds[self._index])
        return self._sealed.next_commitment()

    def deal(self, deck: Sequence[int]) -> Deal:
        """Shuffle with the next revealed seed (or a fresh sealed one past them)."""
        index = self._index
        self._index += 1
        if index >= len(self._seeds):
            return self._sealed.deal(deck)
        seed = self._seeds[index]
        return Deal(tuple(shuffled(deck, seed)), seed.hex(), commitment_of(seed))

    def draw_seat(self, seats: Sequence[int]) -> int:
        """The seat the next revealed seed draws (a version-1 record: its next stored draw)."""
        if self._seats is None:
            if self._index < len(self._seeds):
                return drawn_seat(self._seeds[self._index], seats)
            return self._sealed.draw_seat(seats)
        index = self._seat_index
        self._seat_index += 1
        if index >= len(self._seats):
            return self._sealed.draw_seat(seats)
        seat = self._seats[index]
        if seat not in seats:
            raise ValueError(f"recorded seat draw {index + 1} is seat {seat}, "
                             f"which was not among the seats to draw from {list(seats)}")
        return seat

    def to_json(self) -> dict:
        """Plain JSON data that restores this dealer (its revealed seeds and draws)."""
        return {"kind": "revealed", "seeds": [s.hex() for s in self._seeds],
                "seats": None if self._seats is None else list(self._seats),
                "index": self._index, "seat_index": self._seat_index}
