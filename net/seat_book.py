"""The seats a player's window holds at LAN tables, so that joining the same table again takes
him back to his own seat without his ever seeing or copying the seat's secret token.

One JSON file in the data folder (``lan-my-seats.json``, readable by its owner only), by table
address (``host:port``): the token, the seat, the name, when it was taken. A table that ended,
or that no longer knows the token, is forgotten; so are entries older than ``KEEP_DAYS`` and
all but the ``MAX_TABLES`` newest.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from storage.safe_files import write_atomically

SEATS_FILE = "lan-my-seats.json"  # beside the ledgers folder lan-seats/
MAX_TABLES = 32
KEEP_DAYS = 30
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")  # what the host hands out (protocol.py)


def table_key(address: str) -> str:
    """``host:port`` of a table address (``wss://192.168.1.20:8765`` → ``192.168.1.20:8765``)."""
    return urlsplit(address).netloc if "://" in address else address


class SeatBook:
    """Seat tokens by table address, in a file only the player can read."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _read(self) -> dict[str, dict[str, Any]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        oldest = time.time() - KEEP_DAYS * 86400
        return {k: v for k, v in data.items() if isinstance(v, dict)
                and TOKEN.match(str(v.get("token", ""))) and v.get("taken", 0) >= oldest}

    def _write(self, seats: dict[str, dict[str, Any]]) -> None:
        newest = sorted(seats.items(), key=lambda kv: kv[1].get("taken", 0))[-MAX_TABLES:]
        try:
            write_atomically(self.path, json.dumps(dict(newest), indent=1), ".lan-seats-")
        except OSError:
            pass  # not remembered: the player joins as a newcomer next time

    def seat_at(self, address: str) -> dict[str, Any] | None:
        """The seat kept for the table at ``address`` (``token``, ``seat``, ``name``), or None."""
        return self._read().get(table_key(address))

    def keep(self, address: str, token: str, seat: int, name: str) -> None:
        """Remember the seat just taken (or taken back) at ``address``."""
        seats = self._read()
        seats[table_key(address)] = {"token": token, "seat": seat, "name": name,
                                     "taken": time.time()}
        self._write(seats)

    def forget(self, address: str) -> None:
        """The table ended, or does not know the token: nothing to come back to."""
        seats = self._read()
        if seats.pop(table_key(address), None) is not None:
            self._write(seats)


def token_from(text: str) -> str | None:
    """A seat token typed or pasted, or read from the file named (its first line); None when
    ``text`` is neither."""
    text = text.strip()
    if TOKEN.match(text):
        return text
    try:
        path = Path(text).expanduser()
        if text and path.is_file() and path.stat().st_size <= 4096:
            first = path.read_text(encoding="utf-8").splitlines()[:1]
            return first[0].strip() if first and TOKEN.match(first[0].strip()) else None
    except (OSError, ValueError):
        pass
    return None
