"""The game's log: configured once, a rotating file in the log folder (``storage/paths.py``).

    setup_logging()        # at start: INFO and above from every part go to kozyr.log
    log = logging.getLogger("kozyr.save")   # each part names its own logger under "kozyr"

Saves, the history, the computer players' worker, LAN tables and language loading log through
the standard ``logging`` module; this module only decides where it goes. A folder that cannot
be written never stops the game: the log then goes to stderr (warnings and above).
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import threading
from pathlib import Path

from storage import paths

MAX_BYTES = 1_000_000  # a log a player can attach to a message
BACKUPS = 3
_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(processName)s]: %(message)s"
_QUIET = ("websockets", "asyncio")  # their INFO chatter is not ours

_configured: Path | None = None
_handler: logging.Handler | None = None


def setup_logging() -> Path | None:
    """Send INFO and above to the rotating log file (once per process); its path, or None."""
    global _configured, _handler
    if _handler is not None:
        return _configured
    root = logging.getLogger()
    try:
        folder = paths.log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            paths.log_path(), maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
        handler.setLevel(logging.INFO)
        _configured = paths.log_path()
    except OSError as error:
        handler = logging.StreamHandler(sys.stderr)
        handler.setLevel(logging.WARNING)
        print(f"kozyr: no log file ({error})", file=sys.stderr)
    handler.setFormatter(logging.Formatter(_FORMAT))
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    for name in _QUIET:
        logging.getLogger(name).setLevel(logging.WARNING)
    _handler = handler
    _log_uncaught()
    logging.getLogger("kozyr").info("Kozyr started (pid %d), log %s", os.getpid(), _configured)
    return _configured


def _log_uncaught() -> None:
    """Errors nobody caught — in the main thread or a background one — reach the log too
    (then go on to the hooks that were there before, e.g. Python's printing to stderr)."""
    if sys.excepthook is not _main_hook:
        _chained["main"], sys.excepthook = sys.excepthook, _main_hook
    if threading.excepthook is not _thread_hook:
        _chained["thread"], threading.excepthook = threading.excepthook, _thread_hook


_chained: dict[str, object] = {}


def _main_hook(kind, error, trace) -> None:
    if not issubclass(kind, KeyboardInterrupt):
        logging.getLogger("kozyr").critical("the game stopped on an error",
                                            exc_info=(kind, error, trace))
    _chained.get("main", sys.__excepthook__)(kind, error, trace)


def _thread_hook(args) -> None:
    if args.exc_type is not SystemExit:
        logging.getLogger("kozyr").error(
            "an error in the thread %s", getattr(args.thread, "name", "?"),
            exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
    _chained.get("thread", threading.__excepthook__)(args)


def stop_logging() -> None:
    """Close the log file (tests start again with another folder)."""
    global _configured, _handler
    if _handler is not None:
        logging.getLogger().removeHandler(_handler)
        _handler.close()
    _configured, _handler = None, None


def log_file() -> Path | None:
    """The file the log goes to, None when it goes to stderr or is not set up."""
    return _configured
