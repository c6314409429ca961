"""The LAN host's door (docs/lan.md, Security): connections that never say hello are closed,
connections are capped, password guessing is slowed and then locked out, deep nesting is
refused before decoding, and a flood of refusals costs a few log lines."""

import asyncio
import json
import logging

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from net.door import Door, QuietLog
from net.host import Host, HostConfig
from net.protocol import ProtocolError, encode, parse_client, turn_offered

LOOPBACK = "127.0.0.1"


def _host(**options):
    return Host(HostConfig(game="durak", seats=["human", "easy"], bind=LOOPBACK, port=0,
                           **options))


async def _closed_code(ws, seconds=5.0):
    try:
        while True:
            await asyncio.wait_for(ws.recv(), seconds)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None


async def _answer(ws, kind="refused"):
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 5))
        if message["type"] == kind:
            return message


def test_connections_that_never_say_hello_are_closed_and_leave_nothing_behind():
    async def scenario():
        host = _host(hello_seconds=0.5, per_address=50, max_connections=50, accept_burst=50)
        await host.start()
        idle = [await connect(host.address) for _ in range(30)]  # all let in (under the caps)
        codes = await asyncio.gather(*(_closed_code(ws) for ws in idle))
        assert codes == [1008] * 30  # closed by the host: no hello in time
        for _ in range(50):
            if not host._server.connections:
                break
            await asyncio.sleep(0.05)
        assert host.door.connections == 0 and not host._server.connections
        await host.stop()

    asyncio.run(scenario())


def test_connections_are_capped_per_address_and_in_total():
    async def scenario():
        host = _host(per_address=3, max_connections=10)
        await host.start()
        held = [await connect(host.address) for _ in range(3)]
        extra = await connect(host.address)
        assert await _closed_code(extra) == 1013  # over the cap for this address
        assert host.door.connections == 3
        for ws in held:
            await ws.close()
        await host.stop()
        door = Door(per_address=5, total=4)
        assert all(door.admit(f"10.0.0.{i}") for i in range(4)) and not door.admit("10.0.0.9")

    asyncio.run(scenario())


def test_wrong_passwords_make_the_address_wait_and_then_lock_it_out():
    async def scenario():
        host = _host(password="open sesame")
        host.door = Door(backoff_base=0.3, lockout_after=3, lockout_seconds=60)
        await host.start()
        async with connect(host.address) as ws:
            await ws.send(encode("hello", name="m", seat=None, token=None, password="guess"))
            assert (await _answer(ws))["reason"] == "Wrong table password."
            assert await _closed_code(ws) == 1008  # a wrong guess costs the connection
        async with connect(host.address) as ws:  # at once, even with the right password
            await ws.send(encode("hello", name="m", seat=None, token=None,
                                 password="open sesame"))
            assert "wait" in (await _answer(ws))["reason"]
        await asyncio.sleep(0.35)
        for guess in ("guess 2", "guess 3"):  # back-off doubles: 0.3 s, then 0.6 s
            async with connect(host.address) as ws:
                await ws.send(encode("hello", name="m", seat=None, token=None, password=guess))
                await _answer(ws)
            await asyncio.sleep(0.7)
        async with connect(host.address) as ws:
            await ws.send(encode("hello", name="m", seat=None, token=None,
                                 password="open sesame"))
            assert "locked out" in (await _answer(ws))["reason"]
        assert host.seats[0].token is None  # nobody got in
        await host.stop()

    asyncio.run(scenario())


def test_the_back_off_doubles_is_capped_and_a_lockout_ends():
    now = [0.0]
    door = Door(backoff_base=1, backoff_max=8, lockout_after=6, lockout_seconds=100,
                clock=lambda: now[0])
    waits = []
    for _ in range(5):
        door.failed("a")
        waits.append(door.wait_left("a"))
    assert waits == [1, 2, 4, 8, 8] and door.wait_left("b") == 0
    door.failed("a")
    assert door.locked_out("a") and door.wait_left("a") == 100
    now[0] = 101
    assert not door.locked_out("a") and door.wait_left("a") == 0
    door.failed("c")
    door.succeeded("c")
    assert door.wait_left("c") == 0


def test_deeply_nested_json_is_refused_before_decoding_with_a_strike():
    deep = '{"type":"action","v":4,"action":' + "[" * 30000 + "]" * 30000 + ',"turn":0}'
    with pytest.raises(ProtocolError, match="nested deeper"):
        parse_client(deep)
    brackets_in_a_string = encode("hello", name=None, seat=None, token=None,
                                  password="[" * 200)
    assert parse_client(brackets_in_a_string)["password"] == "[" * 200

    async def scenario():
        host = _host()
        await host.start()
        async with connect(host.address) as ws:
            await ws.send(deep)
            refusal = await _answer(ws)
            assert "nested deeper" in refusal["reason"]
            await ws.send(encode("hello", name="still here", seat=None, token=None,
                                 password=None))
            assert (await _answer(ws, "welcome"))["seat"] == 0  # the line stayed usable
        assert host.refusals == 1
        await host.stop()

    asyncio.run(scenario())


def test_a_flood_of_refusals_is_logged_in_a_few_lines_with_counts(caplog):
    now = [0.0]
    quiet = QuietLog(logging.getLogger("kozyr.test.quiet"), window=10, first=3,
                     clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="kozyr.test.quiet"):
        for i in range(1000):
            quiet.refused("message", "refused %d", i)
        now[0] = 11
        quiet.refused("message", "refused late")
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) <= 6 and quiet.total == 1001
    assert any("996" in line or "997" in line for line in lines)  # the rest, counted


def test_an_action_for_a_turn_still_to_come_is_refused_in_those_words():
    async def scenario():
        host = _host()
        await host.start()
        table = asyncio.create_task(host.run())
        from net.client import SeatState

        state = SeatState("eager")
        async with connect(host.address) as ws:
            await ws.send(state.hello())
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                for reply in state.handle(message):
                    await ws.send(reply)
                if turn_offered(message) is not None:  # alone, or with the events (v4)
                    message = turn_offered(message)
                    break
            await ws.send(encode("action", action=message["legal"][0],
                                 turn=message["turn"] + 5))
            assert (await _answer(ws))["reason"] == "That action answers a turn that has not " \
                                                    "come yet."
        await host.stop()
        table.cancel()

    asyncio.run(scenario())
