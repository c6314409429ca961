"""Chips like at a real table: every player's stake as a stack on the felt in front of him,
the bank as a stack in the middle, and piles that fly between a plate, a stake and the bank.

A bet leaves the plate and lands on the player's stake stack (which grows as he bets); the bank
tag counts it on landing. At the payout the stakes are swept into the middle, and the bank (or
each all-in share) flies to whoever receives it. A blind player's stack is marked, because his
chips count double (docs/rules/azi.md, "Blind bets").

A part the Azi table owns (:class:`Stakes`), with its own state: the piles in flight and the
stakes' places for the window's size. It reads the shared view and the few things of the table
a stake must keep clear of (:class:`StakeGround`); the events tell it who pays in and who is
paid.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from sprites.chips import draw_chip_stack
from sprites.tween import Tween, ease_in_out_cubic

from ...i18n import tr
from ...widgets import CREAM, text_surface
from ..motion import Mover
from ..trump_view import stock_badge_rect, trump_rect
from .chips import ChipPile, draw_amount_tag
from .shown import Shown
from .stake_spots import own_spot

CHIP_SECONDS = 0.45  # a pile of chips sliding between two places at normal speed
STAKE_CHIPS = 6  # the most chips a stake stack shows (big stakes use bigger chips)
STAKE_TAG_H = 22  # the chip count under a stake stack, at scale 1
NOTE_SCALE = 0.85  # the blind note's size next to the bank's tag
# Where no place beside the seat is free (stake_spots.py), the stake goes on the line from the
# plate to the bank:
_STAKE_STEPS = (0.34, 0.44, 0.26, 0.52)  # how far from plate to bank a stake may lie, in order
_FAR_STEPS = (0.6, 0.68, 0.18)  # then these, still short of the bank
_SHIFTS = (0.0, 1.8, -1.8, 3.2, -3.2)  # how far beside that line, in chip widths
# near the line first, then farther along it, and only then wide of it.
_TRIES = ((_SHIFTS, _STAKE_STEPS), (_SHIFTS, _FAR_STEPS), ((4.6, -4.6), _STAKE_STEPS + _FAR_STEPS))


Mark = Callable[[str, pygame.Rect | None], None]  # the scene notes words drawn on a rect


class StakeGround(Protocol):
    """What the stakes read of the Azi table: the numbers shown, and the trick and the won
    tricks they must stand clear of."""

    shown: Shown
    trick: list[tuple[int, Any]]
    taken: list[list[Any]]
    panel: Any  # the bidding panel: its ``rect`` over the felt's corner, ``visible`` on a turn

    def trick_card_rect(self, seat: int) -> pygame.Rect:
        """The ground ``seat``'s trick card covers."""
        ...

    def taken_spot(self, seat: int) -> tuple[float, float]:
        """Where ``seat``'s won tricks lie."""
        ...

    def pile_ground(self, spot: tuple[float, float], seat: int) -> pygame.Rect:
        """A pile of won tricks at ``spot`` with its label."""
        ...


class Stakes:
    """The chips' places and flights on the Azi table."""

    def __init__(self, shared: Any, ground: StakeGround, mover: Mover, *, blind_bets: bool,
                 mark: Mark) -> None:
        self.shared = shared
        self.ground = ground
        self.mover = mover  # the scene's: its chips keep the animation speed of the cards
        self.blind_bets = blind_bets  # a blind player's stake is marked "counts double"
        self.mark = mark
        self.piles: list[ChipPile] = []  # chips in flight
        self._spots_key: tuple | None = None  # the layout the stakes' places were found for
        self._spots: list[tuple[int, int]] = []

    def clear(self) -> None:
        """Drop the chips in flight (the table is laid afresh)."""
        self.piles = []

    # --- where ---------------------------------------------------------------------------------
    def chip_diameter(self) -> int:
        """Chip size on the table."""
        return max(18, round(30 * self.shared.layout.scale))

    def plate_point(self, seat: int) -> tuple[int, int]:
        """Where chips leave and reach a seat: its plate."""
        return self.shared.seat_layout(seat).plate.center

    def bank_spot(self) -> tuple[int, int]:
        """The bank's chips: the middle of the ring of trick cards."""
        layout = self.shared.layout
        cx, cy = layout.oval.center
        return cx, round(cy - layout.table_card_width * 0.12)

    def bank_rect(self) -> pygame.Rect:
        """The bank's stack and its amount tag."""
        bx, by = self.bank_spot()
        d = round(self.chip_diameter() * 1.35)
        rect = pygame.Rect(0, 0, d + 2, round(d * 1.4))
        rect.midbottom = (bx, by + round(d * 0.4))
        return rect.union(pygame.Rect(bx - d, by, 2 * d,
                                      round(self.shared.layout.table_card_width * 0.5)))

    def stake_rect(self, centre: tuple[float, float]) -> pygame.Rect:
        """The felt a stake stack standing on ``centre`` covers (its tallest stack, and the tag
        under it that says how many chips it holds)."""
        d = self.chip_diameter()
        s = self.shared.layout.scale
        rect = pygame.Rect(0, 0, max(d + 4, round(50 * s)),
                           round(d * (0.7 + 0.11 * STAKE_CHIPS)) + 4 + round(STAKE_TAG_H * s))
        rect.midbottom = (round(centre[0]), round(centre[1] + d * 0.42 + STAKE_TAG_H * s))
        return rect

    def rects(self, *, every: bool = False) -> list[pygame.Rect]:
        """The bank and the stakes standing now (``every``: each seat's stake place)."""
        return [self.bank_rect()] + [self.stake_rect(self.stake_spot(s))
                                     for s in range(self.shared.n)
                                     if every or self.stake_shown(s) > 0]

    def seats_ground(self) -> list[pygame.Rect]:
        """Every seat's plate, hand, stake place and won tricks (what the corner's words keep
        clear of)."""
        ground = self.rects(every=True)[1:]
        for seat in range(self.shared.n):
            ground += [self.shared.seat_layout(seat).plate, self.shared.seat_layout(seat).hand,
                       self.ground.pile_ground(self.ground.taken_spot(seat), seat)]
        return ground

    def _stake_blockers(self) -> list[pygame.Rect]:
        shared, ground = self.shared, self.ground
        lay = shared.layout
        # the status line's band: its pill grows with the language's words ("Ouvrez les
        # enchères (au moins 10) ou couchez-vous"), so no stake stands level with it
        band = pygame.Rect(0, lay.message.y, lay.size[0], lay.message.height).inflate(
            0, round(12 * lay.scale))
        # the upright trump and the stock's lifted top cards with their shadow
        edge = round(8 * lay.scale)
        blockers = [lay.talon.inflate(edge, 2 * edge), trump_rect(lay).inflate(edge, edge),
                    lay.trump, self.bank_rect(), band, stock_badge_rect(lay)]
        if shared.config.options.get("cards_dealt", 3) > 3:  # only four cards make discards
            blockers.append(lay.discard)
        # the bidding panel's corner of the felt (it is as tall as its rows: a row or two
        # above the status line, when it has none yet)
        panel = ground.panel.rect
        top = min(panel.top, lay.message.top - round(60 * lay.scale))
        blockers.append(pygame.Rect(panel.x, top, panel.width, lay.size[1] - top))
        for other in range(shared.n):
            seat_lay = shared.seat_layout(other)
            blockers += [seat_lay.plate, seat_lay.hand,
                         ground.pile_ground(ground.taken_spot(other), other)]
        for other in range(shared.n):
            blockers.append(ground.trick_card_rect(other))
        return blockers

    def places_key(self) -> tuple:
        """What the seats' places follow from: the layout, and the seat at the bottom (a hot
        seat table turns)."""
        layout = self.shared.layout
        return (id(layout), layout.size, self.shared.n, self.shared.view.bottom)

    def stake_spot(self, seat: int) -> tuple[int, int]:
        """Where ``seat``'s stake stands (found once per layout: see :meth:`_free_stake_spot`)."""
        key = self.places_key()
        if self._spots_key != key:
            spots: list[tuple[int, int]] = []
            for other in range(self.shared.n):
                spots.append(self._free_stake_spot(
                    other, [self.stake_rect(s).inflate(6, 6) for s in spots]))
            self._spots_key, self._spots = key, spots
        return self._spots[seat]

    def _free_stake_spot(self, seat: int, placed: list[pygame.Rect]) -> tuple[int, int]:
        """Beside ``seat``'s own plate and hand, towards the bank, clearly nearer them than any
        other seat's (scenes/table/azi/stake_spots.py), touching no plate, hand, pile, trick
        card, the bank, the status line or a stake ``placed`` before; where no such place is
        left, on the line from the plate to the bank."""
        shared = self.shared
        d = self.chip_diameter()
        lay = shared.seat_layout(seat)
        # nearer its own seat than any other seat, and than the stakes placed before: two
        # stacks side by side between two players would read as either one's
        others = [[shared.seat_layout(o).plate, shared.seat_layout(o).hand]
                  for o in range(shared.n) if o != seat] + [[r] for r in placed]
        # a few pixels of felt round everything (so the rings start 4 px off the seat)
        blockers = [r.inflate(6, 6) for r in self._stake_blockers()] + placed
        for step in (d / 3, d / 6):  # coarse places first; finer ones only in a tight corner
            spot = own_spot([lay.plate, lay.hand], others, self.stake_rect((0, 0)), blockers,
                            shared.layout.oval, lay.bet, step=max(2, step),
                            margin=d * 0.5, reach=d * 6, spread=d * 0.5, start=4)
            if spot is not None:
                return spot
        return self._line_spot(seat, blockers)

    def _line_spot(self, seat: int, blockers: list[pygame.Rect]) -> tuple[int, int]:
        """On the line from ``seat``'s plate to the bank, at the first distance where the stake
        touches none of ``blockers``."""
        px, py = self.plate_point(seat)
        bx, by = self.bank_spot()
        length = max(1.0, ((bx - px) ** 2 + (by - py) ** 2) ** 0.5)
        side = (-(by - py) / length, (bx - px) / length)  # across the line
        d = self.chip_diameter()
        # nearer the bank only when nothing nearer the player is free
        for shift, t in [(sh, t) for shifts, steps in _TRIES for sh in shifts for t in steps]:
            spot = (round(px + (bx - px) * t + side[0] * shift * d),
                    round(py + (by - py) * t + side[1] * shift * d))
            if self.stake_rect(spot).collidelist(blockers) < 0:
                return spot
        return round(px + (bx - px) * _STAKE_STEPS[0]), round(py + (by - py) * _STAKE_STEPS[0])

    # --- what is shown -------------------------------------------------------------------------
    def _flying(self, kind: str, seat: int | None = None) -> int:
        return sum(p.amount for p in self.piles
                   if p.kind == kind and (seat is None or p.seat == seat))

    def stake_shown(self, seat: int) -> int:
        """``seat``'s stake stack: his stake less the chips still flying to it."""
        return max(0, self.ground.shown.stakes[seat] - self._flying("stake", seat))

    def bank_stack_shown(self) -> int:
        """The chips in the middle: the bank less what stands in front of the players."""
        return max(0, self.ground.shown.bank
                   - sum(self.stake_shown(s) for s in range(self.shared.n))
                   - self._flying("sweep"))

    # --- moving --------------------------------------------------------------------------------
    def slide_chips(self, chips: int, start: tuple[float, float], end: tuple[float, float],
                    on_land: Callable[[], None], *, delay: float = 0.0, kind: str = "",
                    seat: int = -1) -> None:
        """A pile of ``chips`` sliding from ``start`` to ``end``; ``on_land`` when it arrives."""
        if chips <= 0:
            on_land()
            return
        pile = ChipPile(chips, start, self.chip_diameter(), max_chips=5, kind=kind, seat=seat)
        self.piles.append(pile)

        def landed() -> None:
            if pile in self.piles:
                self.piles.remove(pile)
            on_land()

        self.mover.run(pile, Tween(pile, "pos", (float(end[0]), float(end[1])), CHIP_SECONDS,
                                   ease_in_out_cubic, delay=delay, on_done=landed))

    def to_bank(self, seat: int, chips: int) -> None:
        """``seat`` puts ``chips`` in: off his stack now, onto his stake in front of him (and
        into the bank's count) when they land."""
        shown = self.ground.shown
        shown.pay_in(seat, chips)

        def land() -> None:
            shown.bank += chips

        self.slide_chips(chips, self.plate_point(seat), self.stake_spot(seat), land,
                         kind="stake", seat=seat)
        self.shared.app.sounds.play("chips", 0.55)

    def sweep_stakes(self) -> float:
        """The stakes in front of the players slide into the middle (the game is decided);
        returns the seconds until they are there."""
        swept = False
        for seat in range(self.shared.n):
            chips = self.stake_shown(seat)
            if chips > 0:
                self.slide_chips(chips, self.stake_spot(seat), self.bank_spot(), lambda: None,
                                 kind="sweep", seat=seat)
                swept = True
        self.ground.shown.stakes = [0] * self.shared.n
        return CHIP_SECONDS if swept else 0.0

    def from_bank(self, seat: int, chips: int, delay: float = 0.0) -> None:
        """The bank pays ``chips`` to ``seat``: the bank shrinks now, the stack when they land."""
        shown = self.ground.shown
        shown.bank -= chips

        def land() -> None:
            shown.stacks[seat] += chips

        self.slide_chips(chips, self.bank_spot(), self.plate_point(seat), land, delay=delay)

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The bank's chips in the middle, every stake in front of its player, the bank's
        amount (and what an azi carried over) under the middle."""
        s, shown = self.shared.layout.scale, self.ground.shown
        bx, by = self.bank_spot()
        middle = self.bank_stack_shown()
        if middle > 0:
            draw_chip_stack(surface, middle, (bx, by), round(self.chip_diameter() * 1.35), 8)
        self.draw_stakes(surface)
        label = tr("azi.bank", chips=shown.bank)
        if shown.carried:
            label += "  \u00b7  " + tr("azi.carried", chips=shown.carried)
        width = self.shared.layout.table_card_width
        self.mark("bank", draw_amount_tag(surface, label, (bx, by + round(width * 0.36)), s))

    def draw_flying(self, surface: pygame.Surface) -> None:
        """The chips in flight, over the cards."""
        for pile in self.piles:
            pile.draw(surface)

    def draw_stakes(self, surface: pygame.Surface) -> None:
        """Every stake stack in front of its player; a blind player's is marked "counts
        double"."""
        shown = self.ground.shown
        for seat in range(self.shared.n):
            chips = self.stake_shown(seat)
            if chips <= 0:
                continue
            spot = self.stake_spot(seat)
            drawn = draw_chip_stack(surface, chips, spot, self.chip_diameter(), STAKE_CHIPS)
            # a few big chips do not say "30" by themselves: the count under the stack does
            s = self.shared.layout.scale
            self.mark(f"stake {seat}", drawn)
            self.mark(f"stake amount {seat}", draw_amount_tag(
                surface, str(chips), (drawn.centerx, round(spot[1] + self.chip_diameter() * 0.42
                                                           + STAKE_TAG_H * s / 2)),
                s, gold=False, size=13))
            if self.blind_bets and not shown.looked[seat] and shown.in_game(seat):
                self.draw_blind_note(surface, seat, drawn)

    def blind_note_rect(self, seat: int, stack: pygame.Rect) -> pygame.Rect:
        """Where the "blind: counts double" note of ``seat``'s stack goes (see
        :meth:`blind_note`)."""
        return self.blind_note(seat, stack)[1]

    def blind_note(self, seat: int, stack: pygame.Rect) -> tuple[str, pygame.Rect]:
        """The note's words and place: beside the stack, towards the middle of the table, else
        on its other side, where it covers no plate, hand, stake, the bank, the stock's badge
        or the status line; where neither side is free (long words on a small window), the
        short "×2"."""
        layout = self.shared.layout
        scale = layout.scale * NOTE_SCALE
        gap = round(4 * layout.scale)
        inward = self.plate_point(seat)[0] <= layout.oval.centerx
        blockers = self._note_blockers(seat)
        first = None
        for key in ("azi.stake.blind_double", "azi.stake.double_short"):
            label = text_surface(tr(key), "bold", max(10, round(13 * scale)), CREAM)
            rect = pygame.Rect(0, 0, label.get_width() + 2 * round(10 * scale),
                               label.get_height() + 2 * round(3 * scale))
            for right in (inward, not inward):
                if right:
                    rect.midleft = (stack.right + gap, stack.centery)
                else:
                    rect.midright = (stack.left - gap, stack.centery)
                first = first or (key, pygame.Rect(rect))
                if layout.oval.contains(rect) and rect.collidelist(blockers) < 0:
                    return key, pygame.Rect(rect)
        assert first is not None
        return first

    def _note_blockers(self, seat: int) -> list[pygame.Rect]:
        """What a blind note must keep clear of, with a pixel of felt around it."""
        shared, ground = self.shared, self.ground
        lay = shared.layout
        band = pygame.Rect(0, lay.message.y, lay.size[0], lay.message.height).inflate(
            0, round(12 * lay.scale))
        words = tr("azi.bank", chips=ground.shown.bank)  # the bank's tag, as wide as its words
        tag = text_surface(words, "bold", max(10, round(17 * lay.scale)), CREAM).get_rect()
        tag = tag.inflate(round(20 * lay.scale) + 24, round(6 * lay.scale))
        bx, by = self.bank_spot()
        tag.center = (bx, by + round(lay.table_card_width * 0.36))
        rects = [lay.talon, lay.trump, tag, stock_badge_rect(lay), band]
        if self.bank_stack_shown() > 0:  # chips in the middle (a bank carried over)
            rects.append(self.bank_rect())
        if ground.panel.visible:
            rects.append(ground.panel.rect)
        for other in range(shared.n):
            rects += [shared.seat_layout(other).plate, shared.seat_layout(other).hand]
            if other != seat and self.stake_shown(other) > 0:
                rects.append(self.stake_rect(self.stake_spot(other)))
            if ground.taken[other]:
                rects.append(ground.pile_ground(ground.taken_spot(other), other))
        rects += [ground.trick_card_rect(other) for other, _ in ground.trick]
        return [r.inflate(4, 4) for r in rects]

    def draw_blind_note(self, surface: pygame.Surface, seat: int, stack: pygame.Rect) -> None:
        """The note on a dark pill, so it reads on the felt."""
        key, rect = self.blind_note(seat, stack)
        self.mark(f"counts double {seat}", draw_amount_tag(
            surface, tr(key), rect.center, self.shared.layout.scale * NOTE_SCALE, gold=False,
            size=13))
