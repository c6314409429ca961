"""The hand-strength meter for Azi bidding: how often this hand wins against the players in.

From one seat's observation only (like a computer player): the hidden cards are guessed with
:func:`ai.azi.deals.sample_deal` (consistent with everything the seat has seen), and each guess
is played out by :func:`ai.azi.play.playout`, Normal's sound card play in every seat. The
players still in are assumed to stay; the lead goes to whoever would lead if the bidding ended
now (the highest bidder, or this seat when nobody has bet yet). The chance is the share of
guessed deals this seat wins by two tricks (an azi counts as not won).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .deals import sample_deal
from .play import playout
from .view import read_view

METER_DEALS = 200  # enough for a steady percentage (about ±3 points), cheap enough to wait for


@dataclass(frozen=True)
class HandStrength:
    """The estimate: chance of winning the game, over how many deals, against how many."""

    chance: float
    deals: int
    opponents: int

    @property
    def percent(self) -> int:
        """The chance as a whole percentage."""
        return round(100 * self.chance)


def hand_strength(observation: dict[str, Any], rng: random.Random,
                  deals: int = METER_DEALS) -> HandStrength | None:
    """This seat's chance to win the game, from ``deals`` guesses of the unseen cards; None
    when there is nothing to judge (a blind or empty hand, nobody left to play against)."""
    view = read_view(observation)
    seat = view.seat
    if view.blind or not view.hand or view.trump_card < 0:
        return None
    folded = observation["folded"]
    players = [s for s in view.order if not folded[s]]
    if seat not in players or len(players) < 2:
        return None
    leader = observation["leader"]
    if leader < 0:
        leader = observation["highest_bidder"]
    if leader not in players:
        leader = seat
    n = view.num_players
    seats = sorted(players, key=lambda s: (s - leader) % n)  # playing order, the leader first
    mine = seats.index(seat)
    wins = 0
    for _ in range(deals):
        guess = sample_deal(view, rng)
        guess[seat] = tuple(view.hand)
        winner, _ = playout([guess[s] for s in seats], 0, [0] * len(seats), [], view.ctx,
                            view.gone)
        wins += winner == mine
    return HandStrength(wins / deals, deals, len(players) - 1)
