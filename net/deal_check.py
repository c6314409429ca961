"""What a player's program checks about each joint deal, from what its seat saw (docs/lan.md).

At reveal time: every contribution matches the commitment its seat sent. After the game: the
host's revealed seed, with the seat names this program saw, matches the commitment it sent
first, the joint seed of the host seed and the contributions is the one the deck was shuffled
with, that seed deals the revealed order,
and the order puts in this seat's hand exactly the cards it was dealt and drew, and turns up
the trump that was shown. Each check returns a list of problems; empty means verified.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import AZI_DECK, DURAK_DECK, HIDDEN
from engine.core import Event
from engine.joint_seed import contribution_matches, host_commitment_of, joint_seed
from engine.shuffle import commitment_of, verify_deal

DECKS = {"durak": DURAK_DECK, "azi": AZI_DECK}


def check_contributions(commitments: dict[str, str], contributions: dict[str, str]) -> list[str]:
    """Every committed seat revealed a contribution matching its commitment, and nobody else did."""
    problems = []
    if set(commitments) != set(contributions):
        problems.append(f"seats committed {sorted(commitments)} but revealed "
                        f"{sorted(contributions)}")
    for seat, commitment in commitments.items():
        if seat in contributions and not contribution_matches(contributions[seat], commitment):
            problems.append(f"seat {seat}'s contribution does not match its commitment")
    return problems


def check_proof(game: str, seat: int, host_commitment: str, contributions: dict[str, str],
                proof: dict[str, Any], seen: Sequence[Event], names: str | None) -> list[str]:
    """Check a finished deal's proof against the commitments, the seat names' digest this
    program saw when the deal was committed (``names``), and the events ``seat`` saw."""
    try:
        host_seed = bytes.fromhex(proof["host_seed"])
        parts = [(int(s), bytes.fromhex(c)) for s, c in proof["contributions"].items()]
    except (ValueError, KeyError, TypeError, AttributeError):
        return ["the proof is not well formed"]
    if host_commitment_of(host_seed, names) != host_commitment:
        return ["the host's revealed seed and the seat names this program saw do not match "
                "the host's commitment"]
    if {str(s): c.hex() for s, c in parts} != contributions:
        return ["the proof's contributions are not the ones revealed before the deal"]
    seed = joint_seed(host_seed, parts)
    if proof.get("seed") != seed.hex():
        return ["the deck was not shuffled with the joint seed"]
    order = proof.get("order")
    if not isinstance(order, list) or not verify_deal(seed.hex(), commitment_of(seed),
                                                      DECKS[game], order):
        return ["the joint seed does not deal the revealed order"]
    return check_seen_cards(seat, order, seen)


def check_seen_cards(seat: int, order: Sequence[int], seen: Sequence[Event]) -> list[str]:
    """The order gives ``seat`` the cards it was dealt and drew, and turns up the trump shown.

    Both games deal one card at a time from the top; the trump is the next card (or, when the
    deal used every card, the last one dealt). Durak's talon is the rest with the trump under
    it, drawn from the top in the order of the "drew" events.
    """
    problems: list[str] = []
    k = 0
    mine: set[int] = set()
    talon: list[int] = []
    drawn = 0
    for event in seen:
        if event.kind == "dealt":
            for card in event.cards:
                if event.seat == seat and card != HIDDEN and order[k] != card:
                    problems.append(f"dealt card {k + 1} was {card}, the deck says {order[k]}")
                if event.seat == seat:
                    mine.add(order[k])
                k += 1
        elif event.kind == "trump" and event.cards:
            expected = order[k] if k < len(order) else order[-1]
            if event.cards[0] != expected:
                problems.append("the trump shown is not the card the deck turns up")
            talon = list(order[k + 1:]) + [order[k]] if k < len(order) else []
        elif event.kind == "drew":
            for card in event.cards:
                if drawn >= len(talon):
                    problems.append("more cards were drawn than the talon held")
                    break
                if event.seat == seat and card != HIDDEN and talon[drawn] != card:
                    problems.append(f"drawn card {drawn + 1} was {card}, the deck says "
                                    f"{talon[drawn]}")
                drawn += 1
        elif (event.kind == "looked" and event.seat == seat
              and not set(c for c in event.cards if c != HIDDEN) <= mine):
            problems.append("the cards shown when looking are not the ones dealt")
    if k == 0:
        problems.append("no dealt cards were seen for this deal")
    return problems
