"""Refusals in tests: the engine names a message; tests read it in English, as a player would."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from engine.core import IllegalAction
from scenes.messages import english_text


def english(error: IllegalAction) -> str:
    """The refusal as an English player reads it (international card letters)."""
    return english_text(error.reason)


@contextmanager
def refused(pattern: str) -> Iterator[None]:
    """Expect an IllegalAction whose English sentence matches ``pattern`` (case-insensitive)."""
    with pytest.raises(IllegalAction) as caught:
        yield
    said = english(caught.value)
    assert re.search(pattern, said, re.IGNORECASE), f"{said!r} does not match {pattern!r}"
