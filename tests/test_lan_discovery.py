"""Table announcements (DNS-SD ``_kozyr._tcp.local.``): the TXT record, and loopback if it works."""

import asyncio

import pytest

from net.discovery import Announcer, browse, read_properties, table_properties


def test_a_table_record_says_game_seats_free_and_whether_a_password_is_needed():
    record = table_properties("azi", 2, True, 1)
    raw = {k.encode(): v.encode() for k, v in record.items()}
    assert read_properties(raw) == {"game": "azi", "free": 2, "password": True, "v": "1"}


def test_a_broken_record_reads_as_defaults_instead_of_failing():
    assert read_properties({b"free": b"lots", b"game": None}) == {
        "game": "", "free": 0, "password": False, "v": "?"}


def test_a_table_announced_on_loopback_is_found_there():
    async def announce_and_browse():
        announcer = Announcer("Loopback test table", "127.0.0.1", 50123)
        try:
            await announcer.start(table_properties("durak", 1, False, 1))
        except OSError as error:
            pytest.skip(f"multicast cannot be used on loopback here: {error}")
        try:
            return await asyncio.to_thread(browse, 1.5, ["127.0.0.1"])
        finally:
            await announcer.close()

    tables = asyncio.run(announce_and_browse())
    if not tables:
        pytest.skip("no multicast answer on loopback on this machine (needs a multicast route)")
    found = [t for t in tables if t["name"].startswith("Loopback test table")]
    assert found and found[0]["address"] == "ws://127.0.0.1:50123" and found[0]["free"] == 1
