"""Any dealer back from its JSON form: the shuffle's own kinds and the LAN's joint dealer.

Apart from shuffle.py because the joint dealer (joint_seed.py) builds on that module.
"""

from __future__ import annotations

from .joint_seed import JointDealer
from .shuffle import Dealer, FixedDealer, RevealedDealer, SecureDealer, SeededDealer


def dealer_from_json(data: dict) -> Dealer:
    """Restore any dealer from :meth:`Dealer.to_json` data."""
    kind = data["kind"]
    if kind == "secure":
        return SecureDealer(bytes.fromhex(data["next"]))
    if kind == "seeded":
        return SeededDealer(bytes.fromhex(data["master"]), data["index"])
    if kind == "fixed":
        return FixedDealer(*data["orders"], seats=data.get("seats", ()), index=data["index"],
                           seat_index=data.get("seat_index", 0))
    if kind == "revealed":
        return RevealedDealer(data["seeds"], data["seats"], index=data["index"],
                              seat_index=data["seat_index"])
    if kind == "joint":
        return JointDealer.from_json(data)
    raise ValueError(f"unknown dealer kind {kind!r}")
