"""The replay table: the game's own table fed by a :class:`RecordedSource`, with replay controls.

The controls replace the Watch panel in the bottom-right corner: Back · Play/Pause · Step, the
previous / next battle (Durak) or trick (Azi), slower · speed · faster; above them the position
("Battle 7 of 23", "move 41 of 160") and the record's fair-deal check.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from engine.games import rules_for
from engine.record import GameRecord
from storage.history.summary import seat_kind

from ..fair_view import FAIR_GREEN, FAIR_RED, fitted
from ..game_screens import screens_for
from ..home import go_home
from ..i18n import tr
from ..table_config import Seat, TableConfig
from ..widgets import CREAM, draw_panel
from .replay import RecordedSource


class ReplayControls:
    """Mixed in before a game's table class: the source is a record, the panel replays it."""

    def __init__(self, app, config: TableConfig, source: RecordedSource) -> None:
        self.replay = source
        super().__init__(app, config)

    def make_source(self, game=None) -> RecordedSource:
        """The record being replayed (a replay never deals a new game)."""
        return self.replay

    # --- moving through the record --------------------------------------------------------------
    def replay_to(self, position: int) -> None:
        """Show the position after ``position`` actions at once, without animation."""
        self.replay.goto(position)
        self.timeline.clear()
        self.mover.finish_all()
        self.over = False
        self.view.game_over = False
        self.plates.clear_bubbles()
        self.notices.hush()
        self.overlays.show_peek = False
        if hasattr(self, "roles"):
            self.roles = {}  # Durak: the battle's roles come back with its next events
        self.rebuild_sprites()
        self.story.unsettle()
        self.rebuild()

    def replay_back(self) -> None:
        """One move back (and stop)."""
        self.replay.paused = True
        self.replay_to(self.replay.position - 1)

    def replay_jump(self, direction: int) -> None:
        """To the start of the previous (-1) or next (+1) battle or trick (and stop)."""
        self.replay.paused = True
        self.replay_to(self.replay.jump(direction))

    # --- the panel ------------------------------------------------------------------------------
    def _build_watch_panel(self, area: pygame.Rect, s: float) -> None:
        """Back · Play · Step; previous · next round; slower · speed · faster."""
        bh, gap = round(36 * s), round(6 * s)
        y = area.bottom - round(10 * s) - 3 * bh - 2 * gap
        half = (area.width - gap) // 2
        third = (area.width - 2 * gap) // 3
        play_text = tr("table.watch_resume") if self.replay.paused else tr("table.watch_pause")
        unit = screens_for(self.replay.game_name).round_word
        rows = [
            [("back", tr("replay.back"), self.replay_back, third, "@quiet_button"),
             ("pause", play_text, self.watch.toggle_pause, third, "@choice_selected"),
             ("step", tr("table.watch_step"), self.watch.step, third, "@quiet_button")],
            [("previous", tr(f"replay.previous_{unit}"), lambda: self.replay_jump(-1), half,
              "@quiet_button"),
             ("next", tr(f"replay.next_{unit}"), lambda: self.replay_jump(1), half,
              "@quiet_button")],
            self.watch.speed_row(third),
        ]
        self.buttons.place_watch_rows(rows, area.x, y, bh, gap)

    def replay_label_rect(self) -> pygame.Rect:
        """Where the position and the fair-deal check are written: above the controls."""
        s = self.layout.scale
        top = min(b.rect.top for b in self.buttons.watch.values()) if self.buttons.watch else (
            self.layout.actions.bottom)
        area = self.layout.actions.inflate(-2 * max(6, round(10 * s)), 0)
        height = round(72 * s)
        return pygame.Rect(area.x, top - round(8 * s) - height, area.width, height)

    def draw_over(self, surface: pygame.Surface) -> None:
        """The game's own marks, then the position and the fair-deal check."""
        super().draw_over(surface)
        s = self.layout.scale
        rect = self.replay_label_rect()
        draw_panel(surface, rect, s * 0.6, 200)
        size = round(15 * s)
        where, move = self.replay.position_lines()
        verified, fair = self.replay.fair_text()
        pad = round(10 * s)
        y = rect.y + round(6 * s)
        for text, role, colour in ((where, "bold", CREAM), (move, "text", CREAM),
                                   (fair, "text", FAIR_GREEN if verified else FAIR_RED)):
            # a long line takes a smaller size rather than losing its end ("patikri…")
            line = fitted(text, role, size, colour, rect.width - 2 * pad)
            surface.blit(line, (rect.x + pad, y))
            y += round(size * 1.35)

    def _watch_key(self, key: int) -> None:
        """Space play/pause, → step, ← back, Page Up/Down the previous/next round, − + speed."""
        if key == pygame.K_LEFT:
            self.replay_back()
        elif key == pygame.K_PAGEUP:
            self.replay_jump(-1)
        elif key == pygame.K_PAGEDOWN:
            self.replay_jump(1)
        else:
            super()._watch_key(key)

    def toggle_show_all(self) -> None:
        """A replay always shows every hand."""

    def thinking_seat(self) -> int | None:
        """Nobody thinks in a replay: the moves are already made."""
        return None

    def leave_question(self) -> str | None:
        """Leaving a replay loses nothing: no question."""
        return None

    def leave_destination(self):
        """Back to the screen the replay was opened from (History), else the main menu."""
        def back() -> None:
            if self not in self.app.scenes or self.app.scenes[0] is self:
                go_home(self.app)
                return
            while self.app.scenes and self.app.scenes[-1] is not self:
                self.app.pop()
            self.app.pop()
        return back

    def _open_game_over(self) -> None:
        """The end of the record: the table stays, with its hands face up, to step back through."""
        self.rebuild()


def replay_config(record: GameRecord) -> TableConfig:
    """The table a record was played at: its seat names, nobody at the screen, its options."""
    kinds = list(record.meta.get("seat_kinds") or [])
    seats = []
    for seat, name in enumerate(record.seats):
        kind, level = seat_kind(kinds[seat]) if seat < len(kinds) else ("unknown", None)
        seats.append(Seat(name, "human" if kind == "human" else "ai", level or ""))
    defaults = rules_for(record.game).default_options
    options = {**defaults, **{k: record.options[k] for k in defaults if k in record.options}}
    return TableConfig(record.game, seats, options, watch=True)


def replay_table(app, record: GameRecord):
    """The game's table class with replay controls, showing ``record`` from its first deal."""
    table_class = screens_for(record.game).table_class()
    scene_class = type(f"Replay{table_class.__name__}", (ReplayControls, table_class), {})
    return scene_class(app, replay_config(record), RecordedSource(record))


def open_replay(app, record_path: Path | str):
    """Open the saved game at ``record_path`` on the table, over the scene now shown."""
    from storage.records import load_record

    record = load_record(record_path)
    return app.push(replay_table(app, record))
