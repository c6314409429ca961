"""A monkey at the Durak table: random clicks, drags, keys and resizes raise nothing, and the
cards on screen still match the game afterwards."""

import random

import pygame
from test_table_support import fast_tables

from scenes import tables
from scenes.table.durak import DurakTable
from scenes.table_config import Seat, TableConfig

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
        pygame.K_SPACE, pygame.K_t, pygame.K_l, pygame.K_p, pygame.K_ESCAPE, pygame.K_a,
        pygame.K_s, pygame.K_MINUS, pygame.K_PLUS, pygame.K_x]


def _table_point(rng, table):
    """Mostly on a card of the bottom hand or a widget; sometimes anywhere."""
    roll = rng.random()
    hand = table.hands.bottom() if isinstance(table, DurakTable) else []
    if roll < 0.5 and hand:
        x, y = rng.choice(hand).draw_centre()
        return round(x + rng.randint(-20, 20)), round(y + rng.randint(-30, 30))
    ui = getattr(table, "ui", None)
    if roll < 0.8 and ui is not None:
        elements = [e for e in ui.get_sprite_group().sprites() if e.visible and e.rect.width > 2]
        if elements:
            return rng.choice(elements).rect.center
    w, h = table.app.size
    return rng.randrange(w), rng.randrange(h)


def test_random_clicks_drags_and_keys_at_the_table_raise_nothing(ui, monkeypatch):
    fast_tables(monkeypatch, seed=11)
    rng = random.Random(7)
    app = ui.app
    app.settings.animation_speed = 4.0
    config = TableConfig("durak", [Seat("You"), Seat("Anna", "ai", "easy"),
                                   Seat("Boris", "ai", "easy"), Seat("Katya", "ai", "easy")])
    tables.open_table(app, config)
    table = app.top
    post = pygame.event.post
    for i in range(700):
        if not any(isinstance(s, DurakTable) for s in app.scenes):  # left: sit down again
            tables.open_table(app, config)
            table = app.top
        top = app.top
        roll = rng.random()
        if roll < 0.55:
            pos = _table_point(rng, top)
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            if rng.random() < 0.3:  # a drag
                end = (pos[0] + rng.randint(-300, 300), pos[1] - rng.randint(0, 400))
                post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(5, 5),
                                        buttons=(1, 0, 0)))
                pos = end
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif roll < 0.95:
            key = rng.choice(KEYS)
            post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
            post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        elif roll < 0.99:
            post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                    precise_y=1.0))
        else:
            app.resize(rng.choice([(800, 600), (1280, 720), (1024, 640)]))
        if i % 3 == 2:
            app.step(rng.choice([0.0, 1 / 60, 0.1, 0.5]))
    for _ in range(200):  # let the last moves settle
        if table.animations_idle and not table.controller.events:
            break
        app.step(0.1)
    assert table.resyncs == 0
    if table.animations_idle:
        assert table.hands.match() and table.piles_match()
