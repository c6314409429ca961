"""The Azi table: the bank in the centre, the trick around it, the stock with the trump turned.

Each engine event (engine/azi/constants.py) has an ``on_<kind>`` handler in the table's events
part (events.py); cards move between
the lists below and ``arrange()`` sends them to the places ``rest_places()`` gives; chips slide
between a seat, his stake and the bank (stakes.py); ``Shown`` keeps the plates' numbers in step.

    self.stock      the deck, face down (all 27 between games)
    self.trump      the turned card, upright and half under the stock (None between games)
    self.discards   the 4-card deal's discards, face down
    self.trick      [(seat, sprite), …] the trick being played, around the bank
    self.taken      per seat, the tricks it won this game, face down by its plate

Parts it owns: bidding panel, azi question (panels.py) and where they are pointed at (pointing.py),
strength meter (meter.py), trick counters and six-on-stage tag (marks.py), results (between.py),
the bank, the stakes and the chips in flight (stakes.py)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

import pygame

from engine.azi import AziOptions, AziSession
from engine.azi.constants import BIDDING, BUY_IN, DISCARD, OVER, TRICKS
from engine.cards import AZI_DECK, HIDDEN, NUM_RANKS, SUIT_NAMES
from engine.core import Event
from engine.shuffle import Dealer, SecureDealer

from ...i18n import number, tr
from ..motion import TableCard
from ..scene import Place, TableScene
from ..trump_view import draw_stock_badge, stock_badge_rect, trump_rect, trump_spot
from .between import BetweenGames
from .choices import bid_choices
from .events import AziEventShow
from .game_line import GameLine
from .marks import AziMarks
from .meter import StrengthMeter
from .panels import BiddingPanel, QuestionPanel
from .piles import pile_rect, pile_spots
from .pointing import PanelPointing
from .shown import Shown
from .stakes import Stakes
from .words import event_line, seat_detail


class AziTable(TableScene):
    """A session of Azi games at one table, until one player holds every chip."""

    game_name = "azi"
    PEEK_KEY = "azi.peek_button"  # the last-round button speaks of tricks here
    card_actions = range(len(AZI_DECK))
    dealer_factory: Callable[[], Dealer] = SecureDealer  # tests may deal from a seeded dealer

    def __init__(self, app, config, *, thinker: Any = None) -> None:
        self.options = AziOptions(num_players=len(config.seats), **config.options)
        self.stock: list[TableCard] = []
        self.trump: TableCard | None = None
        self.discards: list[TableCard] = []
        self.trick: list[tuple[int, TableCard]] = []
        self.taken: list[list[TableCard]] = [[] for _ in config.seats]
        self.shown = Shown([self.options.starting_stack] * len(config.seats))
        self.panel = BiddingPanel()
        self.meter = StrengthMeter(app, self.panel)  # a part with its own state
        self.question = QuestionPanel()
        self.pointing = PanelPointing(self.panel, self.question)  # where a bid is chosen
        self.pointer = (-1, -1)
        self.game_line = GameLine()  # "Game 3 · ante 10" in the corner
        self._spots_key: tuple | None = None  # the layout the piles' places were found for
        self._spots: list[tuple[float, float]] = []
        super().__init__(app, config, thinker=thinker)
        self.marks = AziMarks(  # a part: the trick counters and the six-on-stage tag
            self.shared, tricks=lambda seat: self.shown.tricks[seat], small_width=self._small_w,
            pile_spot=lambda seat: self.taken_spot(seat) if self.taken[seat] else None,
            on_stage=lambda: self.trump.card if self.events.six_on_stage and self.trump else None)
        self.stakes = Stakes(self.shared, self, self.mover,  # a part: the bank, stakes, chips
                             blind_bets=self.options.blind_bets, mark=self.overlays.mark_text)
        self.events = AziEventShow(  # a part: the on_<kind> handlers and the game's own marks
            self.shared, self, self.hands, self.stakes, timeline=self.timeline,
            next_step=self.story.next_step, blind_bets=self.options.blind_bets)
        self.event_handlers = self.events  # the scene shows each event through it

    # --- the game -----------------------------------------------------------------------------
    @property
    def session(self) -> AziSession:
        """The engine's session of a live table (tests; the table reads only the source)."""
        return self.source.game

    @property
    def between(self) -> BetweenGames | None:
        """The last game's result, until Next game (the events part keeps it; the autopilot and
        tests press its button)."""
        return self.events.between

    def make_game(self) -> AziSession:
        """A new session with the table's options; game 1 is dealt at once."""
        return AziSession.new(self.options, type(self).dealer_factory())

    def true_hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds, hidden while he is blind, after he folded, or when this
        source cannot show them (a network table shows only its own seat's) — except that Watch
        AI with every hand shown shows a blind hand too (nobody at the screen plays)."""
        g = self.public()
        if g["phase"] == OVER:
            return []  # the last game's cards were gathered
        if g["folded"][seat] or not self.source.may_show(seat):
            return [HIDDEN] * g["hand_sizes"][seat]
        if not g["looked"][seat]:
            if self.view.watch and self.view.show_all:  # a live demo: its source holds the game
                return list(self.source.game.hands[seat])
            return [HIDDEN] * g["hand_sizes"][seat]
        return list(self.source.observation(seat)["hand"])

    def sort_key(self, card: int) -> tuple[int, int, int]:
        """Plain suits first, trumps last, low to high."""
        suit = card // NUM_RANKS
        return (suit == self.public()["trump_suit"], suit, card % NUM_RANKS)

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
        self.stock = [self.hands.new_card(HIDDEN, self.layout.talon.center, w, face_up=False)
                      for _ in AZI_DECK]
        self.trump, self.discards, self.trick = None, [], []
        self.taken = [[] for _ in range(self.n)]
        self.stakes.clear()
        self.shown = Shown([self.options.starting_stack] * self.n)
        self.events.reset()

    @staticmethod
    def _live(g: dict[str, Any]) -> bool:
        """Is a game on the table (cards dealt, trump turned)?"""
        return g["phase"] != OVER and g["trump_card"] >= 0

    def _expected_stock(self) -> int:
        g = self.public()
        return g["stock_size"] if self._live(g) else len(AZI_DECK)

    def build_piles(self) -> None:
        """Stock, trump, discards, trick and taken tricks from the observation; the numbers too."""
        g = self.public()
        w = self._card_w()
        centre = self.layout.talon.center
        self.stock = [self.hands.new_card(HIDDEN, centre, w, face_up=False)
                      for _ in range(self._expected_stock())]
        live = self._live(g)
        self.trump = self.hands.new_card(g["trump_card"], centre, w) if live else None
        self.discards = [self.hands.new_card(HIDDEN, centre, w, face_up=False)
                         for _ in range(g["discards_laid"])] if live else []
        self.trick = [(s, self.hands.new_card(c, centre, w)) for s, c in g["trick"]] if live else []
        self.taken = [[self.hands.new_card(HIDDEN, centre, w, face_up=False)
                       for _ in range(g["taken_sizes"][s])] if live else []
                      for s in range(self.n)]
        self.stakes.clear()
        self.shown = Shown.from_observation(g)
        self.events.take_up(g["game_number"], six_on_stage=live and g["six_on_stage"],
                            in_tricks=g["phase"] == TRICKS)

    def piles_match(self) -> bool:
        """Cards off the hands and the chips shown equal the game's."""
        g = self.public()
        live = self._live(g)
        trump = self.trump.card if self.trump is not None else -1
        return (len(self.stock) == self._expected_stock()
                and trump == (g["trump_card"] if live else -1)
                and len(self.discards) == (g["discards_laid"] if live else 0)
                and [(s, c.card) for s, c in self.trick] == ([tuple(p) for p in g["trick"]]
                                                             if live else [])
                and [len(t) for t in self.taken] == (list(g["taken_sizes"]) if live
                                                     else [0] * self.n)
                and self.shown == Shown.from_observation(g))

    def taken_spot(self, seat: int) -> tuple[float, float]:
        """Where ``seat``'s won tricks lie (see :meth:`_taken_spots`)."""
        key = (id(self.layout), self.layout.size, self.n, self.view.bottom)  # hot seat turns
        if self._spots_key != key:
            self._spots_key, self._spots = key, self._taken_spots()
        return self._spots[seat]

    def _taken_spots(self) -> list[tuple[float, float]]:
        """Every seat's pile of won tricks on free felt (scenes/table/azi/piles.py)."""
        return pile_spots(self)

    def occupied_rects(self) -> list[pygame.Rect]:
        """The table's own, and the bank, the stakes, the piles, the stock's badge and the
        panels."""
        rects = super().occupied_rects() + [stock_badge_rect(self.layout)] + self.stakes.rects()
        rects += [self.pile_ground(self.taken_spot(s), s) for s in range(self.n) if self.taken[s]]
        rects += [panel.rect for panel in (self.panel, self.question) if panel.visible]
        if self.panel.visible:
            rects.append(self.meter.rect())
        between = self.events.waiting()
        if between is not None:
            rects.append(between.rect)
        return rects

    def log_obstacles(self) -> list[pygame.Rect]:
        """The trick's cards, the bank, every stake and pile of won tricks with their labels."""
        return [*self.stakes.rects(every=True), *(self.trick_card_rect(s) for s in range(self.n)),
                *(self.pile_ground(self.taken_spot(s), s) for s in range(self.n))]

    def deck_rect(self) -> pygame.Rect:
        """The stock with its lifted top cards, the trump under it and its badge."""
        w = self._card_w()
        lift = 10 * max(0.6, w / 120)
        stock = self.layout.talon.inflate(round(lift * 0.8), 0)
        stock.height += round(lift)
        stock.bottom = self.layout.talon.bottom
        return stock.unionall([trump_rect(self.layout), stock_badge_rect(self.layout),
                               self.layout.discard])

    def taken_rect(self, spot: tuple[float, float]) -> pygame.Rect:
        """The ground a pile of two won tricks at ``spot`` covers (scenes/table/azi/piles.py)."""
        return pile_rect(self, spot)

    def pile_ground(self, spot: tuple[float, float], seat: int) -> pygame.Rect:
        """A pile at ``spot`` with its "Tricks" label beside it."""
        return self.taken_rect(spot).union(self.marks.trick_label_at(spot, 1))

    def _begin(self) -> None:
        super()._begin()
        # Won tricks fly to the piles at this smaller width: made ahead, not in a trick's frames.
        self.faces.also(self.card_actions, [self._small_w()])

    def _small_w(self) -> int:
        return max(24, round(self._card_w() * 0.55))

    def trick_spot(self, seat: int) -> tuple[float, float]:
        """Where ``seat``'s card of the trick lies: on a ring round the bank, on his side."""
        cx, cy = self.layout.oval.center
        w = self._card_w()
        if self.n >= 5:
            # Five or six seats crowd two side seats into nearly one direction: their cards
            # would lie on each other's index. Evenly round the ring, in seat order, each stays
            # readable and still on its player's side.
            a = math.pi / 2 + seat * 2 * math.pi / self.n
            return cx + math.cos(a) * w * 1.95, cy + math.sin(a) * w * 1.3
        ax, ay = self.shared.seat_layout(seat).anchor
        a = math.atan2(ay - cy, ax - cx)
        return cx + math.cos(a) * w * 1.7, cy + math.sin(a) * w * 1.18

    def trick_card_rect(self, seat: int) -> pygame.Rect:
        """The ground ``seat``'s trick card covers (turned cards a little more)."""
        w = self._card_w()
        rect = pygame.Rect(0, 0, round(w * 1.1), round(w * 1.5))
        x, y = self.trick_spot(seat)
        rect.center = (round(x), round(y))
        return rect

    def rest_places(self) -> Iterator[tuple[TableCard, Place]]:
        """Trump beside the stock, stock, discards, taken tricks, and the trick round the bank."""
        lay = self.layout
        w = self._card_w()
        if self.trump is not None:
            yield self.trump, Place(trump_spot(lay), 0.0, w, 1)
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

    # --- the player's choices -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        """The base frame, then the panels follow whose turn it is."""
        super().update(dt)
        self.sync_panels()

    def sync_panels(self) -> None:
        """Show the bidding panel or the azi question exactly when the human must answer."""
        g = self.public()
        mine = self.input.my_turn()
        if mine and g["phase"] == BIDDING:
            seat = self.source.to_move
            self.panel.show(bid_choices(self.source.observation(seat), self.source.legal_actions()))
        else:
            self.panel.show(None)
        if mine and g["phase"] == BUY_IN:
            if not self.question.visible:
                self.question.ask_buy_in(g["buy_in_price"], g["bank"],
                                         g["stacks"][self.source.to_move])
        else:
            self.question.hide()
        self.layout_panels()
        self.pointing.aim(self.story.version, self.suggested_action())

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
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos  # for the hover help on "six on stage"
        between = self.events.waiting()
        if between is not None and between.handle_event(event):
            return
        for panel in (self.question, self.panel):
            if not panel.visible:
                continue
            if event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
                if self._panel_key(panel, event.key):
                    action = panel.handle_event(event)
                    if action is not None:
                        self.input.play(action)
                    return
            elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                                pygame.MOUSEMOTION):
                action = panel.handle_event(event)
                if action is not None:
                    self.input.play(action)
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
        table_keys = {pygame.K_p, pygame.K_h}  # peek, hint
        if key == pygame.K_l:
            return "look" in panel.buttons
        return key not in table_keys

    def action_rect(self, action: int) -> pygame.Rect | None:
        """A card or base widget as usual; else the panel button that makes ``action``."""
        rect = super().action_rect(action)
        return rect if rect is not None else self.pointing.rect(action)

    def _style_hand(self) -> None:
        """As the base, but cards are greyed only when a card is what is asked for: during the
        bidding or the azi question the hand is simply held, not "unplayable"."""
        super()._style_hand()
        if self.public()["phase"] not in (DISCARD, TRICKS):
            for sprite in self.hands.bottom():
                sprite.dim = False

    def plate_text(self, seat: int) -> tuple[str, str, bool]:
        """Chips on the right; stake, tricks, blind/open or the seat's state below."""
        shown = self.shown
        obs = shown.as_observation(TRICKS if self.events.in_tricks else BIDDING,
                                   {"blind_bets": self.options.blind_bets})
        detail = "" if self.over else seat_detail(obs, seat)
        if not detail:
            detail = self.shared.kind_text(seat)
        muted = shown.out[seat] or shown.sitting_out[seat] or shown.folded[seat]
        value = "" if shown.out[seat] else number(shown.stacks[seat])
        return value, detail, muted

    def status_text(self) -> str:
        """What the player at the screen is asked to do, or whose turn it is."""
        seat = self.source.to_move
        if self.over or seat is None or not self.animations_idle:
            return ""
        g = self.public()
        name = self.shared.seat_name(seat)
        if self.input.my_turn():
            if g["phase"] == BUY_IN:
                return tr("azi.status.you_buy_in", chips=g["buy_in_price"])
            if g["phase"] == DISCARD:
                return tr("azi.status.you_discard")
            if g["phase"] == BIDDING:
                if g["highest_bid"] == 0:
                    return tr("azi.status.you_open", chips=g["min_bet"])
                return tr("azi.status.you_bid", name=self.shared.seat_name(g["highest_bidder"]),
                          level=g["highest_bid"])
            if not g["trick"]:
                return tr("azi.status.you_lead")
            led = g["trick"][0][1] // NUM_RANKS
            suit = tr(f"azi.suit.{SUIT_NAMES[led]}")
            hand = self.source.observation(seat)["hand"]
            if any(c // NUM_RANKS == led for c in hand):
                return tr("azi.status.you_follow", suit=suit)
            if led == g["trump_suit"]:  # trumps led and none held: "no trump" is said once
                return tr("azi.status.you_any_trump_led")
            if any(c // NUM_RANKS == g["trump_suit"] for c in hand):
                return tr("azi.status.you_trump", suit=suit)
            return tr("azi.status.you_any", suit=suit)
        me = self.view.bottom
        if self.config.seats[me].kind == "human" and self.shown.out[me]:
            return tr("azi.status.you_out", name=self.shared.seat_name(me))
        key = {BUY_IN: "azi.status.they_buy_in", DISCARD: "azi.status.they_discard",
               BIDDING: "azi.status.they_bid"}.get(g["phase"], "azi.status.they_play")
        return tr(key, name=name)

    def describe(self, event: Event) -> str | None:
        """A line for the move log."""
        you = self.shared.you_seat()  # hot-seat lines name every player
        return event_line(event, [self.shared.seat_name(s) for s in range(self.n)],
                          you if you >= 0 else None)

    def summary(self):
        """Who holds the chips, and every player's count."""
        from ...game_over import Summary

        result = self.source.result()
        winner = result["winner"]
        title = (tr("azi.over.winner", name=self.shared.seat_name(winner)) if winner is not None
                 else tr("azi.over.stopped"))
        order = sorted(range(self.n), key=lambda s: -result["stacks"][s])
        name = self.shared.seat_name
        rows = [(name(s), tr("azi.over.chips", chips=result["stacks"][s]), s == winner)
                for s in order]
        played = result["game_number"]
        notes = [tr("azi.over.games", count=played)]
        return Summary(title, rows, notes, tr("table.play_again"))

    # --- drawing ------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface) -> None:
        """The bank and the stakes, the stock count, the game number."""
        s, lay = self.layout.scale, self.layout
        self.stakes.draw(surface)
        suit = self.trump.card // NUM_RANKS if self.trump is not None and self.trump.face_up \
            and self.trump.card >= 0 else None
        self.overlays.mark_text("stock badge", draw_stock_badge(
            surface, lay, self.app.cards, suit, len(self.stock), tr("azi.stock_empty")))
        game = tr("azi.game_number", number=max(1, self.events.shown_game), ante=self.options.ante)
        self.overlays.mark_text("game number", self.game_line.draw(
            surface, game, s, self.stakes.places_key(), self.stakes.seats_ground))

    def draw_over(self, surface: pygame.Surface) -> None:
        """Trick marks on the plates, flying chips, the bidding panel and the azi question."""
        for seat in range(self.n):
            self.overlays.mark_text(f"tricks label {seat}",
                                    self.marks.draw_trick_label(surface, seat))
        self.stakes.draw_flying(surface)
        self.overlays.mark_text("six on stage", self.marks.draw_six_on_stage(surface, self.pointer))
        if self.panel.visible:
            self.panel.draw(surface)
            self.meter.draw(surface, self.story.version, self.source, self.pointer)
        if self.question.visible:
            self.question.draw(surface)
        for name, panel in (("bidding panel", self.panel), ("azi question", self.question)):
            self.overlays.mark_text(name, panel.rect if panel.visible else None)
        between = self.events.waiting()
        if between is not None and self.app.scenes[-1:] == [self]:
            between.draw(surface)  # under a dialog it would show through the dimming

    def leave_question(self) -> str | None:
        """Between two games no game is in progress: leaving costs nothing of it."""
        between = self.events.waiting()
        if between is not None:
            return "confirm.leave.between"
        return super().leave_question()

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table and the panels out again; a held result keeps waiting."""
        held = []
        if self.events.waiting() is not None:
            held = list(self.timeline.phases)  # resizing finishes the timeline: keep the hold
            self.timeline.phases.clear()
        super().resize(size)
        self.timeline.phases.extend(held)
        self.layout_panels()
        if self.events.between is not None:
            self.events.between.place(self.layout)
