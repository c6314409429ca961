"""Table passwords and seat tokens for ``game.py host`` / ``join``, never on the command line.

A command line is visible to every user of the machine (the process list), so a secret comes
from a file readable by its owner only (``--password-file``, ``--token-file``), from the
environment (``KOZYR_TABLE_PASSWORD``, ``KOZYR_SEAT_TOKEN``), or from a prompt that does not
echo (``--ask-password``). ``join --token-file FILE`` also keeps the seat's token there (0600)
when the seat is first taken, so coming back is ``join ADDRESS --token-file FILE``.
"""

from __future__ import annotations

import argparse
import getpass
import os
import stat
from pathlib import Path

from storage.safe_files import write_atomically
from texts import tr

PASSWORD_ENV = "KOZYR_TABLE_PASSWORD"
TOKEN_ENV = "KOZYR_SEAT_TOKEN"


def add_password_options(parser: argparse.ArgumentParser) -> None:
    """``--password-file`` and ``--ask-password`` (and the environment variable)."""
    parser.add_argument("--password-file", default=None, metavar="FILE",
                        help=f"the table password, from a file only you can read (or set "
                             f"{PASSWORD_ENV})")
    parser.add_argument("--ask-password", action="store_true",
                        help="type the table password at a prompt that does not echo it")


def read_secret_file(path: str) -> str:
    """The first line of a secret file, which must be readable by its owner only."""
    try:
        mode = os.stat(path).st_mode
        if os.name != "nt" and mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise SystemExit(tr("net.cli.secret_file_open", path=path))
        with open(path, encoding="utf-8") as f:
            return f.readline().strip()
    except OSError as error:
        raise SystemExit(tr("net.cli.secret_file_unreadable", path=path,
                            reason=error.strerror or error)) from None


def table_password(args: argparse.Namespace) -> str | None:
    """The password from the file, the environment or the prompt (None: no password)."""
    if args.password_file:
        return read_secret_file(args.password_file) or None
    if os.environ.get(PASSWORD_ENV):
        return os.environ[PASSWORD_ENV]
    if args.ask_password:
        return getpass.getpass(tr("net.cli.password_prompt")) or None
    return None


def seat_token(path: str | None) -> str | None:
    """The seat token kept in ``path`` (if it exists) or given in the environment."""
    if path and Path(path).exists():
        return read_secret_file(path) or None
    return os.environ.get(TOKEN_ENV) or None


def keep_token(path: str, token: str) -> None:
    """Keep the seat's token in ``path``, readable by its owner only."""
    write_atomically(path, token + "\n", ".lan-token-")
