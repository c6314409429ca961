"""After a flood of hostile connections has passed, the host holds nothing for them: no open
connection, no per-address tables, no task left over; and an address that connects too fast is
closed at the socket, before any handshake (docs/lan.md, Security)."""

import asyncio

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidMessage

import net.host
from net.door import Door, StrangerBudget
from net.gate import Tarpit, give_back_memory
from net.host import Host, HostConfig
from net.protocol import encode

LOOPBACK = "127.0.0.1"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _host(door: Door, **options) -> Host:
    host = Host(HostConfig(game="durak", seats=["human", "human", "easy"], bind=LOOPBACK,
                           port=0, password="open sesame", hello_seconds=0.5, **options))
    host.door = door
    return host


async def _until_closed(ws) -> None:
    try:
        while True:
            await asyncio.wait_for(ws.recv(), 5)
    except ConnectionClosed:
        pass


async def _idle(address: str, source: str) -> None:
    async with connect(address, local_addr=(source, 0), ping_interval=None) as ws:
        await _until_closed(ws)  # says nothing: the host closes it


async def _guess(address: str, source: str) -> None:
    async with connect(address, local_addr=(source, 0), ping_interval=None) as ws:
        await ws.send(encode("hello", name="x", seat=None, token=None, password="guess"))
        await _until_closed(ws)


def test_after_a_flood_the_host_forgets_every_address_and_gives_memory_back(monkeypatch):
    trims = []
    monkeypatch.setattr(net.host, "give_back_memory", lambda: trims.append(1) or True)
    clock = Clock()
    # Within the strangers' handshake budget: what the flood leaves behind is the subject here.
    door = Door(per_address=50, total=200, lockout_seconds=60, clock=clock,
                strangers=StrangerBudget(burst=1000, clock=clock))

    async def scenario():
        host = _host(door)
        await host.start()
        before = (door.remembered, len(host._server.connections), len(host._tasks))
        assert before == (0, 0, 0)
        flood = [_idle(host.address, f"127.0.3.{1 + i % 30}") for i in range(60)]
        flood += [_guess(host.address, f"127.0.4.{1 + i}") for i in range(10)]
        await asyncio.gather(*flood)
        for _ in range(100):  # the server's side of each close may lag a little
            if not host._server.connections and not host._tasks:
                break
            await asyncio.sleep(0.05)
        assert host.door.connections == 0 and not host._server.connections
        assert not host._tasks  # nothing spawned for them is left running
        assert trims  # the flood passed: freed memory was handed back
        clock.now += door.accept_burst / door.accept_rate  # every address could connect again
        door.prune()
        assert door.remembered == 10  # only the guessers' wrong passwords, for their lockout
        clock.now += 61  # the lockout has passed: the door sweeps them out
        door.prune()
        assert door.remembered == 0
        assert host.seats[0].token is None and host.seats[1].token is None
        await host.stop()

    asyncio.run(scenario())


def test_an_address_that_connects_too_fast_is_closed_before_its_handshake():
    clock = Clock()
    door = Door(per_address=50, total=200, accept_rate=1.0, accept_burst=3, clock=clock)

    async def scenario():
        host = _host(door)
        await host.start()
        held = [await connect(host.address, ping_interval=None) for _ in range(3)]
        try:
            extra = await connect(host.address, ping_interval=None, open_timeout=5)
        except (OSError, InvalidHandshake, InvalidMessage):
            extra = None  # reset at the socket: no handshake was made
        assert extra is None and door.turned_away == 1
        clock.now += 1.0  # a second later one more may come
        again = await connect(host.address, ping_interval=None)
        for ws in (*held, again):
            await ws.close()
        await host.stop()

    asyncio.run(scenario())


def test_a_locked_out_address_is_told_once_and_then_closed_at_the_socket():
    clock = Clock()
    door = Door(lockout_after=2, lockout_seconds=60, clock=clock)
    for _ in range(2):
        door.failed("10.0.0.7")
    assert door.accepts("10.0.0.7")  # let in to hear that it is locked out
    assert not door.accepts("10.0.0.7") and not door.accepts("10.0.0.7")
    assert door.accepts("10.0.0.8")  # the other machines are not concerned
    clock.now += 5
    assert door.accepts("10.0.0.7")  # told again a while later


def test_memory_is_given_back_at_most_once_in_a_while():
    first, second = give_back_memory(), give_back_memory()
    assert not second  # too soon after the first (or no such call on this system)
    assert first in (True, False)


def test_strangers_over_the_handshake_budget_wait_and_a_player_s_address_never_does():
    clock = Clock()
    budget = StrangerBudget(rate=1.0, burst=2, clock=clock)
    door = Door(strangers=budget, clock=clock)
    assert [door.waits(f"10.0.1.{i}") for i in range(3)] == [False, False, True]
    door.succeeded("10.0.0.5")  # gave the password: no stranger
    assert not door.waits("10.0.0.5") and not door.waits("10.0.0.5")
    clock.now += 1.0  # a second later one more stranger may start a handshake
    assert not door.waits("10.0.1.9") and door.waits("10.0.1.9")
    # One budget for the tables of a process: another door spends the same, and knows the
    # player who gave the password at the first.
    other = Door(strangers=budget, clock=clock)
    assert other.waits("10.0.2.1") and not other.waits("10.0.0.5")


def test_a_held_connection_hears_nothing_and_is_closed_when_its_time_is_up():
    import socket

    clock = Clock()
    tarpit = Tarpit(hold=10.0, size=2, clock=clock)
    pairs = [socket.socketpair() for _ in range(3)]
    try:
        for ours, _ in pairs:
            tarpit.hold(ours)
        assert len(tarpit) == 2 and pairs[0][0].fileno() == -1  # too many: the oldest goes
        clock.now += 9.0
        tarpit.sweep()
        assert len(tarpit) == 2
        clock.now += 1.0
        tarpit.sweep()
        assert len(tarpit) == 0 and all(ours.fileno() == -1 for ours, _ in pairs)
        assert tarpit.count == 3
    finally:
        for ours, theirs in pairs:
            ours.close()
            theirs.close()


def test_over_the_budget_a_stranger_waits_unanswered_until_the_password_is_given():
    clock = Clock()
    door = Door(strangers=StrangerBudget(rate=1.0, burst=1, clock=clock), clock=clock)

    async def scenario():
        host = _host(door)
        host.config.hello_seconds = 5.0
        await host.start()
        first = await connect(host.address, ping_interval=None)  # the budget's one handshake
        try:
            await connect(host.address, ping_interval=None, open_timeout=0.5)
            waited = False
        except TimeoutError:
            waited = True  # held: no handshake, no answer
        assert waited and len(host.tarpit) == 1
        await first.send(encode("hello", name="Ann", seat=None, token=None,
                                password="open sesame"))
        assert '"welcome"' in await asyncio.wait_for(first.recv(), 5)
        second = await connect(host.address, ping_interval=None, open_timeout=5)  # known now
        await second.close()
        await first.close()
        await host.stop()
        assert len(host.tarpit) == 0  # the held one is closed with the table

    asyncio.run(scenario())
