"""What a record may claim beyond its shape: options inside the game's bounds, and a LAN
record's joint blocks.

``check_options`` runs when a record is read (a record whose options no table could have
chosen is malformed, like a wrong shape: RecordError), ``lan_problems`` when it is verified (a
record that says it was played at a LAN table but lacks the joint chain that proves its deals
is a failed check, not a plain OK).
"""

from __future__ import annotations

from typing import Any

from .azi.options import AziOptions
from .record_schema import RecordError

LAN_TABLE = "lan"  # meta["table"] of a record made by a LAN host (net/table.py)


def check_options(game: str, options: dict[str, Any]) -> None:
    """RecordError unless ``options`` are ones the game's table accepts (bounds included)."""
    if game == "azi":
        try:
            AziOptions.from_json(options)
        except (ValueError, TypeError, KeyError) as error:
            raise RecordError(f"the table options are not valid: {error}") from None


def lan_problems(meta: dict[str, Any], deals: list[Any]) -> list[str]:
    """Deals of a record that says it is a LAN game but do not carry their joint block."""
    if meta.get("table") != LAN_TABLE:
        return []
    return [f"deal {number}: the record says it was played at a LAN table, but the deal has no "
            f"joint block (the host seed and the players' contributions) to prove it"
            for number, deal in enumerate(deals, 1) if deal.joint is None]
