"""Where the Azi table lays each seat's won tricks: free felt near the seat's plate, clear of
the plates, hands, stock, trump, trick cards and the piles placed before."""

from __future__ import annotations

from typing import Any

import pygame

from ..trump_view import stock_badge_rect, trump_rect


def pile_spots(table: Any) -> list[tuple[float, float]]:
    """Every seat's pile of won tricks, with its "Tricks" label, on free felt: above the
    bottom plate; for the others below the plate, else beside it towards the middle, else
    above it — the first place that touches no plate, hand, the stock and trump, the
    trick's cards or a pile placed before."""
    small = table._small_w()
    small_h = small * 1.4
    gap = round(6 * table.layout.scale)
    window = pygame.Rect((0, 0), table.layout.size)
    blockers = [table.deck_rect()] + [table.trick_card_rect(s) for s in range(table.n)]
    for seat in range(table.n):
        blockers += [table.shared.seat_layout(seat).plate, table.shared.seat_layout(seat).hand]
    spots = []
    for seat in range(table.n):
        plate = table.shared.seat_layout(seat).plate
        if table.shared.is_bottom(seat):  # above the Log and Last trick buttons over the plate
            s = table.layout.scale
            buttons = [b.rect.top for key, b in table.buttons.corner.items()
                       if key in ("table.log_button", "table.peek_button")]
            top = min(buttons, default=plate.top - round(40 * s))
            y = top - round(6 * s) - small_h * 0.62
            # over the plate's middle, else against the window's edge (with no seat on the
            # left the stock and its badge come down to there)
            lay = table.layout
            felt = [lay.talon, trump_rect(lay), stock_badge_rect(lay), lay.discard,
                    *blockers[1 + table.n:]]
            ground = table.pile_ground((0, 0), seat)
            candidates = [(plate.centerx, y), (plate.left - ground.left, y)]
            rows = sorted((b.rect for key, b in table.buttons.corner.items()
                           if key in ("table.log_button", "table.peek_button")),
                          key=lambda r: r.top)
            if len(rows) > 1 and rows[0].top < rows[1].top:
                # buttons one a row: beside the narrower top one, leaving the felt above them
                # to the seat on the left
                beside = (rows[0].right + gap - ground.left, rows[0].bottom - ground.bottom)
                if table.pile_ground(beside, seat).right < table.shared.seat_layout(seat).hand.left:
                    candidates.insert(0, beside)
            spot = next((c for c in candidates
                         if table.pile_ground(c, seat).collidelist(felt) < 0), candidates[0])
        else:
            inner = 1 if plate.centerx <= table.layout.oval.centerx else -1
            trial = table.pile_ground((0, 0), seat)  # the pile's reach round its spot
            below = (plate.centerx, plate.bottom + gap - trial.top)
            candidates = [
                below,
                (plate.centerx + inner * plate.width * 0.3, below[1]),
                ((plate.right + gap - trial.left) if inner > 0
                 else (plate.left - gap - trial.right), plate.centery),
                (plate.centerx, plate.top - gap - trial.bottom),
            ]
            oval = table.layout.oval
            if abs(plate.centerx - oval.centerx) > oval.width * 0.3:
                # beside the plate first: the edge below stays free for the move log
                candidates.insert(0, candidates.pop(2))
            fits = [c for c in candidates
                    if window.contains(table.pile_ground(c, seat))
                    and table.pile_ground(c, seat).collidelist(blockers) < 0]
            spot = (fits or candidates)[0]
        spots.append(spot)
        blockers.append(table.pile_ground(spot, seat))
    return spots


def pile_rect(table: Any, spot: tuple[float, float]) -> pygame.Rect:
    """The ground a pile of two won tricks (a game's most before it ends) at ``spot`` covers,
    turned cards and the little steps between a trick's cards included."""
    small = table._small_w()
    h = small * 1.4
    turned_w, turned_h = small * 0.99 + h * 0.14, h * 0.99 + small * 0.14  # turned by 8°
    steps = 1.5 * (table.n - 1)
    left = spot[0] - small * 0.4 - turned_w / 2
    right = spot[0] + small * 0.15 + turned_w / 2 + steps
    top = spot[1] - turned_h / 2 - steps
    return pygame.Rect(round(left), round(top), round(right - left),
                       round(turned_h + steps))
