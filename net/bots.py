"""Who plays a joined seat without a window: a computer player, or a person at a text prompt.

A computer seat on the client sees exactly what the table sent this seat (its observation and
its legal actions) — the same boundary as everywhere else (ai/base.py).
"""

from __future__ import annotations

import asyncio
import random
import secrets
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any, TextIO

from engine.cards import cards_text
from texts import tr
from texts.messages import message_text

from .client import Link, NetClient, SeatState


class SeatBot:
    """Plays a seat over a Link with a computer player; times each action until its events
    arrive."""

    def __init__(self, address: str, level: str = "normal", name: str | None = None,
                 seat: int | None = None, token: str | None = None, password: str | None = None,
                 budget: float | None = None, reconnect_for: float = 60.0,
                 think: float = 0.0) -> None:
        self.state = SeatState(name, seat, token, password)
        self.think = think  # seconds it waits before each move, as a person would (bench.lan)
        self.wait: Callable[[float], Awaitable[None]] = asyncio.sleep  # how it waits
        self.link = Link(address, self.state, reconnect_for)
        self.link.own_kind = level
        self.level, self.budget = level, budget
        self.latencies: list[float] = []  # seconds from sending an action to its events
        self._player: Any = None
        self._sent_at: float | None = None
        self._thinking = False
        self.echo: Callable[[dict[str, Any]], None] | None = None  # sees every message (CLI)

    async def run(self) -> SeatState:
        """Play until the table ends; the state holds the result and the deal verdicts."""
        await self.link.run(self._on_message)
        return self.state

    async def _on_message(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if self.echo is not None:
            self.echo(message)
        if kind == "events" and self._sent_at is not None:
            self.latencies.append(time.perf_counter() - self._sent_at)
            self._sent_at = None
        elif kind == "your_turn" and not self._thinking:
            self._thinking = True
            try:
                await self._move()
            finally:
                self._thinking = False

    async def _move(self) -> None:
        from ai.base import make_player

        if self._player is None:
            assert self.state.game is not None  # a seat moves only after the welcome named it
            self._player = make_player(self.state.game, self.level,
                                       random.Random(secrets.randbits(64)), self.budget)
        if self.think > 0:
            await self.wait(self.think)
        observation, legal = self.state.ai_observation(), list(self.state.legal)
        if not legal:
            return
        if self.level in ("easy", "random"):
            action = self._player.choose(observation, legal)  # quick: no thread hop
        else:
            action = await asyncio.to_thread(self._player.choose, observation, legal)
        self._sent_at = time.perf_counter()
        await self.link.submit(action)


def _durak_lines(observation: dict[str, Any]) -> list[str]:
    table = " ".join(cards_text([a]) + ("/" + cards_text([d]) if d >= 0 else "")
                     for a, d in observation.get("table", []))
    lines = [tr("net.prompt.durak_table", trump=cards_text([observation["trump_card"]]),
                talon=observation.get("talon_size", 0), table=table or "—")]
    series = observation.get("series")
    if series is not None:  # a series: the score per seat, as the window's plates show it
        score = ", ".join(f"{seat + 1}: " + tr("durak.plate_series", wins=w, losses=lost)
                          for seat, (w, lost) in enumerate(zip(series["wins"], series["losses"])))
        lines.append(tr("net.prompt.series", number=series["game_number"], score=score))
    return lines


def _azi_lines(observation: dict[str, Any]) -> list[str]:
    return [tr("net.prompt.azi_table", bank=observation.get("bank", 0),
               stacks=observation.get("stacks", []))]


# The public facts of each game's table at the text prompt (a game not named shows its hand only).
TABLE_LINES: dict[str, Callable[[dict[str, Any]], list[str]]] = {
    "durak": _durak_lines, "azi": _azi_lines}


def describe_state(observation: dict[str, Any], out: TextIO) -> None:
    """Print what the seat can see: its hand and the public facts of the table."""
    hand = observation.get("hand", [])
    out.write(tr("net.prompt.hand", cards=cards_text(hand) if hand else "—") + "\n")
    for line in TABLE_LINES.get(observation.get("game", ""), lambda o: [])(observation):
        out.write(line + "\n")


def prompt_loop(client: NetClient, ask: Callable[[str], str] = input,
                out: TextIO = sys.stdout, tick: float = 0.05,
                echo: Callable[[dict[str, Any]], None] | None = None) -> str:
    """Play a seat at a text prompt: show the hand and the legal actions, choose by number
    (``echo``, when given, says every other message instead of the plain lines below)."""
    while client.ended is None:
        for message in client.poll(wait=tick):  # a console: block for the next message
            kind = message["type"]
            if echo is not None and kind != "your_turn":
                echo(message)
            elif kind in ("notice", "bye", "fault", "sealed_away", "fingerprint"):
                out.write(message_text(message) + "\n")  # a key + fields, or our own text
            elif kind == "refused":
                out.write(tr("net.prompt.refused", reason=message_text(message)) + "\n")
            elif kind == "verified":
                key = ("net.prompt.deal_bad" if message["problems"] else
                       "net.prompt.deal_unchecked" if message["unchecked"]
                       else "net.prompt.deal_ok")
                out.write(tr(key, deal=message["deal"], problems="; ".join(message["problems"]))
                          + "\n")
            elif kind == "game_over":
                out.write(tr("net.prompt.game_over", result=message["result"]) + "\n")
            elif kind == "your_turn" and client.observation is not None:
                describe_state(client.observation, out)
                for number, text in enumerate(message["texts"], 1):
                    out.write(f"  {number}. {text}\n")
                client.submit(message["legal"][_pick(len(message["legal"]), ask)])
    return client.ended


def _pick(count: int, ask: Callable[[str], str]) -> int:
    while True:
        answer = ask(tr("net.prompt.choose", count=count)).strip()
        if answer.isdigit() and 1 <= int(answer) <= count:
            return int(answer) - 1
