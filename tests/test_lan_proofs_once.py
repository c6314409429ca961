"""A LAN table hands out each deal's proof once, when its game ends (net/table.py), however
many moves ask in between: the table plays Durak and Azi as the host does, asking after every
step."""

import pytest

from bench.lan_save import played


@pytest.mark.parametrize("game, players, games", [("durak", 3, 3), ("azi", 3, 2)])
def test_each_deal_is_proved_once_at_the_end_of_its_game(game, players, games):
    handed: list[int] = []
    for table in played(game, players, games, seed=7, hand_out=False):
        ended = len(table._finished_deals())  # games ended so far, listed the long way
        proofs = table.new_proofs()
        assert [p["deal"] for p in proofs] == list(range(len(handed) + 1, ended + 1))
        handed += [p["deal"] for p in proofs]
        assert all(p["seed"] and p["order"] for p in proofs)  # revealed: the game is over
        assert table.new_proofs() == []  # asked again before another step: nothing new
    assert handed == list(range(1, len(handed) + 1)) and len(handed) >= games
