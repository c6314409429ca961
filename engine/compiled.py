"""Which build of the Durak engine's hot modules loads: compiled by mypyc, or pure Python.

``python -m tools.build_fast`` compiles ``MODULES`` in place (an extension module beside each
source) and writes ``STAMP``, the hashes of the sources it compiled. ``import engine`` calls
:func:`choose` first thing: the compiled modules load only when every one of them is there,
the stamp matches today's sources (an edited or pulled source is never shadowed by an older
build) and the environment variable ``KOZYR_PURE`` is unset (or "0"); otherwise a finder
sends those imports to the ``.py`` files. Both builds follow the same rules and pass the same
tests (.ci/run). This is the one place in engine/ that reads files: the project's own sources,
once, at import, never during play.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

# The hot path of a playout: state and rules, the tables they read, dealing and building, and
# the shuffle's arithmetic (engine/shuffle.py uses it only when it is compiled).
MODULES: Final = ("engine.durak.tables", "engine.durak.events", "engine.durak.seats",
                  "engine.durak.parts", "engine.durak.dealing", "engine.durak.game",
                  "engine.durak.playout", "engine.chacha")
RUNTIME: Final = "kozyr_engine__mypyc"  # mypyc's shared library for the group, at the root
STAMP: Final = "engine/compiled.stamp"
ROOT: Final = Path(__file__).resolve().parent.parent

BUILD = "pure"  # what choose() decided: "compiled" or "pure"


def source_stamp() -> str:
    """The hashes of the compiled modules' sources and this interpreter's tag, one a line."""
    lines = [sys.implementation.cache_tag or ""]
    for name in MODULES:
        digest = hashlib.sha256(_source(name).read_bytes()).hexdigest()
        lines.append(f"{name} {digest}")
    return "\n".join(lines) + "\n"


def _source(name: str) -> Path:
    return (ROOT / Path(*name.split("."))).with_suffix(".py")


def extension(name: str) -> Path | None:
    """The compiled module for ``name`` built for this interpreter, if there is one."""
    stem = ROOT / Path(*name.split("."))
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = stem.with_name(stem.name + suffix)
        if path.exists():
            return path
    return None


class _PureFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' names in their ``.py`` sources, ahead of the extensions."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        """The source file's spec for one of MODULES; None (the usual search) for the rest."""
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, _source(fullname))


def why_pure() -> str | None:
    """Why the pure modules must load (a sentence), or None when the compiled build may."""
    if os.environ.get("KOZYR_PURE", "") not in ("", "0"):
        return "KOZYR_PURE is set"
    try:
        stamp = (ROOT / STAMP).read_text(encoding="utf-8")
    except OSError:
        return "no compiled build (python -m tools.build_fast makes one)"
    try:
        if stamp != source_stamp():
            return "the compiled build is older than the sources (build it again)"
    except OSError:
        return "a source of the compiled modules is missing"
    missing = [name for name in MODULES if extension(name) is None]
    if missing:
        return "compiled modules missing: " + ", ".join(missing)
    try:
        importlib.import_module(RUNTIME)  # a build that cannot load falls back, never crashes
    except ImportError as error:
        return f"the compiled build does not load ({error})"
    return None


def choose() -> str:
    """Decide, once, which build loads (see the module's docstring); "compiled" or "pure"."""
    global BUILD
    if getattr(sys, "frozen", False):
        # A packaged app has no sources to check or fall back to: what was packaged loads.
        BUILD = "compiled" if importlib.util.find_spec(RUNTIME) is not None else "pure"
        return BUILD
    if why_pure() is None:
        BUILD = "compiled"
    else:
        BUILD = "pure"
        if not any(isinstance(f, _PureFinder) for f in sys.meta_path):
            sys.meta_path.insert(0, _PureFinder())
    return BUILD


def loaded() -> str:
    """Which build the engine's game module actually came from: "compiled" or "pure"."""
    from .durak import game  # a plain import: the app build sees it

    return "pure" if str(game.__file__).endswith(".py") else "compiled"
