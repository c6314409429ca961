"""An Azi session as data: what a seat may see of it, its plain JSON form and back (checked
first, engine/state_checks.py), and the cheap copy the AI's search makes. The session's own
methods (engine/azi/__init__.py) hand over to these functions."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

# The module, not its names: engine.state_checks imports engine.azi (so this module) while it
# loads, and its names exist only once it has (a Durak save loaded first met that circle).
from .. import state_checks
from ..cards import HIDDEN
from ..core import Event
from ..dealers import dealer_from_json
from .options import AziOptions
from .state import CARD_LISTS, SCALARS, SEAT_LISTS, SessionState

if TYPE_CHECKING:
    from . import AziSession

def copy_games(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A copy of the per-game results that shares no list with the original."""
    return [{k: list(v) if isinstance(v, list) else v for k, v in g.items()} for g in games]


PUBLIC_OUTCOME = ("game", "winner", "azi", "at_once", "bank", "paid", "stakes", "tricks_won",
                  "leader", "carried_in", "six_on_stage", "trump_card", "first_bidder")


def _public_outcome(game: dict[str, Any]) -> dict[str, Any]:
    """What every player saw of a finished game: who took the bank and what was paid."""
    return {k: list(game[k]) if isinstance(game[k], list) else game[k] for k in PUBLIC_OUTCOME}


def _history_seen_by(history: list[Event], seat: int | None) -> list[dict[str, Any]]:
    """The events as JSON, other seats' private cards hidden (what ``event_seen_by`` does)."""
    seen = []
    for kind, who, cards, amount, target, private in history:
        if private and who != seat:
            cards = (HIDDEN,) * len(cards)
        seen.append({"kind": kind, "seat": who, "cards": list(cards), "amount": amount,
                     "target": target, "private": private})
    return seen


def observation(self: SessionState, seat: int | None, history: bool = True) -> dict[str, Any]:
    """Plain JSON data holding only what ``seat`` may know (azi.md §7); ``None`` = a shared
    screen: no hand, no laid-away card; without ``history`` the events are left out."""
    if seat is not None and not 0 <= seat < self.num_players:
        raise ValueError(f"no seat {seat} at a table of {self.num_players}")
    own = seat is not None and self.looked[seat]
    data: dict[str, Any] = {
        "game": "azi", "seat": seat, "num_players": self.num_players, "to_move": self.to_move,
        "game_number": self.game_number, "options": dict(self._options_json),
        "phase": self.phase,
        "hand": list(self.hands[seat]) if seat is not None and own else [],
        "laid_away": self.discards[seat] if seat is not None else -1,
        "hand_sizes": [len(h) for h in self.hands], "looked": list(self.looked),
        "stacks": list(self.stacks), "bank": self.bank, "stakes": list(self.stakes),
        "carried": self.carried, "bids": list(self.bids), "highest_bid": self.highest_bid,
        "highest_bidder": self.highest_bidder, "raises": list(self.raises),
        "in_game": list(self.in_game), "folded": list(self.folded),
        "all_in": list(self.all_in), "sitting_out": list(self.sitting_out),
        "out": list(self.out), "first_bidder": self.first_bidder, "leader": self.leader,
        "trump_card": self.trump_card, "trump_suit": self.trump_suit,
        "six_on_stage": self.six_on_stage, "trick": [list(p) for p in self.trick],
        "tricks_won": list(self.tricks_won), "ante": self.ante, "min_bet": self.min_bet,
        "min_raise": self.min_raise,
        # Counts of face-down cards everyone sees lying on the table (rules §7).
        "stock_size": len(self.stock), "discards_laid": sum(d >= 0 for d in self.discards),
        "taken_sizes": [len(t) for t in self.taken], "buy_in_price": self.buy_in_price,
        "games": [_public_outcome(g) for g in self.games],
    }
    if history:
        data["history"] = _history_seen_by(self.history, seat)
    return data


def to_json(self: SessionState) -> dict[str, Any]:
    """Everything in the state as plain JSON data; ``from_json`` restores it exactly."""
    data: dict[str, Any] = {"options": dict(self._options_json),
                            "dealer": self.dealer.to_json()}
    for name in SEAT_LISTS:
        data[name] = list(getattr(self, name))
    for name in SCALARS:
        data[name] = getattr(self, name)
    for name in CARD_LISTS:
        data[name] = [list(cards) for cards in getattr(self, name)]
    data["trick"] = [list(p) for p in self.trick]
    data["stock"] = list(self.stock)
    data["deal_order"] = None if self.deal_order is None else list(self.deal_order)
    data["buy_in_queue"] = list(self.buy_in_queue)
    data["games"] = copy_games(self.games)
    data["history"] = [e.to_json() for e in self.history]
    return data

def from_json(cls: type[AziSession], data: dict[str, Any]) -> AziSession:
    """Inverse of :meth:`to_json`; raises ValueError, saying why, for data that breaks the
    rules (a card in two places, chips that do not add up, a seat out of range …)."""
    state_checks.need(isinstance(data, dict) and "options" in data and "dealer" in data,
                      "saved Azi state: the options and the dealer are missing")
    options = AziOptions.from_json(data["options"])
    state_checks.check_azi_state(data, options.num_players, options.starting_stack)
    with state_checks.rebuilt("saved Azi state"):
        self: Any = cls.__new__(cls)  # filled slot by slot below
        self._set_options(options)
        self.dealer = dealer_from_json(data["dealer"])
        for name in SEAT_LISTS:
            setattr(self, name, list(data[name]))
        for name in SCALARS:
            setattr(self, name, data[name])
        for name in CARD_LISTS:
            setattr(self, name, [list(cards) for cards in data[name]])
        self.trick = [list(p) for p in data["trick"]]
        self.stock = list(data["stock"])
        self.deal_order = None if data["deal_order"] is None else list(data["deal_order"])
        self.buy_in_queue = list(data["buy_in_queue"])
        self.games = copy_games(data["games"])
        self.history = [Event.from_json(e) for e in data["history"]]
        self._legal = None
        self._spill, self._mark = [], 0
        self._legal = self._compute_legal()  # a state that cannot say its moves is damaged
    return self

def clone(self: SessionState) -> AziSession:
    """An independent copy (its own dealer too), cheap enough for search."""
    o: Any = type(self).__new__(type(self))
    # Settings: shared, never changed.
    o.options, o._options_json = self.options, self._options_json
    o._seats_from, o._ante_events = self._seats_from, self._ante_events
    o.num_players, o.ante, o.min_bet, o.min_raise = (self.num_players, self.ante, self.min_bet,
                                                     self.min_raise)
    o.cards_dealt, o.blind_bets = self.cards_dealt, self.blind_bets
    o.azi_buy_in = self.azi_buy_in
    o.dealer = copy.copy(self.dealer)
    # Per-seat lists.
    o.stacks, o.out, o.stakes = self.stacks[:], self.out[:], self.stakes[:]
    o.in_game, o.folded, o.all_in = self.in_game[:], self.folded[:], self.all_in[:]
    o.sitting_out, o.looked, o.discards = self.sitting_out[:], self.looked[:], self.discards[:]
    o.bids, o.raises, o.tricks_won = self.bids[:], self.raises[:], self.tricks_won[:]
    o.hands = [h[:] for h in self.hands]
    o.taken = [t[:] for t in self.taken]
    # Scalars.
    o.game_number, o.last_winner, o.winner = self.game_number, self.last_winner, self.winner
    o.stop_requested, o.phase, o.to_move = self.stop_requested, self.phase, self.to_move
    o.bank, o.carried = self.bank, self.carried
    o.highest_bid, o.highest_bidder = self.highest_bid, self.highest_bidder
    o.first_bidder, o.anchor, o.leader = self.first_bidder, self.anchor, self.leader
    o.tricks_played, o.trump_card, o.trump_suit = (self.tricks_played, self.trump_card,
                                                   self.trump_suit)
    o.six_on_stage, o.buy_in_price = self.six_on_stage, self.buy_in_price
    o.deal_seed, o.deal_commitment = self.deal_seed, self.deal_commitment
    # Game lists: event tuples, game records and the deal order are never changed in place.
    o.trick = [p[:] for p in self.trick]
    o.stock, o.buy_in_queue = self.stock[:], self.buy_in_queue[:]
    o.deal_order, o.games, o.history = self.deal_order, self.games[:], self.history[:]
    o._legal, o._spill, o._mark = self._legal, [], 0
    return o
