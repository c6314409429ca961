"""A Durak state as plain JSON data and back; loading checks the state first (state_checks)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Event
from ..shuffle import Deal
from ..state_checks import durak_checked
from .parts import blank, legal_mask_from_state, set_table
from .seats import battle_seats
from .tables import DEFEND, LEAD, OVER, PHASE_NAMES, THROW_IN, cards_of, mask_of

if TYPE_CHECKING:
    from .game import DurakGame



def short_history(history: list[Event], keep_events: int | None) -> list[Event]:
    """The deal's events (to the first attack) and the last ``keep_events`` (None: all)."""
    if keep_events is None or len(history) <= 2 * keep_events:
        return history
    deal_end = next((i + 1 for i, e in enumerate(history[:keep_events])
                     if e.kind == "first_attack"), 0)
    return history[:deal_end] + history[-keep_events:]


def state_to_json(g: DurakGame, keep_events: int | None = None) -> dict[str, Any]:
    """Everything in ``g`` as plain JSON data; :func:`state_from_json` restores it exactly.

    ``keep_events`` cuts the history to the deal and that many last events (a save that stays
    small however long the game; the state itself does not depend on the history).
    """
    return {
        "game": "durak",
        "num_players": g.num_players,
        "dealer": g.dealer,
        "trump_card": g.trump_card,
        "trump_card_taken": g.trump_taken,
        "hands": [cards_of(h) for h in g.hands],
        "talon": g.talon,
        "discard": cards_of(g.discard),
        "known": [cards_of(k) for k in g.known],
        "finished": g.finished[:],
        "attacker": g.attacker,
        "defender": g.defender,
        "asked": g.ask,
        "table": g.table_pairs(),
        "taking": g.taking,
        "attack_limit": g.limit,
        "phase": PHASE_NAMES[g.phase],
        "emptied": list(g.emptied),
        "durak": g.durak,
        "positions_seen": [[key[0], [cards_of(h) for h in key[1:]], count]
                           for key, count in g._positions.items()],
        "deal": g.deal.to_json() if g.deal else None,
        "history": [e.to_json() for e in short_history(g.history, keep_events)],
    }


def state_from_json(cls: type[DurakGame], data: dict[str, Any]) -> DurakGame:
    """The game ``data`` describes; ValueError, saying why, for data that breaks the rules."""
    with durak_checked(data):  # checks the invariants first, then reports any slip
        n = data["num_players"]
        hands, known = [mask_of(h) for h in data["hands"]], [mask_of(k) for k in data["known"]]
        g = blank(cls, n, data["dealer"], data["trump_card"], hands, list(data["talon"]), known,
                  Deal.from_json(data["deal"]) if data["deal"] else None)
        g.trump_taken = data["trump_card_taken"]
        g.discard = mask_of(data["discard"])
        g.finished = list(data["finished"])
        g.in_game = [s not in g.finished for s in range(n)]
        g._seats, g._next_attackers = battle_seats(n, g.in_game)
        g.attacker, g.defender = data["attacker"], data["defender"]
        g.phase = PHASE_NAMES.index(data["phase"])
        g.order = g._seats[g.attacker][1] if g.phase != OVER else ()
        g.ask = data["asked"]
        set_table(g, data["table"])
        g.taking = data["taking"]
        g.limit = data["attack_limit"]
        g.emptied = tuple(data["emptied"])
        g.durak = data["durak"]
        g._positions = {(attacker, *map(mask_of, hands)): count
                        for attacker, hands, count in data["positions_seen"]}
        g.history = [Event.from_json(e) for e in data["history"]]
        g.to_move = seat_to_move(g)
        g._mask = legal_mask_from_state(g)
    return g


def seat_to_move(g: DurakGame) -> int | None:
    """Who decides in a state whose phase and asking position are set."""
    if g.phase == LEAD:
        return g.attacker
    if g.phase == DEFEND:
        return g.defender
    if g.phase == THROW_IN:
        return g.order[g.ask]
    return None
