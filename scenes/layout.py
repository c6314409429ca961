"""Where things go on the table, computed from the window size and the number of players.

Seat 0 is the viewer, at the bottom; the other seats follow clockwise around an oval (seat 1
on the viewer's left, as cards are dealt clockwise). Everything scales with the window; the
tests check that no two seats, hands or table areas overlap from 2 to 6 players at 1280×720
and 800×600.

    layout = table_layout((1280, 720), 4)
    layout.seats[0].hand            # the viewer's hand area (fan it with fan_positions)
    layout.seats[2].plate           # the name plate of the player opposite
    layout.centre, layout.talon, layout.trump, layout.discard, layout.bank
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

CARD_ASPECT = 1.4
# a playable card's glow reaches this share of its width (at least GLOW_PX) beyond each edge
# (sprites/cards.py draws it 3 × max(2, width // 30) pixels wide)
GLOW, GLOW_PX = 0.1, 6

# Angles (degrees, screen coordinates: 90 = bottom, 180 = left, 270 = top) of the opponents,
# in clockwise order starting at the viewer's left, tuned per table size to look balanced.
_SEAT_ANGLES = {
    2: (270,),
    3: (212, 328),
    4: (180, 270, 360),
    5: (178, 234, 306, 362),
    6: (176, 222, 270, 318, 364),
}


@dataclass(frozen=True)
class SeatLayout:
    """One seat: its name plate, the area its hand is drawn in, and its spots on the felt."""

    index: int
    side: str  # "bottom", "left", "top" or "right": which edge of the table the seat is at
    anchor: tuple[int, int]  # the seat's point on the table's edge
    plate: pygame.Rect  # name, chips or card count, status ("thinking…", "took")
    hand: pygame.Rect  # where this seat's cards are drawn
    card_width: int  # card width for this hand
    bet: tuple[int, int]  # where this seat's chips in front of it go
    trick: tuple[int, int]  # where this seat's card of the current trick lands (Azi)

    def area(self) -> pygame.Rect:
        """Plate and hand together."""
        return self.plate.union(self.hand)


@dataclass(frozen=True)
class TableLayout:
    """Every area of the table for one window size and number of players."""

    size: tuple[int, int]
    num_players: int
    scale: float  # 1.0 at 1280×720; fonts and margins can use it
    oval: pygame.Rect  # the felt oval (draw it with sprites.felt.table_surface)
    seats: tuple[SeatLayout, ...]
    centre: pygame.Rect  # table cards (Durak battle), the trick and bank (Azi)
    table_card_width: int  # card width for cards on the felt
    talon: pygame.Rect  # the stock (Durak talon, Azi deck)
    trump: pygame.Rect  # the trump indicator, turned sideways under the talon
    discard: pygame.Rect  # the discard pile
    bank: tuple[int, int]  # where the bank's chips sit (Azi)
    message: pygame.Rect  # a line of status text just above the viewer's hand
    actions: pygame.Rect  # the viewer's action buttons (take, pass, bet …), bottom right

    def seat_rects(self) -> list[pygame.Rect]:
        """Plate and hand of every seat (for overlap checks)."""
        rects = []
        for seat in self.seats:
            rects += [seat.plate, seat.hand]
        return rects


def _side(angle: float) -> str:
    a = angle % 360
    if 45 <= a < 135:
        return "bottom"
    if 135 <= a < 200:
        return "left"
    if a >= 340 or a < 45:
        return "right"
    return "top"


def table_layout(size: tuple[int, int], num_players: int) -> TableLayout:
    """The layout for ``num_players`` (2–6) in a window of ``size`` pixels."""
    if num_players not in _SEAT_ANGLES:
        raise ValueError(f"a table seats 2 to 6 players, not {num_players}")
    w, h = size
    u = min(
        w / 1100, h / 720
    )  # 1.0 at 1280×720; narrow windows shrink less than they would by width
    margin = max(6, round(10 * u))
    hand_w = max(56, min(170, round(104 * u)))  # the viewer's card width
    opp_w = max(30, round(hand_w * 0.5))
    table_w = max(44, round(hand_w * 0.8))

    # bottom strip: [plate][hand][actions]
    hand_h = round(hand_w * CARD_ASPECT + hand_w * 0.28)  # room for the fan's arc and a lift
    plate_w, plate_h = round(190 * u), round(58 * u)
    actions_w = round(236 * u)
    bottom = h - margin
    hand_left = margin * 2 + plate_w
    hand_right = w - margin * 2 - actions_w
    hand0 = pygame.Rect(hand_left, bottom - hand_h, hand_right - hand_left, hand_h)
    plate0 = pygame.Rect(margin, bottom - plate_h - round(hand_h * 0.2), plate_w, plate_h)
    actions = pygame.Rect(hand_right + margin, bottom - hand_h, actions_w, hand_h)
    message = pygame.Rect(hand0.left, hand0.top - round(34 * u), hand0.width, round(30 * u))

    oval = pygame.Rect(round(w * 0.05), round(h * 0.045), round(w * 0.9), round(h * 0.76))
    cx, cy = oval.centerx, oval.centery
    rx, ry = oval.width / 2, oval.height / 2

    seats = [SeatLayout(0, "bottom", (w // 2, bottom), plate0, hand0, hand_w,
                        (w // 2, hand0.top - round(70 * u)), (cx, cy + round(table_w * 1.0)))]
    group_w = round(176 * u)
    opp_plate_h = round(52 * u)
    opp_hand_h = round(opp_w * CARD_ASPECT + 6 * u)
    group_h = opp_plate_h + opp_hand_h + round(4 * u)
    for index, angle in enumerate(_SEAT_ANGLES[num_players], start=1):
        a = math.radians(angle)
        ax, ay = cx + rx * 0.98 * math.cos(a), cy + ry * 0.98 * math.sin(a)
        group = pygame.Rect(0, 0, group_w, group_h)
        group.center = (round(ax), round(ay))
        group.clamp_ip(pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin))
        hand = pygame.Rect(group.left, group.top, group_w, opp_hand_h)
        plate = pygame.Rect(group.left, hand.bottom + round(4 * u), group_w, opp_plate_h)
        toward = (cx - group.centerx, cy - group.centery)
        dist = math.hypot(*toward) or 1.0
        reach = group_h * 0.5 + 34 * u
        bet = (round(group.centerx + toward[0] / dist * reach),
               round(group.centery + toward[1] / dist * reach))
        trick = (round(cx + math.cos(a) * table_w * 1.6), round(cy + math.sin(a) * table_w * 1.0))
        seats.append(SeatLayout(index, _side(angle), (round(ax), round(ay)), plate, hand, opp_w,
                                bet, trick))

    # the centre: below the top seats, above the message line, between the side seats
    top_edge = max([s.area().bottom for s in seats[1:] if s.side == "top"] + [oval.top]) + margin
    left_edge = max([s.area().right for s in seats[1:] if s.side == "left"] + [oval.left]) + margin
    right_edge = (
        min([s.area().left for s in seats[1:] if s.side == "right"] + [oval.right]) - margin
    )
    centre_bottom = message.top - margin
    pile_w = round(table_w * 1.75) + margin  # talon and discard sit at the centre's ends
    talon = pygame.Rect(0, 0, table_w, round(table_w * CARD_ASPECT))
    # the talon covers the right part of the turned trump, whose index stays in view
    talon.midleft = (left_edge + round(table_w * 0.75), (top_edge + centre_bottom) // 2)
    trump = pygame.Rect(0, 0, round(table_w * CARD_ASPECT), table_w)
    trump.midleft = (left_edge, talon.centery)
    discard = talon.copy()
    discard.midright = (right_edge - round(table_w * 0.2), talon.centery)
    centre = pygame.Rect(left_edge + pile_w + margin, top_edge,
                         right_edge - left_edge - 2 * (pile_w + margin), centre_bottom - top_edge)
    bank = centre.center  # Azi: the bank in the middle, the trick's cards around it
    return TableLayout((w, h), num_players, u, oval, tuple(seats), centre, table_w, talon, trump,
                       discard, bank, message, actions)


def fan_positions(
    count: int,
    area: pygame.Rect,
    card_width: int,
    *,
    arc: bool = True,
    max_step: float = 0.62,
    max_angle: float = 3.0,
) -> list[tuple[float, float, float]]:
    """Centres and rotations (x, y, degrees) of ``count`` cards fanned inside ``area``.

    Cards overlap by as much as needed to fit; with ``arc`` the fan is gently curved like a
    hand held up (middle cards higher, outer cards turned outwards).
    """
    if count <= 0:
        return []
    card_h = card_width * CARD_ASPECT
    mid = (count - 1) / 2
    per_card = min(max_angle, 24.0 / max(1, count)) if arc else 0.0
    step = card_width * max_step
    if count > 1:
        # a fan's outer cards are turned: their corners and glow reach out beyond their width
        reach = turned_width(card_width, mid * per_card) if arc else card_width * 1.08
        step = min(step, (area.width - reach) / (count - 1))
    x0 = area.centerx - step * (count - 1) / 2
    base_y = area.bottom - card_h / 2 - (card_width * 0.16 if arc else (area.height - card_h) / 2)
    positions = []
    for i in range(count):
        offset = i - mid
        angle = -offset * per_card
        # outer cards sit a little lower: at most a tenth of a card width at the ends
        drop = (offset / mid) ** 2 * card_width * 0.1 * min(1.0, mid / 2.5) if arc and mid else 0.0
        positions.append((x0 + i * step, base_y + drop, angle))
    return positions


def turned_width(card_width: int, angle: float) -> float:
    """How wide a card ``card_width`` pixels wide, turned by ``angle`` degrees, is drawn, with
    the glow of a playable card around it."""
    a = math.radians(abs(angle))
    glow = 2 * max(GLOW_PX, card_width * GLOW)
    w, h = card_width + glow, card_width * CARD_ASPECT + glow
    return w * math.cos(a) + h * math.sin(a) + 2  # and a pixel each side the turn rounds up


ROW_STEP = 0.44  # an opponent's row shows this share of every card: the whole corner index


def row_card_width(count: int, area: pygame.Rect, card_width: int) -> int:
    """The card width of a row of ``count`` cards in ``area``: ``card_width``, or smaller when
    the row would otherwise overlap the cards' corner indices (never below ~half of it)."""
    if count <= 1:
        return card_width
    fits = area.width / (1.08 + ROW_STEP * (count - 1))
    return int(max(min(card_width, fits), max(24, card_width * 0.5)))


def row_positions(count: int, area: pygame.Rect, card_width: int,
                  max_step: float = ROW_STEP) -> list[tuple[float, float, float]]:
    """Centres of ``count`` cards in a tight overlapping row centred in ``area`` (no turn)."""
    return fan_positions(count, area, card_width, arc=False, max_step=max_step)


def battle_positions(
    count: int, layout: TableLayout
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """For Durak: where attack card ``i`` and the card beating it go, for ``count`` attacks.

    Up to 6 pairs: one row if they fit the centre, else two rows of three. Each pair is the
    attack card and, offset down and right, its defence (the attack's corner index stays in
    view).
    """
    w = layout.table_card_width
    h = w * CARD_ASPECT
    dx, dy = w * 0.36, h * 0.25
    pair_w, pair_h = w + dx + w * 0.16, h + dy + h * 0.06
    area = layout.centre
    per_row = 6 if pair_w * 6 <= area.width else 3
    rows = 1 if count <= per_row else 2
    if rows == 2:  # squeeze the rows together if the centre is short
        pair_h = min(pair_h, max(h * 0.7, area.height - h - dy))
    slots = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        x = area.centerx + (col - (in_row - 1) / 2) * pair_w - dx / 2
        y = area.centery + (row - (rows - 1) / 2) * pair_h - dy / 2
        slots.append(((x, y), (x + dx, y + dy)))
    return slots
