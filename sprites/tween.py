"""Tweens: move a property of an object to a value over time, advanced by the frame's dt.

A :class:`Timeline` is a queue of *phases*; a phase is a group of steps that run together and
ends when all of them are done, then the next phase starts. The table scene turns each engine
event into a phase (deal a card, flip it, play a sound) and knows the animation has caught up
when ``timeline.idle`` is true. ``timeline.speed`` scales time (the settings' animation speed).

    timeline.then(Tween(sprite, "pos", (400, 300), 0.35), Call(lambda: sounds.play("deal")))
    timeline.add(Tween(other, "rotation", 0, 0.35))     # joins the last phase
    timeline.wait(0.2)
    ...
    timeline.update(dt)     # every frame
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

Easing = Callable[[float], float]


# --- easing functions: t in [0, 1] → progress (0 at 0, 1 at 1) --------------------------------
def linear(t: float) -> float:
    """Constant speed."""
    return t


def ease_in_quad(t: float) -> float:
    """Starts slow, speeds up."""
    return t * t


def ease_out_quad(t: float) -> float:
    """Starts fast, slows down."""
    return 1 - (1 - t) * (1 - t)


def ease_in_out_quad(t: float) -> float:
    """Slow at both ends."""
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def ease_out_cubic(t: float) -> float:
    """Fast start, soft landing: the default for cards sliding into place."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Gentle start and landing."""
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_in_out_sine(t: float) -> float:
    """The softest in-out curve (pulsing highlights)."""
    return -(math.cos(math.pi * t) - 1) / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card snapping into a hand."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


EASINGS: dict[str, Easing] = {f.__name__: f for f in (
    linear, ease_in_quad, ease_out_quad, ease_in_out_quad, ease_out_cubic, ease_in_out_cubic,
    ease_in_out_sine, ease_out_back)}


def _lerp(a: Any, b: Any, k: float) -> Any:
    if isinstance(b, (tuple, list)):
        return type(b)(x + (y - x) * k for x, y in zip(a, b))
    return a + (b - a) * k


# --- steps: anything with update(dt) -> leftover dt, done, finish() --------------------------
class Tween:
    """Moves ``target.prop`` from its value when the tween starts to ``end`` over ``duration`` s.

    Numbers and tuples of numbers (positions, colours) are interpolated. The start value is read
    when the tween actually starts (after ``delay``), so tweens chain naturally. ``on_done`` runs
    once when the end value is set.
    """

    def __init__(self, target: Any, prop: str, end: Any, duration: float,
                 easing: Easing = ease_out_cubic, *, delay: float = 0.0, start: Any = None,
                 on_done: Callable[[], None] | None = None) -> None:
        self.target, self.prop, self.end = target, prop, end
        self.duration = max(0.0, float(duration))
        self.easing = easing
        self.delay = max(0.0, float(delay))
        self.start = start
        self.on_done = on_done
        self.elapsed = 0.0
        self.done = False
        self._started = False

    def update(self, dt: float) -> float:
        """Advance by ``dt`` seconds; returns the part of ``dt`` left over after finishing."""
        if self.done:
            return dt
        if self.delay > 0:
            used = min(dt, self.delay)
            self.delay -= used
            dt -= used
            if self.delay > 0:
                return 0.0
        if not self._started:
            self._started = True
            if self.start is None:
                self.start = getattr(self.target, self.prop)
        self.elapsed += dt
        if self.elapsed >= self.duration:
            leftover = self.elapsed - self.duration
            self.finish()
            return leftover
        k = self.easing(self.elapsed / self.duration)
        setattr(self.target, self.prop, _lerp(self.start, self.end, k))
        return 0.0

    def finish(self) -> None:
        """Jump to the end value now (skipping the rest) and run ``on_done``."""
        if self.done:
            return
        self.done = True
        setattr(self.target, self.prop, self.end)
        if self.on_done is not None:
            self.on_done()


class Wait:
    """Does nothing for ``seconds``: a pause between phases."""

    def __init__(self, seconds: float) -> None:
        self.left = max(0.0, float(seconds))
        self.done = self.left == 0

    def update(self, dt: float) -> float:
        """Count down; returns the leftover time once the wait is over."""
        if self.done:
            return dt
        if dt >= self.left:
            leftover = dt - self.left
            self.left, self.done = 0.0, True
            return leftover
        self.left -= dt
        return 0.0

    def finish(self) -> None:
        """End the wait now."""
        self.left, self.done = 0.0, True


class Call:
    """Calls ``fn`` once when its phase starts (a sound, a card reveal, a label change)."""

    def __init__(self, fn: Callable[[], None]) -> None:
        self.fn = fn
        self.done = False

    def update(self, dt: float) -> float:
        """Run the call; it takes no time."""
        self.finish()
        return dt

    def finish(self) -> None:
        """Run the call if it has not run yet."""
        if not self.done:
            self.done = True
            self.fn()


class Group:
    """Steps that run at the same time; done when every one of them is done."""

    def __init__(self, steps: Sequence[Any] = ()) -> None:
        self.steps: list[Any] = list(steps)

    @property
    def done(self) -> bool:
        """True when every step has finished."""
        return all(s.done for s in self.steps)

    def add(self, *steps: Any) -> None:
        """Run more steps in this group."""
        self.steps.extend(steps)

    def update(self, dt: float) -> float:
        """Advance every step; the leftover is what the slowest finishing step left."""
        leftover = dt
        for step in list(self.steps):  # a Call may add steps; they start next frame
            leftover = min(leftover, step.update(dt))
        return leftover if self.done else 0.0

    def finish(self) -> None:
        """Finish every step now."""
        for step in list(self.steps):
            step.finish()


class Timeline:
    """A queue of phases (groups of steps); each phase starts when the one before has ended."""

    def __init__(self, speed: float = 1.0) -> None:
        self.phases: deque[Group] = deque()
        self.speed = speed

    @property
    def idle(self) -> bool:
        """True when nothing is left to animate."""
        return not self.phases

    def then(self, *steps: Any) -> Group:
        """Queue a new phase of ``steps`` after everything queued so far."""
        group = Group(steps)
        self.phases.append(group)
        return group

    def add(self, *steps: Any) -> Group:
        """Add ``steps`` to the last queued phase (a new one if the queue is empty)."""
        if not self.phases:
            return self.then(*steps)
        self.phases[-1].add(*steps)
        return self.phases[-1]

    def wait(self, seconds: float) -> Group:
        """Queue a pause."""
        return self.then(Wait(seconds))

    def call(self, fn: Callable[[], None]) -> Group:
        """Queue a call that runs when the phases before it have ended."""
        return self.then(Call(fn))

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds of real time, scaled by ``speed``."""
        dt *= self.speed
        while self.phases:
            leftover = self.phases[0].update(dt)
            if not self.phases[0].done:
                return
            self.phases.popleft()
            dt = leftover

    def finish_all(self) -> None:
        """Skip to the end: finish every phase in order, running their callbacks."""
        while self.phases:
            self.phases.popleft().finish()

    def clear(self) -> None:
        """Drop everything queued without finishing it."""
        self.phases.clear()
