"""The Azi table's game line ("Game 3 · ante 10") in the top-left corner touches no seat's
cards, plate, stake or won tricks, in any language and window size, with three to six seats:
where the felt beside it is short (French at 1920×1080 with six seats reached the top-left
seat's cards), it takes two lines or a smaller size."""

from __future__ import annotations

import pygame
import pytest

from scenes import i18n
from scenes.table.azi import AziTable
from scenes.table.azi.game_line import game_line
from scenes.table_config import Seat, TableConfig

NAMES = ["You", "Anna", "Boris", "Dmitri", "Katya", "Vera"]
SIZES = [(800, 600), (1280, 720), (1920, 1080)]


def seats_ground(table: AziTable) -> list[pygame.Rect]:
    """Every seat's hand, plate, stake and pile of won tricks."""
    ground = []
    for seat in range(table.n):
        lay = table.shared.seat_layout(seat)
        ground += [lay.hand, lay.plate, table.stakes.stake_rect(table.stakes.stake_spot(seat)),
                   table.pile_ground(table.taken_spot(seat), seat)]
    return ground


def touched(rect: pygame.Rect, ground: list[pygame.Rect]) -> list[pygame.Rect]:
    """What ``rect`` lies on or touches (a pixel of felt between them is enough)."""
    return [r for r in ground if rect.inflate(2, 2).colliderect(r)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_the_game_line_touches_no_seat_in_any_language(ui, size, seats):
    ui.app.resize(size)
    table = ui.app.push(AziTable(ui.app, TableConfig("azi", [Seat("You")] + [
        Seat(NAMES[i], "ai", "easy") for i in range(1, seats)],
        {"starting_stack": 200, "ante": 10})))
    table.source.paused = True
    ui.step(2)
    ground = seats_ground(table)
    drawn = dict(table.overlays.text_rects())["game number"]
    assert not touched(drawn, ground), drawn
    for code in i18n.languages():
        # a long session's game and a big ante make the line its longest
        text = i18n.tr_in(code, "azi.game_number", number=128, ante=1000)
        size_px, lines, rect = game_line(text, table.layout.scale, table.stakes.seats_ground())
        assert not touched(rect, ground), (code, lines, rect, touched(rect, ground))
        assert ui.app.rect.contains(rect), (code, rect)
        assert size_px >= 10 and all(lines), (code, size_px, lines)
