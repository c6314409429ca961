"""A move's events and the next seat's turn in one message (protocol 4): the seat asked gets
exactly the turn a ``your_turn`` would carry, every other seat only its own view of the events,
and a program reading either form plays the same turn."""

import asyncio
import json

from net.client import SeatState
from net.host import Host, HostConfig
from net.protocol import decode, encode, turn_offered
from net.table import events_json


class _Line:
    """A seat's connection that keeps what the host sends it."""

    def __init__(self, log):
        self.log, self.ws = log, None

    async def send(self, text):
        self.log.append(json.loads(text))


def _dealt_host(game, seats):
    """A host whose table has its first deal made, every person's seat connected to a _Line;
    the messages in the order sent, as (seat, message)."""
    host = Host(HostConfig(game=game, seats=seats, bind="127.0.0.1", port=0))
    sent = []
    for seat in host.seats:
        if seat.kind == "human":
            seat.token = f"token-of-seat-{seat.index}-xxxxxxxx"
            log = []
            seat.conn = _Line(log)
            sent.append((seat.index, log))
    round_ = host.table.begin_round(b"\x01" * 32, "ab" * 32)
    round_.contributions = {s.index: bytes([s.index + 2]) * 32 for s in host.seats
                            if s.kind == "human"}
    round_.members = sorted(round_.contributions)
    host.table.seal(round_)
    return host, host.table.deal_next(), sent


def _play_to_a_person(host):
    """Computer moves until a person's seat is to move (the table asks it next)."""
    table = host.table
    while host.seats[table.to_move].kind != "human":
        table.apply(table.legal()[0], table.to_move)


def test_the_seat_asked_next_gets_its_turn_with_the_events_and_the_others_do_not():
    host, events, lines = _dealt_host("durak", ["human", "human", "easy"])
    _play_to_a_person(host)
    asked = host.table.to_move
    asyncio.run(host._broadcast_events(events))
    legal = host.table.legal()
    for seat, log in lines:
        (message,) = log
        assert message["events"] == events_json(events, seat)  # its own view, no one else's
        if seat == asked:
            assert message["legal"] == legal
            assert message["texts"] == host.table.action_texts(legal)
        else:
            assert "legal" not in message and "texts" not in message
    assert host._awaiting == asked  # asked already: no separate your_turn follows


def test_the_seat_asked_is_told_last_so_its_answer_cannot_overtake_the_others_events():
    host, events, _ = _dealt_host("durak", ["human", "human", "human"])
    order = []
    for seat in host.seats:
        seat.conn.send = lambda text, index=seat.index: _note(order, index)
    asyncio.run(host._broadcast_events(events))
    assert order[-1] == host.table.to_move and sorted(order) == [0, 1, 2]


async def _note(order, index):
    order.append(index)


def test_no_turn_rides_with_the_events_while_a_deal_waits_to_be_sealed():
    host, events, lines = _dealt_host("azi", ["human", "human"])
    assert host.table.needs_seed  # an Azi session keeps the next game's seed ready first
    asyncio.run(host._broadcast_events(events))
    assert all("legal" not in message for _, log in lines for message in log)
    assert host._awaiting is None  # the turn is asked once the seed is sealed


def test_a_turn_with_the_events_is_read_as_the_same_turn_a_your_turn_gives():
    carried = {"type": "events", "v": 4, "events": [], "turn": 7, "to_move": 1, "deal": 1,
               "observation": {"game": "durak", "history_len": 0}, "legal": [3, 9],
               "texts": ["a", "b"]}
    alone = {"type": "your_turn", "v": 4, "legal": [3, 9], "texts": ["a", "b"], "turn": 7}
    assert turn_offered(carried) == {k: v for k, v in alone.items() if k != "v"}
    assert turn_offered(alone) is alone
    without = {k: v for k, v in carried.items() if k not in ("legal", "texts")}
    assert turn_offered(without) is None
    state = SeatState("me")
    state.seat, state.game = 1, "durak"
    state.handle(decode(encode("events", **{k: v for k, v in carried.items()
                                            if k not in ("type", "v")})))
    assert (state.legal, state.texts, state.turn) == ([3, 9], ["a", "b"], 7)
    state.handle(decode(encode("events", **{k: v for k, v in without.items()
                                            if k not in ("type", "v")})))
    assert state.legal == [] and state.texts == []  # another move: the turn has passed
