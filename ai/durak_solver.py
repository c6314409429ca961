"""Exact solver for heads-up Durak once nothing is hidden (two players, talon known or empty).

With two players left and the talon empty (or holding only the face-up trump indicator)
each player can deduce the other's hand, so the rest of the game is a perfect-information
game with three outcomes. This module searches it exactly with alpha-beta over bounds kept in
a transposition table, on its own compact representation: hands and table are card bitmasks
(see durak_bits). Values are +1 win, 0 draw, -1 loss.

The rules follow the engine's protocol (docs/ARCHITECTURE.md, rules page "A battle"): one card
at a time, the defender answers each attack card (beat it or take), the attacker then throws
in a card of a rank on the table or passes; at most ``min(6, defender's hand at the start)``
attack cards per battle; after the battle the attacker draws first, then the defender; a
beaten battle passes the attack to the defender, a taken one leaves it with the attacker.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from .durak_bits import BEATERS, cards_of_ranks, iter_cards, ranks_mask

TAKE = 36
PASS = 37
WIN, DRAW, LOSS = 1, 0, -1
HAND_SIZE = 6
MAX_ATTACKS = 6

_EXACT, _LOWER, _UPPER = 0, 1, 2


class SearchAborted(Exception):
    """Raised inside the search when its node or time budget runs out."""


class HeadsUp(NamedTuple):
    """A heads-up position, everything known. Masks are card bitmasks.

    ``attacker_hand``/``defender_hand``: the two hands; ``table``: every card on the table;
    ``attacks``: how many attack cards were played this battle (0 = the lead is due);
    ``unbeaten``: the attack card the defender must answer now, or -1; ``taking``: the defender
    said take; ``limit``: most attack cards this battle; ``talon``: cards still to draw, in
    draw order (the trump indicator last); ``defender_to_move``: whose decision it is.
    """

    trump: int
    attacker_hand: int
    defender_hand: int
    table: int = 0
    attacks: int = 0
    unbeaten: int = -1
    taking: bool = False
    limit: int = 0
    talon: tuple[int, ...] = ()

    @property
    def defender_to_move(self) -> bool:
        """True when the defender must answer an unbeaten card (and has not said take)."""
        return self.unbeaten >= 0 and not self.taking


class EndgameSolver:
    """Alpha-beta with a bounds table over one heads-up endgame (one trump and one talon).

    ``node_limit`` and ``deadline`` (a ``time.perf_counter()`` value) bound the work; when
    either runs out :class:`SearchAborted` is raised. The table survives between calls, so
    asking about several moves of the same position reuses work.
    """

    def __init__(self, trump: int, talon: tuple[int, ...] = (), node_limit: int | None = None,
                 deadline: float | None = None) -> None:
        self.trump = trump
        self.beaters = BEATERS[trump]
        self.talon = tuple(talon)
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self._table: dict[tuple, tuple[int, int]] = {}

    # -- public ---------------------------------------------------------------------------

    def move_values(self, pos: HeadsUp) -> dict[int, int]:
        """Exact value of every legal move for the side to move (+1 means that side wins)."""
        assert pos.trump == self.trump and pos.talon == self.talon
        t = 0
        out: dict[int, int] = {}
        a, d, table, n = pos.attacker_hand, pos.defender_hand, pos.table, pos.attacks
        ranks = ranks_mask(table)
        if pos.defender_to_move:
            c = pos.unbeaten
            for b in iter_cards(d & self.beaters[c]):
                out[b] = -self._attack(a, d ^ (1 << b), table | (1 << b), ranks | 1 << (b % 9),
                                       n, pos.limit, False, t, -1, 1)
            out[TAKE] = -self._attack(a, d, table, ranks, n, pos.limit, True, t, -1, 1)
            return out
        if n == 0:
            limit = min(MAX_ATTACKS, d.bit_count())
            for c in iter_cards(a):
                bit = 1 << c
                out[c] = self._defend(a ^ bit, d, bit, 1 << (c % 9), 1, limit, c, t, -1, 1)
            return out
        for c in iter_cards(self._throw_ins(a, d, ranks, n, pos.limit, pos.taking)):
            bit = 1 << c
            if pos.taking:
                out[c] = self._attack(a ^ bit, d, table | bit, ranks, n + 1, pos.limit, True, t, -1, 1)
            else:
                out[c] = self._defend(a ^ bit, d, table | bit, ranks, n + 1, pos.limit, c, t, -1, 1)
        out[PASS] = self._end_battle(a, d, table, pos.taking, t, -1, 1)
        return out

    def value(self, pos: HeadsUp) -> int:
        """Exact value for the side to move."""
        return max(self.move_values(pos).values())

    def battle_value(self, attacker_hand: int, defender_hand: int) -> int:
        """Exact value for the attacker of a battle about to begin (nothing drawn yet)."""
        return self._start(attacker_hand, defender_hand, 0, -1, 1)

    # -- search ---------------------------------------------------------------------------

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 1023 == 0:
            if self.node_limit is not None and self.nodes > self.node_limit:
                raise SearchAborted
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise SearchAborted

    def _throw_ins(self, a: int, d: int, ranks: int, n: int, limit: int, taking: bool) -> int:
        if n >= limit or (not taking and d == 0):
            return 0
        return a & cards_of_ranks(ranks)

    def _draw(self, a: int, d: int, t: int) -> tuple[int, int, int]:
        talon = self.talon
        end = len(talon)
        need = HAND_SIZE - a.bit_count()
        while need > 0 and t < end:
            a |= 1 << talon[t]
            t += 1
            need -= 1
        need = HAND_SIZE - d.bit_count()
        while need > 0 and t < end:
            d |= 1 << talon[t]
            t += 1
            need -= 1
        return a, d, t

    def _end_battle(self, a: int, d: int, table: int, taking: bool, t: int,
                    alpha: int, beta: int) -> int:
        """Value for this battle's attacker once nobody adds more cards."""
        if taking:
            a, d, t = self._draw(a, d | table, t)
            return self._start(a, d, t, alpha, beta)
        a, d, t = self._draw(a, d, t)
        return -self._start(d, a, t, -beta, -alpha)

    def _lookup(self, key: tuple, alpha: int, beta: int) -> tuple[int | None, int, int]:
        entry = self._table.get(key)
        if entry is None:
            return None, alpha, beta
        lo, hi = entry
        if lo >= beta or lo == hi:
            return lo, alpha, beta
        if hi <= alpha:
            return hi, alpha, beta
        return None, max(alpha, lo), min(beta, hi)

    def _store(self, key: tuple, best: int, alpha: int, beta: int) -> None:
        lo, hi = self._table.get(key, (LOSS, WIN))
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self._table[key] = (lo, hi)

    def _start(self, a: int, d: int, t: int, alpha: int, beta: int) -> int:
        """Value for the attacker ``a`` of a battle about to be led."""
        if t == len(self.talon):
            if not a:
                return DRAW if not d else WIN
            if not d:
                return LOSS
        key = (a, d, t)
        hit, alpha, beta = self._lookup(key, alpha, beta)
        if hit is not None:
            return hit
        self._tick()
        a0, b0 = alpha, beta
        limit = min(MAX_ATTACKS, d.bit_count())
        best = LOSS - 1
        for c in self._lead_order(a, d):
            bit = 1 << c
            v = self._defend(a ^ bit, d, bit, 1 << (c % 9), 1, limit, c, t, alpha, beta)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self._store(key, best, a0, b0)
        return best

    def _lead_order(self, a: int, d: int) -> list[int]:
        # Cards the defender cannot beat first (they force a take), then cheapest first.
        beaters, trump = self.beaters, self.trump
        return sorted(iter_cards(a), key=lambda c: (d & beaters[c] != 0,
                                                    c % 9 + (9 if c // 9 == trump else 0)))

    def _defend(self, a: int, d: int, table: int, ranks: int, n: int, limit: int, card: int,
                t: int, alpha: int, beta: int) -> int:
        """Value for the attacker while the defender must answer ``card``."""
        key = (a, d, table, n, card, t)
        hit, alpha, beta = self._lookup(key, alpha, beta)
        if hit is not None:
            return hit
        self._tick()
        a0, b0 = alpha, beta
        trump = self.trump
        options = sorted(iter_cards(d & self.beaters[card]),
                         key=lambda b: (not ranks >> (b % 9) & 1, b % 9 + (9 if b // 9 == trump else 0)))
        best = WIN + 1
        for b in options:
            bit = 1 << b
            v = self._attack(a, d ^ bit, table | bit, ranks | 1 << (b % 9), n, limit, False, t, alpha, beta)
            if v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if alpha < beta:
            v = self._attack(a, d, table, ranks, n, limit, True, t, alpha, beta)
            if v < best:
                best = v
        self._store(key, best, a0, b0)
        return best

    def _attack(self, a: int, d: int, table: int, ranks: int, n: int, limit: int, taking: bool,
                t: int, alpha: int, beta: int) -> int:
        """Value for the attacker choosing to throw in a card or pass (every attack answered)."""
        cands = self._throw_ins(a, d, ranks, n, limit, taking)
        if not cands:
            return self._end_battle(a, d, table, taking, t, alpha, beta)
        key = (a, d, table, n, -2 if taking else -3, t)
        hit, alpha, beta = self._lookup(key, alpha, beta)
        if hit is not None:
            return hit
        self._tick()
        a0, b0 = alpha, beta
        beaters = self.beaters
        # Unbeatable throw-ins first, then passing, then the rest.
        best = LOSS - 1
        unbeatable = [c for c in iter_cards(cands) if taking or not d & beaters[c]]
        others = [c for c in iter_cards(cands) if not (taking or not d & beaters[c])]
        order: list[int] = unbeatable + [PASS] + others
        for c in order:
            if c == PASS:
                v = self._end_battle(a, d, table, taking, t, alpha, beta)
            else:
                bit = 1 << c
                if taking:
                    v = self._attack(a ^ bit, d, table | bit, ranks, n + 1, limit, True, t, alpha, beta)
                else:
                    v = self._defend(a ^ bit, d, table | bit, ranks, n + 1, limit, c, t, alpha, beta)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self._store(key, best, a0, b0)
        return best
