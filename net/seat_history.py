"""A seat's history of the game on a LAN table, kept up to date message by message.

The host sends each move's events and ``history_len`` (docs/lan.md), not the whole history
again; the seat's program keeps the events as the host sent them (for the observation) and,
beside them, as the game's computer players read them (engine ``observation_from_json``), so
a computer seat's move converts only the new events, not the whole game each time.
"""

from __future__ import annotations

from typing import Any

from engine.games import observation_from_json


class SeatHistory:
    """The game's events this seat saw: as JSON data, and as its computer players read them."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []  # as the host sent them
        self._read: list[Any] = []  # the same, converted for the computer players
        self._game: str | None = None

    def _convert(self, events: list[dict[str, Any]]) -> list[Any]:
        # A game's conversion reads its history event by event (Durak: Event tuples).
        return list(observation_from_json({"game": self._game, "history": events})["history"])

    def reset(self, game: str | None, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Start again from a whole history (a ``table`` message, or a move sent whole)."""
        self._game = game
        self.events = list(events)
        self._read = self._convert(self.events)
        return list(self.events)

    def take(self, game: str | None, events: list[dict[str, Any]],
             count: Any) -> list[dict[str, Any]]:
        """Add a move's ``events``; the history is then the last ``count`` events seen (an
        earlier game's fall away); returns it for the observation. ValueError for a count
        this seat cannot have seen."""
        if not isinstance(count, int) or not 0 <= count <= len(self.events) + len(events):
            raise ValueError(f"history_len {count!r} with {len(self.events) + len(events)} "
                             f"events seen")
        self.events.extend(events)
        if game != self._game:  # the game is named once it is known: read it all again
            self._game = game
            self._read = self._convert(self.events)
        else:
            self._read.extend(self._convert(list(events)))
        cut = len(self.events) - count
        del self.events[:cut]
        del self._read[:cut]
        return list(self.events)

    def for_ai(self) -> list[Any]:
        """The history as the game's computer players read it (a copy they may keep)."""
        return list(self._read)
