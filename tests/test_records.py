"""Game records keep the fairness promise checkable: every revealed seed matches the commitment
shown before its deal and deals the recorded deck, and the recorded actions replayed on decks
dealt from those seeds give the recorded result. Any edit shows up as a problem in words."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.azi import ALL_IN, BET_BASE, FOLD, AziOptions, AziSession
from engine.cards import DURAK_DECK
from engine.dealers import dealer_from_json
from engine.durak import DurakGame
from engine.record import (
    DealRecord,
    GameRecord,
    RecordError,
    fingerprint,
    record_of,
    replay_record,
    seat_draws,
    verify_record,
)
from engine.shuffle import RevealedDealer, SecureDealer, SeededDealer, commitment_of, shuffled

NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def play(game, rng: random.Random, until=None, tame: bool = False) -> list[int]:
    """Random legal moves to the end (or until ``until(game)``); the action list.

    ``tame`` (Azi): never fold or go all-in and bet only the lowest level, so every player
    stays in, games reach the tricks and sessions last (azis happen)."""
    actions = []
    while not game.is_over() and not (until and until(game)):
        legal = game.legal_actions()
        if tame:
            quiet = [a for a in legal if a not in (FOLD, ALL_IN) and a < BET_BASE]
            bets = [a for a in legal if a >= BET_BASE]
            legal = quiet + bets[:1] or legal
        action = rng.choice(legal)
        game.apply(action)
        actions.append(action)
    return actions


@pytest.fixture(scope="module")
def durak_record() -> GameRecord:
    game = DurakGame.new(4, SecureDealer())  # a first game: the dealer is drawn from the seed
    actions = play(game, random.Random(7))
    return record_of(game, actions, NAMES)


@pytest.fixture(scope="module")
def azi_record() -> GameRecord:
    options = AziOptions(num_players=3, starting_stack=60, ante=10, cards_dealt=4)
    session = AziSession.new(options, SecureDealer())
    actions = play(session, random.Random(3))
    return record_of(session, actions, NAMES[:3])


def reseed(deal: DealRecord, seed: str) -> DealRecord:
    return dataclasses.replace(deal, seed=seed)


# --- a true record holds --------------------------------------------------------------------------
def test_a_finished_durak_game_dealt_securely_verifies_and_replays_exactly(durak_record):
    assert len(durak_record.deals) == 1 and durak_record.result["over"]
    assert verify_record(durak_record) == []
    replay = replay_record(durak_record)
    assert replay.matches and replay.result == durak_record.result


def test_a_whole_azi_session_dealt_securely_verifies_and_replays_exactly(azi_record):
    assert azi_record.result["over"] and len(azi_record.deals) == len(azi_record.result["games"])
    assert verify_record(azi_record) == []
    replay = replay_record(azi_record)
    assert replay.matches and replay.result == azi_record.result


def test_a_record_reads_back_from_its_json_exactly(durak_record, azi_record):
    for record in (durak_record, azi_record):
        assert GameRecord.loads(record.dumps()) == record


def test_an_azi_record_made_between_games_covers_the_finished_games_and_replays():
    """The next game is already dealt when a game ends: it stays sealed and out of the record."""
    options = AziOptions(num_players=4, starting_stack=300, ante=10)
    session = AziSession.new(options, SecureDealer())
    rng = random.Random(11)
    actions = play(session, rng, until=lambda s: len(s.games) == 2, tame=True)
    assert not session.is_over()
    record = GameRecord.loads(record_of(session, actions, NAMES).dumps())
    assert len(record.deals) == 2
    assert session.deal_commitment not in [d.commitment for d in record.deals]
    assert verify_record(record) == [] and replay_record(record).matches


def test_an_azi_session_the_table_stopped_after_a_game_replays_with_the_stop():
    session = AziSession.new(AziOptions(num_players=3, starting_stack=300), SecureDealer())
    rng = random.Random(5)
    actions = play(session, rng, until=lambda s: s.game_number == 2, tame=True)
    session.stop_after_game()
    actions += play(session, rng, tame=True)
    record = record_of(session, actions, NAMES[:3])
    assert record.stopped_in_game == session.game_number and session.result()["stopped"]
    assert replay_record(record).matches


def test_azi_first_bidders_drawn_before_anyone_has_won_are_proved_by_their_deals_seeds():
    """Azi's first bidder is drawn at random until a game has a winner (azis carry on): each
    draw comes from that game's own deal seed, so the record proves it without storing it."""
    for seed in range(40):  # find a session that opens with an azi, played with true seeds
        session = AziSession.new(AziOptions(num_players=3, starting_stack=40), SeededDealer(seed))
        actions = play(session, random.Random(seed), until=lambda s: len(s.games) == 3, tame=True)
        if session.games[0]["azi"]:
            break
    games = session.games
    expected = next(i for i, g in enumerate(games) if not g["azi"]) + 1
    record = GameRecord.loads(record_of(session, actions, NAMES[:3]).dumps())
    draws = seat_draws(record)
    assert [d.deal for d in draws] == list(range(1, expected + 1))
    assert [d.seat for d in draws] == [g["first_bidder"] for g in games[:expected]]
    assert all(d.proven and d.role == "first bidder" for d in draws)
    assert "seat_draws" not in record.to_json()
    assert verify_record(record) == [] and replay_record(record).matches


def test_a_durak_first_games_dealer_is_proved_by_the_deal_seed(durak_record):
    assert durak_record.options["dealer_drawn"] is True
    (draw,) = seat_draws(durak_record)
    assert (draw.deal, draw.role, draw.seat, draw.proven) == (1, "dealer",
                                                              durak_record.options["dealer_seat"],
                                                              True)


def test_a_durak_game_whose_deal_passed_on_draws_nobody():
    game = DurakGame.new(3, SecureDealer(), dealer_seat=1)  # e.g. a series' second game
    record = record_of(game, play(game, random.Random(1)), NAMES[:3])
    assert record.options["dealer_drawn"] is False and seat_draws(record) == []
    assert verify_record(record) == [] and replay_record(record).matches


def test_seed_and_actions_replay_a_drawn_dealer_exactly():
    first = DurakGame.new(5, SeededDealer(41))
    actions = play(first, random.Random(41))
    again = DurakGame.new(5, SeededDealer(41))
    for action in actions:
        again.apply(action)
    assert again.dealer == first.dealer and again.to_json() == first.to_json()


# --- an edited record fails, saying why -----------------------------------------------------------
def test_a_changed_card_in_a_deck_order_fails_verify_and_replay(durak_record):
    order = list(durak_record.deals[0].deck_order)
    order[4], order[9] = order[9], order[4]
    deal = dataclasses.replace(durak_record.deals[0], deck_order=tuple(order))
    edited = dataclasses.replace(durak_record, deals=[deal])
    problems = verify_record(edited)
    assert problems
    assert "deal 1: the seed deals a different deck (card 5 from the top" in problems[0]
    assert any("deck dealt from the revealed seed differs" in p
               for p in replay_record(edited).problems)


def test_an_edited_durak_dealer_fails_verify_and_replay_saying_so(durak_record):
    drawn = durak_record.options["dealer_seat"]
    options = dict(durak_record.options, dealer_seat=(drawn + 1) % 4)
    edited = dataclasses.replace(durak_record, options=options)
    assert (f"deal 1: the record names seat {(drawn + 1) % 4} as the dealer drawn, the seed "
            f"draws seat {drawn}") in verify_record(edited)
    assert (f"the seed draws seat {drawn} as the dealer, the record names seat "
            f"{(drawn + 1) % 4}") in replay_record(edited).problems


def test_an_edited_azi_first_bidder_fails_verify(azi_record):
    games = [dict(g) for g in azi_record.result["games"]]
    drawn = games[0]["first_bidder"]
    games[0]["first_bidder"] = (drawn + 1) % 3
    edited = dataclasses.replace(azi_record, result=dict(azi_record.result, games=games))
    assert (f"deal 1: the record names seat {(drawn + 1) % 3} as the first bidder drawn, the "
            f"seed draws seat {drawn}") in verify_record(edited)
    assert not replay_record(edited).matches


def test_a_tampered_commitment_fails_replay_as_well_as_verify(durak_record):
    deal = dataclasses.replace(durak_record.deals[0], commitment="ab" * 32)
    edited = dataclasses.replace(durak_record, deals=[deal])
    expected = ("deal 1: the revealed seed does not match the commitment abab\u2026abab shown "
                "before the deal")
    assert expected in verify_record(edited) and expected in replay_record(edited).problems


def test_a_version_1_record_verifies_its_cards_but_cannot_prove_its_seat_draws(azi_record):
    """Version 1 stored Azi's draws (made apart from the seeds): they replay, unprovable."""
    data = azi_record.to_json()
    data["version"] = 1
    data["seat_draws"] = [azi_record.result["games"][0]["first_bidder"]]  # as version 1 kept them
    old = GameRecord.from_json(data)
    draws = seat_draws(old)
    assert draws and all(d.proven is None for d in draws)
    assert verify_record(old) == [] and replay_record(old).matches
    assert GameRecord.loads(old.dumps()).to_json() == data


def test_a_changed_seed_fails_verify_and_replay(azi_record):
    deals = list(azi_record.deals)
    deals[1] = reseed(deals[1], "00" * 32)
    edited = dataclasses.replace(azi_record, deals=deals)
    assert ("deal 2: the revealed seed does not match the commitment "
            f"{fingerprint(deals[1].commitment)} shown before the deal") in verify_record(edited)
    assert not replay_record(edited).matches


def test_a_seed_that_matches_its_commitment_but_not_the_deck_is_caught(durak_record):
    """Another honest seed with its own commitment still cannot stand in for the dealt deck."""
    seed = bytes(range(32))
    deal = DealRecord(commitment_of(seed), seed.hex(), durak_record.deals[0].deck_order)
    problems = verify_record(dataclasses.replace(durak_record, deals=[deal]))
    assert any("the seed deals a different deck" in p for p in problems)


def test_a_changed_action_fails_replay_with_the_engines_reason(durak_record):
    game = DurakGame.new(4, RevealedDealer([durak_record.deals[0].seed]))
    first = game.to_move
    not_held = next(c for c in DURAK_DECK if c not in game.hand(first))
    actions = [not_held] + durak_record.actions[1:]
    replay = replay_record(dataclasses.replace(durak_record, actions=actions))
    assert replay.problems[0].startswith(f"action 1 (seat {first}: ")
    assert "is not legal there: refuse.not_held" in replay.problems[0]


def test_a_missing_or_extra_action_is_reported(durak_record):
    short = dataclasses.replace(durak_record, actions=durak_record.actions[:-1])
    assert replay_record(short).problems == ["the actions end before the game does"]
    extra = dataclasses.replace(durak_record, actions=durak_record.actions + [37])
    n = len(extra.actions)
    assert replay_record(extra).problems == [f"action {n} (37) comes after the game ended"]


def test_an_edited_result_fails_replay_and_names_the_difference(durak_record):
    result = dict(durak_record.result, durak=(durak_record.result["durak"] + 1) % 4)
    replay = replay_record(dataclasses.replace(durak_record, result=result))
    assert any(p.startswith("result.durak: ") and "in the record" in p for p in replay.problems)


def test_an_unsealed_deal_does_not_verify(durak_record):
    deal = DealRecord(None, None, durak_record.deals[0].deck_order)
    assert verify_record(dataclasses.replace(durak_record, deals=[deal]))[0].startswith(
        "deal 1: no commitment was recorded")


# --- making and reading records -------------------------------------------------------------------
def test_a_durak_record_is_made_only_once_the_seed_is_revealed():
    with pytest.raises(ValueError, match="once the game is over"):
        record_of(DurakGame.new(2, SecureDealer()), [], NAMES[:2])


@pytest.mark.parametrize("text, reason", [
    ("not json", "not JSON"),
    ('{"game": "durak"}', "not a Kozyr game record"),
    ('{"format": "kozyr-record", "version": 99}', "record version 99"),
    ('{"format": "kozyr-record", "version": 1, "game": "chess"}', "unknown game 'chess'"),
    ('{"format": "kozyr-record", "version": 1, "game": "azi", "options": {}}',
     "'seats' is a required property"),
])
def test_a_file_that_is_not_a_record_is_refused_with_a_reason(text, reason):
    with pytest.raises(RecordError, match=reason):
        GameRecord.loads(text)


def test_fingerprint_is_the_first_and_last_four_digits_of_the_commitment():
    assert fingerprint("3fa9" + "0" * 56 + "c21e") == "3fa9\u2026c21e"


# --- the replay dealer ----------------------------------------------------------------------------
def test_revealed_dealer_deals_each_seed_in_turn_by_shuffling_and_restores_from_json():
    seeds = [bytes([i]) * 32 for i in (1, 2)]
    dealer = RevealedDealer([s.hex() for s in seeds])
    assert dealer.next_commitment() == commitment_of(seeds[0])
    first = dealer.deal(DURAK_DECK)
    restored = dealer_from_json(dealer.to_json())
    assert first.order == tuple(shuffled(DURAK_DECK, seeds[0]))
    assert restored.deal(DURAK_DECK).order == tuple(shuffled(DURAK_DECK, seeds[1]))
    assert dealer.revealed_used == 1 and restored.revealed_used == 2


def test_revealed_dealer_past_its_seeds_deals_a_fresh_sealed_seed():
    dealer = RevealedDealer([])
    deal = dealer.deal(DURAK_DECK)
    assert deal.commitment == commitment_of(bytes.fromhex(deal.seed_hex))
    assert dealer.sealed_deals == 1 and dealer.revealed_used == 0


def test_revealed_dealer_refuses_a_recorded_seat_draw_that_could_not_happen():
    dealer = RevealedDealer([], seats=[3])
    with pytest.raises(ValueError, match="seat 3, which was not among"):
        dealer.draw_seat([0, 1, 2])
