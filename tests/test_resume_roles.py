"""A Durak table taken up again with Continue names the attacker and the defender on their
plates at once, as the table did before it was left."""

from __future__ import annotations

import pytest
from test_table_support import fast_tables

from scenes.i18n import tr
from scenes.main_menu import MainMenu
from scenes.table.durak import DurakTable
from scenes.table.scene import TableScene
from scenes.table_config import Seat, TableConfig
from scenes.tables import open_table
from storage import resume


@pytest.mark.parametrize("mine", [True, False])
def test_continue_shows_who_attacks_and_who_defends(ui, monkeypatch, mine):
    fast_tables(monkeypatch)
    ui.app.settings.animation_speed = 4.0
    seats = [Seat("You"), Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "easy")]
    open_table(ui.app, TableConfig("durak", seats))
    table = ui.top
    for _ in range(400):
        if table.input.my_turn() == mine and table.animations_idle and not table.over:
            break
        ui.step(1, dt=0.1)
    public = table.public()
    attacker, defender = public["attacker"], public["defender"]
    monkeypatch.setattr(TableScene, "think_pause", 30.0)  # the computers wait: nothing moves
    resume.WRITER.flush()
    ui.app.reset(MainMenu(ui.app))
    ui.step(2)
    ui.click(ui.top.buttons["menu.continue"])
    resumed = ui.top
    assert isinstance(resumed, DurakTable) and resumed is not table
    assert resumed.plate_text(attacker)[1] == _role(attacker, "attacks")
    assert resumed.plate_text(defender)[1] == _role(defender, "defends")


def _role(seat: int, role: str) -> str:
    """The plate's word for ``role``: spoken to the person beside the name "You" (seat 0)."""
    return tr(f"durak.role_you_{role}" if seat == 0 else f"durak.role_{role}")


def test_beside_the_name_you_the_role_speaks_to_the_person_in_every_language(ui, monkeypatch):
    from scenes import i18n

    fast_tables(monkeypatch)
    seats = [Seat("You"), Seat("Anna", "ai", "easy"), Seat("Boris", "ai", "easy")]
    open_table(ui.app, TableConfig("durak", seats))
    table = ui.top
    table.roles = {0: "takes", 1: "attacks"}
    try:
        i18n.set_language("hu")
        assert table.plate_text(0)[1] == "felveszed"  # "Te · felveszed", not "Te · felveszi"
        assert table.plate_text(1)[1] == "támad"
    finally:
        i18n.set_language("en")
    # a name the player typed takes the third person
    table.config.seats[0] = table.config.seats[0]._replace(name="Marie")
    assert table.plate_text(0)[1] == tr("durak.role_takes")
