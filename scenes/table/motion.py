"""Card motion for the table: one running tween per sprite property, and events as timed steps.

``Mover`` keeps at most one tween per (sprite, property). Giving a sprite a new target while
it is still moving starts the new tween from where the card is now, so a card can be
re-aimed mid-flight (a hand re-fanning while the dealt card is still in the air) and nothing
ever jumps. ``EventStep`` is a Timeline step that runs an event's handler when its turn comes
and then waits the seconds the handler asked for, so events are paced one after the other
while the card motions they start overlap freely.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

import pygame

from engine.cards import HIDDEN
from sprites.card_sprite import CardSprite
from sprites.tween import Tween, ease_in_out_cubic, ease_out_cubic


class TableCard(CardSprite):
    """A card sprite on the table with the resting place the scene last gave it."""

    def __init__(self, card: int = HIDDEN, pos: tuple[float, float] = (0.0, 0.0), *,
                 width: int = 100, face_up: bool = True, rotation: float = 0.0,
                 z: int = 0) -> None:
        super().__init__(card, pos, width=width, face_up=face_up, rotation=rotation, z=z)
        self.rest: tuple | None = None  # (pos, rotation, width) it is travelling to or lies at
        self.flying = False  # drawn above everything else while crossing the table
        self.covered = False  # hidden under a pile's top cards (skipped when drawing)
        self.in_motion = False  # set by the Mover while it moves, turns or flips the card
        self.rough = False  # just landed: still drawn the quick way until its turn to be smooth
        self.stand_in = 0  # at rest: the width of the face shown scaled until its own is made
        self.smooth_made = False  # its smooth picture was made ahead (it may be drawn smooth)

    # A card in motion changes angle, scale or flip every frame, so the smooth rotozoom of a
    # resting card would run afresh each frame for every moving card (a table swept to the
    # discard pile moves a dozen). In motion the image is made with the fast, unsmoothed
    # transforms at whole degrees and shared between cards that look alike; at rest the
    # CardSprite's smooth drawing is used as before (after a few frames ``rough`` when a whole
    # hand lands at once: see Mover).
    def _quick(self) -> bool:
        """Is the card drawn the quick way now (moving, or landed and not yet smooth)?"""
        return self.in_motion or self.stand_in or (self.rough and not self.dim
                                                    and not self.highlight)

    def _image(self, renderer) -> pygame.Surface:
        if not self._quick():
            return super()._image(renderer)
        face_up = self.shown_face_up() and self.card != HIDDEN
        stand_in = renderer.ready(self.card, self.stand_in, face_up) if self.stand_in else None
        if stand_in is not None:
            base, width = stand_in, self.stand_in
        elif self.in_motion or self.stand_in:
            base, width = _motion_base(renderer, self.card, self.width, face_up)
        else:  # at rest its picture lies in the still layer: only its look may decide it
            base, width = renderer.card(self.card, self.width, face_up), self.width
        xscale = round(self._xscale(), 1)
        key = ("card", self.card if face_up else HIDDEN, width, renderer.style,
               renderer.back_design, round(self.rotation) % 360,
               round(self.scale * self.width / width, 2), xscale, self.dim, self.alpha)
        image = _MOTION_CACHE.get(key)
        if image is None:
            image = base
            if xscale != 1.0 or key[6] != 1.0:
                w, h = image.get_size()
                image = pygame.transform.scale(image, (max(1, round(w * xscale * key[6])),
                                                       max(1, round(h * key[6]))))
            if self.dim:
                image = image.copy() if image is base else image
                image.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
            if key[5]:
                image = pygame.transform.rotate(image, key[5])
            if self.alpha < 255:
                image = image.copy() if image is base else image
                image.set_alpha(self.alpha)
            _remember(key, image)
        return image

    def _shadow(self, renderer) -> pygame.Surface:
        if not self._quick():
            return super()._shadow(renderer)
        xscale = round(self._xscale(), 1)
        base, width = renderer.ready_shadow(self.width), self.width
        if base is None and self.in_motion:  # stands in until made (with its face, warm.py)
            base, width = renderer.nearest_shadow(self.width) or (None, self.width)
        key = ("shadow", width, round(self.rotation) % 360,
               round(self.scale * self.width / width, 2), xscale)
        image = _MOTION_CACHE.get(key)
        if image is None:
            image = base if base is not None else renderer.shadow(self.width)
            if xscale != 1.0 or key[3] != 1.0:
                w, h = image.get_size()
                image = pygame.transform.scale(image, (max(1, round(w * xscale * key[3])),
                                                       max(1, round(h * key[3]))))
            if key[2]:
                image = pygame.transform.rotate(image, key[2])
            _remember(key, image)
        return image


_MOTION_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()

# A row that narrows (a seat picks up) needs its faces at the new width all in one frame; at
# 1920×1080 twelve of them cost a frame three times over, and even two a frame put the frame in
# the slowest 1%. So a moving card whose face at its width is not made yet stands in with its
# face at a width already made, scaled, and asks the renderer for the exact one, which the
# table's FaceWarmer makes between frames, within their spare time (scenes/table/warm.py). Only
# a card never rendered at any width has its face made on the spot. At rest every card shows
# its exact face (a card that landed ``rough`` too: the still layer keeps its picture while its
# look stays, so that picture must not depend on which faces happened to be made when it was
# drawn).


def _motion_base(renderer, card: int, width: int, face_up: bool) -> tuple[pygame.Surface, int]:
    """The picture a moving card is made from, and the width it was rendered at."""
    image = renderer.ready(card, width, face_up)
    if image is not None:
        return image, width
    near = renderer.nearest(card, width, face_up)
    if near is not None:
        renderer.want(card if face_up else HIDDEN, width)
        return near
    return renderer.card(card, width, face_up), width


def _remember(key: tuple, image: pygame.Surface) -> None:
    _MOTION_CACHE[key] = image
    if len(_MOTION_CACHE) > 500:
        _MOTION_CACHE.popitem(last=False)


_SHAPE_PROPS = ("pos", "rotation", "scale", "flip")

# A hand that re-fans lands a dozen turned cards in one frame, and each one's smooth picture
# (rotozoom) cost half a millisecond at 1920×1080. Landed cards keep their quick picture and are
# made smooth a few a frame; the choice is made in ``Mover.update``, so every drawing of a frame
# shows the same picture (the still layer and the damage rely on that).
SMOOTH_PER_FRAME = 3
# A table's Mover (one with a renderer) waits for the smooth picture to be made between frames
# (scenes/table/warm.py), this many frames at most, so that no busy frame turns three cards.
SMOOTH_WAIT = 20


def _needs_turning(card: TableCard) -> bool:
    """Does ``card`` at rest need a smooth rotozoom (and does its quick picture look the same)?
    Dimmed and glowing cards are made smooth at once: their quick pictures differ in colour."""
    return round(card.rotation * 2) / 2 % 360 != 0 and not card.dim and not card.highlight


class Mover:
    """Runs sprite tweens; a new tween for the same sprite and property replaces the old one."""

    def __init__(self, renderer=None) -> None:
        self._tweens: dict[tuple[int, str], tuple[object, Tween]] = {}
        self._rough: list[TableCard] = []  # landed cards still shown the quick way, oldest first
        self._renderer = renderer  # None: every card shows its own face (hover lifts)
        self._waiting: list[TableCard] = []  # cards at rest showing a stand-in face
        self._frames = 0  # updates so far (how long a landed card has waited to be smooth)
        self._landed: dict[int, int] = {}  # id of a rough card: the update it landed in

    @property
    def idle(self) -> bool:
        """True when no card is moving."""
        return not self._tweens

    def moving(self, sprite: object) -> bool:
        """Is ``sprite`` travelling now?"""
        return (id(sprite), "pos") in self._tweens

    def run(self, sprite: object, tween: Tween) -> Tween:
        """Start ``tween`` on ``sprite`` (replacing its running tween of the same property)."""
        self._tweens[(id(sprite), tween.prop)] = (sprite, tween)
        if tween.prop in _SHAPE_PROPS and isinstance(sprite, TableCard):
            sprite.in_motion = True  # other objects (chip piles) are simply moved
            sprite.rough = False
            sprite.stand_in = 0  # in motion the face is chosen afresh every frame
        return tween

    def stop(self, sprite: object) -> None:
        """Forget every tween of ``sprite`` where it stands (a card picked up by the mouse)."""
        for key in [k for k in self._tweens if k[0] == id(sprite)]:
            del self._tweens[key]
        if isinstance(sprite, TableCard):
            sprite.in_motion = sprite.rough = False
            sprite.stand_in = 0

    def go(self, card: TableCard, pos: tuple[float, float], rotation: float, width: int,
           duration: float, *, delay: float = 0.0, fly: bool = False,
           easing=ease_out_cubic) -> None:
        """Send ``card`` to ``pos`` turned ``rotation``, ``width`` wide, easing all the way.

        A change of width is drawn as a change of scale (the card is rendered once at the new
        width and shrinks or grows into it), so no in-between sizes are rasterised.
        """
        card.rest = ((float(pos[0]), float(pos[1])), float(rotation), int(width))
        if width != card.width:
            shown = card.width * card.scale
            card.width = int(width)
            card.scale = shown / card.width
            self.run(card, Tween(card, "scale", 1.0, duration, easing, delay=delay))
        if fly:
            card.flying = True

        def landed() -> None:
            card.flying = False

        self.run(card, Tween(card, "pos", card.rest[0], duration, easing, delay=delay,
                             on_done=landed))
        if abs(card.rotation - rotation) > 0.01:
            self.run(card, Tween(card, "rotation", float(rotation), duration, easing, delay=delay))

    def place(self, card: TableCard, pos: tuple[float, float], rotation: float, width: int) -> None:
        """Put ``card`` at its place at once (a fresh table, a resize, a new viewer)."""
        self.stop(card)
        card.rest = ((float(pos[0]), float(pos[1])), float(rotation), int(width))
        card.pos, card.rotation, card.width = card.rest
        card.scale = 1.0
        card.flying = False

    def flip(self, card: TableCard, face_up: bool, duration: float, *, delay: float = 0.0,
             shown: int | None = None) -> None:
        """Turn ``card`` over; ``shown`` is the card revealed when it turns face up."""
        self.run(card, card.flip_to(face_up, duration, delay=delay, card=shown))

    def lift(self, card: TableCard, amount: float, duration: float = 0.12) -> None:
        """Raise ``card`` towards the viewer (hover, keyboard focus) or lower it back."""
        if abs(card.lift - amount) > 0.5:
            self.run(card, Tween(card, "lift", float(amount), duration, ease_in_out_cubic))

    def update(self, dt: float) -> None:
        """Advance every tween; finished ones are dropped."""
        self._smooth(SMOOTH_PER_FRAME)
        for card in self._waiting[:]:  # faces made since the frame before end their stand-ins
            self._stand_in(card)
            if not card.stand_in:
                self._waiting.remove(card)
        finished = []
        for key, (sprite, tween) in list(self._tweens.items()):
            tween.update(dt)
            if tween.done and self._tweens.get(key, (None, None))[1] is tween:
                del self._tweens[key]
                finished.append(sprite)
        if finished:
            self._settle(finished, rough=True)

    def _stand_in(self, card: TableCard) -> None:
        """Decide (before the frame is drawn) whether ``card``, at rest, shows a stand-in face:
        while its own face at its width is not made yet (it is asked for: a hand that lands
        narrower needed a dozen at once). Once its face has come it is drawn with it again (a
        turned one the quick way first, made smooth in its turn)."""
        renderer, wait = self._renderer, 0
        if renderer is not None and not (card.in_motion or card.dim or card.highlight):
            face_up = card.shown_face_up() and card.card != HIDDEN
            if renderer.ready(card.card, card.width, face_up) is None:
                kept = card.stand_in and renderer.ready(card.card, card.stand_in, face_up)
                near = None if kept else renderer.nearest(card.card, card.width, face_up)
                wait = card.stand_in if kept else (near[1] if near is not None else 0)
                if wait:
                    renderer.want(card.card if face_up else HIDDEN, card.width)
        if (card.stand_in and not wait and not card.in_motion and not card.rough
                and _needs_turning(card)):
            self._roughen(card)
        card.stand_in = wait
        if wait and card not in self._waiting:
            self._waiting.append(card)

    def _roughen(self, card: TableCard) -> None:
        """``card`` is drawn the quick way until its turn to be made smooth."""
        card.rough, card.smooth_made = True, False
        self._rough.append(card)
        self._landed[id(card)] = self._frames

    def soon_smooth(self, count: int = SMOOTH_PER_FRAME) -> list[TableCard]:
        """The cards the next frame makes smooth (their smooth pictures may be made ahead)."""
        return [card for card in self._rough
                if card.rough and not card.stand_in and not card.smooth_made][:count]

    def _smooth(self, count: int, wait: bool = True) -> None:
        """Let the ``count`` cards that landed first be drawn smoothly from now on: with a
        renderer (``wait``), only those whose smooth picture is made, or that waited long."""
        self._frames += 1
        i = 0
        while count > 0 and i < len(self._rough):
            card = self._rough[i]
            if card.rough and wait and self._renderer is not None and not card.smooth_made \
                    and self._frames - self._landed.get(id(card), 0) < SMOOTH_WAIT:
                i += 1
                continue
            self._rough.pop(i)
            self._landed.pop(id(card), None)
            if card.rough:
                card.rough = False
                count -= 1

    def _settle(self, sprites: list, rough: bool = False) -> None:
        """Cards with no shape tween left are at rest (drawn smoothly again; ``rough``: after
        their turn in :meth:`_smooth`)."""
        busy = {k[0] for k in self._tweens if k[1] in _SHAPE_PROPS}
        for sprite in sprites:
            if id(sprite) not in busy and isinstance(sprite, TableCard):
                sprite.in_motion = False
                sprite.rough = rough and _needs_turning(sprite)
                if sprite.rough:
                    self._roughen(sprite)
                if rough:  # landed in a frame: it may wait for its face (not when all land)
                    self._stand_in(sprite)

    def finish_all(self) -> None:
        """Land every card now."""
        finished = []
        while self._tweens:
            for key, (sprite, tween) in list(self._tweens.items()):
                tween.finish()
                if self._tweens.get(key, (None, None))[1] is tween:
                    del self._tweens[key]
                    finished.append(sprite)
        self._settle(finished)
        self._smooth(len(self._rough), wait=False)


class EventStep:
    """A Timeline step: run ``handler()`` (which returns seconds to wait), then wait that long."""

    def __init__(self, handler: Callable[[], float]) -> None:
        self.handler = handler
        self.left: float | None = None
        self.done = False

    def update(self, dt: float) -> float:
        """Run the handler on the first update, then count its wait down."""
        if self.done:
            return dt
        if self.left is None:
            self.left = max(0.0, float(self.handler() or 0.0))
        if dt >= self.left:
            self.done = True
            leftover, self.left = dt - self.left, 0.0
            return leftover
        self.left -= dt
        return 0.0

    def finish(self) -> None:
        """Run the handler if it has not run, skip the wait."""
        if self.left is None:
            self.left = 0.0
            self.handler()
        self.done = True
