"""Whose turn: the seat to move gets a glow and a ring; a computer's ring fills over its think
pause like a timer, a person's breathes (no timer: he takes the time he needs)."""

import pygame
import pytest
from test_table_support import fast_tables

from scenes import tables
from scenes.table.turn_ring import perimeter_points
from scenes.table_config import Seat, TableConfig


def path_length(points) -> float:
    import math

    return sum(math.dist(a, b) for a, b in zip(points, points[1:]))


@pytest.mark.parametrize("fraction", [0.0, 0.1, 0.5, 0.9, 1.0])
def test_the_ring_runs_that_fraction_of_the_way_round_the_plate(fraction):
    rect = pygame.Rect(10, 20, 200, 60)
    points = perimeter_points(rect, fraction)
    assert points[0] == (rect.centerx, rect.top)
    assert path_length(points) == pytest.approx(fraction * 2 * (200 + 60))


def test_a_computers_ring_fills_over_its_think_pause_and_a_persons_has_none(ui, monkeypatch):
    fast_tables(monkeypatch, seed=4)
    monkeypatch.setattr("scenes.table.scene.TableScene.think_pause", 2.0)
    seats = [Seat("You"), Seat("Anna", "ai", "easy")]
    tables.open_table(ui.app, TableConfig("durak", seats))
    table = ui.top
    ui.app.settings.animation_speed = 1.0
    assert table.turn_progress(0) is None
    seen = []
    for _ in range(2000):
        ui.step(1, dt=0.05)
        seat = table.thinking_seat()
        if seat == 1:
            seen.append(table.turn_progress(1))
        elif seen:
            break
        if table.input.my_turn():
            table.input.play(table.source.legal_actions()[0])
    assert seen and seen[0] < 0.2 and max(seen) > 0.5
    assert seen == sorted(seen)
