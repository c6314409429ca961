"""The Azi table speaks to the player at the screen ("You win the bank"), and the Call button's
"put in … to match …" stays readable in the smallest window."""

import pygame
import pytest

from scenes.table.azi.choices import bid_choices
from scenes.table.azi.panels import HINT_MIN, BiddingPanel
from scenes.table.azi.words import game_summary
from tests.test_azi_table_panels import game


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def record(**parts):
    base = {"azi": False, "winner": 1, "at_once": False, "bank": 90, "paid": [0, 90, 0],
            "stakes": [30, 30, 30]}
    return {**base, **parts}


NAMES = ["Anna", "You", "Boris"]


@pytest.mark.parametrize("parts", [{}, {"at_once": True}, {"paid": [0, 60, 30]}])
def test_the_seat_at_the_screen_is_told_you_win(parts):
    line = game_summary(record(**parts), NAMES, you=1)
    assert "you win" in line.lower()
    assert "goes to You" not in line and "go to You" not in line


@pytest.mark.parametrize("parts", [{}, {"at_once": True}, {"paid": [0, 60, 30]}])
def test_another_winner_is_named(parts):
    line = game_summary(record(**parts), ["Anna", "Boris", "You"], you=2)
    assert "Boris" in line and "you win" not in line.lower()


def _panel(width: int, scale: float) -> BiddingPanel:
    g = game(stacks=[200, 200, 200], bids=[0, 20, 0], highest_bid=20, highest_bidder=1,
             first_bidder=1, to_move=2)
    panel = BiddingPanel()
    panel.show(bid_choices(g.observation(2), g.legal_actions()))
    panel.layout(pygame.Rect(1000, 540, width, 174), scale)
    return panel


@pytest.mark.parametrize("width, scale", [(203, 0.86), (236, 1.0), (354, 1.5)])
def test_the_call_hint_is_readable_and_inside_its_button(width, scale):
    panel = _panel(width, scale)
    call = panel.buttons["call"]
    assert call.hint
    from scenes.widgets import CREAM, text_surface

    assert text_surface(call.hint, "text", HINT_MIN, CREAM).get_width() <= call.rect.width - 8
    rects = [b.rect for b in panel.buttons.values() if b.rect.width]
    for i, a in enumerate(rects):
        assert panel.rect.contains(a)
        assert all(not a.colliderect(b) for b in rects[i + 1:])
