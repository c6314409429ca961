"""The Azi table's event handlers: each engine event moves cards or chips and says how long to wait.

Part of :class:`~scenes.table.azi.table.AziTable` (engine/azi/constants.py lists the events).
"""

from __future__ import annotations

from engine.cards import HIDDEN, NUM_RANKS, SUIT_NAMES
from engine.core import Event
from sprites.tween import Group

from ...card_text import rank_letters
from ...i18n import tr
from ..motion import TableCard
from ..riffle import riffle
from .between import BetweenGames, Hold
from .words import game_summary, lead_reason, payout_reason, trick_reason


class AziEvents:
    """``on_<kind>(event) -> seconds`` for every Azi event."""

    # --- events: the start of a game ----------------------------------------------------------
    def on_game_started(self, event: Event) -> float:
        """A new game: first the last game's result until Next game is pressed (see
        scenes/table/azi/between.py), then gather the cards and clear the per-game marks."""
        record = self._record()  # the game that just ended: shown_game is still its number
        if record is not None and event.amount > 1 and self.between is None:
            names = [self.shared.seat_name(s) for s in range(self.n)]
            self.between = BetweenGames(record, names, auto=not self.view.humans,
                                        you=self.shared.you_seat())
            self.between.place(self.layout)
            self.notices.hush()  # the panel says it all
            self.next_step(lambda: self._start_game(event))
            self.timeline.phases.insert(1, Group([Hold(self.between)]))
            return 0.0
        return self._start_game(event)

    def _start_game(self, event: Event) -> float:
        self.between = None
        self.gather()
        keep = self.ended_by_azi
        self.ended_by_azi = False
        self.shown.new_game(keep_bank=keep)
        self.shown_game = event.amount
        self.six_on_stage = False
        self.in_tricks = False
        return 0.15

    def on_sat_out(self, event: Event) -> float:
        """A seat without the ante (or the buy-in) sits this game out."""
        self.shown.sitting_out[event.seat] = True
        self.bubble(event.seat, tr("azi.bubble.sits_out"), 1.4)
        return 0.1

    def on_ante(self, event: Event) -> float:
        """The ante slides into the bank."""
        self.stakes.to_bank(event.seat, event.amount)
        return 0.12

    def on_azi_joined(self, event: Event) -> float:
        """The buy-in slides into the bank."""
        self.stakes.to_bank(event.seat, event.amount)
        self.bubble(event.seat, tr("azi.bubble.joins"), 1.4)
        return 0.4

    def on_azi_declined(self, event: Event) -> float:
        """He sits the azi out."""
        self.shown.sitting_out[event.seat] = True
        self.bubble(event.seat, tr("azi.bubble.sits_out"), 1.4)
        return 0.3

    def on_shuffled(self, event: Event) -> float:
        """The deck is cut and riffled (the table's one shuffle animation)."""
        self.gather()
        riffle(self, self.stock[-10:], self.layout.talon.center, self._card_w(), 1)
        return 0.0

    def on_dealt(self, event: Event) -> float:
        """A card from the stock to a hand, face up only if that hand may be seen."""
        if not self.stock:
            return 0.0
        sprite = self.stock.pop()
        if self.options.blind_bets:
            self.shown.looked[event.seat] = False
        self.deal_to_hand(event.seat, sprite, event.cards[0], 0.32, 0.45)
        return 0.07

    def on_trump(self, event: Event) -> float:
        """The next card is turned: its suit is trump."""
        if not self.stock:
            return 0.0
        sprite = self.stock.pop()
        self.trump = sprite
        self.mover.flip(sprite, True, 0.3, shown=event.cards[0])
        self.arrange(0.45)
        self.app.sounds.play("card_play", 0.6)
        self.announce(self.card_words("azi.banner.trump", event.cards[0]), 1.4)
        return 0.6

    def trump_suit_shown(self) -> int:
        """The suit of the turned card on the table (-1 before it is turned)."""
        if self.trump is None or self.trump.card < 0:
            return -1
        return self.trump.card // NUM_RANKS

    @staticmethod
    def card_words(key: str, card: int) -> str:
        """A banner naming ``card`` in words (the display font has no suit symbols).

        ``rank_word`` and ``suit_of`` are the forms a language names a card with ("семёрка
        пик": the rank's word, the suit as it follows it); ``rank`` and ``suit`` the letter and
        the suit's own name."""
        suit = SUIT_NAMES[card // NUM_RANKS]
        words = tr("cards.rank_words").split()
        rank_word = words[card % NUM_RANKS] if len(words) == NUM_RANKS else ""
        return tr(key, rank=rank_letters()[card % NUM_RANKS], suit=tr(f"azi.suit.{suit}"),
                  rank_word=rank_word or rank_letters()[card % NUM_RANKS],
                  suit_of=tr(f"azi.suit_of.{suit}"))

    def on_six_on_stage(self, event: Event) -> float:
        """An ace turned: the six of trumps is the highest card of this game."""
        self.six_on_stage = True
        self.announce(self.card_words("azi.banner.six_on_stage", event.cards[0]), 2.6)
        self.app.sounds.play("azi", 0.5)
        return 1.2

    def on_discarded(self, event: Event) -> float:
        """A card laid away face down on the discard pile."""
        sprite = self._from_hand(event.seat, event.cards[0])
        self.turn_down(sprite)
        self.discards.append(sprite)
        self.arrange(0.4)
        self.app.sounds.play("deal", 0.5)
        self.bubble(event.seat, tr("azi.bubble.discards"), 1.0)
        return 0.3

    def turn_down(self, sprite: TableCard, delay: float = 0.0) -> None:
        """Turn ``sprite`` face down; it forgets its face once the back shows."""
        if not sprite.face_up and sprite.card == HIDDEN:
            return  # already a back, and no flip up is on its way

        def forget() -> None:
            sprite.card = HIDDEN

        self.mover.run(sprite, sprite.flip_to(False, 0.22, delay=delay, on_done=forget))

    def _from_hand(self, seat: int, card: int) -> TableCard:
        sprite = self.take_from_hand(seat, card)
        sprite.dim = sprite.highlight = False
        sprite.lift = 0.0
        self.hover_mover.stop(sprite)
        return sprite

    # --- events: bidding ----------------------------------------------------------------------
    def _bid(self, event: Event, word: str) -> float:
        seat = event.seat
        self.stakes.to_bank(seat, event.target)
        self.shown.bids[seat] = event.amount
        if self.shown.stacks[seat] == 0:
            self.shown.all_in[seat] = True  # his last chip is in
        self.bubble(seat, word, 1.6)
        return 0.55

    def on_bet(self, event: Event) -> float:
        """An opening bet."""
        return self._bid(event, tr("azi.bubble.bet", level=event.amount))

    def on_raised(self, event: Event) -> float:
        """A raise."""
        return self._bid(event, tr("azi.bubble.raise", level=event.amount))

    def on_called(self, event: Event) -> float:
        """A call."""
        return self._bid(event, tr("azi.bubble.call", level=event.amount))

    def on_all_in(self, event: Event) -> float:
        """Everything he has goes in (or he plays an azi with nothing left)."""
        seat = event.seat
        self.shown.all_in[seat] = True
        self.shown.bids[seat] = event.amount
        if event.target:
            self.stakes.to_bank(seat, event.target)
        self.bubble(seat, tr("azi.bubble.all_in"), 1.8)
        return 0.55

    def on_folded(self, event: Event) -> float:
        """He folds: his hand stays face down with him."""
        seat = event.seat
        self.shown.folded[seat] = True
        for sprite in self.hands[seat]:
            self.turn_down(sprite)
        self.bubble(seat, tr("azi.bubble.fold"), 1.6)
        self.app.sounds.play("deal", 0.3)
        return 0.45

    def on_looked(self, event: Event) -> float:
        """He looks at his cards (by choice, or when the bidding ends)."""
        seat = event.seat
        self.shown.looked[seat] = True
        cards = sorted((c for c in event.cards if c != HIDDEN), key=self.sort_key)
        if cards and self.view.face_up(seat):
            hand = self.hands[seat]
            for i, (sprite, card) in enumerate(zip(hand, cards)):
                sprite.card = card  # face down until the flip turns it
                self.mover.flip(sprite, True, 0.28, delay=0.05 * i)
            self.arrange(0.3)
        if not event.amount:
            self.bubble(seat, tr("azi.bubble.looks"), 1.4)
        return 0.35 if cards else 0.1

    def on_lead_won(self, event: Event) -> float:
        """The highest bidder leads the first trick."""
        self.in_tricks = True
        seat = event.seat
        shared = self.shared
        reason = lead_reason(self.shown.bids, seat, shared.seat_name(seat), shared.is_you(seat))
        self.log(reason)
        self.callout(-1, reason, 2.0, important=True)
        return 1.0

    # --- events: tricks -----------------------------------------------------------------------
    def on_played(self, event: Event) -> float:
        """A card to the trick, in front of its player."""
        card = event.cards[0]
        sprite = self._from_hand(event.seat, card)
        if sprite.card != card or not sprite.face_up:
            self.mover.flip(sprite, True, 0.22, shown=card)
        self.trick.append((event.seat, sprite))
        self.arrange()
        self.app.sounds.play("card_play", 0.8)
        return 0.42

    def on_trick_won(self, event: Event) -> float:
        """A moment to see the trick, then it is gathered to its winner, face down."""
        seat = event.seat
        self.last_round = (tr("azi.peek", name=self.shared.seat_name(seat)), list(event.cards))
        self.bubble(seat, tr("azi.bubble.trick"), 1.6)
        played = [(s, sprite.card) for s, sprite in self.trick]
        reason = trick_reason(played, seat, self.trump_suit_shown(), self.six_on_stage,
                              self.shared.seat_name(seat), self.shared.is_you(seat))
        self.log(reason)
        self.callout(-1, reason, 2.4, important=True)

        def gather() -> float:
            self.shown.tricks[seat] += 1
            sprites = [s for _, s in self.trick]
            self.trick = []
            for i, sprite in enumerate(sprites):
                self.turn_down(sprite, delay=0.03 * i)
                self.taken[seat].append(sprite)
            self.arrange(0.45)
            self.app.sounds.play("take", 0.6)
            return 0.5

        self.next_step(gather)
        return 1.3

    # --- events: the end of a game ------------------------------------------------------------
    def _record(self) -> dict | None:
        for record in reversed(self.public()["games"]):
            if record["game"] == self.shown_game:
                return record
        return None

    def on_bank_paid(self, event: Event) -> float:
        """The winner takes the bank (or his share): a summary, then the chips slide to him."""
        record = self._record()
        names = [self.shared.seat_name(s) for s in range(self.n)]
        if record is not None:
            self.announce(game_summary(record, names, self.shared.you_seat()), 2.6)
            arithmetic = payout_reason(record, names)
            if arithmetic:
                self.log(arithmetic)
                self.callout(-1, arithmetic, 4.0, important=True)
        swept = self.stakes.sweep_stakes()  # the stakes join the bank in the middle first
        self.stakes.from_bank(event.seat, event.amount, delay=0.2 + swept)
        self.bubble(event.seat, tr("azi.bubble.wins", chips=event.amount), 2.4)
        self.app.sounds.play("win", 0.7)
        return 1.4 + swept

    def on_refund(self, event: Event) -> float:
        """Chips the winner could not claim go back."""
        self.stakes.sweep_stakes()
        self.stakes.from_bank(event.seat, event.amount)
        self.bubble(event.seat, tr("azi.bubble.refund", chips=event.amount), 1.8)
        self.app.sounds.play("chips", 0.5)
        return 0.5

    def on_azi(self, event: Event) -> float:
        """Three tricks, three takers: the bank stays for an azi game."""
        self.ended_by_azi = True
        self.announce(tr("azi.banner.azi", chips=event.amount), 3.0)
        self.app.sounds.play("azi", 0.8)
        return 2.0

    def on_player_out(self, event: Event) -> float:
        """A player with no chips left leaves the table."""
        self.shown.out[event.seat] = True
        self.announce(tr("azi.banner.out", name=self.shared.seat_name(event.seat)), 1.8)
        return 0.8

    def on_session_over(self, event: Event) -> float:
        """One player holds every chip (or the table broke up)."""
        self.gather()
        if event.seat >= 0:
            self.announce(tr("azi.banner.session", name=self.shared.seat_name(event.seat)), 2.4)
        return 0.6

    def gather(self) -> None:
        """Every card on the table and in the hands goes back to the stock, face down."""
        loose = [s for hand in self.hands for s in hand] + [s for _, s in self.trick]
        loose += [s for pile in self.taken for s in pile] + self.discards
        if self.trump is not None:
            loose.append(self.trump)
        if not loose:
            return
        for i, sprite in enumerate(loose):
            self.turn_down(sprite, delay=0.01 * i)
            sprite.dim = sprite.highlight = False
            self.stock.insert(0, sprite)
        self.hands = [[] for _ in range(self.n)]
        self.trick, self.discards, self.trump = [], [], None
        self.taken = [[] for _ in range(self.n)]
        self.arrange(0.45)
        self.app.sounds.play("take", 0.4)
