"""Azi in words: illegal actions are refused with a reason a player can read; actions have names."""

import pytest

from engine.azi import (
    ALL_IN,
    BET_BASE,
    CALL,
    FOLD,
    JOIN_AZI,
    LOOK,
    SKIP_AZI,
    AziOptions,
    AziSession,
)
from engine.core import IllegalAction
from tests.refusal_support import english
from tests.test_azi_support import card, cards, play, table

HANDS3 = ["AH 6H 7H", "KH 8S 9S", "QD JD 10D"]


def reason(game: AziSession, action) -> str:
    before = game.to_json()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert game.to_json() == before  # a refused action changes nothing
    return english(refused.value)


def test_you_must_follow_suit():
    game = AziSession.from_parts(AziOptions(num_players=3), [cards("9H 7S 8D"), cards("KH 8S 9S"),
                                                             cards("QD JD 10D")], card("AS"),
                                 phase="tricks", leader=1)
    play(game, card("KH"), card("QD"))
    assert reason(game, card("7S")) == "You must follow suit: you hold 9♥."


def test_you_must_play_a_trump():
    game = AziSession.from_parts(AziOptions(num_players=3), [cards("9D 7S 8D"), cards("KH 8S 9S"),
                                                             cards("QD JD 10D")], card("AS"),
                                 phase="tricks", leader=1)
    play(game, card("KH"), card("QD"))
    assert reason(game, card("9D")) == "You must play a trump: you hold 7♠."


def test_you_have_raised_three_times_already():
    game = table(["AH 6H 7H", "KH 8S 9S"], "10S")
    play(game, *(BET_BASE + level for level in range(10, 80, 10)))
    assert reason(game, BET_BASE + 80) == "You have raised 3 times already: call or fold."


def test_a_raise_must_reach_at_least():
    game = table(HANDS3, "10S")
    play(game, BET_BASE + 30)
    assert reason(game, BET_BASE + 30) == "A raise must reach at least 40."


def test_you_cannot_afford_the_call():
    game = AziSession.from_parts(AziOptions(num_players=3), [cards(h) for h in HANDS3], card("10S"),
                                 stacks=[990, 90, 990])
    play(game, BET_BASE + 120)
    assert reason(game, CALL) == "You cannot afford 120; you have 90. Go all-in or fold."


def test_other_reasons_name_the_problem():
    game = table(HANDS3, "10S")
    assert reason(game, CALL) == "There is no bet to call: open with at least 10 or fold."
    assert reason(game, LOOK) == "Blind bets are off at this table: your cards are open."
    assert reason(game, JOIN_AZI) == "There is no azi question now."
    assert reason(game, card("AH")) == "The bidding is on: cards are played once it is over."
    assert reason(game, BET_BASE + 15).startswith("Bid levels go up in steps of 10 from 10")
    assert reason(game, 55) == "That is not an Azi move."
    assert reason(game, "fold") == "That is not an Azi move."
    assert reason(game, True) == "That is not an Azi move."
    play(game, BET_BASE + 10, CALL, CALL)
    assert reason(game, card("KH")) == "You do not hold K♥."
    assert reason(game, FOLD) == "The bidding is over: play a card."


def test_actions_have_short_names():
    game = table(HANDS3, "10S", blind_bets=True)
    assert game.action_text(FOLD) == "fold"
    assert game.action_text(LOOK) == "look at your cards"
    assert game.action_text(BET_BASE + 20) == "bet 20 blind"
    play(game, LOOK, BET_BASE + 20)
    assert game.action_text(CALL) == "call 20 blind"
    play(game, LOOK)
    assert game.action_text(BET_BASE + 40) == "raise to 40" and game.action_text(CALL) == "call 20"
    assert game.action_text(card("10D")) == "play 10♦"
    assert game.action_text(JOIN_AZI).startswith("join the azi")
    assert game.action_text(SKIP_AZI) == "sit out the azi"
    assert game.action_text(ALL_IN).startswith("all-in")
