"""Azi computer players: always legal, reproducible from their seed, and blind to hidden cards."""

import random

import pytest

from ai.azi.ai import make_azi_player
from ai.base import make_player
from engine.azi import AziOptions, AziSession
from engine.cards import HIDDEN
from engine.shuffle import SeededDealer

LEVELS = ("easy", "normal", "hard")
TINY_BUDGET = 0.001  # Hard does its minimum work: fast, and free of any clock effect


def random_table(rng: random.Random) -> AziOptions:
    """Any table: 2–6 players and every option, stacks small enough that all-ins happen."""
    cards = rng.choice([3, 4])
    return AziOptions(num_players=rng.randint(2, 6), starting_stack=rng.choice([25, 120, 1000]),
                      ante=rng.choice([1, 5, 10]), cards_dealt=cards,
                      blind_bets=cards == 3 and rng.random() < 0.5, azi_buy_in=rng.random() < 0.7,
                      min_bet=rng.choice([None, 2, 25]), min_raise=rng.choice([None, 1, 7]))


def play(options: AziOptions, levels, seed: int, games: int, on_decision=None) -> list[int]:
    """Play ``games`` games of a session with AI seats; returns every action taken."""
    session = AziSession.new(options, SeededDealer(seed))
    players = [make_azi_player(level, random.Random(seed * 31 + s), TINY_BUDGET)
               for s, level in enumerate(levels)]
    actions = []
    while session.to_move is not None and session.game_number <= games:
        seat = session.to_move
        observation, legal = session.observation(seat), session.legal_actions()
        if on_decision:
            on_decision(session, seat, levels[seat])
        action = players[seat].choose(observation, legal)
        assert action in legal, (levels[seat], observation["phase"], action, legal)
        actions.append(action)
        session.apply(action)
    return actions


def test_every_decision_is_legal_over_many_sessions_with_every_option():
    rng = random.Random(2024)
    for trial in range(24):
        options = random_table(rng)
        levels = [rng.choice(LEVELS) for _ in range(options.num_players)]
        play(options, levels, seed=trial, games=4)


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_a_whole_session_to_its_end(level):
    options = AziOptions(num_players=3, starting_stack=60, ante=10)
    session_actions = play(options, [level] * 3, seed=5, games=10_000)
    assert session_actions


def test_same_seed_same_decisions():
    options = AziOptions(num_players=4, starting_stack=300, ante=10, blind_bets=True)
    levels = ["hard", "normal", "easy", "hard"]
    assert play(options, levels, seed=9, games=5) == play(options, levels, seed=9, games=5)


def test_make_player_builds_each_level_through_the_player_boundary():
    for level in LEVELS:
        player = make_player("azi", level, random.Random(1), TINY_BUDGET)
        assert hasattr(player, "choose")
    with pytest.raises(ValueError):
        make_azi_player("grandmaster", random.Random(1))


# --- honesty: the hidden cards never matter ---------------------------------------------------
def redeal_hidden(session: AziSession, seat: int, rng: random.Random) -> AziSession:
    """A copy in which every card ``seat`` cannot see is shuffled among the hidden places.

    Hidden: the other seats' hands (folded ones too), the stock, the other seats' face-down
    discards, and the seat's own hand while it has not looked. The events that carried those
    cards privately are rewritten to match, so the copy is a consistent state.
    """
    data = session.to_json()
    own_hidden = not data["looked"][seat]
    hidden = [c for s, hand in enumerate(data["hands"]) if s != seat or own_hidden for c in hand]
    hidden += data["stock"] + [c for s, c in enumerate(data["discards"]) if s != seat and c >= 0]
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    swap = dict(zip(hidden, shuffled))
    swap[HIDDEN] = HIDDEN

    def moved(card: int) -> int:
        return swap.get(card, card)

    data["hands"] = [sorted(moved(c) for c in hand) if s != seat or own_hidden else hand
                     for s, hand in enumerate(data["hands"])]
    data["stock"] = [moved(c) for c in data["stock"]]
    data["discards"] = [moved(c) if s != seat else c for s, c in enumerate(data["discards"])]
    if data["deal_order"] is not None:
        data["deal_order"] = [moved(c) for c in data["deal_order"]]
    for event in data["history"]:
        if event["private"] and (event["seat"] != seat or own_hidden):
            event["cards"] = [moved(c) for c in event["cards"]]
    return AziSession.from_json(data)


def test_redealing_the_hidden_cards_never_changes_a_decision():
    rng = random.Random(77)
    checked = 0

    def check(session, seat, level):
        nonlocal checked
        if rng.random() > 0.25:
            return
        legal = session.legal_actions()
        if len(legal) < 2:
            return
        choice = make_azi_player(level, random.Random(123), TINY_BUDGET).choose(
            session.observation(seat), legal)
        for _ in range(2):
            other = redeal_hidden(session, seat, rng)
            assert other.legal_actions() == legal
            again = make_azi_player(level, random.Random(123), TINY_BUDGET).choose(
                other.observation(seat), legal)
            assert again == choice, (level, session.phase)
        checked += 1

    for trial in range(10):
        options = random_table(rng)
        levels = [rng.choice(LEVELS) for _ in range(options.num_players)]
        play(options, levels, seed=100 + trial, games=3, on_decision=check)
    assert checked > 40
