"""The Azi bidding panel and the azi question offer exactly what legal_actions() allows."""

import pygame
import pytest

from engine.azi import (
    ALL_IN,
    BET_BASE,
    CALL,
    FOLD,
    JOIN_AZI,
    LOOK,
    SKIP_AZI,
    AziOptions,
    AziSession,
)
from scenes.table.azi.choices import bid_choices, nearest_level, step_level
from scenes.table.azi.panels import BiddingPanel, QuestionPanel
from tests.test_azi_support import card, cards

HANDS3 = ["AH 6H 7H", "KH 8S 9S", "QD JD 10D"]


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def game(**parts) -> AziSession:
    options = AziOptions(num_players=3, **parts.pop("options", {}))
    return AziSession.from_parts(options, [cards(h) for h in HANDS3], card("10S"), **parts)


def panel_for(g: AziSession) -> BiddingPanel:
    seat = g.to_move
    panel = BiddingPanel()
    panel.show(bid_choices(g.observation(seat), g.legal_actions()))
    panel.layout(pygame.Rect(1000, 540, 236, 174), 1.0)
    return panel


def click(panel, key):
    pos = panel.buttons[key].rect.center
    return panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def bet_levels(g):
    return [a - BET_BASE for a in g.legal_actions() if a >= BET_BASE]


def test_the_raise_slider_offers_only_the_legal_levels():
    g = game(stacks=[95, 200, 200], bids=[0, 20, 0], highest_bid=20, highest_bidder=1,
             first_bidder=1, to_move=2)
    panel = panel_for(g)
    assert panel.choices.levels == tuple(bet_levels(g))
    seen = set()
    for x in range(panel.track.left - 30, panel.track.right + 30, 3):
        panel.set_level_from_x(x)
        seen.add(panel.level)
        assert panel.buttons["raise"].action in g.legal_actions()
    assert seen == set(bet_levels(g))


def test_the_steps_walk_the_legal_levels_and_stop_at_the_ends():
    g = game(stacks=[60, 200, 200], first_bidder=0, to_move=0)
    panel = panel_for(g)
    levels = bet_levels(g)
    assert panel.level == levels[0] and not panel.buttons["minus"].enabled
    walked = [panel.level]
    for _ in range(len(levels) + 3):
        click(panel, "plus") if panel.buttons["plus"].enabled else None
        walked.append(panel.level)
    assert sorted(set(walked)) == levels and panel.level == levels[-1]
    assert step_level(tuple(levels), levels[-1], 5) == levels[-1]
    assert nearest_level(tuple(levels), 10**6) == levels[-1]


def test_the_raise_button_sends_the_level_shown_and_prices_it():
    g = game(stacks=[200, 200, 200], bids=[0, 20, 0], highest_bid=20, highest_bidder=1,
             first_bidder=1, to_move=2)
    panel = panel_for(g)
    panel.nudge(2)
    assert click(panel, "raise") == BET_BASE + 50
    assert "50" in panel.buttons["raise"].text and "50" in panel.buttons["raise"].hint


def test_the_call_button_shows_the_chips_a_call_puts_in():
    g = game(stacks=[200, 200, 200], bids=[0, 30, 10], highest_bid=30, highest_bidder=1,
             first_bidder=1, to_move=2)
    panel = panel_for(g)
    call = panel.buttons["call"]
    assert (call.text, call.hint) == ("Call", "put in 20 to match 30")  # level 30, ten already in
    assert click(panel, "call") == CALL


def test_a_blind_call_costs_half_rounded_up_on_the_total():
    g = game(options={"blind_bets": True}, looked=[False, False, False], stacks=[200, 200, 200],
             bids=[0, 30, 0], highest_bid=30, highest_bidder=1, first_bidder=1, to_move=2)
    panel = panel_for(g)
    assert panel.buttons["call"].hint.startswith("put in 15 ")
    assert "blind" in panel.buttons["raise"].hint


def test_look_appears_only_while_blind():
    blind = game(options={"blind_bets": True}, looked=[False, False, False], first_bidder=0,
                 to_move=0)
    assert "look" in panel_for(blind).buttons
    assert click(panel_for(blind), "look") == LOOK
    looked = game(options={"blind_bets": True}, looked=[True, False, False], first_bidder=0,
                  to_move=0)
    assert "look" not in panel_for(looked).buttons
    assert "look" not in panel_for(game(first_bidder=0, to_move=0)).buttons


def test_the_opening_bid_has_no_call_and_says_bet():
    panel = panel_for(game(first_bidder=0, to_move=0))
    assert "call" not in panel.buttons
    assert panel.buttons["raise"].text.startswith("Bet")
    assert click(panel, "fold") == FOLD


def test_all_in_is_offered_only_to_a_player_who_cannot_call():
    short = game(stacks=[200, 200, 15], bids=[0, 40, 0], highest_bid=40, highest_bidder=1,
                 first_bidder=1, to_move=2)
    panel = panel_for(short)
    assert "all_in" in panel.buttons and "call" not in panel.buttons
    assert panel.buttons["all_in"].text == "All-in 15" and click(panel, "all_in") == ALL_IN
    assert "all_in" not in panel_for(game(first_bidder=0, to_move=0)).buttons


def test_keys_choose_the_same_actions_as_the_buttons():
    g = game(stacks=[200, 200, 200], bids=[0, 20, 0], highest_bid=20, highest_bidder=1,
             first_bidder=1, to_move=2)
    panel = panel_for(g)

    def key(k):
        return panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))

    assert key(pygame.K_f) == FOLD and key(pygame.K_c) == CALL
    key(pygame.K_RIGHT)
    assert key(pygame.K_r) == BET_BASE + 40
    key(pygame.K_END)
    assert key(pygame.K_r) == g.legal_actions()[-1]


def test_every_panel_button_fits_inside_the_panel_and_none_overlap():
    for size, scale in (((1280, 720), 1.0), ((800, 600), 0.78)):
        g = game(options={"blind_bets": True}, looked=[False, False, False],
                 stacks=[200, 200, 200], bids=[0, 20, 0], highest_bid=20, highest_bidder=1,
                 first_bidder=1, to_move=2)
        panel = BiddingPanel()
        panel.show(bid_choices(g.observation(2), g.legal_actions()))
        anchor = pygame.Rect(0, 0, round(236 * scale), round(174 * scale))
        anchor.bottomright = (size[0] - 10, size[1] - 10)
        panel.layout(anchor, scale)
        rects = [b.rect for b in panel.buttons.values() if b.rect.width]
        assert all(panel.rect.contains(r) for r in rects)
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert panel.rect.bottom <= size[1]


def test_the_azi_question_joins_or_sits_out():
    question = QuestionPanel()
    question.ask_buy_in(60, 120, 300)
    question.layout((640, 360), 1.0)
    assert "60" in question.title
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=question.buttons["join"].rect.center,
                            button=1)
    assert question.handle_event(up) == JOIN_AZI
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=question.buttons["skip"].rect.center,
                            button=1)
    assert question.handle_event(up) == SKIP_AZI


def test_every_azi_event_of_a_played_session_has_a_readable_log_line():
    import random

    from engine.azi.constants import DEALT, GAME_STARTED, LEAD_WON, SHUFFLED, TRICK_WON
    from engine.shuffle import SeededDealer
    from scenes.table.azi.words import event_line, game_summary, seat_detail

    rng = random.Random(3)
    g = AziSession.new(AziOptions(num_players=3, starting_stack=60, ante=10, cards_dealt=4),
                       SeededDealer(b"words"))
    names = ["Ann", "Bob", "Cat"]
    events = list(g.history)
    while g.to_move is not None:
        for seat in range(3):
            assert "{" not in seat_detail(g.observation(seat), seat)
        events += g.apply(rng.choice(g.legal_actions()))
    silent = {GAME_STARTED, SHUFFLED, DEALT, LEAD_WON, TRICK_WON}  # the last two: the table
    # logs them with their reason (test_table_callouts.py)
    for event in events:
        line = event_line(event, names)
        assert (line is None) == (event.kind in silent), event
        assert line is None or "{" not in line
    for record in g.games:
        assert "{" not in game_summary(record, names)
