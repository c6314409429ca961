"""The turned trump card can be read at a glance in both games: it lies upright beside the
stock with its corner index uncovered, the badge under the stock names the trump suit, and
in Azi a turned ace carries a "six on stage" tag that explains itself on hover."""

import pygame
import pytest
from test_table_support import fast_tables

from engine.cards import NUM_RANKS
from scenes import tables
from scenes.i18n import tr
from scenes.layout import table_layout
from scenes.table.trump_view import stock_badge_rect, trump_rect
from scenes.table_config import Seat, TableConfig

SIZES = [(1280, 720), (800, 600), (1920, 1080)]


def corner_index(card: pygame.Rect) -> pygame.Rect:
    """The top-left corner where a card prints its rank and suit."""
    return pygame.Rect(card.x, card.y, round(card.width * 0.4), round(card.height * 0.36))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_trump_index_is_in_view_and_clear_of_the_stock_and_every_seat(size, n):
    layout = table_layout(size, n)
    card = trump_rect(layout)
    index = corner_index(card)
    window = pygame.Rect((0, 0), size)
    assert window.contains(card)
    assert not index.colliderect(layout.talon)
    for seat in layout.seats:
        assert not card.colliderect(seat.area()), seat.index
        assert not stock_badge_rect(layout).colliderect(seat.area()), seat.index
    assert not stock_badge_rect(layout).colliderect(card)


def test_the_durak_trump_rests_upright(ui, monkeypatch):
    fast_tables(monkeypatch)
    seats = [Seat("You"), Seat("Anna", "ai", "easy")]
    tables.open_table(ui.app, TableConfig("durak", seats))
    table = ui.top
    table.timeline.finish_all()
    table.mover.finish_all()
    sprite = table.trump_sprite
    assert sprite is not None and sprite.face_up
    place = dict((id(c), p) for c, p in table.rest_places())[id(sprite)]
    assert place.rotation == 0.0
    assert place.pos == pytest.approx(trump_rect(table.layout).center, abs=1)


def _azi_table(ui, monkeypatch):
    from engine.shuffle import SeededDealer
    from scenes.table.azi import AziTable

    fast_tables(monkeypatch)
    monkeypatch.setattr(AziTable, "dealer_factory", lambda: SeededDealer(3))
    seats = [Seat("You"), Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "easy")]
    tables.open_table(ui.app, TableConfig("azi", seats, {"starting_stack": 300}))
    table = ui.top
    table.timeline.finish_all()
    table.mover.finish_all()
    return table


def test_the_azi_trump_rests_upright_and_the_badge_shows_its_suit(ui, monkeypatch):
    table = _azi_table(ui, monkeypatch)
    assert table.trump is not None
    assert dict((id(c), p) for c, p in table.rest_places())[id(table.trump)].rotation == 0.0
    drawn = []
    import scenes.table.azi.table as azi_table

    real = azi_table.draw_stock_badge
    monkeypatch.setattr(azi_table, "draw_stock_badge",
                        lambda *args: drawn.append(args[3]) or real(*args))
    ui.step(1)
    assert drawn[-1] == table.session.trump_card // NUM_RANKS


def test_six_on_stage_is_marked_on_the_trump_and_explained_on_hover(ui, monkeypatch):
    table = _azi_table(ui, monkeypatch)
    table.events.six_on_stage = True
    tag = table.marks.six_on_stage_rect()
    assert tag is not None and tag.colliderect(trump_rect(table.layout))
    helped = []
    import scenes.table.azi.marks as marks

    monkeypatch.setattr(marks, "draw_tooltip", lambda surface, text, *a: helped.append(text))
    ui.step(1)
    assert helped == []
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tag.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    ui.step(2)
    assert helped and "highest card of this game" in helped[-1]


def test_every_seat_with_a_trick_shows_a_labelled_counter_in_the_window(ui, monkeypatch):
    table = _azi_table(ui, monkeypatch)
    for seat in range(table.n):
        table.shown.tricks[seat] = 2
        table.taken[seat] = [table.hands.new_card(-1, (0, 0), 40, face_up=False)] * 2
        rect = table.marks.trick_label_rect(seat)
        assert rect is not None and ui.app.rect.contains(rect)
    assert tr("azi.tricks_label", count=2) == "Tricks: 2"
