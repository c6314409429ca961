"""The Azi table points at bids and shows the hand meter: the hint's ring sits on the bidding
panel's button (a hinted bet also sets the slider to its level), H asks for a hint while the
panel is open, and the hand-strength meter appears only with its Settings switch on."""

import os

import pygame
from test_play_azi_ui import SMALL, fast_azi

from engine.azi.constants import BET_BASE, BIDDING, CALL, FOLD
from scenes import tables
from scenes.table.hint import Hint
from scenes.table_config import Seat, TableConfig

SHOTS = os.environ.get("KOZYR_LESSON_SHOTS")  # a folder: save what the panel looks like


def bidding_table(ui, monkeypatch, seed: int = 2):
    """A three-seat Azi table whose person (seat 0) is choosing a bid."""
    fast_azi(monkeypatch, seed)
    ui.app.settings.animation_speed = 4.0
    seats = [Seat("You"), Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "easy")]
    tables.open_table(ui.app, TableConfig("azi", seats, dict(SMALL, starting_stack=200)))
    table = ui.top
    for _ in range(3000):
        if table.input.my_turn() and table.session.phase == BIDDING and table.panel.visible:
            return table
        ui.step(1, dt=0.1)
    raise AssertionError("no bidding decision came")


def test_a_hinted_fold_or_call_is_ringed_on_its_panel_button(ui, monkeypatch):
    table = bidding_table(ui, monkeypatch)
    legal = table.source.legal_actions()
    for action, key in ((FOLD, "fold"), (CALL, "call")):
        if action in legal:
            assert table.action_rect(action) == table.panel.buttons[key].rect


def test_a_hinted_bet_sets_the_slider_and_rings_the_raise_button(ui, monkeypatch):
    table = bidding_table(ui, monkeypatch)
    bets = [a for a in table.source.legal_actions() if a >= BET_BASE]
    wanted = bets[len(bets) // 2]
    assert table.panel.buttons["raise"].action != wanted  # the slider starts at the lowest
    table.hints.hint = Hint(table.story.version, wanted, "a test's reason")
    ui.step(2)
    assert table.panel.buttons["raise"].action == wanted
    assert table.action_rect(wanted) == table.panel.buttons["raise"].rect
    table.panel.nudge(-1)  # the player may move the slider away: the hint does not fight him
    ui.step(2)
    assert table.panel.buttons["raise"].action != wanted


def test_h_asks_for_a_hint_while_the_bidding_panel_is_open(ui, monkeypatch):
    ui.app.settings.hints = "on"
    table = bidding_table(ui, monkeypatch)
    asked = []
    monkeypatch.setattr(table.hints, "request", lambda: asked.append(True))
    ui.key(pygame.K_h)
    assert asked == [True] and table.panel.visible


def test_the_hand_meter_shows_only_with_its_switch_on(ui, monkeypatch):
    table = bidding_table(ui, monkeypatch)
    assert ui.app.settings.strength_meter is False  # off unless the player turns it on
    meter = table.meter
    assert meter.reading(table.story.version, table.source) is None
    ui.app.settings.strength_meter = True
    reading = meter.reading(table.story.version, table.source)
    assert reading is not None and reading.opponents == 2 and reading.deals == 200
    rect = meter.rect()
    assert rect.right <= table.panel.rect.left  # beside the panel, never over it
    ui.click_at((rect.centerx, rect.top - 40))  # nothing there: only moves the pointer
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    ui.step(1)
    text = meter.text(reading)
    assert f"{reading.percent}%" in text and "200 deals" in text and "2 players" in text
    if SHOTS:
        table.draw(ui.app.screen)
        pygame.image.save(ui.app.screen, os.path.join(SHOTS, "azi_meter.png"))


def test_the_meter_switch_is_saved_and_a_wrong_value_is_refused(ui):
    from scenes.settings import load_settings, settings_from_data
    from scenes.settings_scene import SettingsScene

    ui.click(ui.top.buttons["menu.settings"])
    assert isinstance(ui.top, SettingsScene)
    ui.top.set_meter(True)
    assert load_settings(ui.app.settings_file).strength_meter is True
    loaded = settings_from_data({"strength_meter": "yes"})
    assert loaded.settings.strength_meter is False and "strength_meter" in loaded.problem
