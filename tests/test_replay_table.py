"""Replays on the table: a saved game plays again on the same table, forward and back."""

import random

import pytest

from engine.azi import AziOptions, AziSession
from engine.durak import DurakGame
from engine.record import record_of
from engine.shuffle import SeededDealer
from scenes.table.replay import RecordedSource
from scenes.table.replay_scene import open_replay
from storage.records import save_record


def play_randomly(game, rng: random.Random) -> list[int]:
    """Random legal moves to the end; the action list."""
    actions = []
    while not game.is_over():
        action = rng.choice(game.legal_actions())
        game.apply(action)
        actions.append(action)
    return actions


@pytest.fixture(scope="module")
def durak_record():
    game = DurakGame.new(3, SeededDealer(11), 1)
    return record_of(game, play_randomly(game, random.Random(5)), ["Anna", "Boris", "Vera"])


@pytest.fixture(scope="module")
def azi_record():
    session = AziSession.new(AziOptions(num_players=3, starting_stack=40), SeededDealer(4))
    return record_of(session, play_randomly(session, random.Random(2)), ["Anna", "Boris", "Vera"])


def test_stepping_forward_to_the_end_gives_the_recorded_result(durak_record, azi_record):
    for record in (durak_record, azi_record):
        source = RecordedSource(record)
        while source.position < len(record.actions):
            source.forward()
        assert source.is_over() and source.result() == record.result


def test_a_record_dealt_from_its_revealed_seeds_shows_as_verified(durak_record):
    assert RecordedSource(durak_record).fair_text()[0]


def test_battles_start_after_a_beat_off_or_a_pick_up(durak_record):
    source = RecordedSource(durak_record)
    assert source.rounds[0] == 0 and len(source.rounds) > 1
    for start in source.rounds[1:]:
        source.goto(start - 1)
        source.forward()
        assert {e.kind for e in source.events} & {"discarded", "picked_up"}


def test_jumping_to_the_next_and_previous_battle_lands_on_their_first_action(durak_record):
    source = RecordedSource(durak_record)
    second, third = source.rounds[1], source.rounds[2]
    assert source.jump(1) == second
    source.goto(second + 1)
    assert source.jump(1) == third and source.jump(-1) == second
    source.goto(second)
    assert source.jump(-1) == 0


def test_jumping_to_the_next_trick_lands_after_a_trick_was_won(azi_record):
    source = RecordedSource(azi_record)
    target = source.jump(1)
    source.goto(target - 1)
    source.forward()
    assert {e.kind for e in source.events} & {"trick_won", "game_started"}


def _picture(table):
    hands = [[s.card for s in hand] for hand in table.hands]
    cards = sorted((s.card, round(s.pos[0]), round(s.pos[1])) for s in table.hands.all_cards())
    return hands, cards, table.replay.position


@pytest.mark.parametrize("game", ["durak", "azi"])
def test_the_replay_runs_on_the_table_and_back_then_forward_gives_the_same_table(
        ui, tmp_path, game, durak_record, azi_record):
    record = durak_record if game == "durak" else azi_record
    path = save_record(record, tmp_path / f"{game}.json")
    ui.app.settings.animation_speed = 4.0
    table = open_replay(ui.app, path)
    table.watch.change_speed(2)  # 4×
    ui.step(60, dt=0.1)
    assert table.replay.position > 0 and table.resyncs == 0
    table.replay_to(table.replay.position)
    ui.step(1)
    here = _picture(table)
    table.replay_back()
    ui.step(2)
    assert table.replay.position == here[2] - 1
    table.watch.step()
    for _ in range(100):
        ui.step(1, dt=0.1)
        if table.animations_idle and not table.replay.pending():
            break
    ui.step(30, dt=0.1)  # the animated step has landed every card
    assert _picture(table) == here
    table.replay_to(len(record.actions))
    ui.step(30, dt=0.1)
    assert table.over and table.replay.result() == record.result


def test_a_person_who_kept_the_default_you_is_called_by_seat_in_a_replay(ui, tmp_path):
    """A record keeps a person's name as typed; left at the default "Vous", it would read
    "Vous peut rajouter" in a replay, which speaks of every seat in the third person."""
    from scenes import i18n

    game = DurakGame.new(3, SeededDealer(11), 1)
    record = record_of(game, play_randomly(game, random.Random(5)), ["Vous", "Boris", "Vera"])
    i18n.set_language("fr")
    try:
        table = open_replay(ui.app, save_record(record, tmp_path / "you.json"))
        ui.step(2)
        assert table.shared.seat_name(0) == i18n.tr("names.player", n=1) == "Joueur 1"
        assert table.shared.seat_name(1) == "Boris"
        source, shown = table.replay, []
        while source.position < len(record.actions):
            source.forward()
            shown += [table.describe(e) or "" for e in source.events]
        assert any("Joueur 1" in line for line in shown)
        assert not any("Vous" in line for line in shown)
    finally:
        i18n.set_language("en")
