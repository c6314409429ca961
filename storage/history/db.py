"""The history database: every finished Durak game and Azi session, in SQLite.

    history = History.open(paths.history_path())    # HistoryBusy while another program writes
    history.add(record, record_path, started_at, duration, config.seats)
    rows = history.page(Filters(game="durak"), page=0)

The JSON record stays the portable, verifiable export; the database is the index people browse.
Every write is one transaction. Opening tells three troubles apart:

* **busy** — another program (a second Kozyr, a backup tool, a database browser) holds the
  lock: :class:`HistoryBusy` is raised and the file is left alone; callers try again later.
* **newer** — a newer Kozyr wrote it: it opens read-only (``read_only``, ``newer``), never
  renamed, never changed.
* **damaged** — only a failed integrity check (or a file that is not a Kozyr history at all)
  renames it to ``history.db.damaged-<time>`` and starts a fresh database; ``damage`` says
  what happened so the screen can tell the player.

The full integrity check costs most of a second on a big history, so it runs only when asked
(``check=True``: the keeper does it in the background after an unclean shutdown) or when the
file already failed to open.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

from engine.record import GameRecord, verify_record

from . import migrations
from .summary import SeatSummary, record_key, seat_summaries, viewer_seat

PAGE_SIZE = 10
BUSY_SECONDS = 2.0  # how long a background writer waits for another program's lock
SCREEN_BUSY_SECONDS = 0.05  # how long a screen's query may wait: a frame, not a freeze


class HistoryUnavailable(sqlite3.OperationalError):
    """The history cannot be used now, though the file is sound (a full disk, a read-only
    folder): nothing is set aside; callers say why and try again later."""


class HistoryBusy(HistoryUnavailable):
    """Another program holds the history's lock; nothing is wrong with the file: try later."""


def is_busy(error: BaseException) -> bool:
    """Is ``error`` SQLite saying the file is locked by someone else (not damaged)?"""
    text = str(error).lower()
    return isinstance(error, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


@dataclass(frozen=True)
class Damage:
    """A damaged history file that was set aside: where it went and what was wrong."""

    moved_to: Path | None  # None when it could not even be moved (the history then lives in memory)
    reason: str


@dataclass(frozen=True)
class Filters:
    """What the History screen narrows the list to (None: no narrowing)."""

    game: str | None = None
    player: str | None = None  # a seat name, any case
    outcome: str | None = None  # the viewer's outcome: 'win', 'loss' or 'draw'


@dataclass
class GameRow:
    """One game as listed: its summary and seats."""

    id: int
    game: str
    started_at: float
    duration: float | None
    deals: int
    viewer_seat: int | None
    viewer_outcome: str | None
    verified: bool
    record_path: str | None
    seats: list[SeatSummary] = field(default_factory=list)


class History:
    """An open history database."""

    def __init__(self, path: Path, conn: sqlite3.Connection, *, fresh: bool,
                 damage: Damage | None = None, newer: str | None = None) -> None:
        self.path = path
        self.conn = conn
        self.fresh = fresh  # created just now (so the records folder should be imported)
        self.damage = damage
        self.newer = newer  # why it is read-only: written by a newer Kozyr (None: writable)
        self.error: str | None = None  # why the last write failed, if it did
        self.busy = False  # the last write failed only because another program held the lock
        self.retryable = True  # the last write failed for a passing reason (try it again)

    @property
    def read_only(self) -> bool:
        """True for a history this program may read but not change."""
        return self.newer is not None

    # --- opening ---------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | str, *, check: bool = False,
             timeout: float = BUSY_SECONDS) -> "History":
        """Open (or create) the database at ``path``; ``check`` runs the integrity check first.

        Raises :class:`HistoryBusy` when another program holds the lock (after waiting up to
        ``timeout`` seconds). A newer Kozyr's history opens read-only; only a damaged file is
        set aside (see the module docstring).
        """
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return cls(path, _memory_db(), fresh=True,
                       damage=Damage(None, f"cannot create {path.parent}: {error}"))
        conn = None
        try:
            conn = _connect(path, timeout)
            return cls(path, conn, fresh=_prepare(conn, check))
        except migrations.NewerSchema as error:
            if conn is not None:
                conn.close()
            return cls(path, _connect(path, timeout, read_only=True), fresh=False,
                       newer=str(error))
        except sqlite3.DatabaseError as error:
            if conn is not None:
                conn.close()
            if is_busy(error):
                raise HistoryBusy(str(error)) from None
            failure, reason = error, str(error)
        if not isinstance(failure, migrations.SchemaError):  # a foreign file needs no check
            verdict = _integrity(path, timeout)  # set aside only what really fails it
            if verdict is None:
                return cls(path, _memory_db(), fresh=True, damage=Damage(None, reason))
            if not verdict:
                raise HistoryUnavailable(reason)
            reason = verdict
        moved = _set_aside(path)
        if moved is None:
            return cls(path, _memory_db(), fresh=True, damage=Damage(None, reason))
        try:
            conn = _connect(path, timeout)
            return cls(path, conn, fresh=_prepare(conn, False), damage=Damage(moved, reason))
        except sqlite3.DatabaseError as error:  # the folder is unusable: keep going in memory
            if is_busy(error):
                raise HistoryBusy(str(error)) from None
            return cls(path, _memory_db(), fresh=True, damage=Damage(moved, f"{reason}; {error}"))

    @classmethod
    def placeholder(cls, path: Path | str) -> "History":
        """An empty history in memory: what a screen shows while the real one is busy."""
        return cls(Path(path), _memory_db(), fresh=False)

    def for_screen(self) -> "History":
        """Let queries wait only a moment for a lock, so a screen never freezes; returns self."""
        self.conn.execute(f"PRAGMA busy_timeout = {int(SCREEN_BUSY_SECONDS * 1000)}")
        return self

    def close(self) -> None:
        """Close the database."""
        self.conn.close()

    # --- writing ---------------------------------------------------------------------------------
    def add(self, record: GameRecord, record_path: Path | str | None, started_at: float,
            duration: float | None, seat_kinds: Sequence[Any] | None = None,
            hints_used: bool = False) -> int | None:
        """Record a finished game (or an Azi session so far); a later add of the same game or
        session replaces it. Returns its id, or None when the write failed (see ``error``)."""
        if self.read_only:
            self.error = self.newer
            return None
        try:
            with self.conn:  # one transaction: the game and its seats, or nothing
                self.conn.execute("DELETE FROM games WHERE key = ?", (record_key(record),))
                game_id = self._insert(record, record_path, started_at, duration, seat_kinds,
                                       hints_used)
        except sqlite3.Error as error:
            self.error = str(error)
            self.busy = is_busy(error)
            # locks, a full disk, a read-only folder pass; a record the schema refuses does not
            self.retryable = isinstance(error, sqlite3.OperationalError)
            return None
        self.error = None
        return game_id

    def add_if_new(self, record: GameRecord, record_path: Path | str | None, started_at: float,
                   duration: float | None = None, seat_kinds: Sequence[Any] | None = None) -> bool:
        """Add the game unless the history has it already (importing twice adds nothing)."""
        if self.contains(record):
            return False
        return self.add(record, record_path, started_at, duration, seat_kinds) is not None

    def contains(self, record: GameRecord) -> bool:
        """Does the history hold this game (or session)?"""
        row = self.conn.execute("SELECT 1 FROM games WHERE key = ?", (record_key(record),))
        return row.fetchone() is not None

    def _insert(self, record: GameRecord, record_path: Path | str | None, started_at: float,
                duration: float | None, seat_kinds: Sequence[Any] | None,
                hints_used: bool) -> int:
        seats = seat_summaries(record, seat_kinds)
        viewer = viewer_seat(seats)
        cursor = self.conn.execute(
            "INSERT INTO games (key, game, started_at, duration, num_players, deals, options, "
            "commitments, seeds, viewer_seat, viewer_outcome, verified, record_path, hints_used) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (record_key(record), record.game, float(started_at),
             None if duration is None else float(duration), len(record.seats),
             len(record.deals), json.dumps(record.options, sort_keys=True),
             json.dumps([d.commitment for d in record.deals]),
             json.dumps([d.seed for d in record.deals]), viewer,
             None if viewer is None else seats[viewer].outcome,
             int(not verify_record(record)), None if record_path is None else str(record_path),
             int(bool(hints_used))))
        game_id = cursor.lastrowid
        assert game_id is not None  # an INSERT always gives the new row's id
        levels = [(s.seat, s.level) for s in seats if s.kind == "ai" and s.level]
        self.conn.executemany(
            "INSERT INTO seats (game_id, seat, name, kind, level, place, outcome, chips, game, "
            "started_at, opponents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, s.seat, s.name, s.kind, s.level, s.place, s.outcome, s.chips, record.game,
              float(started_at),
              ",".join(sorted({level for seat, level in levels if seat != s.seat})))
             for s in seats])
        return game_id

    # --- reading ---------------------------------------------------------------------------------
    def count(self, filters: Filters = Filters()) -> int:
        """How many games match ``filters``."""
        source, where, args, _ = _query(filters)
        if filters.player and not filters.outcome:  # the seats' index alone answers: no join
            source = "seats p"
        return self.conn.execute(f"SELECT COUNT(*) FROM {source} {where}", args).fetchone()[0]

    def page(self, filters: Filters = Filters(), page: int = 0,
             per_page: int = PAGE_SIZE) -> list[GameRow]:
        """Page ``page`` (0 first) of the matching games, newest first."""
        source, where, args, order = _query(filters)
        rows = self.conn.execute(
            "SELECT g.id, g.game, g.started_at, g.duration, g.deals, g.viewer_seat, "
            f"g.viewer_outcome, g.verified, g.record_path FROM {source} {where} ORDER BY {order} "
            "LIMIT ? OFFSET ?", (*args, per_page, max(0, page) * per_page)).fetchall()
        games = [GameRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), r[8]) for r in rows]
        by_id = {g.id: g for g in games}
        if by_id:
            marks = ",".join("?" * len(by_id))
            for row in self.conn.execute(
                    "SELECT game_id, seat, name, kind, level, place, outcome, chips FROM seats "
                    f"WHERE game_id IN ({marks}) ORDER BY game_id, seat", tuple(by_id)):
                by_id[row[0]].seats.append(SeatSummary(*row[1:]))
        return games

    def game(self, game_id: int) -> GameRow | None:
        """One game by id."""
        found = [g for g in self._all_rows("WHERE id = ?", (game_id,))]
        return found[0] if found else None

    def player_names(self) -> list[str]:
        """Names that sat at the table, the most frequent first."""
        rows = self.conn.execute("SELECT name FROM players ORDER BY games DESC, name LIMIT 200")
        return [r[0] for r in rows]

    def _all_rows(self, where: str = "", args: tuple = ()) -> Iterator[GameRow]:
        games = self.conn.execute(
            "SELECT id, game, started_at, duration, deals, viewer_seat, viewer_outcome, verified, "
            f"record_path FROM games {where} ORDER BY started_at, id", args).fetchall()
        for r in games:
            row = GameRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]), r[8])
            row.seats = [SeatSummary(*s) for s in self.conn.execute(
                "SELECT seat, name, kind, level, place, outcome, chips FROM seats "
                "WHERE game_id = ? ORDER BY seat", (row.id,))]
            yield row

    def all_games(self) -> Iterator[GameRow]:
        """Every game, oldest first (for exports)."""
        return self._all_rows()


def _query(filters: Filters) -> tuple[str, str, tuple, str]:
    """FROM, WHERE, its arguments and ORDER BY for ``filters``.

    With a player, the rows come from that player's seats, which carry the game's kind and start
    time: the seats_by_name indexes then give his games already in order, so a page is read
    without sorting all of them.
    """
    clauses, args = [], []
    if filters.player:
        source = "seats p JOIN games g ON g.id = p.game_id"
        order = "p.started_at DESC, p.game_id DESC"
        clauses.append("p.name = ? COLLATE NOCASE")
        args.append(filters.player.strip())
        if filters.game:
            clauses.append("p.game = ?")
            args.append(filters.game)
    else:
        source, order = "games g", "g.started_at DESC, g.id DESC"
        if filters.game:
            clauses.append("g.game = ?")
            args.append(filters.game)
    if filters.outcome:
        clauses.append("g.viewer_outcome = ?")
        args.append(filters.outcome)
    return source, ("WHERE " + " AND ".join(clauses) if clauses else ""), tuple(args), order


def _connect(path: Path, timeout: float = BUSY_SECONDS, *,
             read_only: bool = False) -> sqlite3.Connection:
    """A connection that waits ``timeout`` for a lock; usable from the thread it is handed to
    (a screen opens it in the background and reads it in the frame loop, never both at once)."""
    if read_only:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=timeout,
                               check_same_thread=False)
    else:
        conn = sqlite3.connect(path, timeout=timeout, check_same_thread=False)
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _memory_db() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.execute("PRAGMA foreign_keys = ON")
    migrations.migrate(conn)
    return conn


def _prepare(conn: sqlite3.Connection, check: bool) -> bool:
    """Check the file if asked and bring its schema up to date; True when it was new."""
    if check:
        verdict = conn.execute("PRAGMA quick_check").fetchone()
        if not verdict or verdict[0] != "ok":
            raise sqlite3.DatabaseError(
                f"integrity check failed: {verdict[0] if verdict else '?'}")
    start = migrations.migrate(conn)
    migrations.check(conn)
    return start == 0


def _integrity(path: Path, timeout: float) -> str | None:
    """Why the file fails the integrity check ("" when it passes); HistoryBusy when locked;
    None when it cannot even be opened (the folder, not the file, is the trouble)."""
    try:
        conn = sqlite3.connect(path, timeout=timeout)
    except sqlite3.Error:
        return None
    try:
        verdict = conn.execute("PRAGMA quick_check").fetchone()
    except sqlite3.DatabaseError as error:
        if is_busy(error):
            raise HistoryBusy(str(error)) from None
        return str(error)
    finally:
        conn.close()
    if not verdict or verdict[0] != "ok":
        return f"integrity check failed: {verdict[0] if verdict else '?'}"
    return ""


def _set_aside(path: Path) -> Path | None:
    """Rename a damaged database out of the way (never delete it: it may still be rescued)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    try:
        path.rename(target)
    except OSError:
        return None
    for suffix in ("-journal", "-wal", "-shm"):  # leftovers belong to the damaged file
        side = path.with_name(path.name + suffix)
        if side.exists():
            try:
                side.rename(target.with_name(target.name + suffix))
            except OSError:
                pass
    return target
