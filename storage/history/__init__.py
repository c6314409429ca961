"""The game remembers: the history database, its import of old records, statistics, exports.

``open_history()`` is the one call the app needs: it opens (or creates) the database in the
data folder and, when the database is new, imports the records already saved.
"""

from __future__ import annotations

from .. import paths
from .db import BUSY_SECONDS, Damage, Filters, GameRow, History, HistoryBusy, HistoryUnavailable
from .importer import ImportReport, import_records

__all__ = ["Damage", "Filters", "GameRow", "History", "HistoryBusy", "HistoryUnavailable",
           "ImportReport", "import_records", "open_history"]


def open_history(timeout: float = BUSY_SECONDS) -> tuple[History, ImportReport | None]:
    """The player's history, and what was imported if it was created just now.

    Raises HistoryUnavailable (HistoryBusy while another program holds the lock).
    """
    history = History.open(paths.history_path(), timeout=timeout)
    report = import_records(history, paths.records_dir()) if history.fresh else None
    return history, report
