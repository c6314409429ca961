"""The LAN table on a player's screen: the game's own table fed by a :class:`NetworkSource`.

Mixed in before the game's table class (as the replay controls are), it adds only what a
network brings: the "Connection lost — reconnecting…" banner while the client reconnects with
its seat token, a redraw from the table the host sends back after a reconnect, a message and
the way back to the menu when the host ends the table, and a game-over panel without "Play
again" (the host decides whether the table plays on). ``network_table(app, client, backlog)``
opens one from a seated ``NetClient`` and the messages that arrived before the first deal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from engine.games import rules_for

from ..game_screens import screens_for
from ..i18n import tr
from ..table_config import AI, HUMAN, Seat, TableConfig
from ..widgets import CREAM, draw_panel, text_surface
from .network import NetworkSource

REMOTE_LEVEL = "remote"  # a person at another computer: "level.remote" names it on the plate


@dataclass
class SeriesStanding:
    """A LAN series' score as the host sent it: read where the local table reads its DurakSeries."""

    game_number: int
    wins: list[int]
    losses: list[int]


class NetworkControls:
    """The table's network parts (see the module docstring)."""

    def __init__(self, app, config: TableConfig, source: NetworkSource) -> None:
        self.network = source
        self.ended_shown = False
        self.fault_shown = False  # the warning of a host that dealt a deal twice, once
        self.asked_seen = 0
        super().__init__(app, config)

    def make_source(self, game: Any = None) -> NetworkSource:
        """The network is the only source a LAN table has."""
        return self.network

    def update(self, dt: float) -> None:
        """The table's frame, then a redraw after a reconnect, or the end the host chose."""
        super().update(dt)
        source = self.network
        standing = source.standing
        if standing is not None:  # a LAN Durak series: plates and panel show the score
            new = SeriesStanding(standing["game_number"], list(standing["wins"]),
                                 list(standing["losses"]))
            old = getattr(self, "series", None)
            if old is not None and (old.wins, old.losses) != (new.wins, new.losses):
                self._log_standing(new)  # a game ended: the score, as the local panel says it
            self.series = new
        if source.asked != self.asked_seen:
            self.asked_seen = source.asked
            self.story.unsettle()  # offer the choices the host asked for just now
        if source.rejoined:
            source.rejoined = False
            self.timeline.clear()
            self.mover.finish_all()
            self.rebuild_sprites()  # the cards as the host has them now
            self.story.unsettle()
        if source.is_over() and not self.over:
            # The host's game_over comes after the last move's events, the proofs and the
            # record: the table may have settled on the last move before it came. Settle again.
            self.story.unsettle()
        if source.ended is not None and not source.is_over() and not self.ended_shown:
            self.ended_shown = True
            self._table_ended(source)
        if source.faults and not self.fault_shown and self.app.top is self:
            self.fault_shown = True  # once: the log and the game-over panel keep saying it
            self._warn_fault(source.faults[0])

    def _log_standing(self, standing: SeriesStanding) -> None:
        """The series score after a game, in the move log (the host deals the next at once)."""
        lines = [tr("durak.series_after", number=standing.game_number)]
        name = self.shared.seat_name
        lines += [tr("durak.series_line", name=name(seat), wins=standing.wins[seat],
                     losses=standing.losses[seat]) for seat in range(len(standing.wins))]
        self.move_log.add(*lines)

    def _warn_fault(self, text: str) -> None:
        """The host sealed a deal twice (or went back to an older table): stop and say so."""
        from ..dialogs import MessageScene

        self.app.push(MessageScene(self.app, tr("net.fault.title"), text))

    def _table_ended(self, source: NetworkSource) -> None:
        """The host closed the table (or it could not be reached again): say so, then the menu."""
        from ..dialogs import MessageScene

        text = source.ended_text or tr(f"net.ended.{source.ended}"
                                       if source.ended in ("lost", "refused", "fingerprint_changed")
                                       else "net.ended.other")
        self.app.push(MessageScene(self.app, tr("net.ended.title"), text,
                                   on_close=self.go_to_menu))

    def _open_game_over(self) -> None:
        """The result and the joint-deal checks; only "Menu" (the host deals any next table)."""
        from ..game_over import GameOverScene

        if self.app.top is self:
            summary = self.summary()
            summary.fair = self.network.fair_summary()
            self.app.push(GameOverScene(self.app, summary, on_again=None,
                                        on_menu=self.go_to_menu))

    def toggle_show_all(self) -> None:
        """Other seats' cards were never sent here: there is nothing more to show."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """The game's own marks, then the reconnecting banner while the line is down."""
        super().draw_over(surface)
        if self.network.lost:
            s = self.layout.scale
            label = text_surface(tr("net.reconnecting"), "bold", round(20 * s), CREAM)
            rect = label.get_rect(midtop=(self.layout.oval.centerx, round(12 * s)))
            draw_panel(surface, rect.inflate(round(36 * s), round(16 * s)), s * 0.6, 225)
            surface.blit(label, rect)


def network_config(client: Any, observation: dict[str, Any]) -> TableConfig:
    """This seat as the one person at the screen; everybody else plays from elsewhere."""
    state = client.state
    seats = []
    for info in state.seats:
        if info["seat"] == state.seat:
            seats.append(Seat(info["name"], HUMAN, "normal"))
        elif info["kind"] == HUMAN:
            seats.append(Seat(info["name"], AI, REMOTE_LEVEL))
        else:
            seats.append(Seat(info["name"], AI, info["kind"]))
    rules = rules_for(state.game)
    if rules.series is not None:  # the table plays a series when the host sends its score
        options: dict[str, Any] = {"series": "series" in observation}
    else:  # the game's own options, as the host sends them
        options = {k: v for k, v in observation.get("options", {}).items()
                   if k in rules.default_options}
    return TableConfig(state.game, seats, options)


def network_table(app, client: Any, backlog: list[dict[str, Any]],
                  on_close: Callable[[], None] | None = None):
    """The game's table class with the network parts, for ``client``'s seat; ``on_close`` runs
    when the player leaves it (the host's window ends its hosted table then)."""
    source = NetworkSource(client, client.state.game, backlog, on_close)
    table_class = screens_for(client.state.game).table_class()
    scene_class = type(f"Network{table_class.__name__}", (NetworkControls, table_class), {})
    return scene_class(app, network_config(client, source.observation(source.seat)), source)
