"""Learn to play: the Azi lesson from the main menu to its end on the real Azi table.

Four prepared games show each rule once (docs/rules/azi.md): the ante, trumps and six on
stage, bidding (fold, call, raise, the lead), following suit, trumping and discarding, two
tricks winning, an azi with its buy-in, and an all-in share. The person makes the ringed
moves: cards, bidding-panel buttons (a bet's level set on the slider), the azi question.
"""

import os

import pygame

from engine.azi.constants import BET_BASE, FOLD
from scenes.game_over import GameOverScene
from scenes.lessons.azi import AZI_LESSON
from scenes.lessons.source import end_with_story, lesson_game
from tests.lesson_support import SHOTS, open_lesson


def open_azi_lesson(ui):
    return open_lesson(ui, "azi")


def wait_for_turn(ui, table, frames: int = 4000) -> None:
    """Let the story play until it is the person's move; press Next game between games."""
    for _ in range(frames):
        if isinstance(ui.top, GameOverScene):
            return
        if table.between is not None and table.between.waiting:
            ui.click_at(table.between.button.rect.center)
        elif table.input.my_turn() and table.animations_idle:
            return
        ui.step(1, dt=0.1)
    raise AssertionError("the lesson stopped")


def make_expected_move(ui, table) -> None:
    """Click the ringed card or panel button (the ring sits exactly on it)."""
    action = table.source.expected()
    rect = table.action_rect(action)
    assert rect is not None, "the coach points at the move"
    if action in table.card_actions:
        ui.click_at((rect.x + rect.width * 0.15, rect.centery))  # the part a fan leaves in view
    else:
        if action >= BET_BASE:
            assert table.panel.buttons["raise"].action == action  # the slider was set for it
        ui.click_at(rect.center)


def test_the_azi_lesson_deals_tell_the_story_the_rules_promise():
    game = lesson_game(AZI_LESSON)
    winners, kinds = [], []
    for action in AZI_LESSON.actions:
        events = game.apply(action)
        end_with_story(game, AZI_LESSON)
        kinds += [e.kind for e in events]
        winners += [e.seat for e in events if e.kind == "bank_paid"]
    assert kinds.count("azi") == 1 and "azi_joined" in kinds and "six_on_stage" in kinds
    assert "all_in" in kinds and "refund" in kinds  # the all-in winner's share, the rest back
    assert winners == [0, 0, 1]  # you win games 1 and 3 (the azi game), Boris's all-in game 4
    assert sum(game.stacks) + game.bank == 4 * 100
    assert game.stacks == [203, 117, 40, 40] and game.is_over()  # the table left after game 4


def test_the_azi_lesson_from_the_menu_to_its_end(ui):
    ui.app.settings.animation_speed = 4.0
    table = open_azi_lesson(ui)
    moves = 0
    while not isinstance(ui.top, GameOverScene):
        wait_for_turn(ui, table)
        if isinstance(ui.top, GameOverScene):
            break
        assert table.coach_text()
        if SHOTS and moves in (0, 3, 4, 7):
            table.draw(ui.app.screen)
            pygame.image.save(ui.app.screen, os.path.join(SHOTS, f"azi_lesson_{moves}.png"))
        before = table.source.position
        make_expected_move(ui, table)
        assert table.source.position > before
        moves += 1
    assert moves == 11  # raise, two leads; fold; join, call, trump, lead; raise, lead, follow
    assert table.source.position == len(table.lesson.actions)
    assert table.resyncs == 0 and table.source.mistakes == 0
    assert "lesson" in " ".join(ui.top.summary.fair).lower()
    data = os.environ["KOZYR_DATA_DIR"]
    saved = [f for _, _, files in os.walk(data) for f in files if f.endswith(".json")]
    assert saved == []  # a lesson is not a game of the player's


def test_a_wrong_bid_in_the_azi_lesson_shows_why_and_the_right_one_still_works(ui):
    ui.app.settings.animation_speed = 4.0
    table = open_azi_lesson(ui)
    wait_for_turn(ui, table)
    assert table.source.expected() == BET_BASE + 20  # the lesson wants a raise to 20
    state = table.game.to_json()
    ui.click_at(table.panel.buttons["fold"].rect.center)  # legal, but not the lesson's move
    assert "lesson wants" in table.notices.toast_text and table.game.to_json() == state
    assert table.input.play(BET_BASE + 15) is False  # no such level: the engine's own reason
    assert table.notices.toast_text and "lesson wants" not in table.notices.toast_text
    assert table.game.to_json() == state and table.source.mistakes == 2
    assert FOLD in table.source.legal_actions()
    make_expected_move(ui, table)
    assert table.source.position == 4
