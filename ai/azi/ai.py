"""Azi computer players: Easy, Normal and Hard, each seeing only its seat's observation.

Every decision goes through ``choose(observation, legal)`` with an injected ``random.Random``;
the players keep nothing between calls, so a decision depends on the observation, the legal
actions and the random stream alone (the honesty tests re-deal every hidden card and check).

Easy      plays like a beginner: counts trumps and high cards to bet, calls what looks cheap,
          leads high, and slips now and then.
Normal    judges every bid by its expected value over guessed deals (``betting``), stays
          blind only when that pays, discards by strength and plays sound heuristic cards.
Hard      as Normal, but weighs the guessed deals by how likely they make the opponents' bets
          (``reading``), models opponents keeping their best three of four cards, values
          its discard by playouts, and plays each card by solving the remaining tricks exactly
          in every guessed deal (``solver``), taking the card with the best average.

Hard's ``time_budget`` (seconds, default 0.5) sets how many deals it guesses, through fixed
rates, so the same seed always gives the same decision; the clock only stops a search that
runs past twice the budget after its minimum work, to keep the table responsive.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from ai import thinking_clock
from engine.azi.bidding import chips_to_reach
from engine.azi.constants import (
    ALL_IN,
    BET_BASE,
    BIDDING,
    BUY_IN,
    CALL,
    DISCARD,
    FOLD,
    JOIN_AZI,
    LOOK,
    SKIP_AZI,
    TRICKS,
)
from engine.cards import ACE, KING, NUM_RANKS, make_card

from .betting import Bid, BidJudge, candidates
from .deals import Deal, sample_deal
from .play import easy_card, normal_card, playout, strength
from .reading import CAUTIOUS, RAISE_EDGE, bet_likelihood, plausible, redraw
from .solver import AZI_SHARE, TrickSolver
from .strength import weakest_of, win_chance
from .view import AziView, read_view

HARD_DEFAULT_BUDGET = 0.5
NORMAL_DEALS = 48  # deals Normal guesses per bid: ~10–25 ms in pure Python
HARD_BID_RATE = 600  # deals judged per second of budget when bidding (~25% of it in CPU)
# A close bid is judged again over more deals, up to this many per second of budget (by the
# players at the table: a deal costs more to judge with more opponents). Measured at 0.2 s and
# 3 players: a bid over this many deals takes ~0.1 s of CPU, well within the budget.
HARD_BID_MAX_RATE = {2: 4000, 3: 3000, 4: 2400, 5: 2000, 6: 1600}
CLOSE_Z = 2.0  # a bid is close when the best leads another by less than this many standard errors
HARD_POOL = 3  # Hard guesses this many times more deals than it keeps, then redraws by weight
HARD_SOLVE_RATE = {2: 1800, 3: 750, 4: 300, 5: 90, 6: 45}  # solved deals per second, first trick
MIN_DEALS = 8
PLAUSIBLE_TRIES = 8
# A blind seat puts at most this share of its chips in before it looks. Blind bets cost half,
# so unseen raises look cheap to the bid judge; at a full table that fed a raising war that
# ended all-in on the first hand. Looking is free, so a big stake is always bet seen.
BLIND_STAKE_SHARE = 0.08
# Normal reads nothing into the opponents' bets, so a raising war looks like pot odds to it:
# beyond this share of its chips it stays in only with a strong hand (Hard reads the bets).
COMMIT_SHARE = 0.25


class AziPlayer:
    """The shared skeleton: read the observation, dispatch on the phase."""

    def __init__(self, rng: random.Random, time_budget: float | None = None) -> None:
        self.rng = rng
        self.time_budget = time_budget

    def choose(self, observation: dict[str, Any], legal: list[int]) -> int:
        """One of ``legal`` for the seat the observation belongs to."""
        if len(legal) == 1:
            return legal[0]
        decide = {BUY_IN: self.buy_in, DISCARD: self.discard, BIDDING: self.bid, TRICKS: self.card}
        return decide[observation["phase"]](read_view(observation), legal)

    # --- the azi buy-in (azi.md §5) ---------------------------------------------------------
    def buy_in(self, view: AziView, legal: list[int]) -> int:
        """Join the azi only when a fair share of the bank is worth the price."""
        o = view.obs
        price = (o["carried"] + 1) // 2
        players = sum(o["in_game"]) + 1
        # An equal chance among equals, before any card is seen.
        share = (o["bank"] + price) / players
        return JOIN_AZI if share > price else SKIP_AZI

    # --- the 4-card deal's discard ----------------------------------------------------------
    def discard(self, view: AziView, legal: list[int]) -> int:
        """Throw away the card the hand misses least."""
        return weakest_of(view.hand, view.ctx)

    # --- bidding ----------------------------------------------------------------------------
    def bid(self, view: AziView, legal: list[int]) -> int:
        """Fold, call, raise or look (subclasses)."""
        raise NotImplementedError

    # --- tricks ------------------------------------------------------------------------------
    def card(self, view: AziView, legal: list[int]) -> int:
        """The sound heuristic card."""
        trick = [c for _, c in view.trick]
        after = len(view.order) - len(trick) - 1
        return normal_card(view.hand, trick, after, view.ctx, set(view.unseen()))


class EasyAzi(AziPlayer):
    """A beginner's rules of thumb, with slips."""

    def buy_in(self, view: AziView, legal: list[int]) -> int:
        """A beginner hopes: joins a cheap azi now and then."""
        price = (view.obs["carried"] + 1) // 2
        cheap = price <= view.obs["stacks"][view.seat] // 10
        return JOIN_AZI if cheap and self.rng.random() < 0.3 else SKIP_AZI

    def discard(self, view: AziView, legal: list[int]) -> int:
        """Throw away the lowest card."""
        return min(view.hand, key=lambda c: strength(c, view.ctx))

    def bid(self, view: AziView, legal: list[int]) -> int:
        """A beginner counts trumps and high cards, calls what looks cheap, raises on two trumps."""
        o = view.obs
        if view.blind and LOOK in legal and self.rng.random() < 0.5:
            return LOOK
        trump, top = view.ctx
        trumps = sum(1 for c in view.hand if c // NUM_RANKS == trump)
        highs = sum(1 for c in view.hand if c // NUM_RANKS != trump and c % NUM_RANKS >= KING)
        big = trumps >= 2 or top in view.hand or make_card(ACE, trump) in view.hand
        if view.blind:  # nothing seen: a hunch
            big, trumps = self.rng.random() < 0.2, int(self.rng.random() < 0.6)
        raises = [a for a in legal if a >= BET_BASE]
        if raises and big and self.rng.random() < 0.7:
            return raises[0]
        keen = trumps + highs >= 1
        if CALL in legal:
            cost = chips_to_reach(o["highest_bid"], o["bids"][view.seat], view.blind)
            cheap = cost <= o["stacks"][view.seat] // 5
            return CALL if keen and cheap else FOLD
        if raises and keen:
            return raises[0]  # open at the minimum
        if ALL_IN in legal and big:
            return ALL_IN
        return FOLD

    def card(self, view: AziView, legal: list[int]) -> int:
        """Lead high, follow with the cheapest winner, else throw the lowest."""
        return easy_card(view.hand, [c for _, c in view.trick], view.ctx, self.rng)


class NormalAzi(AziPlayer):
    """Expected-value betting over uniformly guessed deals; sound heuristic play."""

    raise_sizes = 3
    reraises = False  # expect strong opponents to raise back (measured to cost chips)
    refolds = False  # ... and folds a hand not worth matching them
    guards_commitment = True  # Hard reads the bets instead (azi_reading)

    def deals(self, view: AziView, count: int) -> list[Deal]:
        """``count`` guesses of the hidden hands, each redrawn (a few times at most) until it
        does not plainly contradict the opponents' bets."""
        out = []
        for _ in range(count):
            for _ in range(PLAUSIBLE_TRIES):
                deal = sample_deal(view, self.rng)
                if plausible(view, deal):
                    break
            out.append(deal)
        return out

    def bid_deals(self, view: AziView) -> list[Deal]:
        """The guesses a bid is judged over."""
        return self.deals(view, NORMAL_DEALS)

    def bid(self, view: AziView, legal: list[int]) -> int:
        """The bid worth most in chips; a blind seat looks when looking is worth more."""
        deals = self.bid_deals(view)
        judge = BidJudge(view, deals, view.blind, self.reraises, self.refolds)
        bids = self.bid_candidates(view, legal)
        values = judge.expected(bids)
        return self.look_or(view, legal, judge, bids, values)

    def bid_candidates(self, view: AziView, legal: list[int]) -> list[Bid]:
        """The bids worth judging: a blind seat keeps its stake small, Normal guards its chips."""
        bids = candidates(view, legal, view.blind, self.raise_sizes)
        if view.blind and LOOK in legal:
            bids = [b for b in bids if b.action == FOLD or within_blind_cap(view, b)] or bids[:1]
        elif self.guards_commitment and not view.blind:
            bids = [b for b in bids if b.action == FOLD or committable(view, b)] or bids[:1]
        return bids

    def look_or(self, view: AziView, legal: list[int], judge: BidJudge, bids: list[Bid],
                values: dict[int, float]) -> int:
        """The best of the judged bids, or a look when that is worth more to a blind seat."""
        best = _best_bid(bids, values)
        # Looking is free, and folding unseen is never better than looking first.
        if view.blind and LOOK in legal and (best.action == FOLD
                                             or judge.look_value() > values[best.action]):
            return LOOK
        return best.action


class HardAzi(NormalAzi):
    """Reads bets, models discards, and solves the tricks exactly in every guessed deal."""

    # Up to a raise of two banks: measured paired (session 6, seed 107, 900 single games at
    # 0.2 s) +7.8 chips a game [+0.5, +15.1] over raises of at most one bank; a strong hand
    # takes more from the callers, in small banks as in big ones.
    raise_sizes = 5
    # Expecting strong opponents to raise back (and matching them) was measured to cost Hard
    # about 2 chips a game against Normal, on two sets of matches (seeds 1 and 7, paired).
    reraises = False
    guards_commitment = False
    reading = CAUTIOUS  # what the opponents' bets say about their hands
    bid_rate = HARD_BID_RATE
    loose_raises = 0.0  # with reraises: the share of guesses where a small stake raises back

    def __init__(self, rng: random.Random, time_budget: float | None = None) -> None:
        self.budget: float = HARD_DEFAULT_BUDGET if time_budget is None else time_budget
        super().__init__(rng, self.budget)
        self._started = 0.0

    def _opponents_throw_away(self, view: AziView) -> Callable[[Sequence[int]], int] | None:
        """With the 4-card deal, how an opponent picks the card he throws away."""
        if view.obs["options"].get("cards_dealt", 3) != 4:
            return None
        return lambda cards: weakest_of(cards, view.ctx)

    def deals(self, view: AziView, count: int) -> list[Deal]:
        """Guesses redrawn in proportion to how well they explain the opponents' bets."""
        throw_away = self._opponents_throw_away(view)
        pool = [sample_deal(view, self.rng, throw_away) for _ in range(count * HARD_POOL)]
        weights = [bet_likelihood(view, d, self.reading) for d in pool]
        return redraw(pool, weights, count, self.rng)

    def bid_deals(self, view: AziView) -> list[Deal]:
        """More guesses than Normal, as the budget allows."""
        return self.deals(view, max(MIN_DEALS, int(self.budget * self.bid_rate)))

    def bid(self, view: AziView, legal: list[int]) -> int:
        """As Normal, but a close call is judged again over twice the guesses, and again, up to
        the budget's share for the table's size: the time goes where the decision is close."""
        bids = self.bid_candidates(view, legal)
        most = int(self.budget * HARD_BID_MAX_RATE[min(max(len(view.order), 2), 6)])
        deals: list[Deal] = []
        per_deal: dict[int, list[float]] = {b.action: [] for b in bids}
        more = self.bid_deals(view)
        while True:
            judge = self._judge(view, more)
            for b in bids:
                per_deal[b.action] += [judge.value(b, i) for i in range(len(more))]
            deals += more
            values = {a: statistics.fmean(v) for a, v in per_deal.items()}
            if len(deals) >= most or self._overrun() or not _close(bids, per_deal, values):
                judge = self._judge(view, deals)
                return self.look_or(view, legal, judge, bids, values)
            more = self.deals(view, min(len(deals), most - len(deals)))

    def _judge(self, view: AziView, deals: list[Deal]) -> BidJudge:
        return BidJudge(view, deals, view.blind, self.reraises, self.refolds, self.loose_raises)

    def choose(self, observation: dict[str, Any], legal: list[int]) -> int:
        """As every player, with a clock started for the overrun guard."""
        self._started = thinking_clock.now()
        return super().choose(observation, legal)

    def _overrun(self) -> bool:
        return thinking_clock.now() - self._started > 2 * self.budget

    def discard(self, view: AziView, legal: list[int]) -> int:
        """Keep the three cards that win most often in playouts against guessed hands."""
        count = max(MIN_DEALS, int(self.budget * self.bid_rate) // 2)
        me = view.seat
        seats = [s for s in view.order if s != me]
        unseen = view.unseen()
        leader = view.obs["first_bidder"]
        players = sorted(view.order, key=lambda s: (s - leader) % view.num_players)
        totals = {c: 0.0 for c in view.hand}
        for _ in range(count):
            cards = self.rng.sample(unseen, 4 * len(seats))
            hands = {}
            for i, s in enumerate(seats):
                four = cards[4 * i:4 * i + 4]
                four.remove(weakest_of(four, view.ctx))  # a sensible opponent's discard
                hands[s] = tuple(sorted(four))
            for card in view.hand:
                hands[me] = tuple(c for c in view.hand if c != card)
                winner, wins = playout([hands[s] for s in players], 0, [0] * len(players), [],
                                       view.ctx, view.gone | {card})
                mine = players.index(me)
                totals[card] += (winner == mine) + (AZI_SHARE if winner < 0 and wins[mine] else 0.0)
        return max(view.hand, key=lambda c: (totals[c], -c))

    def card(self, view: AziView, legal: list[int]) -> int:
        """The card with the best average value when the rest is solved exactly in each guess."""
        trick_leader = view.trick[0][0] if view.trick else view.seat
        n = view.num_players
        seats = sorted(view.order, key=lambda s: (s - trick_leader) % n)
        m = len(seats)
        rate = HARD_SOLVE_RATE[min(max(m, 2), 6)] * (4 - len(view.hand))  # later tricks are cheaper
        count = max(MIN_DEALS, int(self.budget * rate))
        deals = self.deals(view, count)
        me = seats.index(view.seat)
        solver = TrickSolver(view.ctx, me, m)
        wins = tuple(view.tricks_won[s] for s in seats)
        trick = tuple(c for _, c in view.trick)
        totals = {c: 0.0 for c in legal}
        solved: dict[tuple, dict[int, float]] = {}
        for done, deal in enumerate(deals):
            if done >= MIN_DEALS and self._overrun():
                break
            hands = tuple(tuple(view.hand) if s == view.seat else deal[s] for s in seats)
            values = solved.get(hands)
            if values is None:
                values = solved[hands] = solver.card_values(hands, 0, wins, trick)
            for c in legal:
                totals[c] += values.get(c, 0.0)
        best = max(totals.values())
        tied = [c for c in legal if totals[c] >= best - 1e-9]
        if len(tied) > 1:
            sound = super().card(view, legal)
            return sound if sound in tied else tied[0]
        return tied[0]


def within_blind_cap(view: AziView, bid: Bid) -> bool:
    """True when ``bid`` keeps a blind seat's stake within ``BLIND_STAKE_SHARE`` of its chips."""
    o, me = view.obs, view.seat
    if bid.action == ALL_IN:
        return False
    chips = o["stacks"][me] + o["stakes"][me]
    return o["stakes"][me] + bid.cost <= max(o["ante"] + o["min_bet"], BLIND_STAKE_SHARE * chips)


def committable(view: AziView, bid: Bid) -> bool:
    """True when ``bid`` keeps the stake within ``COMMIT_SHARE`` of the chips, or the hand is
    strong."""
    o, me = view.obs, view.seat
    chips = o["stacks"][me] + o["stakes"][me]
    if o["stakes"][me] + bid.cost <= COMMIT_SHARE * chips:
        return True
    players = len(view.order)
    return win_chance(view.hand, view.ctx, players, bid.leader == me) >= RAISE_EDGE / players


def _close(bids: list[Bid], per_deal: dict[int, list[float]], values: dict[int, float]) -> bool:
    """True when the best bid's lead over some other bid, deal by deal, is within ``CLOSE_Z``
    standard errors: more guesses could change the choice."""
    best = _best_bid(bids, values).action
    n = len(per_deal[best])
    if n < 2:
        return False
    for b in bids:
        if b.action == best:
            continue
        diffs = [x - y for x, y in zip(per_deal[best], per_deal[b.action])]
        lead = statistics.fmean(diffs)
        spread = statistics.stdev(diffs)
        if lead < CLOSE_Z * spread / math.sqrt(n):
            return True
    return False


def _best_bid(bids: list[Bid], values: dict[int, float]) -> Bid:
    """The most valuable bid; on a near tie the cheaper one (less variance for nothing)."""
    best = bids[0]
    for b in bids[1:]:
        if values[b.action] > values[best.action] + 1e-9:
            best = b
    return best


def make_azi_player(level: str, rng: random.Random, time_budget: float | None = None) -> AziPlayer:
    """The Azi computer player of ``level`` ("easy", "normal" or "hard")."""
    players = {"easy": EasyAzi, "normal": NormalAzi, "hard": HardAzi}
    if level not in players:
        raise ValueError(f"unknown Azi AI level {level!r}")
    return players[level](rng, time_budget)
