"""Kozyr — a desktop card table for Azi and Durak. Run ``python game.py``.

``python game.py``                 opens the table at the main menu
``python game.py simulate …``      runs computer-only games (see tools/simulate.py)
``python game.py verify FILE``     checks a saved game's deals: each seed against its commitment
``python game.py replay FILE``     replays a saved game from its revealed seeds (tools/records_cli)
``python game.py watch FILE``      shows a saved game on the table, move by move
``python game.py host …``          hosts a LAN table without a window (docs/lan.md)
``python game.py join [ADDRESS]``  joins a LAN table, or lists the tables nearby
``python game.py --frames N``      stops after N frames (smoke tests and benchmarks)
``python game.py --help`` / ``--version``; every command has its own ``--help``.

Only the plain game and ``watch`` open a window; anything the parser does not know is a usage
error (exit code 2) before pygame is even imported.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections.abc import Callable

PROBE_ENV = "KOZYR_PROBE_TABLE"  # tests only (tools/table_probe.py)
SCRIPT_ENV = "KOZYR_SCRIPT"  # tests only: a file of clicks and keys to play (scenes/autopilot.py)
_STARTED = time.perf_counter()  # for the launch-to-first-frame figure (bench/frames.py)
COMMANDS = ("simulate", "verify", "replay", "watch", "host", "join")


def _program() -> str:
    """The name the usage lines show: ``kozyr`` for the app, ``game.py`` from source."""
    return "kozyr" if getattr(sys, "frozen", False) else "game.py"


def _frames(text: str) -> int:
    """A number of frames for ``--frames`` (at least one)."""
    try:
        return max(1, int(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of frames: {text!r}") from None


def game_parser() -> argparse.ArgumentParser:
    """The parser of the plain command line: options of the window and the list of commands."""
    from scenes.about import VERSION
    from scenes.i18n import tr

    parser = argparse.ArgumentParser(prog=_program(), description=tr("cli.description"),
                                     epilog=tr("cli.epilog", program=_program()))
    parser.add_argument("--version", action="version", version=f"Kozyr {VERSION}")
    parser.add_argument("--frames", type=_frames, metavar="N", help=tr("cli.frames_help"))
    commands = parser.add_subparsers(dest="command", metavar="COMMAND",
                                     title=tr("cli.commands"))
    for name in COMMANDS:  # listed for --help; each command parses its own arguments
        commands.add_parser(name, help=tr(f"cli.command.{name}"), add_help=False)
    return parser


def watch_parser() -> argparse.ArgumentParser:
    """``watch FILE [--frames N]``."""
    from scenes.i18n import tr

    parser = argparse.ArgumentParser(prog=f"{_program()} watch",
                                     description=tr("cli.command.watch"))
    parser.add_argument("file", metavar="FILE", help=tr("cli.watch_file_help"))
    parser.add_argument("--frames", type=_frames, metavar="N", help=tr("cli.frames_help"))
    return parser


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


def _records(command: str) -> Callable[[list[str]], int]:
    """Hand ``verify`` / ``replay`` over to tools/records_cli.py."""

    def run(argv: list[str]) -> int:
        from tools.records_cli import main as records_main

        return int(records_main([command, *argv]) or 0)

    return run


def _lan(command: str) -> Callable[[list[str]], int]:
    """Hand ``host`` / ``join`` over to net/cli.py (no window, no pygame)."""

    def run(argv: list[str]) -> int:
        from net.cli import host_main, join_main

        return int((host_main if command == "host" else join_main)(argv) or 0)

    return run


def _watch(argv: list[str]) -> int:
    """Open the table on a saved game (the main menu lies under it)."""
    from scenes.i18n import tr

    args = watch_parser().parse_args(argv)
    from storage.records import load_record

    try:
        load_record(args.file)  # a bad file is said here, before a window opens
    except (OSError, ValueError) as error:
        print(tr("cli.watch_unreadable", file=args.file, reason=error), file=sys.stderr)
        return 1

    def opened(app) -> None:
        from scenes.table.replay_scene import open_replay

        open_replay(app, args.file)

    return _window(args.frames, opened)


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


def _window(max_frames: int | None, then: Callable | None = None) -> int:
    """The game's window at the main menu (``then(app)`` may open a screen over it)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from scenes.logs import setup_logging

    setup_logging()
    if os.environ.get(PROBE_ENV):  # tests only: a table that plays a few moves, then waits
        from tools.table_probe import main as probe_main

        return probe_main(os.environ[PROBE_ENV])
    import pygame

    from scenes.app import App
    from scenes.collector import settle_memory
    from scenes.main_menu import MainMenu

    app = App()
    # after the first frame: they read the records and the history (and import what reads them)
    app.after_first_frame += [_remove_stale_saves, _reconcile_history, settle_memory]
    try:
        app.push(MainMenu(app))
        if then is not None:
            then(app)
        if os.environ.get(SCRIPT_ENV):  # tests only: play a script of clicks and keys
            from scenes.autopilot import run_script

            return run_script(app, os.environ[SCRIPT_ENV])
        app.run(max_frames=max_frames)
        if os.environ.get("KOZYR_TIMING"):
            print(f"first_frame_seconds={app.first_frame_at - _STARTED:.4f}")
            print(f"first_frame_cpu_seconds={app.first_frame_cpu:.4f}")
            # the monotonic clock is the machine's, so the bench can time from its spawn
            print(f"first_frame_clock={app.first_frame_at:.6f}")
    finally:
        pygame.quit()
    return 0


HANDLERS: dict[str, Callable[[list[str]], int]] = {
    "simulate": _simulate,
    "verify": _records("verify"),
    "replay": _records("replay"),
    "watch": _watch,
    "host": _lan("host"),
    "join": _lan("join"),
}


def main(argv: list[str]) -> int:
    """Start the table, or run the command the command line names; the exit code."""
    if argv and argv[0] in HANDLERS:
        return HANDLERS[argv[0]](list(argv[1:]))
    args = game_parser().parse_args(argv)  # --help, --version and mistakes end here
    if args.command:  # a command after the options (``--frames 3 verify``): it has no arguments
        return HANDLERS[args.command]([])
    return _window(args.frames)


if __name__ == "__main__":
    multiprocessing.freeze_support()  # the app's AI worker process starts through this program
    sys.exit(main(sys.argv[1:]))
