"""The house's rooms: nothing low imports anything high, and no module imports itself round a
circle — imports inside functions included (docs/ARCHITECTURE.md, "Rooms")."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Rooms from low to high. A module may import its own room and any lower one, never a higher one.
# engine: the rules; ai: the computer players (see only observations); texts: the translation
# lookup (pure Python; engine and ai speak message keys, never a language); storage: what outlives a
# window (files, history, the resume save); net: LAN tables without pygame (may keep saves);
# sprites/sounds: drawing and sound (pygame, no screens); scenes: the screens; the top: the
# command line (game.py), tools and benchmarks, which may start anything.
ROOMS: tuple[tuple[str, ...], ...] = (
    ("engine",),
    ("ai",),
    ("texts",),
    ("storage",),
    ("net",),
    ("sprites", "sounds"),
    ("scenes",),
    ("tools", "bench", "game"),
)
RANK = {room: level for level, rooms in enumerate(ROOMS) for room in rooms}


def project_modules() -> dict[str, pathlib.Path]:
    """Every module of the project (tests excluded) by its dotted name."""
    modules = {"game": ROOT / "game.py"}
    for room in RANK:
        folder = ROOT / room
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _resolve(name: str, modules: dict[str, pathlib.Path]) -> str | None:
    """The project module a dotted name lands in (its longest known prefix), or None."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(module: str, path: pathlib.Path, modules: dict[str, pathlib.Path]) -> set[str]:
    """The project modules `module` imports anywhere in its file (functions included)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    # Imports under `if TYPE_CHECKING:` are for annotations only and never run.
    typing_only = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and getattr(node.test, "id", getattr(node.test, "attr", "")) == "TYPE_CHECKING"
                   for inner in ast.walk(node)}
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # `from pkg import mod` depends on pkg.mod when that is a module, else on pkg.
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        else:
            continue
        for target in targets:
            hit = _resolve(target, modules)
            if hit is not None and hit != module:
                found.add(hit)
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports."""
    modules = project_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def room_of(module: str) -> str:
    """The room (top-level package, or `game`) a module lives in."""
    return module.split(".")[0]


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:
        # Iterative depth-first search: the graph is deep enough to trouble recursion limits.
        work = [(node, iter(sorted(graph.get(node, ()))))]
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        while work:
            current, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[current] = min(low[current], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[current])
            if low[current] == index[current]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == current:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_every_room_of_the_project_has_a_rank():
    rooms = {p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()} - {"tests"}
    assert rooms <= set(RANK), f"give these folders a room in ROOMS: {sorted(rooms - set(RANK))}"


def test_no_module_imports_a_higher_room():
    graph = import_graph()
    upward = sorted(f"{mod} -> {dep}" for mod, deps in graph.items() for dep in deps
                    if RANK[room_of(dep)] > RANK[room_of(mod)])
    assert upward == []


def test_no_import_cycles_even_through_imports_inside_functions():
    assert cycles(import_graph()) == []


def test_the_checker_sees_a_cycle_and_an_upward_import():
    """The checks above can fail: a made-up graph with both faults is caught."""
    graph = {"engine.a": {"engine.b"}, "engine.b": {"engine.a", "scenes.x"}, "scenes.x": set()}
    assert cycles(graph) == [["engine.a", "engine.b"]]
    assert [d for d in graph["engine.b"] if RANK[room_of(d)] > RANK["engine"]] == ["scenes.x"]
