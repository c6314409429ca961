"""Nothing silent: why games are not being saved right now, for every screen to say.

The writers report here — the game-in-progress save (``save_writer``), the record files
(``records``), the history keeper (``memory/keeper``) — each after every attempt: an error when
it failed, None when it worked. :func:`notice` gives the one translated sentence the table and
the main menu show while any writer fails ("Games are not being saved: the disk is full"); it
goes away by itself once every writer works again. Each new problem is logged once.
No pygame here: the drawing is ``storage_notice.py``.
"""

from __future__ import annotations

import errno
import logging
import threading

log = logging.getLogger(__name__)

_problems: dict[str, BaseException | str] = {}  # writer -> what went wrong last
_lock = threading.Lock()

FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
READ_ONLY = (errno.EROFS, errno.EACCES, errno.EPERM)


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


def reason_text(problem: BaseException | str) -> str:
    """The cause in the player's words: a full disk, a folder that cannot be written, or as said."""
    from .i18n import tr

    number = getattr(problem, "errno", None)
    text = str(getattr(problem, "strerror", None) or problem)
    lowered = text.lower()
    if number in FULL or "disk is full" in lowered or "no space" in lowered:
        return tr("storage.disk_full")
    if number in READ_ONLY or "readonly" in lowered or "read-only" in lowered:
        return tr("storage.read_only")
    return text


def notice() -> str:
    """The sentence to show while writing fails ("" when all is well)."""
    from .i18n import tr

    found = problems()
    if not found:
        return ""
    if set(found) == {"history"} and "lock" in str(found["history"]).lower():
        return tr("storage.history_busy")
    first = next((w for w in ("save", "record", "history") if w in found), next(iter(found)))
    return tr("storage.not_saved", reason=reason_text(found[first]))
