"""A LAN Durak table honours the Series option: game after game, the deal passing on, the score
kept as engine/durak/series.py keeps it and shown to every seat."""

from __future__ import annotations

import random

from net.table import GameTable
from scenes.lan.host_scene import host_config
from scenes.table_config import AI, HUMAN, Seat, TableConfig


def _play_game(table: GameTable, rng: random.Random, deal: int) -> None:
    """Seal the next deal (a fixed host seed: a test), deal it and play it out at random."""
    round_ = table.begin_round(bytes([deal]) * 32)
    table.seal(round_)
    table.deal_next()
    while table.to_move is not None:
        table.apply(rng.choice(table.legal()), table.to_move)


def test_the_host_form_passes_the_series_option_on():
    seats = [Seat("Ann", HUMAN, "normal"), Seat("Bo", HUMAN, "normal"), Seat("Cy", AI, "easy")]
    single = host_config(TableConfig("durak", seats, {"series": False}), "127.0.0.1", 0, "")
    series = host_config(TableConfig("durak", seats, {"series": True}), "127.0.0.1", 0, "")
    assert single.games == 1 and series.games == 0  # 0: game after game until the host stops


def test_a_single_game_table_ends_after_one_game_and_shows_no_score():
    table = GameTable("durak", 3, games=1)
    _play_game(table, random.Random(1), 1)
    assert table.over
    assert "series" not in table.observation_for(0)


def test_a_series_plays_on_with_the_deal_passing_and_the_score_kept():
    table = GameTable("durak", 3, games=0)
    rng = random.Random(7)
    dealers, scored = [], []
    for deal in (1, 2, 3):
        _play_game(table, rng, deal)
        dealers.append(table.game.dealer)
        result = table.game.result()
        scored.append((result["first_out"], result["durak"]))
        assert not table.over and table.needs_seed  # the series goes on: the next deal is sealed
    assert dealers[1] == (dealers[0] + 1) % 3 and dealers[2] == (dealers[1] + 1) % 3
    standing = table.observation_for(1)["series"]
    assert standing == table.observation_for(2)["series"]  # every seat sees the same score
    assert standing["game_number"] == 3
    assert standing["wins"] == [sum(1 for w, _ in scored if w == s) for s in range(3)]
    assert standing["losses"] == [sum(1 for _, d in scored if d == s) for s in range(3)]
    assert [p["deal"] for p in table.new_proofs()] == [1, 2, 3]  # each deal sealed jointly


def test_every_seat_sees_the_series_score_as_it_stands_after_every_move():
    # The score is counted once per game (and again at its end), never left behind a result.
    table = GameTable("durak", 3, games=0)
    rng = random.Random(11)
    for deal in (1, 2, 3):
        round_ = table.begin_round(bytes([deal]) * 32)
        table.seal(round_)
        table.deal_next()
        while table.to_move is not None:
            table.apply(rng.choice(table.legal()), table.to_move)
            series = table._state
            for seat in range(3):
                shown = table.observation_for(seat, history=False)["series"]
                assert shown == {"game_number": series.game_number, "games": 0,
                                 "wins": series.wins, "losses": series.losses}
        assert sum(table.standing()["wins"]) == deal  # the game just over is counted


def test_a_series_of_a_set_length_ends_after_its_last_game():
    table = GameTable("durak", 2, games=2)
    rng = random.Random(3)
    _play_game(table, rng, 1)
    assert not table.over and "series" in table.observation_for(0)
    _play_game(table, rng, 2)
    assert table.over


def test_a_client_reads_the_series_score_from_the_hosts_observation():
    from types import SimpleNamespace

    from scenes.table.network import NetworkSource
    from scenes.table.network_scene import network_config

    table = GameTable("durak", 2, games=0)
    _play_game(table, random.Random(5), 1)
    seats = [{"seat": 0, "name": "Ann", "kind": "human", "connected": True},
             {"seat": 1, "name": "Bo", "kind": "easy", "connected": True}]
    client = SimpleNamespace(state=SimpleNamespace(seat=0, seats=seats, game="durak"),
                             poll=lambda: [])
    observation = table.observation_for(0)
    sent = {"type": "table", "observation": observation, "to_move": None}
    source = NetworkSource(client, "durak", [sent])
    assert source.standing == table.standing()  # what the plates and the panel show
    assert network_config(client, observation).options == {"series": True}
    single = GameTable("durak", 2, games=1)
    _play_game(single, random.Random(5), 1)
    over = {"type": "table", "to_move": None, "observation": single.observation_for(0)}
    assert NetworkSource(client, "durak", [over]).standing is None


def test_a_series_table_on_loopback_plays_game_after_game_each_deal_checked_by_every_seat():
    import asyncio

    from net.bots import SeatBot
    from net.host import Host, HostConfig

    async def scenario():
        host = Host(HostConfig(game="durak", seats=["human", "human", "easy"], games=0,
                               bind="127.0.0.1", port=0, ai_budget=0.002))
        await host.start()
        table = asyncio.create_task(host.run())
        bots = [SeatBot(host.address, "random", f"p{i}") for i in range(2)]
        runs = [asyncio.create_task(b.run()) for b in bots]
        for _ in range(3000):  # until the third game is being played
            if host.table.started and host.table._state.game_number >= 3:
                break
            await asyncio.sleep(0.01)
        for _ in range(300):  # the third game's first view has reached the players
            if all((b.state.observation or {}).get("series", {}).get("game_number") == 3
                   for b in bots):
                break
            await asyncio.sleep(0.01)
        await host.stop()
        await table
        await asyncio.gather(*runs)
        return host, bots

    host, bots = asyncio.run(scenario())
    standing = host.table.standing()
    assert standing["game_number"] >= 3 and sum(standing["losses"]) <= 2
    for bot in bots:
        assert bot.state.observation["series"]["game_number"] == standing["game_number"]
        assert bot.state.verdicts.get(1) == [] and bot.state.verdicts.get(2) == []  # sealed jointly
        assert bot.state.faults == []


def test_the_score_after_a_game_goes_into_the_move_log_as_the_local_panel_says_it(ui):
    from types import SimpleNamespace

    from scenes.table.network_scene import NetworkControls, SeriesStanding

    lines = []
    table = SimpleNamespace(shared=SimpleNamespace(seat_name=["Ann", "Bo"].__getitem__),
                            move_log=SimpleNamespace(add=lambda *more: lines.extend(more)))
    NetworkControls._log_standing(table, SeriesStanding(2, [1, 1], [1, 0]))
    assert lines == ["Series score after game 2", "Ann: 1 won, 1 lost", "Bo: 1 won, 0 lost"]
