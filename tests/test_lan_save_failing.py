"""A LAN host that cannot write its table for a resume (disk full, read-only folder, a file in
the way, another program holding it) plays on and says so: once on the console of
``game.py host``, in the hosting window's waiting room and over its table, in the player's
language; once a write works again, that is said too."""

from __future__ import annotations

import asyncio
import errno
import random

from lan_window_support import step_until
from test_lan_save import _host, _move

from net import cli
from net.client import NetClient
from net.host_save import TableSaver, failed_text
from scenes import i18n
from scenes.lan.host_scene import host_config
from scenes.lan.hosting import LocalHost
from scenes.lan.waiting_room import WaitingRoom
from scenes.table.network_scene import NetworkControls
from scenes.table_config import AI, HUMAN, Seat, TableConfig


def _blocked(tmp_path):
    """A save path whose folder is a file: no write can succeed there (whoever runs the test;
    a read-only folder would not stop root)."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    return blocker, blocker / "lan-table.json"


def test_a_failing_save_is_told_once_the_table_plays_on_and_a_working_one_is_told(tmp_path):
    host, rng = _host(tmp_path), random.Random(1)
    blocker, path = _blocked(tmp_path)
    host.config.save_path = str(path)
    told: list[OSError | None] = []

    async def scenario():
        saver = TableSaver(host)
        saver.on_problem = told.append
        for _ in range(3):  # three writes fail: said once, and every move still goes on
            _move(host.table, rng)
            await saver.now()
        assert isinstance(saver.problem, OSError) and len(told) == 1 and told[0] is not None
        blocker.unlink()
        blocker.mkdir()  # the folder can be written again: the next write works, and is told
        _move(host.table, rng)
        await saver.now()
        assert saver.problem is None and told[1:] == [None] and path.exists()
    asyncio.run(scenario())


def test_the_reason_is_said_in_the_players_words():
    assert "the disk is full" in failed_text(OSError(errno.ENOSPC, "No space left on device"))
    assert "the folder is read-only" in failed_text(OSError(errno.EROFS, "Read-only"))
    assert "no permission" in failed_text(PermissionError(errno.EACCES, "Permission denied"))
    assert "(Odd failure)" in failed_text(OSError(errno.EIO, "Odd failure"))  # the system's
    try:
        i18n.set_language("ru")
        text = failed_text(OSError(errno.ENOSPC, "No space left on device"))
        assert text.startswith("Стол не удаётся сохранить (диск заполнен)")
    finally:
        i18n.set_language("en")


def test_the_console_of_game_py_host_says_it(capsys):
    cli._say_save("lan-table.json", OSError(errno.EROFS, "Read-only file system"))
    cli._say_save("lan-table.json", None)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("lan-table.json: The table cannot be saved (the folder is "
                               "read-only). Play goes on")
    assert lines[1] == "lan-table.json: The table is saved again."


def test_the_hosting_window_says_it_in_the_waiting_room_and_over_the_table(ui, tmp_path):
    _, path = _blocked(tmp_path)
    seats = [Seat("Ann", HUMAN, "normal"), Seat("Cy", AI, "easy")]
    config = host_config(TableConfig("durak", seats, {}), "127.0.0.1", 0, "")
    config.save_path = str(path)  # never the player's data folder
    local = LocalHost(config, announce=False, secure=False).start()
    client = NetClient(local.address, name="Ann", reconnect_for=20.0).start()
    room = WaitingRoom(ui.app, client, local_host=local)
    ui.app.push(room)
    try:
        # Taking the seat writes its token: that write fails, and the room says so.
        step_until(ui, lambda: room.seated() and local.save_problem is not None)
        note, warning = room.note()
        assert warning and note.startswith("The table cannot be saved")
        room.start()
        step_until(ui, lambda: isinstance(ui.top, NetworkControls))
        table = ui.top
        step_until(ui, lambda: table.save_failing)
        assert any(line.startswith("The table cannot be saved") for line in table.move_log.lines)
        ui.step(2)  # the banner is drawn over the table while the saves fail
        assert local.host.table.started  # and the table plays on
    finally:
        client.close(wait=0.0)
        local.stop()
        local.thread.join(10)
    assert not path.exists()
