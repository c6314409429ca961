"""The Statistics charts count whole things: their axes show whole numbers only, and a range
that holds the data with a little room, even for a single session."""

from __future__ import annotations

import time

import pytest

from scenes import charts
from scenes.i18n import set_language


def ticks_shown(axis_ticks, limits) -> list[float]:
    low, high = sorted(limits)
    return [t for t in axis_ticks if low <= t <= high]


@pytest.mark.parametrize("chips", [[10], [-30], [0], [10, -20, 45, 5, 130]])
def test_sessions_and_chips_are_counted_in_whole_numbers(chips):
    now = time.time()
    points = [(now + 86400 * i, c) for i, c in enumerate(chips)]
    ax = charts.chips_figure(points, (640, 240)).axes[0]
    xs = ticks_shown(ax.get_xticks(), ax.get_xlim())
    ys = ticks_shown(ax.get_yticks(), ax.get_ylim())
    assert xs and all(x == int(x) for x in xs)
    assert ys and all(y == int(y) for y in ys)
    assert set(range(1, len(chips) + 1)) >= set(xs)
    low, high = ax.get_ylim()
    assert low <= min(0, *chips) and high > max(0, *chips)
    assert high - low <= 1.5 * (max(0, *chips) - min(0, *chips)) + 2, "no range far past the data"


def test_the_dates_under_the_chart_are_in_the_player_s_language():
    set_language("fr")
    try:
        when = time.mktime((2026, 12, 1, 12, 0, 0, 0, 0, -1))
        ax = charts.chips_figure([(when, 10)], (640, 240)).axes[0]
        label = ax.get_xlabel()
        assert "déc." in label and "Dec" not in label and label.count("2026") == 1
    finally:
        set_language("en")
