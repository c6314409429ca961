"""Every text a player sees comes from the catalogue through tr()."""

import json
import pathlib
import re

from scenes import i18n
from scenes.i18n import tr

ROOT = pathlib.Path(__file__).resolve().parent.parent
CATALOGUE = json.loads((ROOT / "scenes" / "lang" / "en.json").read_text(encoding="utf-8"))
_TR_CALL = re.compile(r"""tr\(\s*f?["']([^"']+)["']""")


def _keys_used_in_code():
    for path in list((ROOT / "scenes").glob("*.py")) + [ROOT / "game.py"]:
        for key in _TR_CALL.findall(path.read_text(encoding="utf-8")):
            yield path.name, key


def test_every_key_the_scenes_ask_for_is_in_the_english_catalogue():
    for where, key in _keys_used_in_code():
        if "{" in key:  # an f-string key such as f"level.{level}": check its known expansions
            prefix = key.split("{")[0]
            assert any(k.startswith(prefix) for k in CATALOGUE), (where, key)
        else:
            assert key in CATALOGUE, (where, key)


def test_keys_built_from_data_exist():
    for game in ("azi", "durak"):
        assert i18n.has(f"game.{game}")  # its rules are a page: tests/test_ui_rules_pages.py
    for level in ("easy", "normal", "hard"):
        assert i18n.has(f"level.{level}")
    for back in ("crimson", "navy", "emerald", "noir"):
        assert i18n.has(f"back.{back}")
    for key in (
        "starting_stack",
        "ante",
        "cards_dealt",
        "blind_bets",
        "azi_buy_in",
        "min_bet",
        "min_raise",
    ):
        assert i18n.has(f"option.{key}")


def test_fields_are_filled_in():
    assert tr("curtain.pass", name="Anna") == "Pass the screen to Anna"


def test_an_unknown_key_shows_itself_and_an_unknown_language_falls_back_to_english():
    assert tr("no.such.key") == "no.such.key"
    i18n.set_language("xx")
    assert i18n.language() == "en" and tr("menu.quit") == "Quit"
