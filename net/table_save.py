"""A LAN host's table on disk, so ``game.py host --resume FILE`` carries on after a crash.

The host writes the file after every action and every sealed deal (atomically, fsynced; the
temporary file is created 0600 and keeps that mode, and the text is locked with the key of the
local game's save, because the seats' tokens and the hands are secrets):
the seats (kind, name, token), the engine state (its ``to_json``, which holds the dealer and
the next joint seed), the joint-deal rounds, the actions and the games finished so far. Reading
it back goes through the engine's ``from_json``, which checks the rules' invariants.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from engine.games import rules_for
from storage.resume import seal, unseal
from storage.safe_files import write_atomically

from .table import DealRound, GameTable

SAVE_FORMAT = "kozyr-lan-table"
TEMP_PREFIX = ".lan-table-"


def table_json(table: GameTable, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The table and its seats as plain JSON data."""
    state = table._state
    return {
        "format": SAVE_FORMAT, "version": 1, "game": table.game_name,
        "num_players": table.num_players, "games": table.games, "azi_options": table.azi_options,
        "seats": seats, "turn": table.turn, "actions": list(table.actions),
        "game_start": table._game_start, "proved": table._proved, "recorded": table._recorded,
        "dealer": table.dealer.to_json(),
        "state": state.to_json() if state is not None else None,
        "rounds": [r.to_json() for r in table.rounds.values()],
        "finished": [{"game": g.to_json(), "actions": actions, "first_deal": first}
                     for g, actions, first in table._finished],
    }


def table_from_json(data: dict[str, Any]) -> tuple[GameTable, list[dict[str, Any]]]:
    """Inverse of :func:`table_json`; ValueError (KeyError, TypeError) for a damaged file."""
    if data.get("format") != SAVE_FORMAT:
        raise ValueError("not a saved LAN table")
    table = GameTable(data["game"], data["num_players"], data["games"], data["azi_options"])
    table.turn, table.actions = data["turn"], list(data["actions"])
    table._game_start, table._proved, table._recorded = (data["game_start"], data["proved"],
                                                         data["recorded"])
    for r in data["rounds"]:
        table.rounds[r["number"]] = DealRound.from_json(r)
    if data["state"] is not None:
        rules = rules_for(table.game_name)
        state: Any = (rules.series or rules).from_json(data["state"])
        table._state = state
        table.dealer = state.dealer  # one dealer: the state deals with the table's joint seeds
    else:
        from engine.joint_seed import JointDealer

        table.dealer = JointDealer.from_json(data["dealer"])
    rebuild = rules_for(table.game_name).from_json
    table._finished = [(rebuild(f["game"]), list(f["actions"]), f["first_deal"])
                       for f in data["finished"]]
    return table, list(data["seats"])


def save_table(path: Path, table: GameTable, seats: list[dict[str, Any]]) -> None:
    """Write the table to ``path`` (atomically; private to this user, and locked like the
    local game's save, ``storage/resume.py``: it holds every hand and the seats' tokens)."""
    write_table_json(path, table_json(table, seats))


def write_table_json(path: Path, data: dict[str, Any]) -> None:
    """Write a table already taken as JSON data."""
    write_table_text(path, json.dumps(data))


def write_table_text(path: Path, text: str) -> None:
    """Write a table already taken as JSON text (the host takes it in its loop, then writes it
    in a worker thread, so the disk never holds up the table; net/save_text.py)."""
    write_atomically(path, seal(text), TEMP_PREFIX)


def load_table(path: Path) -> tuple[GameTable, list[dict[str, Any]]]:
    """Read a table saved by :func:`save_table` (or an unlocked one an older Kozyr wrote);
    ValueError saying why when it cannot be used."""
    from .save_journal import latest_moves, replay_moves

    data = read_table_data(path)
    table, seats = table_from_json(data)
    replay_moves(table, latest_moves(path, data))  # the moves written since (save_journal.py)
    return table, seats


def read_table_data(path: str | Path) -> Any:
    """The saved file's JSON data, unlocked (ValueError, or OSError, when it cannot be)."""
    text = Path(path).read_bytes()
    plain = text.decode("utf-8") if text.lstrip().startswith(b"{") else unseal(text)
    return json.loads(plain)


def forget_table(path: str | Path) -> None:
    """Remove the saved table (it was played out), and its moves file."""
    from .save_journal import forget_moves

    try:
        os.unlink(path)
    except OSError:
        pass
    forget_moves(path)
