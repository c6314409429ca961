"""House rules that keep the engine and AI honest and portable (STYLE.md, fairness promise)."""

import ast
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PURE_PACKAGES = ("engine", "ai")
FORBIDDEN_IMPORTS = {"pygame", "pygame_gui"}


def _python_files(package: str) -> list[pathlib.Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _imported_modules(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_engine_and_ai_sources_import_no_pygame():
    offenders = [str(p.relative_to(ROOT)) for pkg in PURE_PACKAGES for p in _python_files(pkg)
                 if _imported_modules(p) & FORBIDDEN_IMPORTS]
    assert offenders == []


def _pygame_loaded_by_importing(packages: tuple[str, ...]) -> subprocess.CompletedProcess:
    """Import every module of the packages in a fresh Python; exit 1 if pygame got loaded."""
    modules = [".".join(p.relative_to(ROOT).with_suffix("").parts) for pkg in packages
               for p in _python_files(pkg) if p.name != "__init__.py"]
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')]\n"
            "print(bad); sys.exit(1 if bad else 0)\n")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)


def test_importing_every_engine_and_ai_module_loads_no_pygame():
    run = _pygame_loaded_by_importing(PURE_PACKAGES)
    assert run.returncode == 0, run.stdout + run.stderr


def test_importing_the_network_core_and_storage_loads_no_pygame():
    """net/ runs a host without a window; storage/ keeps what outlives one (STYLE.md, rooms)."""
    run = _pygame_loaded_by_importing(("net", "storage"))
    assert run.returncode == 0, run.stdout + run.stderr


def test_engine_and_ai_use_no_global_random_functions():
    calls = ("shuffle", "randint", "choice", "random", "sample", "randrange", "seed", "uniform",
             "choices")
    offenders = []
    for pkg in PURE_PACKAGES:
        for path in _python_files(pkg):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                        and node.value.id == "random" and node.attr in calls):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} random.{node.attr}")
                if isinstance(node, ast.ImportFrom) and node.module == "random":
                    names = {a.name for a in node.names}
                    if names - {"Random"}:
                        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} "
                                         f"from random import {names}")
    assert offenders == []


def test_play_code_never_deals_from_a_fixed_deck():
    """Fairness: the program's play path never feeds a chosen deck (only tests may)."""
    # The lessons deal their openly prepared decks; they say so on the table ("Lesson deal").
    lessons = ROOT / "scenes" / "lessons"
    play_files = [ROOT / "game.py", *sorted(p for room in ("scenes", "net", "storage")
                                            for p in (ROOT / room).rglob("*.py")
                                            if lessons not in p.parents)]
    offenders = [str(p.relative_to(ROOT)) for p in play_files if p.exists()
                 and ("FixedDealer" in p.read_text(encoding="utf-8"))]
    assert offenders == []
