"""A compact Durak simulator for the Hard player's search: the engine's rules, nothing else.

The search plays thousands of moves per decision in worlds it invented, so this keeps only
what the rules need (card bitmasks, the battle's counters), makes no events and checks
nothing. It follows engine.durak's protocol exactly — tests/test_ai_durak_sim.py replays
random games in both and compares the legal actions at every step — and it is built from a
seat's observation plus a guess of the hidden cards, never from the engine state.
"""

from __future__ import annotations

from typing import Any

from .bits import BEATERS, RANK_MASK, cards_of, mask_of

TAKE = 36
PASS = 37
TAKE_BIT = 1 << TAKE
PASS_BIT = 1 << PASS
HAND_SIZE = 6
LEAD, DEFEND, THROW_IN, OVER = range(4)

# RANK_OF_CARD[card]: the four cards sharing that card's rank.
RANK_OF_CARD = tuple(RANK_MASK[c % 9] for c in range(36))


class Sim:
    """One Durak position. ``talon`` is in draw order reversed: ``talon[-1]`` is drawn next."""

    __slots__ = (
        "ask",
        "attacker",
        "attacks",
        "beaters",
        "defender",
        "discard",
        "durak",
        "emptied",
        "finished",
        "hands",
        "in_game",
        "known",
        "limit",
        "n",
        "order",
        "phase",
        "positions",
        "rank_cards",
        "table",
        "taking",
        "talon",
        "to_move",
        "trump",
        "trump_card",
        "trump_taken",
        "unbeaten",
    )
    # What each slot holds (annotations only: __slots__ makes the attributes). Cards are bits.
    ask: int  # seats asked in turn whether they throw in, since the last card
    attacker: int
    attacks: int  # attack cards laid in this battle
    beaters: tuple[int, ...]  # per card, the mask of cards that beat it
    defender: int
    discard: int
    durak: int | None
    emptied: list[int]  # seats whose hands emptied in this battle, in order
    finished: list[int]
    hands: list[int]
    in_game: list[bool]
    known: list[int]  # per seat, the cards of its hand everybody has seen
    limit: int  # attack cards this battle may hold
    n: int
    order: tuple[int, ...]  # the attackers, first the leader
    phase: int
    positions: dict[tuple[int, ...], int]  # battle starts seen, for the repetition draw
    rank_cards: int  # every card of a rank on the table
    table: int
    taking: bool
    talon: list[int]  # draw order reversed: talon[-1] is drawn next
    to_move: int | None
    trump: int
    trump_card: int
    trump_taken: bool
    unbeaten: int  # the attack card waiting for an answer, or -1

    def clone(self) -> Sim:
        """An independent copy."""
        s = Sim.__new__(Sim)
        s.n = self.n
        s.trump = self.trump
        s.trump_card = self.trump_card
        s.trump_taken = self.trump_taken
        s.beaters = self.beaters
        s.hands = self.hands[:]
        s.known = self.known[:]
        s.talon = self.talon[:]
        s.discard = self.discard
        s.in_game = self.in_game[:]
        s.finished = self.finished[:]
        s.attacker = self.attacker
        s.defender = self.defender
        s.order = self.order  # a tuple, replaced (never edited) at each battle
        s.ask = self.ask
        s.table = self.table
        s.rank_cards = self.rank_cards
        s.attacks = self.attacks
        s.unbeaten = self.unbeaten
        s.taking = self.taking
        s.limit = self.limit
        s.phase = self.phase
        s.to_move = self.to_move
        s.emptied = self.emptied[:]
        s.durak = self.durak
        s.positions = self.positions.copy() if self.positions else {}
        return s

    # -- the rules ---------------------------------------------------------------------------

    def legal_mask(self) -> int:
        """Every legal action as a 38-bit mask (bit 36 TAKE, bit 37 PASS)."""
        phase = self.phase
        if phase == DEFEND:
            return self.hands[self.defender] & self.beaters[self.unbeaten] | TAKE_BIT
        if phase == THROW_IN:
            return self.hands[self.to_move] & self.rank_cards | PASS_BIT  # type: ignore[index]
        if phase == LEAD:
            return self.hands[self.attacker]
        return 0

    def legal_actions(self) -> list[int]:
        """Every legal action, ascending."""
        m = self.legal_mask()
        out = cards_of(m & ((1 << 36) - 1))
        if m & TAKE_BIT:
            out.append(TAKE)
        if m & PASS_BIT:
            out.append(PASS)
        return out

    def apply(self, action: int) -> None:
        """Do a legal action (not checked: the search only plays legal ones)."""
        if action == PASS:
            self.ask += 1
            self._settle()
            return
        if action == TAKE:
            self.taking = True
            self.unbeaten = -1
            self.phase = THROW_IN
            self.ask = 0
            self._settle()
            return
        seat: int = self.to_move  # type: ignore[assignment]  # a move is asked: someone is to move
        bit = 1 << action
        hand = self.hands[seat] ^ bit
        self.hands[seat] = hand
        self.known[seat] &= ~bit
        self.table |= bit
        self.rank_cards |= RANK_OF_CARD[action]
        if action == self.trump_card:
            self.trump_taken = True
        if not hand:
            self.emptied.append(seat)
        self.ask = 0
        if self.phase == DEFEND:
            self.unbeaten = -1
            self.phase = THROW_IN
            first = self.order[0]  # as the engine: the first attacker is asked at once if he can be
            if self.attacks < self.limit and self.hands[first]:
                self.to_move = first
                return
            self._settle()
            return
        self.attacks += 1
        if self.taking:
            self._settle()
        else:
            self.unbeaten = action
            self.phase = DEFEND
            self.to_move = self.defender

    def _settle(self) -> None:
        """Ask attackers in order (as the engine: every one holding cards), then end the battle."""
        if self.attacks < self.limit:
            order, hands = self.order, self.hands
            ask = self.ask
            while ask < len(order):
                seat = order[ask]
                if hands[seat]:
                    self.phase = THROW_IN
                    self.ask = ask
                    self.to_move = seat
                    return
                ask += 1
        self._end_battle()

    def _end_battle(self) -> None:
        n = self.n
        defender = self.defender
        if self.taking:
            self.hands[defender] |= self.table
            self.known[defender] |= self.table
            next_attacker = defender + 1
        else:
            self.discard |= self.table
            next_attacker = defender
        talon = self.talon
        talon_size = len(talon)
        if talon:
            hands = self.hands
            for seat in (*self.order, defender):
                need = HAND_SIZE - hands[seat].bit_count()
                while need > 0 and talon:
                    hands[seat] |= 1 << talon.pop()
                    need -= 1
                if not talon:
                    if not self.trump_taken:
                        self.trump_taken = True
                        self.known[seat] |= 1 << self.trump_card
                    break
        if not self.taking or len(talon) != talon_size:
            # A new pile or a draw: no earlier position can stand again (drawing and leaving 6).
            self.positions = {}
        if self.emptied:
            in_game, hands = self.in_game, self.hands
            for seat in self.emptied:
                if not hands[seat] and in_game[seat]:
                    in_game[seat] = False
                    self.finished.append(seat)
            self.emptied = []
            active = [s for s in range(n) if in_game[s]]
            if len(active) <= 1:
                self.durak = active[0] if active else None
                self.phase = OVER
                self.to_move = None
                return
        next_attacker %= n
        while not self.in_game[next_attacker]:
            next_attacker = (next_attacker + 1) % n
        # The engine's repetition rule (drawing and leaving 6), talon or not, so every rollout
        # ends; the counts start at the sampled world (the real game's earlier counts are not
        # public).
        key = (next_attacker, *self.hands)
        count = self.positions.get(key, 0) + 1
        self.positions[key] = count
        if count >= 3:
            self.durak = None
            self.phase = OVER
            self.to_move = None
            return
        self.start_battle(next_attacker)

    def start_battle(self, attacker: int) -> None:
        """A new battle led by ``attacker`` against the next active seat."""
        n, in_game = self.n, self.in_game
        others = [(attacker + k) % n for k in range(1, n) if in_game[(attacker + k) % n]]
        defender = others[0]
        self.attacker, self.defender = attacker, defender
        self.order = (attacker, *others[1:])
        self.ask = 0
        self.table = self.rank_cards = 0
        self.attacks = 0
        self.unbeaten = -1
        self.taking = False
        self.limit = min(HAND_SIZE, self.hands[defender].bit_count())
        self.emptied = []
        self.phase = LEAD
        self.to_move = attacker


def sim_from_observation(obs: dict[str, Any], hands: list[int], talon: list[int]) -> Sim:
    """The world ``obs`` describes, guessing of every hand (masks) and the talon (draw order)."""
    s = Sim.__new__(Sim)
    n = obs["num_players"]
    s.n = n
    s.trump = obs["trump_suit"]
    s.trump_card = obs["trump_card"]
    s.trump_taken = obs["trump_card_taken"]
    s.beaters = BEATERS[s.trump]
    s.hands = list(hands)
    s.known = [mask_of(k) & hands[i] for i, k in enumerate(obs["known"])]
    s.talon = list(reversed(talon))
    s.discard = mask_of(obs["discard"])
    s.in_game = [i not in obs["finished"] for i in range(n)]
    s.finished = list(obs["finished"])
    s.durak = None
    s.positions = {}
    s.start_battle(obs["attacker"])
    table = obs["table"]
    s.limit = obs["attack_limit"]
    if not table:
        start = (s.attacker, *s.hands)
        s.positions[start] = 1  # a battle's start counts, as in the engine
        return s
    for a, d in table:
        for c in (a, d):
            if c >= 0:
                s.table |= 1 << c
                s.rank_cards |= RANK_OF_CARD[c]
    s.attacks = len(table)
    s.taking = obs["taking"]
    s.emptied = [i for i in (*s.order, s.defender) if not hands[i]]
    if table[-1][1] < 0 and not s.taking:
        s.unbeaten = table[-1][0]
        s.phase = DEFEND
        s.to_move = s.defender
        return s
    s.ask = len(obs["passed"])
    s._settle()
    return s
