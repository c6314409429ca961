"""Game records on disk: where they live, writing one, and keeping a table's record current.

The data directory is :func:`storage.paths.data_dir` (``$KOZYR_DATA_DIR``, else the system's
usual place: ``~/.local/share/kozyr`` or ``$XDG_DATA_HOME/kozyr`` on Linux); records go to its
``records/`` folder, one JSON file per Durak game or Azi session (engine/record.py says what is in
one; ``python game.py verify FILE`` checks it).

A table keeps a :class:`TableRecorder` and calls ``update(game, actions)`` after every move.
When the move revealed a deal (a Durak game over; an Azi game finished), the recorder checks
the new seeds with ``verify_deal`` and writes the record again — an Azi session's file is
rewritten after each finished game, so leaving mid-session keeps every finished game. A file
error never reaches the table: it is kept in ``error`` for the table to log.
"""

from __future__ import annotations

import dataclasses
import stat
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from engine.core import Game
from engine.games import rules_for, rules_of
from engine.record import (
    DealRecord,
    GameRecord,
    SeatDraw,
    record_of,
    replay_record,
    revealed_deals,
    seat_draws,
)
from engine.record_schema import MAX_RECORD_BYTES, RecordError
from engine.shuffle import verify_deal

from . import status
from .paths import records_dir  # re-exported: callers find them here
from .safe_files import write_atomically


def record_file_name(record: GameRecord, when: float) -> str:
    """``durak-20250301-2015-3fa9c21e.json``: game, local time, the first commitment's start."""
    stamp = time.strftime("%Y%m%d-%H%M", time.localtime(when))
    first = (record.deals[0].commitment if record.deals else None) or "unsealed"
    return f"{record.game}-{stamp}-{first[:8]}.json"


TEMP_PREFIX = ".record-"  # a save's temporary file; stale ones are removed at start (game.py)


def save_record(record: GameRecord, path: Path) -> Path:
    """Write ``record`` to ``path`` atomically (a crash mid-write leaves no half file)."""
    write_atomically(path, record.dumps(), TEMP_PREFIX)
    return path


def load_record(path: Path | str) -> GameRecord:
    """Read a record file; raises OSError, or RecordError when it is not a record.

    Anything but a regular file (a named pipe would hang the reader, a device never ends) and
    a file larger than the schema's bounds allow are refused before a byte is read.
    """
    path = Path(path)
    info = path.stat()
    if not stat.S_ISREG(info.st_mode):
        raise RecordError("it is not a regular file")
    if info.st_size > MAX_RECORD_BYTES:
        raise RecordError("the file is far too big to be a game record")
    return GameRecord.loads(path.read_text(encoding="utf-8"))


def ended_after_last_game(record: GameRecord) -> GameRecord:
    """An Azi session's record as left after its last finished game.

    The engine deals the next game (and takes its antes) in the move that ends a game, but the
    player has not played it yet: leaving the table then, or during that game, must not cost
    him its ante. So the record says the table stopped in the last finished game, and its
    result is the replay's with that stop — the stacks the between-games panel showed.
    """
    finished = len(record.deals)
    if not rules_for(record.game).sessions or record.result.get("over") or not finished:
        return record
    stopped = dataclasses.replace(record, stopped_in_game=finished)
    game = replay_record(stopped).game
    if game is None or not game.is_over():
        return record
    return dataclasses.replace(stopped, result=game.result())


def shown_path(path: Path) -> str:
    """``path`` as a person reads it: the home directory as ``~``."""
    home = str(Path.home())
    text = str(path)
    return "~" + text[len(home):] if home not in ("", "/") and text.startswith(home) else text


class Revealed(NamedTuple):
    """A deal whose seed the game has just revealed: its number, the deal, whether it verified
    (the seat its seed drew included), and that seat draw with the drawn player's name."""

    number: int
    deal: DealRecord
    verified: bool
    draw: SeatDraw | None = None
    drawn_name: str = ""


class TableRecorder:
    """One table's record (a Durak game or an Azi session): revealed deals and the saved file."""

    def __init__(self, seats: Sequence[str], started_at: float | None = None,
                 path: Path | None = None, kinds: Sequence[str] = ()) -> None:
        self.seats = list(seats)
        self.kinds = list(kinds)  # "human" or "ai:<level>" per seat, kept in the record's meta
        self.revealed: list[Revealed] = []
        self.path = path  # a resumed table keeps writing the file it started
        self.record: GameRecord | None = None  # the last record made (the history keeps it)
        self.error: str | None = None  # why the last save failed, if it did
        self.saves = 0  # successful writes of the file (an Azi session rewrites it per game)
        self.started_at = time.time() if started_at is None else started_at

    @property
    def sealed(self) -> bool:
        """Were the revealed deals committed to (a real dealer, not a fixed test deck)?"""
        return bool(self.revealed) and all(r.deal.commitment for r in self.revealed)

    @property
    def all_verified(self) -> bool:
        """Did every revealed seed match its commitment and reproduce its deal?"""
        return bool(self.revealed) and all(r.verified for r in self.revealed)

    def update(self, game: Game, actions: Sequence[int]) -> list[Revealed]:
        """After a move: the deals it revealed (each checked); saves the record if there are any."""
        try:
            deals = revealed_deals(game)
        except TypeError:
            return []  # a game without records
        if len(deals) <= len(self.revealed):
            return []
        deck = rules_of(game).deck
        draws = self._seat_draws(game, actions)
        new = []
        for number in range(len(self.revealed) + 1, len(deals) + 1):
            deal = deals[number - 1]
            draw = draws.get(number)
            verified = bool(deal.seed and deal.commitment
                            and verify_deal(deal.seed, deal.commitment, deck, deal.deck_order)
                            and (draw is None or draw.proven))
            name = self.seats[draw.seat] if draw and draw.seat < len(self.seats) else ""
            new.append(Revealed(number, deal, verified, draw, name))
        self.revealed += new
        self.save(game, actions)
        return new

    def _seat_draws(self, game: Game, actions: Sequence[int]) -> dict[int, SeatDraw]:
        """The seats drawn with the revealed deals, each checked against its seed, by deal."""
        try:
            record = record_of(game, actions, self.seats)
        except ValueError:
            return {}
        return {d.deal: d for d in seat_draws(record)}

    def save(self, game: Game, actions: Sequence[int]) -> Path | None:
        """Write the record now; on failure remember why in ``error`` and return None."""
        try:
            meta: dict[str, Any] = {"program": "Kozyr",
                                    "saved_at": time.strftime("%Y-%m-%d %H:%M:%S")}
            if self.kinds:
                meta["seat_kinds"] = self.kinds
            record = ended_after_last_game(record_of(game, actions, self.seats, meta))
            self.record = record
            if self.path is None:
                self.path = records_dir() / record_file_name(record, self.started_at)
            save_record(record, self.path)
        except (OSError, ValueError) as error:
            self.error = getattr(error, "strerror", None) or str(error)
            status.report("record", error)
            return None
        self.error = None
        status.report("record", None)
        self.saves += 1
        return self.path
