"""The cards of the table: hands, where every card rests, and refilling the hands from the game.

A part the table owns (:class:`Hands`). Its own state: every seat's hand, a list of
:class:`~scenes.table.motion.TableCard` (``hands[seat]``), and the cards as of the last
``arrange``. The bottom seat's hand is fanned large, the others are rows of smaller cards;
whether a hand is face up is decided only by the shared view (:class:`scenes.hotseat.SeatView`).
``arrange()`` sends every card to the :class:`Place` the hands give it or the game's table
gives it (``rest_places``, the cards off the hands), so an event handler only moves cards
between lists and calls ``hands.arrange()``. The game's table tells it how a hand is sorted,
what each seat holds in the game, and where the other cards lie (three callables).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pygame

from engine.cards import HIDDEN
from engine.core import Event, event_seen_by

from ..layout import fan_positions, row_card_width, row_positions
from .motion import Mover, TableCard
from .still import StillLayer, split

FLY_SECONDS = 0.38  # a card crossing the table at normal speed


@dataclass(frozen=True)
class Place:
    """Where a card rests: centre, rotation, width, draw order, and face up or not."""

    pos: tuple[float, float]
    rotation: float
    width: int
    z: int
    covered: bool = False  # lies under other cards of a pile: not drawn unless it moves


class Hands:
    """Every seat's hand of one table, and the places of all its cards."""

    def __init__(self, shared: Any, mover: Mover, *, sort_key: Callable[[int], Any],
                 true_hand: Callable[[int], list[int]],
                 rest_places: Callable[[], Iterator[tuple[TableCard, Place]]],
                 still: StillLayer) -> None:
        self.shared = shared
        self.mover = mover
        self.still = still  # the felt with the resting cards, kept between frames
        self._sort_key, self._true_hand, self._rest_places = sort_key, true_hand, rest_places
        self.resyncs = 0  # repairs of cards out of step with the game (the tests expect none)
        self._held: list[list[TableCard]] = [[] for _ in range(shared.n)]
        self._cards: list[TableCard] = []

    # --- the hands as a sequence of seats --------------------------------------------------------
    def __getitem__(self, seat: int) -> list[TableCard]:
        return self._held[seat]

    def __iter__(self) -> Iterator[list[TableCard]]:
        return iter(self._held)

    def __len__(self) -> int:
        return len(self._held)

    def clear(self) -> None:
        """Empty every hand (a new deal; the cards went back to the deck)."""
        self._held = [[] for _ in range(self.shared.n)]

    def bottom(self) -> list[TableCard]:
        """The cards of the seat at the bottom."""
        return self._held[self.shared.view.bottom]

    # --- what may be seen ----------------------------------------------------------------------
    def shown_card(self, seat: int, card: int) -> int:
        """``card`` as the viewer may see it in ``seat``'s hand."""
        return card if self.shared.view.face_up(seat) else HIDDEN

    def seen(self, event: Event) -> Event:
        """``event`` as the screen may show it (private cards of hidden hands become HIDDEN)."""
        if not event.private or self.shared.view.face_up(event.seat):
            return event
        return event_seen_by(event, None)

    @staticmethod
    def new_card(card: int, pos: tuple[float, float], width: int, *, face_up: bool = True,
                 rotation: float = 0.0, z: int = 0) -> TableCard:
        """A card sprite lying at ``pos``."""
        sprite = TableCard(card, pos, width=width, face_up=face_up and card != HIDDEN,
                           rotation=rotation, z=z)
        sprite.rest = (sprite.pos, float(rotation), int(width))
        return sprite

    # --- where the cards of a hand lie -----------------------------------------------------------
    def hand_places(self, seat: int, count: int) -> list[tuple[float, float, float]]:
        """Centres and turns of ``count`` cards in ``seat``'s hand."""
        lay = self.shared.seat_layout(seat)
        if self.shared.is_bottom(seat):
            return fan_positions(count, lay.hand, lay.card_width)
        return row_positions(count, lay.hand, self.hand_width(seat, count))

    def hand_width(self, seat: int, count: int | None = None) -> int:
        """Card width in ``seat``'s hand of ``count`` cards (default: as many as it holds); an
        opponent's row narrows its cards so that every corner index stays visible."""
        lay = self.shared.seat_layout(seat)
        if self.shared.is_bottom(seat):
            return lay.card_width
        count = len(self._held[seat]) if count is None else count
        return row_card_width(count, lay.hand, lay.card_width)

    def card_rect(self, card: int) -> pygame.Rect | None:
        """Where ``card`` is drawn in the bottom hand (None: not there)."""
        for sprite in self.bottom():
            if sprite.card == card:
                w, h = sprite.size
                rect = pygame.Rect(0, 0, round(w), round(h))
                cx, cy = sprite.draw_centre()
                rect.center = (round(cx), round(cy))
                return rect
        return None

    def pointer_clip(self, card: int) -> pygame.Rect | None:
        """Where the ring round ``card`` in the bottom hand may be drawn: the card's own visible
        part and the free felt round it, never over the fanned neighbour lying on it."""
        hand = sorted(self.bottom(), key=lambda sprite: sprite.draw_centre()[0])
        cards = [sprite.card for sprite in hand]
        if card not in cards:
            return None
        i = cards.index(card)
        clip = pygame.Rect((0, 0), self.shared.app.size)
        if i + 1 < len(hand):  # the next card to the right lies on this one
            w = hand[i + 1].size[0]
            clip.width = round(hand[i + 1].draw_centre()[0] - w / 2)
        return clip

    def card_at(self, pos: tuple[int, int]) -> TableCard | None:
        """The topmost card of the bottom hand under ``pos``."""
        for sprite in reversed(self.bottom()):
            if sprite.contains(pos):
                return sprite
        return None

    # --- moving cards in and out ---------------------------------------------------------------
    def add_to_hand(self, seat: int, sprite: TableCard) -> None:
        """Put ``sprite`` into ``seat``'s hand, in order when the hand is face up."""
        hand = self._held[seat]
        if sprite.card != HIDDEN and self.shared.view.face_up(seat):
            key = self._sort_key(sprite.card)
            i = 0
            while i < len(hand) and (hand[i].card == HIDDEN
                                     or self._sort_key(hand[i].card) < key):
                i += 1
            hand.insert(i, sprite)
        else:
            hand.append(sprite)

    def deal_to_hand(self, seat: int, sprite: TableCard, card: int, arrange_seconds: float,
                     volume: float) -> None:
        """A dealt card flies from its pile to ``seat``'s hand, turning face up on the way only
        if that hand may be seen."""
        if card != HIDDEN and self.shared.view.face_up(seat):
            sprite.card = card  # still face down: the flip shows it on the way
            self.mover.flip(sprite, True, 0.25, delay=0.1)
        self.add_to_hand(seat, sprite)
        self.arrange(arrange_seconds)
        self.shared.app.sounds.play("deal", volume)

    def take_from_hand(self, seat: int, card: int) -> TableCard:
        """Remove the sprite of ``card`` from ``seat``'s hand (a hidden one if it is not shown)."""
        hand = self._held[seat]
        for i, sprite in enumerate(hand):
            if sprite.card == card:
                return hand.pop(i)
        if not hand:  # out of step with the game: make the card where the hand is
            lay = self.shared.seat_layout(seat)
            self.resyncs += 1
            return self.new_card(HIDDEN, lay.hand.center, lay.card_width, face_up=False)
        # a hidden hand: take the card nearest the middle so the row closes up evenly
        return hand.pop(len(hand) // 2)

    def refill(self) -> None:
        """Every hand made afresh from the game, at once (nothing is animating)."""
        self.clear()
        for seat in range(self.shared.n):
            face_up = self.shared.view.face_up(seat)
            for card in self._true_hand(seat):
                shown = card if face_up else HIDDEN
                self.add_to_hand(seat, self.new_card(shown, (0, 0), self.hand_width(seat),
                                                     face_up=face_up))

    def turn_up(self) -> None:
        """The game is over: every hidden card in a hand turns over, showing the game's card."""
        for seat, hand in enumerate(self._held):
            cards = sorted(self._true_hand(seat), key=self._sort_key)
            for sprite, card in zip(hand, cards):
                if sprite.card == HIDDEN:
                    self.mover.flip(sprite, True, 0.3, shown=card)

    def match(self) -> bool:
        """Do the hands on screen hold the game's cards (as the viewer may see them)?"""
        for seat, hand in enumerate(self._held):
            expected = sorted(self.shown_card(seat, c) for c in self._true_hand(seat))
            if sorted(s.card for s in hand) != expected:
                return False
            if any(s.face_up != (s.card != HIDDEN) for s in hand):
                return False
        return True

    # --- every card to its place -----------------------------------------------------------------
    def _all_places(self) -> Iterator[tuple[TableCard, Place]]:
        for seat, hand in enumerate(self._held):
            width = self.hand_width(seat, len(hand))
            base_z = 300 if self.shared.is_bottom(seat) else 100
            places = self.hand_places(seat, len(hand))
            for i, (sprite, (x, y, angle)) in enumerate(zip(hand, places)):
                yield sprite, Place((x, y), angle, width, base_z + i)
        yield from self._rest_places()

    def all_cards(self) -> list[TableCard]:
        """Every card sprite on the table (as of the last ``arrange``)."""
        return self._cards

    def arrange(self, duration: float = FLY_SECONDS, *, delay: float = 0.0,
                instant: bool = False) -> None:
        """Send every card whose place changed to its place (at once when ``instant``)."""
        self._cards = []
        for sprite, place in self._all_places():
            self._cards.append(sprite)
            sprite.z = place.z
            sprite.covered = place.covered
            sprite.shadow = not place.covered
            target = ((float(place.pos[0]), float(place.pos[1])), float(place.rotation),
                      place.width)
            if instant or self._nudge(sprite, target):
                self.mover.place(sprite, place.pos, place.rotation, place.width)
            elif sprite.rest != target:
                far = math.dist(sprite.pos, target[0]) > sprite.width * 1.2
                self.mover.go(sprite, place.pos, place.rotation, place.width, duration,
                              delay=delay, fly=far or sprite.width != place.width)

    def _nudge(self, sprite: TableCard, target: tuple) -> bool:
        """Is ``target`` for a card at rest less than a pixel or so from where it lies, and as
        turned and as wide? Such a card is put there at once: sliding it would show the same
        one-pixel step (drawing rounds to whole pixels) after many frames of drawing it again
        (the talon rises a step under every card dealt off its top, twelve cards at a time)."""
        if (sprite.rest is None or self.mover.moving(sprite) or sprite.in_motion
                or sprite.stand_in):  # a stand-in put in place would show its own face at once
            return False
        (x, y), rotation, width = target
        return (sprite.rest[1:] == (rotation, width) and sprite.pos == sprite.rest[0]
                and abs(x - sprite.pos[0]) <= 1.5 and abs(y - sprite.pos[1]) <= 1.5)

    # --- drawing ------------------------------------------------------------------------------
    def draw_resting(self, surface: pygame.Surface, felt: pygame.Surface) -> list[TableCard]:
        """The felt with the cards at rest on it; returns the moving cards and the cards at
        rest lying over them, to be drawn over the game's marks and the plates."""
        cards = self.shared.app.cards
        moving = self.mover.moving
        shown = [sprite for sprite in sorted(self._cards, key=lambda c: (c.flying, c.z))
                 if not sprite.covered or moving(sprite)]
        # The cards at rest are drawn onto the felt once and kept (at 1920×1080 a frame's time
        # went into blitting the same cards again); only the moving cards and those at rest
        # lying over one of them are drawn every frame, in their order (still.split).
        still, above = split(shown, moving)
        self.still.draw(surface, felt, still, cards, (cards.style, cards.back_design,
                                                      cards.letters))
        return above

    def rects(self) -> list[pygame.Rect]:
        """Where the cards that are seen lie (a flying card where it will land), a little
        larger than the card: what a note laid over the table must leave readable."""
        rects = []
        for sprite in self._cards:
            if sprite.visible and not sprite.covered:
                w, h = sprite.size
                rect = pygame.Rect(0, 0, round(w * 1.1), round(h * 1.05))
                # where a flying card will lie: the answer stays put while cards move
                centre = sprite.rest[0] if sprite.rest is not None else sprite.draw_centre()
                rect.center = (round(centre[0]), round(centre[1] - sprite.lift))
                rects.append(rect)
        return rects
