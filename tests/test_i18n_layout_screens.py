"""Nothing cut, anywhere: every screen in every language at 800×600 and 1280×720.

Screens are opened as a player meets them (History with rows, Statistics with charts, a
replay's controls, Watch AI's controls, the lessons' coach, the LAN host, waiting room and
join screens, an Azi table whose plates show blind and all-in tags) and drawn once, no long
animation. A screen fails when

- a label or button holds a text wider than its room (the frame and a pixel of air each
  side: a letter touching the edge counts as cut),
- a text was cut short with "…" (plates, History cells, the statistics notes),
- two buttons say the same words ("‹ Back" and "Back"),
- a label or button lies over another one.
"""

from __future__ import annotations

import errno
import itertools
import re
import warnings
from types import SimpleNamespace

import pygame_gui
import pytest

from net.tls import fingerprint_of
from scenes import fair_view, game_over, history_scene, i18n, main_menu, text_wrap, widgets
from scenes.history_scene import HistoryScene
from scenes.lan.host_scene import HostScene
from scenes.lan.join_scene import JoinScene
from scenes.lan.waiting_room import WaitingRoom
from scenes.lessons import menu as lessons_menu
from scenes.lessons.menu import LessonsScene
from scenes.main_menu import MainMenu
from scenes.stats_scene import StatsScene
from scenes.table import replay_scene
from scenes.table.azi import AziTable
from scenes.table_config import Seat, TableConfig
from storage.history import History
from tests.lesson_support import open_lesson
from tests.memory_helpers import azi_result, durak_result, played_durak
from tests.test_i18n_layout import overflowing

SIZES = [(800, 600), (1280, 720)]


class NoFinder:
    """The join screen's table finder, finding nothing (no network in a layout test)."""

    tables: list = []
    looks = 1  # it has looked once: "no table answered yet"

    def start(self) -> NoFinder:
        """Nothing to start."""
        return self

    def stop(self) -> None:
        """Nothing to stop."""


class RoomClient:
    """A waiting room's client after the host said who sits where (no network)."""

    def __init__(self, names: list[str]) -> None:
        kinds = ["human", "human", "normal"]
        self.state = SimpleNamespace(seat=0, seats=[
            {"seat": i, "name": n, "kind": k, "connected": i != 1}
            for i, (n, k) in enumerate(zip(names, kinds))])
        self.ended = None

    def poll(self, wait: float = 0.0) -> list:
        """Nothing new."""
        return []

    def close(self, wait: float = 0.0) -> None:
        """Nothing to close."""


class LocalHost:
    """The host side of a waiting room, as the room reads it."""

    address, error = "wss://192.168.1.20:8765", ""
    fingerprint = fingerprint_of(b"a table certificate")  # as long as a real one
    save_problem: OSError | None = None  # the table is written for a resume


class NotSavingHost(LocalHost):
    """A host whose table cannot be written: the room says why, at length."""

    save_problem = OSError(errno.ENOSPC, "No space left on device")

    def say_start(self) -> None:
        """Not pressed here."""

    def stop(self) -> None:
        """Nothing runs."""


def names() -> list[str]:
    """The seats' names as the game gives them in the current language."""
    return [i18n.tr("names.you")] + i18n.tr("names.ai").split(",")


def fill_history(folder) -> None:
    """A real game and made-up ones of both games, as History and Statistics show them."""
    (folder / "records").mkdir(parents=True, exist_ok=True)
    history = History.open(folder / "history.db")
    for i in range(5):
        record = (durak_result(["Anna", "Boris", "Vera"], [0, 2], 1, f"d{i}") if i % 2
                  else azi_result(["Anna", "Boris", "Vera"], [1120, 80, 900], 1000, f"a{i}"))
        history.add(record, None, 1.76e9 + 3600 * i, 300 + 61 * i, ["human", "hard", "easy"])
    real = played_durak(3)
    path = folder / "records" / "durak-real.json"
    path.write_text(real.dumps())
    history.add(real, path, 1.76e9 + 3600 * 6, 3661, ["human", "easy", "normal"])
    history.close()


def azi_with_tags(app) -> AziTable:
    """An Azi table whose plates say blind and all-in: a short stack and blind bets."""
    seat_names = names()
    table = app.push(AziTable(app, TableConfig("azi", [Seat(seat_names[0])] + [
        Seat(n, "ai", "easy") for n in seat_names[1:4]],
        {"blind_bets": True, "starting_stack": 60, "ante": 10})))
    for _ in range(3):
        app.step(1 / 60)  # the deal has been shown; now the plates say what the bids did
    table.source.paused = True
    shown = table.shown
    shown.stakes = [30, 45, 20, 10]
    shown.all_in = [False, True, False, False]
    shown.looked = [True, True, False, True]
    return table


def watch_table(app):
    """Watch AI: every seat a computer player, the watch controls on screen."""
    from scenes import tables

    seat_names = names()
    return tables.open_table(app, TableConfig("durak", [
        Seat(n, "ai", "normal") for n in seat_names[1:5]], {}))


def replay_table(app):
    """The replay of the History's real game, with its step controls."""
    scene = app.push(HistoryScene(app))
    real = next(row for row in scene.rows if row.record_path)
    scene.watch(real.record_path)
    return app.top


SCREENS = {
    "lessons": lambda app: app.push(LessonsScene(app)),
    "History with rows": lambda app: app.push(HistoryScene(app)),
    "Statistics": lambda app: app.push(StatsScene(app)),
    "replay": replay_table,
    "Watch AI": watch_table,
    "LAN host": lambda app: app.push(HostScene(app, TableConfig("durak", [
        Seat(names()[0]), Seat(names()[1], "human"), Seat(names()[2], "ai", "easy")], {}))),
    "waiting room": lambda app: app.push(WaitingRoom(app, RoomClient(names()), LocalHost(),
                                                     "secret")),
    "waiting room, not saved": lambda app: app.push(WaitingRoom(app, RoomClient(names()),
                                                                NotSavingHost(), "secret")),
    "join": lambda app: app.push(JoinScene(app)),
    "Azi plates": azi_with_tags,
}


def _arrowed(text: str) -> bool:
    """A « previous / next » button: its arrow says which way it goes."""
    return text.strip()[:1] in "«‹" or text.strip()[-1:] in "»›"


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def same_words(manager: pygame_gui.UIManager) -> list[str]:
    """Two different buttons that say the same words ("‹ Back" for the page, "Back" for the
    screen); the same button repeated on every row of a list is one control, not two."""
    seen: dict[str, str] = {}
    found = []
    for element in _visible(manager, pygame_gui.elements.UIButton):
        words = _words(element.text)
        if words and words in seen and seen[words] != element.text \
                and not (_arrowed(seen[words]) and _arrowed(element.text)):
            found.append(f"{seen[words]!r} and {element.text!r}")
        seen.setdefault(words, element.text)
    return found


def overlapping(manager: pygame_gui.UIManager) -> list[str]:
    """Labels and buttons that lie over one another."""
    kinds = (pygame_gui.elements.UILabel, pygame_gui.elements.UIButton)
    shown = [e for e in _visible(manager, kinds) if e.text]
    return [f"{a.text!r} {tuple(a.rect)} over {b.text!r} {tuple(b.rect)}"
            for a, b in itertools.combinations(shown, 2)
            if a.rect.clip(b.rect).width > 1 and a.rect.clip(b.rect).height > 1]


def _visible(manager: pygame_gui.UIManager, kinds) -> list:
    return [e for e in manager.get_sprite_group().sprites()
            if isinstance(e, kinds) and e.visible and e.text
            and manager.get_root_container().get_rect().colliderect(e.rect)]


def columns_under_buttons(scene) -> list[str]:
    """A list's text columns reaching under its row buttons (History)."""
    columns, rows = getattr(scene, "columns", None), getattr(scene, "row_buttons", None)
    if not columns or not rows:
        return []
    right = max(x + width for x, width in columns.values())
    left = min(b.rect.left for made in rows for b in made.values())
    return [f"the columns end at {right}px, under the row buttons at {left}px"] \
        if right > left else []


@pytest.fixture
def cut(monkeypatch) -> list[str]:
    """Every text drawn cut short with "…" while the test runs."""
    found: list[str] = []
    plain_ellipsized, plain_fit = widgets.ellipsized, history_scene.fit_text

    def ellipsized(text, role, size, colour, width):
        image = plain_ellipsized(text, role, size, colour, width)
        if widgets.font(role, size).size(text)[0] > width:
            found.append(text)
        return image

    def fit_text(text, role, size, width):
        shown = plain_fit(text, role, size, width)
        if shown != text:
            found.append(text)
        return shown

    def draw_wrapped(surface, text, rect, role, size, colour, **how):
        lines = text_wrap.wrap(text, role, size, rect.width)
        step = round(widgets.font(role, size).get_linesize() * how.get("line_spacing", 1.25)
                     / 1.15)
        if rect.y + (len(lines) - 1) * step + widgets.font(role, size).get_height() > rect.bottom:
            found.append(text)  # its last lines would be dropped
        return plain_wrapped(surface, text, rect, role, size, colour, **how)

    def fitted(text, role, size, colour, width):
        if fair_view.check_text(text, role, size - 3, colour).get_width() > width:
            found.append(text)  # even three sizes smaller it does not fit: its middle is cut
        return plain_fitted(text, role, size, colour, width)

    plain_fitted = fair_view.fitted
    for module in (fair_view, replay_scene, game_over):
        monkeypatch.setattr(module, "fitted", fitted)
    plain_wrapped = text_wrap.draw_wrapped
    monkeypatch.setattr(widgets, "ellipsized", ellipsized)
    monkeypatch.setattr(history_scene, "fit_text", fit_text)
    for module in (text_wrap, lessons_menu, main_menu):  # new_game imports it when drawing
        monkeypatch.setattr(module, "draw_wrapped", draw_wrapped)
    return found


@pytest.fixture(params=i18n.languages())
def language(request, ui, tmp_path):
    fill_history(tmp_path / "data")
    ui.app.settings.language = request.param
    ui.app.apply_settings()
    yield request.param
    ui.app.settings.language = "en"
    ui.app.apply_settings()


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_holds_its_texts_in_every_language(ui, language, size, cut, monkeypatch):
    monkeypatch.setattr(JoinScene, "finder_factory", NoFinder)
    monkeypatch.setattr(HostScene, "announce", False)
    ui.app.resize(size)
    problems = {}
    for name, open_screen in {**SCREENS, "Durak lesson": None, "Azi lesson": None}.items():
        ui.app.reset(MainMenu(ui.app))  # each screen is opened from the main menu
        del cut[:]
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            if open_screen is None:
                open_lesson(ui, "durak" if name.startswith("Durak") else "azi")
                ui.step(40)  # the coach's first note is up
            else:
                open_screen(ui.app)
                ui.step(2)
        scene = ui.top
        # pygame-gui says so when a label's text is larger than the label: it is cut
        too_small = [str(w.message).split(" - ")[0] for w in said if "too small" in str(w.message)]
        found = (too_small + columns_under_buttons(scene) + overflowing(scene.ui)
                 + same_words(scene.ui) + overlapping(scene.ui)
                 + [f"cut with …: {t!r}" for t in dict.fromkeys(cut)])
        if found:
            problems[name] = found
    ui.app.reset(MainMenu(ui.app))
    assert problems == {}, "\n".join(f"{k}: {v}" for k, v in problems.items())
