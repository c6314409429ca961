"""LAN tables on loopback (127.0.0.1 only): whole games, a player who drops and rejoins, attacks."""

import asyncio
import json
import subprocess
import sys
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from net.bots import SeatBot
from net.client import SeatState
from net.host import Host, HostConfig
from net.protocol import encode, turn_offered

ROOT = Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"


def _host(game, seats, **options):
    return Host(HostConfig(game=game, seats=seats, bind=LOOPBACK, port=0, **options))


async def _recv_until(ws, kind):
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if message["type"] == kind:
            return message


def _run_join(address, tmp_path, name, *extra):
    proof = tmp_path / f"{name}.json"
    return proof, subprocess.Popen([sys.executable, "game.py", "join", address, "--bot", "easy",
                                    "--name", name, "--proof", str(proof), *extra], cwd=ROOT,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _whole_table_in_processes(tmp_path, game, seats, games, clients):
    host = subprocess.Popen([sys.executable, "game.py", "host", "--game", game, "--seats", seats,
                             "--games", str(games), "--port", "0", "--bind", LOOPBACK,
                             "--no-announce"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        address = host.stdout.readline().split(" at ")[-1].strip()
        assert address.startswith(f"wss://{LOOPBACK}:")  # encrypted by default
        joins = [_run_join(address, tmp_path, f"p{i}") for i in range(clients)]
        for _, process in joins:
            output, _ = process.communicate(timeout=60)
            assert process.returncode == 0, output
        host_output, _ = host.communicate(timeout=10)
    finally:
        host.kill()
    return [json.loads(proof.read_text()) for proof, _ in joins], host_output


def test_a_whole_durak_series_between_client_processes_with_every_deal_verified(tmp_path):
    proofs, _ = _whole_table_in_processes(tmp_path, "durak", "human,human,easy", 2, 2)
    for proof in proofs:
        assert proof["ended"] == "table_over" and proof["result"]["games"] == 2
        assert proof["verdicts"] == {"1": [], "2": []}  # every deal checked, nothing wrong
    assert {p["seat"] for p in proofs} == {0, 1}


def test_a_whole_azi_session_between_three_client_processes_and_a_computer(tmp_path):
    proofs, _ = _whole_table_in_processes(tmp_path, "azi", "human,human,human,easy", 2, 3)
    for proof in proofs:
        assert proof["ended"] == "table_over" and proof["verdicts"] == {"1": [], "2": []}
        assert sum(proof["result"]["stacks"]) == 4 * 1000  # chips are neither made nor lost


def test_a_player_who_drops_mid_game_rejoins_with_his_token_and_the_game_goes_on():
    async def scenario():
        host = _host("durak", ["human", "human"], games=2, drop_timeout=30)
        await host.start()
        table = asyncio.create_task(host.run())
        steady = SeatBot(host.address, "random", "steady")
        leaver = SeatBot(host.address, "random", "leaver", reconnect_for=0)
        original = leaver._on_message
        turns = 0

        async def drop_after_three_turns(message):
            nonlocal turns
            turns += message["type"] == "your_turn"
            if turns == 3 and leaver.link._ws is not None:
                leaver.link._ws.transport.abort()  # the line goes dead, no goodbye
                return
            await original(message)

        leaver._on_message = drop_after_three_turns
        steady_run = asyncio.create_task(steady.run())
        await leaver.run()
        assert leaver.state.ended == "lost" and host.table.turn > 0
        seat = host.seats[leaver.state.seat]
        for _ in range(100):  # the host notices the dead line when its read fails
            if seat.conn is None:
                break
            await asyncio.sleep(0.05)
        assert seat.conn is None and not seat.stand_in  # kept for him, not handed to a computer
        back = SeatBot(host.address, "random", token=leaver.state.token)  # a fresh program
        state = await back.run()
        await steady_run
        result = await table
        assert state.seat == leaver.state.seat and state.ended == "table_over"
        assert result["games"] == 2
        assert state.verdicts.get(2) == [] and steady.state.verdicts == {1: [], 2: []}
        assert 1 in state.unchecked  # deal 1 was sealed before the fresh program came in

    asyncio.run(scenario())


def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing():
    async def scenario():
        host = _host("durak", ["human", "easy"])
        await host.start()
        table = asyncio.create_task(host.run())
        state = SeatState("careful")
        async with connect(host.address) as ws:
            await ws.send(state.hello())
            while True:
                message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                for reply in state.handle(message):
                    await ws.send(reply)
                if turn_offered(message) is not None:  # alone, or with the events (v4)
                    message = turn_offered(message)
                    break
            before = (host.table.turn, host.table.game.to_json())
            illegal = next(a for a in range(38) if a not in message["legal"])
            await ws.send(encode("action", action=illegal, turn=message["turn"]))
            refusal = await _recv_until(ws, "refused")
            assert refusal["about"] == "action" and refusal["reason"]
            assert (host.table.turn, host.table.game.to_json()) == before
            await ws.send(encode("action", action=message["legal"][0], turn=message["turn"]))
            assert (await _recv_until(ws, "events"))["turn"] == before[0] + 1
        await host.stop()
        table.cancel()

    asyncio.run(scenario())


def test_hostile_messages_are_refused_and_a_stalling_program_cannot_hold_the_deal():
    async def scenario():
        host = _host("durak", ["human", "human", "human"], deal_timeout=1.0, drop_timeout=0.2)
        await host.start()
        table = asyncio.create_task(host.run())
        bots = [SeatBot(host.address, "random") for _ in range(2)]
        runs = [asyncio.create_task(b.run()) for b in bots]
        async with connect(host.address) as ws:
            await ws.send(encode("hello", name="mallory", seat=None, token=None, password=None))
            await _recv_until(ws, "welcome")
            async with connect(host.address) as guesser:
                await guesser.send(encode("hello", name="x", seat=None, token="A" * 32,
                                          password=None))
                assert (await _recv_until(guesser, "refused"))["about"] == "hello"  # nobody's
            await _recv_until(ws, "deal_commit")  # ...and never answers: a staller
            refused_before = host.refusals
            for frame in (b"\x00\xffgarbage", "{not json", encode("launch"),
                          encode("action", action=0, turn=0),  # not his turn
                          encode("reveal", deal=1, contribution="00" * 32)):  # out of order
                await ws.send(frame)
            for _ in range(100):  # the host reads them a moment after they were sent
                if host.refusals >= refused_before + 5:
                    break
                await asyncio.sleep(0.05)
            assert host.refusals >= refused_before + 5
            assert host.table.turn == 0 and not host.table.started  # nothing moved
            for _ in range(400):  # a flood: past the burst the rate limit refuses
                await ws.send(encode("bye_not"))
            try:
                while True:  # read the refusals until the host closes the line as hostile
                    await asyncio.wait_for(ws.recv(), 10)
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1008
            assert host.refusals >= refused_before + 50
        async with connect(host.address, max_size=None) as ws:
            try:
                await ws.send("x" * (70 * 1024))  # over the 64 KiB limit
                await asyncio.wait_for(ws.recv(), 5)
                raise AssertionError("an oversized message was answered")
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1009
        states = await asyncio.gather(*runs)
        result = await table
        assert result["games"] == 1
        for state in states:
            assert state.ended == "table_over" and state.verdicts == {1: []}

    asyncio.run(scenario())
