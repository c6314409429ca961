"""The Statistics charts count whole things: their axes show whole numbers only, and a range
that holds the data with a little room, even for a single session; the dates are the player's."""

from __future__ import annotations

import time

import pytest

from scenes import charts
from scenes.i18n import set_language


@pytest.mark.parametrize("chips", [[10], [-30], [0], [10, -20, 45, 5, 130]])
def test_sessions_and_chips_are_counted_in_whole_numbers_in_a_range_that_fits(chips):
    ys = charts.nice_ticks(min(0, *chips), max(0, *chips))
    assert all(isinstance(y, int) for y in ys)
    low, high = ys[0], ys[-1]
    assert low <= min(0, *chips) and high >= max(0, *chips) and high > low
    assert high - low <= 1.5 * (max(0, *chips) - min(0, *chips)) + 2, "no range far past the data"
    xs = [x for x in charts.nice_ticks(1, len(chips), 7) if 1 <= x <= len(chips)]
    assert xs and set(xs) <= set(range(1, len(chips) + 1))


def test_the_dates_under_the_chart_are_in_the_player_s_language():
    set_language("fr")
    try:
        when = time.mktime((2026, 12, 1, 12, 0, 0, 0, 0, -1))
        label = charts.sessions_label([(when, 10)])
        assert "déc." in label and "Dec" not in label and label.count("2026") == 1
        later = charts.sessions_label([(when, 10), (when + 40 * 86400, 5)])
        assert "déc." in later and "janv." in later
    finally:
        set_language("en")
