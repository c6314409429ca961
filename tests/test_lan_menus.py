"""LAN tables from the menus, on loopback only: host from the new-game screen, wait for a
friend in the waiting room, start; join a table found on the network and sit down."""

from __future__ import annotations

import asyncio
import threading

from lan_window_support import HostThread, card_or_button, step_until
from test_lan_window import play_to_game_over

from net.bots import SeatBot
from scenes.game_over import GameOverScene
from scenes.lan.host_scene import HostScene
from scenes.lan.join_scene import JoinScene
from scenes.lan.waiting_room import WaitingRoom
from scenes.new_game import NewGameScene
from scenes.table.network_scene import NetworkControls


class NoFinder:
    """Looks nowhere: the tests say which tables were "found"."""

    tables: list = []
    looks = 1

    def start(self):
        """Nothing to start."""
        return self

    def stop(self) -> None:
        """Nothing to stop."""


def friend_joins(address: str) -> SeatBot:
    """A friend's program (a computer plays his seat) joins from another thread."""
    bot = SeatBot(address, "easy", name="Boris", budget=0.002)
    threading.Thread(target=lambda: asyncio.run(bot.run()), daemon=True).start()
    return bot


def test_a_host_waits_for_a_friend_then_starts_the_table_and_plays_it_out(ui, monkeypatch):
    monkeypatch.setattr(HostScene, "port", 0)
    monkeypatch.setattr(HostScene, "announce", False)
    ui.app.settings.animation_speed = 4.0
    form = ui.app.push(NewGameScene(ui.app, "durak"))
    ui.step(1)
    form.set_kind(1, "human")  # Anna's seat becomes an open seat for a friend
    ui.click(form.host_button)
    host_form = ui.top
    assert isinstance(host_form, HostScene) and host_form.mine() == 0
    ui.click(host_form.bind_choice.buttons[host_form.bind_choice.values.index("127.0.0.1")])
    ui.click(host_form.open_button)
    room = ui.top
    assert isinstance(room, WaitingRoom)
    step_until(ui, lambda: room.seated() and room.open_seats())
    assert not room.start_button.is_enabled  # a seat is still open
    friend_joins(room.local_host.address)
    step_until(ui, lambda: room.start_button.is_enabled)
    assert [s["name"] for s in room.client.state.seats][:2] == ["You", "Boris"]
    ui.click(room.start_button)
    step_until(ui, lambda: isinstance(ui.top, NetworkControls))
    table = ui.top
    play_to_game_over(ui, table, card_or_button)
    assert ui.top.summary.fair == ["Joint deal verified \u2713"]
    ui.click(ui.top.menu_button)


def test_join_a_found_table_by_choosing_it_then_sit_down(ui, monkeypatch):
    host = HostThread("durak", ["human", "easy"])
    try:
        NoFinder.tables = [{"name": "Anna's Durak table", "game": "durak", "free": 1,
                            "password": False, "address": host.address}]
        monkeypatch.setattr(JoinScene, "finder_factory", NoFinder)
        ui.click(ui.top.buttons["menu.join"])
        join = ui.top
        assert isinstance(join, JoinScene)
        ui.step(2)
        ui.click(join.table_buttons[0])
        assert join.address == host.address
        ui.click(join.join_button)
        step_until(ui, lambda: isinstance(ui.top, NetworkControls))
        table = ui.top
        assert table.shared.seat_name(table.view.bottom) == "Guest"
        ui.key(27)  # Esc: the pause menu; the table stays seated until the player leaves
        assert not isinstance(ui.top, GameOverScene)
    finally:
        host.stop()


def test_a_wrong_password_keeps_the_player_in_the_room_with_the_reason(ui, monkeypatch):
    host = HostThread("durak", ["human", "easy"], password="secret")
    try:
        monkeypatch.setattr(JoinScene, "finder_factory", NoFinder)
        NoFinder.tables = []
        join = ui.app.push(JoinScene(ui.app))
        ui.step(1)
        join.entries["address"].set_text(host.address)
        join.address = host.address
        join.password = "wrong"
        ui.click(join.join_button)
        room = ui.top
        step_until(ui, lambda: room.error)
        assert room.error == "Wrong table password."
    finally:
        host.stop()
