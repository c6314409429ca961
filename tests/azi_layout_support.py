"""An Azi table laid out at its fullest for geometry checks: a trick of every other seat on the
felt, a won trick in front of every seat, the stock, the trump and the move log open."""

from __future__ import annotations

import random

import pygame

from engine.azi import AziOptions, AziSession
from engine.azi.constants import TRICKS
from engine.cards import HIDDEN
from engine.shuffle import SeededDealer
from scenes import tables
from scenes.table_config import Seat, TableConfig


def in_tricks(n: int, seed: int = 3) -> AziSession:
    """A session of ``n`` in its trick play, everybody still in (nobody folds)."""
    for attempt in range(200):
        game = AziSession.new(AziOptions(num_players=n, starting_stack=200),
                              SeededDealer(seed + attempt))
        rng = random.Random(attempt)
        while game.phase != TRICKS and not game.is_over() and game.game_number == 1:
            legal = game.legal_actions()
            texts = {a: game.action_text(a) for a in legal}
            calm = [a for a in legal if any(w in texts[a] for w in ("call", "check", "play",
                                                                    "look", "bet 10"))]
            game.apply(rng.choice(calm or [a for a in legal if "fold" not in texts[a]] or legal))
        if game.phase == TRICKS and all(game.in_game):
            return game
    raise AssertionError("no deal where all play")


def fullest_table(ui, size: tuple[int, int], n: int):
    """The table of ``n`` at ``size`` with a trick of ``n - 1`` cards and a trick won by each."""
    ui.app.resize(size)
    seats = [Seat("You")] + [Seat(f"Player {i}", "ai", "easy") for i in range(1, n)]
    tables.open_table(ui.app, TableConfig("azi", seats, {"starting_stack": 200}))
    table = ui.top
    ui.step(1)
    table.timeline.finish_all()
    table.mover.finish_all()
    table.controller = table.make_source(in_tricks(n)).controller
    table.rebuild_sprites()
    table.source.paused = True  # nobody moves while the geometry is read
    w = table._card_w()
    centre = table.layout.oval.center
    table.trick = [(s, table.hands.new_card(9 + s, centre, w)) for s in range(1, n)]
    table.taken = [[table.hands.new_card(HIDDEN, centre, w, face_up=False) for _ in range(n)]
                   for _ in range(n)]
    table.shown.tricks = [1] * n
    table.hands.arrange(instant=True)
    if not table.move_log.shown:
        table.move_log.toggle()
    table.layout_panels()
    return table


def drawn_rects(table, sprites) -> list[pygame.Rect]:
    """Where ``sprites`` are drawn (rotation included)."""
    scratch = pygame.Surface(table.app.size, pygame.SRCALPHA)
    return [s.draw(scratch, table.app.cards) for s in sprites if not s.covered]


def union(rects: list[pygame.Rect]) -> pygame.Rect:
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)
