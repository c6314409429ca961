"""Numbers and dates are written as each language writes them (Babel's CLDR data)."""

from __future__ import annotations

import datetime

import pytest

from scenes import i18n

MOMENT = datetime.datetime(2026, 12, 1, 11, 43).timestamp()


@pytest.fixture
def language():
    """Set a language for one test and put English back after it."""
    yield i18n.set_language
    i18n.set_language(i18n.SOURCE)


def test_chip_counts_in_sentences_are_grouped_as_the_language_groups_them(language):
    assert "1,000,000 chips" in i18n.tr("azi.log.bank", name="Anna", chips=1_000_000)
    language("fr")
    assert "1\u202f000\u202f000 de jetons" in i18n.tr("azi.log.bank", name="Anna", chips=1_000_000)
    language("ru")
    assert "1\u00a0000\u00a0000 фишек" in i18n.tr("azi.log.bank", name="Анна", chips=1_000_000)


def test_a_port_is_a_name_not_a_count_and_is_never_grouped(language):
    language("fr")
    assert "8765" in i18n.tr("lan.host.where_all", port=8765)


def test_averages_and_shares_use_the_languages_decimal_sign(language):
    assert i18n.number(1, 2) == "1.00"
    language("lt")
    assert i18n.number(1, 2) == "1,00" and i18n.percent(1) == "100\u00a0%"
    language("fr")
    assert i18n.signed(1500) == "+1\u202f500"


@pytest.mark.parametrize("code, expected", [("en", "Dec 1, 2026"), ("lt", "2026-12-01"),
                                            ("fr", "1 déc. 2026"), ("ru", "1 дек. 2026\u202fг."),
                                            ("cs", "1. 12. 2026"), ("hu", "2026. dec. 1.")])
def test_a_history_date_is_written_the_languages_way_never_in_english(language, code, expected):
    language(code)
    assert i18n.date_text(MOMENT) == expected
    shown = i18n.date_time_text(MOMENT)
    assert shown.startswith(expected) and "11:43" in shown
