"""Durak engine throughput: random playouts per second.

Run ``python -m bench.engine_durak [--seconds S]``. The goal (issue 22), one process on an idle
machine: heads-up ≥ 8,000 games/s. Each game is dealt by a ``SeededDealer`` (the ChaCha20
shuffle of play) and played to its end by ``engine.durak.playout.random_playout``: each action
uniform among the legal ones, ``legal_actions()[int(rng.random() * n)]`` (nothing drawn when
only one is legal), applied by the same transition as ``apply()``, the events recorded in the
history. These are the very games the earlier harness played through the public API
(``legal_actions()`` then ``apply()`` in a Python loop) from the same seeds, action for action
(tests/test_durak_playout.py): the figure counts the same games and the same engine work, without
the interpreted harness loop and the list of legal actions built at every step. The table also
shows games per second of this process's CPU time, which other busy programs on the machine
disturb less than the wall clock, and whether the engine is the compiled build or the
pure-Python modules (tools/build_fast.py).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from engine.durak import DurakGame
from engine.durak.playout import random_playout
from engine.shuffle import SeededDealer


def play_random_game(num_players: int, dealer: SeededDealer, rng: random.Random) -> DurakGame:
    """Play one game to the end with uniformly random legal actions; return the finished game."""
    game = DurakGame.new(num_players, dealer, rng.randrange(num_players))
    random_playout(game, rng.random)
    return game


def games_per_second(num_players: int, seconds: float, seed: int = 1,
                     clock: Callable[[], float] = time.perf_counter) -> float:
    """Random playouts completed per second of ``clock`` (wall time by default) over ``seconds``."""
    dealer = SeededDealer(seed)
    rng = random.Random(seed)
    games = 0
    start = clock()
    deadline = start + seconds
    while True:
        for _ in range(20):  # read the clock now and then, not after every game
            play_random_game(num_players, dealer, rng)
        games += 20
        now = clock()
        if now >= deadline:
            return games / (now - start)


def decisions_per_game(num_players: int, games: int = 200, seed: int = 7) -> float:
    """Mean number of actions applied per random game (automatic passes not counted)."""
    dealer, rng = SeededDealer(seed), random.Random(seed)
    total = 0
    for _ in range(games):
        game = DurakGame.new(num_players, dealer, rng.randrange(num_players))
        while game.to_move is not None:
            game.apply(rng.choice(game.legal_actions()))
            total += 1
    return total / games


def main(argv: list[str] | None = None) -> None:
    """Print games/s for 2, 4 and 6 players, by the wall clock and per CPU second."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args(argv)
    from engine.compiled import loaded

    print(f"engine: {loaded()}")
    print(f"{'players':>8}{'games/s':>10}{'CPU games/s':>13}{'actions/game':>14}{'goal':>7}")
    for players in (2, 4, 6):
        rate = games_per_second(players, args.seconds)
        cpu_rate = games_per_second(players, args.seconds, clock=time.process_time)
        moves = decisions_per_game(players)
        goal = "8000" if players == 2 else ""
        print(f"{players:>8}{rate:>10,.0f}{cpu_rate:>13,.0f}{moves:>14.1f}{goal:>7}")


if __name__ == "__main__":
    main()
