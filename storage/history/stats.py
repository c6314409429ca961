"""Statistics of one player in one game, computed from the history database.

A player is a seat name (any case). The numbers are those of the Statistics screen: games,
wins, losses, draws, the Durak rate (Durak: how often he was left the Durak), the average place,
Azi chips won over time, results against each computer level at the table, and the longest
runs of wins and of losses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
        """Durak: the share of games he was left the Durak (None for Azi or no games)."""
        if self.game != "durak" or not self.games:
            return None
        return self.total.losses / self.games

    @property
    def chips_won(self) -> int:
        """Azi: chips won (negative: lost) over all sessions."""
        return self.chips[-1][1] if self.chips else 0


def player_stats(history: History, name: str, game: str) -> PlayerStats:
    """The statistics of ``name`` in ``game`` (``"durak"`` or ``"azi"``)."""
    rows = history.conn.execute(
        "SELECT g.started_at, s.outcome, s.place, s.chips, "
        "  (SELECT group_concat(DISTINCT o.level) FROM seats o "
        "   WHERE o.game_id = g.id AND o.seat != s.seat AND o.kind = 'ai') "
        "FROM seats s JOIN games g ON g.id = s.game_id "
        "WHERE s.name = ? COLLATE NOCASE AND g.game = ? ORDER BY g.started_at, g.id",
        (name, game)).fetchall()
    stats = PlayerStats(name, game)
    places, chips = [], 0
    run_outcome, run = None, 0
    for started_at, outcome, place, won, levels in rows:
        stats.total.count(outcome)
        if place is not None:
            places.append(place)
        if game == "azi" and won is not None:
            chips += won
            stats.chips.append((started_at, chips))
        for level in (levels or "").split(","):
            if level:
                stats.by_level.setdefault(level, Tally()).count(outcome)
        run = run + 1 if outcome == run_outcome else 1
        run_outcome = outcome
        if outcome == WIN:
            stats.longest_wins = max(stats.longest_wins, run)
        elif outcome == LOSS:
            stats.longest_losses = max(stats.longest_losses, run)
    if places:
        stats.average_place = sum(places) / len(places)
    return stats


__all__ = ["DRAW", "LEVELS", "LOSS", "PlayerStats", "Tally", "WIN", "player_stats"]
