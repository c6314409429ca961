"""Every language says everything: each key translated, the same placeholders, every plural form.

English is scenes/lang/en.json; the others are gettext catalogues kept in step by
``python -m tools.i18n update`` (docs/translating.md).
"""

import io
import re

import pytest

from scenes import i18n
from scenes.i18n import tr, trn
from tools import i18n as catalogues

LANGUAGES = ("fr", "cs", "lt", "hu", "ru")
# words that stay as they are in every language: names, the games, commands and file names
PROPER = {"Kozyr", "Azi", "Durak", "Anna", "Boris", "Vera", "Gleb", "Katya", "Dmitri", "Lena",
          "Misha", "Olga", "Pavel", "python", "game", "py", "join", "ws", "HOST", "PORT", "seat",
          "token", "Esc", "F11", "W", "L", "J", "Q", "K", "A", "OK"}
PROPER = {word.lower() for word in PROPER}
# words that are spelled the same in English and in the language (checked by a person)
SAME_WORD = {
    "fr": {"menu.version", "level.normal", "table.menu_button", "table.menu", "table.watch_pause",
           "history.col_date", "pause.title", "history.page"},
    "cs": {"azi.bank", "table.menu_button", "table.menu"},
    "hu": {"option.ante", "azi.bank"},
    "lt": set(), "ru": set(),
}
_FIELD = re.compile(r"\{[^{}]*\}")


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


def test_the_game_speaks_six_languages():
    assert i18n.languages() == ["en", "cs", "fr", "hu", "lt", "ru"]
    names = [i18n.language_name(code) for code in i18n.languages()]
    assert names == ["English", "Čeština", "Français", "Magyar", "Lietuvių", "Русский"]


def test_the_template_is_made_from_the_english_catalogue():
    keys = {m.context for m in catalogues.template() if m.id}
    assert keys == set(i18n.english())
    with open(catalogues.TEMPLATE, "rb") as f:
        on_disk = f.read()
    written = io.BytesIO()
    from babel.messages.pofile import write_po

    write_po(written, catalogues.template(), width=100, ignore_obsolete=True,
             include_previous=True)
    assert on_disk == written.getvalue(), "run: python -m tools.i18n update"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated_with_the_same_placeholders_and_all_plural_forms(code):
    found = catalogues.problems(code)
    assert found == {"missing": [], "fuzzy": [], "placeholders": [], "forms": []}, (
        f"run: python -m tools.i18n status {code}")


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_english_is_left_in_a_translation_except_names_and_numbers(code):
    left = []
    for message in catalogues.read(code):
        if not message.id or not message.string:
            continue
        pairs = zip(message.id, message.string) if isinstance(message.id, tuple) else [
            (message.id, message.string)]
        for english, translated in pairs:
            words = set(re.findall(r"[A-Za-z]{2,}", _FIELD.sub("", english)))
            if english == translated and {w.lower() for w in words} - PROPER and (
                    message.context not in SAME_WORD[code]):
                left.append(message.context)
    assert left == []


@pytest.mark.parametrize("code, number, expected", [
    ("en", 1, "1 game played"), ("en", 2, "2 games played"),
    ("ru", 1, "Сыграна 1 партия"), ("ru", 3, "Сыграно 3 партии"), ("ru", 5, "Сыграно 5 партий"),
    ("ru", 21, "Сыграна 21 партия"), ("ru", 11, "Сыграно 11 партий"),
    ("cs", 1, "Odehrána 1 hra"), ("cs", 3, "Odehrány 3 hry"), ("cs", 5, "Odehráno 5 her"),
    ("lt", 1, "Sužaista 1 partija"), ("lt", 2, "Sužaistos 2 partijos"),
    ("lt", 10, "Sužaista 10 partijų"), ("lt", 21, "Sužaista 21 partija"),
])
def test_a_counted_noun_takes_the_plural_form_of_the_language(code, number, expected):
    i18n.set_language(code)
    assert trn("azi.over.games", number) == expected


def test_a_plural_entry_may_be_counted_by_another_field():
    assert tr("azi.over.chips", chips=1) == "1 chip"
    i18n.set_language("ru")
    assert [tr("azi.over.chips", chips=n) for n in (1, 2, 5)] == ["1 фишка", "2 фишки",
                                                                  "5 фишек"]


def test_the_first_start_follows_the_systems_language_and_else_speaks_english():
    assert i18n.system_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert i18n.system_language({"LANGUAGE": "de:cs", "LANG": "de_DE.UTF-8"}) == "cs"
    assert i18n.system_language({"LC_ALL": "hu_HU"}) == "hu"
    assert i18n.system_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.system_language({"LANG": "C.UTF-8"}) == "en"


def test_a_fuzzy_or_missing_translation_shows_the_english(tmp_path, monkeypatch):
    (tmp_path / "en.json").write_text(
        '{"a": "Old text", "b": {"one": "{count} card", "other": "{count} cards"}}',
        encoding="utf-8")
    monkeypatch.setattr(i18n, "LANG_DIR", str(tmp_path))
    monkeypatch.setattr(i18n, "_english", None)
    monkeypatch.setattr(i18n, "_catalogues", {})
    monkeypatch.setattr(catalogues, "TEMPLATE", str(tmp_path / "messages.pot"))
    catalogues.init("ru")
    po = (tmp_path / "ru.po").read_text(encoding="utf-8")
    po = po.replace('msgid "Old text"\nmsgstr ""', 'msgid "Old text"\nmsgstr "Старый текст"')
    (tmp_path / "ru.po").write_text(po, encoding="utf-8")
    # English changes and gains a key: the update keeps the old translation, marked fuzzy
    (tmp_path / "en.json").write_text(
        '{"a": "New text", "b": {"one": "{count} card", "other": "{count} cards"}, "c": "Hi"}',
        encoding="utf-8")
    monkeypatch.setattr(i18n, "_english", None)
    catalogues.update(["ru"])
    found = catalogues.problems("ru")
    assert found["fuzzy"] == ["a"] and found["missing"] == ["b", "c"]
    assert '#| msgid "Old text"' in (tmp_path / "ru.po").read_text(encoding="utf-8")
    i18n.set_language("ru")
    assert tr("a") == "New text" and trn("b", 3) == "3 cards" and tr("c") == "Hi"
    out = io.StringIO()
    assert catalogues.status(["ru"], out) == 3 and "fuzzy" in out.getvalue()


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", ["azi", "durak"])
def test_every_language_has_both_rules_pages_with_every_section(code, game):
    from scenes.rules_scene import rules_page_path

    path = rules_page_path(game, code)
    assert path.endswith(f"{game}.{code}.md")
    with open(path, encoding="utf-8") as f:
        page = f.read()
    with open(rules_page_path(game, "en"), encoding="utf-8") as f:
        english = f.read()

    def sections(text: str) -> list[str]:
        return [line for line in text.splitlines() if line.startswith("#")]

    assert len(sections(page)) == len(sections(english))  # a translation, not a summary
    assert page.count("\n> ") == english.count("\n> ")  # with every worked example
