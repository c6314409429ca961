"""Azi's settled points (docs/rules/azi.md, the points the rules had to decide), one test each.

Points already proved elsewhere, by the test named:
    ante when fewer than two can pay — test_azi_session.py::
        test_when_fewer_than_two_can_pay_the_ante_everyone_with_chips_plays_for_what_he_has
    the all-in lead —
    test_azi_bidding.py::test_an_all_in_player_stays_in_the_game_but_loses_the_lead
        and ::test_a_bet_of_his_last_chip_makes_him_all_in_but_keeps_the_lead
    blind chips after looking — test_azi_bidding.py::test_blind_levels_keep_counting_after_he_looks
    folded stakes — test_azi_bidding.py::
        test_the_rest_goes_back_to_the_other_players_still_in_by_their_stakes_by_largest_remainder
    buy-in rounding — test_azi_carry.py::test_the_buy_in_is_half_the_carried_bank_rounded_up
The bet-level points (the all-in amount always offered, at most about 200 levels) are below.
"""


from engine.azi import BET_BASE, CALL, LOOK, AziOptions, AziSession
from tests.test_azi_support import card, cards, play, table

HANDS3 = ["AH 6H 7H", "KH 8S 9S", "QD JD 10D"]
DENOMINATIONS = [m * 10**k for k in range(8) for m in (1, 2, 5)]  # 1, 2, 5, 10, 20, 50, …


def bet(level: int) -> int:
    return BET_BASE + level


def levels(game: AziSession) -> list[int]:
    return [a - BET_BASE for a in game.legal_actions() if a >= BET_BASE]


def opening(stacks: list[int], **options) -> AziSession:
    """Seat 0 to open a fresh 3-player game, with these stacks after the ante."""
    return AziSession.from_parts(AziOptions(num_players=3, **options), [cards(h) for h in HANDS3],
                                 card("10S"), stacks=stacks, first_bidder=0)


# Bet levels -----------------------------------------------------------------------------------
def test_betting_all_his_chips_is_always_offered_even_off_the_steps():
    game = opening([95, 990, 990])
    assert levels(game)[:3] == [10, 20, 30] and 90 in levels(game)
    assert 95 in levels(game)  # his all-in amount, off the 10-chip steps


def test_with_deep_stacks_the_step_grows_in_denominations_to_at_most_about_200_levels():
    game = opening([10_000, 10_000, 10_000])
    offered = levels(game)
    steps = {b - a for a, b in zip(offered, offered[1:-1])}  # the last step may reach all-in
    assert offered[0] == 10 and offered[-1] == 10_000 and len(offered) <= 201
    (step,) = steps
    # 10 would give 1000 levels, 20 give 500; 50 is the first denomination giving at most 200.
    assert step == 50 and step // 10 in DENOMINATIONS


def test_with_ordinary_stacks_the_levels_go_in_steps_of_the_minimum_raise():
    game = table(HANDS3, "10S", min_raise=5)
    assert levels(game)[:4] == [10, 15, 20, 25]
    play(game, bet(20))
    assert levels(game)[:3] == [25, 30, 35]  # a raise is at least one step above the highest


# The rules page's worked examples -------------------------------------------------------------
def test_the_call_and_raise_example_call_10_match_20():
    game = table(HANDS3, "10S")  # ante, minimum bet and minimum raise 10
    play(game, bet(10), bet(20), CALL)
    events = play(game, bet(30))  # Anna could call 10 (match 20); she raises to 30
    assert (events[-1].amount, events[-1].target) == (30, 20)
    events = play(game, CALL, CALL)
    called = [(e.amount, e.target) for e in events if e.kind == "called"]
    assert called == [(30, 10), (30, 10)]
    assert game.leader == 0 and game.bank == 120


def test_the_blind_example_half_rounded_up_and_blind_levels_count_in_full_after_looking():
    game = table(HANDS3, "10S", blind_bets=True, min_bet=5, min_raise=5, starting_stack=400)
    events = play(game, bet(30), bet(45))
    assert [e.target for e in events if e.kind in ("bet", "raised")] == [15, 23]
    play(game, CALL)  # the third player, blind, calls 45 too
    blind = game.clone()
    assert play(blind, CALL)[0].target == 23 - 15  # still blind: 8 chips
    called = [e for e in play(game, LOOK, CALL) if e.kind == "called"]
    assert called[0].target == 45 - 30  # open now: 15 chips, his blind 30 counts in full
