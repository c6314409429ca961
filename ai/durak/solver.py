"""Exact solver for heads-up Durak once nothing is hidden (two players, talon known or empty).

With two players left and the talon empty (or holding only the face-up trump indicator)
each player can deduce the other's hand, so the rest of the game is a perfect-information
game with three outcomes. This module searches it exactly with alpha-beta over bounds kept in
a transposition table, on its own compact representation: hands and table are card bitmasks
(see durak_bits). Values are +1 win, 0 draw, -1 loss.

The rules follow the engine's protocol (engine.durak): one card at a time, the defender
answers each attack card (beat it or take), the attacker then throws in a card of a rank on
the table or passes; at most ``min(6, defender's hand at the start)`` attack cards per battle;
after the battle the attacker draws first, then the defender; a beaten battle passes the
attack to the defender, a taken one leaves it with the attacker. tests/test_ai_durak_solver.py
checks every move value against plain minimax over the engine itself.

Move order (measured on random 6-against-6 endgames, it halves the nodes searched): the
cheapest card first everywhere (plain by rank, then trumps), passing after every throw-in,
taking after every defence, and the move a previous search found best before all of them.
"""

from __future__ import annotations

from typing import NamedTuple

from ai import thinking_clock

from .bits import BEATERS, cards_of_ranks, ranks_mask

TAKE = 36
PASS = 37
WIN, DRAW, LOSS = 1, 0, -1
HAND_SIZE = 6
MAX_ATTACKS = 6

# ORDER[trump]: every card, cheapest first (plain cards by rank, then the trumps by rank).
def _cheapness(card: int, trump: int) -> tuple[int, int]:
    return card % 9 + (9 if card // 9 == trump else 0), card


ORDER: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(range(36), key=lambda c: _cheapness(c, t))) for t in range(4))
RANK_BIT = tuple(1 << (c % 9) for c in range(36))


class SearchAborted(Exception):
    """Raised inside the search when its node or time budget runs out."""


class HeadsUp(NamedTuple):
    """A heads-up position, everything known. Masks are card bitmasks.

    ``attacker_hand``/``defender_hand``: the two hands; ``table``: every card on the table;
    ``attacks``: how many attack cards were played this battle (0 = the lead is due);
    ``unbeaten``: the attack card the defender must answer now, or -1; ``taking``: the defender
    said take; ``limit``: most attack cards this battle; ``talon``: cards still to draw, in
    draw order (the trump indicator last).
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

    ``node_limit`` and ``deadline`` (a ``thinking_clock.now()`` value) bound the work; when
    either runs out :class:`SearchAborted` is raised. The table survives between calls, so
    later questions about the same endgame reuse the work of earlier ones.
    """

    def __init__(self, trump: int, talon: tuple[int, ...] = (), node_limit: int | None = None,
                 deadline: float | None = None) -> None:
        self.trump = trump
        self.beaters = BEATERS[trump]
        self.order = ORDER[trump]
        self.talon = tuple(talon)
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self._next_check = 1024
        self._table: dict[tuple, tuple[int, int, int]] = {}

    # -- public ---------------------------------------------------------------------------

    def moves(self, pos: HeadsUp) -> list[int]:
        """The legal moves of the side to move, cheapest first (PASS and TAKE last)."""
        a, d = pos.attacker_hand, pos.defender_hand
        if pos.defender_to_move:
            return self._cards(d & self.beaters[pos.unbeaten]) + [TAKE]
        if pos.attacks == 0:
            return self._cards(a)
        return self._cards(self._throw_ins(a, d, ranks_mask(pos.table), pos.attacks, pos.limit,
                                           pos.taking)) + [PASS]

    def move_value(self, pos: HeadsUp, move: int, alpha: int = LOSS, beta: int = WIN) -> int:
        """Value of ``move`` for the side to move; exact inside (alpha, beta), else a bound."""
        assert pos.trump == self.trump and pos.talon == self.talon
        a, d, table = pos.attacker_hand, pos.defender_hand, pos.table
        n, limit = pos.attacks, pos.limit
        ranks = ranks_mask(table)
        if pos.defender_to_move:
            if move == TAKE:
                return -self._attack(a, d, table, ranks, n, limit, True, 0, -beta, -alpha)
            bit = 1 << move
            return -self._attack(a, d ^ bit, table | bit, ranks | RANK_BIT[move], n, limit, False,
                                 0, -beta, -alpha)
        if n == 0:
            bit = 1 << move
            return self._defend(a ^ bit, d, bit, RANK_BIT[move], 1, min(MAX_ATTACKS, d.bit_count()),
                                move, 0, alpha, beta)
        if move == PASS:
            return self._end_battle(a, d, table, pos.taking, 0, alpha, beta)
        bit = 1 << move
        if pos.taking:
            return self._attack(a ^ bit, d, table | bit, ranks, n + 1, limit, True, 0, alpha, beta)
        return self._defend(a ^ bit, d, table | bit, ranks, n + 1, limit, move, 0, alpha, beta)

    def move_values(self, pos: HeadsUp) -> dict[int, int]:
        """Exact value of every legal move for the side to move (+1 means that side wins)."""
        return {m: self.move_value(pos, m) for m in self.moves(pos)}

    def battle_value(self, attacker_hand: int, defender_hand: int) -> int:
        """Exact value for the attacker of a battle about to begin (nothing drawn yet)."""
        return self._start(attacker_hand, defender_hand, 0, LOSS, WIN)

    # -- search ---------------------------------------------------------------------------

    def _cards(self, mask: int) -> list[int]:
        return [c for c in self.order if mask >> c & 1] if mask else []

    def _budget(self) -> None:
        """Called every 1024 nodes: stop when the node or time budget is spent."""
        self._next_check = self.nodes + 1024
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchAborted
        if self.deadline is not None and thinking_clock.now() > self.deadline:
            raise SearchAborted

    @staticmethod
    def _throw_ins(a: int, d: int, ranks: int, n: int, limit: int, taking: bool) -> int:
        if n >= limit or (not taking and d == 0):
            return 0
        return a & cards_of_ranks(ranks)

    def _draw(self, a: int, d: int, t: int) -> tuple[int, int, int]:
        """Drawing after a battle: the attacker up to six first, then the defender."""
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
            d |= table
            if t < len(self.talon):
                a, d, t = self._draw(a, d, t)
            return self._start(a, d, t, alpha, beta)
        if t < len(self.talon):
            a, d, t = self._draw(a, d, t)
        return -self._start(d, a, t, -beta, -alpha)

    def _lookup(self, key: tuple, alpha: int, beta: int) -> tuple[int | None, int, int, int]:
        """(value if the table settles it, narrowed alpha, beta, the best move stored or -1)."""
        entry = self._table.get(key)
        if entry is None:
            return None, alpha, beta, -1
        lo, hi, move = entry
        if lo >= beta or lo == hi:
            return lo, alpha, beta, move
        if hi <= alpha:
            return hi, alpha, beta, move
        return None, max(alpha, lo), min(beta, hi), move

    def _store(self, key: tuple, best: int, alpha: int, beta: int, move: int) -> None:
        """Record what a search with window (alpha, beta) proved: a bound or the exact value."""
        lo, hi, _ = self._table.get(key, (LOSS, WIN, -1))
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self._table[key] = (lo, hi, move)

    def _start(self, a: int, d: int, t: int, alpha: int, beta: int) -> int:
        """Value for the attacker ``a`` of a battle about to be led."""
        if t == len(self.talon):
            if not a:
                return DRAW if not d else WIN
            if not d:
                return LOSS
        key = (a, d, t)
        hit, alpha, beta, first = self._lookup(key, alpha, beta)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._budget()
        a0, b0 = alpha, beta
        limit = min(MAX_ATTACKS, d.bit_count())
        order = self._cards(a)
        if first >= 0:
            order.remove(first)
            order.insert(0, first)
        best, best_move = LOSS - 1, -1
        for c in order:
            bit = 1 << c
            v = self._defend(a ^ bit, d, bit, RANK_BIT[c], 1, limit, c, t, alpha, beta)
            if v > best:
                best, best_move = v, c
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self._store(key, best, a0, b0, best_move)
        return best

    def _defend(self, a: int, d: int, table: int, ranks: int, n: int, limit: int, card: int,
                t: int, alpha: int, beta: int) -> int:
        """Value for the attacker while the defender must answer ``card``."""
        key = (a, d, table, n, card, t)
        hit, alpha, beta, first = self._lookup(key, alpha, beta)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._budget()
        a0, b0 = alpha, beta
        order = self._cards(d & self.beaters[card])
        order.append(TAKE)
        if first >= 0:
            order.remove(first)
            order.insert(0, first)
        best, best_move = WIN + 1, -1
        for b in order:
            if b == TAKE:
                v = self._attack(a, d, table, ranks, n, limit, True, t, alpha, beta)
            else:
                bit = 1 << b
                v = self._attack(a, d ^ bit, table | bit, ranks | RANK_BIT[b], n, limit, False, t,
                                 alpha, beta)
            if v < best:
                best, best_move = v, b
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        self._store(key, best, a0, b0, best_move)
        return best

    def _attack(self, a: int, d: int, table: int, ranks: int, n: int, limit: int, taking: bool,
                t: int, alpha: int, beta: int) -> int:
        """Value for the attacker choosing to throw in a card or pass (every attack answered)."""
        cands = self._throw_ins(a, d, ranks, n, limit, taking)
        if not cands:
            return self._end_battle(a, d, table, taking, t, alpha, beta)
        key = (a, d, table, n, -2 if taking else -3, t)
        hit, alpha, beta, first = self._lookup(key, alpha, beta)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._budget()
        a0, b0 = alpha, beta
        order = self._cards(cands)
        order.append(PASS)
        if first >= 0:
            order.remove(first)
            order.insert(0, first)
        best, best_move = LOSS - 1, -1
        for c in order:
            if c == PASS:
                v = self._end_battle(a, d, table, taking, t, alpha, beta)
            else:
                bit = 1 << c
                if taking:
                    v = self._attack(a ^ bit, d, table | bit, ranks, n + 1, limit, True, t,
                                     alpha, beta)
                else:
                    v = self._defend(a ^ bit, d, table | bit, ranks, n + 1, limit, c, t,
                                     alpha, beta)
            if v > best:
                best, best_move = v, c
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        self._store(key, best, a0, b0, best_move)
        return best
