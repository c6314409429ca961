"""Host on this network: the seats from the new-game screen, a password, where to listen.

The first person's seat is yours; every other person's seat becomes an open seat for a friend;
computer seats are played by the host. "Open the table" binds the socket (in the host's
thread) and seats this window at it, then the waiting room lists who has come.
"""

from __future__ import annotations

import pygame

from engine.games import rules_for
from net.discovery import default_bind
from net.host import HostConfig
from storage import paths

from ..i18n import tr
from ..scene import UIScene
from ..table_config import HUMAN, TableConfig
from ..widgets import CREAM, GOLD, MUTED, text_surface

EVERYWHERE, THIS_COMPUTER = "0.0.0.0", "127.0.0.1"


def host_config(config: TableConfig, bind: str, port: int, password: str) -> HostConfig:
    """What the host runs for ``config``: person seats stay "human", computers keep their level."""
    seats = [HUMAN if s.kind == HUMAN else s.level for s in config.seats]
    azi_options = dict(config.options) if config.game == "azi" else {}
    # Durak's Series plays game after game with the score kept until the host leaves (games 0,
    # as the local table's Series); Azi's session runs to its end (games 0 too).
    # a game played in sessions goes on until stopped; a single game only when Series is on
    games = 0 if rules_for(config.game).sessions or config.options.get("series") else 1
    return HostConfig(game=config.game, seats=seats, games=games,
                      bind=bind, port=port, password=password or None,
                      name=tr("lan.host.table_name", name=config.seats[0].name,
                              game=tr(f"game.{config.game}")),
                      azi_options=azi_options, wait_for_start=True,
                      names=[s.name for s in config.seats],  # computer seats as named here
                      save_path=str(paths.lan_window_table_path()))  # Resume the LAN table


class HostScene(UIScene):
    """The host's form; ``port`` is the usual one (tests set 0: any free port, and turn the
    zeroconf announcement off)."""

    port = 8765
    announce = True
    secure = True  # wss:// with the host's own certificate (tests may turn it off)

    def __init__(self, app, config: TableConfig) -> None:
        super().__init__(app)
        self.config = config
        self.password = ""
        self.lan = default_bind()
        self.bind = self.lan
        self.error = ""

    def mine(self) -> int | None:
        """The seat this window plays: the first person's seat."""
        people = self.config.human_seats
        return people[0] if people else None

    def build(self, rect: pygame.Rect) -> None:
        """The seats as they will be, password, address choice, Back and Open."""
        s = self.app.ui_scale
        w, h = rect.size
        pad, row_h = round(24 * s), round(40 * s)
        seats_h = round(32 * s) * len(self.config.seats)
        height = pad + seats_h + round(52 * s) + 2 * row_h + round(60 * s) + pad
        self.area = self.panel(pygame.Rect(round(w * 0.1), round(96 * s), round(w * 0.8), height))
        x = self.area.x + pad
        field_w = self.area.width - 2 * pad
        self.fields_top = self.area.y + pad + seats_h + round(52 * s)
        y = self.fields_top
        label_w = round(200 * s)
        self.label(pygame.Rect(x, y, label_w, row_h), tr("lan.host.password"))
        self.password_entry = self.entry(pygame.Rect(x + label_w, y, field_w - label_w, row_h),
                                         self.password, self._set_password, max_length=32)
        y += row_h + round(14 * s)
        self.label(pygame.Rect(x, y, label_w, row_h), tr("lan.host.listen"))
        choices = [(self.lan, tr("lan.host.listen_lan"))]
        if self.lan != THIS_COMPUTER:
            choices.append((THIS_COMPUTER, tr("lan.host.listen_local")))
        choices.append((EVERYWHERE, tr("lan.host.listen_all")))
        self.bind_choice = self.segmented(pygame.Rect(x + label_w, y, field_w - label_w, row_h),
                                          choices, self.bind, self._set_bind)
        self.address_y = y + row_h + round(10 * s)
        bh, bw = round(48 * s), round(260 * s)
        by = self.area.bottom + round(16 * s)
        self.button(pygame.Rect(self.area.x, by, round(150 * s), bh), tr("newgame.back"),
                    self.back, object_id="@quiet_button")
        self.open_button = self.button(pygame.Rect(self.area.right - bw, by, bw, bh),
                                       tr("lan.host.open"), self.open_table,
                                       object_id="@primary_button")

    def _set_password(self, text: str) -> None:
        self.password = text

    def _set_bind(self, value: str) -> None:
        self.bind = value
        self.error = ""

    def open_table(self) -> None:
        """Bind, seat this window, and go to the waiting room."""
        from net.client import NetClient

        from .hosting import LocalHost
        from .waiting_room import WaitingRoom

        mine = self.mine()
        if mine is None:
            self.error = tr("lan.host.need_you")
            return
        config = host_config(self.config, self.bind, self.port, self.password)
        # what the main menu's "Resume the LAN table" needs besides the table (lan/resume.py)
        config.window = {"seat": mine, "bind": self.bind, "port": self.port,
                         "password": self.password, "secure": self.secure,
                         "announce": self.announce}
        local = LocalHost(config, announce=self.announce, secure=self.secure).start()
        if local.error:
            self.error = tr("lan.host.bind_failed", reason=local.error)
            return
        config.window["port"] = local.host.port  # the one bound (tests: 0 picks one); friends
        # retry that address, so a resumed table listens there again
        own = local.address.replace(EVERYWHERE, THIS_COMPUTER)  # reach our own socket
        client = NetClient(own, name=self.config.seats[mine].name, seat=mine,
                           password=self.password or None)
        client.link.expected_fingerprint = local.fingerprint  # our own certificate
        client.start()
        self.app.push(WaitingRoom(self.app, client, local, self.password))

    def draw_decor(self, surface: pygame.Surface) -> None:
        """Title, then every seat as it will be at the hosted table."""
        s = self.app.ui_scale
        w = surface.get_width()
        title = text_surface(tr("lan.host.title", game=tr(f"game.{self.config.game}")),
                             "display", round(40 * s), GOLD)
        surface.blit(title, title.get_rect(midtop=(w // 2, round(24 * s))))
        x, y = self.area.x + round(24 * s), self.area.y + round(18 * s)
        mine = self.mine()
        for i, seat in enumerate(self.config.seats):
            if i == mine:
                who, colour = tr("lan.room.you", name=seat.name), GOLD
            elif seat.kind == HUMAN:
                who, colour = tr("lan.room.open_seat"), CREAM
            else:
                who, colour = tr("lan.room.computer_named", name=seat.name,
                                 level=tr(f"level.{seat.level}")), MUTED
            row = text_surface(tr("lan.room.seat", number=i + 1, who=who), "text", round(21 * s),
                               colour)
            surface.blit(row, (x, y))
            y += round(32 * s)
        image = text_surface(tr("lan.host.hint"), "italic", round(17 * s), MUTED)
        surface.blit(image, (x, self.fields_top - image.get_height() - round(14 * s)))
        where = (tr("lan.host.where_all", port=self.port or "…") if self.bind == EVERYWHERE
                 else tr("lan.host.where", address=self.bind, port=self.port or "…"))
        image = text_surface(self.error or where, "italic", round(17 * s),
                             (240, 140, 120) if self.error else CREAM)
        surface.blit(image, (self.bind_choice.buttons[0].rect.x, self.address_y))
