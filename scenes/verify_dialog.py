"""Verify a saved game from the History screen: every deal's seed against its commitment."""

from __future__ import annotations

import warnings
from pathlib import Path

import pygame
import pygame_gui

from engine.games import rules_for
from engine.record import GameRecord, RecordError, deal_problems, fingerprint, verify_record

from .dialogs import _Dialog
from .i18n import tr


def verify_lines(record_path: str | Path | None) -> tuple[bool, list[str]]:
    """Whether the record verifies, and the lines that say so deal by deal."""
    if not record_path:
        return False, [tr("verify.no_record")]
    path = Path(record_path)
    try:
        record = GameRecord.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, RecordError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        return False, [tr("verify.unreadable", file=path.name, reason=reason)]
    deck = rules_for(record.game).deck
    lines = []
    for number, deal in enumerate(record.deals, 1):
        problems = deal_problems(number, deal, deck)
        lines += problems or [tr("verify.deal_ok", number=number,
                                 fingerprint=fingerprint(deal.commitment or "????????"))]
    problems = verify_record(record)
    headline = tr("verify.ok") if not problems else tr("verify.failed")
    extra = [p for p in problems if p not in lines]
    return not problems, [headline, ""] + lines + extra


class VerifyScene(_Dialog):
    """The verification lines in a scrollable box, and Close."""

    panel_size = (720, 470)

    def __init__(self, app, record_path: str | Path | None) -> None:
        super().__init__(app)
        self.verified, self.lines = verify_lines(record_path)

    def build(self, rect: pygame.Rect) -> None:
        """Title, the lines, Close."""
        s = self.app.ui_scale
        panel = self.dialog_rect()
        self.label(pygame.Rect(panel.x, panel.y + round(14 * s), panel.width, round(52 * s)),
                   tr("verify.title"), "@heading")
        pad = round(24 * s)
        box = pygame.Rect(panel.x + pad, panel.y + round(74 * s), panel.width - 2 * pad,
                          panel.height - round(150 * s))
        with warnings.catch_warnings():  # some may be loaded already: harmless
            warnings.simplefilter("ignore")
            self.ui.preload_fonts([{"name": "noto_sans", "point_size": size, "style": "bold"}
                                   for size in (14, 18, round(18 * s))])
        body = "<br>".join(_escape(line) for line in self.lines)
        colour = "#f0d58a" if self.verified else "#ffab94"
        first, _, rest = body.partition("<br>")
        self.text_box = pygame_gui.elements.UITextBox(
            f"<font color='{colour}'><b>{first}</b></font><br>{rest}", box, self.ui)
        bw, bh = round(150 * s), round(44 * s)
        self.close_button = self.button(
            pygame.Rect(panel.centerx - bw // 2, panel.bottom - bh - round(18 * s), bw, bh),
            tr("verify.close"), self.back, object_id="@primary_button")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
