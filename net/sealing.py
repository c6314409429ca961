"""Sealing a LAN table's deal once: one host seed per deal number, every seated person's part.

The host commits to its secret seed, asks every person's program for a commitment, shows all
commitments, asks for the parts, and makes the joint seed (docs/lan.md). A deal number gets
one round, ever: its host seed is saved before its commitment is shown, and a resumed host
carries the same round on. The round never starts again and never drops a part it showed:

- a person's seat that is away is waited for; only once a computer plays the seat (the drop
  timeout passed, ``on_drop="bot"``) is it left out of the commitments, and its player is told
  when he comes back that the deal was sealed without him;
- once the commitments are shown, the deal is sealed with every one of their parts or not at
  all: the table pauses until each member's program (or a new one with the seat's token, which
  keeps its part on disk) reveals it;
- a program that does not answer within ``deal_timeout`` is disconnected (it comes back with
  its token) and everybody is told the table waits for that seat.
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any

from engine.core import message as msg
from engine.joint_seed import contribution_matches, names_digest

from .protocol import encode
from .table import DealRound

log = logging.getLogger("kozyr.net.host")
HUMAN = "human"


class Sealer:
    """The open deal round of one host: who still owes a part, asking, waiting, sealing."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.round: DealRound | None = None
        self.phase = ""  # "commit" or "reveal" while a round is open
        self._asked: dict[int, tuple[Any, float]] = {}  # seat → (connection asked, when)

    # --- the round ----------------------------------------------------------------------------
    async def seal_next(self) -> None:
        """Seal the next deal (returns early only when the host stops)."""
        host = self.host
        # The host's commitment binds the seat names too, so a record cannot swap who sat where.
        round_ = host.table.begin_round(secrets.token_bytes(32),
                                        names_digest([s.name for s in host.seats]))
        self.round = round_
        await host.save()  # the host seed is on disk before its commitment is shown
        if round_.members is None:
            if not await self._gather("commit"):
                return
            round_.members = sorted(round_.commitments)
            await host.save()
        if not await self._gather("reveal"):
            return
        host.table.seal(round_)
        await host.save()
        self.round, self.phase = None, ""
        away = [s.index for s in host.seats if s.kind == HUMAN and s.index not in round_.members]
        if away:
            log.info("deal %d sealed without seats %s (a computer plays them)", round_.number, away)
        await host.to_all("deal_sealed", deal=round_.number,
            host_commitment=round_.host_commitment, seed_commitment=round_.seed_commitment,
            chain=round_.chain,
            previous=host.table.chain_value(round_.number - 1), away=away,
            contributions={str(s): c.hex() for s, c in sorted(round_.contributions.items())})

    def _owed(self) -> list[int]:
        """Seats whose part the round still waits for."""
        round_ = self.round
        assert round_ is not None
        if self.phase == "commit":
            people = [s for s in self.host.seats if s.kind == HUMAN]
            for seat in people:
                self.host.stand_in_if_due(seat)
            return [s.index for s in people if not s.stand_in and s.index not in round_.commitments]
        return [i for i in round_.members or [] if i not in round_.contributions]

    async def _gather(self, phase: str) -> bool:
        """Ask every seat that owes a part for it, until none does; False if the host stopped."""
        host, config, round_ = self.host, self.host.config, self.round
        assert round_ is not None
        self.phase, self._asked = phase, {}
        started = time.monotonic()
        paused_said = False
        while not host.stopped:
            owed = self._owed()
            if not owed and (phase == "reveal" or round_.commitments or not host.has_people):
                return True
            now = time.monotonic()
            wake = [started + config.deal_timeout]
            for index in owed:
                seat = host.seats[index]
                asked = self._asked.get(index)
                if seat.conn is not None and (asked is None or asked[0] is not seat.conn):
                    self._asked[index] = (seat.conn, now)
                    await self._ask(seat)
                    wake.append(now + config.deal_timeout)
                elif seat.conn is not None and asked is not None and \
                        now - asked[1] >= config.deal_timeout:
                    log.warning("seat %d gave no %s for deal %d in time; disconnected, the deal "
                                "waits for it", index, phase, round_.number)
                    await host.expel(seat, "net.refuse.stalled")
                elif seat.conn is not None and asked is not None:
                    wake.append(asked[1] + config.deal_timeout)
                elif seat.dropped_at is not None and config.on_drop == "bot" and phase == "commit":
                    wake.append(seat.dropped_at + config.drop_timeout)
            if not paused_said and owed and now - started >= config.deal_timeout:
                paused_said = True
                names = ", ".join(host.seats[i].name for i in owed)
                await host.notice("net.notice.deal_waits", deal=round_.number, names=names)
            future = [w - now for w in wake if w > now]
            await host.wait_changed(min(future) if future else None)
        return False

    async def _ask(self, seat: Any) -> None:
        round_ = self.round
        assert round_ is not None
        if self.phase == "commit":
            await seat.conn.send(encode("deal_commit", deal=round_.number,
                                        host_commitment=round_.host_commitment))
        else:
            await seat.conn.send(encode("deal_reveal", deal=round_.number,
                                        host_commitment=round_.host_commitment,
                                        commitments={str(s): round_.commitments[s]
                                                     for s in round_.members or []}))

    # --- a part arrives -----------------------------------------------------------------------
    async def take(self, conn: Any, seat: Any, message: dict[str, Any]) -> None:
        """A seat's commitment or contribution for the open round (anything else is refused)."""
        host, round_, kind = self.host, self.round, message["type"]
        if (round_ is None or kind != self.phase or message["deal"] != round_.number
                or seat.index not in self._owed()):
            await host.refuse(conn, kind, msg("net.refuse.no_round"))
            return
        if kind == "commit":
            round_.commitments[seat.index] = message["commitment"]
        elif contribution_matches(message["contribution"], round_.commitments[seat.index]):
            round_.contributions[seat.index] = bytes.fromhex(message["contribution"])
        else:
            await host.expel(seat, "net.refuse.bad_reveal")
            return
        host.changed()

    def dropped(self, seat: Any) -> None:
        """A seat's line dropped: it will be asked again on its next connection."""
        self._asked.pop(seat.index, None)
