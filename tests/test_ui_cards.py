"""Card art: every card in both suit styles at two sizes, backs, chips, felt."""

import pygame
import pytest

from engine.cards import DURAK_DECK, HIDDEN, parse_card
from sprites.card_art import BACKS, face_svg
from sprites.cards import CardRenderer, card_size
from sprites.chips import DENOMINATIONS, chip_breakdown, chip_surface, chip_tilted, draw_chip_stack
from sprites.felt import felt_surface, table_surface
from sprites.suits import FOUR_COLOUR, TWO_COLOUR


@pytest.fixture(scope="module")
def display():
    pygame.init()
    pygame.display.set_mode((320, 240))
    yield
    pygame.quit()


def _ink(surface):
    """The set of distinct opaque colours in a coarse sample of the card (its 'look')."""
    w, h = surface.get_size()
    return tuple(
        tuple(surface.get_at((x, y))) for x in range(2, w - 2, 5) for y in range(2, h - 2, 5)
    )


@pytest.mark.parametrize("width", [64, 120])
@pytest.mark.parametrize("style", [TWO_COLOUR, FOUR_COLOUR])
def test_all_36_faces_render_at_the_size_asked_with_rounded_corners(display, style, width):
    renderer = CardRenderer(style)
    looks = set()
    for card in DURAK_DECK:
        face = renderer.face(card, width)
        assert face.get_size() == card_size(width) == (width, round(width * 1.4))
        assert face.get_at((0, 0)).a == 0, "corners are rounded (transparent)"
        assert face.get_at((width // 2, face.get_height() // 2)).a == 255, (
            "the face itself is opaque"
        )
        looks.add(_ink(face))
    assert len(looks) == 36, "no two cards look the same"


def test_four_colour_style_recolours_diamonds_and_clubs_only(display):
    two, four = CardRenderer(TWO_COLOUR), CardRenderer(FOUR_COLOUR)
    for text, same in (("9S", True), ("9H", True), ("9D", False), ("9C", False)):
        card = parse_card(text)
        assert (_ink(two.face(card, 100)) == _ink(four.face(card, 100))) == same, text


def test_faces_are_cached_by_card_size_and_style(display):
    renderer = CardRenderer()
    assert renderer.face(5, 90) is renderer.face(5, 90)
    assert renderer.face(5, 90) is not renderer.face(5, 91)
    assert renderer.face(5, 90) is not renderer.face(5, 90, FOUR_COLOUR)


def test_a_hidden_card_shows_the_back(display):
    renderer = CardRenderer(back="navy")
    assert renderer.card(HIDDEN, 80) is renderer.back(80)
    assert renderer.card(7, 80, face_up=False) is renderer.back(80)


def test_there_are_at_least_three_distinct_backs(display):
    renderer = CardRenderer()
    looks = {_ink(renderer.back(90, name)) for name in BACKS}
    assert len(BACKS) >= 3 and len(looks) == len(BACKS)


def test_court_cards_and_aces_have_their_own_art():
    assert "url(#gold)" in face_svg(parse_card("KH"))
    assert face_svg(parse_card("KH")) != face_svg(parse_card("QH"))
    assert face_svg(parse_card("AS")).count("<circle") >= 2  # the ace's ornamental ring


def test_chips_make_up_the_amount_with_the_largest_denominations():
    assert chip_breakdown(1235) == [1000, 100, 100, 25, 10]
    assert sum(chip_breakdown(60)) == 60
    assert len(chip_breakdown(99_999, max_chips=8)) == 8


def test_chips_and_felt_render(display):
    for value in DENOMINATIONS:
        assert chip_surface(value, 40).get_size() == (40, 40)
    target = pygame.Surface((200, 200), pygame.SRCALPHA)
    one_chip = chip_tilted(100, 36).get_height()
    assert draw_chip_stack(target, 135, (100, 100), 36).height > one_chip  # three chips, stacked
    assert felt_surface((320, 240)).get_size() == (320, 240)
    assert table_surface((320, 240), (20, 20, 280, 180)).get_size() == (320, 240)
