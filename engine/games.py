"""Durak and Azi, registered with the engine's game registry (engine/registry.py).

Import the registry's questions from here (``rules_for``, ``rules_of``, ``game_names``): this
module makes sure the built-in games are registered before anyone asks.
"""

from __future__ import annotations

from typing import Any

from .azi import AziOptions, AziSession
from .azi.options import OPTION_BOUNDS
from .cards import AZI_DECK, DURAK_DECK
from .core import Event, Game
from .durak.game import MAX_PLAYERS, MIN_PLAYERS, DurakGame
from .durak.observe import seat_part as durak_seat_part
from .durak.series import DurakSeries
from .registry import (
    DRAW,
    LOSS,
    WIN,
    DrawClaim,
    GameRules,
    RevealedDeal,
    SeatResults,
    game_names,
    observation_from_json,
    register,
    rules_for,
    rules_of,
    unregister,
)
from .shuffle import Dealer

__all__ = ["GameRules", "game_names", "observation_from_json", "register", "rules_for",
           "rules_of", "unregister"]


# --- Durak: one game per record ---------------------------------------------------------------
def _durak_new(num_players: int, options: dict[str, Any], dealer: Dealer) -> Game:
    return DurakGame.new(num_players, dealer)


def _durak_record_options(game: Game) -> dict[str, Any]:
    assert isinstance(game, DurakGame)
    if not game.is_over():
        raise ValueError("a Durak record is made once the game is over: only then is the "
                         "seed revealed")
    return {"num_players": game.num_players, "dealer_seat": game.dealer,
            "dealer_drawn": game.deal is not None and game.deal.drawn_seat is not None}


def _durak_revealed(game: Game) -> list[RevealedDeal]:
    assert isinstance(game, DurakGame)
    result = game.result()
    if not result["over"] or game.deal is None:
        return []
    return [(result["commitment"], result["seed"], tuple(result["deck_order"]))]


def _durak_replay_start(options: dict[str, Any], dealer: Dealer, version: int) -> Game:
    drawn = version >= 2 and options.get("dealer_drawn")
    return DurakGame.new(options["num_players"], dealer, None if drawn else options["dealer_seat"])


def _durak_result_deals(result: dict[str, Any]) -> list[RevealedDeal] | None:
    return [(result.get("commitment"), result.get("seed"), tuple(result.get("deck_order") or ()))]


def _durak_check_options(options: dict[str, Any]) -> None:
    """A record's Durak options: the dealer sits at the table."""
    if options["dealer_seat"] >= options["num_players"]:
        raise ValueError(f"the dealer's seat {options['dealer_seat']} is not at a table of "
                         f"{options['num_players']}")


def _durak_draw_claims(options: dict[str, Any], result: dict[str, Any]) -> list[DrawClaim]:
    if not options.get("dealer_drawn"):
        return []  # the dealer was passed on from the last game (or seat 0 in version 1)
    return [(1, "dealer", options["dealer_seat"], range(options["num_players"]))]


def _durak_observation(data: dict[str, Any]) -> dict[str, Any]:
    """Durak's computer players read the history as Event tuples."""
    return {**data, "history": [Event.from_json(e) for e in data.get("history", ())]}


def _durak_seat_part(game: Game, seat: int) -> dict[str, Any]:
    assert isinstance(game, DurakGame)
    return durak_seat_part(game, seat)


def _durak_seat_results(options: dict[str, Any], result: dict[str, Any], n: int) -> SeatResults:
    """The Durak (the last player holding cards) lost, everyone who got out before won; a drawn
    game (no Durak) is a draw for the players still in it, who share the place after the last
    one out. Places are the finishing order, the Durak last."""
    places = list(result.get("places") or [None] * n)
    finished = set(result.get("finishing_order") or [])
    if result.get("draw"):
        shared = len(result.get("finishing_order") or []) + 1
        places = [shared if p is None else p for p in places]
    durak = result.get("durak")
    if durak is not None:
        outcomes = [LOSS if seat == durak else WIN for seat in range(n)]
    else:
        outcomes = [WIN if seat in finished else DRAW for seat in range(n)]
    return places, outcomes, None


DURAK = GameRules(
    name="durak", game_class=DurakGame, deck=DURAK_DECK, min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS, default_options={"series": False}, new=_durak_new,
    from_json=DurakGame.from_json, record_options=_durak_record_options,
    revealed_deals=_durak_revealed, replay_start=_durak_replay_start,
    result_deals=_durak_result_deals, draw_claims=_durak_draw_claims, series=DurakSeries,
    one_loser=True, check_options=_durak_check_options,
    engine_options=lambda options: {}, observation_from_json=_durak_observation,
    seat_results=_durak_seat_results, seat_part=_durak_seat_part)


# --- Azi: a session of games per record -------------------------------------------------------
def _azi_new(num_players: int, options: dict[str, Any], dealer: Dealer) -> Game:
    return AziSession.new(AziOptions(num_players=num_players, **options), dealer)


def _azi_record_options(game: Game) -> dict[str, Any]:
    assert isinstance(game, AziSession)
    return game.options.to_json()


def _azi_revealed(game: Game) -> list[RevealedDeal]:
    assert isinstance(game, AziSession)
    return [(g["commitment"], g["seed"], tuple(g["deck"] or ())) for g in game.games]


def _azi_replay_start(options: dict[str, Any], dealer: Dealer, version: int) -> Game:
    return AziSession.new(AziOptions.from_json(options), dealer)


def _azi_result_deals(result: dict[str, Any]) -> list[RevealedDeal] | None:
    games = result.get("games")
    if not isinstance(games, list):
        return None
    return [(g.get("commitment"), g.get("seed"), tuple(g.get("deck") or ()))
            for g in games if isinstance(g, dict)]


def _azi_draw_claims(options: dict[str, Any], result: dict[str, Any]) -> list[DrawClaim]:
    """(deal, role, seat, seats drawn from) of the Azi games played before anyone won one.

    A drawn seat always plays its game, so it is that game's first bidder. Game 1 draws among
    the players who paid the ante (a stake); an azi game among the last game's trick takers.
    """
    games = result.get("games") or []
    claims: list[DrawClaim] = []
    for index, g in enumerate(games):
        if index == 0:
            seats = [s for s, stake in enumerate(g["stakes"]) if stake > 0]
        else:
            seats = [s for s, won in enumerate(games[index - 1]["tricks_won"]) if won == 1]
        claims.append((index + 1, "first bidder", g["first_bidder"], seats or [g["first_bidder"]]))
        if g["winner"] >= 0:
            break  # from here on the seat left of the last winner starts
    return claims


def _azi_stopped_in(game: Game) -> int | None:
    assert isinstance(game, AziSession)
    return game.game_number if game.stop_requested else None


def _azi_seat_results(options: dict[str, Any], result: dict[str, Any], n: int) -> SeatResults:
    """A session is judged by chips: a seat that ends with more than it started with won, fewer
    lost, as many drew; places rank the final stacks."""
    start = int(options.get("starting_stack") or 0)
    stacks = [int(x) for x in (result.get("stacks") or [start] * n)]
    chips = [stack - start for stack in stacks]
    places: list[int | None] = [1 + sum(other > stack for other in stacks) for stack in stacks]
    outcomes = [WIN if c > 0 else LOSS if c < 0 else DRAW for c in chips]
    return places, outcomes, chips


AZI = GameRules(
    name="azi", game_class=AziSession, deck=AZI_DECK,
    min_players=OPTION_BOUNDS["num_players"].low, max_players=OPTION_BOUNDS["num_players"].high,
    default_options={"starting_stack": 1000, "ante": 10, "cards_dealt": 3, "blind_bets": False,
                     "azi_buy_in": True, "min_bet": 10, "min_raise": 10},
    new=_azi_new, from_json=AziSession.from_json, record_options=_azi_record_options,
    revealed_deals=_azi_revealed, replay_start=_azi_replay_start,
    result_deals=_azi_result_deals, draw_claims=_azi_draw_claims,
    stopped_in_game=_azi_stopped_in, sessions=True, check_options=AziOptions.from_json,
    seat_results=_azi_seat_results)

register(DURAK)
register(AZI)
