"""Computer players that fail are replaced, not hidden (issue 18 item 6): a worker process
killed mid-game is started again and asked again; a computer player that raises is logged with
its position, and the table says a fallback move was played."""

from __future__ import annotations

import logging
import os
import signal
import time

import pytest
from test_table_support import fast_tables

from engine.durak import DurakGame
from engine.shuffle import SeededDealer
from scenes import controller as controller_module
from scenes.controller import ProcessThinker, SeatSpec, TableController, ThreadThinker
from scenes.i18n import tr

COMPUTERS = [SeatSpec("Anna", "ai", "easy"), SeatSpec("Boris", "ai", "easy"),
             SeatSpec("Vera", "ai", "easy")]


def play(controller: TableController, until, seconds: float = 60.0) -> None:
    """Run frames (real time passes, the table clock runs fast) until ``until()``."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, "the table stopped moving"
        controller.update(0.05, True)
        time.sleep(0.002)


@pytest.mark.skipif(os.name != "posix", reason="kills the worker with a POSIX signal")
def test_a_worker_killed_mid_game_is_started_again_and_the_game_goes_on_to_its_end():
    game = DurakGame.new(3, SeededDealer(4))
    controller = TableController(game, "durak", COMPUTERS, thinker=ProcessThinker(),
                                 think_pause=0.01, budget=0.01, seed=1)
    try:
        play(controller, lambda: len(controller.actions) >= 6)
        for _ in range(2):  # twice, at different moments
            os.kill(controller.thinker._process.pid, signal.SIGKILL)
            wanted = len(controller.actions) + 4
            play(controller, lambda wanted=wanted: len(controller.actions) >= wanted
                 or game.is_over())
        play(controller, game.is_over, seconds=120.0)
    finally:
        controller.close()
    assert controller.thinker.restarts >= 2
    assert controller.fallbacks == [], "the question was asked again, not answered for"
    assert game.result()["over"]


class Broken:
    """A computer player whose every decision raises."""

    def choose(self, observation, legal):
        raise RuntimeError("the search ran out of cards")


def test_a_computer_player_that_raises_is_logged_with_its_position_and_gets_a_fallback(
        monkeypatch, caplog):
    monkeypatch.setattr(controller_module, "_make", lambda *args: Broken())
    game = DurakGame.new(2, SeededDealer(5))
    seats = [SeatSpec("Anna", "ai", "easy"), SeatSpec("Boris", "ai", "easy")]
    controller = TableController(game, "durak", seats, thinker=ThreadThinker(),
                                 think_pause=0.01, budget=0.01)
    first = game.legal_actions()[0]
    mover = game.to_move
    with caplog.at_level(logging.ERROR, logger="scenes.controller"):
        play(controller, lambda: len(controller.actions) >= 1)
    assert controller.actions == [first]
    assert controller.fallbacks == [mover]
    [entry] = [r for r in caplog.records if "failed" in r.getMessage()]
    text = entry.getMessage()
    assert "the search ran out of cards" in text and '"hand"' in text and "legal" in text


def test_the_table_says_a_fallback_move_was_played(ui, monkeypatch):
    from scenes.table_config import Seat, TableConfig
    from scenes.tables import open_table

    fast_tables(monkeypatch)
    monkeypatch.setattr(controller_module, "_make", lambda *args: Broken())
    ui.app.settings.animation_speed = 4.0
    open_table(ui.app, TableConfig("durak", [Seat("Anna", "ai", "easy"),
                                             Seat("Boris", "ai", "easy")], watch=True))
    table = ui.top
    wanted = {tr("table.ai_fallback", name=name) for name in ("Anna", "Boris")}
    for _ in range(300):
        ui.step(1, dt=0.05)
        if table.notices.toast_text in wanted:
            break
    assert table.notices.toast_text in wanted
    ui.app.draw()
