"""What one Durak seat knows about the cards, from its observation only; guesses of the rest.

From an observation (docs/ARCHITECTURE.md, "Observation keys") this works out every public
card: own hand, the table, the discard pile, the cards publicly known to be in other hands
(picked up, the drawn trump indicator) and the trump indicator still under the talon. The
rest are *unseen*: they fill the opponents' hidden slots and the hidden part of the talon.

From the history it also infers soft *voids*: once the talon is empty, a defender who takes
rather than beat a card most likely holds no card that beats it (voluntary takes happen, so a
void is only a preference when sampling). A void lapses when that player draws cards.

:func:`sample_world` deals the unseen cards to those slots at random, consistent with every
public fact, for determinized search. Nothing here sees the engine state.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from .bits import BEATERS, FULL, cards_of, mask_of


class Knowledge(NamedTuple):
    """Everything one seat can deduce about where the cards are. Card sets are bitmasks."""

    seat: int
    num_players: int
    trump: int
    trump_card: int
    hand: int
    table: int
    discard: int
    known: tuple[int, ...]  # per seat: cards publicly known to be in that hand
    hidden: tuple[int, ...]  # per seat: how many of its cards are not publicly known (own: 0)
    voids: tuple[int, ...]  # per seat: cards it most likely does not hold (soft)
    talon_size: int
    trump_in_talon: bool  # the indicator is still the bottom card of the talon
    unseen: int  # cards whose place this seat cannot know

    @property
    def talon_hidden(self) -> int:
        """Talon cards whose faces are unknown (all but the indicator at the bottom)."""
        return self.talon_size - (1 if self.trump_in_talon else 0)


def read_observation(obs: dict[str, Any], voids: bool = True) -> Knowledge:
    """Work out the card knowledge of ``obs["seat"]`` from its observation; without ``voids``
    the history is not read (the soft voids are left empty: only sampling uses them)."""
    seat = obs["seat"]
    n = obs["num_players"]
    trump_card = obs["trump_card"]
    hand = mask_of(obs["hand"])
    table = 0
    for pair in obs["table"]:
        table |= mask_of(pair)
    discard = mask_of(obs["discard"])
    talon_size = obs["talon_size"]
    trump_in_talon = talon_size > 0 and not obs["trump_card_taken"]
    known = [0] * n
    for s in range(n):
        if s != seat:
            known[s] = mask_of(obs["known"][s]) & ~hand & ~table & ~discard
    hidden = tuple(0 if s == seat else max(0, obs["hand_sizes"][s] - known[s].bit_count())
                   for s in range(n))
    public = hand | table | discard
    for m in known:
        public |= m
    if trump_in_talon:
        public |= 1 << trump_card
    unseen = FULL & ~public
    soft = _infer_voids(obs, n, obs["trump_suit"]) if voids else [0] * n
    return Knowledge(seat, n, obs["trump_suit"], trump_card, hand, table, discard, tuple(known),
                     hidden, tuple(v & unseen for v in soft), talon_size, trump_in_talon, unseen)


def _infer_voids(obs: dict[str, Any], n: int, trump: int) -> list[int]:
    """Soft voids from the history: takes made while the talon was already empty."""
    voids = [0] * n
    history = [(e["kind"], e["seat"], e["cards"]) if isinstance(e, dict) else (e[0], e[1], e[2])
               for e in obs.get("history", ())]
    # Walk forward from the talon size before the first event the history holds.
    talon = obs["talon_size"] + sum(len(cards) for kind, _, cards in history if kind == "drew")
    unbeaten = -1  # the attack card the defender has not answered yet
    for kind, seat, cards in history:
        if kind == "attacked":
            unbeaten = cards[0]
        elif kind == "beat":
            unbeaten = -1
        elif kind == "take":
            if talon == 0 and unbeaten >= 0 and 0 <= seat < n:
                voids[seat] |= BEATERS[trump][unbeaten]
            unbeaten = -1
        elif kind == "drew":
            talon -= len(cards)
            if 0 <= seat < n:
                voids[seat] = 0
        elif kind in ("discarded", "picked_up"):
            unbeaten = -1
    return voids


def sample_world(k: Knowledge, rng: random.Random) -> tuple[list[int], list[int]]:
    """Deal the unseen cards at random into the hidden slots: (hands per seat, talon in draw order).

    Hands include the publicly known cards (and this seat's own hand). Soft voids are honoured
    when they can be (most constrained seats first) and dropped when they cannot.
    """
    pool = cards_of(k.unseen)
    rng.shuffle(pool)
    hands = [k.known[s] for s in range(k.num_players)]
    hands[k.seat] = k.hand
    need = list(k.hidden)
    order = sorted((s for s in range(k.num_players) if need[s] and k.voids[s]),
                   key=lambda s: -(k.voids[s] & k.unseen).bit_count())
    for s in order:
        allowed = [c for c in pool if not k.voids[s] >> c & 1]
        if len(allowed) < need[s]:
            continue
        chosen = allowed[:need[s]]
        for c in chosen:
            hands[s] |= 1 << c
        taken = mask_of(chosen)
        pool = [c for c in pool if not taken >> c & 1]
        need[s] = 0
    i = 0
    for s in range(k.num_players):
        for c in pool[i:i + need[s]]:
            hands[s] |= 1 << c
        i += need[s]
    talon = pool[i:i + k.talon_hidden]
    if k.trump_in_talon:
        talon.append(k.trump_card)
    return hands, talon
