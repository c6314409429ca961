"""A SoundBank stand-in for ``App(audio=False)``: every call does nothing."""

from __future__ import annotations


class Silent:
    """A SoundBank stand-in for ``App(audio=False)``: every call does nothing."""

    available = False
    volume = 0.0
    muted = True
    synth_seconds = 0.0

    def play(self, name: str, volume: float = 1.0) -> None:
        """Nothing."""

    def warm_up(self) -> bool:
        """Nothing to make."""
        return True

    def start_background(self) -> None:
        """Nothing to make."""

    def sound(self, name: str) -> None:
        """No sound."""
        return None
