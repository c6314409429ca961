"""A move's message carries the seat's new observation without the game's whole history (only its
length); the seat's program rebuilds the history from the events it saw, exactly as the host
would have sent it, through whole Durak series and Azi sessions."""

from __future__ import annotations

import json
import random

import pytest

from engine.games import observation_from_json
from net.client import SeatState
from net.protocol import decode, encode
from net.table import GameTable, events_json


def _wire(kind: str, **fields) -> dict:
    return decode(encode(kind, **fields))  # as the seat receives it


def _table_message(table: GameTable, seat: int) -> dict:
    return _wire("table", deal=table.deal_number, turn=table.turn, to_move=table.to_move,
                 observation=table.observation_for(seat), round=None,
                 chain={"base": "", "links": []})


def _events_message(table: GameTable, events: list, seat: int) -> dict:
    return _wire("events", events=events_json(events, seat), turn=table.turn,
                 to_move=table.to_move, deal=table.deal_number,
                 observation=table.observation_for(seat, history=False))


def _play(game: str, players: int, games: int, seed: int, join_at: int) -> None:
    """Play a table at random; seat 0 joins late (a ``table`` message), the others from the
    start; after every move each seat's rebuilt history must be the host's."""
    rng = random.Random(seed)
    table = GameTable(game, players, games=games)
    states = {s: SeatState() for s in range(1, players)}
    moves = deal = 0
    while not table.over:
        if table.needs_seed:
            deal += 1
            table.seal(table.begin_round(bytes([deal]) * 32))
        if table.to_move is None:
            events = table.deal_next()
        else:
            events = table.apply(rng.choice(table.legal()), table.to_move)
            moves += 1
        for seat, state in states.items():
            state.handle(_events_message(table, events, seat))
        if moves == join_at and 0 not in states:
            states[0] = SeatState()
            states[0].handle(_table_message(table, 0))
        for seat, state in states.items():
            sent_whole = json.loads(json.dumps(table.observation_for(seat)))
            assert state.observation == sent_whole, (game, seat, moves)
            # A computer seat reads it as the engine gives it, history converted as it came.
            assert state.ai_observation() == observation_from_json(sent_whole), (game, seat)
    assert moves > join_at


@pytest.mark.parametrize("seed", [1, 2])
def test_a_durak_series_history_is_rebuilt_from_the_events_seen(seed):
    _play("durak", 3, 3, seed, join_at=17)


@pytest.mark.parametrize("seed", [1, 2])
def test_an_azi_session_history_is_rebuilt_from_the_events_seen(seed):
    _play("azi", 3, 3, seed, join_at=9)


def test_a_move_message_does_not_carry_the_game_so_far():
    table = GameTable("durak", 2, games=1)
    table.seal(table.begin_round(bytes(32)))
    table.deal_next()
    rng = random.Random(5)
    for _ in range(20):
        if table.to_move is None:
            break
        table.apply(rng.choice(table.legal()), table.to_move)
    light = table.observation_for(0, history=False)
    assert "history" not in light and light["history_len"] == len(table.game.history) > 20


def test_a_history_length_longer_than_the_events_seen_is_refused_as_malformed():
    state = SeatState()
    message = {"type": "events", "events": [], "turn": 1, "to_move": 0, "deal": 1,
               "observation": {"history_len": 5}}
    with pytest.raises(ValueError):
        state._on_events(message)


@pytest.mark.parametrize("game, players", [("durak", 4), ("durak", 2), ("azi", 3)])
def test_every_seat_gets_the_observation_of_its_own_after_every_move(game, players):
    # The host builds what every seat sees alike once per move (the game's seat_part gives
    # each seat's own keys): each seat's observation is still exactly its own.
    from bench.lan_save import played

    for step, table in enumerate(played(game, players, 3, seed=5)):
        if not table.started or step % 3:
            continue
        seats = list(range(players))
        views = table.observations_for(seats)
        for seat in seats:
            assert views[seat] == table.observation_for(seat, history=False)
        assert [views[s]["hand"] for s in seats] != [views[0]["hand"]] * players or \
            not any(views[0]["hand"])
