"""The hint (H, or the Hint button): the move the Hard player would make, pointed at, with why.

The Hard player is asked in a worker of its own (a :class:`~scenes.table.source.LazyThinker`,
so the frame loop never waits and the table's computer players keep theirs), with only this
seat's observation and legal actions, like any computer player. The one-line reason comes
from :func:`ai.explain.explain`. A hinted game is marked: ``source.hints_used = True``.

Also here: :func:`draw_pointer` (the pulsing ring round a card or a button) and
:func:`draw_note` (a bubble of wrapped text), which the lessons' coach uses too.
"""

from __future__ import annotations

import math
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


class TableHints:
    """Part of :class:`~scenes.table.scene.TableScene`: asking for, keeping and drawing a hint."""

    hint: Hint | None = None
    _hint_asked: tuple[int, int, dict, list] | None = None  # (request, decision, obs, legal)
    _hint_worker: LazyThinker | None = None
    _hint_requests = 0

    def hints_offered(self) -> bool:
        """Does this table offer hints (a person plays here and the setting allows them)?"""
        return not self.view.watch and hints_enabled(self.app.settings)

    def decision_number(self) -> int:
        """Which decision of the game this is (the table's event version, good enough)."""
        return self._version

    def request_hint(self) -> None:
        """H / the Hint button: ask the Hard player for this seat's move, off the frame loop."""
        if not self.my_turn():
            self.toast(tr("hint.wait"))
            return
        decision = self.decision_number()
        if self.hint is not None and self.hint.decision == decision:
            return
        seat = self.source.to_move
        observation = self.source.observation(seat)
        legal = self.source.legal_actions()
        self.source.hints_used = True
        if len(legal) == 1:
            self.hint = Hint(decision, legal[0], reason_text(observation, legal, legal[0]))
            return
        if self._hint_worker is None:
            self._hint_worker = LazyThinker(type(self).thinker_factory or _process_thinker)
            self._hint_worker.configure(HINT_SEAT, self.game_name, "hard", 0, None)
        type(self)._hint_requests += 1
        request = type(self)._hint_requests
        self._hint_asked = (request, decision, observation, legal)
        self._hint_worker.ask(request, HINT_SEAT, observation, legal)

    @property
    def hint_thinking(self) -> bool:
        """Is a hint being worked out?"""
        return self._hint_asked is not None

    def update_hint(self) -> None:
        """Collect the worker's answer; forget a hint once its decision has passed."""
        if self.hint is not None and (self.hint.decision != self.decision_number()
                                      or not self.my_turn()):
            self.hint = None
        if self._hint_worker is None or self._hint_asked is None:
            return
        answer = self._hint_worker.poll()
        if answer is None:
            return
        request, decision, observation, legal = self._hint_asked
        if answer[1] != request:
            return
        self._hint_asked = None
        if answer[0] != "chosen" or decision != self.decision_number() or not self.my_turn():
            return
        self.hint = Hint(decision, answer[2], reason_text(observation, legal, answer[2]))

    counts_games = True  # a lesson is no game of the player's: it does not use up his hints

    def count_finished_game(self) -> None:
        """A game a person played here is over: one fewer of the first hinted games is left."""
        if self.counts_games and not self.view.watch:
            self.app.settings.games_played += 1
            self.app.save_settings()

    def close_hints(self) -> None:
        """Stop the hint worker (leaving the table)."""
        if self._hint_worker is not None:
            self._hint_worker.close()
            self._hint_worker = None

    def action_rect(self, action: int) -> pygame.Rect | None:
        """Where ``action`` is chosen on screen: its card in the bottom hand, or its button."""
        if action in self.card_actions:
            for sprite in self.bottom_hand():
                if sprite.card == action:
                    w, h = sprite.size
                    rect = pygame.Rect(0, 0, round(w), round(h))
                    cx, cy = sprite.draw_centre()
                    rect.center = (round(cx), round(cy))
                    return rect
            return None
        widget = self.action_widgets.get(action)
        return pygame.Rect(widget.rect) if widget is not None else None

    def pointer_clip(self, action: int) -> pygame.Rect | None:
        """Where the ring round ``action``'s card may be drawn: the card's own visible part and
        the free felt round it, never over the fanned neighbour lying on it (None: anywhere)."""
        if action not in self.card_actions:
            return None
        hand = sorted(self.bottom_hand(), key=lambda sprite: sprite.draw_centre()[0])
        cards = [sprite.card for sprite in hand]
        if action not in cards:
            return None
        i = cards.index(action)
        clip = pygame.Rect((0, 0), self.app.size)
        if i + 1 < len(hand):  # the next card to the right lies on this one
            w = hand[i + 1].size[0]
            clip.width = round(hand[i + 1].draw_centre()[0] - w / 2)
        return clip

    def draw_hint(self, surface: pygame.Surface) -> None:
        """The ring round the hinted card or button and its reason above the hand."""
        s = self.layout.scale
        if self.hint_thinking:
            dots = "." * (1 + int(self.clock * 3) % 3)
            draw_note(surface, tr("hint.thinking") + dots, self._hint_anchor(), s, self.app.cards)
            return
        if self.hint is None or not self.my_turn():
            return
        rect = self.action_rect(self.hint.action)
        if rect is not None:
            draw_pointer(surface, rect, s, self.clock, self.pointer_clip(self.hint.action))
        draw_note(surface, tr("hint.line", reason=self.hint.text), self._hint_anchor(), s,
                  self.app.cards)

    def _hint_anchor(self) -> tuple[int, int]:
        """The note's bottom centre: above the status line, where a toast would not be."""
        message = self.layout.message
        return message.centerx, message.top - round(48 * self.layout.scale)


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
