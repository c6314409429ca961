"""A saved state that breaks the rules is refused with a ValueError that says why.

Both games' ``from_json`` check each card is in exactly one place, the chips add up, seats and
indices are in range and every value has its type; hypothesis damages real saved states.
"""

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.azi import AziOptions, AziSession
from engine.durak import DurakGame
from engine.shuffle import SeededDealer


def azi_state(seed: int = 3, moves: int = 6) -> dict:
    game = AziSession.new(AziOptions(num_players=3), SeededDealer(seed))
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()))
    return json.loads(json.dumps(game.to_json()))


def durak_state(seed: int = 3, moves: int = 8) -> dict:
    game = DurakGame.new(3, SeededDealer(seed))
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()))
    return json.loads(json.dumps(game.to_json()))


AZI, DURAK = azi_state(), durak_state()


def test_sound_states_still_load():
    assert AziSession.from_json(copy.deepcopy(AZI)).to_json() == AZI
    assert DurakGame.from_json(copy.deepcopy(DURAK)).to_json() == DURAK


def test_an_azi_card_in_two_hands_is_refused():
    data = copy.deepcopy(AZI)
    data["hands"][1][0] = data["hands"][0][0]
    with pytest.raises(ValueError, match="in two places"):
        AziSession.from_json(data)


def test_azi_chips_from_nowhere_are_refused():
    data = copy.deepcopy(AZI)
    data["stacks"][0] += 500
    with pytest.raises(ValueError, match="chips"):
        AziSession.from_json(data)


def test_an_azi_seat_out_of_range_is_refused():
    data = copy.deepcopy(AZI)
    data["to_move"] = 7
    with pytest.raises(ValueError, match="to_move"):
        AziSession.from_json(data)


def test_azi_options_of_the_wrong_type_are_refused():
    data = copy.deepcopy(AZI)
    data["options"]["ante"] = "ten"
    with pytest.raises(ValueError, match="ante"):
        AziSession.from_json(data)


def test_a_durak_card_in_a_hand_and_on_the_talon_is_refused():
    data = copy.deepcopy(DURAK)
    data["hands"][0].append(data["talon"][0])
    with pytest.raises(ValueError, match="in two places"):
        DurakGame.from_json(data)


def test_a_durak_card_missing_from_the_deck_is_refused():
    data = copy.deepcopy(DURAK)
    data["talon"].pop()
    with pytest.raises(ValueError, match="missing"):
        DurakGame.from_json(data)


def test_a_durak_attacker_out_of_range_is_refused():
    data = copy.deepcopy(DURAK)
    data["attacker"] = 3
    with pytest.raises(ValueError, match="attacker"):
        DurakGame.from_json(data)


# --- fuzz: damaged saves (wrong types, huge numbers, deep nesting, truncation, random bytes) ---
NASTY = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.integers(min_value=10**18),
    st.floats(allow_nan=True), st.text(max_size=6),
    st.integers(1, 300).map(lambda depth: json.loads("[" * depth + "]" * depth)),
    st.lists(st.integers(-2, 40), max_size=8), st.dictionaries(st.text(max_size=4), st.none()))


def _paths(value, prefix=()):
    """Every place in a JSON tree: ``prefix`` + keys/indices."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def _damage(data, path, new):
    data = copy.deepcopy(data)
    if not path:
        return new
    holder = data
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return data


def _damaged(state):
    places = [p for p in _paths(state) if not p or p[0] != "history"] + [("history",)]
    replaced = st.tuples(st.sampled_from(places), NASTY).map(lambda pn: _damage(state, *pn))
    dropped = st.sampled_from(sorted(k for k in state)).map(
        lambda k: {key: v for key, v in state.items() if key != k})
    text = json.dumps(state)
    truncated = st.integers(0, len(text) - 1).map(lambda n: text[:n])
    return replaced | dropped | truncated | st.binary(max_size=40)


def _load(cls, damaged):
    """Parse (text and bytes are damaged files) and load; the only allowed refusal: ValueError."""
    if isinstance(damaged, (str, bytes)):
        try:
            damaged = json.loads(damaged)
        except (ValueError, RecursionError):
            return  # not even JSON: the loader never sees it
    try:
        restored = cls.from_json(damaged)
    except ValueError as refusal:
        assert str(refusal)
        return
    # accepted: then it is a state that plays on by the rules
    assert restored.to_json() == damaged
    legal = restored.legal_actions()
    if legal:
        restored.apply(legal[0])


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged=_damaged(AZI))
def test_a_damaged_azi_state_is_refused_cleanly_or_plays_on(damaged):
    _load(AziSession, damaged)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged=_damaged(DURAK))
def test_a_damaged_durak_state_is_refused_cleanly_or_plays_on(damaged):
    _load(DurakGame, damaged)


# --- shapes from_json used to accept (issue 18 item 7) ---------------------------------------
def _refused(cls, data) -> str:
    with pytest.raises(ValueError) as refused:
        cls.from_json(data)
    return str(refused.value)


def test_a_durak_game_under_way_has_no_durak_and_a_finished_one_no_emptied_hands():
    state = copy.deepcopy(DURAK)
    assert state["phase"] != "over"
    state["durak"] = 0
    assert "no Durak yet" in _refused(DurakGame, state)
    state = copy.deepcopy(DURAK)
    state["emptied"] = list(state["finished"][:1]) or [0]
    state["finished"] = state["finished"] or [0]
    assert _refused(DurakGame, state)


def test_an_azi_state_names_the_seats_its_phase_is_built_on():
    state = copy.deepcopy(AZI)
    state["anchor"] = -1
    assert "anchor" in _refused(AziSession, state)
    state = copy.deepcopy(AZI)
    state["buy_in_queue"] = [0, 0]
    assert "different seats" in _refused(AziSession, state)
    state = copy.deepcopy(AZI)
    state["buy_in_queue"] = [1]  # waiting to buy in outside the buy-in phase
    if state["phase"] != "buy_in":
        assert "buy in" in _refused(AziSession, state)
