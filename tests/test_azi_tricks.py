"""Azi §4 Tricks (docs/rules/azi.md): following, trumping, who takes the trick, two tricks win."""


from engine.azi import BANK_PAID, BET_BASE, CALL, FOLD, PLAYED, TRICK_WON, AziOptions, AziSession
from engine.azi.tricks import card_power, playable_cards, trick_winner
from tests.refusal_support import refused
from tests.test_azi_support import card, cards, kinds, play, table


def tricks(hands: list[str], trump: str, leader: int = 0, **parts) -> AziSession:
    """A game at its first lead, everyone still in, ``leader`` holding the lead."""
    opts = AziOptions(num_players=len(hands))
    return AziSession.from_parts(opts, [cards(h) for h in hands], card(trump), phase="tricks",
                                 leader=leader, **parts)


def test_the_lead_winner_leads_any_card():
    game = tricks(["6H 7D 8S", "KH 9S 10S", "QD JD 10D"], "AS", leader=0)
    assert game.to_move == 0 and game.legal_actions() == sorted(cards("6H 7D 8S"))


def test_players_follow_clockwise_from_the_leader():
    game = tricks(["6H 7D 8S", "KH 9S 10S", "QD JD 10D"], "7S", leader=1)
    seats = [e.seat for e in play(game, card("KH"), card("QD"), card("6H")) if e.kind == PLAYED]
    assert seats == [1, 2, 0]


def test_a_player_must_follow_suit_even_with_a_lower_card():
    game = tricks(["6H 7D 8S", "KH 9S 10S", "QD JD 10D"], "7S", leader=1)
    play(game, card("KH"), card("QD"))
    assert game.legal_actions() == [card("6H")]
    with refused("you must follow suit: you hold 6♥"):
        game.apply(card("8S"))


def test_following_suit_comes_before_trumping():
    game = tricks(["6H 8D 8S", "KH 9S 10S", "QD JD 10D"], "7D", leader=1)
    play(game, card("KH"), card("QD"))  # seat 2 has no hearts and trumps
    assert game.legal_actions() == [card("6H")]  # seat 0 holds a trump but must follow


def test_without_the_led_suit_a_player_must_play_a_trump():
    game = tricks(["6H 7D 8S", "KH 9S 10S", "QD JD 7H"], "8D", leader=0)
    play(game, card("8S"))
    assert game.legal_actions() == sorted(cards("9S 10S"))
    play(game, card("9S"))
    assert game.legal_actions() == sorted(cards("QD JD"))
    with refused("you must play a trump: you hold J♦ Q♦"):
        game.apply(card("7H"))


def test_with_neither_the_led_suit_nor_a_trump_any_card_may_be_played():
    game = tricks(["6H 7D 8S", "KH 9S 10S", "QH JH 10H"], "8D", leader=0)
    play(game, card("8S"), card("9S"))
    assert game.legal_actions() == sorted(cards("QH JH 10H"))


def test_when_trumps_are_led_players_follow_with_trumps():
    assert playable_cards(sorted(cards("6S KS AH")), led_suit=0, trump_suit=0) == cards("6S KS")


def test_the_highest_trump_takes_the_trick():
    plays = [(0, card("AH")), (1, card("7S")), (2, card("QS"))]
    assert trick_winner(plays, trump_suit=0, six_on_stage=False) == 2


def test_without_a_trump_the_highest_card_of_the_led_suit_takes_the_trick():
    plays = [(0, card("10H")), (1, card("AD")), (2, card("JH"))]
    assert trick_winner(plays, trump_suit=0, six_on_stage=False) == 2


def test_the_six_of_trumps_is_highest_only_with_six_on_stage():
    assert card_power(card("6S"), 1, 0, True) > card_power(card("KS"), 1, 0, True)
    assert card_power(card("6S"), 1, 0, False) < card_power(card("KS"), 1, 0, False)


def test_the_trick_winner_leads_the_next_trick():
    game = tricks(["6H 7D 8S", "KH 9S 10S", "QD JD 10D"], "7S", leader=0)
    events = play(game, card("6H"), card("KH"), card("10D"))
    assert events[-1].kind == TRICK_WON and events[-1].seat == 1
    assert events[-1].cards == (card("6H"), card("KH"), card("10D"))
    assert game.to_move == 1 and game.trick == [] and game.tricks_won == [0, 1, 0]


def test_two_tricks_win_the_game_and_the_bank_and_the_third_is_not_played():
    game = tricks(["6H 7H 8S", "KH AH 10S", "QD JD 10D"], "7S", leader=0)
    bank = game.bank
    events = play(game, card("6H"), card("KH"), card("10D"), card("AH"), card("QD"), card("7H"))
    assert kinds(events).count(TRICK_WON) == 2
    assert (BANK_PAID, 1, bank) in [(e.kind, e.seat, e.amount) for e in events]
    assert game.games[0]["winner"] == 1 and game.games[0]["tricks_won"] == [0, 2, 0]
    assert game.game_number == 2  # the next game has begun: seat 1's third card was never played


def test_folded_players_play_no_cards():
    game = table(["6H 7H 8S", "KH AH 10S", "QD JD 10D"], "7S")
    play(game, BET_BASE + 10, FOLD, CALL)
    seats = [e.seat for e in play(game, card("6H"), card("QD")) if e.kind == PLAYED]
    assert seats == [0, 2]  # seat 1 folded: the trick is complete with two cards
    assert game.tricks_won == [1, 0, 0] and game.to_move == 0


def test_with_two_players_the_third_trick_decides_a_one_one_tie():
    game = table(["6H 7D AS", "KH 9D 10S"], "8S")
    play(game, BET_BASE + 10, CALL)
    play(game, card("6H"), card("KH"))  # seat 1 takes it
    play(game, card("9D"), card("7D"))  # seat 1 leads 9D, takes it: two tricks
    assert game.games[0]["winner"] == 1
