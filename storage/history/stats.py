"""Statistics of one player in one game, computed from the history database.

A player is a seat name (any case). The numbers are those of the Statistics screen: games,
wins, losses, draws, the Durak rate (Durak: how often he was left the Durak), the average place,
Azi chips won over time, results against each computer level at the table, and the longest
runs of wins and of losses.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field

from engine.games import rules_for

from .db import History
from .summary import DRAW, LOSS, WIN

LEVELS = ("easy", "normal", "hard")


@dataclass
class Tally:
    """Wins, losses and draws."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        """All games counted."""
        return self.wins + self.losses + self.draws

    def count(self, outcome: str) -> None:
        """Count one game's outcome."""
        if outcome == WIN:
            self.wins += 1
        elif outcome == LOSS:
            self.losses += 1
        else:
            self.draws += 1


@dataclass
class PlayerStats:
    """One player's record in one game."""

    name: str
    game: str
    total: Tally = field(default_factory=Tally)
    average_place: float | None = None
    chips: list[tuple[float, int]] = field(default_factory=list)  # (time, chips won so far), Azi
    by_level: dict[str, Tally] = field(default_factory=dict)  # computer level at the table
    longest_wins: int = 0
    longest_losses: int = 0

    @property
    def games(self) -> int:
        """Games played."""
        return self.total.games

    @property
    def durak_rate(self) -> float | None:
        """Durak: the share of games he was left the Durak (None for a game without one loser,
        as Azi, or no games)."""
        if not rules_for(self.game).one_loser or not self.games:
            return None
        return self.total.losses / self.games

    @property
    def chips_won(self) -> int:
        """Azi: chips won (negative: lost) over all sessions."""
        return self.chips[-1][1] if self.chips else 0


def player_stats(history: History, name: str, game: str) -> PlayerStats:
    """The statistics of ``name`` in ``game`` (``"durak"`` or ``"azi"``).

    Kept incrementally: the tally so far lives in ``stats_kept`` (one row per name and game)
    with the time and id of the last game it counted, so a call reads only the games since —
    none when the keeper has just brought it up to date in the background. Adding a game out of
    time order or removing one drops the kept tally (triggers, migration 4); it is then counted
    again from the start once.
    """
    conn = history.conn
    kept = conn.execute("SELECT through_time, through_id, data FROM stats_kept "
                        "WHERE name = ? AND game = ?", (name, game)).fetchone()
    tally = _Tally.from_json(kept[2]) if kept else _Tally()
    since = (kept[0], kept[1]) if kept else (float("-inf"), -1)
    # One pass down the seats_by_name_game index; each seat row carries its game's time and
    # the other seats' computer levels, so no other row is read.
    rows = conn.execute(
        "SELECT started_at, game_id, outcome, place, chips, opponents FROM seats "
        "WHERE name = ? COLLATE NOCASE AND game = ? AND (started_at, game_id) > (?, ?) "
        "ORDER BY started_at, game_id", (name, game, *since)).fetchall()
    for row in rows:
        tally.count(*row)
    if rows and not history.read_only:
        try:
            with conn:
                conn.execute("INSERT OR REPLACE INTO stats_kept (name, game, through_time, "
                             "through_id, data) VALUES (?, ?, ?, ?, ?)",
                             (name, game, rows[-1][0], rows[-1][1], tally.to_json()))
        except sqlite3.Error:
            pass  # keeping is a speed-up: a locked or full database still gets its numbers
    return tally.stats(name, game)


class _Tally:
    """What the statistics count, game by game in time order, as plain data to keep."""

    def __init__(self) -> None:
        self.outcomes = [0, 0, 0]  # wins, losses, draws
        self.place_sum = self.place_count = 0
        self.chips_total = 0
        self.chips: list[list[float]] = []
        self.by_level: dict[str, list[int]] = {}
        self.longest = [0, 0]  # wins, losses in a row
        self.run_outcome: str | None = None
        self.run = 0

    def count(self, started_at: float, _id: int, outcome: str, place: int | None,
              won: int | None, levels: str) -> None:
        """Count one game of the player."""
        index = 0 if outcome == WIN else 1 if outcome == LOSS else 2
        self.outcomes[index] += 1
        if place is not None:
            self.place_sum += place
            self.place_count += 1
        if won is not None:  # only a game with chips (Azi) keeps a seat's chips won
            self.chips_total += won
            self.chips.append([started_at, self.chips_total])
        for level in levels.split(",") if levels else ():
            self.by_level.setdefault(level, [0, 0, 0])[index] += 1
        self.run = self.run + 1 if outcome == self.run_outcome else 1
        self.run_outcome = outcome
        if index < 2:
            self.longest[index] = max(self.longest[index], self.run)

    def stats(self, name: str, game: str) -> PlayerStats:
        """The numbers as the Statistics screen reads them."""
        stats = PlayerStats(name, game, Tally(*self.outcomes))
        if self.place_count:
            stats.average_place = self.place_sum / self.place_count
        stats.chips = [(t, int(c)) for t, c in self.chips]
        stats.by_level = {level: Tally(*counts) for level, counts in self.by_level.items()}
        stats.longest_wins, stats.longest_losses = self.longest
        return stats

    def to_json(self) -> str:
        """Plain JSON text of the tally."""
        return json.dumps(self.__dict__, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> _Tally:
        """The tally kept as :meth:`to_json` wrote it (a fresh one if it does not read)."""
        tally = cls()
        try:
            data = json.loads(text)
            if isinstance(data, dict) and set(data) == set(tally.__dict__):
                tally.__dict__.update(data)
        except ValueError:
            pass
        return tally


__all__ = ["DRAW", "LEVELS", "LOSS", "PlayerStats", "Tally", "WIN", "player_stats"]
