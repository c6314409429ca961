"""Menus clicked through headless: main menu → new game → table, settings, rules, pause, curtain."""

import json

import pygame
import pytest

from engine.azi.options import AziOptions
from scenes import tables
from scenes.dialogs import ConfirmScene, CurtainScene, PauseScene
from scenes.main_menu import MainMenu
from scenes.new_game import NewGameScene
from scenes.rules_scene import RulesScene
from scenes.settings_scene import SettingsScene
from scenes.table_config import AI, HUMAN, TableConfig


@pytest.fixture
def opened(monkeypatch):
    """Records the configs handed to scenes.tables.open_table instead of opening a table."""
    calls = []
    monkeypatch.setattr(tables, "open_table", lambda app, config: calls.append(config))
    return calls


def test_the_app_opens_at_the_main_menu_with_nine_choices(ui):
    assert isinstance(ui.top, MainMenu)
    assert list(ui.top.buttons) == ["menu.play_azi", "menu.play_durak", "menu.watch",
                                    "menu.join", "menu.learn", "menu.history", "menu.rules",
                                    "menu.settings", "menu.quit"]


def test_play_durak_then_start_opens_a_table_in_two_clicks(ui, opened):
    ui.click(ui.top.buttons["menu.play_durak"])
    assert isinstance(ui.top, NewGameScene)
    ui.click(ui.top.start_button)
    [config] = opened
    assert isinstance(config, TableConfig)
    assert config.game == "durak" and config.options == {"series": False} and not config.watch
    assert config.seats[0].kind == HUMAN
    assert [s.kind for s in config.seats[1:]] == [AI, AI]
    assert {s.level for s in config.seats[1:]} == {"normal"}


def test_play_azi_defaults_are_the_rules_page_defaults(ui, opened):
    ui.click(ui.top.buttons["menu.play_azi"])
    ui.click(ui.top.start_button)
    [config] = opened
    assert config.game == "azi"
    assert config.options == {
        "starting_stack": 1000,
        "ante": 10,
        "cards_dealt": 3,
        "blind_bets": False,
        "azi_buy_in": True,
        "min_bet": 10,
        "min_raise": 10,
    }
    AziOptions(
        num_players=len(config.seats), **config.options
    )  # the engine accepts them as they are


def test_watch_ai_seats_only_computer_players(ui, opened):
    ui.click(ui.top.buttons["menu.watch"])
    ui.click(ui.top.start_button)
    [config] = opened
    assert config.watch and all(s.kind == AI for s in config.seats)


def test_seats_can_be_added_removed_and_switched_to_human(ui, opened):
    ui.click(ui.top.buttons["menu.play_durak"])
    form = ui.top
    ui.click(form.add_button)
    assert len(form.seats) == 4
    ui.click(form.kind_rows[3].buttons[0])  # seat 4 becomes a human
    ui.click(form.kind_rows[1].buttons[3])  # seat 2 plays Hard
    ui.click(form.start_button)
    [config] = opened
    assert [s.kind for s in config.seats] == [HUMAN, AI, AI, HUMAN]
    assert config.seats[1].level == "hard" and config.hot_seat


def test_the_ante_carries_the_minimum_bet_and_raise_along(ui, opened):
    ui.click(ui.top.buttons["menu.play_azi"])
    form = ui.top
    form.option_controls["ante"].set_text("25")
    form.set_number("ante", "25")
    ui.click(form.start_button)
    assert opened[0].options["min_bet"] == 25 and opened[0].options["min_raise"] == 25


def test_four_card_deal_turns_blind_bets_off(ui, opened):
    ui.click(ui.top.buttons["menu.play_azi"])
    ui.click(ui.top.option_controls["blind_bets"].buttons[1])
    ui.click(ui.top.option_controls["cards_dealt"].buttons[1])
    ui.click(ui.top.start_button)
    assert opened[0].options["cards_dealt"] == 4 and opened[0].options["blind_bets"] is False


def test_a_seat_without_a_name_cannot_start(ui, opened):
    ui.click(ui.top.buttons["menu.play_durak"])
    ui.top.set_name(1, "   ")
    ui.click(ui.top.start_button)
    assert opened == [] and ui.top.error


def test_start_reaches_the_table_and_leave_returns_to_the_menu(ui):
    ui.click(ui.top.buttons["menu.play_durak"])
    ui.click(ui.top.start_button)
    assert not isinstance(ui.top, NewGameScene)
    ui.key(pygame.K_ESCAPE)
    assert isinstance(ui.top, PauseScene)
    ui.click(ui.top.buttons["pause.leave"])
    assert isinstance(ui.top, ConfirmScene)
    ui.click(ui.top.yes_button)
    assert isinstance(ui.top, MainMenu) and len(ui.app.scenes) == 1


def test_pause_resume_and_stay_keep_the_table(ui):
    ui.click(ui.top.buttons["menu.play_azi"])
    ui.click(ui.top.start_button)
    table = ui.top
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.top.buttons["pause.leave"])
    ui.click(ui.top.no_button)
    assert isinstance(ui.top, PauseScene)
    ui.click(ui.top.buttons["pause.resume"])
    assert ui.top is table


def test_a_settings_change_is_saved_and_read_back(ui, tmp_path):
    ui.click(ui.top.buttons["menu.settings"])
    assert isinstance(ui.top, SettingsScene)
    ui.click(ui.top.controls["style"].buttons[1])  # four colours
    ui.click(ui.top.back_swatches["navy"])
    ui.click(ui.top.controls["mute"].buttons[1])
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["card_style"] == "four_colour" and saved["card_back"] == "navy" and saved["muted"]
    assert ui.app.cards.style == "four_colour" and ui.app.cards.back_design == "navy"
    from scenes.settings import load_settings

    assert load_settings(str(tmp_path / "settings.json")).card_back == "navy"


def test_settings_are_reachable_from_the_pause_menu(ui):
    ui.click(ui.top.buttons["menu.play_durak"])
    ui.click(ui.top.start_button)
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.top.buttons["pause.settings"])
    assert isinstance(ui.top, SettingsScene)
    ui.click(ui.top.controls["speed"].buttons[2])
    assert ui.app.settings.animation_speed == 1.5
    ui.click(ui.top.done_button)
    assert isinstance(ui.top, PauseScene)


def test_the_rules_scroll_with_keys_and_wheel(ui):
    ui.click(ui.top.buttons["menu.rules"])
    rules = ui.top
    assert isinstance(rules, RulesScene) and rules.scroll_fraction == 0
    ui.key(pygame.K_PAGEDOWN)
    after_key = rules.scroll_fraction
    assert after_key > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0,
                                         precise_y=-3.0))
    ui.step(2)
    assert rules.scroll_fraction > after_key
    ui.key(pygame.K_END)
    assert rules.scroll_fraction == pytest.approx(1.0, abs=1e-3)
    ui.click(ui.top.buttons_by_game["durak"])
    assert ui.top.game == "durak"


def test_every_scene_survives_a_resize_and_stays_inside_the_window(ui):
    ui.click(ui.top.buttons["menu.play_azi"])
    ui.app.resize((800, 600))
    ui.step(2)
    for element in ui.top.ui.get_root_container().elements:
        assert ui.app.rect.contains(element.rect), element
    ui.app.resize((1600, 900))
    ui.step(2)
    assert ui.app.size == (1600, 900)


def test_f11_switches_full_screen_and_back(ui):
    ui.key(pygame.K_F11)
    assert ui.app.fullscreen and ui.app.settings.fullscreen
    ui.key(pygame.K_F11)
    assert not ui.app.fullscreen and ui.app.size == (1280, 720)


def test_the_curtain_ignores_a_hasty_click_then_lifts(ui):
    lifted = []
    ui.app.push(CurtainScene(ui.app, "Anna", on_ready=lambda: lifted.append(True)))
    ui.click_at((640, 360))
    assert isinstance(ui.top, CurtainScene) and not lifted
    ui.step(30)
    ui.click_at((640, 360))
    assert lifted and isinstance(ui.top, MainMenu)


def test_quit_stops_the_loop(ui):
    ui.click(ui.top.buttons["menu.quit"])
    assert not ui.app.running


def test_a_screen_under_the_pause_menu_draws_its_own_widgets_not_the_last_screens(ui):
    # the menu reuses the statistics screen's widget manager; drawn (not updated) under the
    # pause menu, it must still draw its own buttons, not the statistics screen's tabs
    from scenes.dialogs import PauseScene
    from scenes.main_menu import MainMenu
    from scenes.stats_scene import StatsScene

    app = ui.app
    app.reset(StatsScene(app))
    ui.step(4)
    app.reset(MainMenu(app))
    app.push(PauseScene(app))
    ui.step(4)
    menu = app.scenes[0]
    drawn = {id(item[0]) for item in menu.ui.get_sprite_group().visible}
    own = {id(element.image) for element in menu.ui.get_sprite_group().sprites()
           if element.image is not None}
    assert drawn and drawn <= own
