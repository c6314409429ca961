"""What a seat's program remembers of a table's sealed deals, to catch a host that deals again.

A deal number is sealed once (docs/lan.md). The :class:`DealLedger` keeps, per deal, the host
commitment first shown, this seat's secret part for it, and once sealed the seed commitment
and the chain value. It flags as a *fault*:

- ``resealed``: a deal it saw sealed is opened or sealed again (the host tried another deck);
- ``recommitted``: a deal's host commitment changes before sealing (the round was restarted
  with a fresh host seed after the host saw something);
- ``rewound``: the host's chain of sealed deals ends before a deal this seat saw sealed, or
  lists it differently (the host carries on from an older copy of its table);
- ``chain``: a sealed deal's chain value does not extend the previous one.

The ledger is kept on disk under the seat's token (a hash of it names the file, mode 0600,
in the data folder), so a new program that comes back with the token still knows the deals
and its own parts: it reveals the same part for a deal it committed to, never a fresh one.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from pathlib import Path
from typing import Any

from engine.joint_seed import CHAIN_START, chain_link
from storage.safe_files import write_atomically

FAULTS = ("resealed", "recommitted", "rewound", "chain")


class DealLedger:
    """Per deal: the host commitment seen, our part, and the sealing; plus the faults found."""

    def __init__(self) -> None:
        self.host_commitments: dict[int, str] = {}  # the first one shown for each deal
        self.parts: dict[str, str] = {}  # "deal:host commitment" → our part (hex)
        self.sealed: dict[int, dict[str, str]] = {}  # deal → host, seed commitments, chain
        self.faults: list[dict[str, Any]] = []  # {"deal": n, "kind": one of FAULTS}
        self.changed = False  # something to write to disk

    # --- what the host shows ------------------------------------------------------------------
    def part_for(self, deal: int, host_commitment: str) -> bytes:
        """Our part for this deal and host commitment: the one kept, or a fresh one."""
        key = f"{deal}:{host_commitment}"
        if key not in self.parts:
            self.parts[key] = secrets.token_bytes(32).hex()
            self.changed = True
        return bytes.fromhex(self.parts[key])

    def kept_part(self, deal: int, host_commitment: str) -> bytes | None:
        """Our part for this deal and host commitment, if we committed to one."""
        part = self.parts.get(f"{deal}:{host_commitment}")
        return bytes.fromhex(part) if part else None

    def opened(self, deal: int, host_commitment: str) -> list[dict[str, Any]]:
        """A round for ``deal`` with this host commitment is open; the faults it shows."""
        if deal in self.sealed:
            return self._fault(deal, "resealed")
        if self.last_sealed() > deal:
            return self._fault(deal, "rewound")
        first = self.host_commitments.setdefault(deal, host_commitment)
        if first == host_commitment:
            self.changed = True
            return []
        return self._fault(deal, "recommitted")

    def sealed_now(self, deal: int, host_commitment: str, seed_commitment: str, chain: str,
                   previous: str) -> list[dict[str, Any]]:
        """The host sealed ``deal``; the faults it shows (none for an honest host)."""
        faults = []
        known = self.sealed.get(deal)
        if known is not None:
            if (known["host"], known["seed"]) != (host_commitment, seed_commitment):
                faults += self._fault(deal, "resealed")
            return faults
        if self.host_commitments.get(deal, host_commitment) != host_commitment:
            faults += self._fault(deal, "recommitted")
        if any(n > deal for n in self.sealed):
            faults += self._fault(deal, "rewound")
        before = self.sealed.get(deal - 1)
        expected_previous = before["chain"] if before else (CHAIN_START if deal == 1 else previous)
        if previous != expected_previous or chain != _link(previous, deal, host_commitment,
                                                           seed_commitment):
            faults += self._fault(deal, "chain")
        self.sealed[deal] = {"host": host_commitment, "seed": seed_commitment, "chain": chain}
        self.host_commitments.setdefault(deal, host_commitment)
        self.changed = True
        return faults

    def chain_shown(self, base: str, links: list[list[Any]]) -> list[dict[str, Any]]:
        """The host's list of sealed deals (on joining or coming back); the faults it shows."""
        faults: list[dict[str, Any]] = []
        value = base
        last = 0
        for number, host_commitment, seed_commitment in links:
            value = _link(value, number, host_commitment, seed_commitment)
            last = number
            known = self.sealed.get(number)
            if known is None:
                self.sealed[number] = {"host": host_commitment, "seed": seed_commitment,
                                       "chain": value}
                self.changed = True
            elif (known["host"], known["seed"]) != (host_commitment, seed_commitment):
                faults += self._fault(number, "rewound")
            elif known["chain"] != value:
                faults += self._fault(number, "chain")
        newer = [n for n in self.sealed if n > last]
        if newer:
            faults += self._fault(min(newer), "rewound")
        return faults

    def last_sealed(self) -> int:
        """The highest deal number seen sealed (0: none)."""
        return max(self.sealed, default=0)

    def _fault(self, deal: int, kind: str) -> list[dict[str, Any]]:
        fault = {"deal": deal, "kind": kind}
        if fault in self.faults:
            return []
        self.faults.append(fault)
        self.changed = True
        return [fault]

    # --- on disk ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (holds our unrevealed parts: a private file)."""
        return {"format": "kozyr-lan-ledger", "host_commitments": self.host_commitments,
                "parts": self.parts, "sealed": self.sealed, "faults": self.faults}

    def merge(self, data: dict[str, Any]) -> None:
        """Take in what an earlier program of this seat kept (what we know already wins)."""
        if data.get("format") != "kozyr-lan-ledger":
            return
        for deal, commitment in data.get("host_commitments", {}).items():
            self.host_commitments.setdefault(int(deal), str(commitment))
        for key, part in data.get("parts", {}).items():
            self.parts.setdefault(str(key), str(part))
        for deal, entry in data.get("sealed", {}).items():
            self.sealed.setdefault(int(deal), {k: str(entry[k]) for k in ("host", "seed", "chain")})
        for fault in data.get("faults", []):
            fault = {"deal": int(fault["deal"]), "kind": str(fault["kind"])}
            if fault not in self.faults:
                self.faults.append(fault)


def _link(previous: str, number: int, host_commitment: str, seed_commitment: str) -> str:
    try:
        return chain_link(previous, number, host_commitment, seed_commitment)
    except (ValueError, TypeError, OverflowError):
        return ""  # not hex: matches nothing, so it shows as a fault


def ledger_path(folder: Path, token: str) -> Path:
    """The file of the seat holding ``token`` (named by a hash: the token itself stays secret)."""
    return folder / "lan-seats" / (hashlib.sha256(token.encode()).hexdigest()[:32] + ".json")


def load_ledger(path: Path) -> dict[str, Any]:
    """What an earlier program of this seat kept ({} if nothing, or unreadable)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_ledger(path: Path, data: dict[str, Any]) -> None:
    """Write the ledger (atomically, created 0600: it holds unrevealed parts)."""
    write_atomically(path, json.dumps(data), ".lan-ledger-")
