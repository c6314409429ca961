"""The Azi table's own controls, drawn by hand on the felt: the bidding panel and the azi question.

Both are plain objects the table scene owns: ``layout(rect, scale)`` places them,
``handle_event(event)`` returns the engine action a click or key chose (or None), and
``draw(surface)`` paints them. The bidding panel offers only what ``legal_actions()`` allows
(see ``scenes.table.azi.choices``): fold, call with its price, a raise slider with − / + steps over
the legal levels, all-in when offered, and "look at your cards" while blind.

Keys: F fold, C call (Enter too), R bet/raise, A all-in, L look, ← → or the wheel move the
raise level, PgUp/PgDn jump by five levels, Home/End go to the lowest/highest.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import pygame

from engine.azi.constants import ALL_IN, BET_BASE, CALL, FOLD, JOIN_AZI, LOOK, SKIP_AZI

from ...i18n import number, tr
from ...widgets import CREAM, GOLD, GOLD_DEEP, MUTED, draw_panel, text_surface
from .choices import BidChoices, nearest_level, step_level

# Colours of theme.json's buttons, so the hand-drawn ones match the menus.
_NORMAL = ((23, 67, 46), (11, 37, 24), (184, 147, 63), CREAM)
_HOVER = ((35, 96, 63), (18, 58, 39), GOLD, (255, 247, 224))
_PRIMARY = ((201, 162, 74), (159, 122, 44), GOLD, (29, 20, 5))
_PRIMARY_HOVER = ((230, 197, 110), (184, 143, 58), (255, 241, 194), (18, 12, 2))
_DISABLED = ((14, 43, 29), (14, 43, 29), (63, 90, 72), (111, 132, 118))


@functools.lru_cache(maxsize=128)
def _button_face(size: tuple[int, int], colours: tuple, radius: int, border: int) -> pygame.Surface:
    """A rounded button body with a vertical gradient and a border (cached per look)."""
    w, h = size
    top, bottom, edge, _ = colours
    face = pygame.Surface((w, h), pygame.SRCALPHA)
    ramp = pygame.Surface((1, 2))
    ramp.set_at((0, 0), top)
    ramp.set_at((0, 1), bottom)
    ramp = pygame.transform.smoothscale(ramp, (w, h))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    face.blit(ramp, (0, 0))
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(face, edge, (0, 0, w, h), width=border, border_radius=radius)
    return face


@dataclass
class Button:
    """A hand-drawn button: a rect, a label, the action it stands for, and its look."""

    key: str  # which control it is ("fold", "call", "raise", …)
    text: str = ""
    action: int | None = None
    primary: bool = False
    enabled: bool = True
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hint: str = ""  # a small second line under the label (e.g. the chips a raise costs)

    def hit(self, pos: tuple[int, int]) -> bool:
        """True if ``pos`` is on the button and it can be pressed."""
        return self.enabled and self.rect.width > 0 and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, scale: float, hovered: bool) -> None:
        """Body, label and the optional hint line."""
        if self.rect.width <= 0:
            return
        if not self.enabled:
            colours = _DISABLED
        elif self.primary:
            colours = _PRIMARY_HOVER if hovered else _PRIMARY
        else:
            colours = _HOVER if hovered else _NORMAL
        radius = max(4, round(9 * scale))
        surface.blit(_button_face(self.rect.size, colours, radius, max(1, round(2 * scale))),
                     self.rect.topleft)
        h = self.rect.height
        size = max(11, min(round(20 * scale), round(h * (0.4 if self.hint else 0.48))))
        label = _fit(self.text, "display", size, colours[3], self.rect.width - round(10 * scale))
        if self.hint:
            hint_size = max(HINT_MIN, round(size * 0.7))
            hint = _fit(self.hint, "text", hint_size, colours[3], self.rect.width - 8,
                        smallest=HINT_MIN)
            total = label.get_height() + hint.get_height() - round(4 * scale)
            y = self.rect.centery - total // 2
            surface.blit(label, label.get_rect(midtop=(self.rect.centerx, y)))
            surface.blit(hint, hint.get_rect(midbottom=(self.rect.centerx, y + total)))
        else:
            surface.blit(label, label.get_rect(center=self.rect.center))


HINT_MIN = 12  # the smallest readable size of a button's second line, in pixels


def _fit(text: str, role: str, size: int, colour, width: int,
         smallest: int = 9) -> pygame.Surface:
    """Text rendered at ``size``, or smaller until it fits ``width`` pixels (not below
    ``smallest``)."""
    while True:
        image = text_surface(text, role, size, colour)
        if image.get_width() <= width or size <= smallest:
            return image
        size -= 1


class BiddingPanel:
    """Fold / Call N / − slider + / Bet or Raise to L / All-in N / Look, from ``BidChoices``."""

    def __init__(self) -> None:
        self.choices: BidChoices | None = None
        self.level = 0  # the raise level the slider shows
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.buttons: dict[str, Button] = {}
        self.track = pygame.Rect(0, 0, 0, 0)  # the slider's groove
        self.dragging = False
        self.hover: tuple[int, int] = (-1, -1)
        self._anchor = pygame.Rect(0, 0, 0, 0)

    @property
    def visible(self) -> bool:
        """True while a human bidder is choosing."""
        return self.choices is not None

    # --- content ------------------------------------------------------------------------------
    def show(self, choices: BidChoices | None) -> None:
        """Offer ``choices`` (None hides the panel); the slider starts at the lowest level."""
        if choices == self.choices:
            return
        self.choices = choices
        self.dragging = False
        if choices is not None and choices.levels:
            self.level = choices.levels[0]
        self._build()

    def set_level(self, level: float) -> None:
        """Move the slider to the offered level nearest ``level``."""
        if self.choices and self.choices.levels:
            self.level = nearest_level(self.choices.levels, level)
            self._label_raise()

    def _rows(self) -> list[list[str]]:
        c = self.choices
        rows: list[list[str]] = []
        if c is None:
            return rows
        wide_call = c.call_chips is not None and not self._call_fits_half()
        if wide_call:  # Call gets a row of its own, so its "put in … to match …" stays readable
            rows.append(["call"])
        else:
            rows.append(["fold"] + (["call"] if c.call_chips is not None else []))
        if c.levels:
            if len(c.levels) > 1:
                rows.append(["minus", "slider", "plus"])
            rows.append(["raise"])
        last = (["all_in"] if c.all_in_chips is not None else []) + (["look"] if c.look else [])
        if wide_call:
            last = ["fold"] + last
        if last:
            rows.append(last)
        return rows

    def _call_fits_half(self) -> bool:
        """Does the Call button's hint fit, at a readable size, in half the panel's width?"""
        button = self.buttons.get("call")
        if button is None or not self._anchor.width:
            return True
        s = self.scale
        cell = (self._anchor.width - round(20 * s) - round(7 * s)) / 2
        return text_surface(button.hint, "text", HINT_MIN, CREAM).get_width() <= cell - 8

    def _build(self) -> None:
        c = self.choices
        self.buttons = {}
        if c is None:
            return
        self.buttons["fold"] = Button("fold", tr("azi.bid.fold"), FOLD)
        if c.call_chips is not None:
            self.buttons["call"] = Button("call", tr("azi.bid.call", chips=c.call_chips), CALL,
                                          hint=tr("azi.bid.call_hint", chips=c.call_chips,
                                                  level=c.call_level))
        if c.levels:
            self.buttons["minus"] = Button("minus", "\u2212")
            self.buttons["plus"] = Button("plus", "+")
            self.buttons["raise"] = Button("raise", "", None, primary=True)
            self._label_raise()
        if c.all_in_chips is not None:
            self.buttons["all_in"] = Button("all_in", tr("azi.bid.all_in", chips=c.all_in_chips),
                                            ALL_IN, primary=not c.levels and c.call_chips is None)
        if c.look:
            self.buttons["look"] = Button("look", tr("azi.bid.look"), LOOK)
        self._place()

    def _label_raise(self) -> None:
        c, button = self.choices, self.buttons.get("raise")
        if c is None or button is None:
            return
        key = "azi.bid.bet" if c.opening else "azi.bid.raise"
        button.text = tr(key, level=self.level)
        button.action = BET_BASE + self.level
        cost = c.cost_of(self.level)
        button.hint = tr("azi.bid.pay_blind" if c.blind else "azi.bid.pay", chips=cost)
        if "minus" in self.buttons:
            self.buttons["minus"].enabled = self.level > c.levels[0]
            self.buttons["plus"].enabled = self.level < c.levels[-1]

    # --- geometry -----------------------------------------------------------------------------
    def layout(self, anchor: pygame.Rect, scale: float) -> None:
        """Place the panel in ``anchor`` (bottom right of the table), growing upwards to fit."""
        self._anchor = pygame.Rect(anchor)
        self.scale = scale
        self._place()

    def needed_height(self, scale: float | None = None) -> int:
        """Pixels the panel needs for its current rows."""
        s = self.scale if scale is None else scale
        rows = self._rows()
        return round(36 * s) + len(rows) * round(46 * s) + round(12 * s)

    def _place(self) -> None:
        s, anchor = self.scale, self._anchor
        rows = self._rows()
        if not rows or anchor.width == 0:
            self.rect = pygame.Rect(anchor.x, anchor.bottom, anchor.width, 0)
            return
        height = max(anchor.height, self.needed_height())
        self.rect = pygame.Rect(anchor.x, anchor.bottom - height, anchor.width, height)
        pad, gap = round(10 * s), round(7 * s)
        header = round(30 * s)
        top = self.rect.y + pad + header
        row_h = min(round(46 * s), (self.rect.bottom - pad - top + gap) // len(rows) - gap)
        width = self.rect.width - 2 * pad
        for r, row in enumerate(rows):
            y = top + r * (row_h + gap)
            if row == ["minus", "slider", "plus"]:
                small = round(row_h * 0.95)
                self.buttons["minus"].rect = pygame.Rect(self.rect.x + pad, y, small, row_h)
                self.buttons["plus"].rect = pygame.Rect(self.rect.right - pad - small, y, small,
                                                        row_h)
                groove_h = max(6, round(8 * s))
                left = self.rect.x + pad + small + round(14 * s)
                right = self.rect.right - pad - small - round(14 * s)
                self.track = pygame.Rect(left, y + (row_h - groove_h) // 2, right - left, groove_h)
                continue
            cell = (width - gap * (len(row) - 1)) / len(row)
            for i, key in enumerate(row):
                x = round(self.rect.x + pad + i * (cell + gap))
                self.buttons[key].rect = pygame.Rect(x, y, round(cell), row_h)
        if "minus" not in self._rows_flat(rows):
            self.track = pygame.Rect(0, 0, 0, 0)
            for key in ("minus", "plus"):
                if key in self.buttons:
                    self.buttons[key].rect = pygame.Rect(0, 0, 0, 0)

    @staticmethod
    def _rows_flat(rows: list[list[str]]) -> set[str]:
        return {key for row in rows for key in row}

    def knob_rect(self) -> pygame.Rect:
        """Where the slider's knob is drawn for the current level."""
        c = self.choices
        if c is None or len(c.levels) < 2 or self.track.width == 0:
            return pygame.Rect(0, 0, 0, 0)
        k = c.levels.index(self.level) / (len(c.levels) - 1)
        size = max(14, round(22 * self.scale))
        knob = pygame.Rect(0, 0, size, size)
        knob.center = (round(self.track.x + k * self.track.width), self.track.centery)
        return knob

    def _level_at(self, x: int) -> int:
        c = self.choices
        k = min(1.0, max(0.0, (x - self.track.x) / max(1, self.track.width)))
        return c.levels[round(k * (len(c.levels) - 1))]

    # --- input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> int | None:
        """The action a click or key chose, or None (the slider and steps only move the level)."""
        if self.choices is None:
            return None
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            if self.dragging:
                self.set_level_from_x(event.pos[0])
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            grab = self.track.inflate(0, round(24 * self.scale))
            if self.track.width and (grab.collidepoint(event.pos)
                                     or self.knob_rect().collidepoint(event.pos)):
                self.dragging = True
                self.set_level_from_x(event.pos[0])
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dragging:
                self.dragging = False
                return None
            for button in self.buttons.values():
                if button.hit(event.pos):
                    return self._press(button)
            return None
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self.hover):
            self.nudge(1 if event.y > 0 else -1)
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return None

    def set_level_from_x(self, x: int) -> None:
        """Drag the slider to screen x."""
        if self.choices and len(self.choices.levels) > 1:
            self.level = self._level_at(x)
            self._label_raise()

    def nudge(self, steps: int) -> None:
        """Move the raise level by ``steps`` offered levels."""
        if self.choices and self.choices.levels:
            self.level = step_level(self.choices.levels, self.level, steps)
            self._label_raise()

    def _press(self, button: Button) -> int | None:
        if button.key == "minus":
            self.nudge(-1)
            return None
        if button.key == "plus":
            self.nudge(1)
            return None
        return button.action

    def _key(self, key: int) -> int | None:
        c = self.choices
        by_key = {pygame.K_f: "fold", pygame.K_c: "call", pygame.K_RETURN: "call",
                  pygame.K_KP_ENTER: "call", pygame.K_r: "raise", pygame.K_b: "raise",
                  pygame.K_a: "all_in", pygame.K_l: "look"}
        steps = {pygame.K_LEFT: -1, pygame.K_DOWN: -1, pygame.K_RIGHT: 1, pygame.K_UP: 1,
                 pygame.K_PAGEUP: 5, pygame.K_PAGEDOWN: -5}
        if key in steps:
            self.nudge(steps[key])
        elif key in (pygame.K_HOME, pygame.K_END) and c.levels:
            self.level = c.levels[0] if key == pygame.K_HOME else c.levels[-1]
            self._label_raise()
        elif key in by_key and by_key[key] in self.buttons:
            return self.buttons[by_key[key]].action
        return None

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The framed panel, its heading line, the slider and the buttons."""
        c = self.choices
        if c is None or self.rect.height == 0:
            return
        s = self.scale
        draw_panel(surface, self.rect, s, 228)
        pad = round(10 * s)
        if c.opening:
            head = tr("azi.bid.head_open", chips=c.stack)
        else:
            head = tr("azi.bid.head", chips=c.stack, raises=c.raises_left)
        if c.blind:
            head = tr("azi.bid.head_blind") + "  \u00b7  " + head
        line = _fit(head, "text", max(10, round(15 * s)), GOLD, self.rect.width - 2 * pad)
        surface.blit(line, (self.rect.x + pad, self.rect.y + pad + round(2 * s)))
        if self.track.width:
            pygame.draw.rect(surface, (7, 26, 16), self.track, border_radius=self.track.height)
            filled = self.track.copy()
            filled.width = max(0, self.knob_rect().centerx - self.track.x)
            pygame.draw.rect(surface, GOLD_DEEP, filled, border_radius=self.track.height)
            pygame.draw.rect(surface, (168, 134, 60), self.track, width=1,
                             border_radius=self.track.height)
            knob = self.knob_rect()
            pygame.draw.circle(surface, (0, 0, 0), (knob.centerx + 1, knob.centery + 2),
                               knob.width // 2)
            pygame.draw.circle(surface, GOLD if not self.dragging else (255, 241, 194),
                               knob.center, knob.width // 2)
            pygame.draw.circle(surface, (120, 90, 30), knob.center, knob.width // 2, 1)
            ends = (c.levels[0], c.levels[-1])
            small = max(9, round(11 * s))
            below = self.track.bottom + round(4 * s)
            for level, where in zip(ends, ("left", "right")):
                mark = text_surface(number(level), "text", small, MUTED)
                if where == "left":
                    pos = mark.get_rect(topleft=(self.track.x, below))
                else:
                    pos = mark.get_rect(topright=(self.track.right, below))
                surface.blit(mark, pos)
        for button in self.buttons.values():
            button.draw(surface, s, button.hit(self.hover))


class QuestionPanel:
    """A small framed question with answer buttons, e.g. "Join the azi for 60 chips?"."""

    def __init__(self) -> None:
        self.title = ""
        self.text = ""
        self.buttons: dict[str, Button] = {}
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.hover: tuple[int, int] = (-1, -1)

    @property
    def visible(self) -> bool:
        """True while the question is asked."""
        return bool(self.buttons)

    def ask_buy_in(self, price: int, bank: int, stack: int) -> None:
        """The azi buy-in: join for ``price`` chips (Enter / J) or sit the game out (Esc / S)."""
        self.title = tr("azi.buy_in.title", chips=price)
        self.text = tr("azi.buy_in.text", bank=bank, chips=stack)
        self.buttons = {"skip": Button("skip", tr("azi.buy_in.skip"), SKIP_AZI),
                        "join": Button("join", tr("azi.buy_in.join", chips=price), JOIN_AZI,
                                       primary=True)}

    def hide(self) -> None:
        """No question is open."""
        self.buttons = {}

    def layout(self, centre: tuple[int, int], scale: float, width: int | None = None) -> None:
        """Centre the panel on ``centre``."""
        self.scale = s = scale
        w = width or round(400 * s)
        h = round(168 * s)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = centre
        bw, bh, gap = (w - round(52 * s)) // 2, round(46 * s), round(12 * s)
        y = self.rect.bottom - bh - round(16 * s)
        order = ["skip", "join"]
        for i, key in enumerate(order):
            if key in self.buttons:
                x = self.rect.x + round(20 * s) + i * (bw + gap)
                self.buttons[key].rect = pygame.Rect(x, y, bw, bh)

    def handle_event(self, event: pygame.event.Event) -> int | None:
        """The answer a click or key chose, or None."""
        if not self.buttons:
            return None
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for button in self.buttons.values():
                if button.hit(event.pos):
                    return button.action
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_j, pygame.K_y):
                return self.buttons["join"].action
            if event.key in (pygame.K_s, pygame.K_n):
                return self.buttons["skip"].action
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Frame, question, explanation and buttons."""
        if not self.buttons:
            return
        s = self.scale
        draw_panel(surface, self.rect, s, 254)
        pygame.draw.rect(surface, GOLD_DEEP, self.rect, width=max(1, round(2 * s)),
                         border_radius=max(6, round(16 * s)))
        width = self.rect.width - round(32 * s)
        title = _fit(self.title, "display", round(26 * s), GOLD, width)
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.y + round(16 * s))))
        text = _fit(self.text, "text", round(15 * s), CREAM, width)
        surface.blit(text, text.get_rect(midtop=(self.rect.centerx, self.rect.y + round(58 * s))))
        for button in self.buttons.values():
            button.draw(surface, s, button.hit(self.hover))
