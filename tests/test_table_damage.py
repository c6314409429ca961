"""The table sends the window only what changed, and the window still shows every pixel of
every frame (scenes/damage.py)."""

from __future__ import annotations

import errno

import pygame
import pytest

from scenes import storage_notice, tables
from scenes.damage import damage, merge
from scenes.table.scene import TableScene
from scenes.table.still import StillLayer
from scenes.table_config import Seat, TableConfig
from storage import status as storage_status
from tests.test_table_support import fast_tables

A, B = object(), object()


def op(what, rect):
    return (("blit", id(what)), rect)


def test_a_frame_like_the_one_before_damages_nothing():
    frame = [op(A, (0, 0, 10, 10)), op(B, (5, 5, 10, 10))]
    assert damage(frame, list(frame)) == []


def test_what_moves_damages_where_it_was_and_where_it_is():
    before = [op(A, (0, 0, 10, 10)), op(B, (100, 100, 10, 10))]
    now = [op(A, (0, 0, 10, 10)), op(B, (130, 100, 10, 10))]
    assert sorted(map(tuple, damage(before, now))) == [(100, 100, 10, 10), (130, 100, 10, 10)]


def test_what_goes_or_comes_damages_its_place():
    assert damage([op(A, (0, 0, 10, 10))], []) == [pygame.Rect(0, 0, 10, 10)]
    assert damage([], [op(A, (0, 0, 10, 10))]) == [pygame.Rect(0, 0, 10, 10)]


def test_two_pictures_changing_places_in_the_pile_damage_where_they_overlap():
    before = [op(A, (0, 0, 10, 10)), op(B, (5, 0, 10, 10))]
    now = [op(B, (5, 0, 10, 10)), op(A, (0, 0, 10, 10))]
    assert damage(before, now) == [pygame.Rect(0, 0, 10, 10)]


def test_overlapping_rectangles_are_sent_as_one():
    assert merge([pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10),
                  pygame.Rect(50, 50, 5, 5)]) == [pygame.Rect(0, 0, 15, 15),
                                                   pygame.Rect(50, 50, 5, 5)]


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _drawn_afresh(app) -> bytes:
    """The frame drawn from nothing: the resting cards laid on a new felt, every pixel drawn."""
    table = app.top
    kept, table.hands.still = table.hands.still, StillLayer()
    fresh = pygame.Surface(app.size, 0, app.screen)
    try:
        table.draw(fresh)
    finally:
        table.hands.still = kept
    return _pixels(fresh)


def _watch_every_frame(ui, monkeypatch, frames: int) -> list:
    """Step ``frames`` frames; after each the window must hold exactly the frame drawn (under
    the fade's veil while it fades in), and that frame must be what drawing everything afresh
    gives. A writer's trouble is said now and then (the notice under the Menu button)."""
    app = ui.app
    sent = []
    # The writers report from their own threads at any moment: the frame and its fresh drawing
    # must see the same news, so each frame sees the troubles as they stood when it began (else
    # a save that works between the two shows the notice in the window only: CI, frame 123).
    seen: dict = {}
    monkeypatch.setattr(storage_notice, "problems", lambda: dict(seen))
    for i in range(frames):
        if i % 40 == 20:  # the mouse wanders over the cards and the buttons now and then
            pos = (app.size[0] * (i % 7 + 1) // 8, app.size[1] * (i % 5 + 1) // 6)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                                 buttons=(0, 0, 0)))
        if i in (100, 160):  # the record cannot be written, then it can again
            storage_status.report("record", OSError(errno.ENOSPC, "full") if i == 100 else None)
        seen = storage_status.problems()

        def check(i=i):
            canvas = app._updater.canvas
            if app.top is not None and app.top.partial_redraw and canvas is not None:
                shown = pygame.Surface(app.size, 0, app.screen)
                shown.blit(pygame.image.frombytes(_drawn_afresh(app), app.size, "RGB"), (0, 0))
                app._draw_veil(shown)  # while the table fades in, the window is the frame veiled
                assert _pixels(app.screen) == _pixels(shown), f"frame {i}: a card was not mended"
                sent.append(app._updater.last)

        _checked_when_shown(monkeypatch, check)
        app.step(1 / 60)
    return sent


def _checked_when_shown(monkeypatch, check) -> None:
    """Run ``check`` once the next frame is in the window, before the table's spare time: a
    face made after the frame (scenes/table/warm.py) shows in the next one, and would show in a
    fresh drawing made later while the window still holds the stand-in it showed."""
    spare = getattr(TableScene.between_frames, "spare", TableScene.between_frames)

    def checked(self, spent):
        monkeypatch.setattr(TableScene, "between_frames", spare)
        check()
        spare(self, spent)

    checked.spare = spare  # a frame the table did not show leaves it: the next one replaces it
    monkeypatch.setattr(TableScene, "between_frames", checked)


@pytest.mark.parametrize("game", ["durak", "azi"])
def test_a_six_seat_table_shows_every_frame_whole_while_sending_little(ui, monkeypatch, game):
    fast_tables(monkeypatch)
    seats = [Seat("You")] + [Seat(f"P{i}", "ai", "easy") for i in range(1, 6)]
    options = {"series": False} if game == "durak" else {}
    table = tables.open_table(ui.app, TableConfig(game, seats, options))
    sent = _watch_every_frame(ui, monkeypatch, 240)
    table.leave()
    assert sent, "the table never drew through the canvas"
    window = ui.app.size[0] * ui.app.size[1]
    small = [rects for rects in sent if rects is not None
             and sum(r.w * r.h for r in rects) < window // 4]
    assert len(small) > len(sent) // 2  # most frames send less than a quarter of the window


def test_the_window_is_sent_whole_after_it_was_exposed(ui, monkeypatch):
    fast_tables(monkeypatch)
    seats = [Seat("You"), Seat("Anna", "ai", "easy")]
    table = tables.open_table(ui.app, TableConfig("durak", seats, {"series": False}))
    ui.step(5)
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    ui.step(1)
    assert ui.app._updater.last is None
    table.leave()


def test_frames_drawn_outside_the_canvas_leave_nothing_stale(ui, monkeypatch):
    # a menu over the table draws the table straight onto the window while its cards move on
    fast_tables(monkeypatch)
    seats = [Seat("You")] + [Seat(f"P{i}", "ai", "easy") for i in range(1, 4)]
    table = tables.open_table(ui.app, TableConfig("durak", seats, {"series": False}))
    app = ui.app
    ui.step(15)  # the window's fade-in is over
    for i in range(6):
        app.step(1 / 60)
        for _ in range(20):
            table.update(1 / 30)
            app.draw()
        same = []
        _checked_when_shown(monkeypatch, lambda same=same: same.append(
            _pixels(app.screen) == _drawn_afresh(app)))
        app.step(1 / 60)
        assert same == [True], i
    table.leave()


def test_a_resting_card_moved_while_drawn_outside_the_canvas_is_not_left_behind(ui):
    from scenes.damage import Updater
    from scenes.table.motion import TableCard

    app = ui.app
    felt = app.felt()
    cards = [TableCard(5, (200, 200), width=100), TableCard(9, (600, 300), width=100)]
    layer, updater = StillLayer(), Updater()
    window = pygame.Surface(app.size, 0, app.screen)

    def draw(surface):
        layer.draw(surface, felt, cards, app.cards, ())

    updater.frame(window, draw)
    updater.frame(window, draw)
    cards[1].pos = (900, 500)
    draw(pygame.Surface(app.size, 0, app.screen))  # e.g. under a menu, straight to the window
    updater.forget()
    updater.frame(window, draw)
    fresh = pygame.Surface(app.size, 0, app.screen)
    StillLayer().draw(fresh, felt, cards, app.cards, ())
    assert _pixels(window) == _pixels(fresh)


def test_the_canvas_paints_only_the_damage_yet_every_pixel_as_drawn_straight(ui):
    # a faded line set back to opaque after its blit, a clip, a shape and a fill: the canvas
    # paints them later, inside the damage only, and must give the pixels drawing at once gives
    from scenes.damage import Updater

    app = ui.app
    felt = app.felt()
    line = pygame.Surface((120, 30), pygame.SRCALPHA)
    line.fill((250, 240, 200, 255))
    window = pygame.Surface(app.size, 0, app.screen)

    def draw(surface, x):
        surface.blit(felt, (0, 0))
        line.set_alpha(90)
        surface.blit(line, (x, 40))
        line.set_alpha(255)
        before = surface.get_clip()
        surface.set_clip(pygame.Rect(0, 0, 300, 300))
        pygame.draw.circle(surface, (200, 30, 30), (x + 250, 100), 60, width=5)
        surface.set_clip(before)
        surface.fill((10, 10, 80), (400, 300, 50, 50))

    updater = Updater()
    for x in (10, 10, 30, 31, 31):
        sent = updater.frame(window, lambda surface, x=x: draw(surface, x))
        straight = pygame.Surface(app.size, 0, app.screen)
        draw(straight, x)
        assert _pixels(window) == _pixels(straight), x
    assert sent == []  # the last frame was like the one before: nothing to send
