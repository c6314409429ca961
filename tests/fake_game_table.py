"""High two (tests/fake_game.py) at the real table: a small table scene and the screens'
registration, so a test can sit down at a game the program has never heard of."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.cards import HIDDEN
from engine.core import Event, Game
from engine.shuffle import SeededDealer
from scenes.game_screens import GameScreens, register_screens, unregister_screens
from scenes.table.motion import TableCard
from scenes.table.scene import Place, TableScene
from tests.fake_game import DECK, NAME, RULES, high_two_registered


class HighTwoTable(TableScene):
    """The deck in the middle, the laid cards in a row beside it; nothing else to show."""

    game_name = NAME
    card_actions = range(len(DECK))

    def __init__(self, app, config, *, thinker: Any = None) -> None:
        self.deck: list[TableCard] = []
        self.laid: list[TableCard] = []
        super().__init__(app, config, thinker=thinker)

    def make_game(self) -> Game:
        """A seeded deal (a test table)."""
        return RULES.new(self.n, {}, SeededDealer("high two at the table"))

    def true_hand(self, seat: int) -> list[int]:
        """The seat's cards, hidden where this screen may not show them."""
        if self.source.may_show(seat):
            return self.source.observation(seat)["hand"]
        return [HIDDEN] * self.public()["hand_sizes"][seat]

    def fresh_table(self) -> None:
        """The whole deck face down, ready to deal."""
        self.deck = [self.hands.new_card(HIDDEN, self.layout.talon.center,
                                         self.layout.table_card_width, face_up=False)
                     for _ in DECK]
        self.laid = []

    def build_piles(self) -> None:
        """The undealt cards and every laid card."""
        g, w = self.public(), self.layout.table_card_width
        centre = self.layout.talon.center
        self.deck = [self.hands.new_card(HIDDEN, centre, w, face_up=False)
                     for _ in range(len(DECK) - 2 * self.n)]
        self.laid = [self.hands.new_card(card, centre, w) for cards in g["laid"] for card in cards]

    def piles_match(self) -> bool:
        """The laid cards are the game's."""
        laid = sorted(card for cards in self.public()["laid"] for card in cards)
        return sorted(sprite.card for sprite in self.laid) == laid

    def rest_places(self) -> Iterator[tuple[TableCard, Place]]:
        """The deck stacked on the talon's spot, the laid cards in a row in the centre."""
        lay, w = self.layout, self.layout.table_card_width
        for i, sprite in enumerate(self.deck):
            yield sprite, Place(lay.talon.center, 0.0, w, 2 + i)
        for i, sprite in enumerate(self.laid):
            x = lay.centre.centerx + (i - (len(self.laid) - 1) / 2) * w * 0.7
            yield sprite, Place((x, lay.centre.centery), 0.0, w, 20 + i)

    def on_dealt(self, event: Event) -> float:
        """The seat's two cards from the deck to its hand."""
        for card in event.cards:
            self.hands.deal_to_hand(event.seat, self.deck.pop(0), card, 0.3, 0.4)
        return 0.1

    def on_laid(self, event: Event) -> float:
        """A card from the hand to the row, face up."""
        sprite = self.hands.take_from_hand(event.seat, event.cards[0])
        sprite.card = event.cards[0]
        self.mover.flip(sprite, True, 0.2)
        self.laid.append(sprite)
        self.hands.arrange(0.3)
        return 0.2

    def on_game_over(self, event: Event) -> float:
        """Nothing to say: the game-over panel follows."""
        return 0.2

    def describe(self, event: Event) -> str | None:
        """The move log's line of a laid card."""
        if event.kind != "laid":
            return None
        return f"{self.shared.seat_name(event.seat)}: {event.cards[0]}"

    def plate_text(self, seat: int) -> tuple[str, str, bool]:
        """The cards the seat holds."""
        return str(len(self.hands[seat])), "", False

    def status_text(self) -> str:
        """Nothing to say."""
        return ""

    def summary(self):
        """Only the words "game over"."""
        from scenes.game_over import Summary
        from scenes.i18n import tr

        return Summary(tr("table.game_over"))

    def next_game(self) -> Game:
        """Another seeded deal."""
        return self.make_game()

    def sort_key(self, card: int) -> int:
        """The deck's order."""
        return card


@contextmanager
def high_two_at_the_table() -> Iterator[None]:
    """High two in the engine's, the AI's and the screens' registries while the block runs."""
    with high_two_registered():
        register_screens(GameScreens(NAME, lambda: HighTwoTable, "round", ("laid",)))
        try:
            yield
        finally:
            unregister_screens(NAME)
