"""Settings are plain data saved as JSON in the user's config directory."""

import json
import os
import sys

import pygame

from scenes.settings import Settings, config_dir, load_settings, save_settings, settings_path


def test_the_config_directory_follows_the_usual_places(monkeypatch):
    monkeypatch.setenv("KOZYR_CONFIG_DIR", "/t/k")
    monkeypatch.setenv("XDG_CONFIG_HOME", "/x")
    assert config_dir() == "/t/k"
    monkeypatch.delenv("KOZYR_CONFIG_DIR")
    if sys.platform.startswith("linux"):  # platformdirs follows XDG only where XDG is the rule
        assert config_dir() == os.path.join("/x", "kozyr")
        monkeypatch.delenv("XDG_CONFIG_HOME")
        assert config_dir().endswith(os.path.join(".config", "kozyr"))
    assert settings_path("/t/k") == os.path.join("/t/k", "settings.json")


def test_settings_round_trip(tmp_path):
    path = str(tmp_path / "deep" / "settings.json")
    wanted = Settings(animation_speed=1.5, volume=0.3, muted=True, card_style="four_colour",
                      card_back="noir", fullscreen=True)
    assert save_settings(wanted, path) is None
    assert load_settings(path) == wanted


def test_a_missing_or_damaged_file_gives_the_defaults(tmp_path):
    assert load_settings(str(tmp_path / "none.json")) == Settings()
    bad = tmp_path / "settings.json"
    bad.write_text("{not json")
    assert load_settings(str(bad)) == Settings()
    bad.write_text(json.dumps({"volume": 7, "card_back": "plaid", "unknown": 1}))
    loaded = load_settings(str(bad))
    assert loaded.volume == 1.0 and loaded.card_back == "crimson"


def test_saving_where_it_cannot_write_reports_instead_of_raising(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert save_settings(Settings(), str(blocker / "settings.json"))


def test_every_setting_stands_above_done_at_small_and_usual_sizes(ui):
    """Nine rows and the card backs fit the panel: no control reaches the Done button."""
    import pygame_gui

    from scenes.settings_scene import SettingsScene

    for size in ((800, 600), (1280, 720)):
        ui.app.resize(size)
        scene = ui.app.push(SettingsScene(ui.app))
        ui.step(2)
        done = scene.done_button.rect
        widgets = [e for e in scene.ui.get_sprite_group().sprites()
                   if isinstance(e, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel,
                                     pygame_gui.elements.UIHorizontalSlider))
                   and e is not scene.done_button and e is not scene.error_label and e.visible
                   and e.rect.height > 0]
        assert len(widgets) > 20
        low = [(getattr(e, "text", ""), e.rect) for e in widgets if e.rect.bottom > done.top]
        assert not low, (size, low)
        ui.app.pop()


def test_the_menu_s_card_fan_follows_a_live_switch_of_language(ui):
    menu = ui.top
    ui.step(2)
    english = menu._fan_art().copy()
    ui.app.settings.language = "fr"
    ui.app.settings.international_letters = False
    ui.app.apply_settings()
    ui.step(2)
    french = menu._fan_art()
    assert pygame.image.tobytes(english, "RGBA") != pygame.image.tobytes(french, "RGBA"), \
        "J Q K became V D R on the fan"
    ui.app.settings.language = "en"
    ui.app.apply_settings()
