"""The Azi table at its fullest (a trick on the felt, a won trick before every seat, the log
open) at 800×600, 1280×720 and 1920×1080: won tricks lie clear of the stock, the trump, the
plates, the trick and each other; the log covers no pile; the trick's cards are each readable."""

from __future__ import annotations

import pygame
import pytest
from azi_layout_support import drawn_rects, fullest_table, union
from test_table_support import fast_tables

SIZES = [(800, 600), (1280, 720), (1920, 1080)]


def apart(a: pygame.Rect, b: pygame.Rect, slack: int = 2) -> bool:
    return not a.inflate(-2 * slack, -2 * slack).colliderect(b.inflate(-2 * slack, -2 * slack))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [3, 4, 6])
def test_won_tricks_lie_on_free_felt_and_the_log_covers_none(ui, monkeypatch, size, n):
    fast_tables(monkeypatch)
    table = fullest_table(ui, size, n)
    window = ui.app.rect
    deck = union(drawn_rects(table, table.stock + ([table.trump] if table.trump else [])))
    plates = [table.shared.seat_layout(s).plate for s in range(n)]
    trick = drawn_rects(table, [c for _, c in table.trick])
    piles = [union(drawn_rects(table, pile)) for pile in table.taken]
    labels = [table.marks.trick_label_rect(s) for s in range(n)]
    for seat, (pile, label) in enumerate(zip(piles, labels)):
        assert window.contains(pile) and window.contains(label), seat
        for rect in (pile, label):
            assert apart(rect, deck), (seat, "on the stock", rect, deck)
            assert all(apart(rect, p) for p in plates), (seat, "on a plate")
            assert all(apart(rect, c) for c in trick), (seat, "on the trick")
            assert all(apart(rect, other) for other in piles[seat + 1:] + labels[seat + 1:]), seat
    stakes = [table.stakes.stake_rect(table.stakes.stake_spot(s)) for s in range(n)]
    for seat, stake in enumerate(stakes):
        assert all(apart(stake, r) for r in piles + labels), (seat, "a stake on a pile")
    log = table.move_log.rect
    if log.right >= window.right - 20 or log.left <= 20:  # the log beside the seats
        for seat, (pile, label) in enumerate(zip(piles, labels)):
            assert apart(log, pile) and apart(log, label), (seat, "under the log")
    table.leave()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [3, 6])
def test_every_card_of_a_trick_shows_its_index(ui, monkeypatch, size, n):
    fast_tables(monkeypatch)
    table = fullest_table(ui, size, n)
    cards = [c for _, c in table.trick]
    for i, card in enumerate(cards):
        w, h = card.size
        cx, cy = card.draw_centre()
        corner = (cx - w * 0.36, cy - h * 0.38)  # the rank and suit in the top left corner
        assert card.contains(corner)
        on_top = [other for other in cards[i + 1:] if other.contains(corner)]
        assert not on_top, (i, "its index is covered")
    table.leave()
