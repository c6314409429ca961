"""Resume the LAN table: a table hosted from the window carried on after the program stopped.

The window's host saves its table after every move (``storage.paths.lan_window_table_path``,
net/table_save.py) with what the window needs to reopen it (its own seat, address, port,
password). The main menu offers "Resume the LAN table" while that file exists; this reopens
the host with the same game, seats and tokens (net/cli.py ``resume_host``), on the same port,
and seats this window again with its token. Friends' programs come back with their tokens
(they keep retrying the address for a while; ``game.py join --token-file`` at any time).
"""

from __future__ import annotations

from typing import Any

from storage import paths

from ..i18n import tr


def window_table_saved() -> bool:
    """Is there a table hosted from the window to resume?"""
    return paths.lan_window_table_path().exists()


def reopen_config(data: dict[str, Any]) -> Any:
    """The HostConfig of a saved window table (KeyError, TypeError for a damaged file)."""
    from net.host import HostConfig

    window = data["window"]
    seats = [s["kind"] for s in data["seats"]]
    me = data["seats"][window["seat"]]["name"]
    return HostConfig(game=data["game"], seats=seats, games=data["games"], bind=window["bind"],
                      port=window["port"], password=window["password"] or None,
                      name=tr("lan.host.table_name", name=me, game=tr(f"game.{data['game']}")),
                      azi_options=dict(data["azi_options"]),
                      names=[s["name"] for s in data["seats"]],
                      save_path=str(paths.lan_window_table_path()), window=dict(window))


def resume_lan_table(app: Any) -> None:
    """Reopen the saved window table and sit at it again (a message says why if it cannot)."""
    from net.cli import resume_host
    from net.client import NetClient
    from net.table_save import read_table_data

    from ..dialogs import MessageScene
    from .host_scene import EVERYWHERE, THIS_COMPUTER
    from .hosting import LocalHost
    from .waiting_room import WaitingRoom

    path = paths.lan_window_table_path()
    try:  # a few KiB, read once on a click: the frame loop does not notice
        data = read_table_data(path)
        config = reopen_config(data)
        host = resume_host(config, path)
    except (OSError, ValueError, KeyError, TypeError, IndexError) as error:
        kept = path.with_name(path.stem + ".damaged.json")
        try:  # kept aside, so the menu stops offering it but nothing is lost
            path.replace(kept)
        except OSError:
            pass
        app.push(MessageScene(app, tr("lan.resume.title"),
                              tr("lan.resume.failed", reason=str(error) or type(error).__name__,
                                 file=kept.name)))
        return
    window = config.window
    local = LocalHost(config, announce=window.get("announce", True),
                      secure=window.get("secure", True), host=host).start()
    if local.error:
        app.push(MessageScene(app, tr("lan.resume.title"),
                              tr("lan.host.bind_failed", reason=local.error)))
        return
    mine = window["seat"]
    own = local.address.replace(EVERYWHERE, THIS_COMPUTER)
    client = NetClient(own, name=host.seats[mine].name, seat=mine,
                       token=host.seats[mine].token, password=config.password)
    client.link.expected_fingerprint = local.fingerprint
    client.start()
    app.push(WaitingRoom(app, client, local, window["password"], resumed=True))
