"""Every text a player sees goes through ``tr(key, **fmt)``; catalogues live in scenes/lang/.

Pure Python (no pygame), so the network core and the command line translate too; the screens
reach it as ``scenes.i18n`` (the same module).

English is the source: ``lang/en.json`` maps a key to its text, or, for a sentence with a
counted noun, to its CLDR plural forms, e.g. ``{"one": "{count} game played", "other": "{count}
games played"}``; the number that chooses the form is ``count`` unless the entry names another
field with ``"by": "chips"``. Every other language is a gettext catalogue, ``lang/<code>.po``
(msgctxt = the key, msgid = the English text), read with Babel at first use: translators edit
it in Poedit, ``python -m tools.i18n update`` merges new English keys into it (docs/translating.md).

A key missing from a language (or marked fuzzy) falls back to English, and a key missing from
English shows as the key itself, so a typo is visible but never a crash.
"""

from __future__ import annotations

import datetime
import functools
import gettext
import json
import locale
import logging
import os
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.dates import format_skeleton, format_time
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

log = logging.getLogger("kozyr.language")

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANG_DIR = os.path.join(_ROOT, "scenes", "lang")  # the catalogues live with the screens
SOURCE = "en"

# a language's entries: key → text, or key → tuple of plural forms in gettext's order
_Entries = dict[str, Any]
_catalogues: dict[str, tuple[_Entries, Any]] = {}
_english: dict[str, Any] | None = None
_language = SOURCE


def english() -> dict[str, Any]:
    """The English source catalogue: key → text or plural object (read once)."""
    global _english
    if _english is None:
        with open(os.path.join(LANG_DIR, f"{SOURCE}.json"), encoding="utf-8") as f:
            _english = json.load(f)
    return _english


def _load(code: str) -> tuple[_Entries, Any]:
    """A translated catalogue's entries and its plural rule (index of the form for a number)."""
    if code not in _catalogues:
        entries: _Entries = {}
        rule = gettext.c2py("(n != 1)")
        try:
            with open(os.path.join(LANG_DIR, f"{code}.po"), "rb") as f:
                catalogue = read_po(f, locale=code)
            rule = gettext.c2py(catalogue.plural_expr)
            for message in catalogue:
                if not message.context or message.fuzzy:
                    continue  # the header, or a translation of an older English text
                if isinstance(message.string, tuple):
                    if all(message.string):
                        entries[message.context] = message.string
                elif message.string:
                    entries[message.context] = message.string
            log.info("language %s loaded: %d texts translated", code, len(entries))
        except (OSError, ValueError, UnknownLocaleError) as error:
            # a missing or broken catalogue: every text falls back to English
            log.warning("language %s could not be loaded (%s): English is shown", code, error)
        _catalogues[code] = (entries, rule)
    return _catalogues[code]


def languages() -> list[str]:
    """Language codes that have a catalogue, English first."""
    codes = sorted(name[:-3] for name in os.listdir(LANG_DIR) if name.endswith(".po"))
    return [SOURCE] + [c for c in codes if c != SOURCE]


def language_name(code: str) -> str:
    """The language named in itself ("Français", "Русский"), as its speakers write it."""
    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


def system_language(environ: dict[str, str] | None = None) -> str:
    """The system's language if the game speaks it (LANGUAGE, LC_ALL, LANG, the locale), else en."""
    env = os.environ if environ is None else environ
    candidates = [env.get(name, "") for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    if environ is None:
        try:
            candidates.append(locale.getlocale()[0] or "")
        except ValueError:
            pass
    known = languages()
    for value in candidates:
        for part in value.split(":"):  # LANGUAGE may list several, best first
            code = part.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            if code in known:
                return code
    return SOURCE


def set_language(code: str) -> None:
    """Switch the language of every later ``tr`` call (unknown codes fall back to English)."""
    global _language
    _language = code if code in languages() else SOURCE


def language() -> str:
    """The current language code."""
    return _language


def has(key: str) -> bool:
    """True if the English catalogue defines ``key``."""
    return key in english()


def plural_category(code: str, number: int) -> str:
    """The CLDR plural category ("one", "few", "many", "other") of ``number`` in ``code``."""
    return Locale.parse(code).plural_form(abs(number))


def warm_up() -> None:
    """Load Babel's data behind the English plural rules now (a pickle of some 40 ms), not
    mid-game on the first plural text a table shows (the program calls this after its first
    frame)."""
    plural_category(SOURCE, 1)


def _english_text(entry: Any, fmt: dict[str, object]) -> str:
    if isinstance(entry, dict):
        number = fmt.get(entry.get("by", "count"), 0)
        form = plural_category(SOURCE, number if isinstance(number, int) else 0)
        return str(entry.get(form, entry["other"]))
    return str(entry)


def tr(key: str, **fmt: object) -> str:
    """The text for ``key`` in the current language, with ``{name}`` fields filled from ``fmt``.

    A plural entry picks its form by the number in ``count`` (or the field it names with "by").
    """
    return tr_in(_language, key, **fmt)


def tr_in(code: str, key: str, **fmt: object) -> str:
    """``tr`` in the language ``code`` whatever the player's (a LAN host's English log line)."""
    source = english().get(key)
    text = None
    if code != SOURCE:
        entries, rule = _load(code)
        found = entries.get(key)
        if isinstance(found, tuple):
            field = source.get("by", "count") if isinstance(source, dict) else "count"
            number = fmt.get(field, 0)
            index = rule(abs(number) if isinstance(number, int) else 0)
            text = found[min(index, len(found) - 1)]
        elif found is not None:
            text = found
    if text is None:
        text = key if source is None else _english_text(source, fmt)
    if fmt:
        try:
            return text.format(**{name: _shown(code, name, value) for name, value in fmt.items()})
        except (KeyError, IndexError, ValueError):
            return text  # a translation with a broken field still shows something readable
    return text


def is_you_word(name: str) -> bool:
    """Is ``name`` the word for "you" in one of the languages (a person's default name)?

    Such a name reads wrong in the third person ("You may throw in" about somebody else), so
    screens that speak of the seat to someone else call it by its place instead."""
    return name in _you_words()


@functools.cache
def _you_words() -> frozenset[str]:
    return frozenset(tr_in(code, "names.you") for code in languages())


def trn(key: str, count: int, **fmt: object) -> str:
    """``tr(key, count=count, …)``: a sentence about ``count`` things, in the right plural form."""
    return tr(key, count=count, **fmt)


# fields that name a thing rather than count one: never grouped ("port 8765", "version 2")
_UNGROUPED = frozenset({"port", "version", "seed", "year"})


def _shown(code: str, name: str, value: object) -> object:
    """A field as written in a sentence: counts and chips with the language's separators."""
    if type(value) is int and name not in _UNGROUPED and not 0 <= value < 1000:
        return number(value, code=code)
    return value


def number(value: int | float, digits: int = 0, code: str | None = None) -> str:
    """``value`` with the language's digit grouping and decimal sign ("1 000 000", "1,50")."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return _decimal(value, pattern, code or _language)


@functools.lru_cache(maxsize=1024, typed=True)
def _decimal(value: int | float, pattern: str, code: str) -> str:
    # Babel parses the pattern and looks the locale up on every call (a tenth of a millisecond):
    # a six-seat Azi table writes every stack on its plate every frame
    return format_decimal(value, format=pattern, locale=code)


def percent(fraction: float) -> str:
    """A share as the language writes a percentage ("100 %" in French, "100%" in English)."""
    return format_percent(fraction, locale=_language)


def signed(value: int) -> str:
    """A gain or a loss with its sign and the language's grouping ("+1 000", "−20")."""
    return _decimal(value, "+#,##0;-#,##0", _language)


def date_text(when: float) -> str:
    """A day as the language writes it short ("1 déc. 2026", "2026-12-01")."""
    return format_skeleton("yMMMd", _local(when), locale=_language)


def date_time_text(when: float) -> str:
    """A day and an hour as the language writes them ("1 дек. 2026 г. 11:43")."""
    moment = _local(when)
    return f"{date_text(when)} {format_time(moment, 'short', locale=_language)}"


def short_date_time(when: float) -> str:
    """A day in digits and an hour, for a list ("09.10.2025 14:53", "2025-10-09 14:53")."""
    return f"{short_date(when)} {short_time(when)}"


def short_date(when: float) -> str:
    """A day in digits ("09.10.2025", "2025-10-09", "10/9/2025")."""
    return format_skeleton("yMd", _local(when), locale=_language)


def short_time(when: float) -> str:
    """An hour as the language writes it ("14:53", "2:53 PM")."""
    return format_time(_local(when), "short", locale=_language)


def _local(when: float) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(when)
