"""A series of Durak games (rules, Scoring): +1 win to the first player out, +1 loss to the Durak.

The first game's dealer is drawn from that game's sealed deal seed (so the record proves the
draw); after that the deal passes clockwise, as the cards go round at a real table (the rules
say nothing of it). Every game is shuffled by the series' dealer (``SecureDealer`` in play, an
injected one for replays and tests).
"""

from __future__ import annotations

from typing import Any

from ..dealers import dealer_from_json
from ..shuffle import Dealer, SecureDealer
from .game import DurakGame


class DurakSeries:
    """Games one after another at one table, with a running count of wins and losses."""

    def __init__(self, num_players: int, dealer: Dealer | None = None,
                 first_dealer: int | None = None) -> None:
        """``first_dealer`` None draws the first dealer from the first deal's seed."""
        self.num_players = num_players
        self.dealer = dealer if dealer is not None else SecureDealer()
        self.results: list[dict[str, Any]] = []  # result() of every finished, archived game
        self.game = DurakGame.new(num_players, self.dealer, first_dealer)

    @property
    def game_number(self) -> int:
        """1 for the first game of the series, and so on."""
        return len(self.results) + 1

    def _scored(self) -> list[dict[str, Any]]:
        """Results of archived games plus the current one once it is over."""
        return self.results + [self.game.result()] if self.game.is_over() else self.results

    @property
    def wins(self) -> list[int]:
        """Per seat: games in which that seat was the first out."""
        wins = [0] * self.num_players
        for r in self._scored():
            if r["first_out"] is not None:
                wins[r["first_out"]] += 1
        return wins

    @property
    def losses(self) -> list[int]:
        """Per seat: games in which that seat was the Durak."""
        losses = [0] * self.num_players
        for r in self._scored():
            if r["durak"] is not None:
                losses[r["durak"]] += 1
        return losses

    def next_game(self) -> DurakGame:
        """Archive the finished game and deal the next one, the deal passing clockwise."""
        if not self.game.is_over():
            raise ValueError("the current game is not over yet")
        self.results.append(self.game.result())
        self.game = DurakGame.new(self.num_players, self.dealer,
                                  (self.game.dealer + 1) % self.num_players)
        return self.game

    def to_json(self, keep_events: int | None = None) -> dict[str, Any]:
        """Plain JSON data (the dealer's state included, so it is a save file, not an observation).

        ``keep_events`` cuts the current game's history (see ``DurakGame.to_json``).
        """
        return {"num_players": self.num_players, "dealer": self.dealer.to_json(),
                "results": self.results, "game": self.game.to_json(keep_events)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DurakSeries:
        """Inverse of :meth:`to_json`."""
        series = cls.__new__(cls)
        series.num_players = data["num_players"]
        series.dealer = dealer_from_json(data["dealer"])
        series.results = [dict(r) for r in data["results"]]
        series.game = DurakGame.from_json(data["game"])
        return series
