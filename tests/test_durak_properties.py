"""Durak properties that must hold in every reachable state, checked on random games."""

import json
import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.cards import HIDDEN
from engine.core import IllegalAction
from engine.durak import (
    ATTACKED,
    BEAT,
    DEALT,
    DISCARDED,
    DREW,
    GAME_OVER,
    PASS,
    PICKED_UP,
    TAKE,
    DurakGame,
)
from engine.durak.tables import mask_of
from engine.shuffle import SeededDealer

FULL_DECK = (1 << 36) - 1
seeds = st.integers(min_value=0, max_value=2**32 - 1)
players = st.integers(min_value=2, max_value=6)


def every_card_in_exactly_one_place(game):
    places = [mask_of(game.hand(s)) for s in range(game.num_players)]
    places += [mask_of(game.talon),
               mask_of(c for pair in game.table_pairs() for c in pair if c >= 0),
               mask_of(game.observation(None)["discard"])]
    union = 0
    for place in places:
        assert union & place == 0, "a card is in two places"
        union |= place
    assert union == FULL_DECK


class EventLedger:
    """Follows the public effect of events, as the table scene does, to check they tell all."""

    def __init__(self, game):
        self.sizes = [0] * game.num_players
        self.discard = set()
        self.table = []
        self.feed(game.history)

    def feed(self, events):
        for e in events:
            if e.kind in (DEALT, DREW):
                self.sizes[e.seat] += len(e.cards)
            elif e.kind in (ATTACKED, BEAT):
                self.sizes[e.seat] -= 1
                self.table += e.cards
            elif e.kind == PICKED_UP:
                assert sorted(e.cards) == sorted(self.table)
                self.sizes[e.seat] += len(e.cards)
                self.table = []
            elif e.kind == DISCARDED:
                assert sorted(e.cards) == sorted(self.table)
                self.discard |= set(e.cards)
                self.table = []


def play_checked(num_players, seed, full_checks_every):
    """A random game, checking the invariants at every step (the expensive ones now and then)."""
    rng = random.Random(seed)
    game = DurakGame.new(num_players, SeededDealer(seed), rng.randrange(num_players))
    ledger = EventLedger(game)
    for step in range(5000):
        every_card_in_exactly_one_place(game)
        legal = game.legal_actions()
        assert legal == sorted(legal)
        assert mask_of(legal) == game.legal_mask_from_state()
        obs = game.observation(None)
        assert ledger.sizes == obs["hand_sizes"] and sorted(ledger.discard) == obs["discard"]
        if game.is_over():
            assert legal == [] and game.to_move is None
            assert game.history[-1].kind == GAME_OVER
            return game
        assert legal and game.to_move is not None
        if step % full_checks_every == 0:
            every_other_action_is_refused_and_every_legal_one_accepted(game, legal)
            data = json.loads(json.dumps(game.to_json()))
            assert DurakGame.from_json(data).to_json() == data
        ledger.feed(game.apply(rng.choice(legal)))
    raise AssertionError("the game did not end")


def every_other_action_is_refused_and_every_legal_one_accepted(game, legal):
    before = game.to_json()
    for action in [*range(-1, 39), 99, "6S", None, 1.0, False]:
        if action in legal and type(action) is int:
            continue
        try:
            game.apply(action)
        except IllegalAction as error:
            assert error.reason
        else:
            raise AssertionError(f"{action!r} was accepted")
    assert game.to_json() == before
    for action in legal:
        game.clone().apply(action)
    assert game.to_json() == before


@settings(max_examples=30, deadline=None)
@given(seed=seeds, num_players=players)
def test_invariants_hold_at_every_step_of_random_games(seed, num_players):
    game = play_checked(num_players, seed, full_checks_every=10)
    result = game.result()
    loser = [result["durak"]] if result["durak"] is not None else []
    everyone = result["finishing_order"] + loser
    assert sorted(everyone) == list(range(num_players))


@settings(max_examples=25, deadline=None)
@given(seed=seeds, num_players=players)
def test_seed_and_action_list_replay_the_game_exactly(seed, num_players):
    rng = random.Random(seed)
    game = DurakGame.new(num_players, SeededDealer(seed), 0)
    actions = []
    while not game.is_over():
        actions.append(rng.choice(game.legal_actions()))
        game.apply(actions[-1])
    replay = DurakGame.new(num_players, SeededDealer(seed), 0)
    for action in actions:
        replay.apply(action)
    assert replay.to_json() == game.to_json()


@settings(max_examples=30, deadline=None)
@given(seed=seeds, num_players=players, stop=st.integers(min_value=0, max_value=80))
def test_json_round_trip_mid_game(seed, num_players, stop):
    rng = random.Random(seed)
    game = DurakGame.new(num_players, SeededDealer(seed), 0)
    for _ in range(stop):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions()))
    copy = DurakGame.from_json(json.loads(json.dumps(game.to_json())))
    assert copy.to_json() == game.to_json()
    while not game.is_over():  # and both go on the same way
        action = rng.choice(game.legal_actions())
        assert game.apply(action) == copy.apply(action)
    assert copy.to_json() == game.to_json()


def reshuffled_hidden_cards(game, seat, rng):
    """Every hand and the talon with the cards ``seat`` cannot see dealt again at random."""
    obs = game.observation(seat)
    hands = [game.hand(s) for s in range(game.num_players)]
    talon = list(game.talon)
    indicator_in_place = talon and not obs["trump_card_taken"]
    pool = [c for s, h in enumerate(hands) if s != seat for c in h if c not in obs["known"][s]]
    pool += talon[:-1] if indicator_in_place else talon
    rng.shuffle(pool)
    new_hands = []
    for s, hand in enumerate(hands):
        if s == seat:
            new_hands.append(hand)
            continue
        known = [c for c in hand if c in obs["known"][s]]
        hidden = len(hand) - len(known)
        new_hands.append(known + pool[:hidden])
        del pool[:hidden]
    new_talon = pool + ([talon[-1]] if indicator_in_place else [])
    return new_hands, new_talon


@settings(max_examples=30, deadline=None)
@given(seed=seeds, num_players=players, stop=st.integers(min_value=0, max_value=60))
@example(seed=1186113, num_players=2, stop=59)  # a game just over: the last battle's seats stay
def test_an_observation_never_shows_another_seats_hidden_cards(seed, num_players, stop):
    rng = random.Random(seed)
    game = DurakGame.new(num_players, SeededDealer(seed), 0)
    for _ in range(stop):
        if game.is_over():
            return
        game.apply(rng.choice(game.legal_actions()))
    for seat in range(num_players):
        obs = game.observation(seat)
        for event in obs["history"]:
            if event["private"] and event["seat"] != seat:
                assert set(event["cards"]) == {HIDDEN}
        true_world = DurakGame.from_observation(obs, [game.hand(s) for s in range(num_players)],
                                                game.talon)
        for _ in range(20):
            try:
                other_world = DurakGame.from_observation(obs,
                                                         *reshuffled_hidden_cards(game, seat, rng))
            except ValueError:
                continue  # the seat asked must hold a card of a rank on the table: guess again
            assert other_world.observation(seat) == true_world.observation(seat)
        without_history = {k: v for k, v in obs.items() if k != "history"}
        seen = true_world.observation(seat)
        assert {k: v for k, v in seen.items() if k != "history"} == without_history


def test_a_few_thousand_random_playouts_end_properly():
    rng = random.Random(2024)
    dealer = SeededDealer(2024)
    for num_players in (2, 3, 4, 5, 6):
        for _ in range(500):
            game = DurakGame.new(num_players, dealer, rng.randrange(num_players))
            for _ in range(5000):
                legal = game.legal_actions()
                if not legal:
                    break
                game.apply(rng.choice(legal))
            assert game.is_over()
            result = game.result()
            assert len(result["finishing_order"]) >= num_players - 1
            assert (result["durak"] is None) == result["draw"]
            assert sum(game.observation(None)["hand_sizes"]) == (
                0 if result["draw"] else len(game.hand(result["durak"])))


def play_stubbornly_at_times(num_players, dealer, rng, stubborn):
    """A random game; once the talon is empty, ``stubborn`` players lead their lowest card, take
    every attack and throw nothing in, which is how circles come about."""
    game = DurakGame.new(num_players, dealer, rng.randrange(num_players))
    actions = 0
    while not game.is_over():  # no cap: the repetition rule must end every game by itself
        legal = game.legal_actions()
        if stubborn and not game.talon:
            action = TAKE if TAKE in legal else PASS if game.table_pairs() else legal[0]
        else:
            action = rng.choice(legal)
        game.apply(action)
        actions += 1
        assert actions < 100_000, "the game did not end"
    return game, actions


def test_leaving_6_every_game_ends_even_when_defenders_keep_taking():
    rng = random.Random(77)
    dealer = SeededDealer(77)
    repetitions = 0
    for i in range(300):
        game, _ = play_stubbornly_at_times(3 + i % 4, dealer, rng, stubborn=i % 2 == 0)
        result = game.result()
        assert result["over"] and (result["durak"] is None) == result["draw"]
        repetitions += result["repetition"]
    assert repetitions > 0  # the rule's path was taken, not only ordinary ends
