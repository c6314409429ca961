"""The new-game screen checks Azi's numbers against the engine's bounds (one definition)."""

from engine.azi.options import OPTION_BOUNDS, AziOptions
from scenes.i18n import number
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
    assert number(OPTION_BOUNDS["min_bet"].high) in form.error  # "9,999,999": grouped


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
def test_a_name_the_game_gave_follows_the_language_and_a_typed_name_stays(ui):
    from scenes import i18n

    ui.app.settings.tables["play"] = {
        "seats": [{"name": "Vous", "kind": "human", "level": "normal"},   # French default
                  {"name": "Boris", "kind": "ai", "level": "easy"},      # a computer name
                  {"name": "Zoé", "kind": "ai", "level": "hard"}],       # typed by the player
        "options": {}}
    i18n.set_language("lt")
    try:
        form = NewGameScene(ui.app, "durak")
        names = [s["name"] for s in form.seats]
        assert names[0] == "Jūs" and names[1] in i18n.tr("names.ai").split(",")
        assert names[2] == "Zoé"
        i18n.set_language("ru")
        form.rebuild()  # what a language change does to an open screen
        assert form.seats[0]["name"] == "Вы" and form.seats[2]["name"] == "Zoé"
    finally:
        i18n.set_language("en")
