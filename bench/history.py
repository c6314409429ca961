"""History database speed: the History and Statistics screens with 100,000 games.

Run ``python -m bench.history [--games N] [--db FILE]``. It fills a database (in a temporary
folder, or ``--db`` to keep and reuse one) with made-up games (Durak and Azi, 2–6 seats, a few
players and computer levels) and prints the time to count and read a page — first, deep,
filtered by game, by player, by result — the History screen's queries, then a player's
statistics, and the time each screen takes to open (built headless, as the player sees it,
with the integrity check off the screen's path). Goals: queries and the player filter under
50 ms, each screen open under 100 ms. Put ``uptime`` next to the figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from engine.record import DealRecord, GameRecord
from storage.history import Filters, History

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zhenya", "Ilya")
LEVELS = ("easy", "normal", "hard")


def _made_up_durak(rng: random.Random, n: int, names: list[str],
                   deal: DealRecord) -> GameRecord:
    order = rng.sample(range(n), n)
    durak = None if rng.random() < 0.05 else order[-1]
    out = order[:-1] if durak is not None else order[:rng.randint(0, n - 2)]
    places = [None] * n
    for place, seat in enumerate(out, 1):
        places[seat] = place
    if durak is not None:
        places[durak] = n
    result = {"over": True, "finishing_order": out, "places": places, "durak": durak,
              "draw": durak is None}
    return GameRecord("durak", {"num_players": n, "dealer_seat": 0}, names, [deal], [], result)


def _made_up_azi(rng: random.Random, n: int, names: list[str], deal: DealRecord) -> GameRecord:
    start = 1000
    stacks = [0] * n
    stacks[rng.randrange(n)] = start * n
    options = {"num_players": n, "starting_stack": start, "ante": 10, "cards_dealt": 3}
    return GameRecord("azi", options, names, [deal], [], {"over": True, "stacks": stacks,
                                                           "games": []})


_MAKERS = {"durak": _made_up_durak, "azi": _made_up_azi}


def made_up_game(rng: random.Random, number: int) -> tuple[GameRecord, list[str]]:
    """A game record with a plausible result (no real deal: it does not verify) and seat kinds."""
    game = rng.choice(tuple(_MAKERS))
    n = rng.randint(2, 6)
    names = rng.sample(NAMES, n)
    kinds = ["human"] + [rng.choice(LEVELS) for _ in range(n - 1)]
    deal = DealRecord(f"{number:064x}", None, ())
    return _MAKERS[game](rng, n, names, deal), kinds


def fill(history: History, games: int, seed: int = 1, start: float = 1.6e9,
         records: Path | None = None) -> None:
    """Add ``games`` made-up games, about an hour apart, in one transaction."""
    rng = random.Random(seed)
    with history.conn:
        for number in range(games):
            record, kinds = made_up_game(rng, number)
            history._insert(record, None, start + number * 3600, rng.uniform(120, 1800), kinds,
                            False)


def timed(call, repeat: int = 5) -> float:
    """The median time of ``call()`` in milliseconds."""
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        call()
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times)


def screens(folder: Path, label: str = "") -> None:
    """Time opening the History and Statistics screens on the database in ``folder``."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["KOZYR_DATA_DIR"] = str(folder)
    with tempfile.TemporaryDirectory() as config:
        os.environ["KOZYR_CONFIG_DIR"] = config
        import pygame

        from scenes.app import App
        from scenes.history_scene import HistoryScene
        from scenes.main_menu import MainMenu
        from scenes.stats_scene import StatsScene
        from storage.history.stats import player_stats

        app = App((1280, 720))
        app.push(MainMenu(app))
        app.step(1 / 60)

        def open_scene(scene_class):  # built and drawn once: what the first frame costs
            app.push(scene_class(app))
            app.draw()
            app.pop()

        open_scene(StatsScene)  # charts and fonts load once, as on a first visit
        history_ms = timed(lambda: open_scene(HistoryScene))
        stats_ms = timed(lambda: open_scene(StatsScene))
        scene = HistoryScene(app)
        app.push(scene)

        def filter_player(name: str) -> None:
            scene.filters = Filters(player=name)
            scene.fill_rows()

        filter_ms = timed(lambda: filter_player("Vera"))
        app.pop()
        history = History.open(folder / "history.db")
        stats_query_ms = timed(lambda: player_stats(history, "Vera", "durak"))

        def afresh() -> None:
            history.conn.execute("DELETE FROM stats_kept WHERE name = 'Vera'")
            player_stats(history, "Vera", "durak")

        afresh_ms = timed(afresh, repeat=3)
        history.close()
        print(f"{'History screen opens' + label:<30}{history_ms:>8.1f} ms")
        print(f"{'History, player filter' + label:<30}{filter_ms:>8.1f} ms")
        print(f"{'Statistics screen opens' + label:<30}{stats_ms:>8.1f} ms")
        if label:
            pygame.quit()
            return
        print(f"{'statistics of one player':<30}{stats_query_ms:>8.1f} ms (kept)")
        print(f"{'  the same counted afresh':<30}{afresh_ms:>8.1f} ms (once, in the background)")
        pygame.quit()


def main(argv: list[str] | None = None) -> None:
    """Build the database and print the query and screen times."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games in the database")
    parser.add_argument("--db", type=Path, help="keep the database here (filled only if new)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        path = args.db or Path(scratch) / "history.db"
        history = History.open(path)
        if history.count() == 0:
            began = time.perf_counter()
            fill(history, args.games)
            print(f"filled {args.games:,} games in {time.perf_counter() - began:.1f} s")
        cases = {
            "first page": Filters(),
            "Durak only": Filters(game="durak"),
            "player Vera": Filters(player="vera"),
            "lost games": Filters(outcome="loss"),
            "Azi, Gleb, won": Filters(game="azi", player="Gleb", outcome="win"),
        }
        print(f"{'query':<18}{'count ms':>10}{'page ms':>10}{'last page ms':>14}")
        for name, filters in cases.items():
            total = history.count(filters)
            last = max(0, (total - 1) // 12)
            count_ms = timed(lambda f=filters: history.count(f))
            page_ms = timed(lambda f=filters: history.page(f, 0, 12))
            deep_ms = timed(lambda f=filters, page=last: history.page(f, page, 12))
            print(f"{name:<18}{count_ms:>10.1f}{page_ms:>10.1f}{deep_ms:>14.1f}")
        history.close()
        screens(path.parent)
        with tempfile.TemporaryDirectory() as empty:  # the same screens with no games: widgets
            small = History.open(Path(empty) / "history.db")
            fill(small, 20)
            small.close()
            screens(Path(empty), " (20 games)")


if __name__ == "__main__":
    main()
