"""Nothing drawn over anything on the table: every element with words that the table draws
itself (plates, the trump banner, stakes with their amounts and "counts double" notes, the bank,
the status line, speech bubbles, the coach, the move log, the piles' labels) keeps clear of every
other one and stays in the window, for both games in every language at 800×600 and 1280×720.

The table says where it drew them (``table.overlays.text_rects()``, filled by its last frame); each
state is drawn once per language and size: an Azi bidding with blind and all-in plates, blind
stakes and the trump banner; a Durak battle with a speech bubble and the log open; the first
coach note of both lessons.
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from scenes import i18n, tables
from scenes.main_menu import MainMenu
from scenes.table.azi import AziTable
from scenes.table.azi.events import card_words
from scenes.table_config import Seat, TableConfig
from tests.lesson_support import open_lesson
from tests.test_i18n_layout import language  # noqa: F401  (every language, then back to en)
from tests.test_i18n_layout_screens import SIZES, azi_with_tags, names

# drawn on purpose over another: a stake's chips stand on the felt its amount labels
PAIRED = {("stake", "stake amount"), ("stake", "counts double")}


def _kind(name: str) -> str:
    return name.rstrip("0123456789 ")


def overlaps(table) -> list[str]:
    """Two of the table's own words over each other, or words out of the window."""
    drawn = table.overlays.text_rects()
    window = pygame.Rect((0, 0), table.app.size)
    found = [f"{name} {tuple(rect)} leaves the window" for name, rect in drawn
             if not window.contains(rect)]
    for (a, ra), (b, rb) in itertools.combinations(drawn, 2):
        same_stake = a.split()[-1] == b.split()[-1] and (
            (_kind(a), _kind(b)) in PAIRED or (_kind(b), _kind(a)) in PAIRED)
        # a pixel of felt between two: a tag touching the status pill reads as one with it
        if not same_stake and ra.inflate(2, 2).colliderect(rb):
            found.append(f"{a} {tuple(ra)} over {b} {tuple(rb)}")
    return found


def azi_bidding(ui):
    """Blind bets, an all-in plate, blind stakes that count double, the trump banner up."""
    table = azi_with_tags(ui.app)
    stakes, all_in, looked = table.shown.stakes, table.shown.all_in, table.shown.looked
    table.timeline.finish_all()  # the deal is over: the status line says whose bid it is
    table.mover.finish_all()
    table.shown.stakes, table.shown.all_in, table.shown.looked = stakes, all_in, looked
    trump = table.trump.card if table.trump is not None else 0
    table.notices.announce(card_words("azi.banner.trump", trump), 1.4)
    return table


def azi_three_blind(ui):
    """Three at the table, everybody blind, the trump banner up (the French chip and the
    bottom "counts double" note once lay on the status line)."""
    seat_names = names()
    table = ui.app.push(AziTable(ui.app, TableConfig("azi", [Seat(seat_names[0])] + [
        Seat(n, "ai", "easy") for n in seat_names[1:3]],
        {"blind_bets": True, "starting_stack": 200, "ante": 10})))
    ui.step(3)
    table.source.paused = True
    table.timeline.finish_all()
    table.mover.finish_all()
    table.shown.stakes = [10, 10, 10]
    table.shown.looked = [False, False, False]
    trump = table.trump.card if table.trump is not None else 0
    table.notices.announce(card_words("azi.banner.trump", trump), 1.4)
    return table


def durak_battle(ui):
    """A Durak table of four with cards in battle, a speech bubble and the move log open."""
    seat_names = names()
    table = tables.open_table(ui.app, TableConfig("durak", [Seat(seat_names[0])] + [
        Seat(n, "ai", "easy") for n in seat_names[1:4]], {}))
    for _ in range(900):  # the deal and the first attack (a computer player's or ours)
        ui.step(3, 1 / 20)
        if table.table:
            break
        if table.input.my_turn() and table.animations_idle:
            table.input.play(table.source.legal_actions()[0])  # the attacker's first card
    table.source.paused = True
    table.callouts.say(2, i18n.tr("durak.bubble_take"))
    if not table.move_log.shown:
        table.move_log.toggle()
    return table


def lesson(game: str):
    def open_it(ui):
        table = open_lesson(ui, game)
        ui.step(40)  # the coach's first note is up
        return table
    return open_it


# what each state must have drawn, or the test would pass on an empty table
EXPECTED = {
    "Azi bidding": {"plate", "banner", "stake amount", "counts double", "bank", "status line"},
    "Azi blind three": {"plate", "banner", "stake amount", "counts double", "status line"},
    "Durak battle": {"plate", "speech bubble", "move log", "stock badge"},
    "Durak lesson": {"plate", "coach"},
    "Azi lesson": {"plate", "coach"},
}
STATES = {"Azi bidding": azi_bidding, "Azi blind three": azi_three_blind,
          "Durak battle": durak_battle, "Durak lesson": lesson("durak"),
          "Azi lesson": lesson("azi")}


@pytest.mark.usefixtures("language")
@pytest.mark.parametrize("size", SIZES)
def test_the_tables_own_words_never_lie_over_each_other(ui, size):
    ui.app.resize(size)
    problems = {}
    for name, open_state in STATES.items():
        ui.app.reset(MainMenu(ui.app))
        table = open_state(ui)
        ui.step(1)  # one frame drawn: the table says where its words went
        drawn = {_kind(n) for n, _ in table.overlays.text_rects()}
        assert EXPECTED[name] <= drawn, f"{name}: {EXPECTED[name] - drawn} not drawn"
        if name == "Durak battle":
            assert table.table, "no card in battle"
        found = overlaps(table)
        if found:
            problems[name] = found
    ui.app.reset(MainMenu(ui.app))
    assert problems == {}, "\n".join(f"{k}: {v}" for k, v in problems.items())
