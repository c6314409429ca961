"""One word per thing: each language's glossary (docs/translating.md) is what its catalogue and
its rules pages say, and the other words for the same things appear in neither."""

from __future__ import annotations

import os
import re

import pytest

from tools import i18n as tool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GUIDE = os.path.join(ROOT, "docs", "translating.md")
HEADING = re.compile(r"^### .*\((\w\w)\)")
# rows where every listed term must be in use (the others: at least one of their forms)
EVERY_TERM = ("levels", "seat names")


def glossaries() -> dict[str, list[tuple[str, list[str], list[str]]]]:
    """Per language: (concept, terms, other words) from the guide's tables."""
    found: dict[str, list[tuple[str, list[str], list[str]]]] = {}
    code = None
    with open(GUIDE, encoding="utf-8") as f:
        for line in f:
            heading = HEADING.match(line)
            if heading:
                code = heading.group(1)
                found[code] = []
            elif line.startswith("## "):
                code = None
            elif code and line.startswith("|") and not line.startswith(("| concept", "| ---")):
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                concept, terms, others = (cells + [""] * 3)[:3]
                found[code].append((concept, _words(terms), _words(others)))
    return found


def _words(cell: str) -> list[str]:
    cell = cell.split(":", 1)[1] if cell.startswith("lessons") else cell
    return [w.strip() for w in re.split(r"[,;]|lessons:", cell) if w.strip()]


def pattern(word: str) -> re.Pattern[str]:
    """``word`` as a whole word; a trailing … any word that starts so; a capital: as written."""
    stem = word.endswith("…")
    body = re.escape(word.rstrip("…"))
    flags = 0 if word[:1].isupper() else re.IGNORECASE
    end = "" if stem else r"(?!\w)"
    return re.compile(r"(?<!\w)" + body + end, flags)


def texts(code: str) -> dict[str, str]:
    """Everything a player of ``code`` reads: catalogue entries and rules pages, fields left out."""
    found = {}
    for message in tool.read(code):
        if message.context:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found[f"{code}.po {message.context}"] = " / ".join(strings)
    for game in ("durak", "azi"):
        with open(os.path.join(ROOT, "docs", "rules", f"{game}.{code}.md"), encoding="utf-8") as f:
            found[f"{game}.{code}.md"] = f.read()
    return {where: re.sub(r"\{\w+\}|`[^`]*`", " ", text) for where, text in found.items()}


GLOSSARIES = glossaries()


def test_every_translated_language_has_a_glossary_with_the_core_concepts():
    assert set(GLOSSARIES) == set(tool.translated_languages())
    for code, rows in GLOSSARIES.items():
        concepts = {concept for concept, _, _ in rows}
        for needed in ("trump", "take (Durak)", "throw in", "talon", "bank", "fold", "call",
                       "raise", "all-in", "levels", "seat names"):
            assert needed in concepts, f"{code}: no glossary row for {needed}"


@pytest.mark.parametrize("code", sorted(GLOSSARIES))
def test_the_catalogue_and_the_rules_use_the_glossarys_words_only(code):
    said = texts(code)
    everything = "\n".join(said.values())
    for concept, terms, others in GLOSSARIES[code]:
        used = [t for t in terms if pattern(t).search(everything)]
        if concept in EVERY_TERM:
            assert used == terms, f"{code} {concept}: {sorted(set(terms) - set(used))} unused"
        else:
            assert used, f"{code} {concept}: none of {terms} is used"
        for other in others:
            where = [w for w, text in said.items() if pattern(other).search(text)]
            assert not where, f"{code} {concept}: '{other}' instead of {terms[0]} in {where[:5]}"


def test_the_check_finds_a_word_that_is_not_the_glossarys():
    assert pattern("прикуп…").search("добирает из прикупа")
    assert not pattern("Легко").search("легко и просто")
    assert pattern("A(z)").search("A(z) Anna") and not pattern("cave…").search("excavé")
