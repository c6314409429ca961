"""A card's picture on the table: position, rotation, scale, face up or down, and a flip.

A CardSprite is only a view. It knows which card it shows (or HIDDEN) and where, never what
the rules allow; the table scene moves sprites with tweens in answer to engine events.
Positions are the card's centre; rotation is in degrees, counter-clockwise (pygame's sense).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from engine.cards import HIDDEN

from .cards import CardRenderer, card_size
from .tween import Tween, ease_in_out_quad


class CardSprite:
    """How one card looks right now; animate it by tweening its attributes."""

    def __init__(self, card: int = HIDDEN, pos: tuple[float, float] = (0.0, 0.0), *,
                 width: int = 100, face_up: bool = True, rotation: float = 0.0,
                 scale: float = 1.0, z: int = 0) -> None:
        self.card = card
        self.pos = (float(pos[0]), float(pos[1]))
        self.width = int(width)
        self.face_up = face_up
        self.rotation = rotation
        self.scale = scale
        self.z = z  # draw order: higher is on top
        self.lift = (
            0.0  # pixels raised towards the viewer (hover), moves it up and deepens the shadow
        )
        self.alpha = 255
        self.flip = 0.0  # 0..1 progress of a running flip; 0 when not flipping
        self.highlight = False  # glowing outline (playable, selected)
        self.dim = False  # greyed (not playable now)
        self.shadow = True
        self.visible = True
        self._flip_to = face_up
        self._cache_key: tuple | None = None
        self._cache_surface: pygame.Surface | None = None

    # --- geometry -----------------------------------------------------------------------------
    @property
    def size(self) -> tuple[float, float]:
        """Width and height on screen (scale applied, rotation not)."""
        w, h = card_size(self.width)
        return w * self.scale, h * self.scale

    def draw_centre(self) -> tuple[float, float]:
        """Where the card is drawn: its position raised by ``lift``."""
        return self.pos[0], self.pos[1] - self.lift

    def contains(self, point: tuple[float, float]) -> bool:
        """True if ``point`` lies on the card (rotation taken into account)."""
        cx, cy = self.draw_centre()
        dx, dy = point[0] - cx, point[1] - cy
        a = math.radians(self.rotation)
        # undo the card's rotation: pygame rotates counter-clockwise on screen (y points down)
        lx = dx * math.cos(a) - dy * math.sin(a)
        ly = dx * math.sin(a) + dy * math.cos(a)
        w, h = self.size
        return abs(lx) <= w / 2 and abs(ly) <= h / 2

    # --- animation helpers (they return tweens to put in a Timeline) --------------------------
    def flip_to(self, face_up: bool, duration: float = 0.3, *, delay: float = 0.0,
                card: int | None = None, on_done: Callable[[], None] | None = None) -> Tween:
        """A tween turning the card over; ``card`` reveals which card it is (it was HIDDEN)."""
        def done() -> None:
            self.face_up = face_up
            self.flip = 0.0
            if on_done:
                on_done()

        def begin_value() -> None:
            self._flip_to = face_up
            if card is not None:
                self.card = card

        tween = _FlipTween(self, duration, delay=delay, on_start=begin_value, on_done=done)
        return tween

    # --- drawing ------------------------------------------------------------------------------
    def shown_face_up(self) -> bool:
        """Which side is visible now (a flip switches sides half way)."""
        if 0.0 < self.flip < 1.0 and self.flip >= 0.5:
            return self._flip_to
        return self.face_up

    def draw(self, surface: pygame.Surface, renderer: CardRenderer) -> pygame.Rect:
        """Blit the card (and its shadow); returns the rect drawn."""
        pieces = self._pieces(renderer)
        if not pieces:
            return pygame.Rect(0, 0, 0, 0)
        for image, rect in pieces[:-1]:
            surface.blit(image, rect)
        return surface.blit(*pieces[-1])

    def footprint(self, renderer: CardRenderer) -> pygame.Rect:
        """Every pixel :meth:`draw` would touch, shadow included (empty when not drawn)."""
        pieces = self._pieces(renderer)
        if not pieces:
            return pygame.Rect(0, 0, 0, 0)
        return pieces[0][1].unionall([rect for _, rect in pieces[1:]])

    def _pieces(self, renderer: CardRenderer) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """What :meth:`draw` blits where, in order: the shadow (if any), then the card."""
        if not self.visible or self.alpha <= 0:
            return []
        image = self._image(renderer)
        cx, cy = self.draw_centre()
        pieces = []
        if self.shadow:
            shadow = self._shadow(renderer)
            offset = 2 + self.lift * 0.35 + self.width * 0.02
            pieces.append((shadow, shadow.get_rect(
                center=(round(cx + offset * 0.5), round(cy + offset)))))
        pieces.append((image, image.get_rect(center=(round(cx), round(cy)))))
        return pieces

    def _xscale(self) -> float:
        return abs(math.cos(math.pi * self.flip)) if 0.0 < self.flip < 1.0 else 1.0

    def _image(self, renderer: CardRenderer) -> pygame.Surface:
        face_up = self.shown_face_up() and self.card != HIDDEN
        look = (self.card if face_up else HIDDEN, self.width, renderer.style, renderer.back_design,
                self.highlight)
        base = renderer.card(self.card, self.width, face_up)
        if self.highlight:
            base = _with_glow(base, renderer, look)
        xscale = round(self._xscale(), 2)
        key = (look, round(self.rotation * 2) / 2, round(self.scale, 3), xscale, self.dim,
               self.alpha)
        if key == self._cache_key and self._cache_surface is not None:
            return self._cache_surface
        image = base
        if xscale != 1.0:
            w, h = image.get_size()
            image = pygame.transform.smoothscale(image, (max(1, round(w * xscale)), h))
        if self.dim:
            image = dimmed(image)
        if key[1] != 0 or key[2] != 1.0:
            image = pygame.transform.rotozoom(image, key[1], key[2])
        if self.alpha < 255:
            image = image.copy() if image is base else image
            image.set_alpha(self.alpha)
        self._cache_key, self._cache_surface = key, image
        return image

    def _shadow(self, renderer: CardRenderer) -> pygame.Surface:
        shadow = renderer.shadow(self.width)
        xscale = self._xscale()
        if xscale != 1.0:
            w, h = shadow.get_size()
            shadow = pygame.transform.smoothscale(shadow, (max(1, round(w * xscale)), h))
        if round(self.rotation * 2) / 2 != 0 or self.scale != 1.0:
            shadow = _rotated_shadow(shadow, (self.width, round(xscale, 2),
                                              round(self.rotation * 2) / 2, round(self.scale, 3)))
        return shadow


DIM = 150  # a greyed card's brightness, of 255


def dimmed(image: pygame.Surface) -> pygame.Surface:
    """``image`` greyed out: without colour, then darkened — a court card's gold and tint go
    grey like a number card's ink, so every unplayable card looks equally unplayable."""
    grey = pygame.transform.grayscale(image)
    grey.fill((DIM, DIM, DIM, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return grey


_GLOW_CACHE: dict[tuple, pygame.Surface] = {}


def _with_glow(base: pygame.Surface, renderer: CardRenderer, key: tuple) -> pygame.Surface:
    cached = _GLOW_CACHE.get(key)
    if cached is None:
        glow = renderer.highlight(key[1])
        cached = glow.copy()
        cached.blit(base, base.get_rect(center=cached.get_rect().center))
        if len(_GLOW_CACHE) > 200:
            _GLOW_CACHE.clear()
        _GLOW_CACHE[key] = cached
    return cached


_SHADOW_CACHE: dict[tuple, pygame.Surface] = {}


def _rotated_shadow(shadow: pygame.Surface, key: tuple) -> pygame.Surface:
    """``shadow`` turned and scaled; ``key`` is (width, xscale, angle, scale)."""
    angle, scale = key[2], key[3]
    cached = _SHADOW_CACHE.get(key)
    if cached is None:
        cached = pygame.transform.rotozoom(shadow, angle, scale)
        if len(_SHADOW_CACHE) > 400:
            _SHADOW_CACHE.clear()
        _SHADOW_CACHE[key] = cached
    return cached


class _FlipTween(Tween):
    """Runs ``sprite.flip`` from 0 to 1; the visible side changes half way."""

    def __init__(self, sprite: CardSprite, duration: float, *, delay: float,
                 on_start: Callable[[], None], on_done: Callable[[], None]) -> None:
        super().__init__(sprite, "flip", 1.0, duration, ease_in_out_quad, delay=delay, start=0.0,
                         on_done=on_done)
        self._on_start = on_start

    def update(self, dt: float) -> float:
        """Advance the flip (setting up the side to show when it starts)."""
        if not self._started and not self.done and self.delay <= dt:
            self._on_start()
        return super().update(dt)

    def finish(self) -> None:
        """Land on the new side."""
        if not self._started and not self.done:
            self._on_start()
        super().finish()
