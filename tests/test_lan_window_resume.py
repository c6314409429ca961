"""A table hosted from the window is saved like the command line's and can be resumed from the
main menu ("Resume the LAN table"): the same game, seats and tokens, this window back at its
own seat; a damaged save is said on screen and kept aside."""

from __future__ import annotations

import asyncio
import secrets

from lan_window_support import step_until

from net.cli import resume_host
from net.host import Host
from net.table_save import read_table_data
from scenes.dialogs import MessageScene
from scenes.lan.host_scene import host_config
from scenes.lan.resume import reopen_config, window_table_saved
from scenes.lan.waiting_room import WaitingRoom
from scenes.main_menu import MainMenu
from scenes.table_config import AI, HUMAN, Seat, TableConfig
from storage import paths

MINE, FRIEND = secrets.token_urlsafe(24), secrets.token_urlsafe(24)  # as the host makes them


def _saved_window_table(series: bool = False) -> Host:
    """A window's host (me at seat 0, a friend at seat 1, a computer) with both seats taken,
    saved as the window saves it."""
    seats = [Seat("Ann", HUMAN, "normal"), Seat("Bo", HUMAN, "normal"), Seat("Cy", AI, "easy")]
    config = host_config(TableConfig("durak", seats, {"series": series}), "127.0.0.1", 0, "pw")
    config.window = {"seat": 0, "bind": "127.0.0.1", "port": 0, "password": "pw",
                     "secure": False, "announce": False}
    host = Host(config)
    for seat, token in zip(host.seats, (MINE, FRIEND, None)):
        seat.token = token
        if token:
            seat.name = {MINE: "Ann", FRIEND: "Bo"}[token]
    asyncio.run(host.save())
    return host


def test_a_window_table_is_saved_in_the_data_folder_with_what_reopens_it(ui):
    assert not window_table_saved()
    host = _saved_window_table(series=True)
    path = paths.lan_window_table_path()
    assert window_table_saved() and host.config.save_path == str(path)
    config = reopen_config(read_table_data(path))
    assert (config.game, config.seats, config.games) == ("durak", ["human", "human", "easy"], 0)
    assert (config.bind, config.password, config.window["seat"]) == ("127.0.0.1", "pw", 0)
    resumed = resume_host(config, path)
    assert [s.token for s in resumed.seats] == [MINE, FRIEND, None]  # friends come back
    assert [s.name for s in resumed.seats] == ["Ann", "Bo", "Cy"]


def test_the_menu_offers_resume_and_reopens_the_table_with_this_window_at_its_seat(ui):
    _saved_window_table()
    menu = ui.app.push(MainMenu(ui.app))
    ui.step(1)
    assert menu.buttons["menu.resume_lan"].text == "Resume the LAN table"
    ui.click(menu.buttons["menu.resume_lan"])
    room = ui.top
    assert isinstance(room, WaitingRoom) and room.resumed and room.start_button is None
    try:
        step_until(ui, lambda: room.seated())
        assert room.client.state.seat == 0 and room.client.state.token == MINE
        assert [s["name"] for s in room.client.state.seats] == ["Ann", "Bo", "Cy"]
        assert room.local_host.host.seats[1].token == FRIEND  # the friend's seat waits for him
    finally:
        room.back()
        room.local_host.thread.join(10)
    assert not window_table_saved()  # leaving on purpose ended the table for everyone


def test_a_damaged_save_is_said_on_screen_and_kept_aside(ui):
    path = paths.lan_window_table_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "kozyr-lan-table", "seats": []}', encoding="utf-8")
    menu = ui.app.push(MainMenu(ui.app))
    ui.step(1)
    ui.click(menu.buttons["menu.resume_lan"])
    assert isinstance(ui.top, MessageScene)
    assert ui.top.text.startswith("The LAN table could not be resumed")
    assert not path.exists() and path.with_name("lan-window-table.damaged.json").exists()
    assert "menu.resume_lan" not in MainMenu(ui.app).__dict__.get("buttons", {})
