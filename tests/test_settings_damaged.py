"""A damaged settings file never stops the game: defaults for what is wrong, the file kept."""

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenes.settings import Settings, load_settings, read_settings, save_settings


def write(tmp_path, content) -> str:
    path = tmp_path / "settings.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return str(path)


def test_a_400_digit_number_is_brought_into_range_not_an_overflow(tmp_path):
    path = write(tmp_path, '{"volume": ' + "9" * 400 + ', "animation_speed": -' + "9" * 400 + "}")
    loaded = load_settings(path)
    assert loaded.volume == 1.0 and loaded.animation_speed == 0.25


def test_deeply_nested_json_gives_the_defaults_and_keeps_the_file_aside(tmp_path):
    text = '{"tables": ' + "[" * 100_000 + "]" * 100_000 + "}"
    path = write(tmp_path, text)
    assert load_settings(path) == Settings()
    assert (tmp_path / "settings.json.bad").read_text(encoding="utf-8") == text
    assert not os.path.exists(path)  # the next save writes a fresh file


def test_a_value_of_the_wrong_type_gets_its_default_and_the_others_are_kept(tmp_path):
    path = write(tmp_path, json.dumps({"volume": "loud", "muted": True, "card_back": "noir"}))
    loaded, problem = read_settings(path)
    assert loaded.volume == Settings().volume and loaded.muted and loaded.card_back == "noir"
    assert "volume" in problem
    assert json.loads((tmp_path / "settings.json.bad").read_text())["volume"] == "loud"


def test_out_of_range_numbers_are_clamped_without_calling_the_file_bad(tmp_path):
    path = write(tmp_path, json.dumps({"volume": 7, "animation_speed": 0.01}))
    loaded, problem = read_settings(path)
    assert (loaded.volume, loaded.animation_speed, problem) == (1.0, 0.25, None)
    assert not (tmp_path / "settings.json.bad").exists()


def test_not_a_number_and_infinity_are_wrong_values(tmp_path):
    path = write(tmp_path, '{"volume": NaN, "animation_speed": Infinity}')
    loaded, problem = read_settings(path)
    assert (loaded.volume, loaded.animation_speed) == (0.8, 1.0) and problem


def test_remembered_tables_keep_only_the_shape_the_new_game_screen_reads(tmp_path):
    tables = {"play": {"seats": [{"name": "Ann", "kind": "human", "level": "easy"},
                                 {"name": 5, "kind": "ai", "level": "hard"},
                                 {"name": "Bo", "kind": "robot", "level": "hard"}],
                       "options": {"azi": {"ante": 5, "cards_dealt": "four", "cheat": True},
                                   "durak": [1, 2]}},
              "other": {"x": [[[[]]]]}}
    path = write(tmp_path, json.dumps({"tables": tables}))
    remembered = load_settings(path).tables
    assert remembered == {"play": {"seats": [{"name": "Ann", "kind": "human", "level": "easy"}],
                                   "options": {"azi": {"ante": 5}}}}


# --- fuzz: whatever the file holds, loading returns Settings and a bad file is kept aside ---
JSON_LEAF = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
JSON_VALUE = st.recursive(JSON_LEAF, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=12)
FIELD_NAMES = st.sampled_from(["animation_speed", "volume", "muted", "card_style", "card_back",
                               "fullscreen", "language", "tables"])
SETTINGS_LIKE = st.dictionaries(FIELD_NAMES | st.text(max_size=6), JSON_VALUE, max_size=8)


def _damaged_texts():
    good = json.dumps({"volume": 0.5, "muted": True, "tables": {"play": {"seats": []}}})
    truncated = st.integers(0, len(good) - 1).map(lambda n: good[:n])
    huge = st.integers(310, 5000).map(lambda n: '{"volume": 1' + "0" * n + "}")
    nested = st.integers(900, 50_000).map(lambda n: '{"tables": ' + "[" * n + "]" * n + "}")
    typed = SETTINGS_LIKE.map(json.dumps)
    raw = st.binary(max_size=64)
    return truncated | huge | nested | typed | raw


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(content=_damaged_texts())
def test_any_damaged_file_loads_cleanly_and_the_settings_save_again(tmp_path, content):
    for name in ("settings.json", "settings.json.bad"):
        if (tmp_path / name).exists():
            (tmp_path / name).unlink()
    path = write(tmp_path, content)
    loaded, problem = read_settings(path)
    assert isinstance(loaded, Settings)
    assert 0.25 <= loaded.animation_speed <= 4.0 and 0.0 <= loaded.volume <= 1.0
    assert isinstance(loaded.muted, bool) and isinstance(loaded.tables, dict)
    if problem:
        assert (tmp_path / "settings.json.bad").exists()
    else:
        assert loaded == read_settings(path).settings  # a good file reads the same again
    assert save_settings(loaded, path) is None
    assert read_settings(path) == (loaded, None)


def test_the_main_menu_tells_the_player_his_settings_file_was_damaged(tmp_path, monkeypatch):
    """Not only a terminal learns it: the first menu says what was wrong and where the file went."""
    import pygame

    monkeypatch.setenv("KOZYR_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("KOZYR_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "settings.json").write_text('{"volume": 0.5, "card_back": ')  # cut off
    from scenes.app import App
    from scenes.main_menu import MainMenu

    app = App((1280, 720))
    try:
        menu = app.push(MainMenu(app))
        app.step(1 / 60)
        assert "settings.json.bad" in menu.notice
        assert (tmp_path / "settings.json.bad").exists()
        assert app.push(MainMenu(app)).notice == ""  # said once, not on every visit
    finally:
        pygame.quit()
