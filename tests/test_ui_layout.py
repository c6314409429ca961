"""Table layout: seats around an oval, nothing overlapping, at the sizes people use."""

import itertools

import pygame
import pytest

from scenes.layout import battle_positions, fan_positions, table_layout
from sprites.card_sprite import CardSprite
from sprites.cards import CardRenderer

SIZES = [(1280, 720), (800, 600), (1024, 640), (1920, 1080)]


def _areas(layout):
    named = [("centre", layout.centre), ("talon", layout.talon), ("trump", layout.trump),
             ("discard", layout.discard), ("message", layout.message), ("actions", layout.actions)]
    for seat in layout.seats:
        named += [(f"plate {seat.index}", seat.plate), (f"hand {seat.index}", seat.hand)]
    return named


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", range(2, 7))
def test_no_two_seats_hands_or_table_areas_overlap(size, players):
    layout = table_layout(size, players)
    window = pygame.Rect((0, 0), size)
    areas = _areas(layout)
    for name, rect in areas:
        assert window.contains(rect), f"{name} {rect} leaves the window"
        assert rect.width > 0 and rect.height > 0, name
    for (a, ra), (b, rb) in itertools.combinations(areas, 2):
        if {a, b} == {"talon", "trump"}:
            continue  # the talon lies on the turned trump on purpose
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"


@pytest.mark.parametrize("players", range(2, 7))
def test_the_viewer_sits_at_the_bottom_and_seat_1_on_the_left(players):
    layout = table_layout((1280, 720), players)
    viewer = layout.seats[0]
    assert viewer.side == "bottom" and viewer.hand.bottom > 600
    assert len(layout.seats) == players
    if players > 2:
        assert layout.seats[1].anchor[0] < 640 < layout.seats[-1].anchor[0]  # clockwise
    assert all(s.card_width < viewer.card_width for s in layout.seats[1:])


@pytest.mark.parametrize("size", SIZES)
def test_a_fanned_hand_stays_inside_its_area_however_many_cards(size):
    """Measured as drawn: the outer cards turned, every card glowing as a playable one."""
    layout = table_layout(size, 4)
    hand = layout.seats[0].hand
    w = layout.seats[0].card_width
    renderer, screen = CardRenderer(), pygame.Surface(size, pygame.SRCALPHA)
    for count in (1, 6, 12, 24, 36, 52):
        places = fan_positions(count, hand, w)
        assert len(places) == count
        for x, y, angle in places:
            sprite = CardSprite(0, (x, y), width=w, rotation=angle)
            sprite.highlight, sprite.shadow = True, False
            drawn = sprite.draw(screen, renderer)
            assert hand.left <= drawn.left and drawn.right <= hand.right, (count, drawn, hand)
        xs = [x for x, _, _ in places]
        assert xs == sorted(xs)


def test_six_battle_pairs_fit_the_centre():
    for size in SIZES:
        layout = table_layout(size, 6)
        w = layout.table_card_width
        for attack, defence in battle_positions(6, layout):
            for x, y in (attack, defence):
                assert layout.centre.inflate(w, w).collidepoint(x, y)


def test_a_table_seats_two_to_six():
    with pytest.raises(ValueError):
        table_layout((1280, 720), 7)


@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1280, 720)])
def test_ten_menu_buttons_have_room_under_a_title_that_gives_way(ui, size):
    from scenes.main_menu import MainMenu

    ui.app.resize(size)
    menu = MainMenu(ui.app)
    menu.saved = object()  # a game to continue: ten buttons
    ui.app.reset(menu)
    ui.step(2)
    s = ui.app.ui_scale
    rects = [b.rect for b in menu.buttons.values()]
    assert len(rects) == 10
    for a, b in zip(rects, rects[1:]):
        assert a.bottom < b.top, "no two buttons touch"
    assert all(r.height >= round(36 * s) for r in rects), "full-size letters fit"
    assert rects[-1].bottom <= size[1] - round(30 * s), "clear of the footer"
    assert menu._title_block()[3] < rects[0].top


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", range(2, 7))
def test_the_move_log_opens_where_it_covers_no_seat_pile_or_battle(size, players):
    from scenes.table.move_log import log_rect, table_obstacles

    layout = table_layout(size, players)
    log = log_rect(layout, [layout.centre])
    for rect in [*table_obstacles(layout), layout.centre]:
        assert not log.colliderect(rect), f"the log {log} covers {rect}"
    assert log.width >= 110 * layout.scale and log.height >= 110 * layout.scale
