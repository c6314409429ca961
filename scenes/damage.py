"""Partial window updates: a frame is drawn into a :class:`Canvas` that notes what it drew where,
and only the rectangles whose drawing differs from the frame before go to the window.

Why: at 1920×1080 on X11 pushing the whole window to the server (``display.flip``) cost more
than drawing the frame (issue 21: 8.8 ms of an 11 ms frame), while between two frames of the
table only a moving card, a pulsing ring or "thinking…" changes.

How: every drawing call on the canvas (``blit``, ``blits``, ``fill`` and the ``pygame.draw``
functions while :func:`recording`) is kept as an operation: what was drawn (the source surface
and its alpha, or the shape's arguments), where, and the rectangle it touched. Two frames'
lists are compared (:func:`damage`): an operation that appears, disappears or changes place
in the drawing order damages its rectangle. A pixel outside every damaged rectangle is covered
by the same operations in the same order as before, so it is unchanged. Surfaces drawn by
``blits`` (pygame-gui's widgets, whose images are redrawn in place) are compared by content;
the others are compared by identity, and the previous frame's list keeps them alive, so an
identity is never reused by a new surface while it is compared. A surface changed in place and
drawn again (the table's layer of resting cards) says where with :meth:`Canvas.note_damage`.
"""

from __future__ import annotations

import itertools
import zlib
from collections import deque
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pygame

# beyond this share of the window damaged, one whole update is cheaper than many pieces
WHOLE_SHARE = 0.6
_DRAW_NAMES = ("rect", "polygon", "circle", "ellipse", "arc", "line", "lines", "aaline",
               "aalines")

_SERIAL = itertools.count()  # marks of damage never equal anything in another frame
Op = tuple[tuple, tuple[int, int, int, int]]  # (what and where, the rectangle it touched)


def _freeze(value: Any) -> Any:
    """``value`` as something hashable that compares equal when it would draw the same."""
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    if isinstance(value, (pygame.Rect, pygame.FRect, pygame.Color, pygame.Vector2)):
        return tuple(value)
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return ("?", id(value))  # unknown: equal only to itself


def _place(dest: Any) -> Any:
    """A blit's ``dest`` as a hashable key (the usual Rect or pair of numbers, quickly)."""
    if type(dest) is tuple:
        return dest
    return tuple(dest) if isinstance(dest, (pygame.Rect, pygame.FRect)) else _freeze(dest)


def _content(surface: pygame.Surface) -> int:
    """A checksum of ``surface``'s pixels (for images redrawn in place)."""
    try:
        return zlib.crc32(surface.get_view("0"))
    except (ValueError, pygame.error):  # a subsurface is not one block of memory
        return zlib.crc32(pygame.image.tobytes(surface, "RGBA"))


def _blit_rect(size: tuple[int, int], dest: Any, area: Any, clip: pygame.Rect) -> pygame.Rect:
    """The rectangle ``Surface.blit`` would report for a source of ``size`` (not drawing)."""
    if isinstance(dest, (pygame.Rect, pygame.FRect)):
        x, y = dest.x, dest.y
    else:
        x, y = dest[0], dest[1]
    x, y = int(x), int(y)  # pygame cuts fractions towards zero
    w, h = size
    if area is not None:
        asked = pygame.Rect(area)
        got = asked.clip(pygame.Rect(0, 0, w, h))
        if not got.w or not got.h:
            return pygame.Rect(x, y, 0, 0)
        x, y, w, h = x + got.x - asked.x, y + got.y - asked.y, got.w, got.h
    rect = pygame.Rect(x, y, w, h).clip(clip)
    return rect if rect.w and rect.h else pygame.Rect(x, y, 0, 0)


class Canvas(pygame.Surface):
    """An off-screen frame in the window's pixel format that notes every drawing call.

    Drawing calls are only noted while a frame is drawn; :meth:`replay` then paints the ones
    that reach into the damaged rectangles, clipped to them, so what did not change is neither
    wiped nor drawn again (the canvas keeps the last frame's pixels)."""

    def __init__(self, size: tuple[int, int], like: pygame.Surface) -> None:
        super().__init__(size, 0, like)
        self.ops: list[Op] = []
        self._previous: list[Op] = []  # the frame before's ops (its pixels are still here)
        self.keep: list[pygame.Surface] = []  # sources of this frame's ops (identities stay)
        self.plays: list[tuple] = []  # how to paint each op (None: nothing to paint)
        self._clip: pygame.Rect | None = None
        # where shapes are drawn to measure them: made (and its memory touched) with the canvas,
        # in a frame that is drawn whole anyway, not by the first ring drawn mid-game (7 ms)
        self._scratch: pygame.Surface | None = pygame.Surface(size, 0, like)
        self._scratch.fill((0, 0, 0))

    def begin(self, afresh: bool = False) -> None:
        """Start a new frame's list; ``afresh``: the pixels the frame before left are not to be
        trusted (something was drawn outside the canvas since), so everything is drawn again."""
        self._previous, self.ops, self.keep = [] if afresh else self.ops, [], []
        self.plays, self._clip = [], None

    def _note(self, key: tuple, rect: pygame.Rect, play: tuple | None = None) -> pygame.Rect:
        self.ops.append((key, (rect.x, rect.y, rect.w, rect.h)))
        self.plays.append(play)
        return rect

    # --- the clip is the canvas's own while a frame is noted ------------------------------------
    def set_clip(self, rect=None) -> None:  # noqa: D401 - pygame's
        """Surface.set_clip, noted (every later op is painted inside it)."""
        self._clip = None if rect is None else pygame.Rect(rect).clip(self.get_rect())

    def get_clip(self) -> pygame.Rect:
        """Surface.get_clip, as noted."""
        return pygame.Rect(self._clip) if self._clip is not None else self.get_rect()

    def _clip_key(self) -> tuple | None:
        return None if self._clip is None else tuple(self._clip)

    def blit(self, source, dest=(0, 0), area=None, special_flags=0):  # noqa: D401 - pygame's
        """Surface.blit, noted."""
        rect = _blit_rect(source.get_size(), dest, area, self.get_clip())
        self.keep.append(source)
        alpha = source.get_alpha()
        return self._note(("blit", id(source), alpha, _place(dest),
                           None if area is None else _freeze(area), special_flags,
                           self._clip_key()), rect,
                          ("blit", source, dest, area, special_flags, alpha, self._clip))

    def blits(self, blit_sequence, doreturn=1):
        """Surface.blits (how pygame-gui draws its widgets), noted with each image's content."""
        rects = []
        clip = self.get_clip()
        for item in blit_sequence:
            source, dest = item[0], item[1]
            area = item[2] if len(item) > 2 else None
            flags = item[3] if len(item) > 3 else 0
            rect = _blit_rect(source.get_size(), dest, area, clip)
            self.keep.append(source)
            alpha = source.get_alpha()
            rects.append(self._note(("blits", id(source), _content(source), alpha,
                                     _freeze(dest), _freeze(area), flags, self._clip_key()),
                                    rect, ("blit", source, dest, area, flags, alpha,
                                           self._clip)))
        return rects if doreturn else None

    def blit_background(self, layer: pygame.Surface, changed: Sequence[pygame.Rect]) -> None:
        """Blit ``layer`` (window-sized, at 0, 0; changed in place only in ``changed`` since the
        frame before) as the first thing of the frame; it is copied only where the frame needs
        it (see :meth:`replay`)."""
        self.keep.append(layer)
        self._note(("background", id(layer)), self.get_rect(), ("background", layer))
        self.note_damage(changed)

    def note_damage(self, rects: Sequence[pygame.Rect]) -> None:
        """Mark ``rects`` changed this frame (a surface drawn before was changed in place)."""
        for rect in rects:
            self._note(("changed", next(_SERIAL)), pygame.Rect(rect))

    def fill(self, color, rect=None, special_flags=0):
        """Surface.fill, noted."""
        asked = self.get_rect() if rect is None else pygame.Rect(rect).clip(self.get_rect())
        done = asked.clip(self.get_clip())
        self._note(("fill", _freeze(color), _freeze(rect), special_flags, self._clip_key()),
                   done, ("fill", color, rect, special_flags, self._clip))
        return asked

    def shape(self, name: str, draw, args: tuple, kwargs: dict) -> pygame.Rect:
        """A ``pygame.draw`` shape, noted (measured by drawing it where nobody looks)."""
        scratch = self._scratch
        if scratch is None or scratch.get_size() != self.get_size():
            scratch = self._scratch = pygame.Surface(self.get_size(), 0, self)
        scratch.set_clip(self._clip)
        rect = draw(scratch, *args, **kwargs)
        self._note(("draw", name, _freeze(args), _freeze(sorted(kwargs.items())),
                    _freeze(self.get_clip())), rect, ("draw", draw, args, kwargs, self._clip))
        return rect

    def replay(self, rects: Sequence[pygame.Rect] | None,
               onto: pygame.Surface | None = None) -> None:
        """Paint this frame's ops: every one, or only inside ``rects`` (the damage), onto the
        canvas itself or onto ``onto`` (a surface holding the frame before, e.g. the window)."""
        target = self if onto is None else onto
        if rects is None:
            for play in self.plays:
                if play is not None:
                    _paint(target, play, None)
        else:
            boxes = [pygame.Rect(r) for _, r in self.ops]
            for rect in rects:
                for i in rect.collidelistall(boxes):
                    if self.plays[i] is not None:
                        _paint(target, self.plays[i], rect)
        pygame.Surface.set_clip(target, None)


def _paint(target: pygame.Surface, play: tuple, inside: pygame.Rect | None) -> None:
    """Paint one noted op onto ``target``, inside ``inside`` (and the op's own clip)."""
    kind, clip = play[0], play[-1] if play[0] != "background" else None
    area = inside if clip is None else (clip if inside is None else clip.clip(inside))
    pygame.Surface.set_clip(target, area)
    if kind == "blit":
        _, source, dest, src_area, flags, alpha, _ = play
        before = source.get_alpha()
        if before != alpha:  # it was drawn faded, then set back: paint it as it was
            source.set_alpha(alpha)
        pygame.Surface.blit(target, source, dest, src_area, flags)
        if before != alpha:
            source.set_alpha(before)
    elif kind == "background":
        if inside is None:
            pygame.Surface.blit(target, play[1], (0, 0))
        else:
            pygame.Surface.blit(target, play[1], inside, inside)
    elif kind == "fill":
        pygame.Surface.fill(target, play[1], play[2], play[3])
    else:
        play[1](target, *play[2], **play[3])


def _noted(name: str, draw):
    def wrapper(surface, *args, **kwargs):
        if isinstance(surface, Canvas):
            return surface.shape(name, draw, args, kwargs)
        return draw(surface, *args, **kwargs)

    wrapper.__name__ = wrapper.__qualname__ = name
    wrapper.__doc__ = draw.__doc__
    return wrapper


_PLAIN = {name: getattr(pygame.draw, name) for name in _DRAW_NAMES}
_NOTED = {name: _noted(name, draw) for name, draw in _PLAIN.items()}


@contextmanager
def recording() -> Iterator[None]:
    """While inside, ``pygame.draw`` shapes drawn on a :class:`Canvas` are noted too."""
    for name, draw in _NOTED.items():
        setattr(pygame.draw, name, draw)
    try:
        yield
    finally:
        for name, draw in _PLAIN.items():
            setattr(pygame.draw, name, draw)


def damage(before: Sequence[Op], now: Sequence[Op]) -> list[pygame.Rect]:
    """The rectangles where frame ``now`` may differ from frame ``before`` (both op lists).

    Operations are paired in order; an unpaired one (new, gone, or changed in what or where)
    damages its rectangle, and so does one drawn before an operation it used to follow.
    """
    waiting: dict[Op, deque[int]] = {}
    for i, op in enumerate(before):
        waiting.setdefault(op, deque()).append(i)
    paired = [False] * len(before)
    out: list[tuple[int, int, int, int]] = []
    latest = -1
    for op in now:
        slots = waiting.get(op)
        if not slots:
            out.append(op[1])
            continue
        i = slots.popleft()
        paired[i] = True
        if i < latest:
            out.append(op[1])  # it moved below something it used to cover
        else:
            latest = i
    out += [before[i][1] for i, done in enumerate(paired) if not done]
    return merge([pygame.Rect(r) for r in out if r[2] > 0 and r[3] > 0])


def merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with every overlapping (or touching) pair joined into one rectangle."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = pygame.Rect(rect)
        while True:  # a rectangle grown by a union may now reach others: take them in too
            i = rect.inflate(2, 2).collidelist(out)
            if i < 0:
                break
            rect.union_ip(out.pop(i))
        out.append(rect)
    return out


class Updater:
    """Draws frames through a :class:`Canvas` and pushes only what changed to the window.

    The damage is painted straight into the window's surface when it holds the frame before
    (a second copy of the changed pixels, canvas to window, cost a millisecond a frame at
    1920×1080 when many cards move); the canvas's own pixels are painted only for frames that
    get something drawn over them in the window (a fade), and for the frame after."""

    def __init__(self) -> None:
        self.canvas: Canvas | None = None
        self.whole_next = True  # the window must be pushed whole (first frame, exposed, …)
        self.last: list[pygame.Rect] | None = None  # the last frame's rectangles (None: whole)
        self._send_whole = False  # the window got more than the canvas: send it whole next
        self._canvas_current = False  # the canvas's pixels are the frame before's
        self._screen_current = False  # the window's surface holds the frame before, exactly

    def forget(self) -> None:
        """The window's pixels are not the canvas's last frame: push the next frame whole."""
        self.whole_next = True

    def frame(self, screen: pygame.Surface, draw, whole: bool = False) -> list[pygame.Rect] | None:
        """Draw with ``draw(canvas)``, put what changed in ``screen``; the rectangles to
        update in the window, or None for all of it. ``whole``: ``screen`` gets all of the
        frame (something will be drawn over it there, e.g. a fade: the next frame is then sent
        whole as well)."""
        size = screen.get_size()
        canvas = self.canvas
        if canvas is None or canvas.get_size() != size:
            canvas = self.canvas = Canvas(size, screen)
            self.whole_next = True
            self._canvas_current = False
        before = canvas.ops
        kept = canvas.keep  # the previous frame's sources stay alive until compared
        canvas.begin(afresh=self.whole_next)
        with recording():
            draw(canvas)
        rects = None if self.whole_next else damage(before, canvas.ops)
        if self.whole_next:
            self._screen_current = False
        self.whole_next = False
        if rects is not None and (sum(r.w * r.h for r in rects)
                                  > WHOLE_SHARE * size[0] * size[1]):
            rects = None
        if rects is not None:
            window = canvas.get_rect()
            rects = [c for c in (r.clip(window) for r in rects) if c.w and c.h]
        if not whole and not self._send_whole and (self._screen_current or rects is None):
            # the window holds the frame before (or all is painted): mend it where it changed
            canvas.replay(rects, onto=screen)
            self._canvas_current, self._screen_current = False, True
        else:
            # a fade veils the window (or did): the canvas is brought up to date, copied whole
            canvas.replay(rects if self._canvas_current else None)
            screen.blit(canvas, (0, 0))
            self._canvas_current, self._screen_current, rects = True, not whole, None
        del kept
        self._send_whole = whole
        self.last = rects
        return rects
