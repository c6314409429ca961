"""The Statistics screen's two charts, drawn with pygame onto transparent surfaces.

A line of Azi chips won session by session, and bars of wins, draws and losses against each
computer level. They wear the table's colours (cream text in the game's own fonts, gold for the
player's line) over the felt. Drawn here rather than by a plotting library: two small charts
do not need one, and the downloadable app stays about 70 MB lighter without it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from sprites.fonts import font
from storage.history.stats import LEVELS, Tally

from .i18n import date_text, number, tr

GOLD = (240, 213, 138)
GOLD_DEEP = (201, 162, 74)
CREAM = (243, 234, 210)
MUTED = (183, 173, 143)
RED = (217, 105, 95)
GRID = (60, 90, 70)


def nice_ticks(low: float, high: float, most: int = 6) -> list[int]:
    """Whole-number tick values from at or below ``low`` to at or above ``high``: steps of 1,
    2, 2.5 (when whole) or 5 times a power of ten, at most about ``most`` of them."""
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = next(m * power for m in (1, 2, 2.5, 5, 10)
                if m * power >= raw and float(m * power).is_integer())
    step = max(1, int(step))
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return list(range(int(first), int(last) + 1, step))


class _Frame:
    """A chart's canvas: the title, the plot area, value-to-pixel mapping, axes and grid."""

    def __init__(self, size: tuple[int, int], scale: float, title: str,
                 y_ticks: list[int], x_label: str = "", *, labelled: bool = True) -> None:
        self.surface = pygame.Surface(size, pygame.SRCALPHA)
        self.scale = scale
        self.tick_font = font("text", max(9, round(13 * scale)))
        heading = font("bold", max(10, round(17 * scale))).render(title, True, GOLD)
        pad = round(8 * scale)
        self.surface.blit(heading, (pad, pad))
        labels = [self.tick_font.render(number(v) if labelled else "", True, MUTED)
                  for v in y_ticks]
        left = pad + max(label.get_width() for label in labels) + round(8 * scale)
        bottom = size[1] - pad - self.tick_font.get_linesize() - round(6 * scale)
        if x_label:
            bottom -= self.tick_font.get_linesize() + round(4 * scale)
            text = self.tick_font.render(x_label, True, MUTED)
            self.surface.blit(text, text.get_rect(midbottom=((left + size[0]) // 2,
                                                             size[1] - pad)))
        top = pad + heading.get_height() + round(12 * scale)
        self.plot = pygame.Rect(left, top, max(10, size[0] - left - pad), max(10, bottom - top))
        self.y_low, self.y_high = y_ticks[0], y_ticks[-1]
        for value, label in zip(y_ticks, labels):
            y = self.y(value)
            pygame.draw.line(self.surface, GRID, (self.plot.left, y), (self.plot.right, y),
                             max(1, round(scale)))
            self.surface.blit(label, label.get_rect(midright=(left - round(6 * scale), y)))
        line = max(1, round(scale))
        pygame.draw.line(self.surface, MUTED, self.plot.topleft, self.plot.bottomleft, line)
        pygame.draw.line(self.surface, MUTED, self.plot.bottomleft, self.plot.bottomright, line)

    def y(self, value: float) -> int:
        """The pixel row of ``value``."""
        share = (value - self.y_low) / (self.y_high - self.y_low)
        return round(self.plot.bottom - share * self.plot.height)

    def x_tick(self, x: int, text: str) -> None:
        """A label under the axis at pixel column ``x``."""
        label = self.tick_font.render(text, True, MUTED)
        self.surface.blit(label,
                          label.get_rect(midtop=(x, self.plot.bottom + round(5 * self.scale))))

    def empty(self, text: str) -> pygame.Surface:
        """The frame with ``text`` in the middle (nothing to draw yet)."""
        note = font("text", max(10, round(15 * self.scale))).render(text, True, MUTED)
        self.surface.blit(note, note.get_rect(center=self.plot.center))
        return self.surface


def sessions_label(points: Sequence[tuple[float, int]]) -> str:
    """The words under the chips chart: the first and last session's dates, in the player's
    language (one date when they share a day)."""
    first, last = date_text(points[0][0]), date_text(points[-1][0])
    return (tr("stats.chart.sessions", first=first, last=last) if first != last
            else tr("stats.chart.sessions_one_day", day=first))


def chips_chart(points: Sequence[tuple[float, int]], size: tuple[int, int],
                scale: float = 1.0) -> pygame.Surface:
    """A line of Azi chips won so far, session by session (``points``: (time, chips))."""
    ys = [c for _, c in points]
    if not points:
        return _Frame(size, scale, tr("stats.chart.chips"), [0, 1], labelled=False).empty(
            tr("stats.chart.no_sessions"))
    frame = _Frame(size, scale, tr("stats.chart.chips"), nice_ticks(min(0, *ys), max(0, *ys)),
                   sessions_label(points))
    plot, n = frame.plot, len(points)
    step = plot.width / n  # each session in the middle of its own slot

    def x(i: int) -> int:
        return round(plot.left + step * (i + 0.5))

    line = [(x(i), frame.y(v)) for i, v in enumerate(ys)]
    zero = frame.y(0)
    pygame.draw.line(frame.surface, MUTED, (plot.left, zero), (plot.right, zero),
                     max(1, round(scale)))
    if n > 1:  # the area between the line and zero, faintly gold
        shade = pygame.Surface(frame.surface.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(shade, (*GOLD, 31), [(line[0][0], zero), *line, (line[-1][0], zero)])
        frame.surface.blit(shade, (0, 0))
        pygame.draw.lines(frame.surface, GOLD, False, line, max(2, round(2.6 * scale)))
        pygame.draw.aalines(frame.surface, GOLD, False, line)  # smooth the line's edges
    if n < 40:
        for point in line:
            pygame.draw.circle(frame.surface, GOLD, point, max(3, round(4 * scale)))
            pygame.draw.circle(frame.surface, GOLD_DEEP, point, max(2, round(2.6 * scale)))
    for tick in nice_ticks(1, n, 7):
        if 1 <= tick <= n:
            frame.x_tick(x(tick - 1), str(tick))
    return frame.surface


def levels_chart(by_level: dict[str, Tally], size: tuple[int, int],
                 scale: float = 1.0) -> pygame.Surface:
    """Bars of wins, draws and losses against each computer level at the table."""
    levels = [lv for lv in LEVELS if lv in by_level] + sorted(set(by_level) - set(LEVELS))
    if not levels:
        return _Frame(size, scale, tr("stats.chart.levels"), [0, 1], labelled=False).empty(
            tr("stats.chart.no_ai"))
    series = ((tr("stats.wins"), GOLD, [by_level[lv].wins for lv in levels]),
              (tr("stats.draws"), MUTED, [by_level[lv].draws for lv in levels]),
              (tr("stats.losses"), RED, [by_level[lv].losses for lv in levels]))
    tallest = max(max(values) for _, _, values in series)
    # head room above the tallest bar keeps the legend clear of the bars
    frame = _Frame(size, scale, tr("stats.chart.levels"), nice_ticks(0, tallest * 1.35 + 0.5))
    plot = frame.plot
    slot = plot.width / len(levels)
    bar = slot * 0.26
    for i, level in enumerate(levels):
        centre = plot.left + slot * (i + 0.5)
        for j, (_, colour, values) in enumerate(series):
            top = frame.y(values[i])
            left = round(centre + (j - 1.5) * bar)
            if values[i]:
                pygame.draw.rect(frame.surface, colour,
                                 pygame.Rect(left, top, round(bar), plot.bottom - top))
        frame.x_tick(round(centre), tr(f"level.{level}"))
    _legend(frame, [(name, colour) for name, colour, _ in series])
    return frame.surface


def _legend(frame: _Frame, entries: list[tuple[str, tuple[int, int, int]]]) -> None:
    """Colour keys in a row at the top right of the plot."""
    s = frame.scale
    box, gap = round(14 * s), round(18 * s)
    texts = [frame.tick_font.render(name, True, CREAM) for name, _ in entries]
    width = sum(box + round(6 * s) + t.get_width() for t in texts) + gap * (len(texts) - 1)
    x = frame.plot.right - width - round(6 * s)
    y = frame.plot.top + round(6 * s)
    for (_, colour), text in zip(entries, texts):
        pygame.draw.rect(frame.surface, colour, pygame.Rect(x, y + (text.get_height() - box) // 2,
                                                            box, box))
        x += box + round(6 * s)
        frame.surface.blit(text, (x, y))
        x += text.get_width() + gap
