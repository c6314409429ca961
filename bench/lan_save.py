"""What one save of a LAN host's table costs the host's loop, as its series grows.

``python -m bench.lan_save [--game durak|azi] [--games 40] [--players 4]`` plays a table the
way a host does (each deal sealed with three seats' parts, random legal moves, records handed
out at each game's end) and after every move times, with ``time.perf_counter``, what the loop
runs for one save: the whole table encoded (``json.dumps(table_json(...))``, what the host did
before net/save_text.py) against the save text built from what the last save kept
(``SaveText``). Prints, per tenth of the series, the median time of each and the save's size.
Nothing is written to disk: the disk's part runs in a worker thread (net/host_save.py).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

SMALL_AZI = {"starting_stack": 400, "ante": 10, "min_bet": 10, "min_raise": 10}
OPTIONS = {"azi": SMALL_AZI}  # a game's table options here (others: its defaults)


def played(game: str, players: int, games: int, seed: int,
           hand_out: bool = True) -> Iterator[Any]:
    """Play a LAN table of ``games`` games to its end, yielding the table after every step (a
    sealed deal, a deal, a move); each game's proofs and record are handed out when it ends
    (unless not ``hand_out``: the caller asks for them)."""
    from net.table import GameTable

    rng = random.Random(seed)
    table = GameTable(game, players, games, OPTIONS.get(game))
    names = [f"p{i}" for i in range(players)]
    while not table.over:
        if table.needs_seed:
            round_ = table.begin_round(rng.randbytes(32), "ab" * 32)
            round_.contributions = {s: rng.randbytes(32) for s in range(1, players)}
            round_.members = sorted(round_.contributions)
            table.seal(round_)
        elif table.to_move is None:
            table.deal_next()
        else:
            table.apply(rng.choice(table.legal()), table.to_move)
            if hand_out:
                table.new_proofs()
                table.new_records(names)
        yield table


def measure(game: str, players: int, games: int, seed: int = 1) -> list[dict[str, Any]]:
    """Per tenth of the series: the median loop time of one save, whole and kept, and its size."""
    from net.save_text import SaveText
    from net.table_save import table_json

    seats = [{"kind": "human", "name": f"p{i}", "token": "t" * 32} for i in range(players)]
    kept = SaveText()
    rows: list[tuple[int, float, float, int]] = []
    for table in played(game, players, games, seed):
        started = time.perf_counter()
        whole = json.dumps(table_json(table, seats))
        middle = time.perf_counter()
        text = kept.text(table, seats)
        ended = time.perf_counter()
        assert text == whole, "the kept save text differs from the whole table's"
        number = table._state.game_number if table.started else 0
        rows.append((number, middle - started, ended - middle, len(text)))
    last = max(r[0] for r in rows)
    out = []
    for tenth in range(10):
        low, high = last * tenth / 10, last * (tenth + 1) / 10
        part = [r for r in rows if low < r[0] <= high or (tenth == 0 and r[0] <= high)]
        if part:
            out.append({"games": f"{int(low) + 1}-{int(high)}", "saves": len(part),
                        "whole_ms": statistics.median(r[1] for r in part) * 1000,
                        "kept_ms": statistics.median(r[2] for r in part) * 1000,
                        "bytes": int(statistics.median(r[3] for r in part))})
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the table of figures."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", choices=("durak", "azi"), default="durak")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--players", type=int, default=4)
    args = p.parse_args(argv)
    print(f"game={args.game} players={args.players} games={args.games} "
          "(median per save, on the loop)")
    print(f"{'games':>8} {'saves':>6} {'whole_ms':>9} {'kept_ms':>8} {'bytes':>7}")
    for row in measure(args.game, args.players, max(1, min(args.games, 500))):
        print(f"{row['games']:>8} {row['saves']:>6} {row['whole_ms']:>9.3f} "
              f"{row['kept_ms']:>8.3f} {row['bytes']:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
