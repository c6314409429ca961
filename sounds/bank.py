"""Playing the table sounds: synthesised on first use, silent when there is no audio device.

    pre_init()                      # before pygame.init(): ask for 22 050 Hz float samples
    bank = SoundBank(volume=0.8)
    bank.start_background()         # synthesise in a thread while the frame loop idles
    bank.warm_up()                  # once per frame: turn finished samples into Sounds (cheap)
    bank.play("deal")               # names: see sounds.synth.RECIPES (made now if not ready)

Every method is safe without audio: ``play`` then does nothing.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
import time
from array import array
from collections.abc import Iterator

import pygame

from .synth import RECIPES

RATE = 22050  # plenty for card sounds, and half the synthesis work of 44.1 kHz
NAMES = tuple(RECIPES)
log = logging.getLogger("kozyr.sound")
_said_silent = False


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Hide what C libraries print on stderr meanwhile (ALSA's page of errors without a card).

    The sound libraries write to file descriptor 2 from C, below Python's ``sys.stderr``, so the
    descriptor itself points at the null device for the moment and is put back afterwards.
    """
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, AttributeError, ValueError):
        yield  # no real descriptor (a windowed app on Windows): nothing to hide
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def init_pygame() -> None:
    """``pygame.init()`` with the mixer opened quietly; no sound device means silence.

    Without a card SDL's audio drivers print their errors; the game then plays silently and
    says so once in the log instead.
    """
    global _said_silent
    with quiet_stderr():
        pygame.init()
    if pygame.mixer.get_init() is None and not _said_silent:
        _said_silent = True
        log.info("no sound device (%s): the game plays silently", pygame.get_error() or "none")


def pre_init() -> None:
    """Ask the mixer for the format our sounds are made in (call before ``pygame.init``)."""
    pygame.mixer.pre_init(RATE, 32, 2, 512)


def _to_buffer(samples: list[float], fmt: int, channels: int) -> array:
    """Mono float samples in the mixer's own format (float32 or int16), one copy per channel."""
    if fmt == -32 or fmt == 32:
        mono = array("f", samples)
    else:
        mono = array("h", [int(s * 32767) for s in samples])
    if channels == 1:
        return mono
    out = array(mono.typecode, bytes(mono.itemsize * len(mono) * channels))
    for c in range(channels):
        out[c::channels] = mono
    return out


class SoundBank:
    """The table's sounds with one volume and a mute switch."""

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self._volume = min(1.0, max(0.0, volume))
        self.muted = muted
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._buffers: dict[str, array] = {}  # synthesised samples not yet made into Sounds
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.synth_seconds = 0.0  # time spent synthesising so far (the benchmark reports it)
        self.available = self._open_mixer()

    @staticmethod
    def _open_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init(RATE, 32, 2, 512)
            return pygame.mixer.get_init() is not None
        except (pygame.error, NotImplementedError):
            return False  # no audio device: stay silent rather than fail

    @property
    def volume(self) -> float:
        """Volume from 0 to 1."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = min(1.0, max(0.0, float(value)))
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(self._volume)

    def _buffer(self, name: str) -> array | None:
        """The samples of ``name`` in the mixer's format (synthesised if not ready)."""
        buffer = self._buffers.get(name)
        if buffer is None:
            started = time.perf_counter()
            try:
                rate, fmt, channels = pygame.mixer.get_init()
            except TypeError:  # the mixer went away
                return None
            buffer = _to_buffer(RECIPES[name](rate), fmt, channels)
            with self._lock:
                self._buffers[name] = buffer
                self.synth_seconds += time.perf_counter() - started
        return buffer

    def _synthesise_all(self) -> None:
        for name in NAMES:
            if name not in self._buffers:
                self._buffer(name)

    def start_background(self) -> None:
        """Synthesise every sound in a background thread (it uses the frame loop's idle time)."""
        if self.available and self._thread is None:
            self._thread = threading.Thread(target=self._synthesise_all, name="kozyr-sounds",
                                            daemon=True)
            self._thread.start()

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The Sound for ``name``, synthesised now if needed; None without audio."""
        if name not in RECIPES:
            raise KeyError(f"no sound called {name!r}; the sounds are {', '.join(NAMES)}")
        if not self.available:
            return None
        if name not in self._sounds:
            sound = None
            try:
                buffer = self._buffer(name)
                if buffer is not None:
                    sound = pygame.mixer.Sound(buffer=buffer)
                    sound.set_volume(self._volume)
            except pygame.error:
                sound = None  # the mixer went away: silent from now on
            self._sounds[name] = sound
        return self._sounds[name]

    def warm_up(self) -> bool:
        """Make Sounds of samples the background thread finished; True once all are ready.

        Without :meth:`start_background` nothing is synthesised here (sounds stay lazy).
        """
        if not self.available:
            return True
        for name in NAMES:
            if name not in self._sounds and name in self._buffers:
                self.sound(name)
        return len(self._sounds) == len(NAMES)

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play ``name`` (scaled by ``volume``) unless muted or without audio."""
        if self.muted or self._volume <= 0:
            return
        sound = self.sound(name)
        if sound is None:
            return
        try:
            channel = sound.play()
            if channel is not None and volume != 1.0:
                channel.set_volume(min(1.0, max(0.0, volume)))
        except pygame.error:
            pass  # a lost audio device must not stop the game
