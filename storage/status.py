"""Nothing silent: which writers fail right now, and why, for every screen to say.

The writers report here — the game-in-progress save (``save_writer``), the record files
(``records``), the history keeper (``history/keeper``) — each after every attempt: an error
when it failed, None when it worked. ``scenes/storage_notice.py`` turns :func:`problems` into
the one translated sentence the table and the main menu show while any writer fails ("Games
are not being saved: the disk is full"); it goes away by itself once every writer works again.
Each new problem is logged once.
"""

from __future__ import annotations

import logging
import threading

log = logging.getLogger(__name__)

_problems: dict[str, BaseException | str] = {}  # writer -> what went wrong last
_lock = threading.Lock()



def report(writer: str, problem: BaseException | str | None) -> None:
    """``writer`` ("save", "record", "history") just failed with ``problem``, or worked (None)."""
    with _lock:
        before = _problems.get(writer)
        if problem is None:
            if before is not None:
                del _problems[writer]
                log.info("%s: writing works again", writer)
            return
        _problems[writer] = problem
    if before is None or str(before) != str(problem):
        log.warning("%s: games are not being saved: %s", writer, problem)


def problems() -> dict[str, BaseException | str]:
    """The writers failing now and why (a copy)."""
    with _lock:
        return dict(_problems)


def clear() -> None:
    """Forget every problem (tests)."""
    with _lock:
        _problems.clear()
