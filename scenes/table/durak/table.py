"""The Durak table: talon with the trump under it, battle pairs in the centre, the discard pile.

Built on :class:`scenes.table.scene.TableScene`. Every engine event (engine/durak/events.py)
has an ``on_<kind>`` handler that moves card sprites between the lists below and calls
``arrange()``; where cards rest is decided in ``rest_places()`` from those lists alone:

    self.talon      top card first; while the trump indicator is still there it is last,
                    upright and half under the stack (scenes/table/trump_view.py)
    self.table      [[attack sprite, defence sprite or None], …] in the order attacked
    self.discard    the beaten-off cards, face down
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame

from engine.cards import HIDDEN, NUM_RANKS
from engine.core import Event
from engine.durak import PASS, REPETITION, TAKE, DurakGame, DurakSeries
from engine.shuffle import Dealer, SecureDealer

from ...card_text import card_label
from ...i18n import is_you_word, tr
from ...layout import battle_positions
from ...widgets import CREAM, text_surface
from ..motion import TableCard
from ..riffle import riffle
from ..scene import ActionButton, Place, TableScene
from ..trump_view import draw_stock_badge, stock_badge_rect, trump_spot
from . import words

# event kind → the log line about its seat (log.<key>, and log.<key>_you for the person playing)
_SEAT_LINES = {"drew": "drew", "first_attack": "first_attack", "attacked": "attacked",
               "beat": "beat", "take": "take", "passed": "passed", "trump_taken": "trump_taken",
               "out": "out"}

class DurakTable(TableScene):
    """One Durak game (or a series of them) at the table."""

    game_name = "durak"
    card_actions = range(36)
    dealer_factory: Callable[[], Dealer] = SecureDealer  # tests may deal from a seeded dealer

    def __init__(self, app, config, *, thinker: Any = None) -> None:
        self.series: DurakSeries | None = None
        self.first_dealer: int | None = None  # the first game draws its dealer from its seed
        self.talon: list[TableCard] = []
        self.table: list[list[TableCard | None]] = []
        self.discard: list[TableCard] = []
        self.trump_sprite: TableCard | None = None
        self.roles: dict[int, str] = {}
        self.out_places: dict[int, int] = {}
        self.trump_shown = False  # the badge shows the trump suit only once it was turned
        self.unbeaten: list[int] = []  # attack cards left unbeaten when the defender said "take"
        super().__init__(app, config, thinker=thinker)

    # --- the game -----------------------------------------------------------------------------
    def make_game(self) -> DurakGame:
        """A new game, or the series' first game when the table plays a series."""
        if self.config.options.get("series"):
            self.series = DurakSeries(self.n, type(self).dealer_factory(), self.first_dealer)
            return self.series.game
        return DurakGame.new(self.n, type(self).dealer_factory(), self.first_dealer)

    def next_game(self) -> DurakGame:
        """The series' next game, or a new game with the deal passed clockwise."""
        if self.series is not None:
            return self.series.next_game()
        self.first_dealer = (self.public()["dealer"] + 1) % self.n
        return DurakGame.new(self.n, type(self).dealer_factory(), self.first_dealer)

    def true_hand(self, seat: int) -> list[int]:
        """The cards ``seat`` holds (face down when this source cannot show them)."""
        if self.source.may_show(seat):
            return self.source.observation(seat)["hand"]
        return [HIDDEN] * self.public()["hand_sizes"][seat]

    def sort_key(self, card: int) -> tuple[int, int, int]:
        """Plain suits in order, trumps last, low to high within a suit."""
        suit = card // NUM_RANKS
        return (suit == self._trump_suit, suit, card % NUM_RANKS)

    @property
    def _trump_suit(self) -> int:
        return self.public()["trump_suit"]

    # --- cards off the hands ------------------------------------------------------------------
    def fresh_table(self) -> None:
        """A whole deck face down on the talon, ready to be shuffled and dealt."""
        self.talon = [self.hands.new_card(HIDDEN, self.layout.talon.center,
                                          self.layout.table_card_width, face_up=False)
                      for _ in range(36)]
        self.table, self.discard, self.trump_sprite = [], [], None
        self.roles, self.out_places = {}, {}
        self.trump_shown = False

    def build_piles(self) -> None:
        """Talon, trump, battle and discard pile from the game state."""
        g = self.public()
        w = self.layout.table_card_width
        centre = self.layout.talon.center
        self.talon = [self.hands.new_card(HIDDEN, centre, w, face_up=False)
                      for _ in range(g["talon_size"] - (0 if g["trump_card_taken"] else 1))]
        self.trump_sprite = None
        if not g["trump_card_taken"] and g["talon_size"]:
            self.trump_sprite = self.hands.new_card(g["trump_card"], centre, w)
            self.talon.append(self.trump_sprite)
        card = self.hands.new_card
        self.table = [[card(a, centre, w), card(d, centre, w) if d >= 0 else None]
                      for a, d in g["table"]]
        self.discard = [self.hands.new_card(HIDDEN, self.layout.discard.center, w, face_up=False)
                        for _ in g["discard"]]
        self.out_places = {seat: place for place, seat in enumerate(g["finished"], 1)}
        self.trump_shown = True
        self.settled()  # the plates name attacker and defender from the first frame (Continue)

    def piles_match(self) -> bool:
        """Talon, battle and discard pile show the game's."""
        g = self.public()
        on_table = [[a.card, d.card if d is not None else -1] for a, d in self.table]
        return (len(self.talon) == g["talon_size"] and on_table == [list(p) for p in g["table"]]
                and len(self.discard) == len(g["discard"]))

    def rest_places(self) -> Iterator[tuple[TableCard, Place]]:
        """The talon stacked (the trump upright, half under it), battle pairs, the discard pile."""
        lay = self.layout
        w = lay.table_card_width
        stack = [c for c in self.talon if c is not self.trump_sprite]
        if self.trump_sprite is not None and self.trump_sprite in self.talon:
            yield self.trump_sprite, Place(trump_spot(lay), 0.0, w, 1)
        below = len(stack) - 12
        for i, sprite in enumerate(reversed(stack)):  # the top card is drawn last, highest
            lift = max(0, i - below) * max(0.6, w / 140)
            yield sprite, Place((lay.talon.centerx - lift * 0.4, lay.talon.centery - lift), 0.0,
                                w, 2 + i, covered=0 < i <= below)
        slots = battle_positions(len(self.table), lay)
        for i, ((attack, defence), (a_pos, d_pos)) in enumerate(zip(self.table, slots)):
            yield attack, Place(a_pos, 0.0, w, 40 + 2 * i)
            if defence is not None:
                yield defence, Place(d_pos, -14.0, w, 41 + 2 * i)
        for i, sprite in enumerate(self.discard):
            turn = ((i * 47) % 31 - 15) * 0.9  # a loose, untidy pile
            nudge = ((i * 29) % 9 - 4) * w * 0.02
            yield sprite, Place((lay.discard.centerx + nudge, lay.discard.centery - nudge * 0.5),
                                turn, w, 20 + i, covered=i < len(self.discard) - 8)

    # --- events -------------------------------------------------------------------------------
    def on_shuffled(self, event: Event) -> float:
        """Riffle the deck twice."""
        riffle(self, self.talon[:16], self.layout.talon.center, self.layout.table_card_width, 2)
        return 0.05

    def on_dealt(self, event: Event) -> float:
        """A card from the talon to a hand, face up only if that hand may be seen."""
        self.hands.deal_to_hand(event.seat, self.talon.pop(0), event.cards[0], 0.34, 0.5)
        return 0.075

    def on_trump(self, event: Event) -> float:
        """The trump is turned: upright beside the talon (or shown in the dealer's hand)."""
        card = event.cards[0]
        self.trump_shown = True
        if event.seat >= 0:  # 6 players: the dealer keeps it
            self.notices.announce(self.shared.say("durak.trump_kept", event.seat,
                                    card=card_label(card)), 2.2)
            return 0.6
        sprite = self.talon.pop(0)
        self.trump_sprite = sprite
        self.trump_shown = True
        self.talon.append(sprite)
        self.mover.flip(sprite, True, 0.3, shown=card)
        self.hands.arrange(0.45)
        self.app.sounds.play("card_play", 0.6)
        return 0.5

    def on_first_attack(self, event: Event) -> float:
        """Who attacks first, and the lowest trump that decided it."""
        if event.cards:
            self.notices.announce(self.shared.say("durak.first_attack", event.seat,
                                    card=card_label(event.cards[0])), 2.2)
        else:
            self.notices.announce(self.shared.say("durak.first_attack_no_trump", event.seat), 2.2)
        return 0.9

    def _to_table(self, seat: int, card: int) -> TableCard:
        sprite = self.hands.take_from_hand(seat, card)
        sprite.dim = sprite.highlight = False
        sprite.lift = 0.0
        self.hover_mover.stop(sprite)
        if sprite.card != card or not sprite.face_up:
            self.mover.flip(sprite, True, 0.22, shown=card)
        return sprite

    def on_attacked(self, event: Event) -> float:
        """An attack card (the lead or a throw-in) flies to the next free place."""
        lead = not self.table
        if lead:
            self.roles = {event.seat: "attacks", event.target: "defends"}
        sprite = self._to_table(event.seat, event.cards[0])
        self.table.append([sprite, None])
        self.hands.arrange()
        self.callouts.say(event.seat,
                          words.attack_callout(self.shared.say, event.seat, event.cards[0], lead))
        self.app.sounds.play("card_play", 0.8)
        return 0.6

    def on_beat(self, event: Event) -> float:
        """The defender's card lands across the attack card it beats."""
        sprite = self._to_table(event.seat, event.cards[0])
        index = event.target if 0 <= event.target < len(self.table) else len(self.table) - 1
        attack = None
        if self.table:
            self.table[index][1] = sprite
            attack = self.table[index][0].card
        self.hands.arrange()
        self.callouts.say(event.seat, words.beat_callout(self.shared.say, event.seat, attack,
                                                          event.cards[0]))
        self.app.sounds.play("card_play", 0.8)
        return 0.6

    def on_take(self, event: Event) -> float:
        """The defender says "take"."""
        self.roles[event.seat] = "takes"
        self.unbeaten = [a.card for a, d in self.table if d is None]
        self.plates.bubble(event.seat, tr("durak.bubble_take"), 2.5)
        self.callouts.say(event.seat,
                          words.take_callout(self.shared.say, event.seat, self.unbeaten), 2.2)
        self.app.sounds.play("take", 0.5)
        return 0.45

    def on_passed(self, event: Event) -> float:
        """An attacker adds nothing."""
        word = tr("durak.bubble_done") if self.game_taking_shown() else tr("durak.bubble_pass")
        self.plates.bubble(event.seat, word, 1.4)
        return 0.18

    def game_taking_shown(self) -> bool:
        """Is the defender shown as taking (the battle being animated)?"""
        return "takes" in self.roles.values()

    def _table_cards(self) -> list[TableCard]:
        return [c for pair in self.table for c in pair if c is not None]

    def on_discarded(self, event: Event) -> float:
        """Beaten off: the battle is swept onto the discard pile, face down."""
        sprites = self._table_cards()
        self.overlays.last_round = (tr("durak.peek_discarded"), list(event.cards))
        defender = next((s for s, role in self.roles.items() if role == "defends"), None)
        self._say_why_it_ended(words.beaten_off_reason(self.shared.say, defender, len(event.cards)))
        self.table = []
        for i, sprite in enumerate(sprites):
            self.mover.flip(sprite, False, 0.25, delay=0.04 * i)
            self.discard.append(sprite)
        return self._battle_over("deal", 0.6)

    def on_picked_up(self, event: Event) -> float:
        """The defender picks the whole table up."""
        sprites = self._table_cards()
        self.overlays.last_round = (tr("durak.peek_taken", name=self.shared.seat_name(event.seat)),
                           list(event.cards))
        self._say_why_it_ended(
            words.picked_up_reason(self.shared.say, event.seat, len(event.cards), self.unbeaten))
        self.unbeaten = []
        self.table = []
        visible = self.view.face_up(event.seat)
        for i, sprite in enumerate(sprites):
            if not visible:
                self.mover.flip(sprite, False, 0.25, delay=0.03 * i, shown=HIDDEN)
            self.hands.add_to_hand(event.seat, sprite)
        return self._battle_over("take", 0.8)

    def _say_why_it_ended(self, reason: str) -> None:
        """The battle's end, with its reason, in the log and in the middle of the table."""
        self.move_log.add(reason)
        self.callouts.say(-1, reason, 2.2, important=True)

    def _battle_over(self, sound: str, volume: float) -> float:
        """The cards settle; the battle's roles and bubbles go with it."""
        self.hands.arrange(0.5)
        self.roles = {}
        self.plates.clear_bubbles()  # "pass", "takes" belong to the battle just ended
        self.app.sounds.play(sound, volume)
        return 1.0

    def on_drew(self, event: Event) -> float:
        """Cards from the top of the talon (the indicator last) to a hand."""
        visible = self.view.face_up(event.seat)
        for i, card in enumerate(event.cards):
            if not self.talon:
                break
            sprite = self.talon.pop(0)
            if sprite is self.trump_sprite:
                self.trump_sprite = None
                if not visible:
                    self.mover.flip(sprite, False, 0.25, delay=0.06 * i, shown=HIDDEN)
            elif visible and card != HIDDEN:
                sprite.card = card  # still face down: the flip shows it on the way
                self.mover.flip(sprite, True, 0.25, delay=0.06 * i + 0.1)
            self.hands.add_to_hand(event.seat, sprite)
        self.hands.arrange(0.36)
        self.app.sounds.play("deal", 0.5)
        return 0.12 + 0.06 * len(event.cards)

    def on_trump_taken(self, event: Event) -> float:
        """Someone drew the trump indicator: the talon is finished."""
        self.notices.announce(self.shared.say("durak.trump_taken", event.seat,
                                card=card_label(event.cards[0])), 1.8)
        return 0.3

    def on_out(self, event: Event) -> float:
        """A player with no cards left leaves the game, safe."""
        self.out_places[event.seat] = event.amount
        self.plates.bubble(event.seat, tr("durak.bubble_out"), 2.0)
        self.notices.announce(self.shared.say("durak.out", event.seat,
                                place=tr(f"place.{event.amount}")), 1.6)
        self.app.sounds.play("win", 0.45)
        return 0.7

    def on_game_over(self, event: Event) -> float:
        """The last player holding cards is the Durak."""
        if event.seat >= 0:
            self.notices.announce(self.shared.say("durak.is_durak", event.seat), 2.4)
        elif event.amount == REPETITION:
            self.notices.announce(tr("durak.draw_repetition"), 2.4)
        else:
            self.notices.announce(tr("durak.draw"), 2.4)
        return 0.6

    # --- the player's choices -------------------------------------------------------------------
    def action_buttons(self, legal: list[int]) -> list[ActionButton]:
        """Take (T) for the defender; Pass or Done (Space) for an attacker."""
        buttons = []
        if TAKE in legal:
            buttons.append(ActionButton(TAKE, tr("durak.take_button"), pygame.K_t))
        if PASS in legal:
            key = "durak.done_button" if self.public()["taking"] else "durak.pass_button"
            buttons.append(ActionButton(PASS, tr(key), pygame.K_SPACE, "@menu_button"))
        return buttons

    def settled(self) -> None:
        """The plates name the attacker and defender of the battle now (or nobody once over):
        between battles they already show who attacks next, not who fought last."""
        g = self.public()
        if g["to_move"] is None:
            self.roles = {}
            return
        self.roles = {g["attacker"]: "attacks",
                      g["defender"]: "takes" if g["taking"] else "defends"}

    def plate_text(self, seat: int) -> tuple[str, str, bool]:
        """Cards held; the seat's part in the battle, its place once out, or its level."""
        count = str(len(self.hands[seat]))
        if seat in self.out_places:
            return "", tr("durak.plate_out", place=tr(f"place.{self.out_places[seat]}")), True
        role = self.roles.get(seat)
        if role:  # beside the name "You" the verb speaks to the person: "You · take"
            to_you = self.shared.is_you(seat) and is_you_word(self.shared.seat_name(seat))
            key = f"durak.role_you_{role}" if to_you else f"durak.role_{role}"
            return count, tr(key), False
        detail = self.shared.kind_text(seat)
        if self.series is not None:
            detail += "  " + tr("durak.plate_series", wins=self.series.wins[seat],
                                losses=self.series.losses[seat])
        return count, detail, False

    def status_text(self) -> str:
        """What the player at the screen is asked to do, or who is playing."""
        seat = self.source.to_move
        if self.over or seat is None or not self.animations_idle:
            return ""
        g = self.public()
        defending = seat == g["defender"] and not g["taking"]
        if self.input.my_turn():
            if defending:
                return tr("durak.you_defend", card=card_label(g["table"][-1][0]))
            if not g["table"]:
                return tr("durak.you_lead")
            if g["taking"]:
                return tr("durak.you_add_taking", name=self.shared.seat_name(g["defender"]))
            return tr("durak.you_throw_in")
        name = self.shared.seat_name(seat)
        if defending:
            return tr("durak.they_defend", name=name)
        if not g["table"]:
            return tr("durak.they_lead", name=name)
        return tr("durak.they_throw_in", name=name)

    def describe(self, event: Event) -> str | None:
        """A line for the move log."""
        name = self.shared.seat_name(event.seat) if 0 <= event.seat < self.n else ""
        cards = " ".join(card_label(c) for c in event.cards if c != HIDDEN)
        kind = event.kind
        if kind in ("dealt", "shuffled", "discarded", "picked_up"):
            return None  # a battle's end is logged with its reason by its handler
        if kind == "trump":
            return tr("log.trump", card=cards)
        if kind in _SEAT_LINES:
            # a line about a seat: "Vous jouez 8♠", never "Vous : joue 8♠" (its own _you key)
            fields = {"count": len(event.cards), "card": cards}
            if kind == "out":
                fields = {"place": tr(f"place.{event.amount}")}
            return self.shared.say(f"log.{_SEAT_LINES[kind]}", event.seat, **fields)
        if kind == "game_over":
            if event.seat >= 0:
                return tr("log.durak", name=name)
            return tr("log.draw_repetition" if event.amount == REPETITION else "log.draw")
        return None

    def summary(self):
        """The Durak (or a draw), every place, and the series score."""
        from ...game_over import Summary

        result = self.source.result()
        durak = result["durak"]
        title = (self.shared.say("durak.is_durak", durak) if durak is not None
                 else tr("durak.draw_repetition" if result["repetition"] else "durak.draw"))
        rows = []
        sharing_last = [s for s in range(self.n) if s not in result["finishing_order"]
                        and result["places"][s] is not None and durak is None]
        for seat in result["finishing_order"] + sharing_last:  # a repetition: the last place shared
            place = result["places"][seat]
            rows.append((tr(f"place.{place}"), self.shared.seat_name(seat), place == 1))
        if durak is not None:
            rows.append((tr("durak.durak_row"), self.shared.seat_name(durak), False))
        notes, again = [], tr("table.play_again")
        if self.series is not None:
            notes.append(tr("durak.series_after", number=self.series.game_number))
            for seat in range(self.n):
                notes.append(tr("durak.series_line", name=self.shared.seat_name(seat),
                                wins=self.series.wins[seat], losses=self.series.losses[seat]))
            again = tr("durak.next_game")
        return Summary(title, rows, notes, again)

    # --- drawing --------------------------------------------------------------------------------
    def talon_badge_rect(self) -> pygame.Rect:
        """The counter under the talon: trump suit and cards left."""
        return stock_badge_rect(self.layout)

    def draw_under(self, surface: pygame.Surface) -> None:
        """The talon counter with the trump suit (the word "trump" once the talon is gone)."""
        s = self.layout.scale
        lay = self.layout
        suit = self._trump_suit if self.trump_shown else None
        badge = draw_stock_badge(surface, lay, self.app.cards, suit, len(self.talon),
                                 tr("durak.trump_word"))
        self.overlays.mark_text("stock badge", badge)
        if self.discard:
            word = text_surface(tr("durak.discard_label"), "italic", round(14 * s), CREAM)
            self.overlays.mark_text("discard label", surface.blit(
                word, word.get_rect(midtop=(lay.discard.centerx, badge.top))))
