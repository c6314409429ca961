"""The hint (H, or the Hint button): the move the Hard player would make, pointed at, with why.

The Hard player is asked in a worker of its own (a :class:`~scenes.table.source.LazyThinker`,
so the frame loop never waits and the table's computer players keep theirs), with only this
seat's observation and legal actions, like any computer player. The one-line reason comes
from :func:`ai.explain.explain`. A hinted game is marked: ``source.hints_used = True``.
The table owns a :class:`HintPart`; where an action is chosen on screen the table says.

Also here: :func:`draw_pointer` (the pulsing ring round a card or a button) and
:func:`draw_note` (a bubble of wrapped text), which the lessons' coach uses too.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple

import pygame

from ai.explain import explain

from ..card_text import card_label
from ..i18n import tr
from ..text_wrap import wrap
from ..widgets import CREAM, GOLD, text_surface
from .source import LazyThinker

HINT_SEAT = 0  # the hint worker's one player: its seat number there, not at the table
HINTED_GAMES = 3  # the "first games" setting shows the Hint button for this many games
HINT_RING = (255, 226, 120)


class Hint(NamedTuple):
    """A hint on the table: the decision it is for, the action, and the words why."""

    decision: int
    action: int
    text: str


def hints_enabled(settings: Any) -> bool:
    """Is the Hint button offered (setting "on", or "first games" for the first few games)?"""
    if settings.hints == "on":
        return True
    return settings.hints == "first" and settings.games_played < HINTED_GAMES


def reason_text(observation: dict[str, Any], legal: list[int], action: int) -> str:
    """The hint's line: the principle behind ``action`` in the catalogue's words."""
    reason = explain(observation, legal, action)
    fields = {k: card_label(v) if k == "card" else v for k, v in reason.fields.items()}
    return tr(reason.key, **fields)


class HintPart:
    """A part the table owns: asking the Hard player for this seat's move off the frame loop,
    keeping the answer for its one decision, and drawing it. It reads the shared view (the
    source, the settings, the layout) and is told whether it is the person's turn, which
    decision this is and where an action is chosen; it toasts through the table."""

    _requests = 0  # numbers every request at every table, so a stale answer is never taken

    def __init__(self, shared: Any, game_name: str, factory: Callable[[], Any], *,
                 my_turn: Callable[[], bool], decision: Callable[[], int],
                 toast: Callable[[str], None]) -> None:
        self.shared = shared
        self.game_name = game_name
        self._factory = factory  # the thinker factory to use when the first hint is asked
        self._my_turn, self._decision, self._toast = my_turn, decision, toast
        self.hint: Hint | None = None
        self._asked: tuple[int, int, dict, list] | None = None  # (request, decision, obs, legal)
        self._worker: LazyThinker | None = None

    def offered(self) -> bool:
        """Does this table offer hints (a person plays here and the setting allows them)?"""
        return not self.shared.view.watch and hints_enabled(self.shared.app.settings)

    def request(self) -> None:
        """H / the Hint button: ask the Hard player for this seat's move, off the frame loop."""
        if not self._my_turn():
            self._toast(tr("hint.wait"))
            return
        decision = self._decision()
        if self.hint is not None and self.hint.decision == decision:
            return
        source = self.shared.source
        seat = source.to_move
        observation = source.observation(seat)
        legal = source.legal_actions()
        source.hints_used = True
        if len(legal) == 1:
            self.hint = Hint(decision, legal[0], reason_text(observation, legal, legal[0]))
            return
        if self._worker is None:
            self._worker = LazyThinker(self._factory() or _process_thinker)
            self._worker.configure(HINT_SEAT, self.game_name, "hard", 0, None)
        HintPart._requests += 1
        request = HintPart._requests
        self._asked = (request, decision, observation, legal)
        self._worker.ask(request, HINT_SEAT, observation, legal)

    @property
    def thinking(self) -> bool:
        """Is a hint being worked out?"""
        return self._asked is not None

    def update(self) -> None:
        """Collect the worker's answer; forget a hint once its decision has passed."""
        if self.hint is not None and (self.hint.decision != self._decision()
                                      or not self._my_turn()):
            self.hint = None
        if self._worker is None or self._asked is None:
            return
        answer = self._worker.poll()
        if answer is None:
            return
        request, decision, observation, legal = self._asked
        if answer[1] != request:
            return
        self._asked = None
        if answer[0] != "chosen" or decision != self._decision() or not self._my_turn():
            return
        self.hint = Hint(decision, answer[2], reason_text(observation, legal, answer[2]))

    def close(self) -> None:
        """Stop the hint worker (leaving the table)."""
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def draw(self, surface: pygame.Surface, clock: float,
             where: Callable[[int], tuple[pygame.Rect | None, pygame.Rect | None]]) -> None:
        """The ring round the hinted card or button (``where`` gives its rect and the ring's
        clip) and its reason above the hand."""
        layout = self.shared.layout
        s = layout.scale
        cards = self.shared.app.cards
        if self.thinking:
            dots = "." * (1 + int(clock * 3) % 3)
            draw_note(surface, tr("hint.thinking") + dots, self._anchor(), s, cards)
            return
        if self.hint is None or not self._my_turn():
            return
        rect, clip = where(self.hint.action)
        if rect is not None:
            draw_pointer(surface, rect, s, clock, clip)
        draw_note(surface, tr("hint.line", reason=self.hint.text), self._anchor(), s, cards)

    def _anchor(self) -> tuple[int, int]:
        """The note's bottom centre: above the status line, where a toast would not be."""
        layout = self.shared.layout
        return layout.message.centerx, layout.message.top - round(48 * layout.scale)


def _process_thinker():
    from ..controller import ProcessThinker

    return ProcessThinker()


def draw_pointer(surface: pygame.Surface, rect: pygame.Rect, scale: float, clock: float,
                 clip: pygame.Rect | None = None) -> None:
    """A gold ring round ``rect`` that breathes, so the eye finds it; drawn only inside
    ``clip`` (a fanned card's ring closes where the next card lies on it)."""
    pulse = 0.5 + 0.5 * math.sin(clock * 5.0)
    grow = round((4 + 4 * pulse) * scale)
    ring = rect.inflate(2 * grow, 2 * grow)
    width = max(2, round(3 * scale))
    before = surface.get_clip()
    if clip is not None:
        ring.width = max(2 * width, min(ring.right, clip.right) - ring.left)
        surface.set_clip(clip.clip(before))
    glow = pygame.Surface(ring.inflate(8 * width, 8 * width).size, pygame.SRCALPHA)
    inner = glow.get_rect().inflate(-6 * width, -6 * width)
    pygame.draw.rect(glow, (*HINT_RING, round(60 + 60 * pulse)), inner, width=3 * width,
                     border_radius=round(12 * scale))
    surface.blit(glow, glow.get_rect(center=ring.center))
    pygame.draw.rect(surface, HINT_RING, ring, width=width, border_radius=round(10 * scale))
    surface.set_clip(before)


def _note_lines(text: str, scale: float, cards: Any, title: str,
                width: int) -> tuple[list[pygame.Surface], pygame.Rect]:
    """The rendered lines of a note ``width`` wide at most, and the bubble's size."""
    from ..card_text import card_text

    size = max(13, round(17 * scale))
    pad = round(12 * scale)
    lines = wrap(text, "bold", size, width - 2 * pad)
    images = [card_text(line, "bold", size, CREAM, cards) for line in lines]
    if title:
        images.insert(0, text_surface(title, "display", round(size * 1.15), GOLD))
    inner_w = max(image.get_width() for image in images)
    step = round(size * 1.35)
    height = sum(max(step, image.get_height()) for image in images)
    return images, pygame.Rect(0, 0, inner_w + 2 * pad, height + 2 * pad)


def note_size(text: str, scale: float, cards: Any, title: str, width: int) -> tuple[int, int]:
    """How big :func:`draw_note` draws ``text`` at most ``width`` wide."""
    return _note_lines(text, scale, cards, title, width)[1].size


def draw_note(surface: pygame.Surface, text: str, bottom_centre: tuple[int, int], scale: float,
              cards: Any, title: str = "", width: int | None = None,
              topleft: tuple[int, int] | None = None) -> pygame.Rect:
    """A dark bubble with a gold edge holding ``text`` wrapped (and a ``title``); its rect.
    It stands on ``bottom_centre``, or has its corner at ``topleft`` when that is given."""
    size = max(13, round(17 * scale))
    pad = round(12 * scale)
    limit = width or min(round(640 * scale), surface.get_width() - 4 * pad)
    images, rect = _note_lines(text, scale, cards, title, limit)
    step = round(size * 1.35)
    if topleft is not None:
        rect.topleft = topleft
    else:
        rect.midbottom = bottom_centre
    rect.clamp_ip(surface.get_rect().inflate(-pad, -pad))
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = round(12 * scale)
    pygame.draw.rect(panel, (8, 30, 20, 236), panel.get_rect(), border_radius=radius)
    pygame.draw.rect(panel, (*GOLD, 220), panel.get_rect(), width=max(1, round(2 * scale)),
                     border_radius=radius)
    surface.blit(panel, rect)
    y = rect.y + pad
    for image in images:
        surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
        y += max(step, image.get_height())
    return rect
