"""What the table says about fair dealing: the deal's fingerprint, the revealed seeds, the tick.

Before each deal the table logs "Deal sealed · fingerprint 3fa9…c21e" (the short form of the
seed's SHA-256 commitment) and shows it small in the top-right corner; once a deal is decided
the log gets the full commitment and the revealed seed, and the seat that seed drew (Durak's
first dealer, Azi's first bidder while nobody has won) once the seed proves it; the game-over
panel says whether every revealed seed verified, the proven draw, and where the record was
saved (storage/records.py).
"""

from __future__ import annotations

import functools

import pygame

from engine.record import fingerprint
from sprites.fonts import font
from storage.records import Revealed, TableRecorder

from .i18n import tr
from .widgets import MUTED, text_surface

FAIR_GREEN = (150, 214, 150)  # the fair-deal check on the dark panel: calm, readable
FAIR_RED = (240, 140, 120)  # a check that failed must not look like a pass
CHECK = "\u2713"  # ✓ — the UI fonts have no glyph for it: check_text draws it
_HEX_GROUP = 8
_GROUPS_PER_LINE = 3  # 8-digit groups per log line: a 64-digit value takes three short lines


def sealed_line(commitment: str) -> str:
    """The move-log line at the start of a deal."""
    return tr("fair.log_sealed", fingerprint=fingerprint(commitment))


def hex_lines(value: str) -> list[str]:
    """A long hex value as indented lines of 8-digit groups that fit the move log."""
    groups = [value[i:i + _HEX_GROUP] for i in range(0, len(value), _HEX_GROUP)]
    return ["    " + " ".join(groups[i:i + _GROUPS_PER_LINE])
            for i in range(0, len(groups), _GROUPS_PER_LINE)]


def revealed_lines(revealed: list[Revealed], numbered: bool) -> list[str]:
    """Move-log lines for deals just revealed: full commitment, seed, and the check."""
    lines = []
    for shown in revealed:
        deal = shown.deal
        if not deal.commitment or not deal.seed:
            continue  # a fixed test deck has nothing sealed to reveal
        lines.append(tr("fair.log_revealed_game", number=shown.number) if numbered
                     else tr("fair.log_revealed"))
        lines.append(tr("fair.log_commitment"))
        lines += hex_lines(deal.commitment)
        lines.append(tr("fair.log_seed"))
        lines += hex_lines(deal.seed)
        lines.append(tr("fair.log_verified") if shown.verified else tr("fair.log_failed"))
        if shown.verified and shown.draw is not None:
            lines.append(draw_line(shown))
    return lines


def draw_line(shown: Revealed) -> str:
    """"Dealer drawn from the sealed seed: Anna" (or the first bidder, in Azi)."""
    key = "fair.dealer_drawn" if shown.draw.role == "dealer" else "fair.bidder_drawn"
    return tr(key, name=shown.drawn_name)


def saved_lines(recorder: TableRecorder) -> list[str]:
    """Move-log lines after a save: where the record went (the first time), or why it failed."""
    if recorder.error:
        return [tr("fair.log_save_failed", reason=recorder.error)]
    if recorder.path is not None and recorder.saves == 1:
        return [tr("fair.log_saved"), tr("fair.log_saved_file", file=recorder.path.name)]
    return []


def summary_lines(recorder: TableRecorder) -> list[str]:
    """The game-over panel's fairness lines: the check, and where the record is."""
    if not recorder.sealed:
        return []
    count = len(recorder.revealed)
    if not recorder.all_verified:
        lines = [tr("fair.failed")]
    elif count == 1:
        lines = [tr("fair.verified")]
    else:
        lines = [tr("fair.verified_many", count=count)]
    latest = recorder.revealed[-1]  # the game this panel is about
    if recorder.all_verified and latest.draw is not None:
        lines.append(draw_line(latest))
    if recorder.error:
        lines.append(tr("fair.save_failed", reason=recorder.error))
    elif recorder.path is not None:
        lines.append(tr("fair.saved", path=recorder.path.name))  # "Open folder" shows where
    return lines


@functools.lru_cache(maxsize=32)
def check_text(text: str, role: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """``text`` rendered with every ✓ drawn as a tick (cached; blit it, never draw on it)."""
    if CHECK not in text:
        return text_surface(text, role, size, colour)
    parts = text.split(CHECK)
    images = [text_surface(p, role, size, colour) if p else None for p in parts]
    face = font(role, size)
    tick_w = round(size * 0.8)
    height = face.get_height()
    width = sum(i.get_width() for i in images if i) + tick_w * (len(parts) - 1)
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    x = 0
    for k, image in enumerate(images):
        if image is not None:
            out.blit(image, (x, 0))
            x += image.get_width()
        if k < len(parts) - 1:
            _draw_tick(out, pygame.Rect(x, 0, tick_w, height), size, colour)
            x += tick_w
    return out


def _draw_tick(surface: pygame.Surface, box: pygame.Rect, size: int,
               colour: tuple[int, int, int]) -> None:
    """A check mark sitting on the text's baseline, as wide as a letter."""
    base = box.y + font("text", size).get_ascent()
    w = box.width
    points = [(box.x + w * 0.12, base - size * 0.36), (box.x + w * 0.4, base - size * 0.08),
              (box.x + w * 0.92, base - size * 0.66)]
    pygame.draw.lines(surface, colour, False, points, max(2, round(size / 8)))


def fitted(text: str, role: str, size: int, colour: tuple[int, int, int],
           width: int) -> pygame.Surface:
    """``text`` at ``size`` or a little smaller; if still too wide, its middle becomes "…"."""
    for step in (0, 1, 2, 3):
        image = check_text(text, role, size - step, colour)
        if image.get_width() <= width:
            return image
    small = size - 3
    keep = len(text)
    while keep > 8:
        keep -= 2
        short = text[:keep // 2] + "\u2026" + text[len(text) - keep // 2:]
        image = check_text(short, role, small, colour)
        if image.get_width() <= width:
            return image
    return image


def draw_fingerprint(surface: pygame.Surface, commitment: str, scale: float) -> pygame.Rect:
    """The sealed deal's fingerprint, small in the top-right corner (level with the Menu button);
    returns where it went."""
    text = text_surface(tr("fair.tag", fingerprint=fingerprint(commitment)), "text",
                        round(14 * scale), MUTED)
    margin = max(6, round(10 * scale))
    centre_y = margin + round(17 * scale)  # the Menu button is 34 high at the same margin
    return surface.blit(text, text.get_rect(midright=(surface.get_width() - round(14 * scale),
                                                      centre_y)))
