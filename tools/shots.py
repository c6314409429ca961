"""A picture of every screen: ``python -m tools.shots`` renders menus, dialogs and tables in
their states at several window sizes, plus one contact sheet per size, so the look can be
reviewed at a glance.

    python -m tools.shots                              # every screen, 1280x720 800x600 1920x1080
    python -m tools.shots --sizes 800x600 --screens menu,durak-2 --lang en --out shots

Tables are dealt by seeded dealers (a tool may; play never does) and played by fast computer
players; the seat at the bottom plays the first legal card, or takes when it cannot. A state a
deal does not reach within its step budget is reported and skipped, never faked.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

SIZES = ((1280, 720), (800, 600), (1920, 1080))
DT = 1 / 30
THINK_PAUSE = 0.05  # seconds a computer waits before its move (fast, yet every move is seen)


@dataclass
class TableShot:
    """One table to play and the states to capture: name → test on (table, public view)."""

    name: str
    game: str
    seats: int
    options: dict[str, Any] = field(default_factory=dict)
    states: dict[str, Callable[[Any, dict], bool]] = field(default_factory=dict)
    seeds: tuple[int, ...] = (3, 4, 5, 6)  # deals to try until every state is seen


def _mine(table, o: dict) -> bool:
    return table.input.my_turn()


def _durak_states(full: bool) -> dict[str, Callable[[Any, dict], bool]]:
    states = {"attack": lambda t, o: _mine(t, o) and not o["table"]}
    if full:
        states.update({
            "defence": lambda t, o: _mine(t, o) and o["defender"] == o["seat"] and o["table"]
            and not o["taking"],
            "throw-in": lambda t, o: _mine(t, o) and o["table"] and o["defender"] != o["seat"]
            and not o["taking"],
            "take": lambda t, o: o["taking"] and t.animations_idle,
            "talon-empty": lambda t, o: o["talon_size"] == 0 and t.animations_idle,
        })
    return states


def _azi_states(options: dict[str, Any], seats: int) -> dict[str, Callable[[Any, dict], bool]]:
    from engine.azi.constants import BIDDING, BUY_IN, DISCARD, TRICKS

    states: dict[str, Callable[[Any, dict], bool]] = {
        "ante": lambda t, o: t.shown.bank > 0 and not any(t.hands)}
    if options.get("blind_bets"):
        states["bidding-blind"] = lambda t, o: _mine(t, o) and o["phase"] == BIDDING
    elif options.get("cards_dealt") == 4:
        states["discard-4"] = lambda t, o: _mine(t, o) and o["phase"] == DISCARD
    else:
        states["bidding"] = lambda t, o: _mine(t, o) and o["phase"] == BIDDING
        states["tricks"] = lambda t, o: _mine(t, o) and o["phase"] == TRICKS and o["trick"]
        # an azi: every taker won one trick; its result panel says the bank carries over
        states["azi"] = lambda t, o: (t.events.ended_by_azi and t.between is not None
                                      and t.between.waiting and t.mover.idle)
        if seats > 3:  # at three seats all three played the azi: nobody is left to ask
            states["buy-in-question"] = lambda t, o: _mine(t, o) and o["phase"] == BUY_IN
    return states


def table_shots() -> list[TableShot]:
    """Durak at 2–6 seats (every state at 2 and 4), and the Azi tables."""
    shots = [TableShot(f"durak-{n}", "durak", n, {"series": False}, _durak_states(n in (2, 4)))
             for n in range(2, 7)]
    azi = [("azi-3", 3, {}), ("azi-blind", 3, {"blind_bets": True}),
           ("azi-discard", 4, {"cards_dealt": 4}), ("azi-6", 6, {})]
    for name, n, extra in azi:
        options = {"starting_stack": 200, "ante": 10, "cards_dealt": 3, **extra}
        shots.append(TableShot(name, "azi", n, options, _azi_states(options, n)))
    # short stacks: the session ends within the step budget, so its panel is pictured too
    shots.append(TableShot("azi-over", "azi", 3, {"starting_stack": 30, "ante": 10,
                                                  "cards_dealt": 3}))
    return shots


# --- the app -----------------------------------------------------------------------------------
_LANGUAGE = "en"  # what shoot() was asked for; every App it opens speaks it


def _app(size: tuple[int, int]):
    from scenes.app import App

    app = App(size)
    app.settings.language = _LANGUAGE  # the App starts in the (scratch) settings' language
    app.apply_settings()
    return app


def _save(app, folder: str, name: str) -> str:
    import pygame

    app.draw()
    path = os.path.join(folder, f"{name}.png")
    pygame.image.save(app.screen, path)
    return path


def _settle(app, frames: int = 4) -> None:
    for _ in range(frames):
        app.step(DT)


def menu_screens() -> dict[str, Callable[[Any], None]]:
    """Screens that open from the menus: name → how to put them on the app's stack."""
    from scenes.dialogs import CurtainScene, PauseScene
    from scenes.history_scene import HistoryScene
    from scenes.main_menu import MainMenu
    from scenes.new_game import NewGameScene
    from scenes.rules_scene import RulesScene
    from scenes.settings_scene import SettingsScene
    from scenes.stats_scene import StatsScene

    return {
        "menu": lambda app: app.reset(MainMenu(app)),
        "new-game-durak": lambda app: app.reset(NewGameScene(app, "durak")),
        "new-game-azi": lambda app: app.reset(NewGameScene(app, "azi")),
        "rules-durak": lambda app: app.reset(RulesScene(app, "durak")),
        "rules-azi": lambda app: app.reset(RulesScene(app, "azi")),
        "settings": lambda app: app.reset(SettingsScene(app)),
        "history": lambda app: app.reset(HistoryScene(app)),
        "statistics": lambda app: app.reset(StatsScene(app)),
        "pause": lambda app: (app.reset(MainMenu(app)), app.push(PauseScene(app))),
        "curtain": lambda app: app.reset(CurtainScene(app, seat_names()[1])),
        "join": _join_screen,
    }


class _OneTable:
    """The join screen's finder, finding one table (a picture needs no network)."""

    tables = [{"address": "192.168.1.20:8765", "name": "Kozyr table", "game": "durak",
               "free": 2, "fingerprint": "3F2A 91C0 7D4E B812 0A9F"}]
    looks = 1

    def start(self) -> _OneTable:
        """Nothing to start."""
        return self

    def stop(self) -> None:
        """Nothing to stop."""


def _join_screen(app) -> None:
    """The join screen with a found table chosen, at which this window holds a seat (kept in
    the scratch data folder)."""
    from net.seat_book import SEATS_FILE, SeatBook
    from scenes.lan.join_scene import JoinScene
    from storage.paths import data_dir

    JoinScene.finder_factory = _OneTable
    SeatBook(data_dir() / SEATS_FILE).keep("wss://192.168.1.20:8765", "t" * 32, 1,
                                          seat_names()[0])
    scene = JoinScene(app)
    app.reset(scene)
    _settle(app)
    scene.choose(_OneTable.tables[0])


def seat_names() -> list[str]:
    """The seats' names in the chosen language: the player's own word for "you", then the
    computer players' names as the game gives them ("Vous", "Anna", "Boris" in French)."""
    from scenes.i18n import tr

    return [tr("names.you")] + [n.strip() for n in tr("names.ai").split(",") if n.strip()]


def _fast_tables(seed: int) -> None:
    from engine.shuffle import SeededDealer
    from scenes.table.azi import AziTable
    from scenes.table.durak import DurakTable
    from scenes.table.scene import TableScene
    from tools.fixed_play import SeededThinker, use_fixed_play

    use_fixed_play()  # the same pictures on every run and machine
    TableScene.thinker_factory = SeededThinker
    TableScene.ai_budget = 0.002
    TableScene.think_pause = THINK_PAUSE
    DurakTable.dealer_factory = staticmethod(lambda: SeededDealer(seed))
    AziTable.dealer_factory = staticmethod(lambda: SeededDealer(seed))


def _play_bottom(table, take: bool = False) -> None:
    """The bottom seat's move: its first legal card; in Azi it stays in (calls, bets the
    least, joins an azi) so the tricks are shown; else the first other action (``take``: a
    defender takes instead, so that state is shown)."""
    from engine.azi.constants import BET_BASE, CALL, JOIN_AZI
    from engine.durak import TAKE

    legal = table.source.legal_actions()
    if take and table.game_name == "durak" and TAKE in legal:
        table.input.play(TAKE)
        return
    cards = [a for a in legal if a in table.card_actions]
    if not cards and table.game_name == "azi":
        stay = [a for a in (JOIN_AZI, CALL) if a in legal] + sorted(
            a for a in legal if a >= BET_BASE)
        cards = stay[:1]
    table.input.play(cards[0] if cards else legal[0])


def shoot_table(app, shot: TableShot, folder: str, max_frames: int = 6000) -> list[str]:
    """Play ``shot``'s table, saving a picture the first time each state shows, then the game
    over panel and its log; a state the deal did not reach is looked for in the next deals of
    ``shot.seeds``. Returns the pictures' paths (states never reached are printed)."""
    waiting = dict(shot.states)
    paths: list[str] = []
    for n, seed in enumerate(shot.seeds):
        if n and not waiting:
            break
        paths += _play_table(app, shot, seed, folder, waiting, max_frames, to_the_end=n == 0)
    for state in waiting:
        print(f"  {shot.name}: state {state!r} not reached with seeds {shot.seeds}",
              file=sys.stderr)
    return paths


def _final_looks(table) -> bool:
    """Does every card show its own face, drawn smooth (no stand-in made between frames is
    still awaited: scenes/table/warm.py)?"""
    return not any(card.stand_in or card.rough for card in table.hands.all_cards())


def _play_table(app, shot: TableShot, seed: int, folder: str, waiting: dict, max_frames: int,
                to_the_end: bool) -> list[str]:
    """One deal of ``shot``'s table: pictures of the states in ``waiting`` it reaches (they
    are taken off the dict), and with ``to_the_end`` the game-over panel and its log."""
    from scenes import tables
    from scenes.game_over import GameOverScene
    from scenes.table_config import Seat, TableConfig

    _fast_tables(seed)
    names = seat_names()
    seats = [Seat(names[0])] + [Seat(names[i], "ai", "easy") for i in range(1, shot.seats)]
    app.settings.animation_speed = 4.0
    table = tables.open_table(app, TableConfig(shot.game, seats, dict(shot.options)))
    paths: list[str] = []
    for _ in range(max_frames):
        app.step(DT)
        top = app.top
        if isinstance(top, GameOverScene):
            if to_the_end:
                _settle(app, 30)  # the panel fades in and its buttons appear
                paths.append(_save(app, folder, f"{shot.name}-game-over"))
                top.toggle_log()
                paths.append(_save(app, folder, f"{shot.name}-game-over-log"))
            break
        if top is not table:
            continue
        if not waiting and not to_the_end:
            break
        public = table.source.observation(table.view.bottom)
        for state, test in list(waiting.items()):
            # the ante is pictured in flight, the azi over its result panel (a held timeline)
            if (table.animations_idle and _final_looks(table) or state in ("ante", "azi")) \
                    and test(table, public):
                paths.append(_save(app, folder, f"{shot.name}-{state}"))
                del waiting[state]
        between = getattr(table, "between", None)
        if between is not None and between.waiting:
            between.waiting = False  # Next game (the tool reads no result)
        controller = getattr(table.source, "controller", None)
        if "take" not in waiting and controller is not None:
            controller.think_pause = THINK_PAUSE
        if table.input.my_turn():
            take = "take" in waiting and "defence" not in waiting
            _play_bottom(table, take=take)
            if take and controller is not None:
                controller.think_pause = 3.0  # the attackers wait while "takes" is pictured
    table.leave()
    return paths


def shoot_replay(app, folder: str) -> list[str]:
    """The replay viewer, on the newest record the tables above saved."""
    from engine.record import GameRecord
    from scenes.table.replay_scene import replay_table
    from storage.paths import records_dir

    folder_in = records_dir()
    files = sorted(f for f in os.listdir(folder_in) if f.endswith(".json")) if os.path.isdir(
        folder_in) else []
    if not files:
        return []
    with open(os.path.join(folder_in, files[-1]), encoding="utf-8") as handle:
        record = GameRecord.loads(handle.read())
    scene = app.reset(replay_table(app, record))
    _settle(app, 90)
    paths = [_save(app, folder, "replay")]
    scene.leave()
    return paths


LESSON_MOVES = (0, 3)  # pictures at the person's first move and at the fourth


def shoot_lessons(app, folder: str, screens: list[str] | None) -> list[str]:
    """Both lessons with the coach talking: at the first move the person makes, and a few
    moves on (the coach then sits beside the battle, the bank and the banner)."""
    from scenes.game_over import GameOverScene
    from scenes.lessons.table import open_lesson

    paths = []
    for game in ("durak", "azi"):
        if screens is not None and f"lesson-{game}" not in screens:
            continue
        table = open_lesson(app, game)
        person = getattr(table, "input", table)  # the table's input part, where it has one
        for moves in range(max(LESSON_MOVES) + 1):
            for _ in range(3000):  # the story plays until it is the person's move
                if isinstance(app.top, GameOverScene):
                    break
                between = getattr(table, "between", None)
                if between is not None and between.waiting:
                    between.go_on()
                elif person.my_turn() and table.animations_idle:
                    break
                app.step(0.1)
            if isinstance(app.top, GameOverScene):
                break
            if moves in LESSON_MOVES:
                _settle(app, 20)  # the coach's bubble fades in
                paths.append(_save(app, folder, f"lesson-{game}" + (f"-{moves}" if moves else "")))
            person.play(table.source.expected())
        table.leave()
    return paths


def contact_sheet(paths: list[str], out: str, columns: int = 4, width: int = 480) -> None:
    """The pictures in ``paths`` as small tiles with their names, in one image."""
    import pygame

    from scenes.widgets import CREAM, text_surface

    if not paths:
        return
    first = pygame.image.load(paths[0])
    tile_h = round(width * first.get_height() / first.get_width())
    label_h = 22
    rows = (len(paths) + columns - 1) // columns
    sheet = pygame.Surface((columns * (width + 8) + 8, rows * (tile_h + label_h + 8) + 8))
    sheet.fill((12, 18, 14))
    for i, path in enumerate(paths):
        x = 8 + (i % columns) * (width + 8)
        y = 8 + (i // columns) * (tile_h + label_h + 8)
        image = pygame.transform.smoothscale(pygame.image.load(path), (width, tile_h))
        sheet.blit(image, (x, y))
        name = os.path.splitext(os.path.basename(path))[0]
        sheet.blit(text_surface(name, "text", 14, CREAM), (x + 2, y + tile_h + 3))
    pygame.image.save(sheet, out)


def shoot(sizes: list[tuple[int, int]], screens: list[str] | None, folder: str,
          lang: str = "en") -> list[str]:
    """Render the chosen screens (None: all) at every size into ``folder``; returns the paths."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    scratch = tempfile.mkdtemp(prefix="kozyr-shots-")
    os.environ["KOZYR_CONFIG_DIR"] = os.path.join(scratch, "config")  # never the player's
    os.environ["KOZYR_DATA_DIR"] = os.path.join(scratch, "data")
    import pygame

    global _LANGUAGE
    _LANGUAGE = lang
    all_paths: list[str] = []
    for size in sizes:
        out = os.path.join(folder, f"{size[0]}x{size[1]}")
        os.makedirs(out, exist_ok=True)
        app = _app(size)
        paths: list[str] = []
        for name, open_screen in menu_screens().items():
            if screens is None or name in screens:
                open_screen(app)
                _settle(app)
                paths.append(_save(app, out, name))
        for shot in table_shots():
            if screens is None or shot.name in screens:
                paths += shoot_table(app, shot, out)
        if screens is None or "replay" in screens:
            paths += shoot_replay(app, out)
        paths += shoot_lessons(app, out, screens)
        contact_sheet(paths, os.path.join(folder, f"sheet-{size[0]}x{size[1]}.png"))
        all_paths += paths
        pygame.quit()
    return all_paths


def _size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


def main(argv: list[str] | None = None) -> int:
    """Command line: sizes, screens, language and the output folder."""
    parser = argparse.ArgumentParser(prog="python -m tools.shots", description=__doc__.split(
        "\n")[0])
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES),
                        help="window sizes, e.g. 1280x720,800x600")
    parser.add_argument("--screens", default="",
                        help="screens to render, comma-separated (default: all); names: "
                             + ", ".join(list(menu_screens()) + [s.name for s in table_shots()]
                                         + ["replay", "lesson-durak", "lesson-azi"]))
    parser.add_argument("--lang", default="en", help="language code of the texts")
    parser.add_argument("--out", default="shots", help="output folder (default: shots)")
    args = parser.parse_args(argv)
    sizes = [_size(s) for s in args.sizes.split(",") if s]
    screens = [s.strip() for s in args.screens.split(",") if s.strip()] or None
    paths = shoot(sizes, screens, args.out, args.lang)
    print(f"{len(paths)} pictures in {args.out}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
