"""The history database's schema, one migration per version (``PRAGMA user_version``).

A new database runs every migration in order; an older one runs those it has not had yet, in
one transaction, so a database is always at a version this program knows. Never edit a
migration that has shipped: add the next one.

Version 1: a row per game (a Durak game or an Azi session) and a row per seat.
Version 2: ``hints_used`` per game (for the hints feature to come); each seat row repeats its
game's kind and start time, so "games of this player, newest first" reads straight down one
index; and the indexes the History screen's filters and paging use.
Version 3: kept so that History and Statistics open at once with 100,000 games: each seat row
holds the other seats' computer levels (``opponents``), and ``players`` counts each name's
games, kept up to date by triggers (the Statistics player list reads it instead of grouping
every seat).
Version 4: each player's statistics kept as a running tally (``stats_kept``), brought up to
date by reading only the games since; triggers drop a tally when one of its games is removed
or an earlier game arrives.
"""

from __future__ import annotations

import sqlite3

_V1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,          -- the first deal's commitment: one row per game or session
    game TEXT NOT NULL,                -- 'durak' or 'azi'
    started_at REAL NOT NULL,          -- seconds since the epoch
    duration REAL,                     -- seconds at the table; NULL when not known (imported)
    num_players INTEGER NOT NULL,
    deals INTEGER NOT NULL,            -- 1 for Durak, the finished games of an Azi session
    options TEXT NOT NULL,             -- JSON, as in the record
    commitments TEXT NOT NULL,         -- JSON list, one per deal
    seeds TEXT NOT NULL,               -- JSON list, one per deal
    viewer_seat INTEGER,               -- the first human seat; NULL when the computer played alone
    viewer_outcome TEXT,               -- that seat's outcome ('win', 'loss', 'draw')
    verified INTEGER NOT NULL,         -- 1 when verify_record found nothing wrong
    record_path TEXT                   -- the JSON record (the portable, verifiable export)
);
CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,                -- 'human', 'ai' or 'unknown' (imported, not recorded)
    level TEXT,                        -- the AI level: 'easy', 'normal', 'hard'
    place INTEGER,                     -- 1 is best
    outcome TEXT NOT NULL,             -- 'win', 'loss' or 'draw'
    chips INTEGER,                     -- Azi: chips won (negative: lost) over the session
    PRIMARY KEY (game_id, seat)
);
"""

_V2 = """
ALTER TABLE games ADD COLUMN hints_used INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_by_time ON games (started_at DESC, id DESC);
CREATE INDEX games_by_game ON games (game, started_at DESC, id DESC);
CREATE INDEX games_by_outcome ON games (viewer_outcome, started_at DESC, id DESC);
ALTER TABLE seats ADD COLUMN game TEXT NOT NULL DEFAULT '';
ALTER TABLE seats ADD COLUMN started_at REAL NOT NULL DEFAULT 0;
UPDATE seats SET (game, started_at) = (SELECT game, started_at FROM games WHERE id = game_id);
CREATE INDEX seats_by_name ON seats (name COLLATE NOCASE, started_at DESC, game_id DESC);
CREATE INDEX seats_by_name_game ON seats (name COLLATE NOCASE, game, started_at DESC,
                                          game_id DESC);
"""

_V3 = """
ALTER TABLE seats ADD COLUMN opponents TEXT NOT NULL DEFAULT '';
UPDATE seats SET opponents = coalesce((SELECT group_concat(DISTINCT o.level) FROM seats o
    WHERE o.game_id = seats.game_id AND o.seat != seats.seat AND o.kind = 'ai'), '');
CREATE TABLE players (
    name TEXT COLLATE NOCASE PRIMARY KEY,
    games INTEGER NOT NULL             -- seats this name has taken, kept by the triggers below
);
INSERT INTO players (name, games) SELECT name, COUNT(*) FROM seats GROUP BY name COLLATE NOCASE;
CREATE TRIGGER players_seated AFTER INSERT ON seats BEGIN
    INSERT INTO players (name, games) VALUES (new.name, 1)
        ON CONFLICT (name) DO UPDATE SET games = games + 1;
END;
CREATE TRIGGER players_unseated AFTER DELETE ON seats BEGIN
    UPDATE players SET games = games - 1 WHERE name = old.name;
    DELETE FROM players WHERE name = old.name AND games <= 0;
END;
"""

_V4 = """
CREATE TABLE stats_kept (
    name TEXT NOT NULL COLLATE NOCASE,
    game TEXT NOT NULL,
    through_time REAL NOT NULL,        -- the last game counted: its start and id
    through_id INTEGER NOT NULL,
    data TEXT NOT NULL,                -- the running tally as JSON (storage/history/stats.py)
    PRIMARY KEY (name, game)
);
CREATE TRIGGER stats_kept_removed AFTER DELETE ON seats BEGIN
    DELETE FROM stats_kept WHERE name = old.name AND game = old.game;
END;
CREATE TRIGGER stats_kept_earlier AFTER INSERT ON seats BEGIN
    DELETE FROM stats_kept WHERE name = new.name AND game = new.game
        AND (through_time, through_id) > (new.started_at, new.game_id);
END;
"""

MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3, _V4)
LATEST = len(MIGRATIONS)

# what a database at LATEST must hold, to tell a Kozyr history from some other file
EXPECTED_COLUMNS = {
    "games": {"id", "key", "game", "started_at", "duration", "num_players", "deals", "options",
              "commitments", "seeds", "viewer_seat", "viewer_outcome", "verified", "record_path",
              "hints_used"},
    "seats": {"game_id", "seat", "name", "kind", "level", "place", "outcome", "chips", "game",
              "started_at", "opponents"},
    "players": {"name", "games"},
    "stats_kept": {"name", "game", "through_time", "through_id", "data"},
}


class SchemaError(sqlite3.DatabaseError):
    """The file is an SQLite database, but not a history this program can use."""


class NewerSchema(SchemaError):
    """A history written by a newer Kozyr: readable, but this program must not change it."""


def version(conn: sqlite3.Connection) -> int:
    """The database's schema version (0 for a new, empty one)."""
    return conn.execute("PRAGMA user_version").fetchone()[0]


def migrate(conn: sqlite3.Connection, target: int = LATEST) -> int:
    """Bring the database up to ``target``; returns the version it started at."""
    start = version(conn)
    if start > LATEST:
        raise NewerSchema(f"the history was written by a newer Kozyr (schema {start}, this "
                          f"program knows up to {LATEST})")
    if start == 0 and _tables(conn):
        raise SchemaError("the file holds tables but no schema version: not a Kozyr history")
    if start >= target:
        return start
    # executescript commits first, so the whole upgrade runs as one explicit transaction
    script = "".join(MIGRATIONS[start:target])
    try:
        conn.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {target};\nCOMMIT;")
    except sqlite3.Error as error:
        if conn.in_transaction:
            conn.rollback()  # a half-done upgrade must not stay: the file keeps its old version
        text = str(error)
        if "no such" in text or "duplicate column" in text or "already exists" in text:
            raise SchemaError(f"its tables do not match schema {start}: {text}") from None
        raise
    return start


def check(conn: sqlite3.Connection) -> None:
    """Raise SchemaError unless every table and column of the latest schema is there."""
    for table, wanted in EXPECTED_COLUMNS.items():
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        missing = wanted - have
        if missing:
            raise SchemaError(f"table {table!r} lacks {', '.join(sorted(missing))}")


def _tables(conn: sqlite3.Connection) -> list[str]:
    return [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
