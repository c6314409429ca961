"""The Statistics charts, drawn with pygame: ticks a reader can count on, the player's chips as a
gold line over zero, and a bar per result against each computer level."""

from __future__ import annotations

import time

import pygame
from hypothesis import given
from hypothesis import strategies as st

from scenes import charts
from storage.history.stats import Tally


@given(st.integers(-10_000, 10_000), st.integers(0, 20_000))
def test_ticks_are_whole_evenly_spaced_and_cover_the_values(low, span):
    high = low + span
    ticks = charts.nice_ticks(low, high)
    assert ticks[0] <= low and ticks[-1] >= high
    steps = {b - a for a, b in zip(ticks, ticks[1:])}
    assert len(steps) == 1 and min(steps) >= 1
    assert 2 <= len(ticks) <= 12


def _tally(wins, draws, losses) -> Tally:
    tally = Tally()
    tally.wins, tally.draws, tally.losses = wins, draws, losses
    return tally


def _has(surface, colour) -> bool:
    w, h = surface.get_size()
    return any(surface.get_at((x, y))[:3] == colour for x in range(0, w, 2) for y in range(h))


def test_the_chips_chart_draws_the_gold_line_in_the_asked_size():
    pygame.init()
    now = time.time()
    image = charts.chips_chart([(now - 86400, 40), (now, -15), (now + 1, 90)], (420, 220))
    assert image.get_size() == (420, 220)
    assert _has(image, charts.GOLD)
    assert image.get_at((0, 219)).a == 0  # transparent where nothing is drawn: the felt shows


def test_the_levels_chart_has_a_bar_of_each_colour_when_each_result_happened():
    pygame.init()
    image = charts.levels_chart({"easy": _tally(3, 1, 2), "hard": _tally(0, 0, 4)}, (420, 220))
    for colour in (charts.GOLD, charts.MUTED, charts.RED):
        assert _has(image, colour)


def test_without_games_the_charts_say_so_instead_of_drawing_nothing():
    pygame.init()
    for image in (charts.chips_chart([], (300, 160)), charts.levels_chart({}, (300, 160))):
        assert image.get_size() == (300, 160) and _has(image, charts.MUTED)
