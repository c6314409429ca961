"""Why a move is good, in one line: the principle behind a move, read from one seat's view.

The hint button asks the Hard player for a move and this module names the idea behind it, so
the table can say "beat with the lowest card that can" rather than only pointing at a card.
It sees exactly what the player saw: ``explain(observation, legal, action)``, nothing else.

The answer is a :class:`Reason`: a catalogue key (``hint.<game>.<principle>``) and the fields
its text needs, so the words stay in the scenes' catalogue and can be translated.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from engine.azi.constants import ALL_IN, BET_BASE, CALL, FOLD, JOIN_AZI, LOOK, SKIP_AZI
from engine.cards import NUM_RANKS
from engine.durak import PASS, TAKE
from engine.durak.tables import beats

from .azi.strength import win_chance
from .azi.tricks import power, trick_context


class Reason(NamedTuple):
    """A principle: its catalogue key and the fields of its text (cards as ints)."""

    key: str
    fields: dict[str, Any]


def hint_for(player: Any, observation: dict[str, Any], legal: list[int]) -> tuple[int, Reason]:
    """The move ``player`` (e.g. the Hard player) makes here, and the principle behind it."""
    action = player.choose(observation, legal)
    return action, explain(observation, legal, action)


def explain(observation: dict[str, Any], legal: list[int], action: int) -> Reason:
    """The principle behind playing ``action`` in the decision ``observation`` asks for."""
    return EXPLAINERS[observation["game"]](observation, legal, action)


# --- Durak ------------------------------------------------------------------------------------
def _durak_rank(card: int, trump: int) -> tuple[bool, int]:
    """How much a card is worth keeping: trumps above plain cards, then by rank."""
    return card // NUM_RANKS == trump, card % NUM_RANKS


def explain_durak(obs: dict[str, Any], legal: list[int], action: int) -> Reason:
    """Durak: why take, pass, lead, throw in or beat with this card."""
    trump = obs["trump_suit"]
    table = obs["table"]
    hand = obs["hand"]
    defending = (obs["seat"] == obs["defender"] and table and table[-1][1] < 0
                 and not obs["taking"])
    if action == TAKE:
        attack = table[-1][0] if table else -1
        if not any(beats(c, attack, trump) for c in hand):
            return Reason("hint.durak.take_no_beat", {})
        return Reason("hint.durak.take_keep", {})
    if action == PASS:
        if obs["taking"]:
            return Reason("hint.durak.pass_taking", {})
        return Reason("hint.durak.pass_keep", {})
    is_trump = action // NUM_RANKS == trump
    if defending:
        attack = table[-1][0]
        beaters = [c for c in legal if 0 <= c < 36]
        plain = [c for c in beaters if c // NUM_RANKS != trump]
        if is_trump and not plain and attack // NUM_RANKS != trump:
            return Reason("hint.durak.beat_trump", {"card": action})
        if action == min(beaters, key=lambda c: _durak_rank(c, trump)):
            return Reason("hint.durak.beat_lowest", {"card": action})
        return Reason("hint.durak.beat_keep", {"card": action})
    plays = [c for c in legal if 0 <= c < 36]
    if not table:
        same_rank = [c for c in hand if c % NUM_RANKS == action % NUM_RANKS and c != action]
        if is_trump and obs["talon_size"] == 0:
            return Reason("hint.durak.lead_trump_end", {"card": action})
        if same_rank and not is_trump:
            return Reason("hint.durak.lead_pair", {"card": action})
        if action == min(plays, key=lambda c: _durak_rank(c, trump)):
            return Reason("hint.durak.lead_low", {"card": action})
        return Reason("hint.durak.lead_other", {"card": action})
    if obs["taking"]:
        return Reason("hint.durak.throw_taking", {"card": action})
    if not is_trump and any(c // NUM_RANKS == trump for c in hand):
        return Reason("hint.durak.throw_keep_trumps", {"card": action})
    return Reason("hint.durak.throw_in", {"card": action})


# --- Azi --------------------------------------------------------------------------------------
def hand_chance(obs: dict[str, Any]) -> float:
    """The quick model's chance that this seat's hand takes two tricks against those still in."""
    seat = obs["seat"]
    ctx = trick_context(obs["trump_suit"], obs["six_on_stage"])
    players = sum(1 for s, inn in enumerate(obs["in_game"])
                  if inn and not obs["folded"][s] and not obs["out"][s])
    return win_chance(obs["hand"], ctx, max(2, players), leads=obs["leader"] == seat)


def explain_azi(obs: dict[str, Any], legal: list[int], action: int) -> Reason:
    """Azi: why look, bet, call, fold, join an azi, discard or play this card."""
    if action == LOOK:
        return Reason("hint.azi.look", {})
    if action in (JOIN_AZI, SKIP_AZI):
        key = "hint.azi.join" if action == JOIN_AZI else "hint.azi.skip"
        return Reason(key, {})
    if action in (FOLD, CALL, ALL_IN) or action >= BET_BASE:
        fields = {"percent": round(100 * hand_chance(obs))} if obs["hand"] else {}
        blind = "" if obs["hand"] else "_blind"
        name = {FOLD: "fold", CALL: "call", ALL_IN: "all_in"}.get(action, "raise")
        if action >= BET_BASE and obs["highest_bid"] <= 0:
            name = "open"
        return Reason(f"hint.azi.{name}{blind}", fields)
    if obs["phase"] == "discard":
        return Reason("hint.azi.discard_weakest", {"card": action})
    return _explain_trick_card(obs, legal, action)


def _explain_trick_card(obs: dict[str, Any], legal: list[int], action: int) -> Reason:
    """A card in a trick: lead, win cheaply, trump in, follow low, or throw away the least."""
    ctx = trick_context(obs["trump_suit"], obs["six_on_stage"])
    trick = [card for _, card in obs["trick"]]
    if not trick:
        strongest = max(legal, key=lambda c: power(c, c // NUM_RANKS, ctx))
        key = "hint.azi.lead_strong" if action == strongest else "hint.azi.lead_low"
        return Reason(key, {"card": action})
    led = trick[0] // NUM_RANKS
    best = max(power(c, led, ctx) for c in trick)
    wins = power(action, led, ctx) > best
    if wins:
        cheaper = [c for c in legal if best < power(c, led, ctx) < power(action, led, ctx)]
        if action // NUM_RANKS == ctx[0] and led != ctx[0]:
            return Reason("hint.azi.trump_in", {"card": action})
        key = "hint.azi.win_cheaply" if not cheaper else "hint.azi.win"
        return Reason(key, {"card": action})
    if action // NUM_RANKS == led:
        return Reason("hint.azi.follow_low", {"card": action})
    return Reason("hint.azi.throw_away", {"card": action})


# Each game's explainer, by the observation's "game" (a new game adds its own here).
EXPLAINERS: dict[str, Callable[[dict[str, Any], list[int], int], Reason]] = {
    "durak": explain_durak, "azi": explain_azi}
