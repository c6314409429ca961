"""Kozyr — a desktop card table for Azi and Durak. Run ``python game.py``.

``python game.py``                 opens the table at the main menu
``python game.py simulate …``      runs computer-only games (see tools/simulate.py)
``python game.py verify FILE``     checks a saved game's deals: each seed against its commitment
``python game.py replay FILE``     replays a saved game from its revealed seeds (tools/records_cli)
``python game.py watch FILE``      shows a saved game on the table, move by move
``python game.py host …``        hosts a LAN table without a window (docs/lan.md)
``python game.py join [ADDRESS]``  joins a LAN table, or lists the tables nearby
``python game.py --frames N``      stops after N frames (smoke tests and benchmarks)
"""

from __future__ import annotations

import os
import sys
import time

PROBE_ENV = "KOZYR_PROBE_TABLE"  # tests only (tools/table_probe.py)
_STARTED = time.perf_counter()  # for the launch-to-first-frame figure (bench/frames.py)


def _simulate(argv: list[str]) -> int:
    """Hand over to tools/simulate.py, imported only when asked for."""
    try:
        from tools.simulate import main as simulate_main
    except ImportError as error:
        if getattr(error, "name", None) not in ("tools", "tools.simulate"):
            raise  # the simulator exists but is broken: show the real error
        from scenes.i18n import tr

        print(tr("cli.simulate_missing"), file=sys.stderr)
        return 2
    return int(simulate_main(argv) or 0)


def _records(argv: list[str]) -> int:
    """Hand ``verify`` / ``replay`` over to tools/records_cli.py."""
    from tools.records_cli import main as records_main

    return int(records_main(argv) or 0)


def _watch(argv: list[str], max_frames: int | None) -> int:
    """Open the table on the saved game ``argv[0]`` (the main menu lies under it)."""
    from scenes.i18n import tr

    files = [a for a in argv if not a.startswith("--") and not a.isdigit()]
    if not files:
        print(tr("cli.watch_usage"), file=sys.stderr)
        return 2
    from storage.records import load_record

    try:
        load_record(files[0])  # a bad file is said here, before a window opens
    except (OSError, ValueError) as error:
        print(tr("cli.watch_unreadable", file=files[0], reason=error), file=sys.stderr)
        return 1
    import pygame

    from scenes.app import App
    from scenes.main_menu import MainMenu
    from scenes.table.replay_scene import open_replay

    app = App()
    try:
        app.push(MainMenu(app))
        open_replay(app, files[0])
        app.run(max_frames=max_frames)
    finally:
        pygame.quit()
    return 0
def _lan(command: str, argv: list[str]) -> int:
    """Hand ``host`` / ``join`` over to net/cli.py (no window, no pygame)."""
    from net.cli import host_main, join_main

    return int((host_main if command == "host" else join_main)(argv) or 0)


def _frames_option(argv: list[str]) -> int | None:
    if "--frames" in argv:
        i = argv.index("--frames")
        try:
            return max(1, int(argv[i + 1]))
        except (IndexError, ValueError):
            raise SystemExit("--frames needs a number, e.g. --frames 1")
    return None


def _remove_stale_saves() -> None:
    """Delete temporary files that killed saves left behind (settings: on load)."""
    from storage import paths
    from storage.records import TEMP_PREFIX
    from storage.safe_files import remove_stale_temps

    remove_stale_temps(paths.records_dir(), TEMP_PREFIX)
    remove_stale_temps(paths.data_dir(), ".resume-")  # storage/resume.py's TEMP_PREFIX


def _reconcile_history() -> None:
    """In the background: records the history lacks go into it (checked after an unclean end)."""
    from storage.history.keeper import reconcile

    reconcile()


def main(argv: list[str]) -> int:
    """Start the table (or a subcommand such as ``simulate``)."""
    if argv and argv[0] == "simulate":
        return _simulate(argv[1:])
    if argv and argv[0] in ("verify", "replay"):
        return _records(argv)
    if argv and argv[0] in ("host", "join"):
        return _lan(argv[0], argv[1:])
    max_frames = _frames_option(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if os.environ.get(PROBE_ENV):  # tests only: a table that plays a few moves, then waits
        from tools.table_probe import main as probe_main

        return probe_main(os.environ[PROBE_ENV])
    if argv and argv[0] == "watch":
        return _watch(argv[1:], max_frames)
    import pygame

    from scenes.app import App
    from scenes.main_menu import MainMenu

    _remove_stale_saves()
    _reconcile_history()
    app = App()
    try:
        app.run(MainMenu(app), max_frames=max_frames)
        if os.environ.get("KOZYR_TIMING"):
            print(f"first_frame_seconds={app.first_frame_at - _STARTED:.4f}")
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
