"""Azi sessions (docs/rules/azi.md Words, §1, §6, §8): game after game, leaving, saving, replays."""

import random

from engine.azi import (
    BET_BASE,
    CALL,
    FOLD,
    GAME_STARTED,
    SESSION_OVER,
    SHUFFLED,
    AziOptions,
    AziSession,
)
from engine.cards import AZI_DECK
from engine.shuffle import FixedDealer, SecureDealer, SeededDealer, verify_deal
from tests.test_azi_support import card, cards, check_invariants, kinds, play, table

HANDS3 = ["AH 6H 7H", "KH 8S 9S", "QD JD 10D"]


def random_session(seed: int, **options) -> AziSession:
    """A whole session of random legal play, checking the invariants after every action."""
    opts = AziOptions(**options)
    game = AziSession.new(opts, SeededDealer(seed))
    rng = random.Random(seed)
    total = opts.num_players * opts.starting_stack
    while game.to_move is not None:
        game.apply(rng.choice(game.legal_actions()))
        check_invariants(game, total)
    return game


def test_a_new_game_starts_as_soon_as_one_is_decided():
    game = table(HANDS3, "10S")
    events = play(game, BET_BASE + 10, FOLD, FOLD)
    k = kinds(events)
    assert k.index("bank_paid") < k.index(GAME_STARTED) < k.index("ante") < k.index(SHUFFLED)
    assert events[k.index(GAME_STARTED)].amount == 2 and game.game_number == 2
    assert [e.kind for e in game.history][0] == GAME_STARTED  # the history is this game's only


def test_the_session_ends_when_one_player_holds_all_the_chips():
    game = random_session(3, num_players=3, starting_stack=60)
    assert game.to_move is None and game.legal_actions() == [] and game.phase == "over"
    winner = game.result()["winner"]
    assert game.stacks[winner] == 180 and sum(game.stacks) == 180
    assert game.history[-1].kind == SESSION_OVER and game.history[-1].seat == winner
    assert all(game.out[s] for s in range(3) if s != winner)


def test_stop_after_game_ends_the_session_when_the_current_game_is_decided():
    game = table(HANDS3, "10S")
    game.stop_after_game()
    assert game.to_move == 0  # the game goes on to its end
    events = play(game, BET_BASE + 10, FOLD, FOLD)
    assert game.phase == "over" and game.to_move is None and GAME_STARTED not in kinds(events)
    assert events[-1].kind == SESSION_OVER and events[-1].seat == -1
    result = game.result()
    assert result["stopped"] and result["winner"] is None and result["stacks"] == [1020, 990, 990]


def test_a_player_sitting_out_keeps_his_chips_and_his_seat():
    opts = AziOptions(num_players=3)
    game = AziSession.from_parts(opts, [cards(h) for h in HANDS3], card("10S"),
                                 stacks=[990, 5, 990], folded=[False, True, False])
    play(game, BET_BASE + 10, FOLD)
    assert game.sitting_out[1] and not game.out[1] and game.stacks[1] == 5
    play(game, BET_BASE + 10, FOLD)  # seat 2 opened game 2; seat 0 folds
    assert game.game_number == 3 and game.sitting_out[1] and not game.out[1]


def test_when_fewer_than_two_can_pay_the_ante_everyone_with_chips_plays_for_what_he_has():
    opts = AziOptions(num_players=3)
    game = AziSession.from_parts(opts, [cards(h) for h in HANDS3], card("10S"),
                                 stacks=[1970, 5, 3], folded=[False, True, True])
    play(game, BET_BASE + 10)  # the others have folded: seat 0 wins; only he can pay an ante
    assert game.game_number == 2
    assert game.stakes == [10, 5, 3] and game.all_in[1] and game.all_in[2]
    assert game.in_game == [True, True, True]


def test_the_total_of_chips_never_changes_over_whole_sessions():
    for seed, n in [(1, 2), (2, 4), (3, 6)]:
        game = random_session(seed, num_players=n, starting_stack=200, ante=5)
        assert sum(game.stacks) == 200 * n


def test_each_game_is_recorded_with_its_revealed_seed_that_verifies_the_deal():
    game = random_session(11, num_players=4, starting_stack=100)
    games = game.result()["games"]
    assert [g["game"] for g in games] == list(range(1, game.game_number + 1))
    for g in games:
        assert verify_deal(g["seed"], g["commitment"], AZI_DECK, g["deck"])
        assert sum(g["paid"]) == (g["bank"] if not g["azi"] else 0)


def test_the_commitment_of_a_deal_is_known_before_the_deal():
    dealer = SecureDealer()
    promised = dealer.next_commitment()
    game = AziSession.new(AziOptions(num_players=3), dealer)
    assert game.deal_commitment == promised and game.deal_seed is not None
    assert game.dealer.next_commitment() != promised


def test_a_seed_and_the_actions_replay_a_session_exactly():
    game = AziSession.new(AziOptions(num_players=5, blind_bets=True), SeededDealer(99))
    rng = random.Random(4)
    actions = []
    while game.to_move is not None and len(actions) < 400:
        actions.append(rng.choice(game.legal_actions()))
        game.apply(actions[-1])
    replay = AziSession.new(AziOptions(num_players=5, blind_bets=True), SeededDealer(99))
    for a in actions:
        replay.apply(a)
    assert replay.to_json() == game.to_json()


def test_json_round_trip_in_the_middle_of_a_session():
    game = AziSession.new(AziOptions(num_players=4, cards_dealt=4), SeededDealer(5))
    rng = random.Random(5)
    for _ in range(60):
        if game.to_move is None:
            break
        data = game.to_json()
        restored = AziSession.from_json(data)
        assert restored.to_json() == data
        assert restored.legal_actions() == game.legal_actions()
        action = rng.choice(game.legal_actions())
        assert restored.apply(action) == game.apply(action)


def test_a_clone_is_independent_of_the_original():
    game = table(HANDS3, "10S")
    copy = game.clone()
    assert copy.to_json() == game.to_json()
    play(copy, BET_BASE + 10, FOLD, FOLD)
    assert game.game_number == 1 and game.to_move == 0 and game.bank == 30
    assert copy.game_number == 2
    play(game, BET_BASE + 20, CALL, CALL)
    assert copy.bids != game.bids


def test_a_fixed_dealer_session_draws_the_first_seat_it_is_offered():
    deck = list(range(27))
    game = AziSession.new(AziOptions(num_players=3), FixedDealer(deck))
    assert game.first_bidder == 0
