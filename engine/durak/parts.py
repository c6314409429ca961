"""Build a Durak position from explicit parts, checking it could occur under the rules.

Used by stacked tests and by the Hard AI, which builds one world per guess of the hidden cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ..cards import parse_card, parse_cards
from ..core import Event
from .tables import BIT, DEFEND, HAND_SIZE, NUM_CARDS, THROW_IN, mask_of

if TYPE_CHECKING:
    from .game import DurakGame


def _check_cards(hands: list[list[int]], talon: list[int], table_cards: list[int],
                 discard: list[int]) -> None:
    """Every card of the deck in exactly one place."""
    everything = [c for h in hands for c in h] + talon + table_cards + discard
    if sorted(everything) != list(range(NUM_CARDS)):
        seen: set[int] = set()
        twice = sorted({c for c in everything if c in seen or seen.add(c)})
        missing = sorted(set(range(NUM_CARDS)) - set(everything))
        raise ValueError(f"every card must be in exactly one place: missing {missing}, twice {twice}")


def build(cls: type["DurakGame"], hands: Sequence[Iterable[int]], talon: Sequence[int],
          trump_card: int, attacker: int, *, dealer: int, defender: int | None,
          table: Sequence[Sequence[int]], taking: bool, passed: Sequence[int],
          attack_limit: int | None, discard: Iterable[int], finished: Sequence[int],
          known: Sequence[Iterable[int]] | None, trump_card_taken: bool | None,
          history: Sequence[Event]) -> "DurakGame":
    """The position described (see DurakGame.from_parts); ValueError if it cannot occur."""
    from .seats import battle_seats

    hand_lists = [list(h) for h in hands]
    n = len(hand_lists)
    if not 2 <= n <= 6:
        raise ValueError(f"Durak is for 2 to 6 players, not {n}")
    talon = list(talon)
    pairs = [(int(a), int(d)) for a, d in table]
    table_cards = [c for a, d in pairs for c in ((a,) if d < 0 else (a, d))]
    discard = list(discard)
    _check_cards(hand_lists, talon, table_cards, discard)
    if len(talon) > NUM_CARDS - HAND_SIZE * n:
        raise ValueError(f"a talon of {len(talon)} cannot exist at a table of {n}")
    if trump_card in talon and talon[-1] != trump_card:
        raise ValueError("the trump indicator lies under the talon: it must be the talon's last card")
    masks = [mask_of(h) for h in hand_lists]
    if trump_card_taken is None:
        # Still in place: under the talon, or (6 players, no talon ever) in the dealer's hand.
        in_place = (trump_card in talon or (HAND_SIZE * n == NUM_CARDS
                                            and masks[dealer] >> trump_card & 1 == 1))
        trump_card_taken = not in_place
    elif not trump_card_taken and HAND_SIZE * n < NUM_CARDS and trump_card not in talon:
        raise ValueError("the trump indicator has left the talon, so it has been taken")
    if known is None:
        known_masks = [0] * n
        if not trump_card_taken and not talon:
            known_masks[dealer] = BIT[trump_card]
    else:
        known_masks = [mask_of(k) & masks[s] for s, k in enumerate(known)]

    game = cls._blank(n, dealer, trump_card, masks, talon, known_masks, None)
    game.trump_taken = bool(trump_card_taken)
    game.discard = mask_of(discard)
    game.finished = list(finished)
    game.in_game = [s not in game.finished for s in range(n)]
    game._seats, game._next_attackers = battle_seats(n, game.in_game)
    game.history = list(history)
    for seat in game.finished:
        if masks[seat]:
            raise ValueError(f"seat {seat} is out of the game but holds cards")
    active = [s for s in range(n) if game.in_game[s]]
    if len(active) <= 1:
        if table_cards:
            raise ValueError("a battle needs two active players")
        game.durak = active[0] if active else None
        # phase OVER from _blank; the last battle's seats and limit stay as they were shown
        game.attacker = attacker
        if defender is not None:
            game.defender = defender
        if attack_limit is not None:
            game.limit = attack_limit
        return game
    if not game.in_game[attacker]:
        raise ValueError(f"the attacker, seat {attacker}, is out of the game")
    game._start_battle(attacker)
    if defender is not None and defender != game.defender:
        raise ValueError("the defender must be the next active seat after the attacker "
                         f"({game.defender})")
    if not pairs:
        if not masks[attacker]:
            raise ValueError("the attacker must hold a card to lead")
        if passed or taking:
            raise ValueError("nobody passes or takes before the lead")
        if not talon:
            game._count_position(attacker)  # drawing and leaving 6 counts from here
        return game
    defender = game.defender
    unbeaten = [i for i, (_, d) in enumerate(pairs) if d < 0]
    if unbeaten and (not taking and unbeaten != [len(pairs) - 1]
                     or taking and unbeaten != list(range(unbeaten[0], len(pairs)))):
        raise ValueError("the defender answers each attack card in turn: only the last may be "
                         "unbeaten, or after take every card from the one taken on")
    if taking and not unbeaten:
        raise ValueError("the defender takes while an attack card is unbeaten")
    game.set_table(pairs)
    beaten = sum(1 for _, d in pairs if d >= 0)
    game.limit = attack_limit if attack_limit is not None else min(
        HAND_SIZE, masks[defender].bit_count() + beaten)
    if len(pairs) > game.limit:
        raise ValueError(f"{len(pairs)} attack cards exceed the limit of {game.limit}")
    game.taking = bool(taking)
    game.emptied = tuple(s for s in (*game.order, defender) if not masks[s])
    passed = list(passed)
    if pairs[-1][1] < 0 and not taking:
        if passed:
            raise ValueError("passes are reset by the unbeaten card")
        game.phase = DEFEND
        game.to_move = defender
        game._mask = game.legal_mask_from_state()
        if not masks[defender]:
            raise ValueError("the defender must hold a card to answer with, or be able to take")
        return game
    if passed != list(game.order[:len(passed)]):
        raise ValueError(f"attackers are asked in the order {game.order}; "
                         f"passed {passed} is not a prefix")
    game.phase = THROW_IN
    game.ask = len(passed)
    events: list[Event] = []
    game._settle(events)  # automatic passes, possibly the end of the battle
    game.history += events
    return game



def _cards(cards: str | Iterable[int]) -> list[int]:
    return parse_cards(cards) if isinstance(cards, str) else list(cards)


def stacked(hands: Sequence[str | Iterable[int]], trump: str | int, attacker: int, *,
            talon: str | Iterable[int] = "", table: Sequence[Sequence[str | int]] = (),
            **parts: Any) -> "DurakGame":
    """A position written in card text, e.g. ``stacked(["6S 7S", "8S"], "AH", 0)``.

    Cards given nowhere else go to the discard pile, so a test names only the cards that matter.
    ``trump`` is the indicator card; a trump indicator not named in the talon or a hand is put
    under the talon when there is one. Other keywords go to ``DurakGame.from_parts``.
    """
    from .game import DurakGame

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
    """The deck order (top first) that deals these 6-card hands, turns ``trump`` and leaves ``talon``.

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
