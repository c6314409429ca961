"""The new-game screen checks Azi's numbers against the engine's bounds (one definition)."""

from engine.azi.options import OPTION_BOUNDS, AziOptions
from scenes.new_game import NewGameScene


def remember(ui, **azi):
    ui.app.settings.tables["play"] = {
        "seats": [{"name": "You", "kind": "human", "level": "normal"},
                  {"name": "Ada", "kind": "ai", "level": "easy"}],
        "options": {"azi": azi}}


def test_a_remembered_table_with_absurd_numbers_is_brought_into_range_with_a_message(ui):
    remember(ui, starting_stack=10**15, ante=0, min_raise=10**400)
    form = NewGameScene(ui.app, "azi")
    opts = form.options["azi"]
    assert opts["starting_stack"] == OPTION_BOUNDS["starting_stack"].high
    assert opts["ante"] == 1 and opts["min_raise"] == OPTION_BOUNDS["min_raise"].high
    assert "out of range" in form.error
    config = form.config()
    assert config is not None
    AziOptions(num_players=len(config.seats), **config.options)  # the engine accepts it


def test_a_sensible_remembered_table_loads_without_a_message(ui):
    remember(ui, starting_stack=500, ante=5, min_bet=5, min_raise=5)
    form = NewGameScene(ui.app, "azi")
    assert form.options["azi"]["starting_stack"] == 500 and form.error == ""


def test_a_number_beyond_the_bounds_cannot_start_and_the_message_names_the_range(ui):
    ui.click(ui.top.buttons["menu.play_azi"])
    form = ui.top
    form.options["azi"]["min_bet"] = OPTION_BOUNDS["min_bet"].high + 1
    form.start()
    assert isinstance(ui.top, NewGameScene)
    assert str(OPTION_BOUNDS["min_bet"].high) in form.error


def test_the_adjustment_message_is_shown_on_the_form(ui):
    remember(ui, starting_stack=10**15)
    ui.click(ui.top.buttons["menu.play_azi"])
    assert ui.top.error_label.text == ui.top.error != ""
