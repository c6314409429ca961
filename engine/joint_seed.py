"""Joint deals for network tables: a deck seed that neither the host nor any player can choose.

Before each deal the host commits to a secret 32-byte seed (SHA-256, :func:`commitment_of`),
then every player's program commits to a random 32-byte contribution, then all contributions
are revealed. The deck seed is :func:`joint_seed` of the host seed and every contribution:
whoever picks his part last cannot aim the result, because the host's part is sealed and
secret, and the host cannot aim it either, because it committed before seeing anyone's part.
After the game the host reveals its seed and every player checks the chain (docs/lan.md).

Pure functions and a :class:`JointDealer` that deals from seeds handed to it; the randomness
itself (``secrets``) lives in the network code, never here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

from .shuffle import SEED_BYTES, Deal, Dealer, commitment_of, drawn_seat, shuffled

DOMAIN = b"kozyr-joint-deal-v1\0"
CHAIN_DOMAIN = b"kozyr-deal-chain-v1\0"
CHAIN_START = "00" * 32  # the chain value before the first deal
NAMES_DOMAIN = b"kozyr-seat-names-v1\0"
HOST_DOMAIN = b"kozyr-host-commitment-v2\0"


def names_digest(names: Sequence[str]) -> str:
    """SHA-256 (hex) of the table's seat names in seat order: a domain tag, the number of seats
    (1 byte), then per seat its UTF-8 name's length (2 bytes, big-endian) and the name."""
    digest = hashlib.sha256(NAMES_DOMAIN + len(names).to_bytes(1, "big"))
    for name in names:
        data = name.encode("utf-8")
        # Each name is length-prefixed, so ("ab", "c") and ("a", "bc") hash differently.
        digest.update(len(data).to_bytes(2, "big") + data)
    return digest.hexdigest()


def host_commitment_of(host_seed: bytes, names: str | None) -> str:
    """What the host shows before a deal: SHA-256 over a domain tag, its seed and the seat
    names' digest (:func:`names_digest`), so the names are fixed with the seed. ``names`` None
    gives the older form, the seed's bare SHA-256 (records written before names were bound)."""
    if names is None:
        return commitment_of(host_seed)
    return hashlib.sha256(HOST_DOMAIN + host_seed + bytes.fromhex(names)).hexdigest()


def host_seed_matches(host_seed_hex: str, commitment: str, names: str | None) -> bool:
    """True when a revealed host seed (hex) is 32 bytes and, with the seat names' digest
    ``names`` (None: the older, unbound form), makes ``commitment``."""
    try:
        seed = bytes.fromhex(host_seed_hex)
    except ValueError:
        return False
    return len(seed) == SEED_BYTES and host_commitment_of(seed, names) == commitment.lower()


def joint_seed(host_seed: bytes, contributions: Iterable[tuple[int, bytes]]) -> bytes:
    """The deck seed: SHA-256 of a domain tag, the host seed and each (seat, contribution)."""
    if len(host_seed) != SEED_BYTES:
        raise ValueError(f"the host seed is {SEED_BYTES} bytes, not {len(host_seed)}")
    parts = sorted(contributions)
    digest = hashlib.sha256(DOMAIN + host_seed + len(parts).to_bytes(1, "big"))
    for seat, contribution in parts:
        if len(contribution) != SEED_BYTES:
            raise ValueError(f"seat {seat}'s contribution is {len(contribution)} bytes, "
                             f"not {SEED_BYTES}")
        # The seat number is hashed with its part, so two seats cannot swap contributions.
        digest.update(seat.to_bytes(1, "big") + contribution)
    return digest.digest()


def chain_link(previous: str, number: int, host_commitment: str, seed_commitment: str) -> str:
    """The chain value after sealing deal ``number``: SHA-256 over a domain tag, the previous
    value, the deal number (4 bytes, big-endian), the host's and the deck seed's commitments.

    Each sealed deal extends the chain, so a host that seals a deal number twice, or carries on
    from an older copy of its table, shows a chain that does not extend the one players saw."""
    digest = hashlib.sha256(CHAIN_DOMAIN + bytes.fromhex(previous) + number.to_bytes(4, "big"))
    digest.update(bytes.fromhex(host_commitment) + bytes.fromhex(seed_commitment))
    return digest.hexdigest()


def contribution_matches(contribution_hex: str, commitment: str) -> bool:
    """True when a revealed contribution (hex) is 32 bytes and hashes to its commitment."""
    try:
        contribution = bytes.fromhex(contribution_hex)
    except ValueError:
        return False
    return len(contribution) == SEED_BYTES and commitment_of(contribution) == commitment.lower()


class JointDealer(Dealer):
    """Deals each deck from the joint seed supplied for it; refuses to deal without one."""

    def __init__(self) -> None:
        self._next: bytes | None = None
        self.deals_made = 0

    @property
    def ready(self) -> bool:
        """True when the next deal's seed has been supplied."""
        return self._next is not None

    def supply(self, seed: bytes) -> None:
        """Hand over the joint seed of the next deal."""
        if len(seed) != SEED_BYTES:
            raise ValueError(f"a deal seed is {SEED_BYTES} bytes, not {len(seed)}")
        self._next = seed

    def next_commitment(self) -> str | None:
        """The commitment of the next deal's seed (None until it is supplied)."""
        return commitment_of(self._next) if self._next is not None else None

    def deal(self, deck: Sequence[int]) -> Deal:
        """Shuffle with the supplied seed, which is used up."""
        if self._next is None:
            raise RuntimeError("no joint seed was supplied for this deal")
        seed, self._next = self._next, None
        self.deals_made += 1
        return Deal(tuple(shuffled(deck, seed)), seed.hex(), commitment_of(seed))

    def draw_seat(self, seats: Sequence[int]) -> int:
        """A seat drawn from the next deal's joint seed (as every dealer draws), so the host
        cannot pick it either."""
        if self._next is None:
            raise RuntimeError("no joint seed was supplied for this draw")
        return drawn_seat(self._next, seats)

    def to_json(self) -> dict:
        """Plain JSON data (holds the secret next seed: never part of an observation)."""
        return {"kind": "joint", "next": self._next.hex() if self._next else None,
                "deals_made": self.deals_made}

    @classmethod
    def from_json(cls, data: dict) -> JointDealer:
        """Inverse of :meth:`to_json` (a resumed LAN table's dealer)."""
        dealer = cls()
        if data.get("next"):
            dealer.supply(bytes.fromhex(data["next"]))
        dealer.deals_made = int(data["deals_made"])
        return dealer
