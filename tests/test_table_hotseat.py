"""Hot-seat and Watch AI: whose cards the screen shows (rules of scenes/hotseat.py, one by one),
and a whole two-human game in which no frame drawn under the curtain shows a card face."""

import pygame
from test_table_support import fast_tables, human_move

from engine.cards import HIDDEN
from scenes import tables
from scenes.dialogs import CurtainScene
from scenes.game_over import GameOverScene
from scenes.hotseat import SeatView
from scenes.table_config import Seat, TableConfig


def test_one_human_always_sees_their_own_hand_and_nobody_elses():
    view = SeatView([2])
    assert view.bottom == 2 and view.face_up(2)
    assert not view.face_up(0) and not view.face_up(1)
    assert not view.needs_curtain(2) and not view.needs_curtain(0)


def test_hot_seat_shows_no_hand_until_the_curtain_is_dismissed():
    view = SeatView([0, 1])
    assert not view.face_up(0) and not view.face_up(1)
    assert view.needs_curtain(0) and view.needs_curtain(1)


def test_hot_seat_shows_the_dismissing_human_at_the_bottom_until_another_human_decides():
    view = SeatView([0, 2])
    view.reveal(2)
    assert view.bottom == 2 and view.face_up(2) and not view.face_up(0)
    assert not view.needs_curtain(2) and not view.needs_curtain(1)  # seat 1 is a computer
    assert view.needs_curtain(0)
    view.hide()
    assert not view.face_up(2) and not view.face_up(0)


def test_watch_ai_shows_every_hand_or_none_with_the_demo_switch():
    view = SeatView([])
    assert view.watch and all(view.face_up(s) for s in range(4))
    view.show_all = False
    assert not any(view.face_up(s) for s in range(4))
    assert not view.needs_curtain(0)


def test_every_hand_is_shown_once_the_game_is_over():
    view = SeatView([0, 1])
    view.game_over = True
    assert view.face_up(0) and view.face_up(1) and not view.needs_curtain(0)


def test_no_frame_drawn_while_the_curtain_is_up_shows_a_human_card(ui, monkeypatch):
    fast_tables(monkeypatch, seed=8)
    app = ui.app
    app.settings.animation_speed = 4.0
    drawn: list[int] = []
    real_card = app.cards.card

    def spying_card(card, width, face_up=True):
        if face_up and card != HIDDEN:
            drawn.append(card)
        return real_card(card, width, face_up)

    monkeypatch.setattr(app.cards, "card", spying_card)
    config = TableConfig("durak", [Seat("Anna"), Seat("Boris")])
    tables.open_table(app, config)
    table = ui.top
    game = table.game
    curtains = moves = 0
    for frame in range(4000):
        drawn.clear()
        curtain_up = any(isinstance(s, CurtainScene) for s in app.scenes)
        ui.step(1, dt=0.1)
        if curtain_up or any(isinstance(s, CurtainScene) for s in app.scenes):
            assert drawn == [], f"frame {frame}: card faces {drawn} drawn under the curtain"
            assert all(s.card == HIDDEN for hand in table.hands for s in hand)
        elif not table.over:
            public = {game.trump_card} | {c for e in game.history
                                          if e.kind in ("attacked", "beat") for c in e.cards}
            shown = table.view.revealed
            allowed = public | (set(game.hand(shown)) if shown is not None else set())
            assert set(drawn) <= allowed, f"frame {frame}: {set(drawn) - allowed} shown"
        if isinstance(ui.top, GameOverScene):
            break
        if isinstance(ui.top, CurtainScene):
            ui.step(1, dt=0.4)  # past the guard against a hasty double click
            ui.click_at((640, 360))
            curtains += 1
            assert table.view.revealed == game.to_move
        elif ui.top is table and table.input.my_turn():
            human_move(ui, table, moves)
            moves += 1
    assert isinstance(ui.top, GameOverScene)
    assert curtains >= 4 and moves >= curtains
    assert table.resyncs == 0


def test_watch_ai_controls_pause_step_speed_and_show_hands(ui, monkeypatch):
    fast_tables(monkeypatch, seed=4)
    config = TableConfig("durak", [Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "easy"),
                                   Seat("Katya", "ai", "easy")], watch=True)
    tables.open_table(ui.app, config)
    table = ui.top
    assert set(table.buttons.watch) == {"pause", "step", "slower", "speed", "faster", "hands"}
    assert not table.buttons.corner["table.menu_button"].rect.colliderect(
        table.buttons.watch["pause"].rect)
    ui.click(table.buttons.watch["pause"])
    assert table.controller.paused
    table.timeline.finish_all()
    table.mover.finish_all()
    ui.step(20, dt=0.2)
    before = len(table.game.history)
    ui.step(20, dt=0.2)
    assert len(table.game.history) == before  # paused: nobody moves
    ui.click(table.buttons.watch["step"])
    for _ in range(60):
        ui.step(1, dt=0.1)
        if len(table.game.history) > before:
            break
    after = len(table.game.history)
    assert after > before
    ui.step(20, dt=0.2)
    assert len(table.game.history) == after  # exactly one move, then paused again
    for _ in range(6):
        ui.click(table.buttons.watch["faster"])
    assert table.watch.speed == 4.0
    for _ in range(6):
        ui.key(pygame.K_MINUS)
    assert table.watch.speed == 0.25
    assert all(s.card != HIDDEN for s in table.hands[1])
    ui.click(table.buttons.watch["hands"])
    assert all(s.card == HIDDEN for hand in table.hands for s in hand)
    assert table.input.buttons == [] and table.buttons.actions == {}
