"""Azi properties that must always hold, over random play of whole sessions with every option."""

import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engine.azi import ALL_IN, BET_BASE, CALL, JOIN_AZI, SKIP_AZI, AziOptions, AziSession
from engine.core import IllegalAction
from engine.shuffle import SeededDealer
from tests.test_azi_support import check_invariants

# Every action number the engine knows, plus a few it does not, and bet levels around the usual.
CANDIDATES = (list(range(-2, 30)) + list(range(99, 107)) + [999]
              + [BET_BASE + level for level in (1, 5, 9, 10, 11, 15, 20, 25, 40, 100, 1000, 5000)])


@st.composite
def table_options(draw) -> AziOptions:
    """Any legal table: 2–6 players, small stacks so sessions end, every option."""
    cards_dealt = draw(st.sampled_from([3, 4]))
    return AziOptions(
        num_players=draw(st.integers(2, 6)),
        starting_stack=draw(st.integers(1, 120)),
        ante=draw(st.integers(1, 12)),
        cards_dealt=cards_dealt,
        blind_bets=cards_dealt == 3 and draw(st.booleans()),
        azi_buy_in=draw(st.booleans()),
        min_bet=draw(st.none() | st.integers(1, 25)),
        min_raise=draw(st.none() | st.integers(1, 25)))


def random_options(rng: random.Random) -> AziOptions:
    cards_dealt = rng.choice([3, 4])
    return AziOptions(num_players=rng.randint(2, 6), starting_stack=rng.choice([15, 50, 200, 1000]),
                      ante=rng.choice([1, 5, 10]), cards_dealt=cards_dealt,
                      blind_bets=cards_dealt == 3 and rng.random() < 0.5,
                      azi_buy_in=rng.random() < 0.5, min_bet=rng.choice([None, 2, 25]),
                      min_raise=rng.choice([None, 1, 7, 50]))


class AziSessionMachine(RuleBasedStateMachine):
    """Random sessions: chips and cards are conserved whatever happens, refusals change nothing."""

    @initialize(options=table_options(), seed=st.integers(0, 2**32))
    def start(self, options, seed):
        self.game = AziSession.new(options, SeededDealer(seed))
        self.total = options.num_players * options.starting_stack
        self.rng = random.Random(seed)

    @precondition(lambda self: self.game.to_move is not None)
    @rule(data=st.data())
    def a_legal_action_is_accepted(self, data):
        self.game.apply(data.draw(st.sampled_from(self.game.legal_actions())))

    @precondition(lambda self: self.game.to_move is not None)
    @rule()
    def play_out_the_current_game(self):
        number = self.game.game_number
        while self.game.to_move is not None and self.game.game_number == number:
            self.game.apply(self.rng.choice(self.game.legal_actions()))

    @rule(action=st.sampled_from(CANDIDATES))
    def any_other_action_is_refused_and_changes_nothing(self, action):
        if action in self.game.legal_actions():
            return
        before = self.game.to_json()
        with pytest.raises(IllegalAction) as refused:
            self.game.apply(action)
        assert refused.value.reason and self.game.to_json() == before

    @rule()
    def json_round_trip(self):
        data = self.game.to_json()
        self.game = AziSession.from_json(data)
        assert self.game.to_json() == data

    @rule()
    def a_clone_plays_on_without_touching_the_original(self):
        before = self.game.to_json()
        copy = self.game.clone()
        while copy.to_move is not None and copy.game_number <= self.game.game_number + 1:
            copy.apply(self.rng.choice(copy.legal_actions()))
        assert self.game.to_json() == before

    @invariant()
    def chips_and_cards_are_conserved(self):
        if hasattr(self, "game"):
            check_invariants(self.game, self.total)


TestAziSessionMachine = AziSessionMachine.TestCase
TestAziSessionMachine.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)


def test_random_playouts_of_thousands_of_games_over_every_table_keep_the_invariants():
    rng = random.Random(2024)
    games = sessions = 0
    seen = set()
    while games < 3000:
        options = random_options(rng)
        game = AziSession.new(options, SeededDealer(rng.getrandbits(64)))
        total = options.num_players * options.starting_stack
        steps = 0
        while game.to_move is not None and steps < 3000:
            for event in game.apply(rng.choice(game.legal_actions())):
                seen.add(event.kind)
            check_invariants(game, total)
            steps += 1
        games += game.game_number
        sessions += 1
    assert {"azi", "azi_joined", "azi_declined", "all_in", "refund", "six_on_stage", "looked",
            "discarded", "sat_out", "player_out", "session_over"} <= seen


def test_every_legal_action_is_accepted_in_every_state_met():
    rng = random.Random(7)
    tables = [AziOptions(num_players=3, starting_stack=60),
              AziOptions(num_players=5, starting_stack=40, blind_bets=True, min_raise=3),
              AziOptions(num_players=4, starting_stack=50, cards_dealt=4, ante=5)]
    states = 0
    while states < 600:
        game = AziSession.new(tables[states % 3], SeededDealer(rng.getrandbits(32)))
        while game.to_move is not None:
            legal = game.legal_actions()
            assert legal == sorted(set(legal))
            for action in legal:
                game.clone().apply(action)
            game.apply(rng.choice(legal))
            states += 1


def test_a_game_is_over_exactly_when_no_action_is_legal():
    rng = random.Random(3)
    game = AziSession.new(AziOptions(num_players=2, starting_stack=30), SeededDealer(3))
    while game.legal_actions():
        assert game.to_move is not None and not game.is_over()
        game.apply(rng.choice(game.legal_actions()))
    assert game.to_move is None and game.is_over() and game.phase == "over"


def test_a_session_of_cautious_players_still_ends():
    """Players who never fold or raise (they open at the minimum and call) still finish."""
    rng = random.Random(5)
    game = AziSession.new(AziOptions(num_players=4, starting_stack=40), SeededDealer(8))
    steps = 0
    while game.to_move is not None:
        legal = game.legal_actions()
        cautious = [a for a in legal if a < 27 or a in (CALL, ALL_IN, JOIN_AZI, SKIP_AZI)]
        game.apply(rng.choice(cautious) if cautious else min(a for a in legal if a >= BET_BASE))
        steps += 1
        assert steps < 50_000
    assert game.result()["winner"] is not None
