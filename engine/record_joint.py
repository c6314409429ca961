"""A LAN deal's joint block in a game record, and its check link by link.

:class:`JointDeal` is how a LAN table sealed a deal (engine/joint_seed.py): the host's
commitment, which binds its seed and the seat names' digest, the host seed, and each seat's
committed contribution. :func:`check_joint` checks the host seed and the record's seat names
against the commitment, each contribution against its own, and the seed they make. A record
written before names were bound (the bare SHA-256 of the seed) verifies its cards only: its
names are labels. Pure: no file I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .joint_seed import contribution_matches, host_seed_matches, joint_seed, names_digest


def fingerprint(commitment: str) -> str:
    """The short form of a commitment people can compare at a glance, e.g. ``3fa9…c21e``."""
    return f"{commitment[:4]}\u2026{commitment[-4:]}"


@dataclass(frozen=True)
class JointDeal:
    """How a LAN table sealed a deal (engine/joint_seed.py): the host seed's commitment, shown
    before the deal, the host seed revealed after it, and each seat's committed contribution.
    ``names`` is the digest of the seat names the host's commitment binds (joint_seed.py
    ``names_digest``); None in a record written before names were bound."""

    host_commitment: str
    host_seed: str
    contributions: tuple[tuple[int, str, str], ...]  # (seat, commitment, contribution)
    names: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        data = {"host_commitment": self.host_commitment, "host_seed": self.host_seed,
                "contributions": [{"seat": s, "commitment": c, "contribution": part}
                                  for s, c, part in self.contributions]}
        if self.names is not None:
            data["names_digest"] = self.names
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> JointDeal:
        """Inverse of :meth:`to_json`."""
        return cls(data["host_commitment"], data["host_seed"],
                   tuple((p["seat"], p["commitment"], p["contribution"])
                         for p in data["contributions"]), data.get("names_digest"))

    def seed(self) -> bytes:
        """The joint deck seed of the host seed and the contributions (ValueError if not hex)."""
        return joint_seed(bytes.fromhex(self.host_seed),
                          [(s, bytes.fromhex(part)) for s, _, part in self.contributions])


@dataclass(frozen=True)
class JointCheck:
    """A joint deal's chain, link by link: the host seed against its commitment, each
    contribution against its commitment, and the joint seed they make against the deal's seed
    (which :func:`deal_problems` checks against the deck and the seat draws)."""

    host_seed_ok: bool
    contributions_ok: int  # how many contributions match their commitments
    contributions: int
    seed_ok: bool
    problems: list[str]
    names_bound: bool = False  # the host's commitment binds the record's seat names


def check_joint(number: int, joint: JointDeal, seed: str | None,
                seats: Sequence[str]) -> JointCheck:
    """Check deal ``number``'s joint block against the deal's ``seed`` and the seat names."""
    where = f"deal {number}"
    problems = []
    host_ok, names_bound, names_problem = _host_link(joint, seats)
    if not host_ok:
        problems.append(f"{where}: the host seed does not match the commitment "
                        f"{fingerprint(joint.host_commitment)} the host showed before the deal"
                        + ("" if joint.names is not None else
                           " (with these seat names: were they changed or swapped?)"))
    if names_problem:
        problems.append(f"{where}: {names_problem}")
    matching = 0
    for seat, commitment, part in joint.contributions:
        if contribution_matches(part, commitment):
            matching += 1
        else:
            problems.append(f"{where}: seat {seat}'s contribution does not match its commitment "
                            f"{fingerprint(commitment)}")
    seat_numbers = [s for s, _, _ in joint.contributions]
    if len(set(seat_numbers)) != len(seat_numbers) or not all(0 <= s < len(seats)
                                                              for s in seat_numbers):
        problems.append(f"{where}: the contributions name seats {seat_numbers}, not distinct "
                        f"seats of this table")
    try:
        seed_ok = joint.seed().hex() == (seed or "").lower()
    except ValueError:
        seed_ok = False
    if not seed_ok:
        problems.append(f"{where}: the host seed and the contributions do not make the deal's "
                        f"seed")
    return JointCheck(host_ok, matching, len(joint.contributions), seed_ok, problems,
                      names_bound)


def _host_link(joint: JointDeal, seats: Sequence[str]) -> tuple[bool, bool, str]:
    """(host seed matches its commitment, the seat names are bound, a names problem or "").

    The host commits to its seed together with the seat names' digest, so swapping two names
    in the record breaks the link. The commitment itself says which form it is: a record
    written before names were bound commits to the bare seed, which no digest can make."""
    ours = names_digest(list(seats))
    if joint.names is None and host_seed_matches(joint.host_seed, joint.host_commitment, None):
        return True, False, ""  # an older record: its names are labels, not proofs
    bound = joint.names if joint.names is not None else ours
    if not host_seed_matches(joint.host_seed, joint.host_commitment, bound):
        return False, False, ""
    if bound.lower() != ours:
        return True, False, ("the seat names in the record are not the ones the host committed "
                             "to before the deal (names changed or swapped)")
    return True, True, ""
