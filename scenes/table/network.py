"""A LAN table seen from one seat: :class:`NetworkSource` feeds the table from a ``NetClient``.

The host holds the game (net/host.py); this program knows only what its seat was sent:
the events as the seat saw them (other hands' cards are HIDDEN already), the seat's observation,
and the legal actions when it is the seat's turn. ``update`` drains the client's queue each
frame (``poll()`` never waits), so the frame loop never waits on the network. Each deal's
joint-seed check (net/deal_check.py, run by the client) becomes a move-log line and a
fair-deal line on the game-over panel.

The table scene around it (scenes/table/network_scene.py) reads ``lost`` for the reconnecting
banner, ``ended`` for a table the host closed, and ``rejoined`` to redraw after a reconnect.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from engine.core import Event, Message, message
from engine.games import observation_from_json, rules_for

from ..i18n import tr
from ..messages import message_text
from .source import Step, steps_of


def fair_lines(verdicts: dict[int, list[str]], unchecked: set[int]) -> list[str]:
    """The game-over panel's joint-deal lines: verified, not checkable from here, or failed."""
    lines = []
    failed = {deal: problems for deal, problems in verdicts.items() if problems}
    for deal in sorted(failed):
        lines.append(tr("net.fair.failed", deal=deal, reason="; ".join(failed[deal])))
    for deal in sorted(unchecked):
        lines.append(tr("net.fair.unchecked", deal=deal))
    verified = [d for d, problems in verdicts.items() if not problems and d not in unchecked]
    if verified and not failed:
        lines.insert(0, tr("net.fair.verified") if len(verified) == 1
                     else tr("net.fair.verified_many", count=len(verified)))
    return lines


class NetworkSource:
    """The table's :class:`~scenes.table.source.EventSource` for one seat of a LAN table."""

    def __init__(self, client: Any, game_name: str, backlog: list[dict[str, Any]] = (),
                 on_close: Callable[[], None] | None = None) -> None:
        self.client = client
        self.on_close = on_close
        self.game_name = game_name
        self.seat: int = client.state.seat
        self.kinds = [s["kind"] for s in client.state.seats]
        self.paused = False  # nothing to pause: the host sets the pace
        self.speed = 1.0
        self._steps: list[Step] = []
        self._observation: dict[str, Any] = {}
        self._views: dict[int | None, dict[str, Any]] = {}
        self._to_move: int | None = None
        self._legal: list[int] = []
        self._commitment: str | None = None
        self.result_data: dict[str, Any] | None = None
        self.ended: str | None = None  # why the table ended for us, once it has
        self.ended_text = ""
        self.lost = False  # the line dropped and the client is reconnecting
        self.rejoined = False  # the table was sent again: redraw the cards from it
        self.refusals: list[str] = []
        self._closed = False
        self.asked = 0  # "your turn" messages so far
        self._opening = self._take(list(backlog))

    # --- messages in --------------------------------------------------------------------------
    def _take(self, messages: list[dict[str, Any]]) -> list[Step]:
        steps: list[Step] = []
        for m in messages:
            handler = getattr(self, f"_on_{m['type']}", None)
            if handler is not None:
                steps += handler(m) or []
        return steps

    def _set_view(self, observation: dict[str, Any] | None, to_move: int | None) -> None:
        if observation is not None:
            self._observation, self._views = observation, {}
        self._to_move, self._legal = to_move, []

    def _on_events(self, m: dict[str, Any]) -> list[Step]:
        self.lost = False
        self._set_view(m["observation"], m["to_move"])
        return steps_of([Event.from_json(e) for e in m["events"]], self._commitment)

    def _on_table(self, m: dict[str, Any]) -> None:
        self.lost = False
        self._set_view(m["observation"], m["to_move"])
        self.rejoined = m["observation"] is not None

    def _on_your_turn(self, m: dict[str, Any]) -> None:
        self._legal = list(m["legal"])
        self.asked += 1  # the question may come after the table settled: it must offer again

    def _on_deal_sealed(self, m: dict[str, Any]) -> None:
        self._commitment = m["seed_commitment"]  # the joint seed's commitment: the deal's mark

    def _on_verified(self, m: dict[str, Any]) -> list[Step]:
        deal = m["deal"]
        if m["unchecked"]:
            return [Step(None, lines=(tr("net.fair.unchecked", deal=deal),))]
        key = "net.fair.log_failed" if m["problems"] else "net.fair.log_verified"
        return [Step(None, lines=(tr(key, deal=deal, reason="; ".join(m["problems"])),))]

    def _on_notice(self, m: dict[str, Any]) -> list[Step]:
        return [Step(None, lines=(message_text(m),))]  # in this player's language

    def _on_fault(self, m: dict[str, Any]) -> list[Step]:
        """The host sealed a deal twice or went back to an older table (net/ledger.py):
        said in the log, in a warning and on the game-over panel."""
        return [Step(None, lines=(m["text"],))]

    def _on_sealed_away(self, m: dict[str, Any]) -> list[Step]:
        return [Step(None, lines=(m["text"],))]

    def _on_refused(self, m: dict[str, Any]) -> list[Step]:
        reason = message_text(m)
        self.refusals.append(reason)
        return [Step(None, lines=(tr("net.log.refused", reason=reason),))]

    def _on_game_over(self, m: dict[str, Any]) -> None:
        self.result_data = m["result"]

    def _on_bye(self, m: dict[str, Any]) -> None:
        self.ended, self.ended_text = m["reason"], message_text(m)

    def _on_ended(self, m: dict[str, Any]) -> None:
        self.ended = self.ended or m["reason"]

    @property
    def standing(self) -> dict[str, Any] | None:
        """The series score the host sends with a LAN Durak series' observation (else None)."""
        return self._observation.get("series")

    # --- the EventSource ----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, as the host last said."""
        return self._to_move

    def opening(self) -> list[Step]:
        """What arrived before the table opened (the first shuffle and deal)."""
        steps, self._opening = self._opening, []
        return steps

    def update(self, dt: float, animations_idle: bool) -> None:
        """Take in what the host sent since the last frame (never waits)."""
        self._steps += self._take(self.client.poll())
        self.lost = self.ended is None and not self.client.connected and bool(self._observation)

    def pending(self) -> bool:
        """Are steps waiting to be shown?"""
        return bool(self._steps)

    def take_steps(self) -> list[Step]:
        """The steps received since the last call."""
        steps, self._steps = self._steps, []
        return steps

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Our seat's observation; ``None`` (or another seat): the same without our hand."""
        key = seat if seat == self.seat else None
        if key not in self._views:
            data = observation_from_json(self._observation)  # as the engine gives it
            if key is None:
                data["hand"], data["seat"] = [], None
                if "laid_away" in data:
                    data["laid_away"] = -1
            self._views[key] = data
        return self._views[key]

    def may_show(self, seat: int) -> bool:
        """Only our own seat's cards were ever sent to us."""
        return seat == self.seat

    def is_human(self, seat: int) -> bool:
        """Is a person (here or at another computer) playing ``seat``?"""
        return self.kinds[seat] == "human"

    def legal_actions(self) -> list[int]:
        """Our legal actions, once the host asked us to move."""
        return list(self._legal) if self._to_move == self.seat else []

    def submit(self, action: int) -> Message | None:
        """Send our move (the host checks it; a refusal comes back as a log line)."""
        if action not in self.legal_actions():
            return message("net.not_legal_now")
        self._legal = []
        self.client.submit(action)
        return None

    def step(self) -> None:
        """Nothing to step: the host moves the table."""

    def is_over(self) -> bool:
        """Has the host said the table is over?"""
        return self.result_data is not None

    def result(self) -> dict[str, Any]:
        """The game's result in the engine's shape (Durak: the last game; Azi: the session)."""
        data = self.result_data or {}
        if rules_for(self.game_name).series is not None:  # a series: its last game
            return data.get("last", {})
        return data

    # The deal checks live once, in the client's SeatState (net/client.py).
    @property
    def verdicts(self) -> dict[int, list[str]]:
        """Per deal, the problems its check found ([] = verified)."""
        return dict(self.client.state.verdicts)

    @property
    def unchecked(self) -> set[int]:
        """Deals sealed without this seat's part: not checkable from here."""
        return set(self.client.state.unchecked)

    @property
    def faults(self) -> list[str]:
        """What the seat's ledger found wrong with the host, said in the player's words."""
        return [tr(f"net.fault.{f['kind']}", deal=f["deal"]) for f in self.client.state.faults]

    def fair_summary(self) -> list[str]:
        """The joint-deal checks of every deal this seat played, faults first."""
        return self.faults + fair_lines(self.verdicts, self.unchecked)

    def close(self) -> None:
        """Leave the table without making the frame loop wait for the goodbye."""
        if not self._closed:
            self._closed = True
            threading.Thread(target=self.client.close, daemon=True).start()
            if self.on_close is not None:
                self.on_close()
