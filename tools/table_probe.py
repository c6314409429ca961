"""Tests only: a real table process that plays a few moves headless, says where it stands and
waits to be killed (``tests/test_resume_kill.py`` kills it and takes the game up again).

``KOZYR_PROBE_TABLE='{"game": "durak", "seats": [["Anna", "ai", "easy"], …], "options": {},
"moves": 8}' python game.py`` opens that table with quick computer players, lets it play until
``moves`` moves are made and shown, stops the computer players, waits for the save of the game
in progress, prints one JSON line (the engine state, whose turn, the log, the fingerprint, the
moves) and then keeps drawing frames until the process is stopped.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

MAX_FRAMES = 20000  # a probe that never reaches its moves gives up rather than hang a test


def table_view(table: Any) -> dict[str, Any]:
    """What the table shows and holds, as plain data to compare after a resume."""
    from storage.resume import engine_state

    source = table.source
    return {"state": engine_state(source.game, getattr(table, "series", None)),
            "to_move": source.to_move, "log": list(table.move_log.lines),
            "fingerprint": table.fingerprint, "actions": list(source.controller.actions)}


def main(spec_text: str) -> int:
    """Run the probe table described by ``spec_text`` (JSON); returns only on a failure."""
    import pygame

    from scenes.app import App
    from scenes.controller import ThreadThinker
    from scenes.main_menu import MainMenu
    from scenes.table.scene import TableScene
    from scenes.table_config import Seat, TableConfig
    from scenes.tables import open_table
    from storage import resume

    spec = json.loads(spec_text)
    TableScene.thinker_factory = ThreadThinker  # no worker process: the probe starts quickly
    TableScene.think_pause, TableScene.ai_budget = 0.05, 0.002
    app = App((1280, 720))
    app.push(MainMenu(app))
    app.settings.animation_speed = 4.0
    config = TableConfig(spec["game"], [Seat(*s) for s in spec["seats"]], spec.get("options", {}))
    table = open_table(app, config)
    for _ in range(MAX_FRAMES):
        app.step(0.1)
        if len(table.source.controller.actions) >= spec["moves"]:
            table.source.paused = True  # no more moves: the position holds still
            if table.animations_idle and not table.source.pending():
                break
    else:
        print(json.dumps({"error": "the moves were not reached"}), flush=True)
        pygame.quit()
        return 1
    app.step(0.1)  # the save after the last log line
    resume.WRITER.flush()
    print(json.dumps(table_view(table)), flush=True)
    while True:  # mid-game, drawing frames, until killed (a test harness may wait like this)
        app.step(0.05)
        time.sleep(0.05)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
