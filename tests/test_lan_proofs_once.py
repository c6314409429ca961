"""A LAN table hands out each deal's proof once, when its game ends (net/table.py), however
many moves ask in between: the table plays Durak and Azi as the host does, asking after every
move."""

import random

import pytest

from bench.lan_save import OPTIONS
from net.table import GameTable


@pytest.mark.parametrize("game, players, games", [("durak", 3, 3), ("azi", 3, 2)])
def test_each_deal_is_proved_once_at_the_end_of_its_game(game, players, games):
    rng = random.Random(7)
    table = GameTable(game, players, games, OPTIONS.get(game))
    handed: list[int] = []
    while not table.over:
        if table.needs_seed:
            round_ = table.begin_round(rng.randbytes(32), "ab" * 32)
            round_.contributions = {s: rng.randbytes(32) for s in range(1, players)}
            round_.members = sorted(round_.contributions)
            table.seal(round_)
            continue
        if table.to_move is None:
            table.deal_next()
            continue
        table.apply(rng.choice(table.legal()), table.to_move)
        ended = len(table._finished_deals())  # games ended so far, listed the long way
        proofs = table.new_proofs()
        assert [p["deal"] for p in proofs] == list(range(len(handed) + 1, ended + 1))
        handed += [p["deal"] for p in proofs]
        assert all(p["seed"] and p["order"] for p in proofs)  # revealed: the game is over
        assert table.new_proofs() == []  # asked again before another move: nothing new
    assert handed == list(range(1, len(handed) + 1)) and len(handed) >= games
