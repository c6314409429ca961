"""Durak rules, clause by clause (docs/rules/durak.md), on stacked decks and positions.

Test names follow the page: ``test_table_2_…`` is "Table and deal" rule 2, ``test_battle_4_…``
"A battle" rule 4, ``test_drawing_1_…`` / ``test_leaving_3_…`` "Drawing and leaving".
"""

import random

import pytest

from engine.cards import DURAK_DECK, HEARTS, parse_card, parse_cards
from engine.core import IllegalAction
from engine.durak import (
    ATTACKED,
    BEAT,
    DEALT,
    DISCARDED,
    DREW,
    FIRST_ATTACK,
    GAME_OVER,
    OUT,
    PASS,
    PASSED,
    PICKED_UP,
    TAKE,
    TAKE_DECLARED,
    TRUMP_SHOWN,
    TRUMP_TAKEN,
    DurakGame,
    DurakSeries,
    beats,
)
from engine.durak.stacked import deck_for_deal, stacked
from engine.durak.text import parse_action
from engine.shuffle import FixedDealer, SeededDealer
from tests.refusal_support import refused


def play(game, *moves):
    """Apply moves written as text ("6S", "take", "pass"); return all their events."""
    events = []
    for move in moves:
        events += game.apply(parse_action(move))
    return events


def kinds(events):
    return [e.kind for e in events]


def finish(game, seed=0):
    """Play on with random legal moves to the end."""
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


# --- Table and deal ---------------------------------------------------------------------------

def test_table_1_two_to_six_players_with_the_36_card_deck():
    for players in (1, 7):
        with pytest.raises(ValueError):
            DurakGame.new(players, SeededDealer(1))
    for players in range(2, 7):
        game = DurakGame.new(players, SeededDealer(players))
        cards = [card for seat in range(players) for card in game.hand(seat)] + game.talon
        assert sorted(cards) == list(DURAK_DECK)


def test_table_2_six_cards_each_one_at_a_time_clockwise_from_the_dealers_left():
    game = DurakGame.new(3, FixedDealer(list(range(36))), dealer_seat=1)
    dealt = [e for e in game.history if e.kind == DEALT]
    assert [e.seat for e in dealt] == [2, 0, 1] * 6
    assert [e.cards[0] for e in dealt] == list(range(18))
    assert all(e.private for e in dealt)
    assert game.hand(2) == [0, 3, 6, 9, 12, 15]
    assert game.hand(0) == [1, 4, 7, 10, 13, 16]


def test_table_2_the_next_card_is_the_trump_indicator_under_the_talon():
    game = DurakGame.new(2, FixedDealer(list(range(36))))
    assert game.trump_card == 12 and game.trump_suit == HEARTS
    assert game.talon[0] == 13 and game.talon[-1] == 12 and len(game.talon) == 24
    shown = [e for e in game.history if e.kind == TRUMP_SHOWN]
    assert [e.cards for e in shown] == [(12,)]
    obs = game.observation(0)
    assert (obs["trump_card"], obs["trump_card_taken"], obs["talon_size"]) == (12, False, 24)


def test_table_2_decided_six_players_the_dealers_last_card_is_the_public_trump():
    game = DurakGame.new(6, FixedDealer(list(range(36))), dealer_seat=2)
    assert game.talon == []
    assert game.trump_card == 35 and 35 in game.hand(2)  # the dealer's sixth card
    obs = game.observation(0)
    assert obs["talon_size"] == 0 and obs["trump_card_taken"] is False
    assert 35 in obs["known"][2]
    assert [e.seat for e in game.history if e.kind == TRUMP_SHOWN] == [2]


def test_table_2_decided_six_players_the_trump_stays_public_until_played():
    hands = ["6S", "7S", "AC 6H", "8S", "9S", "10S"]
    game = stacked(hands, "AC", attacker=2, dealer=2)
    assert game.observation(0)["known"][2] == [c("AC")] and not game.trump_card_taken
    play(game, "AC")
    obs = game.observation(0)
    assert obs["trump_card_taken"] is True and obs["known"][2] == []


def test_table_3_the_lowest_trump_attacks_first_and_is_shown():
    order = deck_for_deal(3, 0, ["9H 6S 7S 8S 9S 10S", "7H JS QS KS AS 6D",
                                 "8H 7D 8D 9D 10D JD"], trump="KH")
    game = DurakGame.new(3, FixedDealer(order), 0)
    assert (game.attacker, game.defender, game.to_move) == (1, 2, 1)
    first = [e for e in game.history if e.kind == FIRST_ATTACK]
    assert [(e.seat, e.cards) for e in first] == [(1, (c("7H"),))]
    assert game.observation(0)["known"][1] == [c("7H")]


def test_table_3_decided_nobody_holds_a_trump_so_the_player_left_of_the_dealer_attacks():
    order = deck_for_deal(3, 1, ["6S 7S 8S 9S 10S JS", "6H 7H 8H 9H 10H JH",
                                 "6C 7C 8C 9C 10C JC"], trump="AD")
    game = DurakGame.new(3, FixedDealer(order), dealer_seat=1)
    assert game.attacker == 2 and game.defender == 0
    first = [e for e in game.history if e.kind == FIRST_ATTACK]
    assert [(e.seat, e.cards) for e in first] == [(2, ())]


def test_table_3_decided_every_game_of_a_series_starts_with_the_lowest_trump():
    first = deck_for_deal(2, 0, ["6S 7S 8S 9S 10S 7H", "JS QS KS AS 6D 8H"], trump="AH")
    second = deck_for_deal(2, 1, ["6S 7S 8S 9S 10S JS", "QS KS AS 6D 7D 9H"], trump="AH")
    series = DurakSeries(2, FixedDealer(first, second), first_dealer=0)
    assert series.game.attacker == 0  # holds 7H, lower than 8H
    finish(series.game)
    game = series.next_game()
    # Seat 1 holds the only trump, 9H: it starts, whoever won or lost the first game.
    assert game.dealer == 1 and game.attacker == 1
    assert [e.cards for e in game.history if e.kind == FIRST_ATTACK] == [(c("9H"),)]


# --- A battle -------------------------------------------------------------------------------

def test_battle_1_the_attacker_leads_one_card_to_the_next_active_player():
    game = stacked(["6C", "6S 7H", "", "8S 9C"], "AD", attacker=1, finished=[2])
    assert game.defender == 3  # seat 2 is out, so the next active seat defends
    assert game.legal_actions() == cs("6S 7H")
    with refused("you must lead a card"):
        game.apply(PASS)
    events = play(game, "7H")
    assert [(e.kind, e.seat, e.cards, e.target) for e in events] == [(ATTACKED, 1, (c("7H"),), 3)]
    assert game.to_move == 3


def test_battle_2_the_defender_beats_each_attack_card_or_takes():
    game = stacked(["7S 7D 10C", "6S 8S AH 9C"], "KH", attacker=0)
    play(game, "7S")
    assert game.legal_actions() == [c("8S"), c("AH"), TAKE]
    events = play(game, "8S")
    assert [(e.kind, e.seat, e.cards, e.target) for e in events][0] == (BEAT, 1, (c("8S"),), 0)
    play(game, "7D")
    assert game.to_move == 1 and game.legal_actions() == [c("AH"), TAKE]
    assert kinds(play(game, "take")) == [TAKE_DECLARED]
    assert game.to_move == 0 and game.legal_actions() == [PASS]  # nothing to throw in: asked
    assert kinds(play(game, "pass")) == [PASSED, PICKED_UP]


def test_battle_3_decided_attackers_throw_in_primary_first_then_clockwise_skipping_the_defender():
    # Trumps are spades. Seat 1 attacks seat 2; the others are asked in the order 1, 3, 0.
    game = stacked(["7D", "6H 6D", "7H 7S 8S 9S", "6C"], "AS", attacker=1)
    assert game.order == (1, 3, 0)
    play(game, "6H", "7H")
    assert game.to_move == 1  # the primary attacker is asked first
    play(game, "pass")
    assert game.to_move == 3 and game.observation(0)["passed"] == [1]
    play(game, "6C", "7S")  # a card played resets the passes
    assert game.to_move == 1 and game.observation(0)["passed"] == []
    events = play(game, "pass")  # seat 3 has nothing left to add: passed automatically
    assert [(e.kind, e.seat) for e in events] == [(PASSED, 1), (PASSED, 3)]
    assert game.to_move == 0 and game.legal_actions() == [c("7D"), PASS]  # 7 lay as a defence


def test_battle_3_only_ranks_already_on_the_table_may_be_thrown_in():
    game = stacked(["6S 9S 10D 7C", "7S 10S"], "AH", attacker=0)
    play(game, "6S", "7S")
    assert game.legal_actions() == [c("7C"), PASS]
    with refused("only throw in ranks already on the table: 6, 7"):
        game.apply(c("10D"))


def test_battle_4_no_more_than_six_attack_cards():
    attacker = "6S 6H 6C 9H 9C 9D 6D"
    defender = "9S 10H 10C JH JC 10D QS QH"
    game = stacked([attacker, defender], "AD", attacker=0)
    assert game.limit == 6
    play(game, "6S", "9S", "6H", "10H", "6C", "10C", "9H", "JH", "9C", "JC", "9D")
    events = play(game, "10D")  # the sixth is beaten: 6D may not follow
    assert kinds(events) == [BEAT, PASSED, DISCARDED]
    assert game.hand(0) == [c("6D")]


def test_battle_4_no_more_attack_cards_than_the_defender_held_when_the_battle_began():
    game = stacked(["6S 6H 6D 6C", "7S 7H"], "AD", attacker=0)
    assert game.observation(1)["attack_limit"] == 2
    play(game, "6S", "7S", "6H")
    events = play(game, "7H")
    assert kinds(events)[:3] == [BEAT, PASSED, DISCARDED]
    assert game.hand(0) == cs("6D 6C")


def test_battle_4_decided_the_first_battle_has_the_same_limit():
    game = DurakGame.new(2, SeededDealer(4))
    assert game.observation(0)["attack_limit"] == 6


def test_battle_5_a_card_beats_a_lower_card_of_the_same_suit():
    assert beats(c("8S"), c("7S"), HEARTS)
    assert not beats(c("6S"), c("7S"), HEARTS)
    assert not beats(c("7S"), c("7S"), HEARTS)


def test_battle_5_a_trump_beats_any_non_trump():
    assert beats(c("6H"), c("AS"), HEARTS)
    assert not beats(c("AS"), c("6H"), HEARTS)


def test_battle_5_a_trump_is_beaten_only_by_a_higher_trump():
    assert beats(c("7H"), c("6H"), HEARTS)
    assert not beats(c("6H"), c("7H"), HEARTS)
    assert not any(beats(card, c("AH"), HEARTS) for card in DURAK_DECK)


def test_battle_5_the_engine_refuses_a_card_that_does_not_beat():
    game = stacked(["10H 6C", "9H AS JS"], "6S", attacker=0)
    play(game, "10H")
    with refused("9♥ does not beat 10♥"):
        game.apply(c("9H"))
    assert game.legal_actions() == [c("JS"), c("AS"), TAKE]


def test_battle_6_all_beaten_and_all_passed_the_table_is_discarded_and_the_defender_attacks():
    game = stacked(["6S 9D", "7S 8D", "10C"], "AH", attacker=0)
    events = play(game, "6S", "7S", "pass", "pass")  # nobody holds a 6 or a 7
    assert kinds(events)[-3:] == [PASSED, PASSED, DISCARDED]
    assert events[-1].cards == (c("6S"), c("7S"))
    assert game.observation(0)["discard"] == sorted(set(range(36)) - set(cs("9D 8D 10C")))
    assert (game.attacker, game.defender) == (1, 2)


def test_battle_7_after_take_attackers_throw_in_then_the_defender_picks_up_and_is_skipped():
    game = stacked(["6S 6D 10H", "7C 8C 9C", "6H JH"], "AS", attacker=0)
    play(game, "6S", "take")
    assert game.observation(2)["taking"] is True
    play(game, "6D", "pass")  # within the limit of 3, counted with the cards on the table
    events = play(game, "6H")  # the third attack card: the limit, so nothing more is asked
    assert kinds(events) == [ATTACKED, PASSED, PASSED, PICKED_UP]
    assert events[-1].cards == (c("6S"), c("6D"), c("6H"))
    assert game.hand(1) == sorted(cs("6S 6D 6H 7C 8C 9C"))
    assert (game.attacker, game.defender) == (2, 0)  # the player after the defender attacks


# --- Drawing and leaving --------------------------------------------------------------------

def test_drawing_1_the_primary_attacker_draws_first_the_others_clockwise_the_defender_last():
    # 4 players: 0 attacks 1; seats 2 and 3 throw in. The talon cannot fill everyone.
    game = stacked(["6S JC", "8S 7D 7C 9S", "6D QS", "6C KS"], "AH", attacker=0,
                   talon="8D 9D 10D JD QD KD AD")
    play(game, "6S", "8S", "pass", "6D", "7D", "pass", "pass", "6C", "7C", "pass", "pass", "pass")
    drew = [(e.seat, len(e.cards)) for e in game.history if e.kind == DREW]
    assert drew == [(0, 5), (2, 3)]  # 8 cards: attacker 5, then seat 2 gets what is left
    assert [e.seat for e in game.history if e.kind == TRUMP_TAKEN] == [2]
    assert game.observation(0)["known"][2] == [c("AH")]  # the indicator was face up


def test_drawing_1_the_defender_draws_last():
    game = stacked(["6S 7S", "8S 9S 10S"], "AH", attacker=0, talon="7D 8D 9D 10D JD QD KD")
    play(game, "6S", "8S", "pass")
    drew = [(e.seat, len(e.cards)) for e in game.history if e.kind == DREW]
    assert drew == [(0, 5), (1, 3)]  # the defender gets what the attacker left
    assert game.talon == []


def test_drawing_1_nobody_draws_once_the_talon_is_empty():
    game = stacked(["6S 7S", "8S 9S 10S"], "AH", attacker=0)
    play(game, "6S", "8S", "pass")
    assert not [e for e in game.history if e.kind == DREW]
    assert len(game.hand(0)) == 1


def test_leaving_2_with_the_talon_empty_a_player_without_cards_is_out_in_order():
    game = stacked(["6S", "8S 9S", "7D"], "AH", attacker=0)
    events = play(game, "6S", "8S", "pass")
    out = [(e.seat, e.amount) for e in events if e.kind == OUT]
    assert out == [(0, 1)]
    obs = game.observation(1)
    assert obs["finished"] == [0] and obs["active"] == [1, 2]


def test_leaving_2_a_player_who_empties_while_the_talon_has_cards_draws_and_stays():
    game = stacked(["6S", "8S 9S", "7D"], "AH", attacker=0, talon="6D")
    events = play(game, "6S", "8S", "pass")
    assert OUT not in kinds(events)
    assert game.hand(0) == sorted(cs("6D AH"))


def test_leaving_3_decided_if_the_next_attacker_is_out_the_next_active_player_attacks():
    # The defender beats with its last card: it would attack next but is out, so seat 2 does.
    game = stacked(["6S 7D", "8S", "9D 10D"], "AH", attacker=0)
    play(game, "6S", "8S")
    assert game.observation(0)["finished"] == [1]
    assert (game.attacker, game.defender) == (2, 0)


def test_leaving_3_decided_after_a_take_the_attack_skips_a_player_who_is_out():
    game = stacked(["", "7C 8C", "6S 9D", "7H 10H"], "AS", attacker=2, finished=[0])
    assert game.defender == 3
    play(game, "6S", "take", "pass", "pass")
    # Seat 3 picked up; the player after it, seat 0, is out: seat 1 attacks the next, seat 2.
    assert (game.attacker, game.defender) == (1, 2)


def test_leaving_3_decided_the_defender_is_always_the_next_active_player_after_the_attacker():
    game = stacked(["6S", "", "7C 8C", "", "9D"], "AH", attacker=4, finished=[1, 3])
    assert game.defender == 0
    play(game, "9D", "take")
    # seat 4 is out after the take; the next attacker after defender 0 is seat 2, defending: 0
    assert (game.attacker, game.defender) == (2, 0)


def test_leaving_4_the_last_player_holding_cards_is_the_durak():
    game = stacked(["6S", "7H 8H"], "AS", attacker=0)
    events = play(game, "6S", "take")
    assert kinds(events)[-3:] == [PICKED_UP, OUT, GAME_OVER]
    assert events[-1].seat == 1
    assert game.result()["durak"] == 1 and game.result()["finishing_order"] == [0]
    assert game.to_move is None and game.legal_actions() == []


def test_leaving_5_all_remaining_players_empty_their_hands_in_one_battle_is_a_draw():
    game = stacked(["6S", "7S"], "AH", attacker=0)
    events = play(game, "6S", "7S")
    assert [(e.kind, e.seat, e.amount) for e in events if e.kind in (OUT, GAME_OVER)] == [
        (OUT, 0, 1), (OUT, 1, 2), (GAME_OVER, -1, 0)]
    result = game.result()
    assert result["durak"] is None and result["draw"] is True


# --- Scoring ----------------------------------------------------------------------------------

def test_scoring_series_first_out_gets_a_win_and_the_durak_a_loss_and_the_deal_rotates():
    series = DurakSeries(3, SeededDealer(11), first_dealer=2)
    dealers, wins, losses = [], [0, 0, 0], [0, 0, 0]
    for number in range(4):
        dealers.append(series.game.dealer)
        finish(series.game, seed=number)
        result = series.game.result()
        wins[result["finishing_order"][0]] += 1
        if result["durak"] is not None:
            losses[result["durak"]] += 1
        assert (series.wins, series.losses) == (wins, losses)  # counted as soon as it is over
        series.next_game()
        assert (series.wins, series.losses) == (wins, losses)  # and only once
    assert dealers == [2, 0, 1, 2] and series.game.dealer == 0 and series.game_number == 5


def test_scoring_places_are_the_order_players_got_rid_of_their_cards():
    game = stacked(["6S", "8S 9S", "7D 10D"], "AH", attacker=0)
    play(game, "6S", "8S", "pass", "9S", "take")  # seat 0 out first; seat 1 then attacks seat 2
    assert game.result()["finishing_order"] == [0, 1]
    assert game.result()["places"] == [1, 2, 3]


# --- Fixed options ------------------------------------------------------------------------------

def test_fixed_options_no_transfer_a_same_rank_card_is_not_passed_on():
    game = stacked(["6S", "6H 7C", "8C"], "AD", attacker=0)
    play(game, "6S")
    assert game.legal_actions() == [TAKE]  # 6H would transfer in perevodnoy: not here
    with pytest.raises(IllegalAction):
        game.apply(c("6H"))


# --- Information ---------------------------------------------------------------------------------

def test_information_public_cards_hand_sizes_talon_size_and_finishing_order():
    game = stacked(["6S 7S", "8S 9S 10S", ""], "AH", attacker=0, talon="6D 7D", finished=[2])
    play(game, "6S")
    obs = game.observation(1)
    assert obs["table"] == [[c("6S"), -1]]
    assert obs["hand_sizes"] == [1, 3, 0] and obs["talon_size"] == 3
    assert obs["finished"] == [2] and obs["active"] == [0, 1]
    assert obs["trump_card"] == c("AH") and obs["trump_card_taken"] is False
    assert obs["hand"] == cs("8S 9S 10S")
    assert len(obs["discard"]) == 36 - 8


def test_information_cards_picked_up_from_the_table_are_known():
    game = stacked(["6S 6H 10D", "7C 8C 9C"], "AD", attacker=0)
    play(game, "6S", "take", "6H", "pass")
    assert game.observation(0)["known"][1] == cs("6S 6H")
    assert game.attacker == 0  # the defender lost the turn to attack
    play(game, "10D", "take")
    assert game.observation(0)["known"][1] == cs("6S 6H 10D")
