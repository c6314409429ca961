"""Helpers for the table tests: fast computer players, and a person's clicks, drags and keys.

Everything goes through the real event queue (``ui.click_at`` and friends from conftest), so
the tests exercise the same paths as a player with a mouse and a keyboard.
"""

from __future__ import annotations

import pygame

from ai import thinking_clock
from engine.cards import HIDDEN
from engine.durak import PASS, TAKE
from engine.shuffle import SeededDealer
from scenes.table.durak import DurakTable
from scenes.table.scene import TableScene
from tools.fixed_play import SeededThinker, counting_clock


def fast_tables(monkeypatch, seed: int = 1) -> None:
    """Computer players in a thread with a tiny budget on a counting clock, a short think pause,
    a seeded deal."""
    # the same game on every machine, however loaded (tools/fixed_play.py)
    monkeypatch.setattr(thinking_clock, "now", counting_clock())
    monkeypatch.setattr(TableScene, "thinker_factory", SeededThinker)
    monkeypatch.setattr(TableScene, "ai_budget", 0.002)
    monkeypatch.setattr(TableScene, "think_pause", 0.05)
    monkeypatch.setattr(DurakTable, "dealer_factory", lambda: SeededDealer(seed))


def visible_point(table, sprite) -> tuple[int, int]:
    """A point where ``sprite`` is the topmost card of the bottom hand (fanned cards overlap)."""
    w, h = sprite.size
    cx, cy = sprite.draw_centre()
    for fy in (0.3, 0.0, -0.3):
        for fx in (-0.38, -0.25, -0.1, 0.0, 0.2, 0.38):
            point = (round(cx + fx * w), round(cy + fy * h))
            if table.hands.card_at(point) is sprite:
                return point
    raise AssertionError(f"card {sprite.card} is nowhere visible")


def drag(ui, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start``, move to ``end`` in a few steps, release there."""
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    ui.step(1)
    for k in (1, 2, 3):
        point = (start[0] + (end[0] - start[0]) * k // 3, start[1] + (end[1] - start[1]) * k // 3)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(1, 1), buttons=(1, 0, 0)))
        ui.step(1)
    post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    ui.step(2)


def human_move(ui, table, turn: int) -> None:
    """Make the bottom seat's move the way a person would: a legal card by click, drag or keys,
    else Take or Pass by button or key. ``turn`` varies the way."""
    hand = table.hands.bottom()
    offered = table.input.playable
    playable = [i for i, s in enumerate(hand) if s.card in offered and s.card != HIDDEN]
    if playable:
        index = playable[turn % len(playable)]
        sprite = hand[index]
        way = turn % 3
        if way == 0:
            ui.click_at(visible_point(table, sprite))
        elif way == 1:
            drag(ui, visible_point(table, sprite), table.layout.centre.center)
        else:
            for _ in range(index + 1):  # focus starts on the first card with →
                ui.key(pygame.K_RIGHT)
            ui.key(pygame.K_RETURN)
        return
    legal = table.game.legal_actions()
    action = TAKE if TAKE in legal else PASS
    assert action in legal, legal
    if turn % 2:
        ui.key(pygame.K_t if action == TAKE else pygame.K_SPACE)
    else:
        ui.click(table.buttons.actions[action])


def test_visible_point_finds_the_covered_cards_of_a_fan(ui, monkeypatch):
    from scenes import tables
    from scenes.table_config import Seat, TableConfig

    fast_tables(monkeypatch)
    tables.open_table(ui.app, TableConfig("durak", [Seat("You"), Seat("Anna", "ai", "easy")]))
    table = ui.top
    table.timeline.finish_all()
    table.mover.finish_all()
    ui.step(1)
    points = [visible_point(table, sprite) for sprite in table.hands.bottom()]
    assert len(set(points)) == len(points) == 6
