"""Durak states from parts: the blank state every game starts from, and any position built from
explicit parts, checked to be one that could occur under the rules.

Used by dealing, loading (saves.py), stacked tests (stacked.py) and worlds guessed from an
observation.
"""

from __future__ import annotations

import collections
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import NUM_RANKS
from ..core import Event
from ..shuffle import Deal
from .seats import battle_seats
from .tables import (
    BEATERS,
    BIT,
    DEFEND,
    HAND_SIZE,
    LEAD,
    NUM_CARDS,
    OVER,
    PASS,
    RANK_CARDS,
    TAKE,
    THROW_IN,
    mask_of,
)

if TYPE_CHECKING:
    from .game import DurakGame


def _check_cards(hands: list[list[int]], talon: list[int], table_cards: list[int],
                 discard: list[int]) -> None:
    """Every card of the deck in exactly one place."""
    everything = [c for h in hands for c in h] + talon + table_cards + discard
    if sorted(everything) != list(range(NUM_CARDS)):
        counts = collections.Counter(everything)
        twice = sorted(c for c, k in counts.items() if k > 1)
        missing = sorted(set(range(NUM_CARDS)) - set(everything))
        raise ValueError(f"every card must be in exactly one place: missing {missing}, "
                         f"twice {twice}")


def build(cls: type[DurakGame], hands: Sequence[Iterable[int]], talon: Sequence[int],
          trump_card: int, attacker: int, *, dealer: int, defender: int | None,
          table: Sequence[Sequence[int]], taking: bool, passed: Sequence[int],
          attack_limit: int | None, discard: Iterable[int], finished: Sequence[int],
          known: Sequence[Iterable[int]] | None, trump_card_taken: bool | None,
          history: Sequence[Event]) -> DurakGame:
    """The position described (DurakGame.from_parts); ValueError if it cannot occur.

    ``talon`` is top card first (the indicator last while it is still there); ``table`` is
    ``[[attack, defence or -1], …]``; ``passed`` the attackers who passed since the last card,
    in asking order. Omitted parts default to a battle's start: ``defender`` the next active
    seat after ``attacker``, ``attack_limit`` min(6, cards the defender held at battle start).
    Attackers with empty hands (or every attacker, once the limit is reached) are passed
    here, as in play (the "passed" events go into ``history``).
    """
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
        raise ValueError("the trump indicator lies under the talon: "
                         "it must be the talon's last card")
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

    game = blank(cls, n, dealer, trump_card, masks, talon, known_masks, None)
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
        # phase OVER from blank(); the last battle's seats and limit stay as they were shown
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
    set_table(game, pairs)
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
        game._mask = legal_mask_from_state(game)
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


def world_from_observation(cls: type[DurakGame], observation: dict[str, Any],
                           hands: Sequence[Iterable[int]], talon: Sequence[int]) -> DurakGame:
    """The world ``observation`` describes with this guess of the hidden cards and the talon.

    The history is not carried over (the searcher already has it in the observation).
    Raises ValueError when the guess contradicts the observation. Whose turn it is never
    depends on hidden cards (an attacker with nothing to add is asked like the others), so
    any guess with the right hand sizes and known cards gives the observed seat to move.
    """
    o = observation
    world = cls.from_parts(hands, talon, o["trump_card"], o["attacker"], dealer=o["dealer"],
                           defender=o["defender"], table=o["table"], taking=o["taking"],
                           passed=o["passed"], attack_limit=o["attack_limit"],
                           discard=o["discard"], finished=o["finished"], known=o["known"],
                           trump_card_taken=o["trump_card_taken"])
    if world.history or world.to_move != o["to_move"]:  # only with wrong hand sizes
        raise ValueError(f"the guessed hands contradict the observation: seat {o['to_move']} "
                         "is to move")
    return world


def blank(cls: type[DurakGame], n: int, dealer_seat: int, trump: int, hands: list[int],
          talon: list[int], known: list[int], deal: Deal | None) -> DurakGame:
    """A game of ``cls`` with these cards and no battle open (phase over): the base of every
    dealt, built or loaded state; its callers open the battle."""
    game = cls.__new__(cls)  # also right for a compiled class (object.__new__ is refused)
    game.num_players = n
    game.dealer = dealer_seat
    game.trump_card = trump
    game.trump_suit = trump // NUM_RANKS
    game.trump_taken = False
    game.hands = hands
    game._talon = tuple(talon)  # never edited: drawing moves _talon_at on, so clones share it
    game._talon_at = 0
    # _talon_masks[i]: the first i talon cards as one mask, so a draw is a single xor.
    masks = [0]
    mask = 0
    for card in talon:  # a loop, not accumulate(): the compiled build runs it natively
        mask |= BIT[card]
        masks.append(mask)
    game._talon_masks = tuple(masks)
    game.discard = 0
    game.known = known
    game.finished = []
    game.in_game = [True] * n
    game.durak = None
    game.deal = deal
    game.history = []
    game._beaters = BEATERS[game.trump_suit]
    game._seen = {}
    game._seats, game._next_attackers = battle_seats(n, game.in_game)
    game.attacker = game.defender = 0
    game.order = ()
    game.ask = 0
    game.table = []
    game.num_attacks = 0
    game.rank_cards = 0
    game.taking = False
    game.limit = 0
    game.emptied = ()
    game.phase = OVER
    game.to_move = None
    game._mask = 0
    # Drawing and leaving 6: how often each battle-start position stood, keyed by
    # (attacker, *hands). Only positions with today's talon and discard pile are kept: the
    # pile only grows and the talon only shrinks, so older ones can never stand again, and
    # within them the talon and the pile are every card not in a hand.
    game._positions = {}
    return game


def set_table(game: DurakGame, pairs: Iterable[Sequence[int]]) -> None:
    """Lay ``[[attack, defence or -1], …]`` on ``game``'s table (building positions, not play)."""
    pairs = list(pairs)
    game.table = [c for a, d in pairs for c in ((a,) if d < 0 else (a, d))]
    game.num_attacks = len(pairs)
    game.rank_cards = 0
    for card in game.table:
        game.rank_cards |= RANK_CARDS[card]


def legal_mask_from_state(game: DurakGame) -> int:
    """Every legal action as one 38-bit mask (bit 36 TAKE, bit 37 PASS), derived from the state
    alone: for a state loaded or built here, and for the tests to check play's kept mask."""
    phase = game.phase
    if phase == LEAD:
        return game.hands[game.attacker]  # must lead, no pass
    if phase == DEFEND:  # beat the one unbeaten card, or take
        return game.hands[game.defender] & BEATERS[game.trump_suit][game.table[-1]] | BIT[TAKE]
    if phase == THROW_IN:  # a card of a rank on the table, within the limit, or pass
        if game.num_attacks < game.limit:
            return game.hands[game.order[game.ask]] & game.rank_cards | BIT[PASS]
        return BIT[PASS]
    return 0


def copy_state(game: DurakGame) -> DurakGame:
    """An independent copy of ``game`` (DurakGame.clone): a few lists of ints, the rest shared."""
    g = type(game).__new__(type(game))  # no __init__: every slot is set below
    g.num_players = game.num_players
    g.dealer = game.dealer
    g.trump_card = game.trump_card
    g.trump_suit = game.trump_suit
    g.trump_taken = game.trump_taken
    g.hands = game.hands[:]
    g._talon = game._talon
    g._talon_at = game._talon_at
    g._talon_masks = game._talon_masks
    g.discard = game.discard
    g.known = game.known[:]
    g.finished = game.finished[:]
    g.in_game = game.in_game[:]
    g.attacker = game.attacker
    g.defender = game.defender
    g.order = game.order
    g.ask = game.ask
    g.table = game.table[:]
    g.num_attacks = game.num_attacks
    g.rank_cards = game.rank_cards
    g.taking = game.taking
    g.limit = game.limit
    g.phase = game.phase
    g.to_move = game.to_move
    g.emptied = game.emptied
    g.durak = game.durak
    g.deal = game.deal
    g.history = game.history[:]
    g._seats = game._seats
    g._next_attackers = game._next_attackers
    g._beaters = game._beaters
    g._mask = game._mask
    g._seen = {}
    g._positions = game._positions.copy()
    return g
