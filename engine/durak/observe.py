"""What a Durak game shows: a seat's observation (rules, Information), the result, the returns."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .events import seen_by
from .tables import OVER, THROW_IN, cards_of

if TYPE_CHECKING:
    from .game import DurakGame


def observation(game: DurakGame, seat: int | None, history: bool = True) -> dict[str, Any]:
    """What ``seat`` may know (rules, Information); ``None`` = a shared screen, no hand shown.
    Without ``history`` the events are left out (a LAN host sends only the new ones: copying
    the whole history for every seat after every move was a tenth of its time)."""
    if seat is not None and not 0 <= seat < game.num_players:
        raise ValueError(f"no seat {seat} at a table of {game.num_players}")
    in_game = game.in_game
    data: dict[str, Any] = {
        "game": "durak",
        "seat": seat,
        "num_players": game.num_players,
        "dealer": game.dealer,
        "to_move": game.to_move,
        "hand": [] if seat is None else cards_of(game.hands[seat]),
        "hand_sizes": [h.bit_count() for h in game.hands],
        "trump_suit": game.trump_suit,
        "trump_card": game.trump_card,
        "trump_card_taken": game.trump_taken,
        "talon_size": len(game._talon) - game._talon_at,
        "table": table_pairs(game),
        "attacker": game.attacker,
        "defender": game.defender,
        "taking": game.taking,
        "attack_limit": game.limit,
        "passed": list(game.order[:game.ask]) if game.phase == THROW_IN else [],
        "discard": cards_of(game.discard),
        "finished": game.finished[:],
        "active": [s for s in range(game.num_players) if in_game[s]],
        "known": [cards_of(k) for k in game.known],
    }
    if history:
        data["history"] = history_for(game, seat)
    return data


def seat_part(game: DurakGame, seat: int) -> dict[str, Any]:
    """The keys of ``seat``'s observation that differ from seat to seat (every other key every
    seat sees alike: a LAN host builds those once per move for all its seats)."""
    return {"seat": seat, "hand": cards_of(game.hands[seat])}


def history_for(game: DurakGame, seat: int | None) -> list[dict[str, Any]]:
    """This game's events as ``seat`` saw them, as plain dicts (the observation is JSON
    data), extended incrementally (history only grows)."""
    seen = game._seen.get(seat)
    if seen is None:
        seen = game._seen[seat] = []
    history = game.history
    for i in range(len(seen), len(history)):
        seen.append(seen_by(history[i], seat).to_json())
    return [dict(e) for e in seen]


def result(game: DurakGame) -> dict[str, Any]:
    """Places in finishing order, the Durak (None for a draw), and the deal revealed once over.

    After a draw by repetition the players still holding cards share the last place: each
    gets the place after the last player out (ties ranked as 1, 2, 2).
    """
    over = game.phase == OVER
    places: list[int | None] = [None] * game.num_players
    for place, seat in enumerate(game.finished, 1):
        places[seat] = place
    repetition = game.drawn_by_repetition
    if over and game.durak is not None:
        places[game.durak] = game.num_players
    elif repetition:
        for seat in range(game.num_players):
            if game.in_game[seat]:
                places[seat] = len(game.finished) + 1
    deal = game.deal
    return {
        "game": "durak",
        "over": over,
        "finishing_order": game.finished[:],
        "places": places,
        "first_out": game.finished[0] if game.finished else None,
        "durak": game.durak,
        "draw": over and game.durak is None,
        "repetition": repetition,
        "commitment": deal.commitment if deal else None,
        "seed": deal.seed_hex if deal and over else None,  # revealed only after the game
        "deck_order": list(deal.order) if deal and over else None,
    }


def returns(game: DurakGame) -> list[float]:
    """Per seat: -1 for the Durak, 1/(n-1) for every other seat (a zero sum); all 0 while
    the game runs or when it ends without a Durak."""
    if game.phase != OVER or game.durak is None:
        return [0.0] * game.num_players
    share = 1.0 / (game.num_players - 1)
    return [-1.0 if seat == game.durak else share for seat in range(game.num_players)]


def table_pairs(game: DurakGame) -> list[list[int]]:
    """``[[attack, defence or -1], …]`` in the order attacks were made."""
    # Before any take, cards alternate attack, defence; every card after the first unbeaten
    # attack (the one the defender took on) is an attack.
    table = game.table
    beaten = len(table) - game.num_attacks
    return ([[table[i], table[i + 1]] for i in range(0, 2 * beaten, 2)]
            + [[c, -1] for c in table[2 * beaten:]])
