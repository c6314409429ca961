"""Chips like at a real table: each player's stake stands beside his own plate and hand,
nearer them than any other seat's, clear of every plate, hand, pile and trick card (and follows
him when the hot seat turns the view); a blind player's stack says that it counts double; at the
payout the stakes leave the felt and the winner's chips arrive."""

from __future__ import annotations

import math

import pygame
import pytest
from test_play_azi_ui import azi_move, fast_azi, waiting_for_next_game

from engine.azi.constants import BIDDING
from scenes.i18n import tr
from scenes.table.azi import AziTable
from scenes.table.trump_view import stock_badge_rect, trump_rect
from scenes.table_config import Seat, TableConfig
from scenes.tables import open_table

NAMES = ["You", "Anna", "Boris", "Dmitri", "Katya", "Vera"]


def open_azi(ui, seats: int, **options) -> AziTable:
    ui.app.settings.animation_speed = 4.0
    config = TableConfig("azi", [Seat("You")] + [Seat(NAMES[i], "ai", "easy")
                                                for i in range(1, seats)],
                         {"starting_stack": 200, "ante": 10, "cards_dealt": 3, **options})
    open_table(ui.app, config)
    return ui.top


def bidding_reached(ui, table: AziTable) -> None:
    for _ in range(600):
        ui.step(1, dt=0.1)
        if (table.input.my_turn() and table.animations_idle
                and table.session.phase == BIDDING):
            return
    raise AssertionError("the bidding never reached the player")


def fixed_ground(table: AziTable) -> list[pygame.Rect]:
    """What no stake may cover: the stock, the upright trump and its badge, the discards (only
    four cards dealt make any), the bank, the status line, every plate and hand."""
    lay = table.layout
    ground = [lay.talon, trump_rect(lay), stock_badge_rect(lay), table.stakes.bank_rect(),
              lay.message]
    if table.options.cards_dealt > 3:
        ground.append(lay.discard)
    for seat in range(table.n):
        ground += [table.shared.seat_layout(seat).plate, table.shared.seat_layout(seat).hand]
    return ground


def felt_between(a: pygame.Rect, b: pygame.Rect) -> float:
    """How far apart two rectangles are (0 when they touch)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return math.hypot(dx, dy)


def on_the_felt(table: AziTable, rect: pygame.Rect) -> bool:
    """Every corner of ``rect`` inside the felt's ellipse."""
    oval = table.layout.oval
    return all(((x - oval.centerx) / (oval.width / 2)) ** 2
               + ((y - oval.centery) / (oval.height / 2)) ** 2 <= 1
               for x in (rect.left, rect.right) for y in (rect.top, rect.bottom))


def nearest_seat(table: AziTable, rect: pygame.Rect) -> list[int]:
    """The seats whose plate or hand lies nearest ``rect`` (more than one: a tie)."""
    near = [min(felt_between(rect, table.shared.seat_layout(s).plate),
                felt_between(rect, table.shared.seat_layout(s).hand)) for s in range(table.n)]
    return [s for s in range(table.n) if near[s] == min(near)]


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (1920, 1080)])
@pytest.mark.parametrize("seats, dealt", [(3, 3), (4, 3), (4, 4), (5, 3), (6, 3)])
def test_every_stake_stands_beside_its_own_player_on_free_felt(ui, monkeypatch, size, seats,
                                                               dealt):
    fast_azi(monkeypatch, seed=3)
    ui.app.resize(size)
    table = open_azi(ui, seats, cards_dealt=dealt)
    if dealt == 3:
        bidding_reached(ui, table)
    else:  # four cards: the player discards one before the bidding
        for _ in range(600):
            ui.step(1, dt=0.1)
            if table.input.my_turn() and table.animations_idle:
                break
    spots = [table.stakes.stake_spot(s) for s in range(seats)]
    stacks = [table.stakes.stake_rect(spot) for spot in spots]
    # the trick's cards lie where they will lie: no stake under them either
    ground = fixed_ground(table) + [table.trick_card_rect(s) for s in range(seats)]
    for seat, rect in enumerate(stacks):
        assert table.stakes.stake_shown(seat) == table.shown.stakes[seat] > 0  # the antes stand
        assert rect.collidelist(ground) < 0, (seat, rect, ground[rect.collidelist(ground)])
        assert all(not rect.colliderect(other) for other in stacks[seat + 1:])
        assert on_the_felt(table, rect), (seat, rect)
        # whose chips they are, at a glance: the stack and its middle lie nearer the player's
        # own plate or hand than any other seat's
        assert nearest_seat(table, rect) == [seat], (seat, rect)
        assert nearest_seat(table, pygame.Rect(rect.center, (0, 0))) == [seat], (seat, rect)
    table.leave()


def test_the_stakes_follow_their_players_when_the_hot_seat_view_turns(ui, monkeypatch):
    fast_azi(monkeypatch, seed=3)
    table = open_azi(ui, 4)
    bidding_reached(ui, table)
    before = [table.stakes.stake_spot(s) for s in range(4)]
    table.shared.view.bottom = 2  # the curtain was lifted for the person in seat 2
    for seat in range(4):
        rect = table.stakes.stake_rect(table.stakes.stake_spot(seat))
        assert nearest_seat(table, rect) == [seat], seat
    assert [table.stakes.stake_spot(s) for s in range(4)] != before
    table.leave()


def test_a_blind_players_stack_says_it_counts_double(ui, monkeypatch):
    fast_azi(monkeypatch, seed=3)
    table = open_azi(ui, 3, blind_bets=True)
    bidding_reached(ui, table)
    assert tr("azi.stake.blind_double") == "blind: counts double"
    ground = fixed_ground(table)
    for seat in range(3):
        assert not table.shown.looked[seat]
        stack = table.stakes.stake_rect(table.stakes.stake_spot(seat))
        note = table.stakes.blind_note_rect(seat, stack)
        assert note.collidelist(ground) < 0, seat
        assert table.layout.oval.contains(note)


def test_the_payout_sweeps_the_stakes_and_pays_the_winner(ui, monkeypatch):
    fast_azi(monkeypatch, seed=3)
    table = open_azi(ui, 3)
    moves = 0
    for _ in range(3000):
        ui.step(1, dt=0.1)
        if waiting_for_next_game(table):
            if not table.session.games[-1]["azi"]:
                break
            ui.key(pygame.K_RETURN)  # an azi keeps the bank: wait for a game that is won
        if table.input.my_turn():
            azi_move(ui, table, moves)
            moves += 1
    else:
        raise AssertionError("no game ended")
    for _ in range(60):  # the last chips land while the result is read
        if not table.stakes.piles:
            break
        ui.step(1, dt=0.1)
    assert table.shown.stakes == [0, 0, 0]
    assert all(table.stakes.stake_shown(s) == 0 for s in range(3))
    assert table.stakes.bank_stack_shown() == table.shown.bank
    assert sum(table.shown.stacks) + table.shown.bank == 600  # no chip lost on the way
