"""Synthesised sounds: sane length and level, and silence instead of a crash without audio."""

import io
import math
import wave
from array import array

import pygame
import pytest

from sounds import bank as bank_module
from sounds.bank import SoundBank
from sounds.synth import RECIPES

RATE = 22050


@pytest.mark.parametrize("name", sorted(RECIPES))
def test_each_sound_is_short_and_peaks_at_a_gentle_level(name):
    samples = RECIPES[name](RATE)
    seconds = len(samples) / RATE
    peak = max(abs(s) for s in samples)
    assert 0.05 <= seconds <= 1.2
    assert 0.3 <= peak <= 0.55, "about −6 dBFS: audible, never harsh"
    assert all(math.isfinite(s) for s in samples)
    assert abs(samples[-1]) < 0.01, "fades out, no click at the end"


def test_a_sound_written_as_wav_reads_back_with_the_same_length():
    samples = RECIPES["deal"](RATE)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(array("h", [int(s * 32767) for s in samples]).tobytes())
    buffer.seek(0)
    with wave.open(buffer) as back:
        assert back.getnframes() == len(samples) and back.getframerate() == RATE


def test_the_bank_plays_every_sound_on_the_dummy_driver():
    pygame.init()
    sounds = SoundBank(volume=0.5)
    sounds.start_background()
    for name in RECIPES:
        sounds.play(name)
    assert sounds.warm_up()
    assert not sounds.available or all(sounds.sound(n) is not None for n in RECIPES)
    with pytest.raises(KeyError):
        sounds.sound("trumpet")
    pygame.quit()


def test_without_an_audio_device_the_bank_is_silent(monkeypatch):
    def refuse(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    sounds = SoundBank()
    assert not sounds.available
    sounds.play("win")
    assert sounds.warm_up() and sounds.sound("win") is None


def test_mono_samples_are_copied_to_every_channel():
    out = bank_module._to_buffer([0.5, -0.25], -32, 2)
    assert list(out) == [0.5, 0.5, -0.25, -0.25]
    assert list(bank_module._to_buffer([0.5], -16, 1)) == [16383]
