"""Learn to play: the Durak lesson played from the main menu to its end on the real table.

The person's moves are the ringed ones; a wrong move shows why (the engine's reason for an
illegal card, the coach's for a legal one that is not the lesson's), changes nothing, and the
right move still works. A lesson is never recorded: no record file, no history row.
"""

import os

import pygame

from scenes.game_over import GameOverScene
from scenes.main_menu import MainMenu
from tests.lesson_support import SHOTS, open_lesson


def open_durak_lesson(ui):
    return open_lesson(ui, "durak")


def wait_for_turn(ui, table, frames: int = 3000) -> None:
    for _ in range(frames):
        if table.input.my_turn() or isinstance(ui.top, GameOverScene):
            return
        ui.step(1, dt=0.1)
    raise AssertionError("the lesson stopped")


def make_expected_move(ui, table) -> None:
    """Click the ringed card, or press the ringed button."""
    action = table.source.expected()
    rect = table.action_rect(action)
    assert rect is not None, "the coach points at the move"
    if action in table.card_actions:
        ui.click_at((rect.x + rect.width * 0.15, rect.centery))  # the part a fan leaves in view
    else:
        ui.click(table.buttons.actions[action])


def test_the_durak_lesson_from_the_menu_to_its_end(ui):
    ui.app.settings.animation_speed = 4.0
    table = open_durak_lesson(ui)
    moves = 0
    while not isinstance(ui.top, GameOverScene):
        wait_for_turn(ui, table)
        if isinstance(ui.top, GameOverScene):
            break
        assert table.coach_text()
        if SHOTS and moves in (0, 2, 5):
            table.draw(ui.app.screen)
            pygame.image.save(ui.app.screen, os.path.join(SHOTS, f"durak_lesson_{moves}.png"))
        before = table.source.position
        make_expected_move(ui, table)
        assert table.source.position > before
        moves += 1
    assert table.source.position == len(table.lesson.actions)
    assert table.game.is_over() and table.resyncs == 0
    assert table.source.mistakes == 0
    assert ui.top.summary.title and "lesson" in " ".join(ui.top.summary.fair).lower()
    data = os.environ["KOZYR_DATA_DIR"]
    saved = [f for _, _, files in os.walk(data) for f in files if f.endswith(".json")]
    assert saved == []  # no record file: a lesson is not a game of the player's
    ui.click(ui.top.menu_button)
    assert isinstance(ui.top, MainMenu)


def test_a_wrong_move_shows_why_changes_nothing_and_the_right_move_still_works(ui):
    ui.app.settings.animation_speed = 4.0
    table = open_durak_lesson(ui)
    wait_for_turn(ui, table)
    expected = table.source.expected()
    hand = [sprite.card for sprite in table.hands.bottom()]
    legal_other = next(c for c in table.source.legal_actions() if c != expected)
    state = table.game.to_json()
    assert table.input.play(legal_other) is False
    assert "lesson wants" in table.notices.toast_text and table.game.to_json() == state
    assert table.input.play(99) is False  # no such card: the engine's own reason
    assert table.notices.toast_text and "lesson wants" not in table.notices.toast_text
    assert table.game.to_json() == state and table.source.mistakes == 2
    assert [sprite.card for sprite in table.hands.bottom()] == hand
    make_expected_move(ui, table)
    assert table.source.position == 1


def test_the_lesson_deal_is_named_as_such_and_hints_stay_off(ui):
    table = open_durak_lesson(ui)
    ui.step(5)
    assert table.fingerprint is None and not table.hints_offered()


def test_the_hints_switch_is_saved_and_read_back(ui):
    from scenes.settings import load_settings
    from scenes.settings_scene import SettingsScene

    ui.click(ui.top.buttons["menu.settings"])
    assert isinstance(ui.top, SettingsScene)
    ui.top.set_hints("off")
    assert load_settings(ui.app.settings_file).hints == "off"
    ui.top.set_hints("on")
    assert load_settings(ui.app.settings_file).hints == "on"
