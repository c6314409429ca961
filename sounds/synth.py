"""Short table sounds made from sine partials and filtered noise, as float samples in [-1, 1].

Pure Python (``math``, ``itertools``), no files and no numpy, and quick: tones repeat one
whole-sample cycle (pitch within a few cents) instead of calling ``sin`` per sample, so all
seven sounds synthesise in a few tens of milliseconds at 22 050 Hz. Each recipe returns mono
samples normalised to a gentle peak so that nothing startles. Noise comes from a local
``random.Random`` with a fixed seed, so every run sounds the same.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from itertools import accumulate, repeat
from operator import mul

Samples = list[float]


def _scaled(samples: Samples, peak: float) -> Samples:
    """Normalise to ``peak`` and fade the last 8 ms out, so no sound ends in a click."""
    top = max(max(samples), -min(samples), 1e-9)
    k = peak / top
    out = [s * k for s in samples]
    fade = min(len(out), 176)
    for i in range(1, fade + 1):
        out[-i] *= (i - 1) / fade
    return out


def _noise(n: int, seed: int) -> Samples:
    rng = random.Random(seed)
    return [rng.random() * 2 - 1 for _ in range(n)]


def _bandpass(x: Samples, rate: int, low: float, high: float) -> Samples:
    """Two one-pole filters: a high-pass at ``low`` Hz then a low-pass at ``high`` Hz."""
    a_hp = math.exp(-2 * math.pi * low / rate)
    a_lp = math.exp(-2 * math.pi * min(high, rate * 0.45) / rate)
    b_lp = 1 - a_lp
    out = [0.0] * len(x)
    hp = prev = lp = 0.0
    for i, s in enumerate(x):
        hp = a_hp * (hp + s - prev)
        prev = s
        lp = lp * a_lp + hp * b_lp
        out[i] = lp
    return out


def _envelope(n: int, attack_n: int, factor: float) -> Samples:
    """A linear attack over ``attack_n`` samples, then a decay by ``factor`` per sample."""
    attack_n = max(1, min(attack_n, n))
    ramp = [i / attack_n for i in range(attack_n)]
    tail = list(accumulate(repeat(factor, n - attack_n), mul, initial=1.0))[:n - attack_n]
    return ramp + tail


def _burst(rate: int, length: float, seed: int, low: float, high: float, attack: float,
           decay: float) -> Samples:
    """A filtered noise burst with a quick attack and exponential decay (a card's swish)."""
    n = int(rate * length)
    raw = _bandpass(_noise(n, seed), rate, low, high)
    env = _envelope(n, int(rate * attack), math.exp(-1.0 / (decay * rate)))
    return [s * e for s, e in zip(raw, env)]


def _mix_into(target: Samples, source: Samples, start: int, gain: float = 1.0) -> None:
    end = min(len(target), start + len(source))
    target[start:end] = [t + s * gain for t, s in zip(target[start:end], source)]


def _cycle(rate: int, freq: float, partials: tuple[tuple[float, float], ...]) -> Samples:
    """One period of ``freq`` with whole-number ``partials`` (ratio, gain) mixed in.

    The period is rounded to a whole number of samples so the cycle can simply be repeated.
    """
    period = max(2, round(rate / freq))
    return [sum(g * math.sin(2 * math.pi * r * k / period) for r, g in partials)
            for k in range(period)]


def _tone(rate: int, freq: float, length: float, layers, attack: float = 0.004) -> Samples:
    """A bell-like tone from ``layers`` of (partials, decay seconds): each layer is a cycle of
    whole-number partials of its base ratio under its own exponential decay."""
    n = int(rate * length)
    out = [0.0] * n
    for partials, decay in layers:
        base = partials[0][0]
        if freq * max(r for r, _ in partials) >= rate * 0.45:
            partials = tuple(p for p in partials if freq * p[0] < rate * 0.45)
            if not partials:
                continue  # above what this sample rate can carry
        m = min(n, int(rate * decay * 6))  # e^-6: inaudible after that
        cycle = _cycle(rate, freq * base, tuple((r / base, g) for r, g in partials))
        wave = cycle * (m // len(cycle) + 1)
        env = _envelope(m, int(rate * attack), math.exp(-1.0 / (decay * rate)))
        out[:m] = [o + e * w for o, e, w in zip(out, env, wave)]
    return out


# --- recipes ------------------------------------------------------------------------------------
def deal(rate: int) -> Samples:
    """A card sliding off the deck: a short bright swish."""
    return _scaled(_burst(rate, 0.11, 11, 900, 6500, 0.006, 0.028), 0.42)


def card_play(rate: int) -> Samples:
    """A card laid firmly on the felt: a soft thump under a snap."""
    snap = _burst(rate, 0.09, 23, 1500, 7000, 0.001, 0.012)
    thump = _tone(rate, 140, 0.09, [(((1.0, 0.8), (2.0, 0.25)), 0.018)], attack=0.001)
    _mix_into(snap, thump, 0, 0.5)
    return _scaled(snap, 0.5)


def shuffle(rate: int) -> Samples:
    """A riffle: dozens of tiny card flicks speeding up, then the bridge settling."""
    out = [0.0] * int(rate * 0.62)
    flicks = [_burst(rate, 0.018, 100 + i, 1800, 8000, 0.0005, 0.004) for i in range(6)]
    t, gap = 0.0, 0.021
    for i in range(30):
        _mix_into(out, flicks[i % 6], int(t * rate), 0.6 + 0.4 * math.sin(i / 29 * math.pi))
        t += gap
        gap *= 0.985
    _mix_into(out, _burst(rate, 0.12, 7, 300, 3000, 0.01, 0.04), int(min(t, 0.48) * rate), 0.9)
    return _scaled(out, 0.45)


def take(rate: int) -> Samples:
    """Gathering the table's cards: three overlapping swishes sweeping down in pitch."""
    out = [0.0] * int(rate * 0.32)
    for i, (low, high) in enumerate(((1400, 7000), (1000, 5000), (600, 3500))):
        _mix_into(out, _burst(rate, 0.14, 40 + i, low, high, 0.02, 0.035), int(i * 0.07 * rate))
    return _scaled(out, 0.42)


def chips(rate: int) -> Samples:
    """A few clay chips clicking together."""
    out = [0.0] * int(rate * 0.26)
    layers = [(((1.0, 1.0),), 0.009), (((1.47, 0.6),), 0.007), (((2.09, 0.4),), 0.006)]
    tick = _burst(rate, 0.02, 60, 2000, 9000, 0.0003, 0.003)
    for i, (when, freq) in enumerate(((0.0, 2300), (0.055, 2100), (0.1, 2500), (0.16, 2200))):
        click = _tone(rate, freq, 0.07, layers, attack=0.0005)
        _mix_into(click, tick, 0, 0.8)
        _mix_into(out, click, int(when * rate), 1.0 - i * 0.15)
    return _scaled(out, 0.45)


def win(rate: int) -> Samples:
    """A warm rising arpeggio (C E G C') with a bell shimmer: the bank is yours."""
    out = [0.0] * int(rate * 0.95)
    bell = [(((1.0, 1.0), (2.0, 0.35)), 0.22), (((3.0, 0.12), (4.0, 0.05)), 0.07)]
    for i, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        _mix_into(out, _tone(rate, freq, 0.95 - i * 0.09, bell), int(i * 0.09 * rate),
                  0.85 if i < 3 else 1.0)
    return _scaled(out, 0.5)


def azi(rate: int) -> Samples:
    """Three soft chimes in a suspended chord: the bank stays for an azi game."""
    out = [0.0] * int(rate * 0.85)
    chime = [(((1.0, 1.0),), 0.2), (((2.76, 0.3),), 0.1), (((5.4, 0.1),), 0.05)]
    for i, freq in enumerate((587.33, 783.99, 880.0)):
        _mix_into(out, _tone(rate, freq, 0.85 - i * 0.16, chime), int(i * 0.16 * rate))
    return _scaled(out, 0.48)


RECIPES: dict[str, Callable[[int], Samples]] = {
    "shuffle": shuffle,
    "deal": deal,
    "card_play": card_play,
    "take": take,
    "chips": chips,
    "win": win,
    "azi": azi,
}
