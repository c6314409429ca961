"""The buttons beside the viewer's hand (Menu, Log, the last round, Hint) lie on nothing: not
on the player's own cards, however many he holds, nor on a plate, a card, a line of the table's
words or another button; and the open move log covers no seat, hand, pile, card, the felt where
the battle or trick is played, nor a button. In every language, at 800×600, 1280×720 and
1920×1080, with two to six seats at both games.

The cards are measured as drawn: the hand is filled to 36 cards (a Durak deck), every card
glowing as a playable one, and each sprite says where it drew itself.
"""

from __future__ import annotations

import pygame
import pytest

from engine.cards import HIDDEN
from scenes import tables
from scenes.main_menu import MainMenu
from scenes.table_config import Seat, TableConfig
from tests.test_i18n_layout import language  # noqa: F401  (every language, then back to en)
from tests.test_i18n_layout_screens import names

SIZES = [(800, 600), (1280, 720), (1920, 1080)]
FULL_HAND = 36
CORNER = ("table.menu_button", "table.log_button", "table.peek_button", "table.hint_button",
          "table.hint_button_short")


def open_table(ui, game: str, players: int):
    """A table of ``players`` with the Hint button offered, the deal over, play paused."""
    seat_names = names()
    table = tables.open_table(ui.app, TableConfig(game, [Seat(seat_names[0])] + [
        Seat(n, "ai", "easy") for n in seat_names[1:players]], {}))
    table.source.paused = True
    table.timeline.finish_all()
    table.mover.finish_all()
    return table


def full_hand_rects(table) -> list[pygame.Rect]:
    """Fill the viewer's hand to FULL_HAND glowing cards; where each card is drawn."""
    bottom = table.view.bottom
    hand = table.hands[bottom]
    while len(hand) < FULL_HAND:
        hand.append(table.hands.new_card(HIDDEN, (0, 0), table.hands.hand_width(bottom),
                                         face_up=False))
    table.hands.arrange(instant=True)
    scratch = pygame.Surface(table.app.size, pygame.SRCALPHA)
    drawn = []
    for sprite in table.hands.all_cards():
        sprite.highlight = sprite in hand
        if sprite.visible and not sprite.covered:
            sprite.shadow = False  # the card and its glow, not the soft shadow under them
            drawn.append(sprite.draw(scratch, table.app.cards))
    return drawn


def corner_problems(table) -> list[str]:
    """Each corner button that leaves the window or touches anything else drawn."""
    cards = full_hand_rects(table)
    table.draw(pygame.Surface(table.app.size))  # the table notes where its words went
    others = cards + [r for _, r in table.overlays.text_rects()] + table.occupied_rects()
    others += table.log_obstacles()  # the game's places: Azi's piles of won tricks, …
    others += [table.shared.seat_layout(seat).plate for seat in range(table.n)]
    window = pygame.Rect((0, 0), table.app.size)
    found = []
    buttons = {key: b for key, b in table.buttons.corner.items() if key in CORNER}
    assert "table.log_button" in buttons and ("table.hint_button" in buttons
                                              or "table.hint_button_short" in buttons)
    for key, button in buttons.items():
        rect = button.rect
        if not window.contains(rect):
            found.append(f"{key} {tuple(rect)} leaves the window")
        # a pixel of air between: a button touching a card reads as lying under it
        hits = [tuple(r) for r in others if r != rect and rect.inflate(2, 2).colliderect(r)]
        if hits:
            found.append(f"{key} {tuple(rect)} touches {hits}")
    return found


def log_problems(table) -> list[str]:
    """The open log over anything it must leave in view, or too small to read."""
    if not table.move_log.shown:
        table.move_log.toggle()
    cards = full_hand_rects(table)
    table.draw(pygame.Surface(table.app.size))
    log = table.move_log.rect
    lay = table.layout
    # the game's places on the felt: Durak's battle, Azi's trick, bank, stakes and won tricks
    keep = cards + lay.seat_rects() + [lay.talon, lay.discard, *table.log_obstacles()]
    # a banner or toast is placed clear of the open log where the table has room, and fades
    keep += [r for name, r in table.overlays.text_rects()
             if name not in ("move log", "banner", "toast")]
    keep += [e.rect for e in table.ui.get_root_container().elements if e.visible]
    found = [f"covers {tuple(r)}" for r in keep if log.colliderect(r)]
    if not pygame.Rect((0, 0), table.app.size).contains(log):
        found.append(f"{tuple(log)} leaves the window")
    if table.move_log.visible_rows() < 3:
        found.append(f"{tuple(log)} shows {table.move_log.visible_rows()} rows")
    return [f"log {tuple(log)} {problem}" for problem in found]


@pytest.mark.usefixtures("language")
@pytest.mark.parametrize("size", SIZES)
def test_the_buttons_beside_the_hand_and_the_open_log_lie_on_nothing(ui, size):
    ui.app.settings.hints = "on"
    ui.app.resize(size)
    problems = {}
    for game in ("durak", "azi"):
        for players in range(2, 7):
            table = open_table(ui, game, players)
            found = corner_problems(table) + log_problems(table)
            if found:
                problems[f"{game} {players}"] = found
    ui.app.reset(MainMenu(ui.app))
    assert problems == {}, "\n".join(f"{k}: {v}" for k, v in problems.items())
