"""The hint's reasons (ai/explain.py): each principle is named for the move that shows it, and
a hint sees only its seat's observation — re-dealing the hidden cards gives the same hint."""

import random

from test_ai_azi import TINY_BUDGET, redeal_hidden
from test_ai_durak import _positions, _redealt, _tiny_hard
from test_azi_support import table as azi_table

from ai.azi.ai import make_azi_player
from ai.explain import explain, hint_for
from engine.azi.constants import BET_BASE, CALL, FOLD, LOOK
from engine.cards import parse_card as c
from engine.durak import PASS, TAKE

SPADES, HEARTS = 0, 1


def durak_obs(hand, table=(), *, defending=False, taking=False, talon=10, trump=HEARTS):
    """A Durak decision for seat 0 (defending: seat 0 defends against seat 1)."""
    return {"game": "durak", "seat": 0, "hand": sorted(c(x) for x in hand),
            "table": [[c(a), c(d) if d else -1] for a, d in table],
            "defender": 0 if defending else 1, "attacker": 1 if defending else 0,
            "taking": taking, "trump_suit": trump, "talon_size": talon}


def cards(*names):
    return [c(x) for x in names]


def test_take_when_nothing_beats_the_attack():
    obs = durak_obs(["7S", "8D"], [("AS", None)], defending=True)
    assert explain(obs, [TAKE], TAKE).key == "hint.durak.take_no_beat"


def test_take_when_beating_would_cost_a_needed_card():
    obs = durak_obs(["KH", "8D"], [("AS", None)], defending=True)
    assert explain(obs, [c("KH"), TAKE], TAKE).key == "hint.durak.take_keep"


def test_beat_with_the_lowest_card_that_can():
    obs = durak_obs(["8S", "QS", "7H"], [("7S", None)], defending=True)
    reason = explain(obs, cards("8S", "QS", "7H") + [TAKE], c("8S"))
    assert reason == ("hint.durak.beat_lowest", {"card": c("8S")})


def test_beat_with_a_trump_when_no_card_of_the_suit_can():
    obs = durak_obs(["6S", "7H"], [("AS", None)], defending=True)
    assert explain(obs, cards("7H") + [TAKE], c("7H")).key == "hint.durak.beat_trump"


def test_lead_the_lowest_plain_card():
    obs = durak_obs(["7S", "QD", "9H"])
    assert explain(obs, cards("7S", "9H", "QD"), c("7S")).key == "hint.durak.lead_low"


def test_lead_a_rank_held_twice():
    obs = durak_obs(["9S", "9D", "6C"])
    assert explain(obs, cards("9S", "9D", "6C"), c("9S")).key == "hint.durak.lead_pair"


def test_lead_a_trump_once_the_talon_is_empty():
    obs = durak_obs(["AH", "6S"], talon=0)
    assert explain(obs, cards("6S", "AH"), c("AH")).key == "hint.durak.lead_trump_end"


def test_throw_in_a_plain_card_and_keep_the_trumps():
    obs = durak_obs(["7D", "KH"], [("7S", "9S")])
    assert explain(obs, cards("7D") + [PASS], c("7D")).key == "hint.durak.throw_keep_trumps"


def test_pass_keeps_the_cards_and_lets_a_taker_take():
    assert explain(durak_obs(["7D"], [("7S", "9S")]), [c("7D"), PASS],
                   PASS).key == "hint.durak.pass_keep"
    assert explain(durak_obs(["7D"], [("7S", None)], taking=True), [c("7D"), PASS],
                   PASS).key == "hint.durak.pass_taking"


def azi_obs(hand, trick=(), *, phase="tricks", leader=0, highest=0):
    """An Azi decision for seat 0 of 3, trumps hearts, no six on stage."""
    return {"game": "azi", "seat": 0, "hand": sorted(c(x) for x in hand), "phase": phase,
            "trump_suit": HEARTS, "six_on_stage": False,
            "trick": [[s, c(x)] for s, x in trick], "in_game": [True] * 3,
            "folded": [False] * 3, "out": [False] * 3, "leader": leader,
            "highest_bid": highest}


def test_bidding_reasons_give_the_hands_chance_in_percent():
    strong, weak = azi_obs(["AH", "KH", "QH"], phase="bidding"), azi_obs(
        ["6S", "7D", "8D"], phase="bidding", highest=10)
    raised = explain(strong, [FOLD, CALL, BET_BASE + 20], BET_BASE + 20)
    folded = explain(weak, [FOLD, CALL, BET_BASE + 20], FOLD)
    assert raised.key == "hint.azi.open" and raised.fields["percent"] > 70
    assert folded.key == "hint.azi.fold" and folded.fields["percent"] < 30
    assert explain(azi_obs([], phase="bidding"), [LOOK, FOLD], LOOK).key == "hint.azi.look"


def test_trick_reasons_follow_suit_trump_in_or_throw_away():
    led = [(1, "10S")]
    assert explain(azi_obs(["JS", "AS", "7H"], led), cards("JS", "AS"),
                   c("JS")).key == "hint.azi.win_cheaply"
    assert explain(azi_obs(["6S", "7D"], led), cards("6S"), c("6S")).key == "hint.azi.follow_low"
    assert explain(azi_obs(["7H", "8D"], led), cards("7H", "8D"),
                   c("7H")).key == "hint.azi.trump_in"
    assert explain(azi_obs(["7D", "8D"], led), cards("7D", "8D"),
                   c("7D")).key == "hint.azi.throw_away"


def test_a_durak_hint_never_changes_when_the_hidden_cards_are_dealt_again():
    rng = random.Random(12)
    for game in _positions(12, rng):
        seat = game.to_move
        legal = game.legal_actions()
        hint = hint_for(_tiny_hard(3), game.observation(seat), legal)
        other = _redealt(game, seat, rng)
        assert hint_for(_tiny_hard(3), other.observation(seat), legal) == hint


def test_an_azi_hint_never_changes_when_the_hidden_cards_are_dealt_again():
    rng = random.Random(5)
    session = azi_table(["AH KH 7S", "6S 8D 9D", "QS JD 10D"], "7H")
    checked = 0
    while not session.is_over() and session.game_number == 1:
        seat, legal = session.to_move, session.legal_actions()
        hint = hint_for(_fresh_hard(), session.observation(seat), legal)
        other = redeal_hidden(session, seat, rng)
        assert hint_for(_fresh_hard(), other.observation(seat), legal) == hint
        checked += 1
        session.apply(hint[0])
    assert checked >= 4


def _fresh_hard():
    """A Hard Azi player with its own fresh random stream (the same for every call)."""
    return make_azi_player("hard", random.Random(9), TINY_BUDGET)
