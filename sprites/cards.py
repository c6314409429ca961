"""Card faces and backs rasterised at the exact pixel size asked for, and cached.

Usage::

    renderer = CardRenderer(style="two_colour", back="crimson")
    face = renderer.face(card, width)          # width in pixels; height = card_height(width)
    back = renderer.back(width)
    either = renderer.card(card, width, face_up=True)   # HIDDEN (-1) always gives the back

Surfaces are shared from the cache: blit them, never draw on them.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from engine.cards import HIDDEN

from . import card_art
from .blur import soft_blur
from .fonts import font
from .suits import CARD_STYLES, TWO_COLOUR, suit_shape
from .svg import rasterise, svg_document

ASPECT = card_art.H / card_art.W  # height / width = 1.4
COMPACT_BELOW = 60  # narrower cards (opponents' rows, small piles) use the big-index design
# the compact "10" is squeezed to this share of the width (as narrow as "Q")
COMPACT_INDEX_MAX = 0.28


def card_height(width: int) -> int:
    """Pixel height of a card ``width`` pixels wide."""
    return round(width * ASPECT)


def card_size(width: int) -> tuple[int, int]:
    """(width, height) of a card ``width`` pixels wide."""
    return int(width), card_height(width)


def shadow_blur(width: int) -> int:
    """The usual blur of a card's shadow at ``width`` (its margin round the card is twice it)."""
    return max(2, int(width) // 16)


def _hex_rgb(colour: str) -> tuple[int, int, int]:
    h = colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


class CardRenderer:
    """Renders and caches card images by (card, width, style) and (back design, width)."""

    def __init__(self, style: str = TWO_COLOUR, back: str = card_art.DEFAULT_BACK,
                 max_cached: int = 600) -> None:
        self._style = style if style in CARD_STYLES else TWO_COLOUR
        self._back = back if back in card_art.BACKS else card_art.DEFAULT_BACK
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._max = max_cached
        # the widths made of each face and back (``nearest`` ran through the whole cache, for
        # every moving card without its face, every frame)
        self._widths: dict[tuple, set[int]] = {}
        # faces asked for in motion and shown by a stand-in meanwhile, oldest first: made
        # between frames (scenes/table/warm.py), never on the frame that asked
        self.wanted: dict[tuple[int, int], None] = {}
        # the rank indices drawn on the faces (the players' language may letter them: В Д К Т)
        self.letters: tuple[str, ...] = card_art.RANK_LETTERS

    # --- style --------------------------------------------------------------------------------
    @property
    def style(self) -> str:
        """"two_colour" or "four_colour"."""
        return self._style

    @style.setter
    def style(self, value: str) -> None:
        self._style = value if value in CARD_STYLES else TWO_COLOUR

    @property
    def back_design(self) -> str:
        """Name of the back design in use (a key of ``sprites.card_art.BACKS``)."""
        return self._back

    @back_design.setter
    def back_design(self, value: str) -> None:
        self._back = value if value in card_art.BACKS else card_art.DEFAULT_BACK

    # --- images -------------------------------------------------------------------------------
    def face(self, card: int, width: int, style: str | None = None) -> pygame.Surface:
        """The face of ``card`` (0..35) at ``width`` pixels, in ``style`` or the current one."""
        if card == HIDDEN:
            return self.back(width)
        style = style or self._style
        key = ("face", card, int(width), style, self.letters)
        return self._cached(key, lambda: self._render_face(card, int(width), style))

    def back(self, width: int, design: str | None = None) -> pygame.Surface:
        """A card back at ``width`` pixels in ``design`` (default: the current one)."""
        design = design or self._back
        key = ("back", design, int(width))
        return self._cached(key, lambda: rasterise(card_art.back_svg(design), card_size(width)))

    def card(self, card: int, width: int, face_up: bool = True) -> pygame.Surface:
        """Face or back; a HIDDEN card always shows its back."""
        if face_up and card != HIDDEN:
            return self.face(card, width)
        return self.back(width)

    def ready(self, card: int, width: int, face_up: bool = True) -> pygame.Surface | None:
        """:meth:`card` if it is rendered already, else None (nothing is rendered here)."""
        if face_up and card != HIDDEN:
            key: tuple = ("face", card, int(width), self._style, self.letters)
        else:
            key = ("back", self._back, int(width))
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
        return surface

    def nearest(self, card: int, width: int,
                face_up: bool = True) -> tuple[pygame.Surface, int] | None:
        """The same face (or back) already rendered at another width, the nearest wider one
        first (it shrinks better than a narrower one grows), and that width; None if none."""
        if face_up and card != HIDDEN:
            widths = self._widths.get(("face", card, self._style, self.letters))
        else:
            widths = self._widths.get(("back", self._back))
        if not widths:
            return None
        best = min(widths, key=lambda w: (w < width, abs(w - width)))
        surface = self.ready(card, best, face_up)
        return None if surface is None else (surface, best)

    def want(self, card: int, width: int) -> None:
        """Note that ``card``'s face (HIDDEN: the back) at ``width`` was needed and not ready
        (see ``wanted``)."""
        self.wanted[(card, int(width))] = None

    def ready_shadow(self, width: int) -> pygame.Surface | None:
        """:meth:`shadow` at ``width`` (the usual blur) if it is made already, else None."""
        return self._cache.get(("shadow", int(width), shadow_blur(width)))

    def nearest_shadow(self, width: int) -> tuple[pygame.Surface, int] | None:
        """The usual shadow made at the width nearest ``width``, and that width (None: none)."""
        widths = self._widths.get(("shadow",))
        if not widths:
            return None
        best = min(widths, key=lambda w: abs(w - width))
        surface = self.ready_shadow(best)
        return None if surface is None else (surface, best)

    def shadow(self, width: int, blur: int | None = None) -> pygame.Surface:
        """A soft shadow to blit under a card (larger than the card by ``2 * blur``)."""
        blur = shadow_blur(width) if blur is None else blur
        key = ("shadow", int(width), blur)

        def make() -> pygame.Surface:
            w, h = card_size(width)
            surface = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
            pygame.draw.rect(surface, (0, 0, 0, 110), (2 * blur, 2 * blur, w, h),
                             border_radius=max(2, round(w * card_art.RADIUS / card_art.W)))
            return soft_blur(surface, blur)

        return self._cached(key, make)

    def highlight(self, width: int, colour: tuple[int, int, int] = (255, 214, 102),
                  thickness: int | None = None) -> pygame.Surface:
        """A glowing outline the size of a card (for playable or selected cards)."""
        thickness = max(2, width // 30) if thickness is None else thickness
        key = ("glow", int(width), colour, thickness)

        def make() -> pygame.Surface:
            w, h = card_size(width)
            pad = thickness * 3
            surface = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            radius = max(2, round(w * card_art.RADIUS / card_art.W)) + pad // 2
            pygame.draw.rect(surface, (*colour, 200), (pad - thickness, pad - thickness,
                                                       w + 2 * thickness, h + 2 * thickness),
                             width=thickness, border_radius=radius)
            glow = pygame.transform.gaussian_blur(surface, thickness)
            glow.blit(surface, (0, 0))
            return glow

        return self._cached(key, make)

    def suit_icon(self, suit: int, size: int, style: str | None = None) -> pygame.Surface:
        """A suit symbol ``size`` pixels square, in its ink colour (for trump markers, labels)."""
        style = style or self._style
        key = ("suit", suit, int(size), style)
        from .suits import suit_colour

        return self._cached(key, lambda: rasterise(
            svg_document(100, 100, suit_shape(suit, suit_colour(suit, style))), (size, size)))

    def clear(self) -> None:
        """Forget every cached image (after a style change the cache refills on demand)."""
        self._cache.clear()
        self._widths.clear()
        self.wanted.clear()

    # --- internals ----------------------------------------------------------------------------
    def _cached(self, key: tuple, make) -> pygame.Surface:
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            return surface
        surface = make()
        self._cache[key] = surface
        self._index(key, add=True)
        if len(self._cache) > self._max:
            self._index(self._cache.popitem(last=False)[0], add=False)
        return surface

    def _index(self, key: tuple, add: bool) -> None:
        """Keep ``_widths`` in step with the cache for a face or back ``key``."""
        if key[0] == "face":
            kind, width = ("face", key[1], key[3], key[4]), key[2]
        elif key[0] == "back":
            kind, width = ("back", key[1]), key[2]
        elif key[0] == "shadow" and key[2] == shadow_blur(key[1]):  # the usual blur only
            kind, width = ("shadow",), key[1]
        else:
            return
        if add:
            self._widths.setdefault(kind, set()).add(width)
            if kind[0] != "shadow":
                self.wanted.pop((key[1] if kind[0] == "face" else HIDDEN, width), None)
        else:
            self._widths.get(kind, set()).discard(width)

    def _render_face(self, card: int, width: int, style: str) -> pygame.Surface:
        size = card_size(width)
        compact = width < COMPACT_BELOW
        surface = rasterise(card_art.face_svg(card, style, compact), size)
        scale = size[0] / card_art.W
        for text in card_art.face_text(card, style, compact, self.letters):
            self._draw_text(surface, text, scale)
        return surface

    @staticmethod
    def _draw_text(surface: pygame.Surface, text: card_art.FaceText, scale: float) -> None:
        px = max(6, round(text.height * scale))
        face = font(text.role, px)
        glyphs = face.render(text.text, True, _hex_rgb(text.colour))
        if text.text == "10" and text.role == "display":
            # squeeze the two-digit index so it fits the corner column like the others
            glyphs = pygame.transform.smoothscale(
                glyphs, (max(1, round(glyphs.get_width() * 0.78)), glyphs.get_height()))
        elif text.text == "10" and text.role == "bold":
            # the compact index must stay inside the strip an overlapping row leaves visible
            most = round(surface.get_width() * COMPACT_INDEX_MAX)
            ink_w = glyphs.get_bounding_rect().width
            if ink_w > most:
                glyphs = pygame.transform.smoothscale(
                    glyphs, (max(1, round(glyphs.get_width() * most / ink_w)), glyphs.get_height()))
        if text.rotate:
            glyphs = pygame.transform.rotate(glyphs, 180)
        # centre on the glyphs' ink, not the font's line box, so indices sit where the art expects
        ink = glyphs.get_bounding_rect()
        cx, cy = text.centre[0] * scale, text.centre[1] * scale
        surface.blit(glyphs, (round(cx - ink.centerx), round(cy - ink.centery)))
