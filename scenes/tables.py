"""The hook the new-game screen calls to open a table: ``open_table(app, config)``; the main
menu's "Continue" calls ``resume_table(app, saved)`` for a game saved in progress.

Durak configs open :class:`scenes.table.durak.DurakTable`; Azi configs open
``scenes.table.azi.AziTable`` when that package is there, else a still placeholder table.
"""

from __future__ import annotations

import importlib.util

import pygame

from engine.cards import HIDDEN
from sprites.card_sprite import CardSprite
from sprites.chips import draw_chip_stack

from .i18n import tr
from .layout import fan_positions, row_positions, table_layout
from .scene import Scene
from .table_config import HUMAN, TableConfig
from .widgets import CREAM, GOLD, draw_plate, text_surface


def open_table(app, config: TableConfig) -> Scene:
    """Start the table described by ``config`` (the menus are cleared away)."""
    if config.game == "durak":
        from .table.durak import DurakTable

        return app.reset(DurakTable(app, config))
    if importlib.util.find_spec("scenes.table.azi") is not None:
        from .table.azi import AziTable

        return app.reset(AziTable(app, config))
    return app.reset(PlaceholderTable(app, config))


def resume_table(app, saved) -> Scene:
    """Take up the game ``saved`` (a :class:`storage.resume.SavedTable`) where it was left."""
    if saved.config.game == "durak":
        from .table.durak import DurakTable as table_class
    else:
        from .table.azi import AziTable as table_class
    return app.reset(table_class.resumed(app, saved))


class PlaceholderTable(Scene):
    """A still table: seats, a dealt-looking hand, and a note that the game is coming."""

    def __init__(self, app, config: TableConfig) -> None:
        super().__init__(app)
        self.config = config
        self.layout = table_layout(app.size, len(config.seats))

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the table out for the new size."""
        self.layout = table_layout(size, len(self.config.seats))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc opens the pause menu."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from .dialogs import PauseScene

            self.app.push(PauseScene(self.app, game=self.config.game))

    def draw(self, surface: pygame.Surface) -> None:
        """The table with plates, hands and a message."""
        layout = self.layout
        s = layout.scale
        surface.blit(self.app.table_felt(layout.oval), (0, 0))
        cards = self.app.cards
        count = 3
        for seat, spec in zip(layout.seats, self.config.seats):
            kind = tr("seat.human") if spec.kind == HUMAN else tr(f"level.{spec.level}")
            draw_plate(
                surface, seat.plate, spec.name, kind, str(count), scale=s, active=seat.index == 0
            )
            if seat.index == 0 and spec.kind == HUMAN:
                hand = [0, 10, 14]
                places = fan_positions(len(hand), seat.hand, seat.card_width)
                for card, (x, y, angle) in zip(hand, places):
                    CardSprite(card, (x, y), width=seat.card_width, rotation=angle).draw(
                        surface, cards
                    )
            else:
                for x, y, angle in row_positions(count, seat.hand, seat.card_width):
                    CardSprite(HIDDEN, (x, y), width=seat.card_width, face_up=False,
                               rotation=angle).draw(surface, cards)
        draw_chip_stack(surface, 40, layout.bank, max(22, round(34 * s)))
        title = text_surface(tr("table.coming", game=tr(f"game.{self.config.game}")), "display",
                             round(30 * s), GOLD)
        surface.blit(
            title,
            title.get_rect(center=(layout.centre.centerx, layout.centre.centery - round(18 * s))),
        )
        detail = text_surface(
            tr("table.coming_detail", players=tr("newgame.count", count=len(self.config.seats))),
            "text",
            round(17 * s),
            CREAM,
        )
        surface.blit(
            detail,
            detail.get_rect(center=(layout.centre.centerx, layout.centre.centery + round(18 * s))),
        )
