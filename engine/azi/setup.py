"""The start of an Azi game (azi.md §1, §2, §5): antes or azi buy-ins, deal, trump, discards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import AZI_DECK, HIDDEN, NUM_RANKS
from ..core import Event
from .constants import (
    ALL_IN_EVENT,
    ANTE,
    AZI_DECLINED,
    AZI_JOINED,
    BUY_IN,
    DISCARD,
    DISCARDED,
    GAME_STARTED,
    JOIN_AZI,
    SAT_OUT,
    SHUFFLED,
    SIX_ON_STAGE,
    TRUMP,
)
from .events import DEALT as DEALT_EVENTS
from .tricks import six_of_trumps, six_on_stage_applies

if TYPE_CHECKING:
    from ..shuffle import Dealer

_new_event = tuple.__new__


class SetupMixin:
    """Game start of :class:`engine.azi.AziSession` (state lives in the session)."""

    if TYPE_CHECKING:  # what this part uses of its host, AziSession (for mypy only: a real
        # attribute or stub method here would shadow the host's in the MRO)
        num_players: int
        dealer: Dealer
        ante: int
        cards_dealt: int
        blind_bets: bool
        azi_buy_in: bool
        history: list[Event]
        stock: list[int]
        deal_order: list[int] | None
        buy_in_queue: list[int]
        _seats_from: tuple[tuple[int, ...], ...]
        _ante_events: list[Event]
        stacks: list[int]
        out: list[bool]
        stakes: list[int]
        in_game: list[bool]
        all_in: list[bool]
        sitting_out: list[bool]
        looked: list[bool]
        discards: list[int]
        hands: list[list[int]]
        game_number: int
        last_winner: int
        phase: str
        to_move: int | None
        bank: int
        carried: int
        first_bidder: int
        anchor: int
        trump_card: int
        trump_suit: int
        six_on_stage: bool
        buy_in_price: int
        deal_seed: str | None
        deal_commitment: str | None

        def _reset_game(self, keep_bank: bool) -> None: ...
        def _emit(self, kind: str, seat: int = -1, cards: tuple[int, ...] = (), amount: int = 0,
                  target: int = -1, private: bool = False) -> None: ...
        def _pay(self, seat: int, chips: int) -> int: ...
        def _begin_bidding(self) -> None: ...
    else:
        # Not seen by mypy, which would check the host's attributes against these empty slots.
        __slots__ = ()

    def _start_game(self, azi_players: list[int] | None) -> None:
        """Begin the next game: a fresh one with antes, or the azi game of ``azi_players``."""
        self.game_number += 1
        self._reset_game(keep_bank=azi_players is not None)
        self._emit(GAME_STARTED, -1, (), self.game_number)
        if azi_players is None:
            self._collect_antes()
        else:
            self._ask_azi_buy_ins(azi_players)

    def _anchor(self, candidates: list[int]) -> int:
        """The seat bidding starts from: left of the last winner, else one drawn at random."""
        if self.last_winner >= 0:
            return (self.last_winner + 1) % self.num_players
        return self.dealer.draw_seat(candidates)

    def _collect_antes(self) -> None:
        stacks, out, ante, n = self.stacks, self.out, self.ante, self.num_players
        plays = [not out[s] and stacks[s] >= ante for s in range(n)]
        if plays.count(True) < 2:
            # Fewer than two can pay the full ante: everyone with chips plays for what he has,
            # otherwise the session could never end.
            plays = [not x for x in out]
        self.anchor = self._anchor([s for s in range(n) if plays[s]])
        self.first_bidder = first = next(s for s in self._seats_from[self.anchor] if plays[s])
        history, in_game, stakes = self.history, self.in_game, self.stakes
        for s in self._seats_from[first]:
            if plays[s]:
                if stacks[s] >= ante:
                    chips, event = ante, self._ante_events[s]
                else:
                    chips = stacks[s]
                    event = _new_event(Event, (ANTE, s, (), chips, -1, False))
                stacks[s] -= chips
                stakes[s] += chips
                self.bank += chips
                in_game[s] = True
                history.append(event)
                if stacks[s] == 0:
                    self.all_in[s] = True
                    self._emit(ALL_IN_EVENT, s, (), 0, 0)
            elif not out[s]:
                self.sitting_out[s] = True
                self._emit(SAT_OUT, s)
        self._deal()

    def _ask_azi_buy_ins(self, azi_players: list[int]) -> None:
        """Trick takers play free; every other player with chips may buy in for half the bank."""
        price = (self.carried + 1) // 2
        self.buy_in_price = price
        self.anchor = self._anchor(sorted(azi_players))
        queue = []
        for s in self._seats_from[self.anchor]:
            if s in azi_players:
                self.in_game[s] = True
                if self.stacks[s] == 0:
                    self.all_in[s] = True
                    self._emit(ALL_IN_EVENT, s, (), 0, 0)
            elif self.out[s]:
                continue
            elif self.azi_buy_in and self.stacks[s] >= price:
                queue.append(s)
            else:
                self.sitting_out[s] = True
                self._emit(SAT_OUT, s)
        self.buy_in_queue = queue
        if queue:
            self.phase = BUY_IN
            self.to_move = queue[0]
        else:
            self._seat_first_bidder_and_deal()

    def _apply_buy_in(self, action: int) -> None:
        s = self.buy_in_queue.pop(0)
        if action == JOIN_AZI:
            self._pay(s, self.buy_in_price)
            self.in_game[s] = True
            self._emit(AZI_JOINED, s, (), self.buy_in_price)
            if self.stacks[s] == 0:
                self.all_in[s] = True
                self._emit(ALL_IN_EVENT, s, (), 0, 0)
        else:
            self.sitting_out[s] = True
            self._emit(AZI_DECLINED, s, (), self.buy_in_price)
        if self.buy_in_queue:
            self.to_move = self.buy_in_queue[0]
        else:
            self._seat_first_bidder_and_deal()

    def _seat_first_bidder_and_deal(self) -> None:
        self.first_bidder = next(s for s in self._seats_from[self.anchor] if self.in_game[s])
        self._deal()

    def _deal(self) -> None:
        """Shuffle, deal one card at a time clockwise from the first bidder, turn up the trump."""
        deal = self.dealer.deal(AZI_DECK)
        order = deal.order
        self.deal_order = list(order)
        self.deal_seed, self.deal_commitment = deal.seed_hex, deal.commitment
        self._emit(SHUFFLED, -1, (), self.game_number)
        # A blind player has not seen his cards: his "dealt" events hide them even from him.
        shown = HIDDEN if self.blind_bets else None
        seats = [s for s in self._seats_from[self.first_bidder] if self.in_game[s]]
        hands, dealt_events = self.hands, DEALT_EVENTS
        dealt = []
        k = 0
        for _ in range(self.cards_dealt):
            for s in seats:
                card = order[k]
                k += 1
                hands[s].append(card)
                dealt.append(dealt_events[s][card if shown is None else shown])
        self.history.extend(dealt)
        emit = self._emit
        for s in seats:
            hands[s].sort()
            self.looked[s] = shown is None
        self.trump_card = trump = order[k]
        self.trump_suit = trump // NUM_RANKS
        self.stock = list(order[k + 1:])
        emit(TRUMP, -1, (trump,))
        if six_on_stage_applies(trump):
            self.six_on_stage = True
            emit(SIX_ON_STAGE, -1, (six_of_trumps(self.trump_suit),))
        if self.cards_dealt == 4:
            self.phase = DISCARD
            self.to_move = self.first_bidder
        else:
            self._begin_bidding()

    def _apply_discard(self, card: int) -> None:
        """Discards go one at a time, face down, clockwise from the first bidder."""
        s: int = self.to_move  # type: ignore[assignment]  # a seat: legal actions were offered
        self.hands[s].remove(card)
        self.discards[s] = card
        self._emit(DISCARDED, s, (card,), 0, -1, True)
        for t in self._seats_from[s]:
            if self.in_game[t] and len(self.hands[t]) == self.cards_dealt:
                self.to_move = t
                return
        self._begin_bidding()
