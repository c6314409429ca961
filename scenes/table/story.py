"""The game as the table tells it: the source's steps shown one after another.

A part the table owns (:class:`Story`). Its own state: the timeline of steps still to show and
a version that grows with every event queued (and whenever the cards were made afresh), with
the version the table last settled at. A step is a deal's sealed commitment, an event (the
table's ``show`` runs the game's ``on_<kind>`` handler and returns the seconds to wait) or lines
for the move log. ``next_step(fn)`` runs ``fn`` right after the step now running, before the
next event (the shuffle's riffle, a trick gathered). When nothing is moving the table asks
``news()``: has anything happened since it last settled?
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.core import Event
from sprites.tween import Group, Timeline

from .motion import EventStep
from .source import Step


class Story:
    """The steps of one table's game, shown in order."""

    def __init__(self, timeline: Timeline, *, show: Callable[[Event], float],
                 seal: Callable[[str], None], log: Callable[..., None]) -> None:
        self.timeline = timeline
        self._show, self._seal, self._log = show, seal, log
        self.version = 0  # one more with each event queued: the number of a decision
        self._settled_at = -1  # the version the table last settled at

    def take(self, steps: Iterable[Step]) -> None:
        """Queue ``steps`` in order."""
        for step in steps:
            self.queue_step(step)

    def queue_step(self, step: Step) -> None:
        """Show ``step`` (an event, or log lines) after everything queued before it."""
        if step.sealed:
            self.timeline.then(EventStep(lambda: self._sealed(step.sealed)))
        if step.event is not None:
            self.queue_event(step.event)
        if step.lines:
            self.timeline.then(EventStep(lambda: self._logged(step.lines)))

    def queue_event(self, event: Event) -> None:
        """Show ``event`` after everything queued before it."""
        self.version += 1
        self.timeline.then(EventStep(lambda: self._show(event)))

    def next_step(self, handler: Callable[[], float]) -> None:
        """Run ``handler`` right after the step now running, before the next event."""
        self.timeline.phases.insert(1 if self.timeline.phases else 0,
                                    Group([EventStep(handler)]))

    def _sealed(self, commitment: str) -> float:
        self._seal(commitment)
        return 0.0

    def _logged(self, lines: tuple[str, ...]) -> float:
        self._log(*lines)
        return 0.0

    def changed(self) -> None:
        """The cards were made afresh: the table settles again."""
        self.version += 1

    def news(self) -> bool:
        """Has anything happened since the table last settled? (It settles now.)"""
        fresh = self._settled_at != self.version
        self._settled_at = self.version
        return fresh

    def settled_now(self) -> None:
        """What is on the table now counts as settled (the cards were just made afresh)."""
        self._settled_at = self.version

    def unsettle(self) -> None:
        """Settle again at the next quiet frame (a redraw, choices the host asked for)."""
        self._settled_at = -1
