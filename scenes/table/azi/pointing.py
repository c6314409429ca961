"""Pointing at an Azi choice that is not a card: the bidding panel's buttons, the azi question.

The hint and the lessons' coach ring "the move to make" with ``action_rect``; the base table
finds cards and its own widgets, but the Azi bidding panel and the azi question draw their
own buttons. A bet is one button whose level the slider sets, so a suggested bet also moves
the slider to its level, once per decision (the player may move it away again).
"""

from __future__ import annotations

from typing import Any

import pygame

from engine.azi.constants import BET_BASE


class PanelPointing:
    """A part the Azi table owns: where a bid or an answer is chosen on its two panels, and the
    decision the slider was last aimed for. It knows the panels and nothing else of the table."""

    def __init__(self, panel: Any, question: Any) -> None:
        self.panel, self.question = panel, question  # the table's BiddingPanel, QuestionPanel
        self._aimed: tuple[int, int] | None = None  # (decision, action) the slider was moved for

    def rect(self, action: int) -> pygame.Rect | None:
        """The panel button that makes ``action`` (a bet: the raise button, the slider set)."""
        for panel in (self.panel, self.question):
            if not panel.visible:
                continue
            for button in panel.buttons.values():
                if button.action == action and button.rect.width > 0:
                    return pygame.Rect(button.rect)
            raise_button = panel.buttons.get("raise")
            if action >= BET_BASE and raise_button is not None:
                return pygame.Rect(raise_button.rect)  # the slider is moved there (aim)
        return None

    def aim(self, decision: int, action: int | None) -> None:
        """Set the bidding slider to a suggested bet's level, once for each decision."""
        if action is None or action < BET_BASE or not self.panel.visible:
            return
        if (decision, action) != self._aimed:
            self._aimed = (decision, action)
            self.panel.set_level(action - BET_BASE)
