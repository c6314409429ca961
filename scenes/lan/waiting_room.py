"""The waiting room: who has sat down, the table's address, Start (the host) or Leave.

It drains the seat's ``NetClient`` every frame (never waiting) and opens the table the moment
the first deal arrives, handing over every message received so far.
"""

from __future__ import annotations

from typing import Any

import pygame

from net.host_save import failed_text
from net.tls import short_fingerprint
from sprites.fonts import font

from ..i18n import tr
from ..messages import message_text
from ..scene import UIScene
from ..text_wrap import draw_wrapped, wrap
from ..widgets import CREAM, GOLD, MUTED, text_surface


class WaitingRoom(UIScene):
    """Seats and their players until the table starts; ``local_host`` when this is the host."""

    def __init__(self, app, client: Any, local_host: Any = None, password: str = "",
                 on_fingerprint_changed: Any = None, resumed: bool = False) -> None:
        super().__init__(app)
        self.resumed = resumed  # the host's resumed table: friends come back with their tokens
        self.client, self.local_host, self.password = client, local_host, password
        self.on_fingerprint_changed = on_fingerprint_changed  # the join screen offers to trust
        self.backlog: list[dict[str, Any]] = []
        self.error = ""
        self.start_said = False

    # --- the frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Take in messages; open the table at the first deal, or say why we cannot sit."""
        super().update(dt)
        messages = self.client.poll()
        self.backlog += messages
        for m in messages:
            if m["type"] == "refused" and self.client.state.seat is None:
                self.error = message_text(m)  # the host's key + fields, in our language
            elif m["type"] == "bye":
                self.error = message_text(m)
            elif m["type"] == "fingerprint":  # not the certificate seen here before
                self.error = m["text"]
                if self.on_fingerprint_changed is not None:
                    self.on_fingerprint_changed(m["new"])
        if self.client.ended is not None and not self.error:
            self.error = tr("lan.room.no_host")
        if self.local_host is not None and self.local_host.error and not self.error:
            self.error = tr("lan.host.bind_failed", reason=self.local_host.error)
        if any(m["type"] == "events" or (m["type"] == "table" and m["observation"] is not None)
               for m in messages):  # the first deal, or a resumed table as it stands
            self._open_table()
        elif self.start_button is not None:
            ready = self.seated() and not self.open_seats() and not self.start_said
            if ready != self.start_button.is_enabled:
                self.start_button.enable() if ready else self.start_button.disable()

    def _open_table(self) -> None:
        from ..table.network_scene import network_table

        on_close = self.local_host.stop if self.local_host is not None else None
        self.app.reset(network_table(self.app, self.client, self.backlog, on_close=on_close,
                                     hosted=self.local_host))

    def fingerprint(self) -> str | None:
        """The table certificate's fingerprint, for people to compare (None: plain ws://)."""
        if self.local_host is not None:
            return self.local_host.fingerprint
        return self.client.state.fingerprint

    def seated(self) -> bool:
        """Has the host given us a seat?"""
        return self.client.state.seat is not None

    def open_seats(self) -> list[dict[str, Any]]:
        """Seats for a person that nobody has taken yet."""
        return [s for s in self.client.state.seats if s["kind"] == "human" and not s["connected"]]

    # --- widgets ------------------------------------------------------------------------------
    def build(self, rect: pygame.Rect) -> None:
        """Leave; Start for the host."""
        s = self.app.ui_scale
        w, h = rect.size
        self.area = self.panel(pygame.Rect(round(w * 0.12), round(h * 0.2), round(w * 0.76),
                                           round(h * 0.62)))
        bh, bw = round(48 * s), round(230 * s)
        by = self.area.bottom + round(16 * s)
        self.button(pygame.Rect(self.area.x, by, round(150 * s), bh), tr("lan.room.leave"),
                    self.back, object_id="@quiet_button")
        self.start_button = None
        if self.local_host is not None and not self.resumed:  # a resumed table plays on
            self.start_button = self.button(pygame.Rect(self.area.right - bw, by, bw, bh),
                                            tr("lan.room.start"), self.start,
                                            object_id="@primary_button")
            self.start_button.disable()

    def start(self) -> None:
        """The host says go: the table deals once every seat is taken."""
        self.start_said = True
        self.local_host.say_start()
        self.start_button.disable()

    def back(self) -> None:
        """Leave the room (the host's leaving closes the table for everyone)."""
        self.client.close(wait=0.0)
        if self.local_host is not None:
            self.local_host.stop()
        self.app.pop()

    def note(self) -> tuple[str, bool]:
        """The line under the seats, and whether it warns (an error, a table not being saved)."""
        problem = self.local_host.save_problem if self.local_host is not None else None
        warning = self.error or (failed_text(problem) if problem is not None else "")
        return warning or (tr("lan.room.resumed") if self.resumed else
                           tr("lan.room.connecting") if not self.seated() else
                           tr("lan.room.waiting_host") if self.local_host is None else
                           tr("lan.room.waiting_friends") if self.open_seats() else
                           tr("lan.room.ready")), bool(warning)

    def draw_decor(self, surface: pygame.Surface) -> None:
        """Title, where friends join, the seats, and what we wait for."""
        s = self.app.ui_scale
        w = surface.get_width()
        title = text_surface(tr("lan.room.title"), "display", round(40 * s), GOLD)
        surface.blit(title, title.get_rect(midtop=(w // 2, round(24 * s))))
        x, y = self.area.x + round(24 * s), self.area.y + round(18 * s)
        lines = []
        if self.local_host is not None and not self.local_host.error:
            lines.append((tr("lan.room.address", address=self.local_host.address), "bold", CREAM))
            if self.password:
                lines.append((tr("lan.room.password", password=self.password), "text", CREAM))
        fingerprint = self.fingerprint()
        if fingerprint:
            lines.append((tr("lan.room.fingerprint", fingerprint=short_fingerprint(fingerprint)),
                          "text", CREAM))
        width = self.area.right - round(24 * s) - x
        for text, role, colour in lines:  # wrapped: a fingerprint line is long in any language
            y += draw_wrapped(surface, text, pygame.Rect(x, y, width, round(90 * s)), role,
                              round(20 * s), colour) + round(6 * s)
        y += round(8 * s)
        mine = self.client.state.seat
        for seat in self.client.state.seats:
            if seat["kind"] != "human":
                who, colour = tr("lan.room.computer_named", name=seat["name"],
                                 level=tr(f"level.{seat['kind']}")), MUTED
            elif seat["connected"]:
                who, colour = seat["name"], GOLD if seat["seat"] == mine else CREAM
                if seat["seat"] == mine:
                    who = tr("lan.room.you", name=who)
            else:
                who, colour = tr("lan.room.open_seat"), MUTED
            row = text_surface(tr("lan.room.seat", number=seat["seat"] + 1, who=who), "text",
                               round(21 * s), colour)
            surface.blit(row, (x, y))
            y += round(34 * s)
        note, warning = self.note()
        size = round(19 * s)
        rows = len(wrap(note, "italic", size, width))  # a certificate warning takes a few lines
        height = rows * round(font("italic", size).get_linesize() * 1.25 / 1.15)
        draw_wrapped(surface, note, pygame.Rect(x, self.area.bottom - height - round(14 * s),
                                                width, height + round(14 * s)), "italic", size,
                     (240, 140, 120) if warning else MUTED)
