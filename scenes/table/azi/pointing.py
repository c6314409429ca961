"""Pointing at an Azi choice that is not a card: the bidding panel's buttons, the azi question.

The hint and the lessons' coach ring "the move to make" with ``action_rect``; the base table
finds cards and its own widgets, but the Azi bidding panel and the azi question draw their
own buttons. A bet is one button whose level the slider sets, so a suggested bet also moves
the slider to its level, once per decision (the player may move it away again).
"""

from __future__ import annotations

import pygame

from engine.azi.constants import BET_BASE


class AziPointing:
    """Part of :class:`~scenes.table.azi.table.AziTable`: where a bid or an answer is chosen."""

    _aimed: tuple[int, int] | None = None  # (decision, action) the slider was last moved for

    def action_rect(self, action: int) -> pygame.Rect | None:
        """A card or base widget as usual; else the panel button that makes ``action``."""
        rect = super().action_rect(action)
        if rect is not None:
            return rect
        for panel in (self.panel, self.question):
            if not panel.visible:
                continue
            for button in panel.buttons.values():
                if button.action == action and button.rect.width > 0:
                    return pygame.Rect(button.rect)
            raise_button = panel.buttons.get("raise")
            if action >= BET_BASE and raise_button is not None:
                return pygame.Rect(raise_button.rect)  # the slider is moved there (aim_slider)
        return None

    def suggested_action(self) -> int | None:
        """The move the table points at now: the hint's (a lesson points at its own)."""
        hint = self.hints.hint
        return hint.action if hint is not None else None

    def aim_slider(self) -> None:
        """Set the bidding slider to a suggested bet's level, once for each decision."""
        action = self.suggested_action()
        if action is None or action < BET_BASE or not self.panel.visible:
            return
        aim = (self.decision_number(), action)
        if aim != self._aimed:
            self._aimed = aim
            self.panel.set_level(action - BET_BASE)
