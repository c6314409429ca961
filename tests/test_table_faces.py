"""Cards on the table look like the cards in the hand, opponents' rows keep every corner index
in sight, and a greyed court card is as grey as a greyed number card."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from engine.cards import JACK, KING, QUEEN, TEN, make_card
from scenes.layout import ROW_STEP, row_card_width, row_positions, table_layout
from sprites.card_art import INDEX_X, W
from sprites.card_sprite import DIM, dimmed
from sprites.cards import COMPACT_BELOW, CardRenderer

SIZES = [(800, 600), (1280, 720), (1920, 1080)]


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((10, 10))
    yield


@pytest.mark.parametrize("size", SIZES)
def test_cards_on_the_felt_have_the_hands_full_face(size):
    layout = table_layout(size, 4)
    assert layout.table_card_width >= COMPACT_BELOW
    assert layout.seats[0].card_width >= COMPACT_BELOW


def _index_right_edge(face: pygame.Surface) -> int:
    """The rightmost inked column of the compact corner index (rows above the small suit)."""
    w, h = face.get_size()
    right = 0
    for y in range(round(h * 0.05), round(h * 0.36)):
        for x in range(round(w * 0.06), round(w * 0.94)):
            r, g, b, a = face.get_at((x, y))
            if a > 200 and min(r, g, b) < 150:
                right = max(right, x)
    return right


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", [3, 6, 9])
def test_an_opponents_row_never_covers_a_corner_index(size, count):
    seat = table_layout(size, 6).seats[3]
    width = row_card_width(count, seat.hand, seat.card_width)
    xs = [x for x, _, _ in row_positions(count, seat.hand, width)]
    step = xs[1] - xs[0]
    assert step >= ROW_STEP * width - 1
    if width >= COMPACT_BELOW:  # the full face: its index column is narrow
        assert step > 2 * INDEX_X / W * width
        return
    renderer = CardRenderer()
    for card in (make_card(TEN, 0), make_card(QUEEN, 1), make_card(KING, 2)):
        face = renderer.face(card, width)
        assert _index_right_edge(face) < step, (card, width, step)


def _brightness_and_colour(surface: pygame.Surface) -> tuple[float, int]:
    w, h = surface.get_size()
    total, spread, n = 0, 0, 0
    for y in range(2, h - 2, 3):
        for x in range(2, w - 2, 3):
            r, g, b, a = surface.get_at((x, y))
            if a > 200:
                total += (r + g + b) / 3
                spread = max(spread, max(r, g, b) - min(r, g, b))
                n += 1
    return total / n, spread


def test_a_greyed_court_card_is_as_grey_as_a_greyed_number_card():
    renderer = CardRenderer()
    number = dimmed(renderer.face(make_card(2, 1), 104))
    for rank in (JACK, QUEEN, KING):
        court = dimmed(renderer.face(make_card(rank, 1), 104))
        light, colour = _brightness_and_colour(court)
        assert colour <= 2  # no gold, no tint, no red ink left
        assert light <= DIM + 1
        assert abs(light - _brightness_and_colour(number)[0]) < 25
