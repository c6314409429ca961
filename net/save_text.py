"""A LAN host's save as JSON text, encoding only what changed since the host's last save.

A long series' save holds every action, every sealed deal's round, every finished game's
outcome (Azi's record needs all of its session's actions; the deal chain needs the rounds) and
the game's events so far. Those only ever grow at their end and never change once there, so
their text is kept and only the new items are encoded: what a save costs the host's loop does
not grow with the series, nor with the game. What a move changes (hands, table, counters, the
open round, the seats) is encoded each time. The text is the one
``json.dumps(table_json(...))`` gives, byte for byte (tests/test_lan_save_text.py).
"""

from __future__ import annotations

import inspect
import json
import re
import secrets
from collections.abc import Callable
from typing import Any

from .table import GameTable
from .table_save import SAVE_FORMAT

# Lists of the engine's state that only grow at their end, their items never changed once there,
# by the keys that lead to them in its to_json and the same names as attributes of the state:
# a Durak series' finished games and its game's events, an Azi session's games and events.
GROWING: tuple[tuple[str, ...], ...] = (("results",), ("games",), ("history",),
                                        ("game", "history"))


def _events(events: list[Any]) -> str:
    return json.dumps([event.to_json() for event in events])


class _Tail:
    """The text of one list that only grows at its end: each item is encoded once (the new
    items of a save in one call: json.dumps joins a list's items as the kept text joins them)."""

    def __init__(self, encode: Callable[[list[Any]], str]) -> None:
        self.encode = encode
        self.source: list[Any] | None = None  # the list itself, held: a new one starts again
        self.count = 0
        self.body = ""  # the items' text, joined as json.dumps joins them

    def text(self, source: list[Any]) -> str:
        if source is not self.source or len(source) < self.count:
            self.source, self.count, self.body = source, 0, ""
        if len(source) > self.count:
            new = self.encode(source[self.count:])[1:-1]  # the items, without the brackets
            self.body = f"{self.body}, {new}" if self.count else new
            self.count = len(source)
        return f"[{self.body}]"


class SaveText:
    """One host's save text, built again for each save from what it kept of the last one."""

    def __init__(self) -> None:
        self._actions = _Tail(json.dumps)
        self._growing = {path: _Tail(_events if path[-1] == "history" else json.dumps)
                         for path in GROWING}
        self._sealed_count, self._sealed_body = 0, ""  # the sealed rounds' text, in order
        self._sealed_chain: str | None = None  # the last of them's chain value
        self._short: dict[type, bool] = {}  # by state type: does its to_json cut the history?
        # The kept texts go into one json.dumps of the rest as marks, replaced after: a mark is
        # a random string, so no name a player chooses can be taken for one.
        mark = secrets.token_hex(16)
        self._mark = mark
        self._marks = re.compile(f'"{mark}([0-9]+)"')

    def text(self, table: GameTable, seats: list[dict[str, Any]],
             extra: dict[str, Any] | None = None) -> str:
        """The save's JSON text for ``table`` with ``seats`` (and ``extra`` fields after them:
        the window's seat and address)."""
        texts: list[str] = []

        def kept(text: str) -> str:
            texts.append(text)
            return f"{self._mark}{len(texts) - 1}"

        state = table._state
        data = {  # the fields of table_save.table_json, in its order
            "format": SAVE_FORMAT, "version": 1, "game": table.game_name,
            "num_players": table.num_players, "games": table.games,
            "azi_options": table.azi_options, "seats": seats, "turn": table.turn,
            "actions": kept(self._actions.text(table.actions)),  # the table's own list
            "game_start": table._game_start, "proved": table._proved,
            "recorded": table._recorded, "dealer": table.dealer.to_json(),
            "state": self._state(state, kept) if state is not None else None,
            "rounds": kept(self._rounds_text(table)),
            "finished": [{"game": g.to_json(), "actions": actions, "first_deal": first}
                         for g, actions, first in table._finished],
            **(extra or {}),
        }
        return self._marks.sub(lambda m: texts[int(m.group(1))], json.dumps(data))

    def _state(self, state: Any, kept: Callable[[str], str]) -> dict[str, Any]:
        """The engine state's to_json, its growing lists marked for their kept text, made from
        the state's own lists (to_json cuts the history where it can: it is replaced)."""
        kind = type(state)
        if kind not in self._short:
            self._short[kind] = "keep_events" in inspect.signature(state.to_json).parameters
        data = state.to_json(keep_events=1) if self._short[kind] else state.to_json()
        for path, tail in self._growing.items():
            owner, where = state, data
            for key in path[:-1]:
                owner, where = getattr(owner, key, None), where.get(key)
                if not isinstance(where, dict):
                    break
            source = getattr(owner, path[-1], None)
            if isinstance(where, dict) and path[-1] in where and isinstance(source, list):
                if len(path) > 1:  # not to change the engine's own dict (to_json may share)
                    where = dict(where)
                    data = {**data, path[0]: where}
                where[path[-1]] = kept(tail.text(source))
        return data

    def _rounds_text(self, table: GameTable) -> str:
        """The rounds' text: the sealed ones kept (a sealed round never changes again,
        sealing.py), the open one encoded."""
        rounds = list(table.rounds.values())  # by deal number: the sealed ones, then the open
        count = self._sealed_count
        if len(rounds) < count or (count and rounds[count - 1].chain != self._sealed_chain):
            count, self._sealed_body = 0, ""  # not the rounds it kept: start again
        done = count
        while done < len(rounds) and rounds[done].sealed:
            done += 1
        if done > count:
            new = ", ".join(json.dumps(r.to_json()) for r in rounds[count:done])
            self._sealed_body = f"{self._sealed_body}, {new}" if count else new
            self._sealed_chain = rounds[done - 1].chain
        self._sealed_count = done
        texts = ([self._sealed_body] if done else []) + [json.dumps(r.to_json())
                                                         for r in rounds[done:]]
        return f"[{', '.join(texts)}]"
