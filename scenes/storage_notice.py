"""The "games are not being saved" notice, drawn the same on the table and the main menu.

The writers' troubles come from ``storage/status.py``; here they become one sentence in the
player's words (a full disk, a folder that cannot be written) and a note on the screen.
"""

from __future__ import annotations

import errno

import pygame

from sprites.fonts import font
from storage.status import problems

from .i18n import tr
from .text_wrap import draw_wrapped, wrap
from .widgets import draw_panel

TEXT = (255, 226, 200)
EDGE = (170, 50, 40)
FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
READ_ONLY = (errno.EROFS, errno.EACCES, errno.EPERM)


def reason_text(problem: BaseException | str) -> str:
    """The cause in the player's words: a full disk, a folder that cannot be written, or as said."""
    number = getattr(problem, "errno", None)
    text = str(getattr(problem, "strerror", None) or problem)
    lowered = text.lower()
    if number in FULL or "disk is full" in lowered or "no space" in lowered:
        return tr("storage.disk_full")
    if number in READ_ONLY or "readonly" in lowered or "read-only" in lowered:
        return tr("storage.read_only")
    return text


def notice() -> str:
    """The sentence to show while writing fails ("" when all is well)."""
    found = problems()
    if not found:
        return ""
    if set(found) == {"history"} and "lock" in str(found["history"]).lower():
        return tr("storage.history_busy")
    first = next((w for w in ("save", "record", "history") if w in found), next(iter(found)))
    return tr("storage.not_saved", reason=reason_text(found[first]))



def draw_storage_notice(surface: pygame.Surface, scale: float,
                        corner: tuple[int, int] | None = None, width: int | None = None) -> None:
    """A red-edged note while a writer fails (nothing when all is well): at the top centre, or
    with its top-left at ``corner``, at most ``width`` wide."""
    text = notice()
    if not text:
        return
    w = surface.get_width()
    pad, size = round(10 * scale), max(12, round(15 * scale))
    limit = min(width or round(620 * scale), w - 4 * pad)
    lines = wrap(text, "bold", size, limit - 2 * pad)
    face = font("bold", size)
    inner = max(face.size(line)[0] for line in lines)
    step = round(face.get_linesize() * 1.25 / 1.15)  # draw_wrapped's line spacing
    box = pygame.Rect(0, 0, inner + 2 * pad + 2, step * (len(lines) - 1) + face.get_height()
                      + 2 * pad)
    if corner is None:
        box.midtop = (w // 2, round(6 * scale))
    else:
        box.topleft = corner
    draw_panel(surface, box, scale * 0.6, 235)
    pygame.draw.rect(surface, EDGE, box, width=max(1, round(2 * scale)),
                     border_radius=round(8 * scale))
    draw_wrapped(surface, text, box.inflate(-2 * pad, -2 * pad), "bold", size, TEXT)
