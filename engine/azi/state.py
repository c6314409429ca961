"""What an Azi session holds: its slots and their types (the rules are AziSession's methods)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Event
from .bidding import Legal
from .options import AziOptions

if TYPE_CHECKING:
    from ..shuffle import Dealer

# Per-seat lists saved by to_json, and scalars, in one place so JSON and clone stay in step.
SEAT_LISTS = ("stacks", "out", "stakes", "in_game", "folded", "all_in", "sitting_out", "looked",
              "discards", "bids", "raises", "tricks_won")
SCALARS = ("game_number", "last_winner", "winner", "stop_requested", "phase", "to_move", "bank",
           "carried", "highest_bid", "highest_bidder", "first_bidder", "anchor", "leader",
           "tricks_played", "trump_card", "trump_suit", "six_on_stage", "buy_in_price",
           "deal_seed", "deal_commitment")
CARD_LISTS = ("hands", "taken")  # per seat, a list of cards


class SessionState:
    """The data of :class:`engine.azi.AziSession`, as slots (cheap to copy for search)."""

    __slots__ = (("options", "num_players", "dealer", "ante", "min_bet", "min_raise", "cards_dealt",
                  "blind_bets", "azi_buy_in", "games", "history", "trick", "stock", "deal_order",
                  "buy_in_queue", "_legal", "_spill", "_mark", "_options_json", "_seats_from",
                  "_ante_events")
                 + SEAT_LISTS + SCALARS + CARD_LISTS)
    # The slots' types: annotations only, since a value here would clash with the slot.
    options: AziOptions
    num_players: int
    dealer: Dealer
    ante: int
    min_bet: int
    min_raise: int
    cards_dealt: int
    blind_bets: bool
    azi_buy_in: bool
    games: list[dict[str, Any]]
    history: list[Event]
    trick: list[list[int]]  # [seat, card] pairs in the order played
    stock: list[int]
    deal_order: list[int] | None
    buy_in_queue: list[int]
    _legal: Legal | None  # the cache of _compute_legal(), None when the state changed
    _spill: list[Event]
    _mark: int
    _options_json: dict[str, Any]
    _seats_from: tuple[tuple[int, ...], ...]  # CLOCKWISE[num_players]
    _ante_events: list[Event]
    # SEAT_LISTS
    stacks: list[int]
    out: list[bool]
    stakes: list[int]
    in_game: list[bool]
    folded: list[bool]
    all_in: list[bool]
    sitting_out: list[bool]
    looked: list[bool]
    discards: list[int]
    bids: list[int]
    raises: list[int]
    tricks_won: list[int]
    # SCALARS
    game_number: int
    last_winner: int
    winner: int
    stop_requested: bool
    phase: str
    to_move: int | None
    bank: int
    carried: int
    highest_bid: int
    highest_bidder: int
    first_bidder: int
    anchor: int
    leader: int
    tricks_played: int
    trump_card: int
    trump_suit: int
    six_on_stage: bool
    buy_in_price: int
    deal_seed: str | None
    deal_commitment: str | None
    # CARD_LISTS
    hands: list[list[int]]
    taken: list[list[int]]
