"""The player's hands on the table: hover lifts legal cards, illegal cards explain themselves,
a drag back onto the hand plays nothing, keys open the log, the peek and the pause menu."""

import pygame
from test_table_support import drag, fast_tables, visible_point

from engine.cards import HIDDEN
from scenes import tables
from scenes.dialogs import ConfirmScene, PauseScene
from scenes.main_menu import MainMenu
from scenes.messages import message_text
from scenes.table_config import Seat, TableConfig


def _my_turn_table(ui, monkeypatch, seed=2):
    fast_tables(monkeypatch, seed=seed)
    ui.app.settings.animation_speed = 4.0
    tables.open_table(ui.app, TableConfig("durak", [Seat("You"), Seat("Anna", "ai", "easy")]))
    table = ui.top
    for _ in range(400):
        if table.input.my_turn():
            return table
        ui.step(1, dt=0.1)
    raise AssertionError("the human never got a turn")


def _defending_table(ui, monkeypatch):
    """A table where the human must answer an attack and holds a card that cannot beat it."""
    for seed in range(2, 40):
        table = _my_turn_table(ui, monkeypatch, seed)
        for _ in range(200):
            game = table.game
            if table.input.my_turn() and game.to_move == game.defender and any(
                    s.card not in table.input.playable for s in table.hands.bottom()):
                return table
            if table.input.my_turn():
                table.input.play(game.legal_actions()[0])
            ui.step(1, dt=0.1)
    raise AssertionError("no defence with an unplayable card found")


def test_legal_cards_lift_under_the_mouse_and_the_others_are_dimmed(ui, monkeypatch):
    table = _my_turn_table(ui, monkeypatch)
    hand = table.hands.bottom()
    for sprite in hand:
        assert sprite.dim == (sprite.card not in table.input.playable)
    legal = next(s for s in hand if s.card in table.input.playable)
    point = visible_point(table, legal)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    ui.step(20)
    assert legal.lift > 0 and all(s.lift == 0 for s in hand if s is not legal)


def test_an_illegal_card_shows_the_engines_reason_and_changes_nothing(ui, monkeypatch):
    table = _defending_table(ui, monkeypatch)
    game = table.game
    wrong = next(s for s in table.hands.bottom() if s.card not in table.input.playable)
    before = len(game.history)
    ui.click_at(visible_point(table, wrong))
    assert len(game.history) == before
    reason = message_text(game.explain_illegal(wrong.card))
    assert table.notices.toast_text == reason and table.notices.toast_age < 1.0


def test_a_card_dragged_but_dropped_on_the_hand_is_not_played(ui, monkeypatch):
    table = _my_turn_table(ui, monkeypatch)
    sprite = next(s for s in table.hands.bottom() if s.card in table.input.playable)
    before = len(table.game.history)
    start = visible_point(table, sprite)
    drag(ui, start, (start[0] + 40, start[1] + 5))
    assert len(table.game.history) == before and sprite in table.hands.bottom()
    ui.step(30)
    assert sprite.rest is not None and sprite.pos == sprite.rest[0]


def test_a_card_dragged_onto_the_table_is_played(ui, monkeypatch):
    table = _my_turn_table(ui, monkeypatch)
    sprite = next(s for s in table.hands.bottom() if s.card in table.input.playable)
    drag(ui, visible_point(table, sprite), table.layout.centre.center)
    assert sprite not in table.hands.bottom()
    assert sprite.card in [c for e in table.game.history for c in e.cards]


def test_keys_open_the_log_and_the_last_battle_and_esc_pauses(ui, monkeypatch):
    table = _my_turn_table(ui, monkeypatch)
    ui.key(pygame.K_l)
    assert table.move_log.shown and table.move_log.lines
    ui.key(pygame.K_l)
    assert not table.move_log.shown
    ui.key(pygame.K_p)  # nothing to look back at before the first battle ends
    assert not table.overlays.show_peek
    table.overlays.last_round = ("Last battle", [0, 1])
    ui.key(pygame.K_p)
    assert table.overlays.show_peek
    ui.key(pygame.K_ESCAPE)  # Esc first closes the peek
    assert not table.overlays.show_peek and ui.top is table
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, PauseScene)
    ui.click(ui.top.buttons["pause.resume"])
    assert ui.top is table


def test_leaving_the_table_asks_first_then_returns_to_the_menu(ui, monkeypatch):
    table = _my_turn_table(ui, monkeypatch)
    ui.click(table.buttons.corner["table.menu_button"])
    ui.click(ui.top.buttons["pause.leave"])
    assert isinstance(ui.top, ConfirmScene)
    ui.click(ui.top.yes_button)
    assert isinstance(ui.top, MainMenu) and len(ui.app.scenes) == 1


def test_the_animation_speed_setting_scales_the_table(ui, monkeypatch):
    fast_tables(monkeypatch)
    ui.app.settings.animation_speed = 0.7
    tables.open_table(ui.app, TableConfig("durak", [Seat("You"), Seat("Anna", "ai", "easy")]))
    table = ui.top
    ui.step(1)
    assert table.timeline.speed == 0.7 and table.controller.speed == 0.7
    ui.app.settings.animation_speed = 2.5
    ui.step(1)
    assert table.timeline.speed == 2.5


def test_only_the_bottom_hand_shows_faces_against_the_computer(ui, monkeypatch):
    table = _my_turn_table(ui, monkeypatch)
    assert all(s.card != HIDDEN and s.face_up for s in table.hands.bottom())
    assert all(s.card == HIDDEN and not s.face_up for s in table.hands[1])
