"""Durak heuristics: the Easy and Normal players' rules on a compact view of one seat's decision.

A :class:`View` holds only what that seat may know (own hand, the table, public card counts,
the cards it cannot place). The same rules drive the Normal player and the rollouts of the
Hard player's search, so they are written on bitmasks and kept cheap.

Card worth, used throughout: a plain card is worth its rank (six 0 … ace 8), a trump
``TRUMP_WORTH`` more, so the lowest trump outranks every plain ace.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bits import BEATERS, RANK_MASK, SUIT_MASK, iter_cards

TAKE = 36
PASS = 37
LEAD, DEFEND, THROW_IN = 0, 1, 2
TRUMP_WORTH = 10


class View:
    """One seat's decision, as the heuristics need it. Card sets are bitmasks.

    ``phase``: LEAD, DEFEND or THROW_IN; ``attack``: the card to answer when defending;
    ``table``: cards on the table; ``rank_cards``: every card of a rank on the table;
    ``attacks``/``limit``: attack cards so far and allowed; ``defender_known``: cards the
    defender is publicly known to hold; ``defender_hidden``: how many other cards it holds;
    ``unseen``: the cards this seat cannot place (where the defender's hidden cards come from);
    ``active``: players still in the game.
    """

    __slots__ = (
        "active",
        "attack",
        "attacks",
        "defender_hidden",
        "defender_known",
        "defender_size",
        "hand",
        "limit",
        "phase",
        "rank_cards",
        "table",
        "taking",
        "talon_size",
        "trump",
        "unseen",
    )

    def __init__(self, phase: int, trump: int, hand: int, attack: int, table: int, rank_cards: int,
                 attacks: int, limit: int, taking: bool, talon_size: int, defender_size: int,
                 defender_known: int, defender_hidden: int, unseen: int, active: int) -> None:
        self.phase = phase
        self.trump = trump
        self.hand = hand
        self.attack = attack
        self.table = table
        self.rank_cards = rank_cards
        self.attacks = attacks
        self.limit = limit
        self.taking = taking
        self.talon_size = talon_size
        self.defender_size = defender_size
        self.defender_known = defender_known
        self.defender_hidden = defender_hidden
        self.unseen = unseen
        self.active = active


def worth(card: int, trump: int) -> int:
    """How much a card is worth keeping: rank for a plain card, TRUMP_WORTH more for a trump."""
    rank = card % 9
    return rank + TRUMP_WORTH if card // 9 == trump else rank


def p_defender_beats(v: View, card: int) -> float:
    """Chance the defender holds a card beating ``card``, from public knowledge only.

    Known cards decide it when they can; otherwise the defender's hidden cards are treated as
    a uniform draw from the unseen cards (hypergeometric).
    """
    beaters = BEATERS[v.trump][card]
    if v.defender_known & beaters:
        return 1.0
    h = v.defender_hidden
    pool = v.unseen.bit_count()
    good = (v.unseen & beaters).bit_count()
    if h <= 0 or good == 0:
        return 0.0
    if h > pool - good:
        return 1.0
    p_none = 1.0
    for i in range(h):
        p_none *= (pool - good - i) / (pool - i)
    return 1.0 - p_none


# --- Easy -----------------------------------------------------------------------------------

EASY_THROW_RANK = 6  # Easy throws in plain cards up to the queen only


def easy_action(v: View, legal: list[int]) -> int:
    """Attack low, defend with the lowest card that beats, throw in only low plain cards."""
    trump = v.trump
    cards = [a for a in legal if a < TAKE]
    if v.phase == THROW_IN:
        low = [c for c in cards if c // 9 != trump and c % 9 <= EASY_THROW_RANK]
        return min(low, key=lambda c: c % 9) if low else PASS
    if not cards:
        return legal[0]
    return min(cards, key=lambda c: worth(c, trump))


# --- Normal ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class NormalParams:
    """The Normal player's weights, tuned by self-play against Easy and earlier Normals."""

    pair_bonus: float = 3.0  # leading a rank held twice lets the rest follow as throw-ins
    unbeatable_bonus: float = 6.0  # late game: lead what the defender probably cannot beat
    open_rank_penalty: float = 1.0  # a defence of a new rank invites more throw-ins
    take_talon_min: int = 12  # take a cheap card voluntarily only while the talon is this long
    take_trump_rank: int = 6  # ... rather than spend a trump of at least this rank (6 = queen)
    take_max_cards: int = 1  # ... when at most this many cards would be picked up
    take_hand_max: int = 7  # ... and the hand is not already this big
    throw_rank: int = 8  # while the defender beats: throw in plain cards up to this rank (8 = all)
    throw_unbeatable: float = 0.6  # ... or any plain card the defender beats at most this often
    throw_unbeatable_weight: float = 5.0  # among them, prefer what the defender likely cannot beat
    take_throw_rank: int = 3  # while the defender takes: give plain cards up to this rank (9)
    late_talon: int = 3  # at or below this talon size, play the endgame rules
    late_trump_throw: float = 1.0  # late game: throw in a trump beaten at most this often
    trump_throw_players: int = 2  # ... but only with at most this many players left


NORMAL = NormalParams()


def normal_action(v: View, legal: list[int], p: NormalParams = NORMAL) -> int:
    """Save trumps and high cards, add what the defender likely cannot beat, mind the talon."""
    if len(legal) == 1:
        return legal[0]
    if v.phase == LEAD:
        return _normal_lead(v, p)
    if v.phase == DEFEND:
        return _normal_defend(v, p)
    return _normal_throw_in(v, legal, p)


def _normal_lead(v: View, p: NormalParams) -> int:
    trump = v.trump
    hand = v.hand
    plain = hand & ~SUIT_MASK[trump]
    late = v.talon_size <= p.late_talon
    best, best_score = -1, 1e9
    for c in iter_cards(hand):
        rank = c % 9  # worth(), written out: this loop runs at every lead of every rollout
        if c // 9 == trump:
            score = float(rank + TRUMP_WORTH)
        else:
            score = rank - p.pair_bonus * ((plain & RANK_MASK[rank]).bit_count() - 1)
        if late:
            score -= p.unbeatable_bonus * (1.0 - p_defender_beats(v, c))
        if score < best_score:
            best, best_score = c, score
    return best


def _normal_defend(v: View, p: NormalParams) -> int:
    trump = v.trump
    attack = v.attack
    beaters = v.hand & BEATERS[trump][attack]
    if not beaters:
        return TAKE
    more_may_come = v.attacks < v.limit
    best, best_cost = -1, 1e9
    for b in iter_cards(beaters):
        cost = float(b % 9 + TRUMP_WORTH if b // 9 == trump else b % 9)  # worth(), written out
        if more_may_come and not v.rank_cards >> b & 1:
            cost += p.open_rank_penalty
        if cost < best_cost:
            best, best_cost = b, cost
    if (v.talon_size >= p.take_talon_min and best // 9 == trump and attack // 9 != trump
            and best % 9 >= p.take_trump_rank and v.table.bit_count() <= p.take_max_cards
            and v.hand.bit_count() <= p.take_hand_max):
        return TAKE  # cheap cards now, trumps kept for later: the talon will refill the hand
    return best


def _normal_throw_in(v: View, legal: list[int], p: NormalParams) -> int:
    trump = v.trump
    late = v.talon_size <= p.late_talon
    best, best_score = PASS, 1e9
    for c in legal:
        if c >= TAKE:
            continue
        is_trump = c // 9 == trump
        rank = c % 9
        if v.taking:
            ok = not is_trump and (late or rank <= p.take_throw_rank)
            score = float(rank)
        else:
            p_beat = p_defender_beats(v, c)
            if is_trump:
                ok = late and v.active <= p.trump_throw_players and p_beat <= p.late_trump_throw
            else:
                ok = late or rank <= p.throw_rank or p_beat <= p.throw_unbeatable
            score = worth(c, trump) - p.throw_unbeatable_weight * (1.0 - p_beat)
        if ok and score < best_score:
            best, best_score = c, score
    return best
