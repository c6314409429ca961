"""Betting by expected value: what each bid is worth in chips, judged over guessed deals.

For every candidate (fold, call, all-in, a few raise sizes) and every guessed deal, the
opponents who still have to put chips in decide as a sound player would: stay when their
hand's chance (``strength.win_chance``) is a little more than the price they are asked,
as a share of the bank they would play for, and facing a raise only with a fair share or
better (optionally a strong hand raises back: measured to cost chips, so Hard leaves it off).
Whoever stays plays the tricks out with the heuristic (the raiser leads); the deal is worth
the bank when we win, ``AZI_SHARE`` of it when it ends in an azi in which we took a trick,
minus what we put in now. Folding is worth 0: the chips already in the bank are gone either
way. Everybody folding to a raise hands us the bank at once.

A blind seat's own hand is guessed like the others'; it stays blind only while betting at
half price with an unknown hand is worth more than looking and betting at full price.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.azi.bidding import chips_to_reach
from engine.azi.constants import ALL_IN, BET_BASE, CALL, FOLD, MAX_RAISES

from .deals import Deal
from .play import playout
from .reading import CALL_MARGIN, RAISE_EDGE, STAY_SHARE
from .solver import AZI_SHARE
from .strength import win_chance
from .view import AziView

LOOSE_COMMIT = 0.25  # a raise back on any hand stakes at most this share of the raiser's chips
_GOLDEN, _SILVER = 0.6180339887, 0.4142135624  # spread the loose raise-backs evenly over guesses


@dataclass(frozen=True)
class Bid:
    """A bidding candidate: its action, the chips it costs now, the level to match, who leads."""

    action: int
    cost: int
    level: int
    leader: int  # the seat that leads if the bidding ends here


def candidates(view: AziView, legal: Sequence[int], blind: bool, max_raises: int = 5) -> list[Bid]:
    """Fold, call or all-in when legal, and up to ``max_raises`` raise sizes spread over the
    bank."""
    o = view.obs
    me = view.seat
    bid, stack = o["bids"][me], o["stacks"][me]
    top, top_seat = o["highest_bid"], o["highest_bidder"]
    out = []
    if FOLD in legal:
        out.append(Bid(FOLD, 0, top, top_seat))
    if CALL in legal:
        out.append(Bid(CALL, chips_to_reach(top, bid, blind), top, top_seat))
    if ALL_IN in legal:
        out.append(Bid(ALL_IN, stack, top, top_seat if top_seat >= 0 else me))
    levels = [a - BET_BASE for a in legal if a >= BET_BASE]
    for level in _spread(levels, top, o["bank"], max_raises):
        out.append(Bid(BET_BASE + level, chips_to_reach(level, bid, blind), level, me))
    return out


def _spread(levels: list[int], top: int, bank: int, count: int) -> list[int]:
    """The smallest raise, then levels near a quarter, half, one and two banks above the top."""
    if not levels:
        return []
    chosen = [levels[0]]
    for fraction in (0.25, 0.5, 1.0, 2.0)[:max(0, count - 1)]:
        target = top + fraction * bank
        nearest = min(levels, key=lambda L: abs(L - target))
        if nearest not in chosen:
            chosen.append(nearest)
    return sorted(chosen)


class BidJudge:
    """Values the candidates over a list of guessed deals (each a dict seat -> hand)."""

    def __init__(self, view: AziView, deals: Sequence[Deal], blind: bool, reraises: bool = False,
                 refolds: bool = False, loose_raises: float = 0.0) -> None:
        self.view = view
        self.deals = deals
        self.blind = blind
        o = view.obs
        self.o = o
        self.me = view.seat
        self.n = view.num_players
        self.players = list(view.order)
        self.reraises = reraises  # expect strong opponents to raise back (Hard)
        self.refolds = refolds  # raised back, fold a hand not worth the price (else always match)
        self.loose_raises = loose_raises  # with reraises: share of cheap raise-backs on anything
        self._after_me = sorted((s for s in self.players if s != self.me),
                                key=lambda s: (s - self.me) % self.n)
        self._equity: list[dict[tuple[frozenset[int], int], tuple[float, float]]] = [
            {} for _ in deals]

    def hands_of(self, deal: Deal) -> dict[int, tuple[int, ...]]:
        """Every hand in the game for one guess: ours (seen or guessed) and the opponents'."""
        hands = dict(deal)
        if self.me not in hands:
            hands[self.me] = tuple(self.view.hand)
        return hands

    def value(self, bid: Bid, deal_index: int) -> float:
        """Chips won (relative to folding now) by ``bid`` in one guessed deal."""
        if bid.action == FOLD:
            return 0.0
        o, me, ctx = self.o, self.me, self.view.ctx
        hands = self.hands_of(self.deals[deal_index])
        bank = o["bank"] + bid.cost
        cost = bid.cost
        leader = bid.leader
        players = len(self.players)
        stayers = []
        raised = bid.level > o["highest_bid"] > 0  # facing a raise, players want a better hand
        for s in self._after_me:
            need = (chips_to_reach(bid.level, o["bids"][s], not o["looked"][s])
                    if bid.level > o["bids"][s] else 0)
            if o["all_in"][s] or need <= 0:
                stayers.append(s)
                continue
            need = min(need, o["stacks"][s])
            chance = win_chance(hands[s], ctx, players, s == leader)
            loose = leader == me and self._raises_loosely(s, need, deal_index)
            if not loose and (chance < need / (bank + need) + CALL_MARGIN
                              or (raised and chance * players < STAY_SHARE)):
                continue  # he folds
            stayers.append(s)
            bank += need
            if (self.reraises and leader == me and o["raises"][s] < MAX_RAISES
                    and (loose or chance >= RAISE_EDGE / players)
                    and o["stacks"][s] >= need + o["min_raise"]):
                # A strong hand takes the lead back by the smallest raise, and we match it.
                step = o["min_raise"]
                extra = chips_to_reach(bid.level + step, bid.level, self.blind)
                if self.refolds and (win_chance(hands[me], ctx, players, False)
                                     < extra / (bank + step + extra) + CALL_MARGIN):
                    return float(-cost)  # we give up what we bet rather than pay more
                if cost + extra <= o["stacks"][me]:
                    leader = s
                    bank += step + extra
                    cost += extra
        if not stayers:
            return float(o["bank"])  # everyone folds: the bank is ours (our bet comes back)
        win, azi = self._play(deal_index, hands, frozenset(stayers), leader)
        payout = bank
        if cost >= o["stacks"][me]:  # all-in: only a share of the bank can come back
            mine = o["stakes"][me] + cost
            highest = max([mine] + [o["stakes"][s]
                                    + (bid.level - o["bids"][s] if s in stayers else 0)
                                    for s in self.players if s != me])
            payout = bank * min(1.0, mine / highest) if highest else bank
        return win * payout + azi * AZI_SHARE * bank - cost

    def _raises_loosely(self, seat: int, need: int, deal_index: int) -> bool:
        """True when ``seat`` raises back whatever his hand in this guess: in a ``loose_raises``
        share of the guesses, while the raise would stake at most ``LOOSE_COMMIT`` of his chips
        (the guesses picked by a fixed spread over the deal index, independent of the cards)."""
        o = self.o
        if not (self.reraises and self.loose_raises) or o["raises"][seat] >= MAX_RAISES:
            return False
        chips = o["stacks"][seat] + o["stakes"][seat]
        if o["stakes"][seat] + need + o["min_raise"] > LOOSE_COMMIT * chips:
            return False
        return ((deal_index + 1) * _GOLDEN + seat * _SILVER) % 1.0 < self.loose_raises

    def _play(self, deal_index: int, hands: dict[int, tuple[int, ...]], stayers: frozenset[int],
              leader: int) -> tuple[float, float]:
        """(won, azi with a trick taken) for us when ``stayers`` and we play the tricks out."""
        key = (stayers, leader)
        memo = self._equity[deal_index]
        if key not in memo:
            seats = sorted(stayers | {self.me}, key=lambda s: (s - leader) % self.n)  # leader first
            winner, wins = playout([hands[s] for s in seats], 0, [0] * len(seats), [],
                                   self.view.ctx, self.view.gone)
            mine = seats.index(self.me)
            memo[key] = (1.0 if winner == mine else 0.0, 1.0 if winner < 0 and wins[mine] else 0.0)
        return memo[key]

    def expected(self, bids: Iterable[Bid]) -> dict[int, float]:
        """Mean value of each candidate over the guessed deals."""
        count = len(self.deals)
        return {b.action: sum(self.value(b, i) for i in range(count)) / max(1, count) for b in bids}

    def look_value(self) -> float:
        """Roughly what looking is worth to a blind seat: the best of fold or a full-price call
        per hand."""
        o, me = self.o, self.me
        top = o["highest_bid"] or o["min_bet"]
        cost = chips_to_reach(top, o["bids"][me], False)
        players = len(self.players)
        total = 0.0
        for deal in self.deals:
            chance = win_chance(self.hands_of(deal)[me], self.view.ctx, players, False)
            total += max(0.0, chance * (o["bank"] + cost * players) - cost)
        return total / max(1, len(self.deals))
