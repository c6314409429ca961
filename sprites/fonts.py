"""The fonts Kozyr uses, all shipped with pygame-ce or pygame-gui (nothing is downloaded).

Two roles: ``"display"`` (a serif for titles, court letters and card indices) and ``"text"``
(a clear sans for everything people read). Fonts are opened lazily and cached by size.
"""

from __future__ import annotations

import functools
import os

import pygame

_ROLE_FILES = {
    # role: candidate files in order of preference, as (package, relative path)
    "display": (
        ("pygame", "tests/fixtures/fonts/PlayfairDisplaySemibold.ttf"),
        ("pygame_gui", "data/NotoSans-Bold.ttf"),
    ),
    "text": (("pygame_gui", "data/NotoSans-Regular.ttf"), ("pygame", "freesansbold.ttf")),
    "bold": (("pygame_gui", "data/NotoSans-Bold.ttf"), ("pygame", "freesansbold.ttf")),
    "italic": (
        ("pygame_gui", "data/NotoSans-Italic.ttf"),
        ("pygame_gui", "data/NotoSans-Regular.ttf"),
    ),
}


def _package_dir(name: str) -> str:
    """The folder of the package that ships a font: pygame or pygame_gui, imported plainly so
    the app build sees them."""
    if name == "pygame_gui":
        import pygame_gui as module
    else:
        import pygame as module
    return os.path.dirname(module.__file__)


@functools.cache
def font_path(role: str) -> str | None:
    """Path of the font file for ``role``; None means pygame's built-in default font."""
    for package, relative in _ROLE_FILES[role]:
        try:
            path = os.path.join(_package_dir(package), relative)
        except ImportError:
            continue
        if os.path.exists(path):
            return path
    return None


_fonts: dict[tuple[str, int], pygame.font.Font] = {}


def font(role: str, size: int) -> pygame.font.Font:
    """A cached font of ``role`` at ``size`` pixels (opens pygame.font if needed)."""
    if not pygame.font.get_init():
        pygame.font.init()
        _fonts.clear()  # fonts opened before a pygame.quit() are dead
    key = (role, max(6, int(size)))
    face = _fonts.get(key)
    if face is not None:
        try:
            face.get_height()
        except pygame.error:  # pygame was quit and re-initialised since this font was opened
            _fonts.clear()
            face = None
    if face is None:
        face = _fonts[key] = pygame.font.Font(font_path(role), key[1])
    return face


def forget_fonts() -> None:
    """Drop every cached font (call after pygame.init when pygame may have been quit before)."""
    _fonts.clear()
