"""The Statistics screen's charts, drawn by matplotlib (Agg, off screen) onto pygame surfaces.

matplotlib is heavy to import, so this module is imported only when the Statistics screen opens
(a test checks that the main menu does not import it). The charts wear the table's colours:
transparent over the felt, cream text in the game's own font, gold for the player's line.
"""

from __future__ import annotations

import datetime
import time
from typing import Sequence

import matplotlib

matplotlib.use("Agg")  # off-screen only: pygame owns the window

import pygame  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.font_manager import FontProperties  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

from sprites.fonts import font_path  # noqa: E402

from .i18n import language, tr  # noqa: E402
from storage.history.stats import LEVELS, Tally  # noqa: E402

GOLD = "#f0d58a"
GOLD_DEEP = "#c9a24a"
CREAM = "#f3ead2"
MUTED = "#b7ad8f"
RED = "#d9695f"
GRID = "#3c5a46"
_DPI = 100


def _font(size: float, bold: bool = False) -> FontProperties:
    path = font_path("bold" if bold else "text")
    return FontProperties(fname=path, size=size) if path else FontProperties(size=size)


def _figure(size: tuple[int, int]) -> Figure:
    fig = Figure(figsize=(size[0] / _DPI, size[1] / _DPI), dpi=_DPI)
    FigureCanvasAgg(fig)  # attaches itself: the figure draws off screen
    fig.patch.set_alpha(0.0)  # the panel and felt show through
    return fig


def _style(ax, title: str, scale: float) -> None:
    ax.set_facecolor((0, 0, 0, 0))
    ax.set_title(title, color=GOLD, fontproperties=_font(13 * scale, bold=True), loc="left",
                 pad=8 * scale)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    for side in ("left", "bottom"):
        ax.spines[side].set_color(MUTED)
    ax.tick_params(colors=MUTED, labelsize=10 * scale)
    for label in ax.get_xticklabels() + ax.get_yticklabels():
        label.set_fontproperties(_font(10 * scale))
    ax.grid(axis="y", color=GRID, linewidth=0.8)
    ax.set_axisbelow(True)


def _whole_numbers(axis) -> None:
    """Ticks on whole numbers only (sessions and chips are counted), even when the range holds
    a single one (matplotlib's default then falls back to 0.2 steps)."""
    axis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))


def _fitting_range(values: Sequence[int]) -> tuple[float, float]:
    """A y range holding zero and every value, with a little room above and below the line."""
    low, high = min(0, *values), max(0, *values)
    room = max(1.0, (high - low) * 0.12)
    return (low - room if low < 0 else low), high + room


def _day(when: float) -> str:
    """A date in the player's language ("1 déc. 2026")."""
    from babel.dates import format_date

    day = time.localtime(when)
    try:
        return format_date(datetime.date(day.tm_year, day.tm_mon, day.tm_mday), "medium",
                           locale=language())
    except (ValueError, LookupError):
        return time.strftime("%Y-%m-%d", day)


def _surface(fig: Figure) -> pygame.Surface:
    fig.canvas.draw()
    width, height = fig.canvas.get_width_height()
    buffer = bytes(fig.canvas.buffer_rgba())
    return pygame.image.frombuffer(buffer, (width, height), "RGBA").copy()


def chips_chart(points: Sequence[tuple[float, int]], size: tuple[int, int],
                scale: float = 1.0) -> pygame.Surface:
    """A line of Azi chips won so far, session by session."""
    return _surface(chips_figure(points, size, scale))


def chips_figure(points: Sequence[tuple[float, int]], size: tuple[int, int],
                 scale: float = 1.0) -> Figure:
    """The chips chart as a matplotlib figure (tests read its axes)."""
    fig = _figure(size)
    ax = fig.add_subplot()
    xs = list(range(1, len(points) + 1))
    ys = [c for _, c in points]
    ax.axhline(0, color=MUTED, linewidth=0.8)
    if points:
        ax.plot(xs, ys, color=GOLD, linewidth=2.2 * scale, marker="o" if len(xs) < 40 else None,
                markersize=4 * scale, markerfacecolor=GOLD_DEEP, markeredgecolor=GOLD)
        ax.fill_between(xs, ys, 0, color=GOLD, alpha=0.12)
        ax.set_xlim(0.5, max(xs) + 0.5)
        ax.set_ylim(*_fitting_range(ys))
        _whole_numbers(ax.xaxis)
        _whole_numbers(ax.yaxis)
        first, last = _day(points[0][0]), _day(points[-1][0])
        ax.set_xlabel(tr("stats.chart.sessions", first=first, last=last) if first != last
                      else tr("stats.chart.sessions_one_day", day=first),
                      color=MUTED, fontproperties=_font(10 * scale))
    else:
        ax.text(0.5, 0.5, tr("stats.chart.no_sessions"), color=MUTED, ha="center",
                va="center", transform=ax.transAxes, fontproperties=_font(12 * scale))
        ax.set_xticks([])
    _style(ax, tr("stats.chart.chips"), scale)
    fig.tight_layout(pad=0.6)
    return fig


def levels_chart(by_level: dict[str, Tally], size: tuple[int, int],
                 scale: float = 1.0) -> pygame.Surface:
    """Bars of wins, draws and losses against each computer level at the table."""
    fig = _figure(size)
    ax = fig.add_subplot()
    levels = [lv for lv in LEVELS if lv in by_level] + sorted(set(by_level) - set(LEVELS))
    names = [tr(f"level.{lv}") for lv in levels]
    wins = [by_level[lv].wins for lv in levels]
    draws = [by_level[lv].draws for lv in levels]
    losses = [by_level[lv].losses for lv in levels]
    if levels:
        xs = range(len(levels))
        width = 0.26
        ax.bar([x - width for x in xs], wins, width, color=GOLD, label=tr("stats.wins"))
        ax.bar(list(xs), draws, width, color=MUTED, label=tr("stats.draws"))
        ax.bar([x + width for x in xs], losses, width, color=RED, label=tr("stats.losses"))
        ax.set_xticks(list(xs), names)
        _whole_numbers(ax.yaxis)
        # head room above the tallest bar keeps the legend clear of the bars and the title
        ax.set_ylim(0, max(wins + draws + losses) * 1.35 + 0.5)
        legend = ax.legend(frameon=False, prop=_font(10 * scale), loc="upper right", ncol=3)
        for text in legend.get_texts():
            text.set_color(CREAM)
    else:
        ax.text(0.5, 0.5, tr("stats.chart.no_ai"), color=MUTED, ha="center", va="center",
                transform=ax.transAxes, fontproperties=_font(12 * scale))
        ax.set_xticks([])
    _style(ax, tr("stats.chart.levels"), scale)
    fig.tight_layout(pad=0.6)
    return _surface(fig)
