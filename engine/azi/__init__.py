"""Azi: a session of games at one table, until one player holds all the chips (docs/rules/azi.md).

Protocol
--------
``AziSession.new(options, dealer)`` seats the players and starts game 1 at once (its events
are in ``session.history``). Then, while ``to_move`` is not None, the seat ``to_move`` picks one
of ``legal_actions()`` and ``apply(action)`` returns the events it caused, in order. A game
flows straight into the next inside the same ``apply`` (… "bank_paid", "game_started",
"ante", …), so there is never a state "between games"; the session ends (``to_move`` None,
``phase`` "over", no legal action) when one player holds all the chips, or after the current
game once :meth:`AziSession.stop_after_game` was called (the UI's "leave").

Actions (ints, ascending in ``legal_actions()``)
    0..26            discard this card (4-card deal) or play it to the trick
    FOLD 100, CALL 101, LOOK 102 (a blind player looks; it stays his turn),
    JOIN_AZI 103 / SKIP_AZI 104 (the azi buy-in question), ALL_IN 105 (only when the player
    cannot afford to call, or to open: puts in everything he has),
    BET_BASE + L     open at / raise to bid level L (BET_BASE = 1000).
Offered levels go from the minimum (minimum bet to open; highest bid + minimum raise to raise)
up to the highest level the player can afford, in steps of the minimum raise (grown ×2, ×5,
×10, … where that would offer more than 200 levels), and the all-in level always. Reaching level L
costs an open player L minus the level he already has; a blind player pays half, rounded up,
counted on the total: ceil(L/2) − ceil(his level/2).

Seats are numbered clockwise: the player "to the left" of seat s is seat s + 1.

Decisions where azi.md is silent (each has a test named after it)
    * First bidder: the first player in this game clockwise from the seat left of the last
      game's winner; with no winner yet in the session, from a seat drawn with
      ``dealer.draw_seat`` among the players sure to play (antes paid, or azi trick takers):
      the draw comes from that game's committed deal seed, so the record proves it.
    * A player with 0 < chips < ante sits out and stays in the session. If fewer than two
      players can pay the full ante, everyone with chips plays, paying what he has up to the
      ante (otherwise a session could never end). Anyone left with no chip after his ante or
      buy-in is all-in from the start.
    * 4-card deal: the discards are made one at a time, face down, clockwise from the first
      bidder, after the trump is turned and before bidding.
    * Blind bets (3-card deal only): everyone dealt in starts blind. A blind player's "dealt"
      events carry HIDDEN cards even for himself; "looked" shows him his hand (privately). A
      player still blind when bidding ends is shown his cards then, before the lead is played
      ("looked" with amount 1). His blind levels keep counting double after he looks.
    * Any opening bet is not a raise. A first bidder who cannot afford the minimum bet may go
      all-in (which sets no bid level) or fold; the opening then passes clockwise. If nobody
      opens and two or more remain, all of them all-in, the first of them clockwise from the
      first bidder leads.
    * A player whose bet or call takes his last chip is all-in from then on (he cannot act
      again) but keeps the lead if his bet stays the highest.
    * All-in payout: only an all-in player who wins by tricks is capped, to
      bank × his stake / highest stake (highest over every seat with chips in this bank,
      folded ones included); the rest goes to the other players still in the game, in
      proportion to their stakes. A player who wins because everyone else folded takes the
      whole bank. Largest remainder for whole chips; ties to the winner, then clockwise.
    * A carried azi bank counts in the stakes: every seat keeps, as its stake in the azi game,
      what it put into the carried bank, and adds its buy-in and bets. So the bank is always
      the sum of the stakes, and an all-in trick taker who plays the azi free has a stake.
    * Azi buy-in: the price is half the carried bank, rounded up; it replaces the ante. Only
      players who can pay it are asked, one at a time clockwise from the seat the bidding
      starts from (the first bidder's seat), before the deal; the others sit out. With the
      option off, only the three trick takers play. A trick taker with no chips plays all-in.
    * A seat sitting out a game keeps its chips and its place in the session; "player_out"
      is emitted when a seat has no chips left (a trick taker whose chips are all in the
      carried bank is not out: he plays the azi game).
    * Leaving after an azi: the carried bank is given back to the seats that put it in (their
      stakes, "refund" events), since no game will decide it.
    * A folded hand stays face down with its owner.

Observation keys are the Azi table of docs/ARCHITECTURE.md. ``in_game`` means still in this
game (dealt in, not folded); each seat is at most one of in_game / folded / sitting_out / out
(during the azi buy-in questions, seats not yet asked are none of them). ``stakes`` include a
seat's part of the carried bank. ``phase`` is "buy_in", "discard", "bidding", "tricks" or
"over" (session over).

Events: see ``engine.azi.constants`` for each kind's fields ("six_on_stage" names the six of
trumps in ``cards``; it does not show where it is). The commitment of the next deal is
``session.dealer.next_commitment()`` before it and ``session.deal_commitment`` from its
"shuffled" event on; each game's revealed seed and deck order are in its entry of
``session.games`` (and ``result()["games"]``), checkable with ``engine.shuffle.verify_deal``.

More API
    ``session.history``         this game's events (all of them; filter with event_seen_by)
    ``session.games``           one result dict per finished game (winner, paid, stakes, seed, …)
    ``stop_after_game()``       leave: the session ends once the current game is decided
    ``AziSession.from_parts``   a mid-game state from explicit hands and bets (tests, search)
    ``AziSession.from_observation(obs, hands)``  a state matching one seat's observation with
                                guessed hands (the AI's determinized search)
"""

from __future__ import annotations

from typing import Any

from ..cards import NUM_RANKS
from ..core import Event, Game, IllegalAction, Message
from ..shuffle import Dealer
from . import saves
from .bidding import NO_BETS, NO_EXTRA, Legal, apply_bidding, bet_action_list, bidding_legal
from .constants import (
    ALL_IN,
    ALL_IN_EVENT,
    ANTE,
    AZI,
    AZI_DECLINED,
    AZI_JOINED,
    BANK_PAID,
    BET,
    BET_BASE,
    BIDDING,
    BUY_IN,
    CALL,
    CALLED,
    CLOCKWISE,
    DEALT,
    DISCARD,
    DISCARDED,
    FOLD,
    FOLDED,
    GAME_STARTED,
    JOIN_AZI,
    LEAD_WON,
    LOOK,
    LOOKED,
    MAX_RAISES,
    OVER,
    PLAYED,
    PLAYER_OUT,
    RAISED,
    REFUND,
    SAT_OUT,
    SESSION_OVER,
    SHUFFLED,
    SIX_ON_STAGE,
    SKIP_AZI,
    TRICK_WON,
    TRICKS,
    TRICKS_PER_GAME,
    TRICKS_TO_WIN,
    TRUMP,
)
from .events import PLAYED as PLAYED_EVENTS
from .options import AziOptions
from .payout import split_bank
from .saves import copy_games
from .setup import apply_buy_in, apply_discard, start_game
from .state import SessionState
from .text import describe_action, explain_illegal
from .tricks import playable_cards, trick_winner

__all__ = ["AziOptions", "AziSession", "FOLD", "CALL", "LOOK", "JOIN_AZI", "SKIP_AZI", "ALL_IN",
           "BET_BASE", "MAX_RAISES", "BUY_IN", "DISCARD", "BIDDING", "TRICKS", "OVER",
           "GAME_STARTED", "SAT_OUT", "ANTE", "AZI_JOINED", "AZI_DECLINED", "SHUFFLED", "DEALT",
           "TRUMP", "SIX_ON_STAGE", "DISCARDED", "LOOKED", "BET", "RAISED", "CALLED", "FOLDED",
           "ALL_IN_EVENT", "LEAD_WON", "PLAYED", "TRICK_WON", "BANK_PAID", "REFUND", "AZI",
           "PLAYER_OUT", "SESSION_OVER"]

_new_event = tuple.__new__  # builds an Event without the NamedTuple constructor's overhead
_OPTIONS_JSON: dict[AziOptions, dict[str, Any]] = {}  # options are frozen: their JSON never changes


class AziSession(Game, SessionState):
    """One table's session of Azi games: the data of SessionState plus the rule methods (the
    deal and the bidding are functions over it, in setup.py and bidding.py)."""

    __slots__ = ()  # the state is in SessionState's slots

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, options: AziOptions, dealer: Dealer) -> AziSession:
        """Seat ``options.num_players`` players with the starting stack and start game 1."""
        self = cls._blank(options, dealer)
        self.stacks = [options.starting_stack] * self.num_players
        start_game(self, None)
        return self

    @classmethod
    def _blank(cls, options: AziOptions, dealer: Dealer) -> AziSession:
        self = cls.__new__(cls)
        self._set_options(options)
        n = self.num_players
        self.dealer = dealer
        self.stacks = [0] * n
        self.out = [False] * n
        self.game_number = 0
        self.last_winner = -1
        self.winner = -1
        self.stop_requested = False
        self.games = []
        self.stakes = [0] * n
        self.in_game, self.folded, self.all_in = [False] * n, [False] * n, [False] * n
        self.sitting_out, self.looked, self.discards = [False] * n, [True] * n, [-1] * n
        self.bids, self.raises, self.tricks_won = [0] * n, [0] * n, [0] * n
        self.hands, self.taken = [[] for _ in range(n)], [[] for _ in range(n)]
        self.bank = self.carried = 0
        self._spill, self._mark, self.history = [], 0, []
        self._reset_game(keep_bank=False)
        return self

    def _set_options(self, options: AziOptions) -> None:
        self.options = options
        self.num_players = options.num_players
        self.ante = options.ante
        self.min_bet = options.bet_minimum
        self.min_raise = options.raise_minimum
        self.cards_dealt = options.cards_dealt
        self.blind_bets = options.blind_bets
        self.azi_buy_in = options.azi_buy_in
        if options not in _OPTIONS_JSON:
            _OPTIONS_JSON[options] = options.to_json()
        self._options_json = _OPTIONS_JSON[options]
        self._seats_from = CLOCKWISE[options.num_players]
        self._ante_events = [Event(ANTE, s, (), self.ante) for s in range(self.num_players)]

    def _reset_game(self, keep_bank: bool) -> None:
        """Clear one game's state; an azi game keeps the bank and the stakes in it."""
        # Lists are cleared in place (they are never shared: copies leave through clone,
        # to_json, observation and the game records), which is cheaper than new ones.
        n = self.num_players
        no, zeros = [False] * n, [0] * n
        if not keep_bank:
            self.stakes[:] = zeros
            self.bank = 0
        self.carried = self.bank
        self.phase = BIDDING
        self.to_move = None
        self.in_game[:] = self.folded[:] = self.all_in[:] = self.sitting_out[:] = no
        self.looked[:] = [True] * n
        for cards in self.hands:
            cards.clear()
        for cards in self.taken:
            cards.clear()
        self.discards[:] = [-1] * n
        self.bids[:] = self.raises[:] = self.tricks_won[:] = zeros
        self.highest_bid = 0
        self.highest_bidder = self.first_bidder = self.anchor = self.leader = -1
        self.trick = []
        self.tricks_played = 0
        self.trump_card = self.trump_suit = -1
        self.six_on_stage = False
        self.stock = []
        self.buy_in_queue = []
        self.buy_in_price = 0
        self.deal_order = None
        self.deal_seed = self.deal_commitment = None
        # The finished game's events of the current apply() still go back to its caller.
        self._spill.extend(self.history[self._mark:])
        self._mark = 0
        self.history = []
        self._legal = None

    @classmethod
    def from_parts(cls, options: AziOptions, hands: list[list[int]], trump_card: int,
                   **parts: Any) -> AziSession:
        """A state built from explicit parts (tests, the AI's search): see ``engine.azi.parts``."""
        from .parts import build_session

        return build_session(cls, options, hands, trump_card, **parts)

    @classmethod
    def from_observation(cls, observation: dict[str, Any], hands: list[list[int]],
                         dealer: Dealer | None = None) -> AziSession:
        """A state consistent with one seat's observation and a guess of every hand (AI search)."""
        from .parts import session_from_observation

        return session_from_observation(cls, observation, hands, dealer)

    # ------------------------------------------------------------------ the Game contract
    def legal_actions(self) -> list[int]:
        """Every action allowed now, ascending; empty exactly when the session is over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        fixed, bets, extra = legal
        if not bets:
            return list(fixed)
        actions = bet_action_list(bets)
        actions[:0] = fixed
        actions += extra
        return actions

    def _compute_legal(self) -> Legal:
        """The legal actions, cached until the state changes: fixed ones, bet levels on the
        steps, and an all-in level off the steps."""
        phase = self.phase
        if self.to_move is None:
            return (), NO_BETS, NO_EXTRA
        if phase == TRICKS:
            s = self.to_move
            led = self.trick[0][1] // NUM_RANKS if self.trick else -1
            return tuple(playable_cards(self.hands[s], led, self.trump_suit)), NO_BETS, NO_EXTRA
        if phase == BIDDING:
            return bidding_legal(self)  # bet levels stay a range: cheap to test
        if phase == DISCARD:
            return tuple(self.hands[self.to_move]), NO_BETS, NO_EXTRA
        return (JOIN_AZI, SKIP_AZI), NO_BETS, NO_EXTRA

    def apply(self, action: int) -> list[Event]:
        """Do ``action`` for the seat to move; raise IllegalAction (state unchanged) if illegal."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if (not (action in legal[0] or action in legal[1] or action in legal[2])
                or type(action) is not int):
            raise IllegalAction(self.explain_illegal(action))
        self._legal = None
        self._spill = []
        self._mark = len(self.history)
        phase = self.phase
        if phase == TRICKS:
            self._play(action)
        elif phase == BIDDING:
            apply_bidding(self, action)
        elif phase == DISCARD:
            apply_discard(self, action)
        else:
            apply_buy_in(self, action)
        events = self._spill
        events += self.history[self._mark:]
        return events

    def _apply(self, action: int) -> list[Event]:
        return self.apply(action)

    def explain_illegal(self, action: int) -> Message:
        """Why ``action`` is not allowed now: a message key and its fields."""
        return explain_illegal(self, action)

    def action_text(self, action: int) -> str:
        """Short English description of an action for the seat to move, e.g. "raise to 40"."""
        return describe_action(self, action)

    def stop_after_game(self) -> None:
        """The table leaves: the session ends when the current game has been decided."""
        self.stop_requested = True
        self._legal = None

    # ------------------------------------------------------------------ shared helpers
    def _emit(self, kind: str, seat: int = -1, cards: tuple[int, ...] = (), amount: int = 0,
              target: int = -1, private: bool = False) -> None:
        self.history.append(_new_event(Event, (kind, seat, cards, amount, target, private)))

    def _pay(self, seat: int, chips: int) -> int:
        """Move ``chips`` from a stack into the bank; returns them."""
        self.stacks[seat] -= chips
        self.stakes[seat] += chips
        self.bank += chips
        return chips

    # ------------------------------------------------------------------ tricks (azi.md §4)
    def _play(self, card: int) -> None:
        s: int = self.to_move  # type: ignore[assignment]  # a seat: legal actions were offered
        self.hands[s].remove(card)
        trick = self.trick
        trick.append([s, card])
        self.history.append(PLAYED_EVENTS[s][card])
        in_game = self.in_game
        for t in self._seats_from[s]:
            if in_game[t] and t != s:
                break
        if t != trick[0][0]:  # the trick goes round until it comes back to its leader
            self.to_move = t
            return
        winner = trick_winner(trick, self.trump_suit, self.six_on_stage)
        cards = tuple(c for _, c in trick)
        self.taken[winner].extend(cards)
        self.trick = []
        self.tricks_won[winner] += 1
        self.tricks_played += 1
        self._emit(TRICK_WON, winner, cards)
        if self.tricks_won[winner] == TRICKS_TO_WIN:
            self._win(winner, at_once=False)
        elif self.tricks_played == TRICKS_PER_GAME:
            self._azi()
        else:
            self.to_move = winner

    # ------------------------------------------------------------------ end of a game (§5, §6)
    def _win(self, winner: int, at_once: bool) -> None:
        """Pay the bank to ``winner`` (capped if he is all-in and won by tricks)."""
        n, bank = self.num_players, self.bank
        if self.all_in[winner] and not at_once:
            claimants = [t for t in range(n) if self.in_game[t] and t != winner]
            paid = split_bank(bank, self.stakes, winner, True, claimants)
        else:
            paid = [0] * n
            paid[winner] = bank
        self.stacks[winner] += paid[winner]
        self._emit(BANK_PAID, winner, (), paid[winner])
        for t in self._seats_from[winner]:
            if paid[t] and t != winner:
                self.stacks[t] += paid[t]
                self._emit(REFUND, t, (), paid[t])
        self._record_game(winner, bank, paid, at_once)
        self.bank = 0
        self.stakes = [0] * n
        self.last_winner = winner
        self._close_game(keep=())

    def _azi(self) -> None:
        """Three tricks, three takers: the bank is carried whole to a new game."""
        n = self.num_players
        takers = [t for t in range(n) if self.tricks_won[t] == 1]
        self._emit(AZI, -1, (), self.bank)
        paid = [0] * n
        if self.stop_requested:  # nobody will play the azi: give the carried bank back
            for t in range(n):
                if self.stakes[t]:
                    paid[t] = self.stakes[t]
                    self.stacks[t] += paid[t]
                    self._emit(REFUND, t, (), paid[t])
        self._record_game(-1, self.bank, paid, False)
        if self.stop_requested:
            self.bank = 0
            self.stakes = [0] * n
            self._close_game(keep=())
        else:
            self._mark_players_out(keep=takers)
            start_game(self, takers)

    def _record_game(self, winner: int, bank: int, paid: list[int], at_once: bool) -> None:
        self.games.append({
            "game": self.game_number, "winner": winner, "azi": winner < 0, "at_once": at_once,
            "bank": bank, "carried_in": self.carried, "paid": paid, "stakes": self.stakes[:],
            "tricks_won": self.tricks_won[:], "first_bidder": self.first_bidder,
            "leader": self.leader, "trump_card": self.trump_card, "six_on_stage": self.six_on_stage,
            "seed": self.deal_seed, "commitment": self.deal_commitment, "deck": self.deal_order,
        })  # deal_order is handed over: the next deal makes a new one

    def _mark_players_out(self, keep: list[int] | tuple[int, ...]) -> None:
        for t in range(self.num_players):
            if not self.out[t] and self.stacks[t] == 0 and t not in keep:
                self.out[t] = True
                self._emit(PLAYER_OUT, t)

    def _close_game(self, keep: tuple[int, ...]) -> None:
        """After the bank is paid out: players out, then the session's end or the next game."""
        self._mark_players_out(keep)
        holders = [t for t in range(self.num_players) if self.stacks[t] > 0]
        if len(holders) == 1:
            self._finish_session(holders[0])
        elif self.stop_requested:
            self._finish_session(-1)
        else:
            start_game(self, None)

    def _finish_session(self, winner: int) -> None:
        self.phase = OVER
        self.to_move = None
        self.winner = winner
        self._emit(SESSION_OVER, winner)

    # ------------------------------------------------------------------ what a seat may know
    def observation(self, seat: int | None, history: bool = True) -> dict[str, Any]:
        """Plain JSON data holding only what ``seat`` may know (azi.md §7); ``None`` = a shared
        screen: no hand, no laid-away card; without ``history``, no events."""
        return saves.observation(self, seat, history)

    def result(self) -> dict[str, Any]:
        """The session's outcome so far: winner (None until one holds all chips), stacks, games."""
        return {
            "over": self.phase == OVER, "winner": self.winner if self.winner >= 0 else None,
            "stopped": self.phase == OVER and self.winner < 0, "stacks": list(self.stacks),
            "game_number": self.game_number, "games": copy_games(self.games),
        }

    def returns(self) -> list[float]:
        """Per seat: chips won (or lost, negative) since the session began."""
        return [float(stack - self.options.starting_stack) for stack in self.stacks]

    # ------------------------------------------------------------------ saving and copying
    def to_json(self) -> dict[str, Any]:
        """Everything in the state as plain JSON data; ``from_json`` restores it exactly."""
        return saves.to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AziSession:
        """Inverse of :meth:`to_json`; raises ValueError, saying why, for data that breaks the
        rules (a card in two places, chips that do not add up, a seat out of range …)."""
        return saves.from_json(cls, data)

    def clone(self) -> AziSession:
        """An independent copy (its own dealer too), cheap enough for search."""
        return saves.clone(self)
