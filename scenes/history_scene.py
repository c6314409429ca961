"""The History screen: past games newest first, filters, pages, and Watch / Verify / Export.

A row per game: date, game, players, the result for the person at the screen (the first human
seat; in a game the computer played alone, who won or lost), time at the table, and ✓ when the
record verified. Only a page of rows is read from the database at a time, so the list stays
quick with a hundred thousand games.
"""

from __future__ import annotations

import re

import pygame
import pygame_gui

from sprites.fonts import font


from .i18n import short_date, short_date_time, short_time, tr
from storage.history import Filters
from storage.history.db import GameRow
from storage.history.summary import DRAW, LOSS, WIN
from .memory_scene import MemoryScene
from . import stats_scene  # noqa: F401  (defines the Statistics tab this screen opens)
from .text_wrap import fit_text
from .widgets import CREAM, GOLD, MUTED, text_surface

LOSS_RED = (255, 171, 148)
_RESULTS = ((None, "history.all"), (WIN, "history.won"), (LOSS, "history.lost"),
            (DRAW, "history.drawn"))
_GAMES = ((None, "history.all"), ("azi", "game.azi"), ("durak", "game.durak"))
# the text columns, left to right; the players' names take the room the others leave
_COLUMNS = ("date", "game", "players", "result", "time", "verified")
_SAMPLE_MOMENT = 1798761540.0  # 2026-12-31 23:59: the widest day and hour a date column shows


def result_text(row: GameRow) -> tuple[str, str]:
    """What the row says of the result, and its outcome for colouring (win, loss, draw)."""
    seats = row.seats
    if row.viewer_seat is not None and row.viewer_seat < len(seats):
        me = seats[row.viewer_seat]
        if row.game == "azi":
            chips = me.chips or 0
            key = ("history.result.azi_up" if chips > 0 else "history.result.azi_down"
                   if chips < 0 else "history.result.azi_even")
            return tr(key, chips=abs(chips)), me.outcome
        if me.outcome == LOSS:
            return tr("history.result.durak_lost"), LOSS
        if me.outcome == DRAW:
            return tr("history.result.draw"), DRAW
        key = "history.result.durak_first" if me.place == 1 else "history.result.durak_won"
        return tr(key, place=me.place, players=len(seats)), WIN
    if row.game == "azi":
        best = min(seats, key=lambda s: (s.place or 99, s.seat)) if seats else None
        return tr("history.result.watch_azi", name=best.name if best else "?"), DRAW
    durak = next((s for s in seats if s.outcome == LOSS), None)
    if durak is None:
        return tr("history.result.watch_draw"), DRAW
    return tr("history.result.watch_durak", name=durak.name), DRAW


def players_text(row: GameRow) -> str:
    """The names at the table, each computer player with its level."""
    names = []
    for s in row.seats:
        level = tr(f"level.{s.level}") if s.kind == "ai" and s.level else ""
        names.append(f"{s.name} ({level})" if level else s.name)
    return ", ".join(names)


def duration_text(seconds: float | None) -> str:
    """``12:05`` (minutes:seconds) or ``1:02:05``; a dash when unknown."""
    if seconds is None:
        return tr("history.no_duration")
    total = int(round(seconds))
    hours, rest = divmod(total, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def game_text(row: GameRow) -> str:
    """The game, and for an Azi session how many games it had."""
    if row.game == "azi":
        return (tr("history.azi_one_game") if row.deals == 1
                else tr("history.azi_games", count=row.deals))
    return tr("game.durak")


class HistoryScene(MemoryScene):
    """Past games, newest first; filters by game, player and result; Prev / Next pages."""

    tab = "games"

    def __init__(self, app, history=None) -> None:
        super().__init__(app, history)
        self.filters = Filters()
        self.page_number = 0
        self.rows: list[GameRow] = []
        self.total = 0
        self.row_widgets: list[pygame_gui.core.UIElement] = []
        self.row_buttons: list[dict[str, pygame_gui.elements.UIButton]] = []

    # --- layout ----------------------------------------------------------------------------------
    def build(self, rect: pygame.Rect) -> None:
        """Header, the filter row, the list panel, and the page bar."""
        s = self.app.ui_scale
        w, h = rect.size
        y = self.build_header(rect)
        margin = round(max(20, (w - round(1180 * s)) / 2))
        bar_h = round(34 * s)
        x = margin
        seg_w = self.button_width([tr(k) for _, k in _GAMES], "@choice", round(92 * s))
        result_w = self.button_width([tr(k) for _, k in _RESULTS], "@choice", round(84 * s))
        self.game_filter = self.segmented(
            pygame.Rect(x, y, seg_w * 3, bar_h), [(v, tr(k)) for v, k in _GAMES],
            self.filters.game, lambda v: self.set_filter(game=v))
        x += seg_w * 3 + round(22 * s)
        self.result_filter = self.segmented(
            pygame.Rect(x, y, result_w * 4, bar_h), [(v, tr(k)) for v, k in _RESULTS],
            self.filters.outcome, lambda v: self.set_filter(outcome=v))
        x += result_w * 4 + round(22 * s)
        label_w = round(64 * s)
        self.label(pygame.Rect(x, y, label_w, bar_h), tr("history.filter_player"), "@muted")
        x += label_w
        self.player_entry = self.entry(pygame.Rect(x, y, w - margin - x, bar_h),
                                       self.filters.player or "",
                                       lambda t: self.set_filter(player=t.strip() or None),
                                       max_length=24)
        top = y + bar_h + round(12 * s)
        bottom = h - round(66 * s)
        self.list_rect = self.panel(pygame.Rect(margin, top, w - 2 * margin, bottom - top))
        self.row_h = round(38 * s)
        self.header_h = round(30 * s)
        pad = round(14 * s)
        # each row button as wide as its own word needs (in the "@choice" font they are drawn in)
        self.row_button_w = {name: self.button_width([tr(f"history.{name}")], "@choice",
                                                     round(60 * s))
                             for name in ("watch", "verify", "export")}
        self.buttons_w = sum(self.row_button_w.values()) + round(6 * s) * 2
        text_left = self.list_rect.x + pad
        text_w = self.list_rect.width - 2 * pad - self.buttons_w - round(10 * s)
        self.columns, cx = {}, text_left
        widths = self.column_widths(text_w)
        for name in _COLUMNS:
            self.columns[name] = (cx, widths[name])
            cx += widths[name]
        room = self.list_rect.height - self.header_h - round(8 * s)
        first = self.page_number * getattr(self, "per_page", 1)
        self.per_page = max(3, room // self.row_h)
        self.page_number = first // self.per_page
        bw = self.button_width([tr("history.prev"), tr("history.next")], "@quiet_button",
                               round(112 * s))
        bh = round(42 * s)
        by = h - round(56 * s)
        self.prev_button = self.button(pygame.Rect(margin, by, bw, bh), tr("history.prev"),
                                       lambda: self.go(self.page_number - 1),
                                       object_id="@quiet_button")
        self.page_rect = pygame.Rect(margin + bw, by, round(170 * s), bh)
        self.next_button = self.button(pygame.Rect(margin + bw + round(170 * s), by, bw, bh),
                                       tr("history.next"), lambda: self.go(self.page_number + 1),
                                       object_id="@quiet_button")
        self.build_footer(w, margin, bw, bh, by)
        self.fill_rows()

    def column_widths(self, text_w: int) -> dict[str, int]:
        """Each column as wide as its head and its widest usual text; the names get the rest."""
        s = self.app.ui_scale
        size = max(11, round(15 * s))
        gap = round(14 * s)
        text, bold = font("text", size), font("bold", size)
        samples = {
            "date": [short_date_time(_SAMPLE_MOMENT)],
            "game": [tr("game.durak"), tr("history.azi_games", count=12)],
            "result": [tr("history.result.durak_won", place=5, players=6),
                       tr("history.result.durak_first"),
                       tr("history.result.azi_up", chips=12345), tr("history.result.durak_lost")],
            "time": ["0:00:00"],
            "verified": [""],
        }
        widths = {}
        for name, texts in samples.items():
            face = bold if name == "result" else text
            heading = bold.size(tr(f"history.col_{name}"))[0]
            widest = max([face.size(t)[0] for t in texts] + [heading])
            widths[name] = widest + gap
        # in a narrow window the day and the hour stand on two lines, leaving room for names
        self.date_two_lines = text_w - sum(widths.values()) < round(text_w * 0.3)
        if self.date_two_lines:
            parts = [short_date(_SAMPLE_MOMENT), short_time(_SAMPLE_MOMENT),
                     tr("history.col_date")]
            widths["date"] = max(bold.size(p)[0] for p in parts) + gap
        players = round(text_w * 0.2)
        excess = sum(widths.values()) + players - text_w
        for name in ("result", "game"):  # never under the row buttons: a long word gets "…"
            give = min(max(0, excess), widths[name] // 3)
            widths[name] -= give
            excess -= give
        widths["players"] = max(players, text_w - sum(widths.values()))
        return widths

    # --- the list --------------------------------------------------------------------------------
    def set_filter(self, **change) -> None:
        """Narrow the list (back to the first page)."""
        self.filters = Filters(**{**self.filters.__dict__, **change})
        self.page_number = 0
        self.fill_rows()

    @property
    def pages(self) -> int:
        """How many pages the filtered list has (at least one)."""
        return max(1, -(-self.total // self.per_page))

    def go(self, page: int) -> None:
        """Show page ``page`` (0 first), kept within the list."""
        self.page_number = min(max(0, page), self.pages - 1)
        self.fill_rows()

    def fill_rows(self) -> None:
        """Read the page from the database and make each row's buttons."""
        for widget in self.row_widgets:
            widget.kill()
        for button in self.row_widgets:
            self._on_press.pop(button, None)
        self.row_widgets, self.row_buttons = [], []
        self.total = self.query(lambda: self.history.count(self.filters), 0)
        self.page_number = min(self.page_number, self.pages - 1)
        self.rows = self.query(
            lambda: self.history.page(self.filters, self.page_number, self.per_page), [])
        s = self.app.ui_scale
        gap = round(6 * s)
        x0 = self.list_rect.right - round(14 * s) - self.buttons_w
        for i, row in enumerate(self.rows):
            y = self.row_top(i) + round(4 * s)
            actions = (("watch", lambda r=row: self.watch(r.record_path)),
                       ("verify", lambda r=row: self.verify(r)),
                       ("export", lambda r=row: self.export(r)))
            made = {}
            x = x0
            for name, action in actions:
                bw = self.row_button_w[name]
                made[name] = self.button(pygame.Rect(x, y, bw, self.row_h - round(8 * s)),
                                         tr(f"history.{name}"), action, object_id="@choice")
                self.row_widgets.append(made[name])
                x += bw + gap
            if not row.record_path:
                made["watch"].disable()
                made["verify"].disable()
            self.row_buttons.append(made)
        self.page_text = tr("history.page", page=self.page_number + 1, pages=self.pages)
        self.prev_button.enable() if self.page_number > 0 else self.prev_button.disable()
        (self.next_button.enable() if self.page_number < self.pages - 1
         else self.next_button.disable())

    def row_top(self, index: int) -> int:
        """The y of row ``index`` on the page."""
        return self.list_rect.y + self.header_h + round(4 * self.app.ui_scale) + index * self.row_h

    # --- row actions ------------------------------------------------------------------------------
    def watch(self, record_path: str | None) -> None:
        """Replay the game at the table, over this screen (a missing or damaged file: a toast)."""
        if not record_path:
            return
        from .table.replay_scene import open_replay

        try:
            open_replay(self.app, record_path)
        except (OSError, ValueError) as error:
            reason = getattr(error, "strerror", None) or str(error).splitlines()[0]
            self.toast.show(tr("history.replay_failed", reason=reason), 6.0)

    def verify(self, row: GameRow) -> None:
        """Check the record's deals and show the lines."""
        from .verify_dialog import VerifyScene

        self.app.push(VerifyScene(self.app, row.record_path))

    # --- keys and drawing -------------------------------------------------------------------------
    def on_key(self, event: pygame.event.Event) -> None:
        """Page Up / Page Down turn the page; Esc goes back."""
        if event.key == pygame.K_PAGEDOWN:
            self.go(self.page_number + 1)
        elif event.key == pygame.K_PAGEUP:
            self.go(self.page_number - 1)
        else:
            super().on_key(event)

    def draw_decor(self, surface: pygame.Surface) -> None:
        """The column heads and the rows' text."""
        super().draw_decor(surface)
        s = self.app.ui_scale
        page = text_surface(self.page_text, "text", max(11, round(16 * s)), MUTED)
        surface.blit(page, page.get_rect(center=self.page_rect.center))
        size = max(11, round(15 * s))
        head_y = self.list_rect.y + round(8 * s)
        for name, (x, width) in self.columns.items():
            head = text_surface(fit_text(tr(f"history.col_{name}"), "bold", size,
                                         width - round(6 * s)), "bold", size, GOLD)
            surface.blit(head, (x, head_y))
        line_y = self.list_rect.y + self.header_h
        pygame.draw.line(surface, (201, 162, 74), (self.list_rect.x + round(10 * s), line_y),
                         (self.list_rect.right - round(10 * s), line_y), 1)
        if not self.rows:
            key = "history.empty_filtered" if self.filters != Filters() else "history.empty"
            text = text_surface(tr(key), "text", max(12, round(17 * s)), MUTED)
            surface.blit(text, text.get_rect(center=self.list_rect.center))
            return
        for i, row in enumerate(self.rows):
            top = self.row_top(i)
            if i % 2:
                band = pygame.Rect(self.list_rect.x + 2, top, self.list_rect.width - 4, self.row_h)
                surface.fill((12, 14, 12), band, special_flags=pygame.BLEND_RGB_ADD)
            result, outcome = result_text(row)
            colour = GOLD if outcome == WIN else LOSS_RED if outcome == LOSS else CREAM
            cells = {"date": (short_date_time(row.started_at), CREAM),
                     "game": (game_text(row), CREAM), "players": (players_text(row), CREAM),
                     "result": (result, colour), "time": (duration_text(row.duration), MUTED),
                     "verified": ("", GOLD)}
            if row.verified:
                x, width = self.columns["verified"]
                _tick(surface, (x + round(9 * s), top + self.row_h // 2), s)
            for name, (x, width) in self.columns.items():
                text, tone = cells[name]
                room = width - round(8 * s)
                if name == "players" and font("text", size).size(text)[0] > room and ", " in text:
                    _two_lines(surface, text, size - 1, tone, (x, top), room, self.row_h)
                    continue
                if name == "date" and self.date_two_lines:
                    _lines(surface, (short_date(row.started_at), short_time(row.started_at)),
                           size - 1, tone, (x, top), room, self.row_h)
                    continue
                _blit_clipped(surface, text, "bold" if name == "result" else "text", size,
                              tone, (x, top + self.row_h // 2), room)


def _two_lines(surface: pygame.Surface, text: str, size: int, colour: tuple[int, int, int],
               topleft: tuple[int, int], width: int, height: int) -> None:
    """A list of names too long for one line, broken after a comma into two; if the two lines
    are still too long, the computer players' levels are left out (the names stay whole)."""
    face = font("text", size)
    for names in (text.split(", "), re.sub(r" \([^()]*\)", "", text).split(", ")):
        lines = min(((", ".join(names[:cut]) + ",", ", ".join(names[cut:]))
                     for cut in range(1, len(names))),
                    key=lambda pair: max(face.size(line)[0] for line in pair))
        if max(face.size(line)[0] for line in lines) <= width:
            break
    _lines(surface, lines, size, colour, topleft, width, height)


def _lines(surface: pygame.Surface, lines: tuple[str, ...], size: int,
           colour: tuple[int, int, int], topleft: tuple[int, int], width: int,
           height: int) -> None:
    """Short lines one under the other, centred in a row ``height`` high."""
    face = font("text", size)
    line_h = face.get_linesize()
    y = topleft[1] + (height - 2 * line_h) // 2
    for line in lines:
        _blit_clipped(surface, line, "text", size, colour, (topleft[0], y + line_h // 2), width)
        y += line_h


def _tick(surface: pygame.Surface, centre: tuple[int, int], scale: float) -> None:
    """A gold check mark (drawn: the text font has no ✓)."""
    x, y = centre
    d = 5 * scale
    points = [(x - d, y), (x - d * 0.3, y + d * 0.8), (x + d * 1.2, y - d)]
    pygame.draw.lines(surface, GOLD, False, points, max(2, round(2.4 * scale)))


def _blit_clipped(surface: pygame.Surface, text: str, role: str, size: int,
                  colour: tuple[int, int, int], midleft: tuple[int, int], width: int) -> None:
    """Text at ``midleft``, cut with an ellipsis when wider than ``width``."""
    image = text_surface(fit_text(text, role, size, width), role, size, colour)
    surface.blit(image, image.get_rect(midleft=midleft))
