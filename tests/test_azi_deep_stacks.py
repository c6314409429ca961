"""Azi §3 with deep stacks: the step between bid levels grows so at most ~200 are offered."""

import random

import pytest

from ai.azi.ai import make_azi_player
from engine.azi import BET_BASE, AziOptions, AziSession
from engine.azi.bidding import MAX_BID_LEVELS, bid_step
from engine.azi.options import OPTION_BOUNDS
from engine.shuffle import SeededDealer
from tests.refusal_support import refused
from tests.test_azi_support import card, cards

HANDS3 = ["AH 6H 7H", "KH 8S 9S", "QD JD 10D"]
DEEPEST = OPTION_BOUNDS["starting_stack"].high


def levels_of(game: AziSession) -> list[int]:
    return [a - BET_BASE for a in game.legal_actions() if a >= BET_BASE]


def deep(stacks, min_raise=1) -> AziSession:
    opts = AziOptions(num_players=3, starting_stack=DEEPEST, ante=1, min_bet=1,
                      min_raise=min_raise)
    return AziSession.from_parts(opts, [cards(h) for h in HANDS3], card("10S"), stacks=stacks)


def test_the_step_is_the_minimum_raise_while_that_offers_at_most_200_levels():
    assert bid_step(10, 10 + 199 * 10, 10) == 10
    assert bid_step(10, 10 + 200 * 10, 10) == 20


def test_the_step_grows_in_chip_denominations():
    steps = [bid_step(1, top, 1) for top in (1_000, 2_000, 10_000, 30_000, 10**7, 10**15)]
    assert steps == [5, 10, 50, 200, 50_000, 5 * 10**12]
    for step in steps:
        assert str(step).strip("0") in ("1", "2", "5")


def test_the_deepest_allowed_stack_with_minimum_raise_1_offers_at_most_200_levels():
    game = deep([DEEPEST] * 3)
    levels = levels_of(game)
    assert 2 <= len(levels) <= MAX_BID_LEVELS + 1
    assert levels[0] == 1  # the minimum bet stays the first level
    assert levels[-1] == DEEPEST  # all-in is always offered
    steps = {b - a for a, b in zip(levels[:-2], levels[1:-1])}
    assert steps == {bid_step(1, DEEPEST, 1)}


def test_an_all_in_level_off_the_grown_steps_is_legal_and_takes_every_chip():
    game = deep([DEEPEST - 3] * 3)
    top = levels_of(game)[-1]
    assert top == DEEPEST - 3
    game.apply(BET_BASE + top)
    assert game.stacks[0] == 0 and game.all_in[0]


def test_a_level_between_the_grown_steps_is_refused_with_the_step_named():
    game = deep([DEEPEST] * 3)
    step = bid_step(1, DEEPEST, 1)
    with refused(f"steps of {step:,}"):  # English groups thousands with commas
        game.apply(BET_BASE + 2)


def test_a_remembered_stack_far_beyond_the_bounds_is_refused_by_the_options():
    with pytest.raises(ValueError, match="starting stack"):
        AziOptions(num_players=3, starting_stack=10**15)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_ai_returns_a_legal_bid_at_the_deepest_stacks(level):
    game = AziSession.new(AziOptions(num_players=3, starting_stack=DEEPEST, ante=1, min_bet=1,
                                     min_raise=1), SeededDealer(5))
    players = [make_azi_player(level, random.Random(s), time_budget=0.05) for s in range(3)]
    for _ in range(12):  # the bidding of a game or two, whatever the AI chooses
        if game.to_move is None:
            break
        legal = game.legal_actions()
        assert len([a for a in legal if a >= BET_BASE]) <= MAX_BID_LEVELS + 1
        seat = game.to_move
        action = players[seat].choose(game.observation(seat), legal)
        assert action in legal
        game.apply(action)
