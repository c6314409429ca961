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


def test_a_name_field_says_when_it_is_full(ui):
    import pygame

    from test_play_azi_ui import type_into

    ui.click(ui.top.buttons["menu.play_azi"])
    form = ui.top
    field = form.name_fields[0]
    type_into(ui, field, "Maximilien-Alexa")  # sixteen letters: the field is full
    assert len(field.get_text()) == field.length_limit and form.limit_note is None
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    ui.step(1)
    assert form.limit_note is not None and str(field.length_limit) in form.limit_note[1]
    assert field.get_text() == "Maximilien-Alexa"
    ui.step(200)
    assert form.limit_note is None, "the note goes away by itself"
