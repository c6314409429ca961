"""What an Azi bidder may do right now, read from the observation and the legal actions only.

The bidding panel shows exactly these choices: nothing here decides a rule, it only sorts the
engine's ``legal_actions()`` into buttons and prices them (``engine.azi.bidding.chips_to_reach``
is the one place the cost of a level is computed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.azi.bidding import chips_to_reach
from engine.azi.constants import ALL_IN, BET_BASE, CALL, FOLD, LOOK, MAX_RAISES


@dataclass(frozen=True)
class BidChoices:
    """The bidding options of the seat to move, each with the chips it costs."""

    fold: bool
    call_chips: int | None  # chips a call puts in; None when calling is not offered
    call_level: int  # the level a call matches
    levels: tuple[int, ...]  # bid levels offered (open at / raise to), ascending
    level_costs: tuple[int, ...]  # chips each of ``levels`` puts in
    opening: bool  # nobody has bet yet: the levels are opening bets, not raises
    all_in_chips: int | None  # chips an all-in puts in; None when not offered
    look: bool  # still blind: "look at your cards" is offered
    blind: bool
    stack: int
    bid: int  # the level this seat has reached so far
    raises_left: int

    def cost_of(self, level: int) -> int:
        """Chips that reaching ``level`` puts in (one of ``levels``)."""
        return self.level_costs[self.levels.index(level)]


def bid_choices(observation: dict[str, Any], legal: list[int]) -> BidChoices:
    """Sort ``legal`` (the seat's bidding actions) into the panel's choices."""
    seat = observation["seat"]
    blind = not observation["looked"][seat]
    bid = observation["bids"][seat]
    top = observation["highest_bid"]
    stack = observation["stacks"][seat]
    levels = tuple(a - BET_BASE for a in legal if a >= BET_BASE)
    return BidChoices(
        fold=FOLD in legal,
        call_chips=chips_to_reach(top, bid, blind) if CALL in legal else None,
        call_level=top,
        levels=levels,
        level_costs=tuple(chips_to_reach(level, bid, blind) for level in levels),
        opening=top == 0,
        all_in_chips=stack if ALL_IN in legal else None,
        look=LOOK in legal,
        blind=blind,
        stack=stack,
        bid=bid,
        raises_left=max(0, MAX_RAISES - observation["raises"][seat]),
    )


def nearest_level(levels: tuple[int, ...], wanted: float) -> int:
    """The offered level closest to ``wanted`` (the lower one on a tie)."""
    return min(levels, key=lambda level: (abs(level - wanted), level))


def step_level(levels: tuple[int, ...], current: int, steps: int) -> int:
    """The level ``steps`` places above (or below, if negative) ``current``, kept in range."""
    if current not in levels:
        current = nearest_level(levels, current)
    i = min(len(levels) - 1, max(0, levels.index(current) + steps))
    return levels[i]
