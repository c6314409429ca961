"""Every registered game keeps the one contract of engine/core.py (as OpenSpiel's conformance
tests): legal actions are the truth, illegal ones change nothing, observations are JSON data
with history entries as dicts, states survive JSON and cloning, the deal is committed before
play and revealed after, and the result comes with a numeric returns vector."""

import inspect
import json
import random

import pytest

from engine.core import IllegalAction, apply_by
from engine.games import game_names, rules_for
from engine.shuffle import SeededDealer, commitment_of
from tests.fake_game import NAME as FAKE
from tests.fake_game import high_two_registered

GAMES = [*game_names(), FAKE]


@pytest.fixture(params=GAMES)
def rules(request):
    """Each registered game in turn (the made-up one registered only for its run)."""
    with high_two_registered():
        yield rules_for(request.param)


def _random_playout(rules, seed: int, players: int, check_each_step) -> object:
    """A game at default options played to its end by random legal actions (short for Azi)."""
    game = rules.new(players, dict(rules.default_options), SeededDealer(f"contract:{seed}"))
    rng = random.Random(seed)
    for _ in range(400):
        if game.to_move is None:
            break
        check_each_step(game)
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_legal_actions_are_ascending_and_empty_exactly_when_over(rules):
    def check(game):
        legal = game.legal_actions()
        assert legal == sorted(set(legal)) and legal, "a seat to move has sorted, unique actions"
    game = _random_playout(rules, 1, rules.min_players, check)
    if game.to_move is None:
        assert game.legal_actions() == []


def test_an_illegal_action_raises_and_leaves_the_state_unchanged(rules):
    def check(game):
        before = json.dumps(game.to_json(), sort_keys=True)
        illegal = next(a for a in range(-1, 2000) if a not in game.legal_actions())
        with pytest.raises(IllegalAction):
            game.apply(illegal)
        assert json.dumps(game.to_json(), sort_keys=True) == before
    _random_playout(rules, 2, rules.min_players, check)


def test_every_observation_is_plain_json_with_history_entries_as_dicts(rules):
    def check(game):
        for seat in range(game.num_players):
            observation = game.observation(seat)
            assert json.loads(json.dumps(observation)) == observation
            assert all(isinstance(e, dict) and {"kind", "seat"} <= set(e)
                       for e in observation["history"])
    _random_playout(rules, 3, rules.max_players, check)


def test_an_observation_without_history_is_the_same_but_for_the_events(rules):
    # A LAN host asks for it after every move and sends the events' count instead.
    def check(game):
        for seat in range(game.num_players):
            whole = game.observation(seat)
            assert len(whole.pop("history")) == len(game.history)
            assert game.observation(seat, history=False) == whole
    _random_playout(rules, 2, rules.max_players, check)


def test_apply_takes_the_action_alone_and_a_table_acting_for_another_seat_is_told_to_wait(rules):
    def check(game):
        assert list(inspect.signature(game.apply).parameters) == ["action"]
        other = (game.to_move + 1) % game.num_players
        before = json.dumps(game.to_json(), sort_keys=True)
        with pytest.raises(IllegalAction) as refused:
            apply_by(game, other, game.legal_actions()[0])
        assert refused.value.reason.key == "refuse.wait_turn"
        assert json.dumps(game.to_json(), sort_keys=True) == before
        copy = game.clone()
        assert apply_by(copy, game.to_move, game.legal_actions()[0]) is not None
    _random_playout(rules, 7, rules.min_players, check)


def test_a_state_survives_json_and_a_clone_is_independent(rules):
    def check(game):
        data = game.to_json()
        assert rules.from_json(json.loads(json.dumps(data))).to_json() == data
        copy = game.clone()
        copy.apply(copy.legal_actions()[0])
        assert game.to_json() == data
    _random_playout(rules, 4, rules.min_players, check)


def test_the_deal_is_committed_before_play_and_its_seed_revealed_after(rules):
    game = _random_playout(rules, 5, rules.min_players, lambda game: None)
    deals = rules.revealed_deals(game)
    assert deals, "a played game reveals at least one deal"
    for commitment, seed, order in deals:
        assert commitment == commitment_of(bytes.fromhex(seed))
        assert sorted(order) == sorted(rules.deck)


def test_returns_are_one_number_per_seat_beside_the_result(rules):
    game = _random_playout(rules, 6, rules.min_players, lambda game: None)
    returns = game.returns()
    assert len(returns) == game.num_players
    assert all(isinstance(r, float) for r in returns)
    assert isinstance(game.result(), dict)
