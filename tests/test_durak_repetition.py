"""Durak, "Drawing and leaving" rule 6 (docs/rules/durak.md): a position standing for the third
time ends the game in a draw, whether or not the talon still has cards."""

import json
import random

import pytest

from engine.core import Event
from engine.durak import GAME_OVER, PASS, REPETITION, TAKE, DurakGame, DurakSeries
from engine.durak.stacked import stacked
from engine.shuffle import SeededDealer
from tests.test_durak_rules import play


def takes_every_attack(game):
    """Play on: lead the lowest card, the defender always takes, nobody throws in.

    Returns how often each battle-start position (attacker and every hand) stood, counted here
    independently of the engine, and the position at which the game ended.
    """
    seen = {}
    n = game.num_players
    for _ in range(1000):
        if game.is_over() or not game.table_pairs():  # a battle's start, or the end
            # Every battle is taken, so the attacker is the active seat after the defender.
            attacker = game.attacker if not game.is_over() else next(
                s for s in ((game.defender + k) % n for k in range(1, n)) if game.hand(s))
            key = (attacker, *(tuple(game.hand(s)) for s in range(n)))
            seen[key] = seen.get(key, 0) + 1
            if game.is_over():
                return seen, key
        legal = game.legal_actions()
        game.apply(legal[0] if not game.table_pairs() else TAKE if TAKE in legal else PASS)
    raise AssertionError("the game did not end")


def test_leaving_6_decided_a_position_standing_for_the_third_time_ends_the_game_in_a_draw():
    # Talon empty, hearts trump and nobody holds one: every defender takes, so the same few
    # cards go round the table. Seat 3 is already out.
    game = stacked(["6S 7C", "6C 7D", "6D 7S", ""], "AH", attacker=0, finished=[3])
    seen, last = takes_every_attack(game)
    assert seen[last] == 3 and max(seen.values()) == 3  # no position stood a third time earlier
    assert game.history[-1] == Event(GAME_OVER, -1, (), REPETITION)
    result = game.result()
    assert result["draw"] and result["repetition"] and result["durak"] is None
    assert result["places"] == [2, 2, 2, 1]  # the players holding cards share the last place


def test_leaving_6_decided_a_position_counts_while_the_talon_still_has_cards():
    game = stacked(["6S 7C", "6C 7D", "6D 7S"], "AH", attacker=0,
                   talon="8C 9C 10C JC QC KC AC 8D 9D 10D JD QD KD AD")
    assert game.talon and len(game.to_json()["positions_seen"]) == 1


def stall_everyone_takes(game, most_actions=5000):
    """Every defender takes; the attacker leads his lowest card and then passes; nobody adds.

    Returns the number of actions played until the game ended (fails if it never does).
    """
    for played in range(most_actions):
        if game.is_over():
            return played
        legal = game.legal_actions()
        game.apply(TAKE if TAKE in legal else PASS if PASS in legal else legal[0])
    raise AssertionError(f"still playing after {most_actions} actions, talon {len(game.talon)}")


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("seed", range(6))
def test_leaving_6_decided_the_everyone_takes_stall_ends_by_repetition_with_cards_in_the_talon(
        players, seed):
    # With three or more players every hand stays at six or more, nobody draws and the talon
    # never shrinks; the position repeats, so the game ends in a draw with the talon untouched.
    game = DurakGame.new(players, SeededDealer(seed))
    stall_everyone_takes(game)
    result = game.result()
    assert result["repetition"] and result["draw"] and result["durak"] is None
    assert game.history[-1] == Event(GAME_OVER, -1, (), REPETITION)


def test_leaving_6_decided_the_stall_ends_while_the_talon_still_has_cards():
    for players in (3, 5):
        game = DurakGame.new(players, SeededDealer(1))
        stall_everyone_takes(game)
        assert game.talon  # nobody could draw it down, and the game still ended


def test_leaving_6_decided_only_positions_with_the_current_talon_and_pile_are_kept():
    # The pile only grows and the talon only shrinks, so a position with another talon or pile
    # can never stand again: the counts keep only those holding today's cards in the hands.
    rng = random.Random(5)
    for seed in range(20):
        game = DurakGame.new(rng.randint(2, 6), SeededDealer(seed))
        while not game.is_over():
            if not game.table_pairs():
                in_hands = sorted(c for s in range(game.num_players) for c in game.hand(s))
                for _, hands, _ in game.to_json()["positions_seen"]:
                    assert sorted(c for h in hands for c in h) == in_hands
            game.apply(rng.choice(game.legal_actions()))


def test_leaving_6_decided_a_draw_by_repetition_gives_nobody_the_loss_in_a_series():
    series = DurakSeries(4, SeededDealer(3))
    series.game = stacked(["6S 7C", "6C 7D", "6D 7S", ""], "AH", attacker=0, finished=[3])
    takes_every_attack(series.game)
    assert series.losses == [0, 0, 0, 0]
    assert series.wins == [0, 0, 0, 1]  # the first out still wins


def test_leaving_6_decided_the_repetition_count_survives_saving_and_cloning():
    game = stacked(["6S 7C", "6C 7D", "6D 7S"], "AH", attacker=0)
    play(game, "6S", "take", "pass", "pass", "6D", "take")  # two battles, both taken
    saved = DurakGame.from_json(json.loads(json.dumps(game.to_json())))
    copy = game.clone()
    assert saved.to_json()["positions_seen"] == copy.to_json()["positions_seen"] == (
        game.to_json()["positions_seen"]) != []
    for twin in (saved, copy):
        takes_every_attack(twin)
    takes_every_attack(game)
    assert saved.to_json() == copy.to_json() == game.to_json()
    assert game.result()["repetition"]
