"""Every letter of every language renders in every font the game draws with (no empty boxes)."""

import pathlib

import pygame
import pytest

from engine.cards import SUIT_SYMBOLS
from scenes import i18n
from sprites.fonts import font_path
from tools import i18n as catalogues

# pygame-gui's theme fonts (noto_sans, the Playfair titles) are the same files as these roles
ROLES = ("display", "text", "bold", "italic")


def _all_texts():
    # the rules pages are drawn with the same fonts (scenes/rules_markdown.py)
    rules = pathlib.Path(__file__).resolve().parent.parent / "docs" / "rules"
    texts = [page.read_text(encoding="utf-8") for page in rules.glob("*.md")]
    for value in i18n.english().values():
        texts += list(value.values()) if isinstance(value, dict) else [value]
    for code in catalogues.translated_languages():
        for message in catalogues.read(code):
            if message.id:
                strings = message.string
                texts += list(strings) if isinstance(strings, tuple) else [strings]
    return texts


def _characters():
    # the suit symbols are drawn as shapes (scenes/card_text.py), never from a font
    return sorted({c for text in _all_texts() for c in text
                   if c.isprintable() and not c.isspace() and c not in SUIT_SYMBOLS})


@pytest.fixture(scope="module")
def characters():
    pygame.font.init()
    return _characters()


@pytest.mark.parametrize("role", ROLES + ("pygame default",))
def test_every_character_of_every_catalogue_has_a_glyph(role, characters):
    path = None if role == "pygame default" else font_path(role)
    face = pygame.font.Font(path, 20)
    missing = [c for c in characters if face.metrics(c)[0] is None]
    assert missing == [], f"{role} has no glyph for {''.join(missing)!r}"


def test_the_check_sees_letters_of_every_script():
    letters = set(_characters())
    assert {"ж", "ё", "ř", "ů", "ė", "ų", "ő", "ű", "ç", "œ"} <= letters
