"""Small game records for the history tests: real played games, and made-up results."""

from __future__ import annotations

import random

from engine.durak import DurakGame
from engine.record import DealRecord, GameRecord, record_of
from engine.shuffle import SecureDealer


def played_durak(players: int = 3, seed: int = 1) -> GameRecord:
    """A real Durak game, random legal moves, sealed deal: its record verifies."""
    game = DurakGame.new(players, SecureDealer(), dealer_seat=0)
    rng = random.Random(seed)
    actions = []
    while not game.is_over():
        action = rng.choice(game.legal_actions())
        game.apply(action)
        actions.append(action)
    return record_of(game, actions, ["Anna", "Boris", "Vera", "Gleb", "Dina", "Egor"][:players])


def durak_result(names: list[str], order: list[int], durak: int | None,
                 tag: str) -> GameRecord:
    """A made-up Durak record: seats ``order`` got out in that order, ``durak`` was left."""
    n = len(names)
    places: list[int | None] = [None] * n
    for place, seat in enumerate(order, 1):
        places[seat] = place
    if durak is not None:
        places[durak] = n
    result = {"game": "durak", "over": True, "finishing_order": order, "places": places,
              "durak": durak, "draw": durak is None, "commitment": tag, "seed": None,
              "deck_order": None}
    return GameRecord("durak", {"num_players": n, "dealer_seat": 0}, names,
                      [DealRecord(tag, None, ())], [], result)


def azi_result(names: list[str], stacks: list[int], start: int, tag: str) -> GameRecord:
    """A made-up Azi session record that ended with ``stacks`` (each began with ``start``)."""
    options = {"num_players": len(names), "starting_stack": start, "ante": 10, "cards_dealt": 3}
    result = {"over": True, "winner": -1, "stopped": True, "stacks": stacks, "game_number": 1,
              "games": []}
    return GameRecord("azi", options, names, [DealRecord(tag, None, ())], [], result)
