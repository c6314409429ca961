"""Azi §7 Information (docs/rules/azi.md): what a seat's observation shows, and what it never."""

import json
import random

from engine.azi import BET_BASE, CALL, LOOK, AziOptions, AziSession
from engine.cards import HIDDEN
from engine.core import event_seen_by
from engine.shuffle import SeededDealer
from tests.test_azi_support import card, cards, play, table

CONTRACT_KEYS = {
    "game", "seat", "num_players", "to_move", "game_number", "options", "phase", "hand",
    "hand_sizes", "looked", "stacks", "bank", "stakes", "carried", "bids", "highest_bid",
    "highest_bidder", "raises", "in_game", "folded", "all_in", "sitting_out", "out",
    "first_bidder", "leader", "trump_card", "trump_suit", "six_on_stage", "trick", "tricks_won",
    "ante", "min_bet", "min_raise", "laid_away", "stock_size", "discards_laid", "taken_sizes",
    "buy_in_price", "games", "history"}
PUBLIC_CARD_EVENTS = {"played", "trick_won", "trump"}  # "six_on_stage" names a card, shows none
HANDS3 = ["AH 6H 7H", "KH 8S 9S", "QD JD 10D"]


def visible_cards(obs: dict) -> set[int]:
    """Every card face an observation shows."""
    seen = set(obs["hand"]) | {c for _, c in obs["trick"]} | {obs["laid_away"]}
    for e in obs["history"]:
        if e["kind"] in PUBLIC_CARD_EVENTS or e["private"]:
            seen |= set(e["cards"])
    return seen - {HIDDEN}


def hidden_from(game: AziSession, seat: int) -> set[int]:
    """Cards this seat may not see now: other hands, other discards, the stock, own blind hand."""
    secret = set(game.stock)
    for s in range(game.num_players):
        if s != seat:
            secret |= set(game.hands[s]) | ({game.discards[s]} - {-1})
    if not game.looked[seat]:
        secret |= set(game.hands[seat])
    return secret


def test_an_observation_has_exactly_the_keys_of_the_contract_and_is_plain_json():
    game = table(HANDS3, "10S")
    obs = game.observation(1)
    assert set(obs) == CONTRACT_KEYS and obs["game"] == "azi" and obs["seat"] == 1
    assert json.loads(json.dumps(obs)) == obs


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others():
    game = table(HANDS3, "10S")
    obs = game.observation(2)
    assert obs["hand"] == sorted(cards(HANDS3[2])) and obs["hand_sizes"] == [3, 3, 3]
    assert not visible_cards(obs) & hidden_from(game, 2)


def test_the_history_is_this_games_events_as_the_seat_saw_them():
    game = table(["AH 6H 7H 8H", "KH 8S 9S 10S", "QD JD 10D 9D"], "AS", cards_dealt=4)
    play(game, card("6H"), card("8S"))
    for seat in range(3):
        assert game.observation(seat)["history"] == [event_seen_by(e, seat).to_json()
                                                     for e in game.history]


def test_the_trump_bets_folds_stacks_and_bank_are_public():
    game = table(HANDS3, "10S")
    play(game, BET_BASE + 20, CALL)
    obs = game.observation(2)
    assert obs["trump_card"] == card("10S") and obs["bids"] == [20, 20, 0]
    assert obs["highest_bid"] == 20 and obs["highest_bidder"] == 0
    assert obs["stacks"] == [970, 970, 990] and obs["bank"] == 70
    assert [e["kind"] for e in obs["history"]][-2:] == ["bet", "called"]


def test_blind_and_open_states_are_public():
    game = table(HANDS3, "10S", blind_bets=True)
    play(game, LOOK)
    assert game.observation(2)["looked"] == [True, False, False]


def test_the_cards_lying_face_down_are_public_as_counts_only():
    game = AziSession.new(AziOptions(num_players=4), SeededDealer(5))
    rng = random.Random(5)
    while game.to_move is not None and not any(game.taken):
        game.apply(rng.choice(game.legal_actions()))
    obs = game.observation(0)
    assert obs["stock_size"] == len(game.stock)
    assert obs["taken_sizes"] == [len(t) for t in game.taken]
    assert obs["discards_laid"] == sum(d >= 0 for d in game.discards)
    assert not set(game.stock) & visible_cards(obs)


def test_a_seat_sees_the_card_it_laid_away_and_nobody_elses():
    game = table(["AH 6H 7H 8H", "KH 8S 9S 10S", "QD JD 10D 9D"], "AS", cards_dealt=4)
    while game.phase == "discard":
        seat = game.to_move
        game.apply(game.legal_actions()[0])
        assert game.observation(seat)["laid_away"] == game.discards[seat] >= 0
        assert all(game.observation(other)["laid_away"] != game.discards[seat]
                   for other in range(3) if other != seat)
    assert game.observation(None)["laid_away"] == -1 and game.observation(None)["hand"] == []


def test_finished_games_show_who_took_the_bank_but_no_seed_or_deck():
    game = AziSession.new(AziOptions(num_players=3), SeededDealer(8))
    rng = random.Random(8)
    while game.to_move is not None and not game.games:
        game.apply(rng.choice(game.legal_actions()))
    outcome = game.observation(1)["games"][0]
    assert outcome["winner"] == game.games[0]["winner"] and outcome["paid"] == game.games[0]["paid"]
    assert "seed" not in outcome and "deck" not in outcome


def test_observations_never_show_hidden_cards_over_random_sessions():
    for seed, options in enumerate([{"num_players": 4}, {"num_players": 6, "cards_dealt": 4},
                                    {"num_players": 3, "blind_bets": True}]):
        game = AziSession.new(AziOptions(**options), SeededDealer(seed))
        rng = random.Random(seed)
        for _ in range(300):
            if game.to_move is None:
                break
            for seat in range(game.num_players):
                obs = game.observation(seat)
                assert not visible_cards(obs) & hidden_from(game, seat), (seat, obs)
                if not game.looked[seat]:
                    assert obs["hand"] == []
            game.apply(rng.choice(game.legal_actions()))


def test_a_state_rebuilt_from_an_observation_and_guessed_hands_matches_what_the_seat_knows():
    game = AziSession.new(AziOptions(num_players=4), SeededDealer(21))
    rng = random.Random(2)
    for _ in range(200):
        if game.to_move is None:
            break
        obs = game.observation(game.to_move)
        if obs["phase"] in ("bidding", "tricks"):
            rebuilt = AziSession.from_observation(obs, [list(h) for h in game.hands])
            assert rebuilt.observation(obs["seat"]) == obs
            assert rebuilt.legal_actions() == game.legal_actions()
        game.apply(rng.choice(game.legal_actions()))
