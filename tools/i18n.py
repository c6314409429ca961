"""The translation catalogues: make the template, merge it into every language, show what is left.

    python -m tools.i18n extract        # scenes/lang/en.json → scenes/lang/messages.pot
    python -m tools.i18n update         # extract, then merge the template into every <lang>.po
    python -m tools.i18n init de        # start a new language from the template
    python -m tools.i18n status         # per language: untranslated, fuzzy, wrong placeholders

English (``en.json``) is the source; a ``.po`` entry's msgctxt is the key and its msgid the
English text, so a changed English text comes back *fuzzy* (shown in English until a translator
checks it) and a new key comes back untranslated. The game reads the ``.po`` files directly.
"""

from __future__ import annotations

import argparse
import datetime
import io
import os
import re
import sys
from collections.abc import Iterable
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from scenes import i18n
from storage.safe_files import write_atomically

TEMPLATE = os.path.join(i18n.LANG_DIR, "messages.pot")
# a fixed date, so extracting an unchanged en.json rewrites the same files (no noise in diffs)
_STAMP = datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC)
TRANSLATORS = "the Kozyr translators (docs/translating.md)"
_FIELD = re.compile(r"\{(\w+)[^{}]*\}")


def po_path(code: str) -> str:
    """Where the catalogue of ``code`` lives."""
    return os.path.join(i18n.LANG_DIR, f"{code}.po")


def fields(text: str) -> set[str]:
    """The ``{placeholder}`` names in ``text``."""
    return set(_FIELD.findall(text))


def template() -> Catalog:
    """The template made from en.json: one message per key, plurals with msgid_plural."""
    catalogue = Catalog(project="Kozyr", copyright_holder="the Kozyr authors",
                        msgid_bugs_address="", creation_date=_STAMP, revision_date=_STAMP,
                        fuzzy=False)
    for key, value in i18n.english().items():
        if isinstance(value, dict):
            by = value.get("by", "count")
            added = catalogue.add((value["one"], value["other"]), context=key,
                                  auto_comments=[f"plural: the form is chosen by {{{by}}}"])
        else:
            added = catalogue.add(value, context=key)
        _brace_format_only(added)
    return catalogue


def _brace_format_only(message: Message) -> None:
    """Our texts are ``str.format`` templates: a "{percent}%" is no %-conversion, so the
    ``python-format`` flag Babel guesses from a "%" would make msgfmt and Poedit check it as one
    (and fail on "% z", "%-át")."""
    message.flags.discard("python-format")


def _write(catalogue: Catalog, path: str) -> None:
    """Write the catalogue atomically: an interrupted run never leaves half a catalogue."""
    for message in catalogue:  # Babel guesses the flag again on every read: never write it
        _brace_format_only(message)
    buffer = io.BytesIO()
    write_po(buffer, catalogue, width=100, ignore_obsolete=True, include_previous=True)
    write_atomically(path, buffer.getvalue(), ".i18n-", ".tmp")


def extract() -> Catalog:
    """Write scenes/lang/messages.pot from en.json."""
    catalogue = template()
    _write(catalogue, TEMPLATE)
    return catalogue


def read(code: str) -> Catalog:
    """The catalogue of ``code`` as it is on disk."""
    with open(po_path(code), "rb") as f:
        return read_po(f, locale=code)


def init(code: str) -> None:
    """Start ``<code>.po`` from the template (every entry untranslated)."""
    catalogue = template()
    catalogue.locale = code
    catalogue.revision_date = _STAMP
    catalogue.fuzzy = False
    _write(catalogue, po_path(code))


def update(codes: Iterable[str] | None = None) -> None:
    """Extract, then merge the template into each language (new keys untranslated, changed fuzzy).

    Entries are matched by key: an English text that changed keeps its old translation, marked
    fuzzy with the old English beside it (#| msgid), so the translator sees what changed.
    """
    pot = extract()
    for code in codes or translated_languages():
        catalogue = read(code)
        old = {m.context: m for m in catalogue if m.id and m.context}
        for message in list(catalogue):
            if message.id:
                catalogue.delete(message.id, message.context)
        catalogue.obsolete.clear()
        for fresh in pot:
            if not fresh.id:
                continue
            kept = old.get(fresh.context)
            string: Any = "" if not fresh.pluralizable else ("",) * catalogue.num_plurals
            flags, previous = set(), []
            if kept is not None:
                if isinstance(kept.string, tuple) == fresh.pluralizable:
                    string = kept.string
                flags = set(kept.flags)
                if kept.id != fresh.id:
                    flags.add("fuzzy")
                    previous = list(kept.id) if isinstance(kept.id, tuple) else [kept.id]
                else:
                    previous = list(kept.previous_id) or _previous_from_comments(kept)
            comments = [c for c in kept.user_comments if not c.startswith("|")] if kept else []
            added = catalogue.add(fresh.id, string, context=fresh.context, flags=flags,
                                  auto_comments=fresh.auto_comments, previous_id=previous,
                                  user_comments=comments)
            _brace_format_only(added)
        catalogue.last_translator = TRANSLATORS
        _write(catalogue, po_path(code))


def _previous_from_comments(message: Any) -> list[str]:
    """The old English of a fuzzy entry when Babel read its ``#|`` lines as plain comments
    (``msgid "…"``, possibly continued on ``"…"`` lines; ``msgid_plural`` starts a second)."""
    import ast

    found: list[str] = []
    for comment in message.user_comments:
        text = comment.lstrip("| ")
        for keyword in ("msgid_plural ", "msgid "):
            if text.startswith(keyword):
                found.append("")
                text = text[len(keyword):]
                break
        if found and text.startswith('"'):
            try:
                found[-1] += ast.literal_eval(text)
            except (SyntaxError, ValueError):
                return []  # not what we wrote: leave it out rather than guess
    return found


def translated_languages() -> list[str]:
    """Every language except the English source."""
    return [code for code in i18n.languages() if code != i18n.SOURCE]


def problems(code: str) -> dict[str, list[str]]:
    """What is left to do in ``code``: keys untranslated, fuzzy, or with other placeholders."""
    english = i18n.english()
    found: dict[str, list[str]] = {"missing": [], "fuzzy": [], "placeholders": [], "forms": []}
    catalogue = read(code)
    messages = {m.context: m for m in catalogue if m.context}
    for key, source in english.items():
        message = messages.get(key)
        if message is None or not _translated(message):
            found["missing"].append(key)
            continue
        if message.fuzzy:
            found["fuzzy"].append(key)
        if isinstance(source, dict) != isinstance(message.string, tuple):
            found["forms"].append(key)
            continue
        wanted = fields(source["other"]) if isinstance(source, dict) else fields(source)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.string, tuple) and len(strings) != catalogue.num_plurals:
            found["forms"].append(key)
        if any(not fields(s) <= wanted for s in strings) or not wanted <= set().union(
                *(fields(s) for s in strings)):
            found["placeholders"].append(key)
    return found


def _translated(message: Message) -> bool:
    strings: Any = message.string
    return all(strings) if isinstance(strings, tuple) else bool(strings)


def status(codes: Iterable[str] | None = None, out=sys.stdout) -> int:
    """Print what is left per language; the number of problems (0: every language complete)."""
    total = 0
    for code in codes or translated_languages():
        found = problems(code)
        count = sum(len(v) for v in found.values())
        total += count
        print(f"{code} ({i18n.language_name(code)}): "
              + ("complete" if not count else
                 ", ".join(f"{len(v)} {k}" for k, v in found.items() if v)), file=out)
        for kind, keys in found.items():
            for key in keys:
                print(f"    {kind:12} {key}", file=out)
    return total


def main(argv: list[str] | None = None) -> int:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tools.i18n",
                                     description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="write scenes/lang/messages.pot from en.json")
    p = sub.add_parser("update", help="extract, then merge new and changed keys into every .po")
    p.add_argument("languages", nargs="*")
    p = sub.add_parser("init", help="start a new language from the template")
    p.add_argument("language")
    p = sub.add_parser("status", help="list untranslated, fuzzy and mismatched keys per language")
    p.add_argument("languages", nargs="*")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update(args.languages)
    elif args.command == "init":
        init(args.language)
    else:
        return 1 if status(args.languages) else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
