"""A monkey at the keyboard and mouse: thousands of random clicks and keys over the menus."""

import random

import pygame

from scenes.main_menu import MainMenu

KEYS = [
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_DOWN,
    pygame.K_UP,
    pygame.K_PAGEDOWN,
    pygame.K_END,
    pygame.K_HOME,
    pygame.K_SPACE,
    pygame.K_a,
    pygame.K_5,
    pygame.K_LEFT,
    pygame.K_DELETE,
]


def _random_event(rng, size):
    """A click (mostly on widgets), a key, a typed character, a wheel turn or a resize."""
    roll = rng.random()
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    if roll < 0.55:
        return "click", pos
    if roll < 0.8:
        return "key", rng.choice(KEYS)
    if roll < 0.9:
        return "text", rng.choice("abcXYZ019 _-")
    if roll < 0.995:
        return "wheel", rng.choice([-3, -1, 1, 3])
    return "resize", rng.choice([(800, 600), (1280, 720), (1024, 640), (1366, 768)])


def _widget_point(rng, app):
    """Somewhere on a visible widget of the top scene, to reach deep into the menus."""
    ui = getattr(app.top, "ui", None)
    if ui is None:
        return None
    elements = [e for e in ui.get_sprite_group().sprites() if e.visible and e.rect.width > 2]
    if not elements:
        return None
    rect = rng.choice(elements).rect
    return rect.centerx + rng.randint(-3, 3), rect.centery + rng.randint(-3, 3)


def test_random_clicks_and_keys_over_the_menus_raise_nothing(ui):
    rng = random.Random(2024)
    app = ui.app
    post = pygame.event.post
    for i in range(3000):
        if not app.running or not app.scenes:  # Quit was clicked: start again
            app.running = True
            app.reset(MainMenu(app))
        kind, value = _random_event(rng, app.size)
        if kind == "click":
            value = _widget_point(rng, app) if rng.random() < 0.8 else value
            if value is not None:
                post(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=value, rel=(0, 0), buttons=(0, 0, 0))
                )
                post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=value, button=1))
                post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=value, button=1))
        elif kind == "key":
            post(pygame.event.Event(pygame.KEYDOWN, key=value, mod=0, unicode="", scancode=0))
            post(pygame.event.Event(pygame.KEYUP, key=value, mod=0, unicode="", scancode=0))
        elif kind == "text":
            post(pygame.event.Event(pygame.TEXTINPUT, text=value))
        elif kind == "wheel":
            post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=value, flipped=False,
                                    precise_x=0.0, precise_y=float(value)))
        else:
            app.resize(value)
        if i % 5 == 4:
            app.step(rng.choice([0.0, 1 / 60, 0.05, 0.4]))
    app.step(1 / 60)
    assert app.scenes
