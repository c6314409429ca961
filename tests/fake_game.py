"""A made-up third game, "High two", to show that the tools run any registered game.

Rules: six cards (ints 0..5, higher is better); each of 2 or 3 seats is dealt two. In turn,
from seat 0, each seat lays one of its cards face up, twice round the table; the highest total
laid wins (a shared highest total is a draw). Everything else a real game has, it has too: a
committed deal revealed at the end, observations with a history of dicts, JSON round trips.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.core import Event, Game
from engine.registry import GameRules, register, unregister
from engine.shuffle import Deal, Dealer

NAME = "high_two"
DECK = tuple(range(6))
HAND = 2


class HighTwo(Game):
    """The state of one game of High two."""

    def __init__(self, num_players: int, deal: Deal) -> None:
        self.num_players = num_players
        self.deal = deal
        self.hands = [sorted(deal.order[s * HAND:(s + 1) * HAND]) for s in range(num_players)]
        self.laid: list[list[int]] = [[] for _ in range(num_players)]
        self.history: list[Event] = [Event("dealt", s, tuple(self.hands[s]), private=True)
                                     for s in range(num_players)]
        self.to_move: int | None = 0

    @classmethod
    def new(cls, num_players: int, options: dict[str, Any], dealer: Dealer) -> HighTwo:
        """Shuffle and deal two cards to each seat."""
        if not 2 <= num_players <= 3:
            raise ValueError("High two is for 2 or 3 players")
        return cls(num_players, dealer.deal(DECK))

    def legal_actions(self) -> list[int]:
        """The cards in the hand of the seat to move."""
        return [] if self.to_move is None else list(self.hands[self.to_move])

    def _apply(self, action: int) -> list[Event]:
        seat = self.to_move
        assert seat is not None
        self.hands[seat].remove(action)
        self.laid[seat].append(action)
        events = [Event("laid", seat, (action,))]
        left = sum(map(len, self.hands))
        self.to_move = None if left == 0 else (seat + 1) % self.num_players
        if self.to_move is None:
            events.append(Event("game_over", -1, (), max(map(sum, self.laid))))
        self.history += events
        return events

    def explain_illegal(self, action: int) -> str:
        """Why ``action`` cannot be laid now."""
        return "the game is over" if self.to_move is None else f"card {action} is not in the hand"

    def observation(self, seat: int | None, history: bool = True) -> dict[str, Any]:
        """Own hand, every hand's size, every laid card, and (with ``history``) the history as
        this seat saw it (dicts); seat None: what everybody may know."""
        from engine.core import event_seen_by

        data = {"game": NAME, "seat": seat, "num_players": self.num_players,
                "to_move": self.to_move, "hand": list(self.hands[seat]) if seat is not None else [],
                "hand_sizes": [len(h) for h in self.hands],
                "laid": [list(cards) for cards in self.laid]}
        if history:
            data["history"] = [event_seen_by(e, seat).to_json() for e in self.history]
        return data

    def action_text(self, action: int) -> str:
        """"lay 4"."""
        return f"lay {action}"

    def result(self) -> dict[str, Any]:
        """Totals, the winner (None for a draw) and the deal, revealed once over."""
        over = self.to_move is None
        totals = [sum(cards) for cards in self.laid]
        best = [s for s, t in enumerate(totals) if t == max(totals)]
        return {"game": NAME, "over": over, "totals": totals,
                "winner": best[0] if over and len(best) == 1 else None,
                "commitment": self.deal.commitment,
                "seed": self.deal.seed_hex if over else None,
                "deck_order": list(self.deal.order) if over else None}

    def returns(self) -> list[float]:
        """+1 to the winner, -1/(n-1) to each other seat; all 0 before the end or in a draw."""
        winner = self.result()["winner"]
        if winner is None:
            return [0.0] * self.num_players
        return [1.0 if s == winner else -1.0 / (self.num_players - 1)
                for s in range(self.num_players)]

    def to_json(self) -> dict[str, Any]:
        """The whole state as plain JSON data."""
        return {"game": NAME, "num_players": self.num_players, "deal": self.deal.to_json(),
                "hands": [list(h) for h in self.hands], "laid": [list(c) for c in self.laid],
                "history": [e.to_json() for e in self.history], "to_move": self.to_move}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HighTwo:
        """Inverse of :meth:`to_json`."""
        game = cls(data["num_players"], Deal.from_json(data["deal"]))
        game.hands = [list(h) for h in data["hands"]]
        game.laid = [list(c) for c in data["laid"]]
        game.history = [Event.from_json(e) for e in data["history"]]
        game.to_move = data["to_move"]
        return game

    def clone(self) -> HighTwo:
        """An independent copy."""
        return HighTwo.from_json(self.to_json())


class HighestCardPlayer:
    """Lays its highest card (the only computer player High two needs)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, observation: dict[str, Any], legal: list[int]) -> int:
        """The highest legal card."""
        return max(legal)


def _revealed(game: Game) -> list[tuple[str | None, str | None, tuple[int, ...]]]:
    result = game.result()
    if not result["over"]:
        return []
    return [(result["commitment"], result["seed"], tuple(result["deck_order"]))]


def _seat_results(options: dict[str, Any], result: dict[str, Any],
                  n: int) -> tuple[list[int | None], list[str], None]:
    """The highest total wins, the others lose; a draw when no total is alone at the top."""
    totals = result.get("totals") or [0] * n
    winner = result.get("winner")
    places: list[int | None] = [1 + sum(t > mine for t in totals) for mine in totals]
    outcomes = ["draw" if winner is None else "win" if s == winner else "loss" for s in range(n)]
    return places, outcomes, None


_CARDS = {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": len(DECK) - 1}}
RECORD_SCHEMA = {  # what a High two record holds beyond the shared envelope
    "options": {"type": "object", "required": ["num_players"], "additionalProperties": False,
                "properties": {"num_players": {"type": "integer", "minimum": 2, "maximum": 3}}},
    "result": {"type": "object", "required": ["over", "totals"],
               "properties": {"totals": {"type": "array", "items": {"type": "integer"}},
                              "deck_order": {"anyOf": [{"type": "null"}, _CARDS]}}},
}

RULES = GameRules(
    name=NAME, game_class=HighTwo, deck=DECK, min_players=2, max_players=3, default_options={},
    new=HighTwo.new, from_json=HighTwo.from_json,
    record_options=lambda game: {"num_players": game.num_players},
    revealed_deals=_revealed,
    replay_start=lambda options, dealer, version: HighTwo.new(options["num_players"], {}, dealer),
    result_deals=lambda result: [(result.get("commitment"), result.get("seed"),
                                  tuple(result.get("deck_order") or ()))],
    draw_claims=lambda options, result: [], seat_results=_seat_results,
    record_schema=RECORD_SCHEMA)


@contextmanager
def high_two_registered() -> Iterator[GameRules]:
    """High two in the game registry and the AI's players while the block runs."""
    import ai.base

    register(RULES)
    ai.base.register_players(NAME, lambda level, rng, budget: HighestCardPlayer(rng))
    try:
        yield RULES
    finally:
        unregister(NAME)
        ai.base.unregister_players(NAME)
