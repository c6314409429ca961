"""Drawing helpers shared by the scenes: framed panels, the gold title, dimming, cached text."""

from __future__ import annotations

import functools

import pygame

from sprites.blur import soft_blur
from sprites.fonts import font

GOLD = (240, 213, 138)
GOLD_DEEP = (201, 162, 74)
CREAM = (243, 234, 210)
MUTED = (183, 173, 143)


@functools.lru_cache(maxsize=64)
def _panel_surface(size: tuple[int, int], radius: int, alpha: int) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surface, (5, 21, 13, alpha), (0, 0, w, h), border_radius=radius)
    # a faint light from above, fading downwards
    sheen = pygame.Surface((1, 2), pygame.SRCALPHA)
    sheen.set_at((0, 0), (255, 255, 255, 14))
    sheen.set_at((0, 1), (255, 255, 255, 0))
    sheen = pygame.transform.smoothscale(sheen, (w, h))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    sheen.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(sheen, (0, 0))
    pygame.draw.rect(surface, (*GOLD_DEEP, 150), (0, 0, w, h), width=1, border_radius=radius)
    inset = max(3, radius // 3)
    pygame.draw.rect(surface, (*GOLD_DEEP, 50), (inset, inset, w - 2 * inset, h - 2 * inset),
                     width=1, border_radius=max(1, radius - inset))
    return surface


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, scale: float = 1.0,
               alpha: int = 200) -> None:
    """A translucent dark panel with a thin gold frame."""
    radius = max(6, round(16 * scale))
    surface.blit(_panel_surface((rect.width, rect.height), radius, alpha), rect.topleft)


@functools.lru_cache(maxsize=64)
def text_surface(text: str, role: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """Rendered text, cached (render once, re-render only when it changes)."""
    return font(role, size).render(text, True, colour)


@functools.lru_cache(maxsize=256)
def ellipsized(text: str, role: str, size: int, colour: tuple[int, int, int],
               width: int) -> pygame.Surface:
    """``text`` rendered no wider than ``width``: cut at the end with "…" when it is longer."""
    face = font(role, size)
    if face.size(text)[0] <= width:
        return text_surface(text, role, size, colour)
    keep = len(text)
    while keep > 0 and face.size(text[:keep].rstrip() + "\u2026")[0] > width:
        keep -= 1
    return text_surface(text[:keep].rstrip() + "\u2026", role, size, colour)


@functools.lru_cache(maxsize=16)
def gold_title(text: str, size: int) -> pygame.Surface:
    """Large display text with a gold gradient, a dark outline glow and a drop shadow."""
    glyphs = font("display", size).render(text, True, (255, 255, 255))
    w, h = glyphs.get_size()
    gradient = pygame.Surface((1, 4), pygame.SRCALPHA)
    for y, colour in enumerate(((255, 242, 196), (240, 208, 120), (201, 158, 66), (236, 200, 110))):
        gradient.set_at((0, y), (*colour, 255))
    gradient = pygame.transform.smoothscale(gradient, (w, h))
    tinted = glyphs.copy()
    tinted.blit(gradient, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pad = max(4, size // 10)
    out = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    shadow = font("display", size).render(text, True, (0, 0, 0))
    shadow_layer = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    shadow_layer.blit(shadow, (pad + max(2, size // 28), pad + max(3, size // 20)))
    shadow_layer = pygame.transform.gaussian_blur(shadow_layer, max(2, size // 22))
    shadow_layer.fill((255, 255, 255, 190), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(shadow_layer, (0, 0))
    out.blit(tinted, (pad, pad))
    return out


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything drawn so far (behind an overlay)."""
    shade = _shade(surface.get_size(), alpha)
    surface.blit(shade, (0, 0))


@functools.lru_cache(maxsize=8)
def _shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 8, 4, alpha))
    return shade


def ornament(
    surface: pygame.Surface, centre: tuple[int, int], width: int, scale: float = 1.0
) -> None:
    """A thin gold rule with a small diamond in the middle (under titles)."""
    cx, cy = centre
    half = width // 2
    colour = (*GOLD_DEEP, 255)
    pygame.draw.line(surface, colour, (cx - half, cy), (cx - 10 * scale, cy), max(1, round(scale)))
    pygame.draw.line(surface, colour, (cx + 10 * scale, cy), (cx + half, cy), max(1, round(scale)))
    d = 5 * scale
    pygame.draw.polygon(surface, GOLD, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])


def draw_plate(surface: pygame.Surface, rect: pygame.Rect, name: str, detail: str = "",
               value: str = "", *, scale: float = 1.0, active: bool = False,
               muted: bool = False) -> None:
    """A seat's name plate: name, a detail line (level, status), a value on the right (chips,
    cards). ``active`` rings it in gold (whose turn it is); ``muted`` greys it (folded, out)."""
    if active:
        glow = _plate_glow((rect.width, rect.height), max(6, round(16 * scale)))
        surface.blit(glow, glow.get_rect(center=rect.center))
    draw_panel(surface, rect, scale, 150 if muted else 220)
    if active:
        pygame.draw.rect(surface, GOLD, rect, width=max(2, round(2 * scale)),
                         border_radius=max(6, round(16 * scale)))
    pad = round(12 * scale)
    colour = MUTED if muted else CREAM
    name_size = max(11, round(rect.height * 0.34))
    detail_size = max(9, round(rect.height * 0.25))
    text_w = rect.width - 2 * pad
    if value:
        number = text_surface(value, "bold", name_size, GOLD if not muted else MUTED)
        surface.blit(number, number.get_rect(midright=(rect.right - pad, rect.centery)))
        text_w -= number.get_width() + pad
    # a name or a detail too long for the plate ends in "…" rather than being cut mid-letter
    title = ellipsized(name, "bold", name_size, colour, text_w)
    surface.blit(title, (rect.x + pad, rect.y + round(rect.height * 0.1)))
    if detail:
        # a long detail ("ставка 20 · втёмную") first takes a size or two smaller, then "…"
        while detail_size > 8 and font("text", detail_size).size(detail)[0] > text_w \
                and detail_size > round(rect.height * 0.25) - 2:
            detail_size -= 1
        line = ellipsized(detail, "text", detail_size, MUTED, text_w)
        surface.blit(line,
                     (rect.x + pad, rect.bottom - line.get_height() - round(rect.height * 0.1)))


@functools.lru_cache(maxsize=32)
def _plate_glow(size: tuple[int, int], radius: int) -> pygame.Surface:
    w, h = size
    pad = radius
    glow = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(glow, (*GOLD, 150), (pad, pad, w, h), border_radius=radius)
    return soft_blur(glow, max(2, pad // 2))
