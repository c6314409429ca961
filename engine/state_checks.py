"""Checks that a saved state is one the rules could have produced, before ``from_json`` uses it.

A damaged or edited save must not load as a game that quietly breaks its rules (a card in two
hands, chips from nowhere, a seat that does not exist). Each ``check_*`` raises ``ValueError``
with a sentence saying what is wrong, or returns None. They check the JSON data itself (types,
ranges, sizes, each card in exactly one place, chips that add up), so ``from_json`` can build
from data it may trust.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from .azi.constants import BIDDING, BUY_IN, DISCARD, OVER, TRICKS
from .cards import AZI_DECK, DURAK_DECK

AZI_PHASES = (BUY_IN, DISCARD, BIDDING, TRICKS, OVER)
DURAK_PHASES = ("lead", "defend", "throw_in", "over")
_EVENT_KEYS = ("kind", "seat", "cards", "amount", "target", "private")


def need(condition: bool, message: str) -> None:
    """Raise ``ValueError(message)`` unless ``condition`` holds."""
    if not condition:
        raise ValueError(message)


@contextmanager
def rebuilt(what: str) -> Iterator[None]:
    """Around building a state from checked data: any slip left is reported as ValueError."""
    try:
        yield
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as error:
        raise ValueError(f"{what}: {type(error).__name__} {error}"[:200]) from None


def is_int(value: Any) -> bool:
    """A JSON whole number (``True`` is not one, though Python calls it an int)."""
    return type(value) is int


def int_in(data: dict[str, Any], key: str, low: int, high: int, what: str) -> int:
    """``data[key]``, checked to be a whole number from ``low`` to ``high``."""
    value: Any = data.get(key)  # JSON data: checked by need() below
    need(is_int(value) and low <= value <= high,
         f"{what}: '{key}' must be a whole number from {low} to {high}")
    return value


def seat_list(data: dict[str, Any], key: str, n: int, what: str, kind: str) -> list[Any]:
    """``data[key]``: a list of one value per seat, each a bool (``kind`` "bool") or an int."""
    value: Any = data.get(key)  # JSON data: checked by need() below
    need(isinstance(value, list) and len(value) == n,
         f"{what}: '{key}' must list one value for each of the {n} seats")
    if kind == "bool":
        need(all(isinstance(v, bool) for v in value), f"{what}: '{key}' must be true or false")
    else:
        need(all(is_int(v) and v >= 0 for v in value),
             f"{what}: '{key}' must be whole numbers, none negative")
    return value


def card_list(value: Any, deck: int, what: str, name: str) -> list[int]:
    """A list of card numbers of a ``deck``-card deck."""
    need(isinstance(value, list) and all(is_int(c) and 0 <= c < deck for c in value),
         f"{what}: {name} must be a list of cards 0 to {deck - 1}")
    return value


def per_seat_cards(data: dict[str, Any], key: str, n: int, deck: int, what: str) -> list[list]:
    """``data[key]``: one list of cards per seat."""
    value: Any = data.get(key)  # JSON data: checked by need() below
    need(isinstance(value, list) and len(value) == n,
         f"{what}: '{key}' must hold one list of cards for each of the {n} seats")
    return [card_list(cards, deck, what, f"'{key}' of seat {s}") for s, cards in enumerate(value)]


def each_card_once(places: Iterable[int], deck: int, what: str, complete: bool) -> None:
    """No card in two places; with ``complete``, every card of the deck somewhere."""
    seen: set[int] = set()
    for card in places:
        need(card not in seen, f"{what}: card {card} is in two places at once")
        seen.add(card)
    if complete:
        need(len(seen) == deck, f"{what}: {deck - len(seen)} cards of the deck are missing")


def check_history(value: Any, n: int, what: str) -> None:
    """The events of the current game: plain event objects with seats in range."""
    need(isinstance(value, list), f"{what}: 'history' must be a list of events")
    for event in value:
        need(isinstance(event, dict) and all(k in event for k in _EVENT_KEYS),
             f"{what}: every event in 'history' needs {', '.join(_EVENT_KEYS)}")
        need(isinstance(event["kind"], str) and is_int(event["seat"])
             and -1 <= event["seat"] < n and is_int(event["amount"])
             and is_int(event["target"]) and isinstance(event["private"], bool)
             and isinstance(event["cards"], list) and all(is_int(c) for c in event["cards"]),
             f"{what}: an event in 'history' has a field of the wrong type or a seat out of range")


def check_keys(data: Any, keys: Iterable[str], what: str) -> None:
    """``data`` is a JSON object holding every one of ``keys``."""
    need(isinstance(data, dict), f"{what}: the saved state must be a JSON object")
    missing = [k for k in keys if k not in data]
    need(not missing, f"{what}: missing {', '.join(missing)}")


# --- Azi ------------------------------------------------------------------------------------
AZI_COUNTS = ("stacks", "stakes", "bids", "raises", "tricks_won")
AZI_FLAGS = ("out", "in_game", "folded", "all_in", "sitting_out", "looked")
_AZI_SEATS = ("last_winner", "winner", "highest_bidder", "first_bidder", "anchor", "leader")


def check_azi_state(data: Any, num_players: int, starting_stack: int) -> None:
    """A saved Azi session (``AziSession.to_json``) is whole and keeps the rules' invariants."""
    what, n, deck = "saved Azi state", num_players, len(AZI_DECK)
    check_keys(data, AZI_COUNTS + AZI_FLAGS + _AZI_SEATS + (
        "discards", "hands", "taken", "trick", "stock", "deal_order", "buy_in_queue", "games",
        "history", "phase", "to_move", "bank", "carried", "highest_bid", "tricks_played",
        "trump_card", "trump_suit", "six_on_stage", "buy_in_price", "game_number",
        "stop_requested", "deal_seed", "deal_commitment"), what)
    total = n * starting_stack  # chips never enter or leave a session
    for key in AZI_COUNTS:
        seat_list(data, key, n, what, "int")
    for key in AZI_FLAGS:
        seat_list(data, key, n, what, "bool")
    need(data["phase"] in AZI_PHASES, f"{what}: unknown phase {str(data['phase'])[:20]!r}")
    need(data["to_move"] is None or (is_int(data["to_move"]) and 0 <= data["to_move"] < n),
         f"{what}: 'to_move' must be a seat from 0 to {n - 1}, or null")
    need((data["to_move"] is None) == (data["phase"] == OVER),
         f"{what}: a seat must be to move exactly while the session is not over")
    for key in _AZI_SEATS:
        int_in(data, key, -1, n - 1, what)
    for key in ("bank", "carried", "buy_in_price"):
        int_in(data, key, 0, total, what)
    int_in(data, "highest_bid", 0, 2 * total, what)  # blind levels count double
    int_in(data, "game_number", 0, 10**9, what)
    int_in(data, "tricks_played", 0, 3, what)
    int_in(data, "trump_card", -1, deck - 1, what)
    int_in(data, "trump_suit", -1, 2, what)
    for key in ("six_on_stage", "stop_requested"):
        need(isinstance(data[key], bool), f"{what}: '{key}' must be true or false")
    for key in ("deal_seed", "deal_commitment"):
        need(data[key] is None or isinstance(data[key], str), f"{what}: '{key}' must be text")
    need(sum(data["stacks"]) + data["bank"] == total,
         f"{what}: the stacks and the bank hold {sum(data['stacks']) + data['bank']} chips, "
         f"not the {total} the session started with")
    need(sum(data["stakes"]) == data["bank"], f"{what}: the stakes do not add up to the bank")
    discards = data["discards"]
    need(isinstance(discards, list) and len(discards) == n
         and all(is_int(c) and -1 <= c < deck for c in discards),
         f"{what}: 'discards' must hold one card (or -1) for each seat")
    hands = per_seat_cards(data, "hands", n, deck, what)
    taken = per_seat_cards(data, "taken", n, deck, what)
    trick = data["trick"]
    need(isinstance(trick, list) and len(trick) <= n and all(
        isinstance(p, list) and len(p) == 2 and is_int(p[0]) and 0 <= p[0] < n
        and is_int(p[1]) and 0 <= p[1] < deck for p in trick),
        f"{what}: 'trick' must be [seat, card] pairs")
    stock = card_list(data["stock"], deck, what, "'stock'")
    order = data["deal_order"]
    if order is not None:
        card_list(order, deck, what, "'deal_order'")
        need(sorted(order) == list(AZI_DECK), f"{what}: 'deal_order' is not a whole deck")
    queue = data["buy_in_queue"]
    need(isinstance(queue, list) and all(is_int(s) and 0 <= s < n for s in queue)
         and len(set(queue)) == len(queue), f"{what}: 'buy_in_queue' must list different seats")
    phase = data["phase"]
    if phase != OVER:
        # The seats a phase is built on are named (not -1) while it lasts.
        need(data["anchor"] >= 0, f"{what}: a game under way needs its 'anchor' seat")
        need(bool(queue) == (phase == BUY_IN),
             f"{what}: seats wait to be asked to buy in exactly in the buy-in phase")
    if phase in (DISCARD, BIDDING, TRICKS):
        need(data["first_bidder"] >= 0, f"{what}: the {phase} phase needs its first bidder")
    if phase == TRICKS:
        need(data["leader"] >= 0, f"{what}: tricks are played only once someone has the lead")
    places = [c for h in hands for c in h] + [c for t in taken for c in t] + stock
    places += [p[1] for p in trick] + [c for c in discards if c >= 0]
    places += [data["trump_card"]] if data["trump_card"] >= 0 else []
    each_card_once(places, deck, what, complete=data["phase"] in (DISCARD, BIDDING, TRICKS))
    games = data["games"]
    need(isinstance(games, list) and all(
        isinstance(g, dict) and all(isinstance(k, str) for k in g) for g in games),
        f"{what}: 'games' must be a list of game results")
    check_history(data["history"], n, what)


# --- Durak ----------------------------------------------------------------------------------
DURAK_KEYS = ("num_players", "dealer", "trump_card", "trump_card_taken", "hands", "talon",
              "discard", "known", "finished", "attacker", "defender", "asked", "table",
              "taking", "attack_limit", "phase", "emptied", "durak", "positions_seen", "deal",
              "history")


def check_durak_state(data: Any) -> None:
    """A saved Durak game (``DurakGame.to_json``) is whole and keeps the rules' invariants."""
    what, deck = "saved Durak state", len(DURAK_DECK)
    check_keys(data, DURAK_KEYS, what)
    need(data.get("game") == "durak", f"{what}: 'game' must be \"durak\"")
    n = int_in(data, "num_players", 2, 6, what)
    for key in ("dealer", "attacker", "defender"):
        int_in(data, key, 0, n - 1, what)
    int_in(data, "trump_card", 0, deck - 1, what)
    int_in(data, "asked", 0, n - 1, what)
    int_in(data, "attack_limit", 0, 6, what)
    for key in ("trump_card_taken", "taking"):
        need(isinstance(data[key], bool), f"{what}: '{key}' must be true or false")
    need(data["phase"] in DURAK_PHASES, f"{what}: unknown phase {str(data['phase'])[:20]!r}")
    hands = per_seat_cards(data, "hands", n, deck, what)
    known = per_seat_cards(data, "known", n, deck, what)
    for seat, (hand, seen) in enumerate(zip(hands, known)):
        need(set(seen) <= set(hand), f"{what}: seat {seat} is known to hold cards not in hand")
    talon = card_list(data["talon"], deck, what, "'talon'")
    discard = card_list(data["discard"], deck, what, "'discard'")
    table = data["table"]
    need(isinstance(table, list) and len(table) <= 6 and all(
        isinstance(p, list) and len(p) == 2 and is_int(p[0]) and 0 <= p[0] < deck
        and is_int(p[1]) and -1 <= p[1] < deck for p in table),
        f"{what}: 'table' must be [attack, defence or -1] pairs")
    for key in ("finished", "emptied"):
        seats = data[key]
        need(isinstance(seats, list) and len(set(map(str, seats))) == len(seats)
             and all(is_int(s) and 0 <= s < n for s in seats),
             f"{what}: '{key}' must list different seats from 0 to {n - 1}")
    need(data["durak"] is None or (is_int(data["durak"]) and 0 <= data["durak"] < n),
         f"{what}: 'durak' must be a seat or null")
    over = data["phase"] == "over"
    need(over or data["durak"] is None, f"{what}: a game under way has no Durak yet")
    need(data["durak"] is None or (data["durak"] not in data["finished"]
                                   and len(data["finished"]) == n - 1),
         f"{what}: the Durak is the one player left when all the others are out")
    need(not (over and data["emptied"]), f"{what}: a finished game has no battle whose hands "
                                         f"emptied")
    need(not set(map(str, data["emptied"])) & set(map(str, data["finished"])),
         f"{what}: a seat already out cannot empty its hand in this battle")
    deal = data["deal"]
    if deal is not None:
        need(isinstance(deal, dict) and {"order", "seed", "commitment"} <= set(deal)
             <= {"order", "seed", "commitment", "drawn_seat"},
             f"{what}: 'deal' must hold the order, seed and commitment (and the seat drawn)")
        drawn = deal.get("drawn_seat", 0)  # absent when the deal drew no seat
        need(is_int(drawn) and 0 <= drawn < n, f"{what}: the deal's drawn seat must be a seat")
        need(sorted(card_list(deal["order"], deck, what, "the deal's order")) == list(DURAK_DECK),
             f"{what}: the deal's order is not a whole deck")
        need(all(deal[k] is None or isinstance(deal[k], str) for k in ("seed", "commitment")),
             f"{what}: the deal's seed and commitment must be text")
    seen = data["positions_seen"]
    need(isinstance(seen, list) and all(
        isinstance(p, list) and len(p) == 3 and is_int(p[0]) and 0 <= p[0] < n
        and isinstance(p[1], list) and len(p[1]) == n and is_int(p[2]) and 1 <= p[2] <= 2
        for p in seen), f"{what}: 'positions_seen' must list [attacker, hands, count 1 or 2]")
    for _, position_hands, _ in seen:
        for h in position_hands:
            card_list(h, deck, what, "a repeated position's hand")
            need(all(a < b for a, b in zip(h, h[1:])),
                 f"{what}: a repeated position's hand must list its cards in order")
    places = [c for h in hands for c in h] + talon + discard
    places += [c for pair in table for c in pair if c >= 0]
    each_card_once(places, deck, what, complete=True)
    check_history(data["history"], n, what)


@contextmanager
def durak_checked(data: Any) -> Iterator[None]:
    """``check_durak_state(data)``, then build the game inside :func:`rebuilt`."""
    check_durak_state(data)
    with rebuilt("saved Durak state"):
        yield
