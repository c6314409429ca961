"""Durak protocol decisions (engine.durak docstring), events, texts, fairness and the API."""

import json
import random

import pytest

from engine.cards import HIDDEN, parse_card, parse_cards
from engine.core import Event, IllegalAction, apply_by
from engine.durak import (
    ATTACKED,
    BEAT,
    DEALT,
    DISCARDED,
    DREW,
    FIRST_ATTACK,
    OUT,
    PASS,
    PASSED,
    PICKED_UP,
    SHUFFLED,
    TAKE,
    TAKE_DECLARED,
    TRUMP_SHOWN,
    TRUMP_TAKEN,
    DurakGame,
    DurakSeries,
)
from engine.durak.stacked import deck_for_deal, stacked
from engine.durak.text import parse_action
from engine.shuffle import FixedDealer, SecureDealer, SeededDealer, verify_deal
from tests.refusal_support import refused

OBSERVATION_KEYS = {
    "game", "seat", "num_players", "dealer", "to_move", "hand", "hand_sizes", "trump_suit",
    "trump_card", "trump_card_taken", "talon_size", "table", "attacker", "defender", "taking",
    "attack_limit", "passed", "discard", "finished", "active", "known", "history"}


def play(game, *moves):
    events = []
    for move in moves:
        events += game.apply(parse_action(move))
    return events


def finish(game, seed=0):
    """Play on with random legal moves to the end (a fixed policy can pass cards round forever)."""
    rng = random.Random(seed)
    for _ in range(10_000):
        if game.is_over():
            return
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("the game did not end")


def c(text):
    return parse_card(text)


def cs(text):
    return parse_cards(text)


def test_protocol_the_primary_attacker_must_lead_a_card():
    game = stacked(["6S 7S", "8S"], "AH", attacker=0)
    assert PASS not in game.legal_actions() and TAKE not in game.legal_actions()
    with refused("you must lead a card"):
        game.apply(PASS)


def test_protocol_the_defender_answers_each_card_before_more_are_thrown_in():
    game = stacked(["6S 6H", "7S 7H 8C", "6D"], "AC", attacker=0)
    play(game, "6S")
    assert game.to_move == 1  # not the attackers: 6S is unbeaten
    with refused("wait for your turn"):
        apply_by(game, 0, c("6H"))
    play(game, "7S")
    assert game.to_move == 0 and game.legal_actions() == [c("6H"), PASS]


def test_protocol_after_take_the_attackers_are_asked_again_from_the_first_after_each_card():
    game = stacked(["6S 6H 7C", "8C 9C 10C JC", "6D 6C"], "AS", attacker=0)
    play(game, "6H", "take")
    assert game.to_move == 0
    play(game, "pass")
    assert game.to_move == 2
    play(game, "6D")  # a card resets the passes: seat 0 is asked again
    assert game.to_move == 0 and game.observation(1)["passed"] == []


def test_information_an_attacker_with_nothing_to_throw_in_is_asked_and_may_only_pass():
    chosen = stacked(["6S 6H", "7S 7H 8C", "9D"], "AC", attacker=0)
    play(chosen, "6S", "7S")
    nothing = stacked(["6S 10H", "7S 7H 8C", "9D"], "AC", attacker=0)
    play(nothing, "6S", "7S")
    # Both are asked at the same point: being asked tells nothing about seat 0's cards.
    assert chosen.to_move == nothing.to_move == 0
    assert chosen.observation(2)["passed"] == nothing.observation(2)["passed"] == []
    assert chosen.legal_actions() == [c("6H"), PASS] and nothing.legal_actions() == [PASS]
    assert play(chosen, "pass") == play(nothing, "pass") == [Event(PASSED, 0)]
    assert chosen.to_move == nothing.to_move == 2 and nothing.legal_actions() == [PASS]


def test_protocol_an_attacker_with_an_empty_hand_is_passed_with_the_same_event():
    # Seat 0 leads its last card; its empty hand is public, so nobody needs to ask it.
    game = stacked(["6S", "7S 7H 8C", "9D"], "AC", attacker=0, talon="10D JD QD KD")
    events = play(game, "6S", "7S")
    assert [(e.kind, e.seat) for e in events] == [(ATTACKED, 0), (BEAT, 1), (PASSED, 0)]
    assert game.to_move == 2 and game.legal_actions() == [PASS]


def test_protocol_a_seat_to_move_always_has_a_legal_action_and_forced_passes_are_asked():
    rng = random.Random(9)
    forced_passes = 0
    for players in (2, 4, 6):
        game = DurakGame.new(players, SeededDealer(players))
        while not game.is_over():
            legal = game.legal_actions()
            assert legal and game.to_move is not None
            forced_passes += legal == [PASS]
            game.apply(rng.choice(legal))
    assert forced_passes > 0


def test_protocol_events_come_in_the_order_things_happen():
    order = deck_for_deal(2, 1, ["6S 7S 8S 9S 10S JS", "QS KS AS 6D 7D 9H"], trump="AH",
                          talon="6C 7C 8C 9C 10C JC")
    game = DurakGame.new(2, FixedDealer(order), dealer_seat=1)
    opening = [e.kind for e in game.history]
    assert opening == [SHUFFLED] + [DEALT] * 12 + [TRUMP_SHOWN, FIRST_ATTACK]
    assert game.history[0].amount == 36
    assert game.attacker == 1 and game.defender == 0
    events = play(game, "6D", "take", "pass")
    assert [e.kind for e in events] == [ATTACKED, TAKE_DECLARED, PASSED, PICKED_UP, DREW]
    assert (events[-1].seat, events[-1].cards, events[-1].private) == (1, (c("6C"),), True)
    assert game.observation(0)["history"][-1]["cards"] == [HIDDEN]
    assert (game.attacker, game.defender) == (1, 0)  # the defender took: it does not attack
    events = play(game, "7D", "take", "pass")
    assert [e.kind for e in events] == [ATTACKED, TAKE_DECLARED, PASSED, PICKED_UP, DREW]


def test_protocol_battle_end_events_discard_draw_trump_taken_out():
    game = stacked(["6S", "7S", "8D"], "AH", attacker=0, talon="6D")
    play(game, "6S")
    events = play(game, "7S")
    assert [e.kind for e in events] == [BEAT, PASSED, PASSED, DISCARDED, DREW, TRUMP_TAKEN, OUT]
    assert [(e.seat, e.cards) for e in events if e.kind in (DREW, TRUMP_TAKEN, OUT)] == [
        (0, (c("6D"), c("AH"))), (0, (c("AH"),)), (1, ())]
    assert (game.attacker, game.defender) == (2, 0)


def test_protocol_known_cards_leave_when_played():
    game = stacked(["7C 9D", "6S 8C"], "AD", attacker=1, known=[[], cs("6S")])
    assert game.observation(0)["known"][1] == cs("6S")
    play(game, "6S")
    assert game.observation(0)["known"][1] == []


def test_protocol_places_follow_the_order_hands_emptied_in_the_battle():
    game = stacked(["6S", "7S 8H", "6H"], "AD", attacker=0)
    events = play(game, "6S", "7S", "6H", "8H")
    assert [(e.seat, e.amount) for e in events if e.kind == OUT] == [(0, 1), (2, 2), (1, 3)]
    assert game.result()["draw"] is True


def test_illegal_action_reasons_are_readable():
    game = stacked(["10H 6C 7D JD", "9H AS JS 8D"], "6S", attacker=0)
    with refused("you do not hold 9♥"):
        game.apply(c("9H"))
    with refused("only the defender can take"):
        game.apply(TAKE)
    play(game, "10H")
    with refused("9♥ does not beat 10♥"):
        game.apply(c("9H"))
    with refused("8♦ does not beat 10♥"):
        game.apply(c("8D"))
    with refused("beat 10♥ or take"):
        game.apply(PASS)
    with refused("wait for your turn"):
        apply_by(game, 0, TAKE)
    play(game, "JS")
    with refused("only throw in ranks already on the table: 10, J"):
        game.apply(c("6C"))
    for junk in (-1, 38, 1000, "6S", None, 2.0, True):
        with refused("not a Durak move"):
            game.apply(junk)
    play(game, "pass")


def test_illegal_actions_leave_the_state_unchanged():
    game = stacked(["10H 6C 7D", "9H AS JS 8D"], "6S", attacker=0, talon="6D 7H")
    play(game, "10H")
    before = json.dumps(game.to_json())
    for action in [*range(-2, 40), "x", None]:
        if action not in game.legal_actions():
            with pytest.raises(IllegalAction):
                game.apply(action)
    assert json.dumps(game.to_json()) == before


def test_from_parts_passes_automatically_when_the_limit_is_reached():
    game = stacked(["6S 6H", "7S 8C"], "AD", attacker=0, table=[["6D", "7D"]], attack_limit=1)
    assert [e.kind for e in game.history] == [PASSED, DISCARDED]
    assert game.to_move == 1 and game.attacker == 1  # the defender beat everything: attacks


def test_action_texts():
    game = stacked(["10H 6C", "JH AS"], "6S", attacker=0)
    assert game.action_text(c("10H")) == "lead 10♥"
    play(game, "10H")
    assert game.action_text(c("JH")) == "beat 10♥ with J♥"
    assert game.action_text(TAKE) == "take"
    play(game, "JH")
    assert game.action_text(PASS) == "pass"


def test_fairness_the_commitment_is_known_before_and_the_seed_revealed_after():
    dealer = SecureDealer()
    promised = dealer.next_commitment()
    game = DurakGame.new(3, dealer)
    assert game.deal_commitment == promised
    assert game.result()["seed"] is None and game.result()["commitment"] == promised
    assert game.deal_seed is None
    finish(game)
    result = game.result()
    assert game.deal_seed == result["seed"]
    assert verify_deal(result["seed"], promised, range(36), result["deck_order"])


def test_observation_has_exactly_the_documented_keys():
    game = DurakGame.new(3, SeededDealer(2))
    for seat in (0, 1, 2, None):
        assert set(game.observation(seat)) == OBSERVATION_KEYS
    obs = game.observation(1)
    assert obs["game"] == "durak" and obs["seat"] == 1 and obs["num_players"] == 3
    assert json.loads(json.dumps(obs))  # plain data (events serialise as arrays)


def test_observation_history_hides_other_seats_dealt_and_drawn_cards():
    game = DurakGame.new(2, SeededDealer(3))
    rng = random.Random(3)
    while game.talon:
        game.apply(rng.choice(game.legal_actions()))
    for seat in (0, 1):
        for event in game.observation(seat)["history"]:
            if event["private"] and event["seat"] != seat:
                assert set(event["cards"]) == {HIDDEN}
            elif event["kind"] in (DEALT, DREW):
                assert HIDDEN not in event["cards"]
    assert all(set(e["cards"]) <= {HIDDEN} for e in game.observation(None)["history"]
               if e["private"])


def test_json_round_trip_restores_the_state_exactly():
    game = DurakGame.new(4, SeededDealer(5))
    for step in range(30):
        data = json.loads(json.dumps(game.to_json()))
        copy = DurakGame.from_json(data)
        assert copy.to_json() == data
        assert copy.legal_actions() == game.legal_actions()
        assert copy.observation(step % 4) == game.observation(step % 4)
        game.apply(game.legal_actions()[step % len(game.legal_actions())])


def test_clone_is_independent():
    game = DurakGame.new(3, SeededDealer(6))
    copy = game.clone()
    before = game.to_json()
    finish(copy)
    assert game.to_json() == before and copy.to_json() != before


def test_from_observation_builds_the_world_the_seat_sees():
    game = DurakGame.new(3, SeededDealer(8))
    rng = random.Random(8)
    for _ in range(7):
        game.apply(rng.choice(game.legal_actions()))
    seat = game.to_move
    obs = game.observation(seat)
    world = DurakGame.from_observation(obs, [game.hand(s) for s in range(3)], game.talon)
    seen = world.observation(seat)
    assert {k: v for k, v in seen.items() if k != "history"} == {
        k: v for k, v in obs.items() if k != "history"}
    assert world.legal_actions() == game.legal_actions()


def test_from_parts_refuses_impossible_positions():
    with pytest.raises(ValueError, match="exactly one place"):
        DurakGame.from_parts([[0, 1], [1]], [], 17, 0)
    with pytest.raises(ValueError, match="last card"):
        stacked(["6S", "7S"], "AH", attacker=0, talon="AH 6D")
    with pytest.raises(ValueError, match="only the last may be unbeaten"):
        stacked(["6S", "7S 8S"], "AH", attacker=0, table=[["6D", -1], ["7D", "8D"]])


def test_series_json_round_trip_and_secure_default():
    series = DurakSeries(2)
    assert isinstance(series.dealer, SecureDealer)
    series = DurakSeries(2, SeededDealer(1))
    finish(series.game)
    series.next_game()
    copy = DurakSeries.from_json(json.loads(json.dumps(series.to_json())))
    assert copy.to_json() == series.to_json() and copy.wins == series.wins
    with pytest.raises(ValueError):
        copy.next_game()
