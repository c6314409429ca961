"""Where the table's own buttons beside the viewer's hand go: Log, the last round and Hint, in
rows above the viewer's plate, between the window's left edge and the viewer's hand.

The fanned hand stays inside its area however many cards it holds (``scenes.layout``), so a
button that keeps left of that area never lies under a card:

    rects = corner_rects(layout, [("table.log_button", 120), ("table.peek_button", 90)], 34, 6)
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ..layout import TableLayout


def corner_room(layout: TableLayout, gap: int) -> pygame.Rect:
    """The strip the buttons may use: from the plate's left edge to just short of the hand
    (its cards and their glow stay inside its area), from the top of the window to a gap above
    the plate."""
    plate = layout.seats[0].plate
    right = layout.seats[0].hand.left - max(2, gap // 2)
    return pygame.Rect(plate.x, 0, right - plate.x, plate.y - gap)


def row_widths(needs: Sequence[int], shares: Sequence[int], room: int, gap: int) -> list[int]:
    """Widths for buttons side by side: each its share, or as wide as its words (``needs``)
    when they are wider; when that row is too wide for ``room`` but the words alone fit, the
    room left over is shared out evenly (a row that still does not fit is stacked later)."""
    widths = [max(need, share) for need, share in zip(needs, shares)]
    between = gap * (len(needs) - 1)
    spare = room - between - sum(needs)
    if sum(widths) + between <= room or spare < 0:
        return widths
    return [need + spare // len(needs) for need in needs]


def corner_rects(layout: TableLayout, wanted: Sequence[tuple[str, int]], bh: int,
                 gap: int) -> dict[str, pygame.Rect]:
    """``wanted`` buttons (key, width) side by side in rows of height ``bh`` from just above
    the plate upwards: all in one row when they fit side by side, else one a row."""
    room = corner_room(layout, gap)
    widths = [(key, min(width, room.width)) for key, width in wanted]
    if sum(w for _, w in widths) + gap * (len(widths) - 1) <= room.width:
        rows = [widths]
    else:  # one a row, the widest lowest: the felt beside the narrow ones above stays free
        rows = [[item] for item in sorted(widths, key=lambda item: -item[1])]
    rects: dict[str, pygame.Rect] = {}
    y = room.bottom - bh
    for row in rows:
        x = room.x
        for key, width in row:
            rects[key] = pygame.Rect(x, y, width, bh)
            x += width + gap
        y -= bh + gap
    return rects
