"""The Durak table at 1280×720 and 800×600 for 2 to 6 players: nothing overlaps, all in view.

A position with six attacks on the table (five beaten) is laid out with the human defending,
so the Take button shows; then every widget, plate, card and the talon counter is checked.
"""

import pygame
import pytest
from test_table_support import fast_tables

from engine.durak import DurakGame
from scenes import tables
from scenes.table_config import Seat, TableConfig

SIZES = [(1280, 720), (800, 600)]


def six_attacks(n: int) -> DurakGame:
    """Seat 0 attacked seat 1 with six cards; five are beaten, the sixth waits."""
    table = [[0, 1], [9, 10], [18, 19], [2, 3], [11, 12], [20, -1]]
    used = {c for pair in table for c in pair if c >= 0}
    rest = [c for c in range(36) if c not in used]
    hands = [rest[i * 3:(i + 1) * 3] for i in range(n)]
    left = rest[n * 3:]
    trump = 35
    left.remove(trump)
    talon = left[:max(0, min(len(left), 36 - 6 * n - 1))]
    discard = left[len(talon):]
    if n < 6:
        talon.append(trump)  # the indicator under the talon
    else:
        hands[0].append(trump)  # six players: the dealer keeps it
    return DurakGame.from_parts(hands, talon, trump, 0, table=table, discard=discard,
                                attack_limit=6)


def _overlap(a: pygame.Rect, b: pygame.Rect, slack: int = 1) -> bool:
    return a.inflate(-2 * slack, -2 * slack).colliderect(b.inflate(-2 * slack, -2 * slack))


def _laid_out_table(ui, size, n):
    ui.app.resize(size)
    seats = [Seat("Anna", "ai", "easy"), Seat("You")] + [
        Seat(f"Player {i}", "ai", "easy") for i in range(3, n + 1)]
    tables.open_table(ui.app, TableConfig("durak", seats))
    table = ui.top
    table.timeline.finish_all()
    table.mover.finish_all()
    table.controller = table.make_source(six_attacks(n)).controller
    table.rebuild_sprites()
    ui.step(3)
    return table


def _card_rects(table):
    scratch = pygame.Surface(table.app.size, pygame.SRCALPHA)
    return {id(s): s.draw(scratch, table.app.cards) for s in table.hands.all_cards()
            if not s.covered}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_nothing_on_the_table_overlaps_and_everything_is_in_view(ui, monkeypatch, size, n):
    fast_tables(monkeypatch)
    table = _laid_out_table(ui, size, n)
    window = ui.app.rect
    assert table.input.my_turn() and set(table.buttons.actions) == {36}  # Take, for the defender
    widgets = [e.rect for e in ui.top.ui.get_root_container().elements if e.visible]
    plates = [table.shared.seat_layout(s).plate for s in range(n)]
    rects = _card_rects(table)
    battle = [rects[id(c)] for pair in table.table for c in pair if c is not None]
    hands = [rects[id(c)] for hand in table.hands for c in hand]
    piles = [rects[id(c)] for c in table.talon + table.discard if id(c) in rects]
    badge = table.talon_badge_rect()
    for rect in widgets + plates + list(rects.values()) + [badge]:
        assert window.contains(rect), rect
    for i, a in enumerate(widgets):
        assert not any(_overlap(a, b) for b in widgets[i + 1:]), a
        assert not any(_overlap(a, b) for b in plates + hands + battle + piles + [badge]), a
    for i, a in enumerate(plates):
        assert not any(_overlap(a, b) for b in plates[i + 1:] + hands + battle + piles), a
        assert not _overlap(a, badge)
    for a in battle:
        assert not any(_overlap(a, b, slack=3) for b in hands + piles + [badge]), a
    assert len(battle) == 11


@pytest.mark.parametrize("size", SIZES)
def test_the_bottom_hand_is_the_largest_and_its_cards_can_each_be_picked(ui, monkeypatch, size):
    from test_table_support import visible_point

    fast_tables(monkeypatch)
    table = _laid_out_table(ui, size, 4)
    bottom = table.hands.bottom()
    others = [c for seat, hand in enumerate(table.hands) if seat != table.view.bottom
              for c in hand]
    assert all(c.width > o.width for c in bottom for o in others)
    assert all(c.width >= table.layout.table_card_width for c in bottom)
    for sprite in bottom:
        visible_point(table, sprite)
