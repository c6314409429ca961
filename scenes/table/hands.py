"""The cards of the table: hands, where every card rests, and rebuilding them from the source.

``self.hands[seat]`` is a list of :class:`~scenes.table.motion.TableCard`; the bottom seat's
hand is fanned large, the others are rows of smaller cards. Whether a hand is face up is decided
only by ``self.view`` (:class:`scenes.hotseat.SeatView`). ``arrange()`` sends every card to the
:class:`Place` that ``rest_places()`` gives it (hands are placed here), so an event handler only
moves cards between lists and calls ``arrange()``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from engine.cards import HIDDEN
from engine.core import Event, event_seen_by

from ..layout import fan_positions, row_card_width, row_positions
from .motion import TableCard

FLY_SECONDS = 0.38  # a card crossing the table at normal speed


@dataclass(frozen=True)
class Place:
    """Where a card rests: centre, rotation, width, draw order, and face up or not."""

    pos: tuple[float, float]
    rotation: float
    width: int
    z: int
    covered: bool = False  # lies under other cards of a pile: not drawn unless it moves


class TableHands:
    """Part of :class:`~scenes.table.scene.TableScene`: seats, hands, piles and their places."""

    def shown_card(self, seat: int, card: int) -> int:
        """``card`` as the viewer may see it in ``seat``'s hand."""
        return card if self.view.face_up(seat) else HIDDEN

    def seen(self, event: Event) -> Event:
        """``event`` as the screen may show it (private cards of hidden hands become HIDDEN)."""
        if not event.private or self.view.face_up(event.seat):
            return event
        return event_seen_by(event, None)

    def new_card(self, card: int, pos: tuple[float, float], width: int, *, face_up: bool = True,
                 rotation: float = 0.0, z: int = 0) -> TableCard:
        """A card sprite lying at ``pos``."""
        sprite = TableCard(card, pos, width=width, face_up=face_up and card != HIDDEN,
                           rotation=rotation, z=z)
        sprite.rest = (sprite.pos, float(rotation), int(width))
        return sprite

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
        count = len(self.hands[seat]) if count is None else count
        return row_card_width(count, lay.hand, lay.card_width)

    def add_to_hand(self, seat: int, sprite: TableCard) -> None:
        """Put ``sprite`` into ``seat``'s hand, in order when the hand is face up."""
        hand = self.hands[seat]
        if sprite.card != HIDDEN and self.view.face_up(seat):
            key = self.sort_key(sprite.card)
            i = 0
            while i < len(hand) and (hand[i].card == HIDDEN or self.sort_key(hand[i].card) < key):
                i += 1
            hand.insert(i, sprite)
        else:
            hand.append(sprite)

    def deal_to_hand(self, seat: int, sprite: TableCard, card: int, arrange_seconds: float,
                     volume: float) -> None:
        """A dealt card flies from its pile to ``seat``'s hand, turning face up on the way only
        if that hand may be seen."""
        if card != HIDDEN and self.view.face_up(seat):
            sprite.card = card  # still face down: the flip shows it on the way
            self.mover.flip(sprite, True, 0.25, delay=0.1)
        self.add_to_hand(seat, sprite)
        self.arrange(arrange_seconds)
        self.app.sounds.play("deal", volume)

    def take_from_hand(self, seat: int, card: int) -> TableCard:
        """Remove the sprite of ``card`` from ``seat``'s hand (a hidden one if it is not shown)."""
        hand = self.hands[seat]
        for i, sprite in enumerate(hand):
            if sprite.card == card:
                return hand.pop(i)
        if not hand:  # out of step with the game: make the card where the hand is
            lay = self.shared.seat_layout(seat)
            self.resyncs += 1
            return self.new_card(HIDDEN, lay.hand.center, lay.card_width, face_up=False)
        # a hidden hand: take the card nearest the middle so the row closes up evenly
        return hand.pop(len(hand) // 2)

    def _all_places(self) -> Iterator[tuple[TableCard, Place]]:
        for seat, hand in enumerate(self.hands):
            width = self.hand_width(seat, len(hand))
            base_z = 300 if self.shared.is_bottom(seat) else 100
            places = self.hand_places(seat, len(hand))
            for i, (sprite, (x, y, angle)) in enumerate(zip(hand, places)):
                yield sprite, Place((x, y), angle, width, base_z + i)
        yield from self.rest_places()

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
            if instant:
                self.mover.place(sprite, place.pos, place.rotation, place.width)
            elif sprite.rest != target:
                far = math.dist(sprite.pos, target[0]) > sprite.width * 1.2
                self.mover.go(sprite, place.pos, place.rotation, place.width, duration,
                              delay=delay, fly=far or sprite.width != place.width)

    def rebuild_sprites(self) -> None:
        """Recreate every card from the game state, in place (nothing is animating)."""
        self.timeline.finish_all()
        self.mover.finish_all()
        self.hover_mover.finish_all()
        self.hover = None
        self.press = None
        self.dragging = False
        self.hands = [[] for _ in range(self.n)]
        for seat in range(self.n):
            face_up = self.view.face_up(seat)
            for card in self.true_hand(seat):
                shown = card if face_up else HIDDEN
                self.add_to_hand(seat, self.new_card(shown, (0, 0), self.hand_width(seat),
                                                     face_up=face_up))
        self.build_piles()
        self.arrange(instant=True)
        self._version += 1

    def hands_match(self) -> bool:
        """Do the hands on screen hold the game's cards (as the viewer may see them)?"""
        for seat, hand in enumerate(self.hands):
            expected = sorted(self.shown_card(seat, c) for c in self.true_hand(seat))
            if sorted(s.card for s in hand) != expected:
                return False
            if any(s.face_up != (s.card != HIDDEN) for s in hand):
                return False
        return True
