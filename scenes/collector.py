"""The garbage collector set up for smooth frames: what start-up made is left out of its walks."""

from __future__ import annotations

import gc


def settle_memory() -> None:
    """After start-up: collect once, then let the garbage collector skip what start-up made.

    Modules, fonts, the theme and the menu live as long as the program; a full collection that
    walks them all again in the middle of a game cost a 60 ms frame at 1920×1080. The program
    (game.py) calls this once its first frame is shown; tests never do (frozen objects are
    never freed)."""
    gc.collect()
    gc.freeze()
