"""Callouts and reasons: the seat that acted says what it did, on the felt beside it, and the end
of every battle and trick says why — only from what the whole table saw."""

import pygame

from engine.cards import parse_card
from scenes.layout import table_layout
from scenes.table.azi.words import lead_reason, payout_reason, trick_reason
from scenes.table.callouts import Callouts, edge_margin
from scenes.table.durak import words as durak_words
from scenes.table.shared import addressed


def say(key, seat, **fields):
    """As the table's ``say`` with seat 0 the person at the screen and seat 1 Boris."""
    return addressed(key, seat == 0, "You" if seat == 0 else "Boris", **fields)


def c(text: str) -> int:
    return parse_card(text)


def test_a_beat_names_the_attack_card_and_the_card_that_beats_it():
    assert durak_words.beat_callout(say, 1, c("10H"), c("QH")) == "Boris beats 10♥ with Q♥"
    assert durak_words.beat_callout(say, 0, c("10H"), c("6S")) == "You beat 10♥ with 6♠"


def test_the_first_card_of_a_battle_is_a_lead_and_later_ones_are_thrown_in():
    assert durak_words.attack_callout(say, 1, c("7H"), True) == "Boris leads 7♥"
    assert durak_words.attack_callout(say, 1, c("7S"), False) == "Boris throws in 7♠"


def test_a_take_says_which_cards_were_left_unbeaten_and_never_guesses_at_the_hand():
    line = durak_words.take_callout(say, 1, [c("10H")])
    assert line == "Boris takes: 10♥ not beaten"
    assert "could" not in line
    reason = durak_words.picked_up_reason(say, 1, 3, [c("10H")])
    assert reason == "Boris picks up 3 cards: 10♥ not beaten"


def test_a_beaten_off_battle_names_the_defender_who_beat_it():
    assert durak_words.beaten_off_reason(say, 0, 4).startswith("You beat off the attack")
    assert durak_words.beaten_off_reason(say, 1, 4).startswith("Boris beats off the attack")


def test_the_highest_trump_takes_the_trick():
    trick = [(0, c("KS")), (1, c("7H")), (2, c("AS"))]  # hearts are trump
    assert trick_reason(trick, 1, 1, False, "Boris", False) == \
        "Boris wins the trick: 7♥ is the highest trump"


def test_without_a_trump_the_highest_card_of_the_suit_led_takes_it():
    trick = [(0, c("KS")), (1, c("AD")), (2, c("9S"))]  # hearts are trump, spades led
    assert trick_reason(trick, 0, 1, False, "You", True) == \
        "You win the trick: K♠ is highest in spades, the suit led"


def test_six_on_stage_is_named_as_the_reason():
    trick = [(0, c("AH")), (1, c("6H"))]  # hearts trump, the ace was turned
    assert "on stage" in trick_reason(trick, 1, 1, True, "Boris", False)


def test_the_lead_goes_to_the_highest_bid():
    assert lead_reason([20, 40, 0], 1, "Boris", False) == \
        "Boris wins the lead with the highest bid, 40"


def test_an_all_in_share_is_shown_as_one_line_of_arithmetic():
    record = {"winner": 0, "azi": False, "at_once": False, "bank": 900,
              "stakes": [120, 300, 300], "paid": [360, 270, 270]}
    line = payout_reason(record, ["Anna", "Boris", "Vera"])
    assert line == ("Anna was all-in for 120 of 300: Anna takes 900 × 120 ÷ 300 = 360, "
                    "and the other 540 go back")


def test_a_share_that_is_not_whole_shows_the_exact_amount_and_the_whole_chips():
    record = {"winner": 1, "azi": False, "at_once": False, "bank": 165,
              "stakes": [60, 35, 60, 10], "paid": [34, 96, 35, 0]}
    line = payout_reason(record, ["Anna", "Boris", "Vera", "Gleb"])
    assert "165 × 35 ÷ 60 = 96.25" in line and "96 in whole chips" in line


def test_a_winner_of_the_whole_bank_needs_no_arithmetic():
    record = {"winner": 0, "azi": False, "at_once": False, "bank": 90,
              "stakes": [30, 30, 30], "paid": [90, 0, 0]}
    assert payout_reason(record, ["Anna", "Boris", "Vera"]) is None


def test_a_callout_replaces_the_same_seats_last_one_and_fades_after_its_time():
    callouts = Callouts()
    callouts.say(1, "Boris leads 7♥", 1.0)
    callouts.say(1, "Boris throws in 7♠", 1.0)
    callouts.say(2, "Vera beats 7♥ with 9♥", 2.0)
    assert callouts.texts() == ["Boris throws in 7♠", "Vera beats 7♥ with 9♥"]
    callouts.update(1.5)
    assert callouts.texts() == ["Vera beats 7♥ with 9♥"]


def test_callouts_stay_in_the_window_at_every_size(ui):
    for size in [(1280, 720), (800, 600), (1920, 1080)]:
        for n in range(2, 7):
            layout = table_layout(size, n)
            inside = pygame.Rect((0, 0), size).inflate(-2 * edge_margin(layout),
                                                       -2 * edge_margin(layout))
            for text in ("Boris beats 10♥ with Q♠",
                         "Maximilien-Alexandre gagne le pli et la mise avec la dame de pique"):
                callouts = Callouts()
                for seat in range(-1, n):
                    callouts.say(seat, text)
                for rect in callouts.rects(layout, ui.app.cards):
                    assert inside.contains(rect), (size, n, rect, "touches the edge")


def test_a_durak_table_calls_out_every_move_and_the_reason_a_battle_ended(ui, monkeypatch):
    from test_table_support import fast_tables

    from scenes import tables
    from scenes.table_config import Seat, TableConfig

    fast_tables(monkeypatch, seed=4)
    seats = [Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "easy")]
    tables.open_table(ui.app, TableConfig("durak", seats))
    table = ui.top
    said: list[str] = []
    real = table.callouts.say
    monkeypatch.setattr(table.callouts, "say", lambda seat, text, *a, **k: said.append(text)
                        or real(seat, text, *a, **k))
    ui.app.settings.animation_speed = 4.0
    for _ in range(600):
        ui.step(1, dt=0.1)
        if any("beats off" in s or "picks up" in s for s in said):
            break
    assert any(s.startswith(("Anna leads", "Boris leads")) for s in said)
    ended = [s for s in said if "beats off" in s or "picks up" in s]
    assert ended and ended[0] in table.move_log.lines
