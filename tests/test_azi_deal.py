"""Azi §1 Deck and table, §2 Deal and trump (docs/rules/azi.md), on stacked decks."""

import pytest

from engine.azi import (
    ANTE,
    BET_BASE,
    CALL,
    DEALT,
    DISCARDED,
    FOLD,
    SAT_OUT,
    SIX_ON_STAGE,
    TRUMP,
    AziOptions,
    AziSession,
)
from engine.cards import AZI_DECK, CLUBS, HIDDEN, suit_of
from engine.shuffle import FixedDealer, SeededDealer
from tests.test_azi_support import card, cards, kinds, play, spare_deck, stacked_deck, table


# §1 Deck and table ------------------------------------------------------------------------
def test_the_deck_is_27_cards_six_to_ace_of_hearts_diamonds_and_spades():
    assert len(AZI_DECK) == 27 and all(suit_of(c) != CLUBS for c in AZI_DECK)
    game = AziSession.new(AziOptions(num_players=6, cards_dealt=4), SeededDealer(1))
    dealt = [e.cards[0] for e in game.history if e.kind == DEALT]
    assert all(c in AZI_DECK for c in dealt) and len(set(dealt)) == 24


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players):
    with pytest.raises(ValueError, match="2 to 6 players"):
        AziOptions(num_players=players)
    for ok in range(2, 7):
        assert AziSession.new(AziOptions(num_players=ok), SeededDealer(ok)).num_players == ok


def test_every_player_has_the_starting_stack_option():
    game = AziSession.new(AziOptions(num_players=3, starting_stack=250, ante=5), SeededDealer(0))
    assert game.stacks == [245, 245, 245] and game.bank == 15


def test_every_player_pays_the_ante_into_the_bank_before_the_deal():
    game = table(["AH 6H 7H", "KH 8S 9S", "QD JD 10D"], "AS", ante=7)
    events = kinds(game.history)
    assert events.count(ANTE) == 3
    assert max(i for i, k in enumerate(events) if k == ANTE) < events.index(DEALT)
    assert game.bank == 21 and game.stakes == [7, 7, 7] and game.stacks == [993] * 3


def test_a_player_who_cannot_pay_the_ante_sits_out_the_game():
    opts = AziOptions(num_players=3, ante=10)
    game = AziSession.from_parts(opts, [cards("AH 6H 7H"), cards("KH 8S 9S"), cards("QD JD 10D")],
                                 card("AS"), stacks=[1990, 5, 985])  # seat 1: short next game
    events = play(game, BET_BASE + 10, FOLD, FOLD)  # seat 0 opens, the others fold
    assert (SAT_OUT, 1) in [(e.kind, e.seat) for e in events]
    assert game.sitting_out == [False, True, False] and game.hands[1] == []
    assert game.stacks[1] == 5 and not game.out[1]  # he keeps his chips and his seat


def test_a_player_with_no_chips_has_left_the_session():
    opts = AziOptions(num_players=3, ante=10)
    game = AziSession.from_parts(opts, [cards("AH 6H 7H"), cards("KH 8S 9S"), cards("QD JD 10D")],
                                 card("AS"), stacks=[990, 0, 990], folded=[False, True, False])
    events = play(game, BET_BASE + 10, FOLD)  # seat 0 opens, seat 2 folds: seat 0 wins
    assert ("player_out", 1) in [(e.kind, e.seat) for e in events]
    assert game.out == [False, True, False] and game.in_game[1] is False
    assert all(e.seat != 1 for e in game.history if e.kind in (ANTE, DEALT, SAT_OUT))


# §2 Deal and trump -------------------------------------------------------------------------
def test_each_player_is_dealt_three_cards_one_at_a_time_clockwise_from_the_first_bidder():
    game = table(["AH 6H 7H", "KH 8S 9S", "QD JD 10D"], "AS")
    assert game.hands == [sorted(cards("AH 6H 7H")), sorted(cards("KH 8S 9S")),
                          sorted(cards("QD JD 10D"))]
    assert [e.seat for e in game.history if e.kind == DEALT] == [0, 1, 2] * 3


def test_the_next_card_is_turned_up_as_trump_and_belongs_to_no_hand():
    game = table(["AH 6H 7H", "KH 8S 9S", "QD JD 10D"], "8D")
    assert game.trump_card == card("8D") and game.trump_suit == suit_of(card("8D"))
    assert [e.cards for e in game.history if e.kind == TRUMP] == [(card("8D"),)]
    assert all(card("8D") not in h for h in game.hands) and card("8D") not in game.stock


def test_with_six_players_and_four_cards_there_is_always_a_trump_card():
    game = AziSession.new(AziOptions(num_players=6, cards_dealt=4), SeededDealer(9))
    assert sum(len(h) for h in game.hands) == 24 and game.trump_card in AZI_DECK
    assert len(game.stock) == 2


def test_with_four_cards_each_player_discards_one_face_down_before_bidding():
    game = table(["AH 6H 7H 8H", "KH 8S 9S 10S", "QD JD 10D 9D"], "AS", cards_dealt=4)
    assert game.phase == "discard" and game.to_move == 0
    assert game.legal_actions() == sorted(cards("AH 6H 7H 8H"))
    events = play(game, card("6H"))
    assert events[0].kind == DISCARDED and events[0].private and events[0].cards == (card("6H"),)
    assert game.phase == "discard" and game.to_move == 1
    play(game, card("8S"), card("9D"))
    assert game.phase == "bidding" and [len(h) for h in game.hands] == [3, 3, 3]
    assert game.discards == [card("6H"), card("8S"), card("9D")]


def test_discards_go_clockwise_from_the_first_bidder():
    # seat 0 cannot pay the ante, so the FixedDealer's "random" first bidder is seat 1
    opts = AziOptions(num_players=3, cards_dealt=4, starting_stack=100)
    deck = stacked_deck(["", "KH 8S 9S 10S", "QD JD 10D 9D"], "AS", first=1)
    game = AziSession.new(opts, FixedDealer(deck, spare_deck()))
    assert game.first_bidder == 0
    opts = AziOptions(num_players=3, cards_dealt=4)
    game = AziSession.from_parts(opts, [cards("AH 6H 7H 8H"), cards("KH 8S 9S 10S"),
                                        cards("QD JD 10D 9D")], card("AS"), phase="discard",
                                 first_bidder=2)
    order = []
    while game.phase == "discard":
        order.append(game.to_move)
        play(game, game.legal_actions()[0])
    assert order == [2, 0, 1] and game.to_move == 2


def test_another_player_sees_a_discard_face_down():
    game = table(["AH 6H 7H 8H", "KH 8S 9S 10S", "QD JD 10D 9D"], "AS", cards_dealt=4)
    play(game, card("6H"))
    seen = [e for e in game.observation(1)["history"] if e["kind"] == DISCARDED]
    assert seen[0]["cards"] == [HIDDEN]
    mine = [e for e in game.observation(0)["history"] if e["kind"] == DISCARDED]
    assert mine[0]["cards"] == [card("6H")]


def test_six_on_stage_makes_the_six_of_trumps_highest():
    # The turned ace of spades: the six of spades beats the king of spades and everything else.
    game = table(["6S 7H 8H", "KS 9D 10D", "QS JD QD"], "AS")
    assert game.six_on_stage
    assert (SIX_ON_STAGE, (card("6S"),)) in [(e.kind, e.cards) for e in game.history]
    play(game, BET_BASE + 10, CALL, CALL)  # seat 0 opens at 10, the others call: seat 0 leads
    events = play(game, card("7H"), card("KS"), card("QS"))  # no hearts: both must trump
    assert events[-1].kind == "trick_won" and events[-1].seat == 1
    play(game, card("9D"), card("JD"), card("6S"))  # seat 1 leads 9D; seat 0 trumps with the six
    assert game.tricks_won == [1, 1, 0]


def test_without_an_ace_turned_the_six_of_trumps_is_the_lowest_trump():
    game = table(["6S 7H 8H", "KS 9D 10D", "QS JD QD"], "10S")
    assert not game.six_on_stage
    play(game, BET_BASE + 10, CALL, CALL)
    play(game, card("6S"), card("KS"), card("QS"))
    assert game.tricks_won == [0, 1, 0]
