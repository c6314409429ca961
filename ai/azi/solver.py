"""Exact play of the (at most three) tricks of one Azi deal when every hand is known.

Hard plays the card that does best across many guessed deals; in each guess the hands are
open, so the rest of the game is a small perfect-information tree. Several players each play
for themselves, so the tree is solved *max-n*: at every turn the player to move picks the card
that is best for himself, given how everybody plays after him. A player wins the deal with
two tricks (value 1); in an azi the three trick takers each keep a stake in the next game
(value ``azi_share``); everything else is worth 0. When a card is equally good for the player
to move, he is assumed to pick the one worst for the searching player (cautious), and among
equals still, the lowest card.

Two cards of one hand whose ranks have no card of the same suit still in play between them
(in another hand or on the table) lead to the same outcome, so only one is searched; and a
player who can force a win needs to look no further. Both keep the result exact
(``tests/test_ai_azi_solver.py`` checks it against plain enumeration).

Positions are indexes into ``hands`` in playing (clockwise) order, not table seats.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import NUM_RANKS

from .tricks import Context, follow_options, order_key, winning_index

AZI_SHARE = 0.3  # roughly one chance in three at a bank carried into the next game
Hands = tuple[tuple[int, ...], ...]


class TrickSolver:
    """Solves the tricks of one open deal for the player at position ``root``."""

    def __init__(self, ctx: Context, root: int, num_positions: int,
                 azi_share: float = AZI_SHARE) -> None:
        self.ctx = ctx
        self.root = root
        self.m = num_positions
        self.azi_share = azi_share
        self._win = [tuple(1.0 if i == w else 0.0 for i in range(num_positions))
                     for w in range(num_positions)]

    def value(self, hands: Hands, leader: int, wins: Sequence[int],
              trick: Sequence[int] = ()) -> tuple[float, ...]:
        """The value to every position of the deal from here, everyone playing for himself."""
        return self._node(tuple(tuple(h) for h in hands), leader, tuple(wins), tuple(trick))

    def card_values(self, hands: Hands, leader: int, wins: Sequence[int],
                    trick: Sequence[int] = ()) -> dict[int, float]:
        """For each card the player to move (who must be ``root``) may play: its value to him."""
        hands = tuple(tuple(h) for h in hands)
        trick, wins = tuple(trick), tuple(wins)
        pos = (leader + len(trick)) % self.m
        led = trick[0] // NUM_RANKS if trick else -1
        options = follow_options(hands[pos], led, self.ctx[0])
        values: dict[int, float] = {}
        for group in self._groups(options, hands, pos, trick):
            v = self._after(hands, leader, wins, trick, pos, group[0])[pos]
            for card in group:
                values[card] = v
        return values

    # --- the search -----------------------------------------------------------------------
    def _node(self, hands: Hands, leader: int, wins: tuple[int, ...],
              trick: tuple[int, ...]) -> tuple[float, ...]:
        pos = (leader + len(trick)) % self.m
        led = trick[0] // NUM_RANKS if trick else -1
        options = follow_options(hands[pos], led, self.ctx[0])
        best: tuple[float, ...] | None = None
        root = self.root
        for group in self._groups(options, hands, pos, trick):
            vec = self._after(hands, leader, wins, trick, pos, group[0])
            if (best is None or vec[pos] > best[pos]
                    or (vec[pos] == best[pos] and vec[root] < best[root])):
                best = vec
                if vec[pos] >= 1.0:
                    break  # he wins the deal: no other card can do better for him
        return best  # type: ignore[return-value]

    def _after(self, hands: Hands, leader: int, wins: tuple[int, ...], trick: tuple[int, ...],
               pos: int, card: int) -> tuple[float, ...]:
        hand = tuple(c for c in hands[pos] if c != card)
        hands = hands[:pos] + (hand,) + hands[pos + 1:]
        trick = trick + (card,)
        if len(trick) < self.m:
            return self._node(hands, leader, wins, trick)
        taker = (leader + winning_index(trick, self.ctx)) % self.m
        if wins[taker] == 1:
            return self._win[taker]
        wins = wins[:taker] + (1,) + wins[taker + 1:]
        if not hands[0]:  # three tricks, three takers: azi
            return tuple(self.azi_share if w else 0.0 for w in wins)
        return self._node(hands, taker, wins, ())

    def _groups(self, options: list[int], hands: Hands, pos: int,
                trick: tuple[int, ...]) -> list[list[int]]:
        """Split the options into runs that no card still in play separates (same outcome)."""
        ctx = self.ctx
        live: set[int] = set(trick)
        for i, h in enumerate(hands):
            if i != pos:
                live.update(h)
        keyed = sorted(options, key=lambda c: (c // NUM_RANKS, order_key(c, ctx)))
        groups: list[list[int]] = []
        for card in keyed:
            if groups:
                prev = groups[-1][-1]
                if prev // NUM_RANKS == card // NUM_RANKS and not _separated(prev, card, live, ctx):
                    groups[-1].append(card)
                    continue
            groups.append([card])
        # Search groups in the order of their lowest card, as plain enumeration would meet them.
        groups.sort(key=lambda g: min(g))
        for g in groups:
            g.sort()
        return groups


def _separated(low: int, high: int, live: set[int], ctx: Context) -> bool:
    """True when a live card of the same suit ranks strictly between ``low`` and ``high``."""
    suit = low // NUM_RANKS
    k_low, k_high = order_key(low, ctx), order_key(high, ctx)
    return any(c // NUM_RANKS == suit and k_low < order_key(c, ctx) < k_high for c in live)
