"""Azi §5 Azi — three tricks, three winners (docs/rules/azi.md): the carried bank and the buy-in."""

from engine.azi import (
    ANTE,
    AZI,
    AZI_DECLINED,
    AZI_JOINED,
    BANK_PAID,
    BET_BASE,
    CALL,
    JOIN_AZI,
    PLAYER_OUT,
    REFUND,
    SAT_OUT,
    SKIP_AZI,
    AziOptions,
    AziSession,
)
from engine.shuffle import FixedDealer, SeededDealer
from tests.test_azi_support import card, cards, kinds, play, spare_deck

# Each of seats 0, 1, 2 takes one trick: seat 0 with AH, seat 1 with AD, seat 2 trumps with KS.
AZI_HANDS = ["AH 7D 7S", "KH AD 6H", "QH 6D KS"]
AZI_PLAYS = ["AH", "KH", "QH", "7D", "AD", "6D", "6H", "KS", "7S"]


def azi_table(extra: list[str] = (), stacks=None, **kw) -> AziSession:
    """Everyone in called 10 and the three tricks are about to be played; extra seats folded."""
    hands = AZI_HANDS + list(extra)
    n = len(hands)
    folded = [False] * 3 + [True] * len(extra)
    opts = AziOptions(num_players=n, **kw.pop("options", {}))
    bids = [10] * 3 + [0] * len(extra)
    return AziSession.from_parts(opts, [cards(h) for h in hands], card("10S"), phase="tricks",
                                 leader=0, folded=folded, bids=bids, highest_bid=10,
                                 highest_bidder=0, stacks=stacks,
                                 dealer=FixedDealer(*[spare_deck(i) for i in range(5)]), **kw)


def play_the_azi(game: AziSession) -> list:
    return play(game, *[card(c) for c in AZI_PLAYS])


def test_three_tricks_to_three_players_is_an_azi_and_the_bank_is_carried_whole():
    game = azi_table()
    assert game.bank == 60
    events = play_the_azi(game)
    assert (AZI, 60) in [(e.kind, e.amount) for e in events] and BANK_PAID not in kinds(events)
    assert game.games[0]["azi"] and game.games[0]["winner"] == -1
    assert game.game_number == 2 and game.bank == 60 and game.carried == 60


def test_the_trick_takers_play_the_azi_game_without_a_new_ante():
    game = azi_table()
    stacks = list(game.stacks)
    events = play_the_azi(game)
    assert ANTE not in kinds(events) and game.stacks == stacks
    assert game.in_game == [True, True, True] and game.phase == "bidding"


def test_another_player_may_join_the_azi_game_by_paying_half_the_carried_bank():
    game = azi_table(["9D 10D JD"])  # seat 3 folded in the azi game
    assert game.bank == 70
    play_the_azi(game)
    assert game.phase == "buy_in" and game.to_move == 3 and game.buy_in_price == 35
    assert game.legal_actions() == [JOIN_AZI, SKIP_AZI] and game.hands == [[], [], [], []]
    events = play(game, JOIN_AZI)
    assert (events[0].kind, events[0].seat, events[0].amount) == (AZI_JOINED, 3, 35)
    assert game.stacks[3] == 990 - 35 and game.bank == 105 and game.in_game[3]
    assert game.phase == "bidding" and len(game.hands[3]) == 3


def test_a_player_who_declines_the_azi_sits_it_out():
    game = azi_table(["9D 10D JD"])
    play_the_azi(game)
    events = play(game, SKIP_AZI)
    assert events[0].kind == AZI_DECLINED and game.sitting_out[3] and game.hands[3] == []
    assert game.stacks[3] == 990 and game.bank == 70


def test_the_buy_in_is_half_the_carried_bank_rounded_up():
    game = azi_table(["9D 10D JD"], options={"ante": 5})
    game.stakes[3] += 1  # make the bank odd: 5·4 + 30 + 1 = 51
    game.bank += 1
    game.stacks[3] -= 1
    play_the_azi(game)
    assert game.carried == 51 and game.buy_in_price == 26


def test_buy_ins_are_asked_clockwise_from_the_seat_the_bidding_starts_from():
    game = azi_table(["9D 10D JD", "8D 8H 9H"], last_winner=2)  # bidding starts at seat 3
    play_the_azi(game)
    assert game.to_move == 3
    play(game, SKIP_AZI)
    assert game.to_move == 4
    play(game, JOIN_AZI)
    assert game.first_bidder == 4  # seat 3 sat out, so the bidding opens at seat 4


def test_the_azi_game_bidding_starts_left_of_the_last_games_winner():
    game = azi_table(["9D 10D JD"], last_winner=1)
    play_the_azi(game)
    play(game, SKIP_AZI)
    assert game.first_bidder == 2 and game.to_move == 2


def test_with_no_winner_yet_the_azi_first_bidder_is_drawn_among_the_trick_takers():
    game = azi_table(["9D 10D JD"])  # FixedDealer draws the first of the seats offered
    play_the_azi(game)
    play(game, JOIN_AZI)
    assert game.first_bidder == 0
    seeded = azi_table(["9D 10D JD"])
    firsts = set()
    for seed in range(30):
        g = seeded.clone()
        g.dealer = SeededDealer(seed)
        play_the_azi(g)
        play(g, SKIP_AZI)
        firsts.add(g.first_bidder)
    assert firsts == {0, 1, 2}


def test_a_player_who_cannot_pay_the_buy_in_is_not_asked():
    game = azi_table(["9D 10D JD"], stacks=[980, 980, 980, 20])
    events = play_the_azi(game)
    assert (SAT_OUT, 3) in [(e.kind, e.seat) for e in events]
    assert game.phase == "bidding" and game.sitting_out[3]


def test_with_the_buy_in_option_off_only_the_trick_takers_play_the_azi():
    game = azi_table(["9D 10D JD"], options={"azi_buy_in": False})
    events = play_the_azi(game)
    assert (SAT_OUT, 3) in [(e.kind, e.seat) for e in events]
    assert game.phase == "bidding" and game.in_game == [True, True, True, False]


def test_a_trick_taker_with_no_chips_plays_the_azi_game_all_in():
    game = azi_table(["9D 10D JD"], stacks=[970, 970, 0, 990], all_in=[False, False, True, False])
    events = play_the_azi(game)
    assert PLAYER_OUT not in kinds(events) and not game.out[2]
    play(game, SKIP_AZI)
    assert game.in_game[2] and game.all_in[2] and len(game.hands[2]) == 3


def test_a_player_with_no_chips_who_took_no_trick_leaves_at_the_azi():
    game = azi_table(["9D 10D JD"], stacks=[980, 980, 980, 0])
    events = play_the_azi(game)
    assert (PLAYER_OUT, 3) in [(e.kind, e.seat) for e in events] and game.out[3]


def test_the_carried_bank_counts_in_the_all_in_share_through_the_stakes():
    # Seat 0 put 60 into the carried bank of 1000 and has no chips: he plays the azi all-in.
    hands = ["AH KH QH", "6H 7D 8D", "7H 9D 10D"]
    game = AziSession.from_parts(AziOptions(num_players=3), [cards(h) for h in hands], card("6S"),
                                 stacks=[0, 500, 500], stakes=[60, 470, 470], carried=1000,
                                 all_in=[True, False, False], first_bidder=1)
    play(game, BET_BASE + 10, CALL)
    assert game.stakes == [60, 480, 480] and game.bank == 1020
    events = play(game, card("6H"), card("7H"), card("AH"), card("KH"), card("7D"), card("9D"))
    paid = [0, 0, 0]
    for e in events:
        if e.kind in (BANK_PAID, REFUND):
            paid[e.seat] = e.amount
    # 1020 × 60/480 = 127.5 for seat 0; 446.25 back to each of the others; the odd chip to 0.
    assert paid == [128, 446, 446]


def test_leaving_after_an_azi_gives_the_carried_bank_back_to_those_who_put_it_in():
    game = azi_table(["9D 10D JD"])
    stakes = list(game.stakes)
    before = [a + b for a, b in zip(game.stacks, stakes)]
    game.stop_after_game()
    events = play_the_azi(game)
    assert [(e.seat, e.amount) for e in events if e.kind == REFUND] == [
        (s, x) for s, x in enumerate(stakes) if x]
    assert game.stacks == before and game.bank == 0
    assert game.phase == "over" and game.to_move is None and game.result()["stopped"]


def test_a_buy_in_question_can_be_rebuilt_from_an_observation():
    game = azi_table(["9D 10D JD", "8D 8H 9H"], last_winner=2)
    play_the_azi(game)
    obs = game.observation(3)
    rebuilt = AziSession.from_observation(obs, [[] for _ in range(5)])
    assert rebuilt.observation(3) == obs and rebuilt.legal_actions() == [JOIN_AZI, SKIP_AZI]
    play(rebuilt, SKIP_AZI, JOIN_AZI)
    assert rebuilt.first_bidder == 4 and rebuilt.phase == "bidding"
