"""Join a table: the tables announced on this network (looked for again every few seconds in a
background thread), or an address typed in; then a name, a seat, and the password if asked.

Coming back: the window keeps the token of every seat it takes (net/seat_book.py), so joining
the same table again takes the player back to his seat; a token from elsewhere (``join
--token-file``, another computer) can be pasted, or the file holding it named. A token is never
shown: its field hides what is typed unless it is a file's path."""

from __future__ import annotations

import threading
from typing import Any

import pygame

from engine.games import game_names
from net.seat_book import SEATS_FILE, SeatBook, token_from
from storage.paths import data_dir

from ..i18n import tr
from ..scene import UIScene
from ..text_wrap import wrap
from ..widgets import GOLD, MUTED, text_surface

BROWSE_SECONDS = 2.0  # one look at the network; the next starts right after
MAX_LISTED = 5


class TableFinder:
    """Looks for announced tables in a background thread until stopped; ``tables`` is the last
    answer (read by the frame loop, replaced whole by the thread)."""

    def __init__(self) -> None:
        self.tables: list[dict[str, Any]] = []
        self.looks = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kozyr-browse", daemon=True)

    def start(self) -> TableFinder:
        """Begin looking."""
        self._thread.start()
        return self

    def _run(self) -> None:
        from net.discovery import browse

        while not self._stop.is_set():
            try:
                self.tables = browse(BROWSE_SECONDS)
            except Exception:  # no multicast on this machine: typing an address still works
                self.tables = []
                self._stop.wait(BROWSE_SECONDS)
            self.looks += 1

    def stop(self) -> None:
        """Stop after the current look (never waits for it)."""
        self._stop.set()


class JoinScene(UIScene):
    """Found tables, address, name, seat and password; Join opens the waiting room."""

    finder_factory = TableFinder  # tests put a finder that looks nowhere

    def __init__(self, app) -> None:
        super().__init__(app)
        self.address = ""
        self.name = tr("lan.join.default_name")
        self.seat_text = ""
        self.password = ""
        self.token_text = ""  # a pasted seat token, or the path of a file holding one
        self.error = ""
        self.finder = self.finder_factory().start()
        self._listed: list[str] = []
        self.book = SeatBook(data_dir() / SEATS_FILE)
        self.remembered: dict[str, Any] | None = None  # our seat at the address typed, if any
        self.trust_next: str | None = None  # an address whose new certificate Join accepts

    def exit(self) -> None:
        """Leaving the screen stops the looking (the current look ends on its own)."""
        super().exit()
        self.finder.stop()

    def update(self, dt: float) -> None:
        """Show newly found tables."""
        super().update(dt)
        found = [t["address"] for t in self.finder.tables][:MAX_LISTED]
        if found != self._listed:
            self._listed = found
            self.rebuild()

    def build(self, rect: pygame.Rect) -> None:
        """Found tables on the left; the fields on the right; Back and Join."""
        s = self.app.ui_scale
        w, h = rect.size
        top = round(96 * s)
        body_h = h - top - round(90 * s)
        left = self.panel(pygame.Rect(round(w * 0.04), top, round(w * 0.44), body_h))
        right = self.panel(pygame.Rect(left.right + round(w * 0.02), top,
                                       w - left.right - round(w * 0.06), body_h))
        self.list_rect = left
        pad, row_h, gap = round(18 * s), round(40 * s), round(10 * s)
        y = left.y + pad + round(34 * s)
        self.table_buttons = []
        self.fingerprints: list[tuple[int, int, str]] = []  # (x, y, text) drawn by draw_decor
        for table in self.finder.tables[:MAX_LISTED]:
            text = tr("lan.join.found", name=table["name"], game=tr(f"game.{table['game']}")
                      if table["game"] in game_names() else table["game"], free=table["free"])
            self.table_buttons.append(self.button(
                pygame.Rect(left.x + pad, y, left.width - 2 * pad, row_h), text,
                lambda t=table: self.choose(t), object_id="@choice"))
            y += row_h + gap
            if table.get("fingerprint"):  # under its button, to compare with the host's screen
                self.fingerprints.append((left.x + pad, y, tr("lan.join.found_fingerprint",
                                                              fingerprint=table["fingerprint"])))
                y += round(24 * s)
        x, fw = right.x + pad, right.width - 2 * pad
        label_h = round(28 * s)
        y = right.y + pad
        self.entries = {}
        for key, value, setter, limit in (
                ("address", self.address, self._set("address"), 64),
                ("name", self.name, self._set("name"), 24),
                ("seat", self.seat_text, self._set("seat_text"), 2),
                ("password", self.password, self._set("password"), 32),
                ("token", self.token_text, self._set_token, 256)):
            self.label(pygame.Rect(x, y, fw, label_h), tr(f"lan.join.{key}"))
            y += label_h
            self.entries[key] = self.entry(pygame.Rect(x, y, fw, row_h), value, setter,
                                           numbers_only=key == "seat", max_length=limit)
            y += row_h + gap
        self.entries["password"].set_text_hidden(True)
        self._hide_token()
        self.remembered_at = (x, y, fw)  # where the note on a kept seat is drawn
        by, bh = h - round(72 * s), round(48 * s)
        self.button(pygame.Rect(left.x, by, round(150 * s), bh), tr("newgame.back"), self.back,
                    object_id="@quiet_button")
        self.join_button = self.button(pygame.Rect(right.right - round(230 * s), by,
                                                   round(230 * s), bh), tr("lan.join.join"),
                                       self.join, object_id="@primary_button")
        self.error_label = self.label(pygame.Rect(left.x + round(160 * s), by,
                                                  right.right - round(400 * s) - left.x, bh),
                                      self.error, "@error")

    def _set(self, attribute: str):
        def setter(text: str) -> None:
            setattr(self, attribute, text)
            if attribute == "address":
                self._look_up_seat()
        return setter

    def _set_token(self, text: str) -> None:
        self.token_text = text
        self._hide_token()

    def _hide_token(self) -> None:
        """A token is hidden as it is typed or pasted; a file's path is shown."""
        looks_like_path = any(c in self.token_text for c in "/\\.~:")
        self.entries["token"].set_text_hidden(not looks_like_path)

    def _look_up_seat(self) -> None:
        """Do we hold a seat at the table typed? (read from the small seat file)"""
        address = self.address.strip()
        self.remembered = self.book.seat_at(self._full_address(address)) if address else None

    def choose(self, table: dict[str, Any]) -> None:
        """A found table: its address goes into the field."""
        self.address = table["address"]
        self.entries["address"].set_text(self.address)
        self._look_up_seat()

    @staticmethod
    def _full_address(address: str) -> str:
        """``wss://host:8765`` from what a person types (``host``, ``host:port`` or a URL)."""
        if address and "://" not in address:
            address = "wss://" + address + ("" if ":" in address else ":8765")
        return address

    def join(self) -> None:
        """Check the fields, connect in the background, and wait in the room."""
        from net.client import NetClient

        from .waiting_room import WaitingRoom

        address = self._full_address(self.address.strip())
        token = token_from(self.token_text) if self.token_text.strip() else None
        if not address:
            self.error = tr("lan.join.need_address")
        elif not self.name.strip():
            self.error = tr("error.name_empty")
        elif self.token_text.strip() and token is None:
            self.error = tr("lan.join.token_bad")
        else:
            self.error = ""
        self.error_label.set_text(self.error)
        if self.error:
            return
        kept = self.book.seat_at(address)
        if token is None and kept is not None:  # our own seat at this table: back to it
            token = kept["token"]
        seat = int(self.seat_text) - 1 if self.seat_text.strip() else None
        client = NetClient(address, name=self.name.strip(), seat=seat, token=token,
                           password=self.password or None)
        client.link.seat_book = self.book
        # Joining again after a "the certificate changed" warning trusts the new certificate.
        client.link.trust_new = self.trust_next == address
        self.trust_next = None
        client.start()
        self.app.push(WaitingRoom(self.app, client, on_fingerprint_changed=lambda new:
                                  self._offer_trust(address)))

    def _offer_trust(self, address: str) -> None:
        """The table's certificate differs from the one seen before: the next Join to the same
        address accepts it (the warning told the player to compare it with the host first)."""
        self.trust_next = address

    def draw_decor(self, surface: pygame.Surface) -> None:
        """Title, and the found-tables heading (or that none answered yet)."""
        s = self.app.ui_scale
        w = surface.get_width()
        title = text_surface(tr("lan.join.title"), "display", round(40 * s), GOLD)
        surface.blit(title, title.get_rect(midtop=(w // 2, round(24 * s))))
        pad = round(18 * s)
        heading = text_surface(tr("lan.join.found_heading"), "bold", round(19 * s), GOLD)
        surface.blit(heading, (self.list_rect.x + pad, self.list_rect.y + pad))
        for x, y, text in self.fingerprints:
            surface.blit(text_surface(text, "text", round(15 * s), MUTED), (x, y - round(6 * s)))
        if self.remembered is not None and not self.token_text.strip():
            x, y, fw = self.remembered_at
            size = round(16 * s)
            text = tr("lan.join.remembered", seat=self.remembered["seat"] + 1,
                      name=self.remembered["name"])
            for line in wrap(text, "italic", size, fw)[:2]:  # two lines fit under the field
                surface.blit(text_surface(line, "italic", size, GOLD), (x, y))
                y += round(size * 1.3)
        if not self.finder.tables:
            key = "lan.join.looking" if not self.finder.looks else "lan.join.none"
            note = text_surface(tr(key), "italic", round(17 * s), MUTED)
            surface.blit(note, (self.list_rect.x + pad, self.list_rect.y + pad + round(40 * s)))
