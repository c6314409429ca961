"""Azi states built from explicit parts: stacked positions for tests, guessed deals for the AI."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import AZI_DECK, NUM_RANKS
from ..core import Event
from ..shuffle import Dealer, SeededDealer
from .constants import BIDDING, BUY_IN, DISCARD, TRICK_WON, TRICKS
from .options import AziOptions
from .tricks import six_on_stage_applies

if TYPE_CHECKING:
    from . import AziSession

_PHASES = (BUY_IN, DISCARD, BIDDING, TRICKS)


def build_session(cls: type[AziSession], options: AziOptions, hands: Sequence[Sequence[int]],
                  trump_card: int, *, phase: str = BIDDING, dealer: Dealer | None = None,
                  stacks: Sequence[int] | None = None, stakes: Sequence[int] | None = None,
                  carried: int = 0, in_game: Sequence[bool] | None = None,
                  folded: Sequence[bool] | None = None, all_in: Sequence[bool] | None = None,
                  looked: Sequence[bool] | None = None, bids: Sequence[int] | None = None,
                  raises: Sequence[int] | None = None, highest_bid: int = 0,
                  highest_bidder: int = -1, first_bidder: int = 0, leader: int = -1,
                  to_move: int | None = None, trick: Sequence[Sequence[int]] = (),
                  tricks_won: Sequence[int] | None = None,
                  taken: Sequence[Sequence[int]] | None = None,
                  discards: Sequence[int] | None = None, out: Sequence[bool] | None = None,
                  sitting_out: Sequence[bool] | None = None, game_number: int = 1,
                  last_winner: int = -1, buy_in_queue: Sequence[int] | None = None,
                  history: Sequence[Event] = ()) -> AziSession:
    """A session in the middle of a game, from the parts given; the rest takes plain defaults.

    ``hands`` lists every seat's cards (empty for a seat not dealt in). Defaults: the seats
    holding cards are in the game (minus ``folded``); each paid the ante plus its bid (half,
    rounded up, while blind); stacks are the starting stack minus that; cards in no hand,
    trick, taken pile or discard are the stock. ``to_move`` defaults to the next seat due
    (the first bidder's turn, the player after the last card of the trick, or ``leader``
    at the first lead). The deal after this game comes from ``dealer`` (a SeededDealer
    by default). Raises ValueError when a card is in two places.
    """
    if phase not in _PHASES:
        raise ValueError(f"phase must be one of {', '.join(_PHASES)}, not {phase!r}")
    self = cls._blank(options, dealer if dealer is not None else SeededDealer(b"azi-from-parts"))
    n = self.num_players
    if len(hands) != n:
        raise ValueError(f"give a hand for each of the {n} seats")
    self.game_number, self.last_winner, self.phase = game_number, last_winner, phase
    self.hands = [sorted(h) for h in hands]
    self.folded = list(folded) if folded is not None else [False] * n
    if in_game is None:
        in_game = [bool(h) and not f for h, f in zip(hands, self.folded)]
    self.in_game = list(in_game)
    dealt = [self.in_game[s] or self.folded[s] for s in range(n)]
    self.out = list(out) if out is not None else [False] * n
    self.sitting_out = (list(sitting_out) if sitting_out is not None
                        else [not dealt[s] and not self.out[s] for s in range(n)])
    blind_now = options.blind_bets and phase == BIDDING
    self.looked = (list(looked) if looked is not None
                   else [not (blind_now and dealt[s]) for s in range(n)])
    self.bids = list(bids) if bids is not None else [0] * n
    self.raises = list(raises) if raises is not None else [0] * n
    self.tricks_won = list(tricks_won) if tricks_won is not None else [0] * n
    self.tricks_played = sum(self.tricks_won)
    self.taken = [list(t) for t in taken] if taken is not None else [[] for _ in range(n)]
    self.discards = list(discards) if discards is not None else [-1] * n
    self.trick = [list(p) for p in trick]
    if stakes is None:
        stakes = [(options.ante + (self.bids[s] if self.looked[s] else (self.bids[s] + 1) // 2))
                  if dealt[s] else 0 for s in range(n)]
    self.stakes = list(stakes)
    self.bank = sum(self.stakes)
    self.carried = carried
    self.stacks = (list(stacks) if stacks is not None
                   else [max(0, options.starting_stack - self.stakes[s]) for s in range(n)])
    self.all_in = (list(all_in) if all_in is not None
                   else [self.in_game[s] and self.stacks[s] == 0 for s in range(n)])
    self.highest_bid, self.highest_bidder = highest_bid, highest_bidder
    self.first_bidder, self.anchor, self.leader = first_bidder, first_bidder, leader
    self.trump_card = trump_card
    self.trump_suit = trump_card // NUM_RANKS if trump_card >= 0 else -1
    self.six_on_stage = trump_card >= 0 and six_on_stage_applies(trump_card)
    self.buy_in_queue = list(buy_in_queue) if buy_in_queue is not None else []
    self.buy_in_price = (carried + 1) // 2
    self.history = list(history)
    placed = [c for h in self.hands for c in h] + [c for _, c in self.trick]
    placed += [c for t in self.taken for c in t] + [c for c in self.discards if c >= 0]
    placed += [trump_card] if trump_card >= 0 else []
    if len(set(placed)) != len(placed) or not set(placed) <= set(AZI_DECK):
        raise ValueError("every card must be in exactly one place, and be one of 0..26")
    self.stock = [c for c in AZI_DECK if c not in set(placed)]
    self.to_move = to_move if to_move is not None else _next_due(self)
    return self


def _next_due(game: AziSession) -> int:
    n = game.num_players
    if game.phase == BUY_IN:
        if not game.buy_in_queue:
            raise ValueError("a buy-in phase needs the buy_in_queue of seats still to be asked")
        return game.buy_in_queue[0]
    if game.phase == TRICKS:
        if game.trick:
            last = game.trick[-1][0]
            return next((last + k) % n for k in range(1, n) if game.in_game[(last + k) % n])
        if game.tricks_played:
            raise ValueError("say who leads this trick: pass to_move")
        if game.leader < 0:
            raise ValueError("a trick phase needs the leader (who won the lead)")
        return game.leader
    due = [(game.first_bidder + k) % n for k in range(n)]
    if game.phase == DISCARD:
        return next(s for s in due if game.in_game[s] and len(game.hands[s]) == game.cards_dealt)
    top = game.highest_bid
    return next(s for s in due if game.in_game[s] and not game.all_in[s]
                and (top == 0 or game.bids[s] < top))


def session_from_observation(cls: type[AziSession], observation: dict[str, Any],
                             hands: Sequence[Sequence[int]],
                             dealer: Dealer | None = None) -> AziSession:
    """A full state matching ``observation`` in everything public, with ``hands`` as the deal.

    For the AI's search: it guesses the hidden hands, builds the state and plays it out.
    Unknown to the observer and so left out: other seats' discards (their cards go to the
    stock) and who won the last game (the next game's first bidder is drawn by ``dealer``).
    """
    o = observation
    if o["phase"] not in _PHASES:
        raise ValueError("the session is over: there is nothing to search")
    n = o["num_players"]
    queue: list[int] = []
    if o["phase"] == BUY_IN:
        start = o["to_move"]
        queue = [(start + k) % n for k in range(n)
                 if not (o["in_game"][(start + k) % n] or o["sitting_out"][(start + k) % n]
                         or o["out"][(start + k) % n])]
    taken: list[list[int]] = [[] for _ in range(n)]
    for e in o["history"]:  # the tricks taken were played face up: every seat saw them
        if e["kind"] == TRICK_WON:
            taken[e["seat"]].extend(e["cards"])
    game = build_session(
        cls, AziOptions.from_json(o["options"]), hands, o["trump_card"], phase=o["phase"],
        taken=taken,
        dealer=dealer, stacks=o["stacks"], stakes=o["stakes"], carried=o["carried"],
        in_game=o["in_game"], folded=o["folded"], all_in=o["all_in"], looked=o["looked"],
        bids=o["bids"], raises=o["raises"], highest_bid=o["highest_bid"],
        highest_bidder=o["highest_bidder"], first_bidder=o["first_bidder"], leader=o["leader"],
        to_move=o["to_move"], trick=o["trick"], tricks_won=o["tricks_won"], out=o["out"],
        sitting_out=o["sitting_out"], game_number=o["game_number"], buy_in_queue=queue,
        history=[Event.from_json(e) for e in o["history"]])
    if o["phase"] == BUY_IN:
        game.anchor = o["to_move"]
    game.games = [dict(g) for g in o.get("games", ())]  # the public outcomes: no seeds, no decks
    if o["phase"] == BUY_IN and o.get("stock_size") == 0:
        game.stock = []  # the azi questions come before the deal: no stock is out yet
    return game
