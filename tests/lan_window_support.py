"""Helpers for LAN tests with a window: a host on loopback in a thread, a seated NetClient, and
a person's moves on the network table made through the real screen."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

from test_table_support import visible_point

from engine.cards import HIDDEN
from net.client import NetClient
from net.host import Host, HostConfig

LOOPBACK = "127.0.0.1"


class HostThread:
    """A LAN host on 127.0.0.1 with its own event loop in a thread (so the test's frames run)."""

    def __init__(self, game: str, seats: list[str], **options: Any) -> None:
        options.setdefault("ai_budget", 0.002)
        self.host = Host(HostConfig(game=game, seats=seats, bind=LOOPBACK, port=0, **options))
        self.loop = asyncio.new_event_loop()
        self.result: dict[str, Any] | None = None
        self._started = threading.Event()
        self.thread = threading.Thread(target=self._main, daemon=True)
        self.thread.start()
        assert self._started.wait(10), "the host did not start"

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)

        async def run() -> None:
            await self.host.start()
            self._started.set()
            self.result = await self.host.run()

        self.loop.run_until_complete(run())

    @property
    def address(self) -> str:
        """Where players join."""
        return self.host.address

    def stop(self) -> None:
        """End the table on every client (as a host that quits)."""
        if self.thread.is_alive():
            # run() returns as soon as the table is stopped, and the loop ends with it: wait
            # for the thread, not for stop() itself.
            asyncio.run_coroutine_threadsafe(self.host.stop(), self.loop)
        self.thread.join(10)
        assert not self.thread.is_alive(), "the host did not stop"


def seated_client(address: str, name: str = "Anna", **options: Any) -> tuple[NetClient, list]:
    """A NetClient seated at the table, and the messages up to the first deal's events."""
    client = NetClient(address, name=name, reconnect_for=20.0, **options).start()
    backlog: list[dict[str, Any]] = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        backlog += client.poll()
        if any(m["type"] == "events" for m in backlog):
            return client, backlog
        time.sleep(0.02)
    raise AssertionError(f"no deal arrived: {[m['type'] for m in backlog]}")


def card_or_button(ui, table, turn: int) -> None:
    """The bottom seat's move as a person makes it: a legal card clicked, or an action button."""
    hand = table.hands.bottom()
    playable = [s for s in hand if s.card in table.input.playable and s.card != HIDDEN]
    if playable:
        ui.click_at(visible_point(table, playable[turn % len(playable)]))
        return
    widgets = list(table.buttons.actions.values())
    assert widgets, "a move must be offered"
    ui.click(widgets[turn % len(widgets)])


def step_until(ui, condition, frames: int = 3000, dt: float = 0.05) -> None:
    """Step frames (giving the network thread time) until ``condition()`` holds."""
    for _ in range(frames):
        if condition():
            return
        ui.step(1, dt=dt)
        time.sleep(0.002)
    raise AssertionError("the table did not get there")
