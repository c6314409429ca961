"""Compile the Durak engine's hot modules with mypyc; the pure-Python modules stay the fallback.

Run ``python -m tools.build_fast`` (needs mypy, which brings mypyc, and a C compiler; about a
minute). It writes one extension module next to each source in ``engine/compiled.MODULES``
plus mypyc's shared runtime (``kozyr_engine__mypyc``) at the project's root, and a stamp
(``engine/compiled.stamp``) with each source's hash. ``import engine`` loads the compiled
modules only while the stamp matches the sources (so an edited or pulled source is never
shadowed by an older build) and ``KOZYR_PURE`` is unset; otherwise the pure modules, the same
rules. ``engine.compiled.BUILD`` says which ("compiled" or "pure"); ``python -m bench.engine``
prints it. ``python -m tools.build_fast --clean`` removes the build. The build's files are in
.gitignore: a clone plays without them, and without a compiler.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GROUP = "kozyr_engine"  # mypyc's shared runtime module: kozyr_engine__mypyc


def built_files() -> list[Path]:
    """The build's products in the tree: extension modules of the compiled group and the stamp."""
    from engine import compiled

    stems = [ROOT / Path(*name.split(".")) for name in (*compiled.MODULES, compiled.RUNTIME)]
    found = [path for stem in stems for path in sorted(stem.parent.glob(stem.name + ".*"))
             if path.name.endswith(tuple(EXTENSION_SUFFIXES))]
    stamp = ROOT / compiled.STAMP
    return found + ([stamp] if stamp.exists() else [])


def clean() -> None:
    """Remove the compiled build, so that the pure modules load."""
    for path in built_files():
        path.unlink()


def build(opt_level: str = "3") -> None:
    """Compile engine.compiled.MODULES in place and write the stamp that lets them load."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    from engine import compiled

    clean()  # an interrupted build must not leave a stamp next to older modules
    sources = [str(Path(*name.split(".")).with_suffix(".py")) for name in compiled.MODULES]
    work = ROOT / "build" / "fast"
    cwd = os.getcwd()
    os.chdir(ROOT)  # mypyc names modules by their path from the current folder
    try:
        extensions = mypycify(sources, opt_level=opt_level, group_name=GROUP,
                              target_dir=str(work / "c"))
        dist = Distribution({"name": GROUP, "ext_modules": extensions, "packages": [],
                             "py_modules": [], "script_args": ["-q", "build_ext", "--inplace",
                                                               "--build-temp",
                                                               str(work / "temp")]})
        dist.parse_command_line()
        dist.run_commands()
    finally:
        os.chdir(cwd)
    (ROOT / compiled.STAMP).write_text(compiled.source_stamp(), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Build (or with --clean remove) the compiled engine; print what it took."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clean", action="store_true", help="remove the compiled build")
    args = parser.parse_args(argv)
    if args.clean:
        clean()
        print("compiled engine removed: the pure-Python modules load")
        return 0
    start = time.perf_counter()
    try:
        build()
    except Exception as error:  # noqa: BLE001 (no compiler, no mypyc: say so, play stays pure)
        clean()
        print(f"build failed ({error}); the pure-Python engine stays in use", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in built_files())
    print(f"compiled {len(built_files()) - 1} files in {time.perf_counter() - start:.0f} s, "
          f"{size / 1024:.0f} KB")
    shutil.rmtree(ROOT / "build" / "fast" / "temp", ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
