"""DurakGame: one game of throw-in Durak, as flat data plus the rules (protocol: engine.durak).

The state is a few ints and short lists: hands, the discard pile and the publicly known cards
are bitmasks (engine/durak/tables.py), the table is the list of cards in the order played
(attack, its defence, …; after a take only attacks follow). The legal actions are one 38-bit
mask kept with the state; both ``legal_actions()`` and ``apply()`` read that mask, so it is the
single source of truth.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from ..core import Event, Game, IllegalAction, Message
from ..shuffle import Deal, Dealer
from .dealing import deal_game
from .events import (
    DISCARDED,
    DREW,
    EV_ATTACKED,
    EV_BEAT,
    EV_PASSED,
    EV_TAKE,
    GAME_OVER,
    OUT,
    PICKED_UP,
    REPETITION,
    TRUMP_TAKEN,
    event,
)
from .observe import observation, result, returns, table_pairs
from .parts import build, copy_state, legal_mask_from_state, world_from_observation
from .seats import battle_seats
from .tables import (
    BIT,
    CARDS_0_11,
    CARDS_12_23,
    CARDS_24_35,
    CLEAR,
    COUNT_12,
    DEFEND,
    HAND_SIZE,
    LEAD,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUM_ACTIONS,
    NUM_CARDS,
    OVER,
    PASS,
    RANK_CARDS,
    TAKE,
    TAKE_PASS_TAIL,
    THROW_IN,
    cards_of,
)
from .text import action_text, explain_illegal

__all__ = ["DurakGame", "MIN_PLAYERS", "MAX_PLAYERS", "REPEATS_TO_DRAW"]

PASS_BIT: Final = BIT[PASS]
TAKE_BIT: Final = BIT[TAKE]

# ATTACK_LIMIT[cards the defender holds at the battle's start]: battle 4, min(6, that number).
ATTACK_LIMIT: Final = tuple(min(HAND_SIZE, held) for held in range(NUM_CARDS + 1))
# Event(...) without NamedTuple's argument handling, for per-battle events; Final, so that the
# compiled build holds both in C statics rather than looking the names up at every battle.
_event: Final = tuple.__new__
_EVENT: Final = Event
# drawing and leaving 6: the third time a position stands, the game is drawn
REPEATS_TO_DRAW: Final = 3


class DurakGame(Game):
    """The state of one Durak game: whose move, what is legal, and what each seat may see."""

    __slots__ = ("num_players", "dealer", "trump_card", "trump_suit", "trump_taken", "hands",
                 "_talon", "_talon_at", "_talon_masks", "discard", "known", "finished", "in_game",
                 "attacker", "defender",
                 "order", "ask", "table", "num_attacks", "rank_cards", "taking",
                 "limit", "phase", "to_move", "emptied", "durak", "deal", "history",
                 "_seats", "_next_attackers", "_beaters", "_mask", "_seen", "_positions")

    # The slots' types (for readers and mypy; a slot is filled in _blank / from_parts).
    num_players: int
    dealer: int
    trump_card: int
    trump_suit: int
    trump_taken: bool
    hands: list[int]  # bitmasks
    _talon: tuple[int, ...]
    _talon_at: int
    _talon_masks: tuple[int, ...]
    discard: int  # bitmask
    known: list[int]  # bitmasks
    finished: list[int]
    in_game: list[bool]
    attacker: int
    defender: int
    order: tuple[int, ...]
    ask: int
    table: list[int]
    num_attacks: int
    rank_cards: int
    taking: bool
    limit: int
    phase: int
    to_move: int | None
    emptied: tuple[int, ...]
    durak: int | None
    deal: Deal | None
    history: list[Event]
    _seats: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]  # seats.battle_seats
    _next_attackers: tuple[tuple[int, ...], tuple[int, ...]]
    _beaters: tuple[int, ...]  # BEATERS[trump suit]
    _mask: int
    _seen: dict[int | None, list[dict[str, Any]]]
    _positions: dict[tuple[int, ...], int]

    # --- building a game ------------------------------------------------------------------
    @classmethod
    def new(cls, num_players: int, dealer: Dealer, dealer_seat: int | None = None) -> DurakGame:
        """Shuffle with ``dealer``, deal (table and deal 2), turn the trump, open the first battle.

        ``dealer_seat`` None (a first game) draws the dealer from the deal's own seed, so the
        deal's commitment seals the draw too and the revealed seed proves it.
        """
        return deal_game(cls, num_players, dealer, dealer_seat)

    @classmethod
    def from_parts(cls, hands: Sequence[Iterable[int]], talon: Sequence[int], trump_card: int,
                   attacker: int, *, dealer: int = 0, defender: int | None = None,
                   table: Sequence[Sequence[int]] = (), taking: bool = False,
                   passed: Sequence[int] = (), attack_limit: int | None = None,
                   discard: Iterable[int] = (), finished: Sequence[int] = (),
                   known: Sequence[Iterable[int]] | None = None,
                   trump_card_taken: bool | None = None,
                   history: Sequence[Event] = ()) -> DurakGame:
        """A game in any position from explicit parts (stacked tests, guessed worlds); ValueError
        if it could not occur. The parts are described at engine/durak/parts.py's build()."""
        return build(cls, hands, talon, trump_card, attacker, dealer=dealer, defender=defender,
                     table=table, taking=taking, passed=passed, attack_limit=attack_limit,
                     discard=discard, finished=finished, known=known,
                     trump_card_taken=trump_card_taken, history=history)

    @classmethod
    def from_observation(cls, observation: dict[str, Any], hands: Sequence[Iterable[int]],
                         talon: Sequence[int]) -> DurakGame:
        """A world consistent with one seat's observation, given a guess of every hand and the
        talon (no history); ValueError when the guess contradicts it (parts.py says how)."""
        return world_from_observation(cls, observation, hands, talon)

    # --- the battle -------------------------------------------------------------------------
    def _start_battle(self, attacker: int) -> None:
        """Battle 1 and 3: the next active seat defends; attackers are asked from ``attacker``."""
        defender, order, _ = self._seats[attacker]
        self.attacker = attacker
        self.defender = defender
        self.order = order
        self.ask = 0
        self.table = []
        self.num_attacks = 0
        self.rank_cards = 0
        self.taking = False
        held = self.hands[defender]
        # battle 4; the count is count_cards() written out (hot: every battle)
        self.limit = ATTACK_LIMIT[COUNT_12[held & 4095] + COUNT_12[held >> 12 & 4095]
                                  + COUNT_12[held >> 24]]
        self.emptied = ()
        self.phase = LEAD
        self.to_move = attacker
        self._mask = self.hands[attacker]  # the lead: any card in hand

    # The legal actions are kept as one mask, set by each transition below where the needed
    # values are at hand; legal_mask_from_state() derives the same rule from the state alone.
    def legal_mask_from_state(self) -> int:
        """Every legal action as one 38-bit mask (bit 36 TAKE, bit 37 PASS), from the state."""
        return legal_mask_from_state(self)

    def legal_actions(self) -> list[int]:
        """Every action allowed now, ascending; empty exactly when the game is over."""
        m = self._mask
        if m == PASS_BIT:
            return [PASS]  # an attacker asked with nothing to add: the commonest question of all
        # A fresh list (callers may edit it): actions_of, written out. (A cache per mask does
        # not pay: a third of the masks met in random play are new, hands being in them.)
        return [*CARDS_0_11[m & 4095], *CARDS_12_23[m >> 12 & 4095], *CARDS_24_35[m >> 24 & 4095],
                *TAKE_PASS_TAIL[m >> 36]]

    # The public methods take any object (type annotations do not stop a caller, and the
    # compiled build would refuse a non-int with TypeError): junk is refused as illegal.
    def is_legal(self, action: object) -> bool:
        """True when ``action`` may be applied now."""
        return type(action) is int and 0 <= action < NUM_ACTIONS and self._mask >> action & 1 == 1

    def apply(self, action: object) -> list[Event]:
        """Do ``action`` for the seat to move; the events (IllegalAction, state unchanged)."""
        if type(action) is not int or action < 0 or not self._mask >> action & 1:
            raise IllegalAction(self.explain_illegal(action))
        history = self.history
        start = len(history)
        self._step(action)
        return history[start:]

    def _step(self, action: int) -> None:
        """Do a legal ``action`` (apply() checked it, or playout.py drew it from the legal mask),
        appending its events to the history."""
        # This is the hottest path of every playout and search, so it is written out flat, and
        # the commonest continuations (the next attacker or the defender is asked) return
        # after one prebuilt event (engine/durak/events.py).
        history = self.history
        if action < NUM_CARDS:
            # A card leaves the mover's hand for the table.
            seat: int = self.to_move  # type: ignore[assignment]  # legal: someone is to move
            hands = self.hands
            hand = hands[seat] ^ BIT[action]
            hands[seat] = hand
            known = self.known[seat]
            if known:  # a publicly known card is no longer in the hand
                # (read, then store: ``list[i] &= x`` is a generic operation in the compiled build)
                self.known[seat] = known & CLEAR[action]
            if action == self.trump_card:
                self.trump_taken = True  # 6 players: the dealer's public trump leaves that hand
            self.table.append(action)
            rank_cards = self.rank_cards | RANK_CARDS[action]
            self.rank_cards = rank_cards
            if not hand:
                self.emptied += (seat,)  # the order hands empty in decides places
            if self.phase == DEFEND:
                history.append(EV_BEAT[seat][action][self.num_attacks - 1])
            else:  # the lead or a throw-in
                defender = self.defender
                history.append(EV_ATTACKED[seat][action][defender])
                self.num_attacks += 1
                if not self.taking:  # the defender answers each attack card before more come
                    self.phase = DEFEND
                    self.to_move = defender
                    self._mask = hands[defender] & self._beaters[action] | TAKE_BIT
                    return
            self.ask = 0  # any card played resets the passes: the first attacker is asked again
            if self.num_attacks < self.limit:
                first = self.order[0]
                hand = hands[first]
                if hand:
                    self.phase = THROW_IN
                    self.to_move = first
                    self._mask = hand & rank_cards | PASS_BIT
                    return
        elif action == PASS:
            # An asked attacker adds nothing: ask the next one, or end the battle. (A pass is
            # only asked below the limit: at the limit every attacker is passed at once.)
            passer: int = self.to_move  # type: ignore[assignment]  # a pass was legal
            history.append(EV_PASSED[passer])
            ask = self.ask + 1
            self.ask = ask
            order = self.order
            if ask < len(order):
                seat = order[ask]
                hand = self.hands[seat]
                if hand:
                    self.to_move = seat
                    self._mask = hand & self.rank_cards | PASS_BIT
                    return
        else:  # TAKE; attackers may still throw in (battle 7)
            self.taking = True
            history.append(EV_TAKE[self.defender])
            self.ask = 0
        self._settle(history)

    def _settle(self, events: list[Event]) -> None:
        """Ask the attackers in order (passing only the publicly empty-handed); all passed: the
        battle ends."""
        order = self.order
        ask = self.ask
        if self.num_attacks < self.limit:
            hands = self.hands
            rank_cards = self.rank_cards
            while ask < len(order):
                seat = order[ask]
                hand = hands[seat]
                if hand:
                    # Asked even with nothing to add (only PASS legal): whether he is asked must
                    # not tell the others that he holds a rank on the table (rules, Information).
                    self.phase = THROW_IN
                    self.ask = ask
                    self.to_move = seat
                    self._mask = hand & rank_cards | PASS_BIT
                    return
                events.append(EV_PASSED[seat])  # an empty hand is public: nothing to ask
                ask += 1
        else:
            while ask < len(order):
                events.append(EV_PASSED[order[ask]])
                ask += 1
        self._end_battle(events)

    def _end_battle(self, events: list[Event]) -> None:
        """Battle 6 and 7, then drawing and leaving 1–4."""
        defender = self.defender
        table = tuple(self.table)
        table_mask = 0
        for card in table:
            table_mask |= BIT[card]
        talon_at = self._talon_at
        taking = self.taking
        if taking:
            self.hands[defender] = self.hands[defender] | table_mask
            self.known[defender] = self.known[defender] | table_mask  # they were face up
            events.append(_event(_EVENT, (PICKED_UP, defender, table, 0, -1, False)))
        else:
            self.discard |= table_mask
            events.append(_event(_EVENT, (DISCARDED, -1, table, 0, -1, False)))
        if talon_at < len(self._talon):
            self._draw(events)
        # A new pile or talon: no earlier position can stand again (drawing and leaving 6).
        fresh = not taking or self._talon_at != talon_at
        if self.emptied and self._leave(events):
            if fresh:
                self._positions = {}
            return
        # The defender attacks next, or after a take the player after it; one who is out hands
        # the attack on clockwise (drawing and leaving 3).
        after = self._next_attackers[1] if taking else self._next_attackers[0]
        attacker = after[defender]
        if fresh:
            self._positions = {(attacker, *self.hands): 1}
        elif self._count_position(attacker) >= REPEATS_TO_DRAW:
            self._game_over(events, None, REPETITION)
            return
        self._start_battle(attacker)

    def _count_position(self, attacker: int) -> int:
        """Drawing and leaving 6: count this battle-start position; how often it has stood now."""
        key = (attacker, *self.hands)
        count = self._positions.get(key, 0) + 1
        self._positions[key] = count
        return count

    def _draw(self, events: list[Event]) -> None:
        """Drawing 1: up to 6 each, the first attacker, the others clockwise, the defender last."""
        hands = self.hands
        talon = self._talon
        masks = self._talon_masks
        size = len(talon)
        at = self._talon_at
        for seat in self._seats[self.attacker][2]:
            held = hands[seat]
            need = HAND_SIZE - (COUNT_12[held & 4095] + COUNT_12[held >> 12 & 4095]
                                + COUNT_12[held >> 24])  # count_cards(), written out
            if need <= 0:
                continue
            end = at + need if at + need < size else size
            hands[seat] = hands[seat] | masks[end] ^ masks[at]
            events.append(_event(_EVENT, (DREW, seat, talon[at:end], 0, -1, True)))
            at = end
            if at == size:
                if not self.trump_taken:  # the indicator was the last card
                    self.trump_taken = True
                    self.known[seat] |= BIT[self.trump_card]
                    events.append(event(TRUMP_TAKEN, seat, (self.trump_card,)))
                break
        self._talon_at = at

    def _leave(self, events: list[Event]) -> bool:
        """Leaving 2, 4, 5: empty hands leave in the order they emptied; True when it is over."""
        in_game = self.in_game
        hands = self.hands
        left = False
        for seat in self.emptied:
            if not hands[seat]:
                in_game[seat] = False
                self.finished.append(seat)
                events.append(event(OUT, seat, (), len(self.finished)))
                left = True
        if not left:
            return False
        active = [s for s in range(self.num_players) if in_game[s]]
        if len(active) >= 2:
            self._seats, self._next_attackers = battle_seats(self.num_players, in_game)
            return False
        self._game_over(events, active[0] if active else None, 0)
        return True

    def _game_over(self, events: list[Event], durak: int | None, reason: int) -> None:
        """End the game: ``durak`` None is a draw; ``reason`` REPETITION: drawing and leaving 6."""
        self.durak = durak
        self.phase = OVER
        self.to_move = None
        self.order = ()
        self.ask = 0
        self.table = []
        self.num_attacks = self.rank_cards = 0
        self.taking = False
        self.emptied = ()
        self._mask = 0
        events.append(event(GAME_OVER, -1 if durak is None else durak, (), reason))

    # --- reading the state ------------------------------------------------------------------
    def explain_illegal(self, action: object) -> Message:
        """Why ``action`` is not allowed now: a message key and its fields."""
        return explain_illegal(self, action)

    def action_text(self, action: int) -> str:
        """Short English text for an action now, e.g. "throw in 9♥", "beat 7♠ with K♠", "take"."""
        return action_text(self, action)

    @property
    def talon(self) -> list[int]:
        """The cards left in the talon, top first (full knowledge: not for computer players)."""
        return list(self._talon[self._talon_at:])

    @property
    def trump_card_taken(self) -> bool:
        """True once the indicator left the talon (drawn, or played in the 6-player case)."""
        return self.trump_taken

    @property
    def deal_commitment(self) -> str | None:
        """SHA-256 commitment of this deal's seed (None for a fixed or built position)."""
        return self.deal.commitment if self.deal else None

    @property
    def deal_seed(self) -> str | None:
        """The deal's seed (hex), revealed only once the game is over; check it with verify_deal."""
        return self.deal.seed_hex if self.deal and self.phase == OVER else None

    def hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds, ascending (full knowledge: not for computer players)."""
        return cards_of(self.hands[seat])

    def table_pairs(self) -> list[list[int]]:
        """``[[attack, defence or -1], …]`` in the order attacks were made."""
        return table_pairs(self)

    def passed_seats(self) -> list[int]:
        """Attackers who passed since the last card was played, in asking order."""
        return list(self.order[:self.ask]) if self.phase == THROW_IN else []

    def observation(self, seat: int | None, history: bool = True) -> dict[str, Any]:
        """What ``seat`` may know (None: a shared screen, no hand); no events without history."""
        return observation(self, seat, history)

    @property
    def drawn_by_repetition(self) -> bool:
        """True when the game ended because a battle-start position stood a third time."""
        return self.phase == OVER and REPEATS_TO_DRAW in self._positions.values()

    def result(self) -> dict[str, Any]:
        """Places in finishing order, the Durak (None for a draw), the deal revealed once over."""
        return result(self)

    def returns(self) -> list[float]:
        """Per seat: -1 for the Durak, 1/(n-1) for each other; all 0 before the end or in a draw."""
        return returns(self)

    # --- copying and saving -------------------------------------------------------------------
    def clone(self) -> DurakGame:
        """An independent copy (cheap: a few lists of ints)."""
        return copy_state(self)

    def to_json(self, keep_events: int | None = None) -> dict[str, Any]:
        """Everything in the state as plain JSON data; ``from_json`` restores it exactly.

        ``keep_events`` keeps only the deal and that many last events of the history.
        """
        from .saves import state_to_json

        return state_to_json(self, keep_events)

    @classmethod
    def from_json(cls, data: Any) -> DurakGame:  # Any: bad data is refused by the checks
        """Inverse of :meth:`to_json`; ValueError, saying why, for data that breaks the rules."""
        from .saves import state_from_json

        return state_from_json(cls, data)
