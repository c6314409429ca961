"""Who sits where in a Durak battle: defender, asking order and drawing order, cached per table."""

from __future__ import annotations

from collections.abc import Sequence

MAX_PLAYERS = 6

# CLOCKWISE[n][seat]: the other seats of an n-player table, clockwise from seat's left.
CLOCKWISE = [[tuple((s + k) % n for k in range(1, n)) for s in range(n)] if n else []
             for n in range(MAX_PLAYERS + 1)]

# A row: (defender, asking order, drawing order); a seat that is out has NO_ROW.
Row = tuple[int, tuple[int, ...], tuple[int, ...]]
NO_ROW: Row = (-1, (), ())
Seats = tuple[tuple[Row, ...], tuple[tuple[int, ...], tuple[int, ...]]]
_SEATS_CACHE: dict[tuple[int, tuple[bool, ...]], Seats] = {}


def battle_seats(n: int, in_game: Sequence[bool]) -> Seats:
    """Who sits where in a battle, for the players still in the game: (rows, next attackers).

    ``rows[attacker]`` is (defender, asking order, drawing order), or NO_ROW for a seat that
    is out (typed rows: the compiled build reads them without generic calls). The defender
    is the next active seat clockwise; attackers are asked from the attacker, then clockwise
    skipping the defender; the drawing order is the asking order, defender last.
    ``next_attackers[taken][defender]`` is who attacks after that defender's battle: the first
    active seat from the defender (beaten off) or from the seat after it (taken), clockwise.
    """
    key = (n, tuple(in_game))
    seats = _SEATS_CACHE.get(key)
    if seats is None:
        rows: list[Row] = []
        for attacker in range(n):
            others = [s for s in CLOCKWISE[n][attacker] if in_game[s]]
            if not in_game[attacker] or not others:
                rows.append(NO_ROW)
                continue
            order = (attacker, *others[1:])
            rows.append((others[0], order, order + (others[0],)))
        first_active = [next((s + k) % n for k in range(n) if in_game[(s + k) % n]) if any(in_game)
                        else -1 for s in range(n)]
        next_attackers = (tuple(first_active), tuple(first_active[(s + 1) % n] for s in range(n)))
        seats = (tuple(rows), next_attackers)
        _SEATS_CACHE[key] = seats
    return seats
