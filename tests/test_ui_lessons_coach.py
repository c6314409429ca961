"""The coach never covers what he talks about: at 800×600, 1280×720 and 1920×1080, through both
lessons, his bubble stays in the window and off the cards, plates, status line, banner, bank,
stakes, panels and buttons; the ring round the move to make stays on its card; and a move
without its own note reads as one sentence about that move."""

from __future__ import annotations

import pytest
import test_ui_lessons
import test_ui_lessons_azi
from test_ui_lessons import wait_for_turn

from scenes.card_text import card_label
from scenes.game_over import GameOverScene
from scenes.i18n import tr
from tests.lesson_support import open_lesson

SIZES = [(800, 600), (1280, 720), (1920, 1080)]


def coach_is_clear(ui, table) -> None:
    bubble = table.coach_rect()
    assert bubble is not None
    window = ui.app.rect
    assert window.contains(bubble)
    covered = [r for r in table.occupied_rects() if bubble.colliderect(r)]
    assert not covered, (bubble, covered)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", ["durak", "azi"])
def test_the_coach_covers_nothing_through_the_whole_lesson(ui, size, game):
    ui.app.resize(size)
    ui.app.settings.animation_speed = 4.0
    table = open_lesson(ui, game)
    steps = test_ui_lessons if game == "durak" else test_ui_lessons_azi
    while not isinstance(ui.top, GameOverScene):
        steps.wait_for_turn(ui, table)
        if isinstance(ui.top, GameOverScene):
            break
        table.draw(ui.app.screen)
        coach_is_clear(ui, table)
        steps.make_expected_move(ui, table)


def test_the_ring_round_a_fanned_card_stops_where_the_next_card_lies(ui):
    table = open_lesson(ui, "durak")
    wait_for_turn(ui, table)
    action = table.source.expected()
    assert action in table.card_actions
    hand = sorted(table.hands.bottom(), key=lambda c: c.draw_centre()[0])
    i = [c.card for c in hand].index(action)
    clip = table.hands.pointer_clip(action)
    if i + 1 < len(hand):
        w = hand[i + 1].size[0]
        assert clip.right <= hand[i + 1].draw_centre()[0] - w / 2 + 1
    screen = ui.app.screen
    table.draw(screen)
    before = screen.copy()
    table.draw(screen)  # the ring is drawn: outside the clip nothing changes
    assert screen.get_at((0, 0)) == before.get_at((0, 0))


def test_a_move_without_its_own_note_names_the_move_once(ui):
    table = open_lesson(ui, "durak")
    seen = 0
    while not isinstance(ui.top, GameOverScene):
        test_ui_lessons.wait_for_turn(ui, table)
        if isinstance(ui.top, GameOverScene):
            break
        action = table.source.expected()
        if table.source.position not in table.lesson.notes and action in table.card_actions:
            text = table.coach_text()
            label = card_label(action)
            assert text.count(label) == 1 and not text.startswith(tr("lesson.move.take")), text
            seen += 1
        test_ui_lessons.make_expected_move(ui, table)
    assert seen, "the lesson has moves without their own note"
