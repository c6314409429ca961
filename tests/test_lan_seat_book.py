"""Coming back to a LAN seat from the window: the window keeps each seat's token by table (in a
file only the player can read), joining the same table again takes him back to his seat, and a
token from elsewhere can be pasted or read from a file, never shown on screen."""

import asyncio
import os
import stat

import pytest

from net.bots import SeatBot
from net.host import Host, HostConfig
from net.seat_book import MAX_TABLES, SeatBook, table_key, token_from
from scenes.lan.join_scene import JoinScene
from tests.test_lan_menus import NoFinder

TOKEN = "A" * 32


def test_a_kept_seat_is_found_again_by_its_table_address_and_forgotten_on_request(tmp_path):
    book = SeatBook(tmp_path / "seats.json")
    book.keep("wss://192.168.1.20:8765", TOKEN, 2, "Boris")
    assert book.seat_at("wss://192.168.1.20:8765")["token"] == TOKEN
    assert book.seat_at("wss://192.168.1.20:9999") is None  # another table
    assert table_key("wss://192.168.1.20:8765") == "192.168.1.20:8765"
    book.forget("wss://192.168.1.20:8765")
    assert book.seat_at("wss://192.168.1.20:8765") is None


@pytest.mark.skipif(os.name == "nt", reason="file modes are POSIX")
def test_the_seat_file_is_readable_by_its_owner_only_and_stays_small(tmp_path):
    book = SeatBook(tmp_path / "seats.json")
    for i in range(MAX_TABLES + 5):
        book.keep(f"ws://10.0.0.{i}:8765", TOKEN, 0, "Ann")
    assert stat.S_IMODE(os.stat(tmp_path / "seats.json").st_mode) == 0o600
    assert sum(book.seat_at(f"ws://10.0.0.{i}:8765") is not None
               for i in range(MAX_TABLES + 5)) == MAX_TABLES


def test_a_token_is_taken_pasted_or_from_the_first_line_of_its_file(tmp_path):
    kept = tmp_path / "token.txt"
    kept.write_text(TOKEN + "\n")
    assert token_from(f"  {TOKEN} ") == TOKEN
    assert token_from(str(kept)) == TOKEN
    assert token_from("not a token") is None
    assert token_from(str(tmp_path / "missing.txt")) is None


def test_the_window_comes_back_to_its_own_seat_with_the_kept_token(tmp_path):
    async def scenario():
        host = Host(HostConfig(game="durak", seats=["human", "human", "easy"], bind="127.0.0.1",
                               port=0))
        await host.start()
        book = SeatBook(tmp_path / "seats.json")
        first = SeatBot(host.address, "easy", name="Ann", reconnect_for=0)
        first.link.seat_book = book
        first.link.keep_records = False
        task = asyncio.create_task(first.run())
        for _ in range(200):
            if book.seat_at(host.address):
                break
            await asyncio.sleep(0.02)
        kept = book.seat_at(host.address)
        assert kept is not None and kept["seat"] == 0 and kept["name"] == "Ann"
        await first.link.close()
        await task
        again = SeatBot(host.address, "easy", token=kept["token"], reconnect_for=0)
        again.link.keep_records = False
        task = asyncio.create_task(again.run())
        for _ in range(200):
            if again.state.seat is not None:
                break
            await asyncio.sleep(0.02)
        assert again.state.seat == 0  # his own seat, not the free one
        await again.link.close()
        await task
        stranger = SeatBot(host.address, "easy", token="B" * 32, reconnect_for=0)
        stranger.link.seat_book = book
        book.keep(host.address, "B" * 32, 1, "Old")  # a token this table does not know
        await stranger.run()
        assert book.seat_at(host.address) is None  # forgotten: the next Join takes a new seat
        await host.stop()

    asyncio.run(scenario())


def test_the_join_screen_uses_the_kept_seat_and_hides_a_pasted_token(ui, monkeypatch):
    monkeypatch.setattr(JoinScene, "finder_factory", NoFinder)
    started = []
    monkeypatch.setattr("net.client.NetClient.start", lambda self: started.append(self) or self)
    monkeypatch.setattr("scenes.lan.waiting_room.WaitingRoom.update", lambda self, dt: None)
    scene = ui.app.push(JoinScene(ui.app))
    ui.step(1)
    scene.book.keep("wss://192.168.1.20:8765", TOKEN, 1, "Boris")
    scene.entries["address"].set_text("192.168.1.20")
    scene._set("address")("192.168.1.20")
    assert scene.remembered["seat"] == 1  # said on screen: Join takes him back
    scene._set_token("C" * 32)
    assert scene.entries["token"].is_text_hidden  # a token is never shown
    scene._set_token("~/kozyr/token.txt")
    assert not scene.entries["token"].is_text_hidden  # a file's path is
    scene._set_token("")
    scene.join()
    assert started and started[-1].state.token == TOKEN
    ui.app.pop()
    scene._set_token("not a token at all")
    scene.join()
    assert scene.error and len(started) == 1
