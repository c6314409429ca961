"""Is everything the game can reach inside the built app?

    python -m tools.app_check dist/kozyr        # prints what is missing; exit code 1 if anything

Compares the app's archive (the PYZ inside the program, read with PyInstaller's own reader)
and its folder with what the source needs:

- every module of the game's packages (``engine``, ``ai``, ``net``, ``storage``, ``scenes``,
  ``sprites``, ``sounds``) and the tools ``game.py`` hands commands to;
- every module those files import — our own, the standard library's and outside packages'
  alike — that exists on the building machine (an import only another system has, such as
  ``winreg``, cannot be bundled here and is skipped);
- every data file the game opens: the theme, the texts and translations, the rules pages, the
  record schema, the fonts of ``sprites/fonts.py``, pygame-gui's theme and fonts, and Babel's
  data for the six languages.

``kozyr.spec`` runs it at the end of every build, so a build that would crash on a screen
fails instead; tests/test_app_build.py runs it on the app it builds.
"""

from __future__ import annotations

import ast
import glob
import importlib.util
import os
import sys
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "ai", "texts", "net", "storage", "scenes", "sprites", "sounds")
TOOLS = ("tools.simulate", "tools.records_cli")  # game.py's commands
LOCALES = ("root", "en", "fr", "cs", "lt", "hu", "ru")
DATA = ("scenes/theme.json", "scenes/lang/*.json", "scenes/lang/*.po", "docs/rules/*.md",
        "docs/record.schema.json")
LIBRARY_DATA = ("pygame_gui/data/default_theme.json", "pygame_gui/data/NotoSans-Regular.ttf",
                "pygame_gui/data/NotoSans-Bold.ttf", "pygame_gui/data/NotoSans-Italic.ttf",
                "pygame_gui/data/NotoSans-BoldItalic.ttf", "pygame/freesansbold.ttf",
                "pygame/tests/fixtures/fonts/PlayfairDisplaySemibold.ttf", "babel/global.dat",
                *(f"babel/locale-data/{code}.dat" for code in LOCALES))


def project_modules() -> dict[str, Path]:
    """Module name -> source file of everything the app must carry of our own code."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    for name in TOOLS:
        found[name] = ROOT / (name.replace(".", "/") + ".py")
    found["game"] = ROOT / "game.py"
    return found


def _imports(path: Path, module: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    """(module imported, names taken from it) for every import statement in ``path``."""
    is_package = path.name == "__init__.py"
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ()
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                anchor = ".".join(parts[: len(parts) - (node.level - 1)])
                base = f"{anchor}.{base}" if base else anchor
            yield base, tuple(alias.name for alias in node.names if alias.name != "*")


def _exists_here(name: str) -> bool:
    """Can this machine import module ``name`` (so the app must carry it)?"""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError, AttributeError):
        return False


def needed_modules() -> set[str]:
    """Every module the app's code imports (and our own), as it exists on this machine."""
    ours = project_modules()
    needed = {name for name in ours if name != "game"}
    for module, path in ours.items():
        for imported, names in _imports(path, module):
            if imported == "__future__" or not imported:
                continue
            for candidate in (imported, *(f"{imported}.{n}" for n in names)):
                top = candidate.split(".")[0]
                if candidate in ours or (top not in PACKAGES + ("tools",)
                                         and _exists_here(candidate)):
                    needed.add(candidate)
    return needed


def app_modules(app: Path) -> set[str]:
    """The modules inside the app: its PYZ archive, plus extension modules in its folder."""
    from PyInstaller.archive.readers import CArchiveReader

    program = app / ("kozyr.exe" if os.name == "nt" else "kozyr")
    inside = set(CArchiveReader(str(program)).open_embedded_archive("PYZ.pyz").toc)
    internal = app / "_internal"
    library = internal / "base_library.zip"  # the standard library modules the start needs
    if library.is_file():
        with zipfile.ZipFile(library) as zipped:
            for entry in zipped.namelist():
                if entry.endswith(".pyc"):
                    parts = entry[: -len(".pyc")].split("/")
                    inside.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    for path in internal.rglob("*"):
        if path.suffix in (".so", ".pyd"):
            relative = path.relative_to(internal)
            if relative.parts[0].startswith("python3") and "lib-dynload" in relative.parts:
                relative = Path(*relative.parts[relative.parts.index("lib-dynload") + 1:])
            name = ".".join((*relative.parts[:-1], relative.name.split(".")[0]))
            inside.add(name)
    return inside | set(sys.builtin_module_names)


def data_files() -> list[str]:
    """Paths (inside the app, with /) of every data file the game opens."""
    ours = [os.path.relpath(p, ROOT).replace(os.sep, "/")
            for pattern in DATA for p in sorted(glob.glob(str(ROOT / pattern)))]
    return ours + list(LIBRARY_DATA)


def missing(app: Path | str) -> list[str]:
    """What the app at ``app`` (the dist/kozyr folder) lacks: module names and data paths."""
    app = Path(app)
    inside = app_modules(app)
    lacking = sorted(m for m in needed_modules() if m not in inside)
    internal = app / "_internal"
    lacking += [p for p in data_files() if not (internal / p).is_file()]
    return lacking


def main(argv: Iterable[str] | None = None) -> int:
    """Print what is missing from the app folder given (default dist/kozyr); 1 if anything."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pygame is looked up, not used
    args = list(sys.argv[1:] if argv is None else argv)
    app = Path(args[0]) if args else ROOT / "dist" / "kozyr"
    lacking = missing(app)
    for name in lacking:
        print(f"missing from {app}: {name}")
    if not lacking:
        print(f"{app}: every module and data file the game needs is inside")
    return 1 if lacking else 0


if __name__ == "__main__":
    sys.exit(main())
