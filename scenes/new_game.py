"""The new-game screen: seats (2–6, each Human or a computer level, with a name) and options.

The defaults make "Play" → "Start" a two-click game: you against computer players at Normal.
"Start" builds a :class:`TableConfig` and calls ``scenes.tables.open_table(app, config)``
(looked up at click time, so the table scenes can install the real one).
"""

from __future__ import annotations

from typing import Any

import pygame

from . import tables
from .game_screens import screens_for
from .i18n import is_you_word, languages, tr, tr_in
from .scene import UIScene
from .table_config import (
    AI,
    GAMES,
    HUMAN,
    LEVELS,
    SEAT_BOUNDS,
    Seat,
    TableConfig,
    clamp_azi_numbers,
    default_options,
)
from .widgets import ornament

MIN_SEATS, MAX_SEATS = SEAT_BOUNDS
_KIND_CHOICES = [(HUMAN, "seat.human")] + [(level, f"level.{level}") for level in LEVELS]



def is_default_name(name: str, index: int, kind: str) -> bool:
    """Is ``name`` one the game gives seat ``index`` in some language (not one a player typed)?"""
    if kind == HUMAN and is_you_word(name):
        return True
    for code in languages():
        if kind == HUMAN and name == tr_in(code, "names.player", n=index + 1):
            return True
        if kind == AI and name in [n.strip() for n in tr_in(code, "names.ai").split(",")]:
            return True
    return False

class NewGameScene(UIScene):
    """Choose the game, the players and the table options, then start."""

    def __init__(self, app, game: str = "durak", *, watch: bool = False) -> None:
        super().__init__(app)
        self.watch = watch
        self.game = game if game in GAMES else "durak"
        self.error = ""
        self.seats: list[dict[str, Any]] = []
        self.options: dict[str, dict[str, Any]] = {g: default_options(g) for g in GAMES}
        self.min_follow_ante = {"min_bet": True, "min_raise": True}
        self._load_remembered()
        if not self.seats:
            self.seats = self._default_seats()
        self._rename_auto_seats()

    # --- state --------------------------------------------------------------------------------
    def _memory_key(self) -> str:
        return "watch" if self.watch else "play"

    def _load_remembered(self) -> None:
        memory = self.app.settings.tables.get(self._memory_key())
        if not isinstance(memory, dict):
            return
        try:
            seats = [dict(name=str(s["name"]), kind=s["kind"], level=s["level"], auto=False)
                     for s in memory.get("seats", [])]
            for i, seat in enumerate(seats):
                # a name the game gave ("Vous", "Joueur 2", "Anna") follows the language;
                # a name the player typed stays as typed
                seat["auto"] = is_default_name(seat["name"], i, seat["kind"])
            if MIN_SEATS <= len(seats) <= MAX_SEATS and all(
                    s["kind"] in (HUMAN, AI) and s["level"] in LEVELS for s in seats):
                self.seats = seats
            for game in GAMES:
                saved = memory.get("options", {}).get(game, {})
                for key, value in saved.items():
                    if key in self.options[game] and type(value) is type(self.options[game][key]):
                        self.options[game][key] = value
            if clamp_azi_numbers(self.options["azi"]):
                # absurd remembered numbers (a stack of 10^15): shown in range, and said so
                self.error = tr("error.remembered")
            self.min_follow_ante = {k: self.options["azi"][k] == self.options["azi"]["ante"]
                                    for k in ("min_bet", "min_raise")}
        except (KeyError, TypeError, AttributeError):
            self.seats = []  # a damaged memory: start from the defaults

    def _default_seats(self) -> list[dict[str, Any]]:
        count = 4 if self.watch else 3
        seats = []
        for i in range(count):
            kind = AI if (self.watch or i > 0) else HUMAN
            seats.append(dict(name="", kind=kind, level="normal", auto=True))
        for i in range(count):
            seats[i]["name"] = self._default_name(i, seats)
        return seats

    def _rename_auto_seats(self) -> None:
        """Give the seats the game named their names in the current language."""
        for seat in self.seats:
            if seat["auto"]:
                seat["name"] = ""
        for i, seat in enumerate(self.seats):
            if seat["auto"]:
                seat["name"] = self._default_name(i, self.seats)

    def _default_name(self, index: int, seats: list[dict[str, Any]]) -> str:
        if seats[index]["kind"] == HUMAN:
            return tr("names.you") if index == 0 else tr("names.player", n=index + 1)
        taken = {s["name"] for j, s in enumerate(seats) if j != index}
        for name in tr("names.ai").split(","):
            if name.strip() and name.strip() not in taken:
                return name.strip()
        return tr("names.player", n=index + 1)

    def set_game(self, game: str) -> None:
        """Switch the game shown (seats are kept)."""
        self.game = game
        self.error = ""
        self.rebuild()

    def set_kind(self, index: int, choice: str) -> None:
        """Seat ``index`` is played by a human, or by the computer at level ``choice``."""
        seat = self.seats[index]
        kind = HUMAN if choice == HUMAN else AI
        changed_kind = kind != seat["kind"]
        seat["kind"] = kind
        if kind == AI:
            seat["level"] = choice
        if changed_kind and seat["auto"]:
            seat["name"] = self._default_name(index, self.seats)
            self._recheck()
            self.rebuild()
        else:
            self._update_hint()

    def set_name(self, index: int, text: str) -> None:
        """The name typed for seat ``index``."""
        self.seats[index]["name"] = text
        self.seats[index]["auto"] = False
        self._recheck()

    def _recheck(self) -> None:
        """A form showing an error checks itself again as it is edited: a fixed error goes away
        (and a different one takes its place if something else is still wrong)."""
        if not self.error:
            return
        self.error = ""
        self.config()
        if getattr(self, "error_label", None) is not None:
            self.error_label.set_text(self.error)

    def add_seat(self) -> None:
        """One more player (a computer player at Normal)."""
        if len(self.seats) < MAX_SEATS:
            self.seats.append(dict(name="", kind=AI, level="normal", auto=True))
            self.seats[-1]["name"] = self._default_name(len(self.seats) - 1, self.seats)
            self._recheck()
            self.rebuild()

    def remove_seat(self, index: int) -> None:
        """Take seat ``index`` away (at least two players stay)."""
        if len(self.seats) > MIN_SEATS:
            del self.seats[index]
            self._recheck()
            self.rebuild()

    def set_option(self, key: str, value: Any) -> None:
        """A choice option changed."""
        opts = self.options[self.game]
        opts[key] = value
        self._recheck()
        if key == "cards_dealt":
            if value != 3:
                opts["blind_bets"] = False
            self.rebuild()  # blind bets are only offered with the 3-card deal

    def set_number(self, key: str, text: str) -> None:
        """A number option was typed (kept as typed until Start checks it)."""
        opts = self.options["azi"]
        opts[key] = int(text) if text.isdigit() else text
        if key in self.min_follow_ante:
            self.min_follow_ante[key] = False
        if key == "ante" and isinstance(opts[key], int):
            for follower, follows in self.min_follow_ante.items():
                if follows:
                    opts[follower] = opts[key]
                    self._min_fields[follower].set_text(str(opts[key]))
        self._recheck()

    # --- start --------------------------------------------------------------------------------
    def config(self) -> TableConfig | None:
        """The table described by the form, or None with ``self.error`` set."""
        seats = []
        for seat in self.seats:
            name = seat["name"].strip()
            if not name:
                self.error = tr("error.name_empty")
                return None
            seats.append(Seat(name, seat["kind"], seat["level"]))
        options = dict(self.options[self.game])
        problem = screens_for(self.game).options_problem(options)
        if problem:
            self.error = problem
            return None
        watch = not any(s.kind == HUMAN for s in seats)
        return TableConfig(self.game, seats, options, watch)

    def start(self) -> None:
        """Check the form and open the table."""
        config = self.config()
        if config is None:
            self.error_label.set_text(self.error)
            return
        self._remember(config)
        tables.open_table(self.app, config)

    def host(self) -> None:
        """Check the form and set up a table for friends on this network."""
        from .lan.host_scene import HostScene

        config = self.config()
        if config is None:
            self.error_label.set_text(self.error)
            return
        self._remember(config)
        self.app.push(HostScene(self.app, config))

    def _remember(self, config: TableConfig) -> None:
        self.app.settings.tables[self._memory_key()] = {
            "seats": [dict(name=s.name, kind=s.kind, level=s.level) for s in config.seats],
            "options": {g: dict(self.options[g]) for g in GAMES},
        }
        self.app.save_settings()

    # --- widgets ------------------------------------------------------------------------------
    def build(self, rect: pygame.Rect) -> None:
        """Title, game tabs, the players panel, the options panel, Back and Start."""
        self._rename_auto_seats()  # the language may have changed since the last build
        s = self.app.ui_scale
        w, h = rect.size
        pad = round(18 * s)
        title = tr("newgame.title_watch") if self.watch else tr("newgame.title")
        self.title_rect = pygame.Rect(0, round(h * 0.03), w, round(58 * s))
        self.label(self.title_rect, title, "@heading")
        tab_w, tab_h = round(170 * s), round(42 * s)
        tab_y = self.title_rect.bottom + round(16 * s)
        for i, game in enumerate(GAMES):
            x = w // 2 - tab_w - round(6 * s) + i * (tab_w + round(12 * s))
            self.button(pygame.Rect(x, tab_y, tab_w, tab_h), tr(f"game.{game}"),
                        lambda g=game: self.set_game(g),
                        object_id="@tab_selected" if game == self.game else "@tab")
        top = tab_y + tab_h + round(20 * s)
        bottom_bar = round(64 * s)
        body_h = h - top - bottom_bar - round(14 * s)
        left = pygame.Rect(round(w * 0.04), top, round(w * 0.52), body_h)
        right = pygame.Rect(
            left.right + round(w * 0.02), top, w - left.right - round(w * 0.06), body_h
        )
        self.players_rect = self.panel(left)
        self.options_rect = self.panel(right)
        self._build_players(left.inflate(-2 * pad, -2 * pad), s)
        self._build_options(right.inflate(-2 * pad, -2 * pad), s)
        by = h - bottom_bar
        bh = round(48 * s)
        self.button(pygame.Rect(left.x, by, round(150 * s), bh), tr("newgame.back"), self.back,
                    object_id="@quiet_button")
        start_text = tr("newgame.start_watch") if self.watch else tr("newgame.start")
        self.start_button = self.button(
            pygame.Rect(right.right - round(230 * s), by, round(230 * s), bh),
            start_text,
            self.start,
            object_id="@primary_button",
        )
        host_w = 0
        if not self.watch:
            host_w = round(250 * s)
            self.host_button = self.button(
                pygame.Rect(right.right - round(240 * s) - host_w, by, host_w, bh),
                tr("newgame.host"), self.host, object_id="@quiet_button")
        self.error_label = self.label(
            pygame.Rect(
                left.x + round(160 * s),
                by,
                right.right - round(230 * s) - left.x - round(170 * s) - host_w,
                bh,
            ),
            self.error,
            "@error",
        )

    def _build_players(self, area: pygame.Rect, s: float) -> None:
        row_h, gap = round(40 * s), round(9 * s)
        self.label(
            pygame.Rect(area.x, area.y, area.width, round(34 * s)),
            tr("newgame.players"),
            "@section",
        )
        y = area.y + round(42 * s)
        num_w = round(26 * s)
        name_w = round(area.width * (0.3 if area.width > 560 else 0.26))
        remove_w = round(30 * s) if len(self.seats) > MIN_SEATS else 0
        # the four kinds as wide as their longest word needs; the name field gives up the rest
        kind_need = 4 * self.button_width([tr(k) for _, k in _KIND_CHOICES], "@choice") + 3 * 4
        room = area.width - num_w - round(10 * s) - (remove_w + round(8 * s) if remove_w else 0)
        name_w = max(round(area.width * 0.2), min(name_w, room - kind_need))
        kinds_x = area.x + num_w + name_w + round(10 * s)
        kinds_w = area.right - kinds_x - (remove_w + round(8 * s) if remove_w else 0)
        self.label(
            pygame.Rect(area.x + num_w, y, name_w, round(24 * s)), tr("newgame.name"), "@muted"
        )
        self.label(
            pygame.Rect(kinds_x, y, kinds_w, round(24 * s)), tr("newgame.played_by"), "@muted"
        )
        y += round(28 * s)
        self.name_fields = []
        self.kind_rows = []
        for i, seat in enumerate(self.seats):
            self.label(pygame.Rect(area.x, y, num_w, row_h), f"{i + 1}", "@muted")
            field = self.entry(pygame.Rect(area.x + num_w, y, name_w, row_h), seat["name"],
                               lambda text, i=i: self.set_name(i, text))
            self.name_fields.append(field)
            choice = HUMAN if seat["kind"] == HUMAN else seat["level"]
            options = [(value, tr(key)) for value, key in _KIND_CHOICES]
            self.kind_rows.append(self.segmented(pygame.Rect(kinds_x, y, kinds_w, row_h), options,
                                                 choice, lambda v, i=i: self.set_kind(i, v)))
            if remove_w:
                self.button(pygame.Rect(area.right - remove_w, y, remove_w, row_h), "\u00d7",
                            lambda i=i: self.remove_seat(i), object_id="@icon_button",
                            tooltip=tr("newgame.remove"))
            y += row_h + gap
        self.add_button = None
        if len(self.seats) < MAX_SEATS:
            words = "+ " + tr("newgame.add")
            # as wide as its words with air inside the frame ("+ Játékos hozzáadása")
            add_w = min(area.width - num_w,
                        self.button_width([words], "@quiet_button", round(200 * s)))
            self.add_button = self.button(
                pygame.Rect(area.x + num_w, y + round(2 * s), add_w, row_h),
                words,
                self.add_seat,
                object_id="@quiet_button",
            )
        self.hint_label = self.label(
            pygame.Rect(area.x, area.bottom - round(24 * s), area.width, round(24 * s)),
            "",
            "@muted",
        )
        self._update_hint()

    def _update_hint(self) -> None:
        humans = sum(1 for seat in self.seats if seat["kind"] == HUMAN)
        key = "newgame.hint_watch" if humans == 0 else (
            "newgame.hint_hotseat" if humans > 1 else "newgame.hint_single")
        self.hint_label.set_text(tr(key))

    def _build_options(self, area: pygame.Rect, s: float) -> None:
        self.label(
            pygame.Rect(area.x, area.y, area.width, round(34 * s)),
            tr("newgame.options"),
            "@section",
        )
        row_h, gap = round(38 * s), round(10 * s)
        label_w = round(area.width * 0.42)
        control = pygame.Rect(area.x + label_w, 0, area.width - label_w, row_h)
        y = area.y + round(46 * s)
        opts = self.options[self.game]
        self._min_fields: dict[str, Any] = {}
        self.option_controls: dict[str, Any] = {}

        def row(key: str) -> pygame.Rect:
            nonlocal y
            self.label(pygame.Rect(area.x, y, label_w, row_h), tr(f"option.{key}"), "@field")
            r = control.move(0, y)
            y += row_h + gap
            return r

        note = screens_for(self.game).option_rows(self, opts, row)
        self.note_rect = pygame.Rect(area.x, y + round(4 * s), area.width, area.bottom - y)
        self.note_text = note

    def draw_decor(self, surface: pygame.Surface) -> None:
        """An ornament under the title and the wrapped note in the options panel."""
        s = self.app.ui_scale
        ornament(
            surface,
            (surface.get_width() // 2, self.title_rect.bottom + round(4 * s)),
            round(260 * s),
            s,
        )
        from .text_wrap import draw_wrapped

        draw_wrapped(
            surface, self.note_text, self.note_rect, "italic", round(15 * s), (183, 173, 143)
        )

    def on_key(self, event: pygame.event.Event) -> None:
        """Enter starts, Esc goes back."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        else:
            super().on_key(event)
