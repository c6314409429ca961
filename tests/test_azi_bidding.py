"""Azi §3 Bidding for the right to lead, all-in and blind bets (docs/rules/azi.md), fixed decks."""

import pytest

from engine.azi import (
    ALL_IN,
    BANK_PAID,
    BET_BASE,
    CALL,
    FOLD,
    LOOK,
    LOOKED,
    REFUND,
    AziOptions,
    AziSession,
)
from engine.cards import HIDDEN
from engine.shuffle import SeededDealer
from tests.refusal_support import refused
from tests.test_azi_support import card, cards, kinds, play, table

HANDS3 = ["AH 6H 7H", "KH 8S 9S", "QD JD 10D"]


def bet(level: int) -> int:
    return BET_BASE + level


def parts(stacks, first_bidder=0, **more) -> AziSession:
    """A fresh 3-player game at bidding, with these stacks after the ante."""
    opts = AziOptions(num_players=3, **more.pop("options", {}))
    return AziSession.from_parts(opts, [cards(h) for h in HANDS3], card("10S"), stacks=stacks,
                                 first_bidder=first_bidder, **more)


# The first bidder ---------------------------------------------------------------------------
def test_the_first_bidder_of_a_session_is_drawn_at_random_by_the_dealer():
    firsts = {AziSession.new(AziOptions(num_players=4), SeededDealer(s)).first_bidder
              for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    again = {AziSession.new(AziOptions(num_players=4), SeededDealer(7)).first_bidder
             for _ in range(3)}
    assert len(again) == 1  # the session's generator decides, so a seed replays it


def test_the_first_bidder_is_the_player_left_of_the_previous_winner():
    game = table(HANDS3, "10S")
    play(game, bet(10), FOLD, FOLD)  # seat 0 wins at once
    assert game.game_number == 2 and game.first_bidder == 1 and game.to_move == 1
    play(game, bet(10), FOLD, FOLD)  # seat 1 wins at once
    assert game.first_bidder == 2


def test_the_first_bidder_is_the_next_player_in_the_game_when_that_seat_sits_out():
    game = parts([990, 5, 990], folded=[False, True, False])
    play(game, bet(10), FOLD)  # seat 0 wins; seat 1 (5 chips) cannot pay the next ante
    assert game.sitting_out[1] and game.first_bidder == 2


# Open, call, raise, fold ------------------------------------------------------------------
def test_the_first_bidder_bets_at_least_the_minimum_bet_or_folds():
    game = table(HANDS3, "10S")
    assert game.legal_actions()[:3] == [FOLD, bet(10), bet(20)] and CALL not in game.legal_actions()
    game = table(HANDS3, "10S", min_bet=25, min_raise=5)
    assert game.legal_actions()[:3] == [FOLD, bet(25), bet(30)]
    with refused("an opening bet must be at least 25"):
        game.apply(bet(20))


def test_a_fold_leaves_the_game_and_his_chips_stay_in_the_bank():
    game = table(HANDS3, "10S")
    play(game, bet(30), FOLD)
    assert game.folded[1] and not game.in_game[1] and game.stakes[1] == 10 and game.bank == 60
    assert game.to_move == 2


def test_a_call_puts_in_enough_to_match_the_highest_bet():
    game = table(HANDS3, "10S")
    events = play(game, bet(30), CALL)
    assert events[-1].kind == "called" and events[-1].amount == 30 and events[-1].target == 30
    assert game.bids == [30, 30, 0] and game.stacks == [960, 960, 990]


def test_a_raise_must_reach_the_highest_bet_plus_the_minimum_raise():
    game = table(HANDS3, "10S", min_raise=15)
    play(game, bet(40))
    assert [a - BET_BASE for a in game.legal_actions() if a >= BET_BASE][:2] == [55, 70]
    with refused("a raise must reach at least 55"):
        game.apply(bet(50))


def test_offered_levels_go_in_steps_of_the_minimum_raise_up_to_what_he_can_afford():
    game = parts([95, 990, 990])
    levels = [a - BET_BASE for a in game.legal_actions() if a >= BET_BASE]
    assert levels == list(range(10, 91, 10)) + [95]  # his last chips: all-in, off the steps
    with refused("you cannot afford 100; you have 95"):
        game.apply(bet(100))


def test_the_opening_bet_is_not_a_raise():
    game = table(HANDS3, "10S")
    play(game, bet(10))
    assert game.raises == [0, 0, 0]
    play(game, bet(20))
    assert game.raises == [0, 1, 0]


def test_each_player_may_raise_at_most_three_times():
    game = table(["AH 6H 7H", "KH 8S 9S"], "10S")
    play(game, bet(10), bet(20), bet(30), bet(40), bet(50), bet(60))
    assert game.raises == [2, 3] and any(a >= BET_BASE for a in game.legal_actions())
    play(game, bet(70))
    assert game.raises == [3, 3] and game.legal_actions() == [FOLD, CALL]
    with refused("you have raised 3 times already: call or fold"):
        game.apply(bet(80))
    play(game, CALL)
    assert game.phase == "tricks" and game.leader == 0


def test_bidding_ends_when_everyone_still_in_has_matched_the_highest_bet():
    game = table(HANDS3, "10S")
    play(game, bet(10), bet(20), CALL)
    assert game.phase == "bidding" and game.to_move == 0  # seat 0 still has to match 20
    play(game, CALL)
    assert game.phase == "tricks"


def test_the_last_raiser_wins_the_lead():
    game = table(HANDS3, "10S")
    events = play(game, bet(10), bet(20), CALL, CALL)
    assert game.leader == 1 and game.to_move == 1 and events[-1].kind == "lead_won"


def test_the_first_bidder_leads_when_nobody_raised():
    game = table(HANDS3, "10S")
    play(game, bet(10), CALL, CALL)
    assert game.leader == 0 and game.to_move == 0


def test_when_everyone_else_folds_the_last_player_wins_the_bank_at_once():
    game = table(HANDS3, "10S")
    events = play(game, bet(10), FOLD, FOLD)
    assert (BANK_PAID, 0, 40) in [(e.kind, e.seat, e.amount) for e in events]
    assert "played" not in kinds(events) and game.games[0]["at_once"]
    assert game.games[0]["paid"] == [40, 0, 0]
    assert [a + b for a, b in zip(game.stacks, game.stakes)] == [1020, 990, 990]  # game 2's antes


# All-in ---------------------------------------------------------------------------------------
def test_all_in_is_offered_only_to_a_player_who_cannot_afford_to_call():
    game = parts([990, 25, 990])
    play(game, bet(50))
    assert game.legal_actions()[:2] == [FOLD, ALL_IN] and CALL not in game.legal_actions()
    game = parts([990, 25, 990])
    play(game, bet(20))
    assert ALL_IN not in game.legal_actions() and CALL in game.legal_actions()
    with refused("all-in is only for a player who cannot"):
        game.apply(ALL_IN)


def test_an_all_in_player_stays_in_the_game_but_loses_the_lead():
    game = parts([990, 25, 990])
    events = play(game, bet(50), ALL_IN, CALL)
    assert events[1].kind == "all_in" and events[1].target == 25 and events[1].amount == 25
    assert game.in_game[1] and game.all_in[1] and game.stacks[1] == 0
    assert game.phase == "tricks" and game.leader == 0


def test_an_all_in_winner_receives_bank_times_his_stake_over_the_highest_stake():
    hands = ["6H 7H 8H", "AH KH QH", "6D 7D 8D"]
    game = AziSession.from_parts(AziOptions(num_players=3), [cards(h) for h in hands], card("10S"),
                                 stacks=[990, 25, 990])
    play(game, bet(50), ALL_IN, CALL)
    assert game.stakes == [60, 35, 60] and game.bank == 155
    events = play(game, card("6H"), card("AH"), card("6D"), card("KH"), card("7D"), card("7H"))
    # 155 × 35/60 = 90.42 for him; the rest, 64.58, back to seats 0 and 2 (32.29 each).
    paid = {(e.kind, e.seat): e.amount for e in events if e.kind in (BANK_PAID, REFUND)}
    assert paid == {(BANK_PAID, 1): 91, (REFUND, 2): 32, (REFUND, 0): 32}
    assert game.games[0]["paid"] == [32, 91, 32]


def test_the_rest_goes_back_to_the_other_players_still_in_by_their_stakes_by_largest_remainder():
    hands = ["6H 7H 8H", "AH KH QH", "6D 7D 8D", "9D 10D JD"]
    game = AziSession.from_parts(AziOptions(num_players=4), [cards(h) for h in hands], card("10S"),
                                 stacks=[990, 25, 990, 990])
    play(game, bet(50), ALL_IN, CALL, FOLD)
    assert game.stakes == [60, 35, 60, 10]
    events = play(game, card("6H"), card("AH"), card("6D"), card("KH"), card("7D"), card("7H"))
    paid = [0] * 4
    for e in events:
        if e.kind in (BANK_PAID, REFUND):
            paid[e.seat] = e.amount
    # Exact: 96.25 for the winner and 34.375 each for seats 0 and 2; the folded seat 3 gets
    # nothing. One chip is left over: it goes to the tied largest remainder first clockwise
    # from the winner (seat 2).
    assert paid == [34, 96, 35, 0] and sum(paid) == 165


def test_a_first_bidder_who_cannot_afford_the_minimum_bet_may_go_all_in_or_fold():
    game = parts([5, 990, 990])
    assert game.legal_actions() == [FOLD, ALL_IN]
    play(game, ALL_IN)
    assert game.bids[0] == 5 and game.highest_bid == 0 and game.to_move == 1
    assert game.legal_actions()[:2] == [FOLD, bet(10)]  # the opening passes on
    play(game, bet(10), CALL)
    assert game.raises == [0, 0, 0] and game.leader == 1


def test_when_nobody_can_open_the_first_player_from_the_first_bidder_leads():
    game = parts([0, 5, 3], first_bidder=1, all_in=[True, False, False])
    play(game, ALL_IN, ALL_IN)
    assert game.phase == "tricks" and game.leader == 1 and game.highest_bid == 0


def test_a_bet_of_his_last_chip_makes_him_all_in_but_keeps_the_lead():
    game = parts([40, 990, 990])
    play(game, bet(40))
    assert game.all_in[0] and game.stacks[0] == 0
    play(game, CALL, CALL)
    assert game.leader == 0
    game = parts([40, 990, 990])
    play(game, bet(40), bet(50), CALL)  # out-raised: he is not asked again
    assert game.phase == "tricks" and game.leader == 1 and game.bids[0] == 40


def test_a_player_who_wins_because_everyone_else_folded_takes_the_whole_bank_even_all_in():
    game = AziSession.from_parts(AziOptions(num_players=3), [cards(h) for h in HANDS3],
                                 card("10S"), stacks=[0, 500, 500], stakes=[60, 470, 470],
                                 carried=1000, all_in=[True, False, False], first_bidder=1)
    events = play(game, FOLD, FOLD)
    assert (BANK_PAID, 0, 1000) in [(e.kind, e.seat, e.amount) for e in events]
    assert REFUND not in kinds(events)


def test_a_player_left_with_no_chip_after_the_ante_is_all_in_from_the_start():
    game = AziSession.from_parts(AziOptions(num_players=3), [cards(h) for h in HANDS3],
                                 card("10S"), stacks=[1990, 10, 990])
    play(game, bet(10), FOLD, FOLD)  # next game: seat 1 pays his last 10 as ante
    assert game.stacks[1] == 0 and game.all_in[1] and game.in_game[1]
    assert game.first_bidder == 1 and game.to_move == 2  # he has nothing to bid with


# Blind bets ----------------------------------------------------------------------------------
def test_blind_bets_are_played_only_with_the_three_card_deal():
    with pytest.raises(ValueError, match="blind bets"):
        AziOptions(blind_bets=True, cards_dealt=4)


def test_a_blind_players_bid_counts_double():
    game = table(HANDS3, "10S", blind_bets=True, min_raise=5)
    assert game.looked == [False, False, False] and LOOK in game.legal_actions()
    events = play(game, bet(30))
    assert (events[-1].amount, events[-1].target) == (30, 15)
    events = play(game, bet(45))
    assert (events[-1].amount, events[-1].target) == (45, 23)  # half, rounded up
    assert game.stacks == [975, 967, 990]


def test_a_blind_player_may_look_at_his_turn_and_it_stays_his_turn():
    game = table(HANDS3, "10S", blind_bets=True)
    play(game, bet(30))
    events = play(game, LOOK)
    assert kinds(events) == [LOOKED] and events[0].private and events[0].seat == 1
    assert game.to_move == 1 and game.looked[1] and LOOK not in game.legal_actions()
    assert game.observation(1)["hand"] == sorted(cards(HANDS3[1]))
    events = play(game, CALL)
    assert events[-1].target == 30  # open now: he pays the full level


def test_blind_levels_keep_counting_after_he_looks():
    game = table(HANDS3, "10S", blind_bets=True)
    play(game, bet(30), LOOK, bet(50), FOLD)  # seat 0 blind at 30 paid 15
    events = play(game, LOOK, CALL)
    called = [e for e in events if e.kind == "called"]
    assert called[0].target == 20 and game.stakes[0] == 10 + 15 + 20


def test_blind_players_are_shown_their_cards_when_the_tricks_start():
    game = table(HANDS3, "10S", blind_bets=True)
    events = play(game, bet(10), LOOK, CALL, CALL)
    shown = [(e.seat, e.amount) for e in events if e.kind == LOOKED]
    assert shown == [(1, 0), (0, 1), (2, 1)]  # seat 1 looked himself; 0 and 2 are shown
    assert kinds(events)[-1] == "lead_won" and all(game.looked)
    assert game.observation(2)["hand"] == sorted(cards(HANDS3[2]))


def test_a_blind_player_does_not_see_his_own_cards():
    game = table(HANDS3, "10S", blind_bets=True)
    seen = game.observation(0)
    assert seen["hand"] == [] and seen["hand_sizes"] == [3, 3, 3]
    assert all(e["cards"] == [HIDDEN] for e in seen["history"] if e["kind"] == "dealt")
