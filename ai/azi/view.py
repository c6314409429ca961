"""What one Azi seat knows, read from its observation: cards gone, suits others lack, bets made.

Everything here comes from ``observation(seat)`` alone (the public table plus the seat's own
private events), so a computer player built on it cannot know more than a person in that seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.azi.constants import (
    ALL_IN_EVENT,
    ANTE,
    AZI_JOINED,
    BET,
    CALLED,
    DEALT,
    DISCARDED,
    FOLDED,
    LOOKED,
    PLAYED,
    RAISED,
    TRICK_WON,
)
from engine.cards import AZI_DECK, NUM_RANKS

from .tricks import Context, trick_context


@dataclass
class BetMove:
    """One voluntary chip-in by a seat: its kind, the price it paid and the bank it paid into."""

    kind: str  # "bet", "raised", "called" or "all_in"
    chips: int
    bank_before: int
    players_in: int  # players still in the game at that moment
    blind: bool  # made without having looked: it says nothing about the hand
    stake: int = 0  # all the seat had put into this game's bank once it made this move


@dataclass
class AziView:
    """One seat's knowledge of the current game, in the shapes the AI's search wants."""

    seat: int
    num_players: int
    hand: list[int]
    blind: bool
    ctx: Context
    trump_card: int
    order: list[int]  # seats still in this game, ascending (clockwise from seat 0)
    gone: set[int]  # cards that are in nobody's hand: the turned card, played cards, own discard
    voids: dict[int, set[int]]  # seat -> suits it has shown it does not hold
    hand_sizes: list[int]
    trick: list[tuple[int, int]]  # (seat, card) of the trick in play
    tricks_won: list[int]
    moves: dict[int, list[BetMove]] = field(default_factory=dict)
    played: dict[int, list[int]] = field(default_factory=dict)  # seat -> cards it played this game
    obs: dict[str, Any] = field(default_factory=dict)

    def unseen(self) -> list[int]:
        """Cards this seat cannot place: in other hands, the stock, or face-down discards."""
        hand = set(self.hand)
        return [c for c in AZI_DECK if c not in self.gone and c not in hand]


def read_view(obs: dict[str, Any]) -> AziView:
    """Build the seat's view from its observation (hand, history, table)."""
    seat, n = obs["seat"], obs["num_players"]
    trump_card = obs["trump_card"]
    ctx = trick_context(obs["trump_suit"], obs["six_on_stage"]) if trump_card >= 0 else (-1, -1)
    gone: set[int] = {trump_card} if trump_card >= 0 else set()
    voids: dict[int, set[int]] = {s: set() for s in range(n)}
    moves: dict[int, list[BetMove]] = {s: [] for s in range(n)}
    played: dict[int, list[int]] = {s: [] for s in range(n)}
    looked = [False] * n
    blind_table = obs["options"].get("blind_bets", False)
    dealt: set[int] = set()
    folded: set[int] = set()
    bank = obs["carried"]
    put = [0] * n  # chips each seat has put into this game's bank so far (ante, buy-in, bets)
    trick: list[tuple[int, int]] = []
    for e in obs["history"]:
        kind, s = e["kind"], e["seat"]
        if kind in (ANTE, AZI_JOINED):
            bank += e["amount"]
            put[s] += e["amount"]
        elif kind in (BET, RAISED, CALLED, ALL_IN_EVENT):
            chips = e["target"]
            put[s] += chips
            if chips > 0:  # an all-in for nothing (no chips left at the ante) is no choice
                moves[s].append(BetMove(kind, chips, bank, len(dealt) - len(folded), not looked[s],
                                        put[s]))
            bank += chips
        elif kind == FOLDED:
            folded.add(s)
        elif kind == DEALT:
            dealt.add(s)
            looked[s] = not blind_table
        elif kind == LOOKED:
            looked[s] = True
        elif kind == DISCARDED and s == seat and e["cards"][0] >= 0:
            gone.add(e["cards"][0])
        elif kind == PLAYED:
            card = e["cards"][0]
            gone.add(card)
            played[s].append(card)
            if trick:
                _note_void(voids[s], trick[0][1], card, ctx)
            trick.append((s, card))
        elif kind == TRICK_WON:
            trick = []
    in_game = obs["in_game"]
    players = [s for s in range(n) if in_game[s]]
    return AziView(
        seat=seat, num_players=n, hand=list(obs["hand"]),
        blind=not obs["looked"][seat], ctx=ctx, trump_card=trump_card,
        order=players, gone=gone, voids=voids, hand_sizes=list(obs["hand_sizes"]),
        trick=[(p[0], p[1]) for p in obs["trick"]], tricks_won=list(obs["tricks_won"]),
        moves=moves, played=played, obs=obs)


def _note_void(voids: set[int], led_card: int, card: int, ctx: Context) -> None:
    """A player who did not follow suit has none of it; one who also did not trump has no trumps."""
    led = led_card // NUM_RANKS
    suit = card // NUM_RANKS
    if suit != led:
        voids.add(led)
        if suit != ctx[0]:
            voids.add(ctx[0])
