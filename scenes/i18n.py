"""Every text a player sees goes through ``tr(key, **fmt)``; catalogues live in scenes/lang/.

A catalogue is a JSON object of key → text; the long rules texts are pages of their own
(docs/rules/, shown by scenes/rules_scene.py). English is the reference catalogue: a key
missing from another language falls back to English, and a key missing from English shows as
the key itself, so a typo is visible but never a crash. Add a language by adding ``lang/<code>.json``.
"""

from __future__ import annotations

import json
import os

_LANG_DIR = os.path.join(os.path.dirname(__file__), "lang")
_catalogues: dict[str, dict[str, str]] = {}
_language = "en"


def _load(code: str) -> dict[str, str]:
    if code not in _catalogues:
        path = os.path.join(_LANG_DIR, f"{code}.json")
        try:
            with open(path, encoding="utf-8") as f:
                raw = json.load(f)
        except FileNotFoundError:
            raw = {}
        _catalogues[code] = raw
    return _catalogues[code]


def languages() -> list[str]:
    """Language codes that have a catalogue."""
    return sorted(name[:-5] for name in os.listdir(_LANG_DIR) if name.endswith(".json"))


def set_language(code: str) -> None:
    """Switch the language of every later ``tr`` call (unknown codes fall back to English)."""
    global _language
    _language = code if code in languages() else "en"


def language() -> str:
    """The current language code."""
    return _language


def has(key: str) -> bool:
    """True if the English catalogue defines ``key``."""
    return key in _load("en")


def tr(key: str, **fmt: object) -> str:
    """The text for ``key`` in the current language, with ``{name}`` fields filled from ``fmt``."""
    text = _load(_language).get(key)
    if text is None:
        text = _load("en").get(key, key)
    if fmt:
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text  # a translation with a broken field still shows something readable
    return text
