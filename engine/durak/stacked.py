"""Durak positions and decks written in card text, for stacked tests and marked lessons."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import parse_card, parse_cards
from .game import DurakGame
from .tables import HAND_SIZE, NUM_CARDS


def _cards(cards: str | Iterable[int]) -> list[int]:
    return parse_cards(cards) if isinstance(cards, str) else list(cards)


def stacked(hands: Sequence[str | Iterable[int]], trump: str | int, attacker: int, *,
            talon: str | Iterable[int] = "", table: Sequence[Sequence[str | int]] = (),
            **parts: Any) -> DurakGame:
    """A position written in card text, e.g. ``stacked(["6S 7S", "8S"], "AH", 0)``.

    Cards given nowhere else go to the discard pile, so a test names only the cards that matter.
    ``trump`` is the indicator card; a trump indicator not named in the talon or a hand is put
    under the talon when there is one. Other keywords go to ``DurakGame.from_parts``.
    """
    hand_lists = [_cards(h) for h in hands]
    talon_list = _cards(talon)
    trump_card = parse_card(trump) if isinstance(trump, str) else trump
    pairs = [[parse_card(c) if isinstance(c, str) else c for c in pair] for pair in table]
    named = ({c for h in hand_lists for c in h} | set(talon_list)
             | {c for p in pairs for c in p if c >= 0})
    if talon_list and trump_card not in named:
        talon_list.append(trump_card)
        named.add(trump_card)
    discard = [c for c in range(NUM_CARDS) if c not in named]
    return DurakGame.from_parts(hand_lists, talon_list, trump_card, attacker, table=pairs,
                                discard=discard, **parts)


def deck_for_deal(num_players: int, dealer: int, hands: Sequence[str | Iterable[int]],
                  trump: str | int, talon: str | Iterable[int] = "") -> list[int]:
    """The deck order (top first) that deals these 6-card hands, turns ``trump``, leaves ``talon``.

    For FixedDealer tests. Cards not named go to the talon after the named talon cards. With 6
    players ``trump`` must be the dealer's sixth card.
    """
    hand_lists = [_cards(h) for h in hands]
    trump_card = parse_card(trump) if isinstance(trump, str) else trump
    if any(len(h) != HAND_SIZE for h in hand_lists) or len(hand_lists) != num_players:
        raise ValueError("give six cards for every seat")
    order = [hand_lists[(dealer + 1 + i) % num_players][i // num_players]
             for i in range(HAND_SIZE * num_players)]
    if HAND_SIZE * num_players == NUM_CARDS:
        if order[-1] != trump_card:
            raise ValueError("with 6 players the trump is the dealer's sixth card")
        return order
    rest = _cards(talon)
    used = set(order) | set(rest) | {trump_card}
    rest += [c for c in range(NUM_CARDS) if c not in used]
    return order + [trump_card] + rest
