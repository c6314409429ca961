"""The Azi table: the bank in the centre, the trick around it, the stock with the trump turned.

Built on :class:`scenes.table.scene.TableScene`. Each engine event (engine/azi_constants.py)
has an ``on_<kind>`` handler; cards move between the lists below and ``arrange()`` sends them
to the places ``rest_places()`` gives, chips slide as :class:`~scenes.table.azi.chips.ChipPile`
between a seat and the bank, and :class:`~scenes.table.azi.shown.Shown` keeps the numbers the
plates and the bank show in step with what has been animated.

    self.stock      the deck, face down (all 27 between games)
    self.trump      the turned card, sideways under the stock (None between games)
    self.discards   the 4-card deal's discards, face down
    self.trick      [(seat, sprite), …] the trick being played, around the bank
    self.taken      per seat, the tricks it won this game, face down by its plate

The human's choices: the bidding panel (scenes/table/azi/panels.py) while bidding, the azi question
before an azi game, and the cards of the hand (click, drag or arrows + Enter) to discard or
to play. A blind player's own cards stay face down until he looks.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

import pygame

from engine.azi import AziOptions, AziSession
from engine.azi_constants import BIDDING, BUY_IN, DISCARD, OVER, TRICKS
from engine.cards import AZI_DECK, HIDDEN, NUM_RANKS, RANKS, SUIT_NAMES
from engine.core import Event
from engine.shuffle import Dealer, SecureDealer

from .chips import ChipPile, draw_amount_tag
from .choices import bid_choices
from .panels import BiddingPanel, QuestionPanel
from .shown import Shown
from .words import event_line, game_summary, seat_detail
from ...i18n import tr
from ..scene import Place, TableScene
from ..motion import TableCard
from ...widgets import GOLD, MUTED, text_surface

CHIP_SECONDS = 0.45  # a pile of chips sliding between a plate and the bank at normal speed


class AziTable(TableScene):
    """A session of Azi games at one table, until one player holds every chip."""

    game_name = "azi"
    card_actions = range(len(AZI_DECK))
    dealer_factory: Callable[[], Dealer] = SecureDealer  # tests may deal from a seeded dealer

    def __init__(self, app, config, *, thinker: Any = None) -> None:
        self.options = AziOptions(num_players=len(config.seats), **config.options)
        self.stock: list[TableCard] = []
        self.trump: TableCard | None = None
        self.discards: list[TableCard] = []
        self.trick: list[tuple[int, TableCard]] = []
        self.taken: list[list[TableCard]] = [[] for _ in config.seats]
        self.piles: list[ChipPile] = []
        self.shown = Shown([self.options.starting_stack] * len(config.seats))
        self.shown_game = 0
        self.six_on_stage = False
        self.in_tricks = False
        self.ended_by_azi = False
        self.panel = BiddingPanel()
        self.question = QuestionPanel()
        super().__init__(app, config, thinker=thinker)

    # --- the game -----------------------------------------------------------------------------
    @property
    def session(self) -> AziSession:
        """The engine's session."""
        return self.source.game

    def make_game(self) -> AziSession:
        """A new session with the table's options; game 1 is dealt at once."""
        return AziSession.new(self.options, type(self).dealer_factory())

    def true_hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds, hidden while he is blind or after he folded."""
        g = self.session
        if g.phase == OVER:
            return []  # the last game's cards were gathered
        hand = g.hands[seat]
        if not g.looked[seat] or g.folded[seat]:
            return [HIDDEN] * len(hand)
        return list(hand)

    def shown_card(self, seat: int, card: int) -> int:
        """Hidden cards stay hidden whoever looks."""
        return HIDDEN if card == HIDDEN else super().shown_card(seat, card)

    def sort_key(self, card: int) -> tuple[int, int, int]:
        """Plain suits first, trumps last, low to high."""
        suit = card // NUM_RANKS
        return (suit == self.session.trump_suit, suit, card % NUM_RANKS)

    def next_game(self) -> AziSession:
        """Play again: a new session at the same table."""
        self.shown = Shown([self.options.starting_stack] * self.n)
        return self.make_game()

    # --- cards off the hands ------------------------------------------------------------------
    def _card_w(self) -> int:
        return self.layout.table_card_width

    def fresh_table(self) -> None:
        """The whole deck face down on the stock."""
        w = self._card_w()
        self.stock = [self.new_card(HIDDEN, self.layout.talon.center, w, face_up=False)
                      for _ in AZI_DECK]
        self.trump, self.discards, self.trick = None, [], []
        self.taken = [[] for _ in range(self.n)]
        self.piles = []
        self.shown = Shown([self.options.starting_stack] * self.n)
        self.shown_game = 0
        self.six_on_stage = False
        self.in_tricks = False
        self.ended_by_azi = False

    def _expected_stock(self) -> int:
        g = self.session
        if g.phase == OVER or g.trump_card < 0:
            return len(AZI_DECK)
        return len(g.stock)

    def build_piles(self) -> None:
        """Stock, trump, discards, trick and taken tricks from the game state; the numbers too."""
        g = self.session
        w = self._card_w()
        centre = self.layout.talon.center
        self.stock = [self.new_card(HIDDEN, centre, w, face_up=False)
                      for _ in range(self._expected_stock())]
        live = g.phase != OVER and g.trump_card >= 0
        self.trump = self.new_card(g.trump_card, centre, w) if live else None
        self.discards = [self.new_card(HIDDEN, centre, w, face_up=False)
                         for d in g.discards if d >= 0] if live else []
        self.trick = [(s, self.new_card(c, centre, w)) for s, c in g.trick] if live else []
        self.taken = [[self.new_card(HIDDEN, centre, w, face_up=False) for _ in g.taken[s]]
                      if live else [] for s in range(self.n)]
        self.piles = []
        self.shown = Shown.from_observation(g.observation(0))
        self.shown_game = g.game_number
        self.six_on_stage = live and g.six_on_stage
        self.in_tricks = g.phase == TRICKS

    def piles_match(self) -> bool:
        """Cards off the hands and the chips shown equal the game's."""
        g = self.session
        live = g.phase != OVER and g.trump_card >= 0
        trump = self.trump.card if self.trump is not None else -1
        return (len(self.stock) == self._expected_stock()
                and trump == (g.trump_card if live else -1)
                and len(self.discards) == (sum(d >= 0 for d in g.discards) if live else 0)
                and [(s, c.card) for s, c in self.trick] == ([tuple(p) for p in g.trick]
                                                             if live else [])
                and [len(t) for t in self.taken] == ([len(t) for t in g.taken] if live
                                                     else [0] * self.n)
                and self.shown == Shown.from_observation(g.observation(0)))

    def taken_spot(self, seat: int) -> tuple[float, float]:
        """Where ``seat``'s won tricks lie: above the bottom plate, below the others'."""
        plate = self.seat_layout(seat).plate
        small_h = self._small_w() * 1.4
        if self.is_bottom(seat):  # above the Log and Last battle buttons over the plate
            return plate.centerx, plate.top - round(46 * self.layout.scale) - small_h * 0.62
        return plate.centerx, plate.bottom + small_h * 0.62

    def _small_w(self) -> int:
        return max(24, round(self._card_w() * 0.55))

    def _towards_centre(self, point: tuple[float, float]) -> tuple[float, float]:
        cx, cy = self.layout.oval.center
        dx, dy = cx - point[0], cy - point[1]
        d = math.hypot(dx, dy) or 1.0
        return dx / d, dy / d

    def bank_spot(self) -> tuple[int, int]:
        """The bank's chips: the middle of the ring of trick cards."""
        cx, cy = self.layout.oval.center
        return cx, round(cy - self._card_w() * 0.12)

    def trick_spot(self, seat: int) -> tuple[float, float]:
        """Where ``seat``'s card of the trick lies: on a ring round the bank, on his side."""
        cx, cy = self.layout.oval.center
        ax, ay = self.seat_layout(seat).anchor
        a = math.atan2(ay - cy, ax - cx)
        w = self._card_w()
        return cx + math.cos(a) * w * 1.7, cy + math.sin(a) * w * 1.18

    def rest_places(self) -> Iterator[tuple[TableCard, Place]]:
        """Trump under the stock, stock, discards, taken tricks, and the trick round the bank."""
        lay = self.layout
        w = self._card_w()
        if self.trump is not None:
            yield self.trump, Place(lay.trump.center, 90.0, w, 1)
        for i, sprite in enumerate(self.stock):
            lift = min(i, 10) * max(0.6, w / 120)
            yield sprite, Place((lay.talon.centerx - lift * 0.4, lay.talon.centery - lift), 0.0,
                                w, 2 + i)
        for i, sprite in enumerate(self.discards):
            turn = ((i * 53) % 29 - 14) * 0.8
            yield sprite, Place((lay.discard.centerx + (i % 3 - 1) * w * 0.06,
                                 lay.discard.centery - i * 1.5), turn, w, 30 + i)
        small = self._small_w()
        for seat, pile in enumerate(self.taken):
            x, y = self.taken_spot(seat)
            for i, sprite in enumerate(pile):
                trick, k = divmod(i, max(1, self._trick_size(seat, pile)))
                pos = (x - small * 0.4 + trick * small * 0.55 + k * 1.5, y - k * 1.5)
                yield sprite, Place(pos, 8.0 - trick * 8.0, small, 60 + i)
        for i, (seat, sprite) in enumerate(self.trick):
            turn = ((seat * 37) % 13 - 6) * 1.2
            yield sprite, Place(self.trick_spot(seat), turn, w, 80 + i)

    def _trick_size(self, seat: int, pile: list[TableCard]) -> int:
        tricks = max(1, self.shown.tricks[seat])
        return max(1, len(pile) // tricks)

    # --- chips --------------------------------------------------------------------------------
    def chip_diameter(self) -> int:
        """Chip size on the table."""
        return max(18, round(30 * self.layout.scale))

    def plate_point(self, seat: int) -> tuple[int, int]:
        """Where chips leave and reach a seat: its plate."""
        return self.seat_layout(seat).plate.center

    def slide_chips(self, chips: int, start: tuple[float, float], end: tuple[float, float],
                    on_land: Callable[[], None], *, delay: float = 0.0) -> None:
        """A pile of ``chips`` sliding from ``start`` to ``end``; ``on_land`` when it arrives."""
        if chips <= 0:
            on_land()
            return
        from sprites.tween import Tween, ease_in_out_cubic

        pile = ChipPile(chips, start, self.chip_diameter(), max_chips=5)
        self.piles.append(pile)

        def landed() -> None:
            if pile in self.piles:
                self.piles.remove(pile)
            on_land()

        self.mover.run(pile, Tween(pile, "pos", (float(end[0]), float(end[1])), CHIP_SECONDS,
                                   ease_in_out_cubic, delay=delay, on_done=landed))

    def to_bank(self, seat: int, chips: int) -> None:
        """``seat`` puts ``chips`` in: stack → stake now, the bank grows when they land."""
        self.shown.pay_in(seat, chips)

        def land() -> None:
            self.shown.bank += chips

        self.slide_chips(chips, self.plate_point(seat), self.bank_spot(), land)
        self.app.sounds.play("chips", 0.55)

    def from_bank(self, seat: int, chips: int, delay: float = 0.0) -> None:
        """The bank pays ``chips`` to ``seat``: the bank shrinks now, the stack when they land."""
        self.shown.bank -= chips

        def land() -> None:
            self.shown.stacks[seat] += chips

        self.slide_chips(chips, self.bank_spot(), self.plate_point(seat), land, delay=delay)

    # --- events: the start of a game ----------------------------------------------------------
    def on_game_started(self, event: Event) -> float:
        """A new game: gather any cards still out, clear the per-game marks."""
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
        self.to_bank(event.seat, event.amount)
        return 0.12

    def on_azi_joined(self, event: Event) -> float:
        """The buy-in slides into the bank."""
        self.to_bank(event.seat, event.amount)
        self.bubble(event.seat, tr("azi.bubble.joins"), 1.4)
        return 0.4

    def on_azi_declined(self, event: Event) -> float:
        """He sits the azi out."""
        self.shown.sitting_out[event.seat] = True
        self.bubble(event.seat, tr("azi.bubble.sits_out"), 1.4)
        return 0.3

    def on_shuffled(self, event: Event) -> float:
        """The deck is cut and riffled."""
        self.gather()
        self.app.sounds.play("shuffle", 0.6)
        w = self._card_w()
        cx, cy = self.layout.talon.center
        top = self.stock[-10:]

        def split() -> float:
            for i, sprite in enumerate(top):
                side = -1 if i % 2 else 1
                self.mover.go(sprite, (cx + side * w * 0.55, cy - (i % 4) * 2), side * 6.0, w,
                              0.18, delay=i * 0.01)
            return 0.26

        def merge() -> float:
            for sprite in top:
                sprite.rest = None
            self.arrange(0.18)
            return 0.24

        self.next_step(merge)
        self.next_step(split)
        return 0.0

    def on_dealt(self, event: Event) -> float:
        """A card from the stock to a hand, face up only if that hand may be seen."""
        if not self.stock:
            return 0.0
        sprite = self.stock.pop()
        card = event.cards[0]
        if self.options.blind_bets:
            self.shown.looked[event.seat] = False
        if card != HIDDEN and self.view.face_up(event.seat):
            sprite.card = card  # still face down: the flip shows it on the way
            self.mover.flip(sprite, True, 0.25, delay=0.1)
        self.add_to_hand(event.seat, sprite)
        self.arrange(0.32)
        self.app.sounds.play("deal", 0.45)
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

    @staticmethod
    def card_words(key: str, card: int) -> str:
        """A banner naming ``card`` in words (the display font has no suit symbols)."""
        return tr(key, rank=RANKS[card % NUM_RANKS],
                  suit=tr(f"azi.suit.{SUIT_NAMES[card // NUM_RANKS]}"))

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
        self.to_bank(seat, event.target)
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
            self.to_bank(seat, event.target)
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
        self.announce(tr("azi.banner.lead", name=self.seat_name(event.seat)), 1.4)
        return 0.6

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
        self.last_round = (tr("azi.peek", name=self.seat_name(seat)), list(event.cards))
        self.bubble(seat, tr("azi.bubble.trick"), 1.6)

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
        return 0.8

    # --- events: the end of a game ------------------------------------------------------------
    def _record(self) -> dict | None:
        for record in reversed(self.session.games):
            if record["game"] == self.shown_game:
                return record
        return None

    def on_bank_paid(self, event: Event) -> float:
        """The winner takes the bank (or his share): a summary, then the chips slide to him."""
        record = self._record()
        names = [self.seat_name(s) for s in range(self.n)]
        if record is not None:
            self.announce(game_summary(record, names), 2.6)
        self.from_bank(event.seat, event.amount, delay=0.2)
        self.shown.stakes = [0] * self.n
        self.bubble(event.seat, tr("azi.bubble.wins", chips=event.amount), 2.4)
        self.app.sounds.play("win", 0.7)
        return 1.4

    def on_refund(self, event: Event) -> float:
        """Chips the winner could not claim go back."""
        self.from_bank(event.seat, event.amount)
        self.shown.stakes[event.seat] = 0
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
        self.announce(tr("azi.banner.out", name=self.seat_name(event.seat)), 1.8)
        return 0.8

    def on_session_over(self, event: Event) -> float:
        """One player holds every chip (or the table broke up)."""
        self.gather()
        if event.seat >= 0:
            self.announce(tr("azi.banner.session", name=self.seat_name(event.seat)), 2.4)
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

    # --- the player's choices -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        """The base frame, then the panels follow whose turn it is."""
        super().update(dt)
        self.sync_panels()

    def sync_panels(self) -> None:
        """Show the bidding panel or the azi question exactly when the human must answer."""
        g = self.session
        mine = self.my_turn()
        if mine and g.phase == BIDDING:
            seat = g.to_move
            self.panel.show(bid_choices(g.observation(seat), g.legal_actions()))
        else:
            self.panel.show(None)
        if mine and g.phase == BUY_IN:
            if not self.question.visible:
                self.question.ask_buy_in(g.buy_in_price, g.bank, g.stacks[g.to_move])
        else:
            self.question.hide()
        self.layout_panels()

    def build(self, rect: pygame.Rect) -> None:
        """The base's buttons; the peek button speaks of tricks here."""
        super().build(rect)
        peek = getattr(self, "corner_buttons", {}).get("table.peek_button")
        if peek is not None:
            peek.set_text(tr("azi.peek_button"))

    def layout_panels(self) -> None:
        """Place the panels for the current window (never smaller than readable)."""
        s = self.layout.scale
        panel_scale = max(s, 0.86)
        anchor = pygame.Rect(self.layout.actions)
        width = max(anchor.width, round(236 * panel_scale))
        anchor.x, anchor.width = anchor.right - width, width
        self.panel.layout(anchor, panel_scale)
        width = min(round(420 * panel_scale), self.layout.centre.width + round(120 * s))
        self.question.layout(self.layout.centre.center, panel_scale, width)

    def handle_event(self, event: pygame.event.Event) -> None:
        """The panels first (their keys and clicks), then the table."""
        for panel in (self.question, self.panel):
            if not panel.visible:
                continue
            if event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
                if self._panel_key(panel, event.key):
                    action = panel.handle_event(event)
                    if action is not None:
                        self.play(action)
                    return
            elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                                pygame.MOUSEMOTION):
                action = panel.handle_event(event)
                if action is not None:
                    self.play(action)
                    return
                pos = getattr(event, "pos", None)
                if (event.type != pygame.MOUSEMOTION and pos is not None
                        and panel.rect.collidepoint(pos)):
                    return
                if event.type == pygame.MOUSEWHEEL and panel.rect.collidepoint(panel.hover):
                    return
        super().handle_event(event)

    @staticmethod
    def _panel_key(panel, key: int) -> bool:
        """Does this key belong to the panel (else it goes to the table: L log, P peek …)?"""
        if isinstance(panel, QuestionPanel):
            return key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_j, pygame.K_y,
                           pygame.K_s, pygame.K_n)
        table_keys = {pygame.K_p}
        if key == pygame.K_l:
            return "look" in panel.buttons
        return key not in table_keys

    def _style_hand(self) -> None:
        """As the base, but cards are greyed only when a card is what is asked for: during the
        bidding or the azi question the hand is simply held, not "unplayable"."""
        super()._style_hand()
        if self.session.phase not in (DISCARD, TRICKS):
            for sprite in self.bottom_hand():
                sprite.dim = False

    def plate_text(self, seat: int) -> tuple[str, str, bool]:
        """Chips on the right; stake, tricks, blind/open or the seat's state below."""
        shown = self.shown
        obs = shown.as_observation(TRICKS if self.in_tricks else BIDDING,
                                   {"blind_bets": self.options.blind_bets})
        detail = "" if self.over else seat_detail(obs, seat)
        if not detail:
            spec = self.config.seats[seat]
            detail = tr("seat.human") if spec.kind == "human" else tr(f"level.{spec.level}")
        muted = shown.out[seat] or shown.sitting_out[seat] or shown.folded[seat]
        value = "" if shown.out[seat] else str(shown.stacks[seat])
        return value, detail, muted

    def status_text(self) -> str:
        """What the player at the screen is asked to do, or whose turn it is."""
        g = self.session
        if self.over or g.to_move is None or not self.animations_idle:
            return ""
        seat = g.to_move
        name = self.seat_name(seat)
        if self.my_turn():
            if g.phase == BUY_IN:
                return tr("azi.status.you_buy_in", chips=g.buy_in_price)
            if g.phase == DISCARD:
                return tr("azi.status.you_discard")
            if g.phase == BIDDING:
                if g.highest_bid == 0:
                    return tr("azi.status.you_open", chips=g.min_bet)
                return tr("azi.status.you_bid", name=self.seat_name(g.highest_bidder),
                          level=g.highest_bid)
            if not g.trick:
                return tr("azi.status.you_lead")
            led = g.trick[0][1] // NUM_RANKS
            suit = tr(f"azi.suit.{SUIT_NAMES[led]}")
            hand = g.hands[seat]
            if any(c // NUM_RANKS == led for c in hand):
                return tr("azi.status.you_follow", suit=suit)
            if any(c // NUM_RANKS == g.trump_suit for c in hand):
                return tr("azi.status.you_trump", suit=suit)
            return tr("azi.status.you_any", suit=suit)
        me = self.view.bottom
        if self.config.seats[me].kind == "human" and self.shown.out[me]:
            return tr("azi.status.you_out", name=self.seat_name(me))
        key = {BUY_IN: "azi.status.they_buy_in", DISCARD: "azi.status.they_discard",
               BIDDING: "azi.status.they_bid"}.get(g.phase, "azi.status.they_play")
        return tr(key, name=name)

    def describe(self, event: Event) -> str | None:
        """A line for the move log."""
        return event_line(event, [self.seat_name(s) for s in range(self.n)])

    def summary(self):
        """Who holds the chips, and every player's count."""
        from ...game_over import Summary

        result = self.session.result()
        winner = result["winner"]
        title = (tr("azi.over.winner", name=self.seat_name(winner)) if winner is not None
                 else tr("azi.over.stopped"))
        order = sorted(range(self.n), key=lambda s: -result["stacks"][s])
        rows = [(self.seat_name(s), tr("azi.over.chips", chips=result["stacks"][s]), s == winner)
                for s in order]
        notes = [tr("azi.over.games", count=result["game_number"])]
        return Summary(title, rows, notes, tr("table.play_again"))

    # --- drawing ------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface) -> None:
        """The bank's chips and amount, the stock count, six on stage, the game number."""
        s = self.layout.scale
        lay = self.layout
        bank = self.shown.bank
        bx, by = self.bank_spot()
        if bank > 0:
            from sprites.chips import draw_chip_stack

            draw_chip_stack(surface, bank, (bx, by), round(self.chip_diameter() * 1.35), 6)
        label = tr("azi.bank", chips=bank)
        if self.shown.carried:
            label += "  \u00b7  " + tr("azi.carried", chips=self.shown.carried)
        draw_amount_tag(surface, label, (bx, by + round(self._card_w() * 0.36)), s)
        if self.trump is not None and self.six_on_stage:
            draw_amount_tag(surface, tr("azi.six_on_stage_tag"),
                            (lay.trump.centerx, lay.trump.bottom + round(22 * s)), s, size=14)
        game = text_surface(tr("azi.game_number", number=max(1, self.shown_game),
                               ante=self.options.ante), "text", round(14 * s), MUTED)
        surface.blit(game, (round(12 * s), round(52 * s)))

    def draw_over(self, surface: pygame.Surface) -> None:
        """Trick marks on the plates, flying chips, the bidding panel and the azi question."""
        for seat in range(self.n):
            self._draw_trick_marks(surface, seat)
        for pile in self.piles:
            pile.draw(surface)
        if self.panel.visible:
            self.panel.draw(surface)
        if self.question.visible:
            self.question.draw(surface)

    def _draw_trick_marks(self, surface: pygame.Surface, seat: int) -> None:
        """A round gold badge with the number of tricks taken, on the seat's pile of tricks."""
        count = self.shown.tricks[seat]
        if not count or not self.taken[seat]:
            return
        s = self.layout.scale
        x, y = self.taken_spot(seat)
        small = self._small_w()
        radius = max(8, round(11 * s))
        centre = (round(x + small * 0.55 + radius * 0.4), round(y - small * 0.55))
        pygame.draw.circle(surface, (0, 0, 0), (centre[0] + 1, centre[1] + 2), radius)
        pygame.draw.circle(surface, GOLD, centre, radius)
        pygame.draw.circle(surface, (90, 64, 20), centre, radius, 1)
        digit = text_surface(str(count), "bold", round(radius * 1.4), (29, 20, 5))
        surface.blit(digit, digit.get_rect(center=centre))

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table and the panels out again."""
        super().resize(size)
        self.layout_panels()
