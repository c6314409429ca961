"""A computer seat over the network may wait before each move, as a person does (bench.lan
``--think``): it waits before choosing every move, and a seat that does not wait never waits."""

import asyncio

import pytest

from net.bots import SeatBot
from net.host import Host, HostConfig


@pytest.mark.parametrize("think", [0.0, 0.25])
def test_a_thinking_seat_waits_before_each_of_its_moves(think):
    waits = []

    async def scenario():
        host = Host(HostConfig(game="durak", seats=["human", "easy"], bind="127.0.0.1", port=0))
        await host.start()
        table = asyncio.create_task(host.run())
        bot = SeatBot(host.address, "random", "ponder", think=think)
        bot.link.keep_records = False

        async def wait(seconds):  # noted, and the table goes on at once: no real waiting
            waits.append((seconds, bot.state.legal != []))

        bot.wait = wait
        await bot.run()
        await table
        return bot

    bot = asyncio.run(scenario())
    moves = len(bot.latencies)
    assert moves > 0
    assert waits == ([(think, True)] * moves if think else [])  # asked, then waited, each move
