"""History database speed: list a page and filter, with 100,000 games in the database.

Run ``python -m bench.history [--games N]``. It fills a database in a temporary folder with
made-up games (Durak and Azi, 2–6 seats, a few players and computer levels) and prints the time
to count and read a page — first, deep, filtered by game, by player, by result — the History
screen's queries. Goal: under 50 ms each.
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


def made_up_game(rng: random.Random, number: int) -> tuple[GameRecord, list[str]]:
    """A game record with a plausible result (no real deal: it does not verify) and seat kinds."""
    game = rng.choice(("durak", "azi"))
    n = rng.randint(2, 6)
    names = rng.sample(NAMES, n)
    kinds = ["human"] + [rng.choice(LEVELS) for _ in range(n - 1)]
    deal = DealRecord(f"{number:064x}", None, ())
    if game == "durak":
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
        return GameRecord("durak", {"num_players": n, "dealer_seat": 0}, names, [deal], [],
                          result), kinds
    start = 1000
    stacks = [0] * n
    stacks[rng.randrange(n)] = start * n
    options = {"num_players": n, "starting_stack": start, "ante": 10, "cards_dealt": 3}
    return GameRecord("azi", options, names, [deal], [], {"over": True, "stacks": stacks,
                                                           "games": []}), kinds


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


def main(argv: list[str] | None = None) -> None:
    """Build the database and print the query times."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games in the database")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        history = History.open(Path(folder) / "history.db")
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
            count_ms = timed(lambda: history.count(filters))
            page_ms = timed(lambda: history.page(filters, 0, 12))
            deep_ms = timed(lambda: history.page(filters, last, 12))
            print(f"{name:<18}{count_ms:>10.1f}{page_ms:>10.1f}{deep_ms:>14.1f}")
        history.close()


if __name__ == "__main__":
    main()
