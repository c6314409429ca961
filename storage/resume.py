"""The game in progress, saved after every move so that a crash, a kill or a closed window
loses nothing: the main menu then offers "Continue" and the table comes back where it was.

The save (``paths.resume_path()``, in the data folder) holds the engine state (``to_json``:
every hand, the talon and, for an Azi session or a Durak series, the dealer's next seed), the
table (game, seats, options), the actions so far, the move log, the start time and the
commitment of the deal on the table. It holds hidden cards and the next seed, so it is locked
with Fernet (AES with an HMAC, from ``cryptography``) under a key kept apart from it in the
config folder (``paths.resume_key_path()``): a casual look, or a copy of the save alone, shows
nothing. The key sits on the same computer, so a determined local user can still read it.

Loading checks everything (the key, the format, the table, the state's own invariants) and
never raises: a save that fails is set aside as ``….damaged-<time>`` with a reason to show.
Finishing the game or leaving it on purpose removes the save.
"""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from engine.games import game_names, rules_for
from engine.table_config import AI, HUMAN, LEVELS, MAX_NAME, SEAT_BOUNDS, Seat, TableConfig

from . import paths
from .save_writer import SaveWriter

log = logging.getLogger("kozyr.save")

FORMAT = 1
MAX_BYTES = 8 << 20  # a save is tens of kilobytes; more is not ours
MAX_LOG = 200  # the table keeps the last 200 lines of its log
TEMP_PREFIX = ".resume-"
WRITER = SaveWriter(TEMP_PREFIX)


class SaveDamaged(ValueError):
    """The save cannot be used; the message says why, in words."""


@dataclass
class SavedTable:
    """A table in the middle of a game, as saved after its last move."""

    config: TableConfig
    state: dict[str, Any]  # {"kind": "game" or "series", "data": the engine's to_json}
    actions: list[int]
    log: list[str] = field(default_factory=list)
    started_at: float = 0.0  # when the game (or Azi session) began, seconds since the epoch
    played: float = 0.0  # seconds spent at the table so far (the time away is not counted)
    fingerprint: str | None = None  # the commitment of the deal on the table
    record_name: str | None = None  # the record file the table writes (an Azi session's)
    hints_used: bool = False

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data."""
        c = self.config
        return {"format": FORMAT,
                "config": {"game": c.game, "seats": [list(s) for s in c.seats],
                           "options": c.options, "watch": c.watch},
                "state": self.state, "actions": self.actions, "log": self.log[-MAX_LOG:],
                "started_at": self.started_at, "played": self.played,
                "fingerprint": self.fingerprint, "record_name": self.record_name,
                "hints_used": self.hints_used}


def engine_state(game: Any, series: Any = None) -> dict[str, Any]:
    """What the save keeps of the engine: the series when the table plays one, else the game.

    A Durak game's event history is kept as its deal plus the last ``KEEP_EVENTS`` events, so a
    save stays the same small size however long the game runs (takes can make a game of
    thousands of moves). The computer players read the history as a suffix (the tracker walks
    forward from the talon size it holds), the table redraws from the state, and the record is
    made from the actions, which the save keeps whole.
    """
    from engine.durak import DurakGame

    if series is not None:  # only Durak plays series
        return {"kind": "series", "data": series.to_json(KEEP_EVENTS)}
    if isinstance(game, DurakGame):  # an Azi game's history is one deal's, short already
        return {"kind": "game", "data": game.to_json(KEEP_EVENTS)}
    return {"kind": "game", "data": game.to_json()}


KEEP_EVENTS = 400  # events of a long Durak game kept in the save after its deal


def restore(saved: SavedTable) -> tuple[Any, Any]:
    """The engine game of ``saved`` and its Durak series (None when there is none).

    Raises SaveDamaged when the state breaks the rules or does not fit the table.
    """
    game_name, state = saved.config.game, saved.state
    try:
        rules = rules_for(game_name)
        if state.get("kind") == "series" and rules.series is not None:
            series = rules.series.from_json(state["data"])
            game = series.game
        else:
            series, game = None, rules.from_json(state["data"])
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
        raise SaveDamaged(f"the game state is not valid ({_short(error)})") from None
    if game.num_players != len(saved.config.seats):
        raise SaveDamaged("the game state does not fit the table's seats")
    if game.is_over():
        raise SaveDamaged("the saved game is already over")
    return game, series


def _short(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text[:120]


# --- the lock ------------------------------------------------------------------------------------
_KEYS: dict[Path, tuple[tuple[int, int, int], Any]] = {}  # key file → (its stamp, its Fernet)


def _fernet(create: bool):
    """The Fernet of the key file; a new key when ``create`` and there is none (else None).
    Kept while the file is the same one (a LAN host locks a save several times a second)."""
    from cryptography.fernet import Fernet

    path = paths.resume_key_path()
    try:
        found = os.stat(path)
        stamp = (found.st_ino, found.st_mtime_ns, found.st_size)
        kept = _KEYS.get(path)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        fernet = Fernet(path.read_bytes().strip())
        _KEYS[path] = (stamp, fernet)  # a file replaced since the stat has another stamp
        return fernet
    except FileNotFoundError:
        if not create:
            return None
    except (OSError, ValueError):
        if not create:
            return None
    from .safe_files import write_atomically

    key = Fernet.generate_key()
    write_atomically(path, key.decode("ascii"), ".key-")
    try:
        os.chmod(path, 0o600)  # the owner's only, where the system has such modes
    except OSError:
        pass
    return Fernet(key)


def sealed_text(saved: SavedTable) -> str:
    """The save's file text: the JSON, locked. Raises OSError when the key cannot be made."""
    return _sealed(json.dumps(saved.to_json()))


def _sealed(plain: str) -> str:
    """``plain`` locked with this computer's key (made when there is none)."""
    return _fernet(create=True).encrypt(plain.encode("utf-8")).decode()


seal = _sealed  # other saves holding hidden cards lock themselves the same way (a LAN host's)


def unseal(text: bytes) -> str:
    """The text :func:`seal` locked; SaveDamaged when the key is missing or does not open it."""
    from cryptography.fernet import InvalidToken

    fernet = _fernet(create=False)
    if fernet is None:
        raise SaveDamaged("the key that unlocks it is missing")
    try:
        return fernet.decrypt(text.strip()).decode("utf-8")
    except (InvalidToken, UnicodeDecodeError):
        raise SaveDamaged("it does not open with this computer's key (changed or "
                          "damaged)") from None


def opened(text: bytes) -> SavedTable:
    """The table in a save file's text; raises SaveDamaged saying why it cannot be used."""
    from cryptography.fernet import InvalidToken

    fernet = _fernet(create=False)
    if fernet is None:
        raise SaveDamaged("the key that unlocks it is missing")
    try:
        data = json.loads(fernet.decrypt(text.strip()).decode("utf-8"))
    except InvalidToken:
        raise SaveDamaged("it does not open with this computer's key (changed or "
                          "damaged)") from None
    except (ValueError, RecursionError) as error:
        raise SaveDamaged(f"its contents are not readable ({_short(error)})") from None
    return saved_from_json(data)


def saved_from_json(data: Any) -> SavedTable:
    """A :class:`SavedTable` from parsed data, every part checked (raises SaveDamaged)."""
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise SaveDamaged(what)

    need(isinstance(data, dict) and data.get("format") == FORMAT, "it is not a saved table")
    config = _config(data.get("config"))
    actions, log = data.get("actions"), data.get("log")
    need(isinstance(actions, list) and all(type(a) is int for a in actions), "bad moves")
    need(isinstance(log, list) and all(isinstance(line, str) for line in log), "bad move log")
    state = data.get("state")
    need(isinstance(state, dict) and state.get("kind") in ("game", "series")
         and isinstance(state.get("data"), dict), "no game state")
    numbers = [data.get("started_at"), data.get("played")]
    need(all(type(x) in (int, float) and 0 <= x < 1e11 for x in numbers), "bad times")
    fingerprint, record_name = data.get("fingerprint"), data.get("record_name")
    need(fingerprint is None or isinstance(fingerprint, str), "bad fingerprint")
    need(record_name is None or (isinstance(record_name, str)
                                 and record_name == Path(record_name).name), "bad record name")
    need(isinstance(data.get("hints_used"), bool), "bad hints flag")
    saved = SavedTable(config, state, actions, log[-MAX_LOG:], float(numbers[0]),
                       float(numbers[1]), fingerprint, record_name, data["hints_used"])
    restore(saved)  # the engine checks its own invariants
    return saved


def _config(data: Any) -> TableConfig:
    """The table of a save, checked like the new-game screen checks it."""
    if not isinstance(data, dict) or data.get("game") not in game_names():
        raise SaveDamaged("the table's game is unknown")
    seats = data.get("seats")
    if not (isinstance(seats, list) and SEAT_BOUNDS.low <= len(seats) <= SEAT_BOUNDS.high):
        raise SaveDamaged("the table's seats are not valid")
    clean = []
    for seat in seats:
        if not (isinstance(seat, list) and len(seat) == 3 and isinstance(seat[0], str)
                and 0 < len(seat[0]) <= MAX_NAME and seat[1] in (HUMAN, AI)
                and seat[2] in LEVELS):
            raise SaveDamaged("the table's seats are not valid")
        clean.append(Seat(*seat))
    options, defaults = data.get("options"), rules_for(data["game"]).default_options
    if not (isinstance(options, dict) and set(options) <= set(defaults)
            and all(type(v) is type(defaults[k]) for k, v in options.items())):
        raise SaveDamaged("the table's options are not valid")
    if not isinstance(data.get("watch"), bool):
        raise SaveDamaged("the table's options are not valid")
    return TableConfig(data["game"], clean, dict(options), data["watch"])


# --- the file ------------------------------------------------------------------------------------
class Found(NamedTuple):
    """What the main menu finds: a table to continue, or why the save was set aside."""

    saved: SavedTable | None
    problem: str | None = None
    moved_to: Path | None = None


def save(saved: SavedTable) -> None:
    """Save the table after a move: turned into text, locked and written in the background.

    The JSON is made here, so nothing the game changes later can leak into it (it is small:
    the state's history is cut, and actions are short numbers); the encryption and the disk
    wait in the writer's thread, never in the frame loop.
    """
    try:
        plain = json.dumps(saved.to_json())
    except (ValueError, TypeError) as error:
        WRITER.error = str(error)
        return
    WRITER.put(paths.resume_path(), lambda: _sealed(plain))


def forget(generation: int | None = None) -> None:
    """The game is finished or was left on purpose: remove the save.

    ``generation`` (``WRITER.generation`` when the game ended) keeps a save made since.
    """
    WRITER.remove(paths.resume_path(), generation)


def find_saved() -> Found:
    """The table saved in the data folder, if any; a damaged save is set aside (never raises)."""
    path = paths.resume_path()
    WRITER.flush(1.0)  # this program's own last move first
    try:
        with open(path, "rb") as f:
            text = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return Found(None)
    except OSError as error:
        log.warning("the game in progress cannot be read: %s", error)
        return Found(None, f"it cannot be read ({error.strerror or error})")
    try:
        if len(text) > MAX_BYTES:
            raise SaveDamaged("it is far too large")
        saved = opened(text)
        log.info("a game in progress was found (%s, %d moves)", saved.config.game,
                 len(saved.actions))
        return Found(saved)
    except SaveDamaged as error:
        moved = _set_aside(path)
        log.warning("the game in progress was damaged (%s): set aside as %s", error, moved)
        return Found(None, str(error), moved)


def _set_aside(path: Path) -> Path | None:
    """Rename a damaged save out of the way (kept, not deleted, for anyone who wants to look)."""
    target = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target
