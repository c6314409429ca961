"""The Azi table's event handlers: each engine event moves cards or chips and says how long to wait.

A part the Azi table owns (:class:`AziEventShow`); the scene's dispatch calls its
``on_<kind>(event) -> seconds`` (engine/azi/constants.py lists the events). Its own state is what
the events said of the game being shown: its number, six on stage, whether the tricks have begun,
an azi keeping the bank, and the last game's result while it waits for Next game. The cards and
numbers it moves are the table's (:class:`AziStage`); chips slide through the stakes part.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from engine.cards import HIDDEN, NUM_RANKS, SUIT_NAMES
from engine.core import Event
from sprites.tween import Group, Timeline

from ...card_text import rank_letters
from ...i18n import tr
from ..hands import Hands
from ..motion import Mover, TableCard
from ..riffle import riffle
from .between import BetweenGames, Hold
from .shown import Shown
from .stakes import Stakes
from .words import game_summary, lead_reason, payout_reason, trick_reason


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


class AziStage(Protocol):
    """What the handlers move on the Azi table: its cards off the hands and the numbers shown;
    how a hand is sorted; and the scene's card movers and voices (plates, banner, callouts,
    log, the peek's last trick)."""

    stock: list[TableCard]
    trump: TableCard | None
    discards: list[TableCard]
    trick: list[tuple[int, TableCard]]
    taken: list[list[TableCard]]
    shown: Shown
    mover: Mover
    hover_mover: Mover
    plates: Any
    notices: Any
    callouts: Any
    move_log: Any
    overlays: Any  # its last_round is what the peek shows

    def sort_key(self, card: int) -> Any:
        """Order of cards in a hand."""
        ...


class AziEventShow:
    """``on_<kind>(event) -> seconds`` for every Azi event."""

    def __init__(self, shared: Any, stage: AziStage, hands: Hands, stakes: Stakes, *,
                 timeline: Timeline, next_step: Callable[[Callable[[], float]], None],
                 blind_bets: bool) -> None:
        self.shared = shared
        self.stage = stage
        self.hands = hands  # the scene's hands part: cards in and out of a hand, arrange
        self.stakes = stakes
        self.timeline = timeline  # the scene's: a finished game holds it until Next game
        self.next_step = next_step  # run a step right after this one, before the next event
        self.blind_bets = blind_bets  # every hand is dealt face down, unlooked
        self.reset()

    def reset(self) -> None:
        """Before the first game: nothing said yet (a fresh table)."""
        self.shown_game = 0  # the number of the game shown (its record, its tag)
        self.six_on_stage = False  # an ace was turned: the six of trumps is highest
        self.in_tricks = False  # the bidding is over (the plates say tricks, not bids)
        self.ended_by_azi = False  # the last game was an azi: the next keeps the bank
        self.between: BetweenGames | None = None  # the last game's result, until Next game

    def waiting(self) -> BetweenGames | None:
        """The last game's result while it waits for Next game (else None)."""
        return self.between if self.between is not None and self.between.waiting else None

    def take_up(self, game: int, *, six_on_stage: bool, in_tricks: bool) -> None:
        """Mark a table rebuilt from the game: its number, six on stage, the tricks begun (a
        result waiting for Next game keeps waiting)."""
        self.shown_game, self.six_on_stage, self.in_tricks = game, six_on_stage, in_tricks

    def _say(self, text: str, seconds: float) -> None:
        """A reason (who leads, who took the trick, the payout) in the log and on the felt."""
        self.stage.move_log.add(text)
        self.stage.callouts.say(-1, text, seconds, important=True)

    def _bubble(self, seat: int, text: str, seconds: float) -> None:
        self.stage.plates.bubble(seat, text, seconds)

    def _announce(self, text: str, seconds: float) -> None:
        self.stage.notices.announce(text, seconds)

    def _sound(self, name: str, volume: float) -> None:
        self.shared.app.sounds.play(name, volume)

    # --- events: the start of a game ----------------------------------------------------------
    def on_game_started(self, event: Event) -> float:
        """A new game: first the last game's result until Next game is pressed (see
        scenes/table/azi/between.py), then gather the cards and clear the per-game marks."""
        record = self._record()  # the game that just ended: shown_game is still its number
        if record is not None and event.amount > 1 and self.between is None:
            shared = self.shared
            names = [shared.seat_name(s) for s in range(shared.n)]
            self.between = BetweenGames(record, names, auto=not shared.view.humans,
                                        you=shared.you_seat())
            self.between.place(shared.layout)
            self.stage.notices.hush()  # the panel says it all
            self.next_step(lambda: self._start_game(event))
            self.timeline.phases.insert(1, Group([Hold(self.between)]))
            return 0.0
        return self._start_game(event)

    def _start_game(self, event: Event) -> float:
        self.between = None
        self.gather()
        keep = self.ended_by_azi
        self.ended_by_azi = False
        self.stage.shown.new_game(keep_bank=keep)
        self.shown_game = event.amount
        self.six_on_stage = False
        self.in_tricks = False
        return 0.15

    def on_sat_out(self, event: Event) -> float:
        """A seat without the ante (or the buy-in) sits this game out."""
        self.stage.shown.sitting_out[event.seat] = True
        self._bubble(event.seat, tr("azi.bubble.sits_out"), 1.4)
        return 0.1

    def on_ante(self, event: Event) -> float:
        """The ante slides into the bank."""
        self.stakes.to_bank(event.seat, event.amount)
        return 0.12

    def on_azi_joined(self, event: Event) -> float:
        """The buy-in slides into the bank."""
        self.stakes.to_bank(event.seat, event.amount)
        self._bubble(event.seat, tr("azi.bubble.joins"), 1.4)
        return 0.4

    def on_azi_declined(self, event: Event) -> float:
        """He sits the azi out."""
        self.stage.shown.sitting_out[event.seat] = True
        self._bubble(event.seat, tr("azi.bubble.sits_out"), 1.4)
        return 0.3

    def on_shuffled(self, event: Event) -> float:
        """The deck is cut and riffled (the table's one shuffle animation)."""
        self.gather()
        layout = self.shared.layout
        riffle(self.stage, self.stage.stock[-10:], layout.talon.center,
               layout.table_card_width, 1)
        return 0.0

    def on_dealt(self, event: Event) -> float:
        """A card from the stock to a hand, face up only if that hand may be seen."""
        stage = self.stage
        if not stage.stock:
            return 0.0
        sprite = stage.stock.pop()
        if self.blind_bets:
            stage.shown.looked[event.seat] = False
        self.hands.deal_to_hand(event.seat, sprite, event.cards[0], 0.32, 0.45)
        return 0.07

    def on_trump(self, event: Event) -> float:
        """The next card is turned: its suit is trump."""
        stage = self.stage
        if not stage.stock:
            return 0.0
        sprite = stage.stock.pop()
        stage.trump = sprite
        stage.mover.flip(sprite, True, 0.3, shown=event.cards[0])
        self.hands.arrange(0.45)
        self._sound("card_play", 0.6)
        self._announce(card_words("azi.banner.trump", event.cards[0]), 1.4)
        return 0.6

    def trump_suit_shown(self) -> int:
        """The suit of the turned card on the table (-1 before it is turned)."""
        trump = self.stage.trump
        if trump is None or trump.card < 0:
            return -1
        return trump.card // NUM_RANKS

    def on_six_on_stage(self, event: Event) -> float:
        """An ace turned: the six of trumps is the highest card of this game."""
        self.six_on_stage = True
        self._announce(card_words("azi.banner.six_on_stage", event.cards[0]), 2.6)
        self._sound("azi", 0.5)
        return 1.2

    def on_discarded(self, event: Event) -> float:
        """A card laid away face down on the discard pile."""
        sprite = self._from_hand(event.seat, event.cards[0])
        self.turn_down(sprite)
        self.stage.discards.append(sprite)
        self.hands.arrange(0.4)
        self._sound("deal", 0.5)
        self._bubble(event.seat, tr("azi.bubble.discards"), 1.0)
        return 0.3

    def turn_down(self, sprite: TableCard, delay: float = 0.0) -> None:
        """Turn ``sprite`` face down; it forgets its face once the back shows."""
        if not sprite.face_up and sprite.card == HIDDEN:
            return  # already a back, and no flip up is on its way

        def forget() -> None:
            sprite.card = HIDDEN

        self.stage.mover.run(sprite, sprite.flip_to(False, 0.22, delay=delay, on_done=forget))

    def _from_hand(self, seat: int, card: int) -> TableCard:
        sprite = self.hands.take_from_hand(seat, card)
        sprite.dim = sprite.highlight = False
        sprite.lift = 0.0
        self.stage.hover_mover.stop(sprite)
        return sprite

    # --- events: bidding ----------------------------------------------------------------------
    def _bid(self, event: Event, word: str) -> float:
        seat, shown = event.seat, self.stage.shown
        self.stakes.to_bank(seat, event.target)
        shown.bids[seat] = event.amount
        if shown.stacks[seat] == 0:
            shown.all_in[seat] = True  # his last chip is in
        self._bubble(seat, word, 1.6)
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
        seat, shown = event.seat, self.stage.shown
        shown.all_in[seat] = True
        shown.bids[seat] = event.amount
        if event.target:
            self.stakes.to_bank(seat, event.target)
        self._bubble(seat, tr("azi.bubble.all_in"), 1.8)
        return 0.55

    def on_folded(self, event: Event) -> float:
        """He folds: his hand stays face down with him."""
        seat = event.seat
        self.stage.shown.folded[seat] = True
        for sprite in self.hands[seat]:
            self.turn_down(sprite)
        self._bubble(seat, tr("azi.bubble.fold"), 1.6)
        self._sound("deal", 0.3)
        return 0.45

    def on_looked(self, event: Event) -> float:
        """He looks at his cards (by choice, or when the bidding ends)."""
        seat, stage = event.seat, self.stage
        stage.shown.looked[seat] = True
        cards = sorted((c for c in event.cards if c != HIDDEN), key=stage.sort_key)
        if cards and self.shared.view.face_up(seat):
            hand = self.hands[seat]
            for i, (sprite, card) in enumerate(zip(hand, cards)):
                sprite.card = card  # face down until the flip turns it
                stage.mover.flip(sprite, True, 0.28, delay=0.05 * i)
            self.hands.arrange(0.3)
        if not event.amount:
            self._bubble(seat, tr("azi.bubble.looks"), 1.4)
        return 0.35 if cards else 0.1

    def on_lead_won(self, event: Event) -> float:
        """The highest bidder leads the first trick."""
        self.in_tricks = True
        seat = event.seat
        shared = self.shared
        self._say(lead_reason(self.stage.shown.bids, seat, shared.seat_name(seat),
                              shared.is_you(seat)), 2.0)
        return 1.0

    # --- events: tricks -----------------------------------------------------------------------
    def on_played(self, event: Event) -> float:
        """A card to the trick, in front of its player."""
        card = event.cards[0]
        sprite = self._from_hand(event.seat, card)
        if sprite.card != card or not sprite.face_up:
            self.stage.mover.flip(sprite, True, 0.22, shown=card)
        self.stage.trick.append((event.seat, sprite))
        self.hands.arrange()
        self._sound("card_play", 0.8)
        return 0.42

    def on_trick_won(self, event: Event) -> float:
        """A moment to see the trick, then it is gathered to its winner, face down."""
        seat, stage, shared = event.seat, self.stage, self.shared
        stage.overlays.last_round = (tr("azi.peek", name=shared.seat_name(seat)), list(event.cards))
        self._bubble(seat, tr("azi.bubble.trick"), 1.6)
        played = [(s, sprite.card) for s, sprite in stage.trick]
        self._say(trick_reason(played, seat, self.trump_suit_shown(), self.six_on_stage,
                               shared.seat_name(seat), shared.is_you(seat)), 2.4)

        def gather() -> float:
            stage.shown.tricks[seat] += 1
            sprites = [s for _, s in stage.trick]
            stage.trick = []
            for i, sprite in enumerate(sprites):
                self.turn_down(sprite, delay=0.03 * i)
                stage.taken[seat].append(sprite)
            self.hands.arrange(0.45)
            self._sound("take", 0.6)
            return 0.5

        self.next_step(gather)
        return 1.3

    # --- events: the end of a game ------------------------------------------------------------
    def _record(self) -> dict | None:
        for record in reversed(self.shared.source.observation(None)["games"]):
            if record["game"] == self.shown_game:
                return record
        return None

    def on_bank_paid(self, event: Event) -> float:
        """The winner takes the bank (or his share): a summary, then the chips slide to him."""
        record = self._record()
        shared = self.shared
        names = [shared.seat_name(s) for s in range(shared.n)]
        if record is not None:
            self._announce(game_summary(record, names, shared.you_seat()), 2.6)
            arithmetic = payout_reason(record, names)
            if arithmetic:
                self._say(arithmetic, 4.0)
        swept = self.stakes.sweep_stakes()  # the stakes join the bank in the middle first
        self.stakes.from_bank(event.seat, event.amount, delay=0.2 + swept)
        self._bubble(event.seat, tr("azi.bubble.wins", chips=event.amount), 2.4)
        self._sound("win", 0.7)
        return 1.4 + swept

    def on_refund(self, event: Event) -> float:
        """Chips the winner could not claim go back."""
        self.stakes.sweep_stakes()
        self.stakes.from_bank(event.seat, event.amount)
        self._bubble(event.seat, tr("azi.bubble.refund", chips=event.amount), 1.8)
        self._sound("chips", 0.5)
        return 0.5

    def on_azi(self, event: Event) -> float:
        """Three tricks, three takers: the bank stays for an azi game."""
        self.ended_by_azi = True
        self._announce(tr("azi.banner.azi", chips=event.amount), 3.0)
        self._sound("azi", 0.8)
        return 2.0

    def on_player_out(self, event: Event) -> float:
        """A player with no chips left leaves the table."""
        self.stage.shown.out[event.seat] = True
        self._announce(tr("azi.banner.out", name=self.shared.seat_name(event.seat)), 1.8)
        return 0.8

    def on_session_over(self, event: Event) -> float:
        """One player holds every chip (or the table broke up)."""
        self.gather()
        if event.seat >= 0:
            self._announce(tr("azi.banner.session", name=self.shared.seat_name(event.seat)),
                           2.4)
        return 0.6

    def gather(self) -> None:
        """Every card on the table and in the hands goes back to the stock, face down."""
        stage, n = self.stage, self.shared.n
        loose = [s for hand in self.hands for s in hand] + [s for _, s in stage.trick]
        loose += [s for pile in stage.taken for s in pile] + stage.discards
        if stage.trump is not None:
            loose.append(stage.trump)
        if not loose:
            return
        for i, sprite in enumerate(loose):
            self.turn_down(sprite, delay=0.01 * i)
            sprite.dim = sprite.highlight = False
            stage.stock.insert(0, sprite)
        self.hands.clear()
        stage.trick, stage.discards, stage.trump = [], [], None
        stage.taken = [[] for _ in range(n)]
        self.hands.arrange(0.45)
        self._sound("take", 0.4)
