"""The architecture as imports: which package may import which, no import cycle, and every
package saying what it holds (DESIGN.md section 2; docs/adding-an-instruction.md)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).parents[2]
PACKAGES = ("pto_dialect", "passes", "interpreters")

ALLOWED: dict[str, tuple[str, ...]] = {
    "pto_dialect": ("pto_dialect",),
    "pto_dialect.builder": ("pto_dialect",),
    "passes": ("pto_dialect", "passes"),
    "interpreters.engine": ("pto_dialect", "interpreters.engine"),
    "interpreters.semantics": (
        "pto_dialect",
        "interpreters.semantics",
        "interpreters.engine.errors",
        "interpreters.engine.source",
    ),
    "interpreters.machine": (
        "pto_dialect",
        "interpreters.engine",
        "interpreters.semantics",
        "interpreters.machine",
    ),
    "interpreters.ops": (
        "pto_dialect",
        "interpreters.engine",
        "interpreters.semantics",
        "interpreters.machine",
        "interpreters.ops",
    ),
    "interpreters.launching": (
        "pto_dialect",
        "interpreters.engine",
        "interpreters.semantics",
        "interpreters.machine",
        "interpreters.ops",
        "interpreters.launching",
    ),
    "interpreters": ("pto_dialect", "passes", "interpreters"),
    "interpreters.sweep": ("pto_dialect", "passes", "interpreters"),
}
"""Per package (the longest prefix wins): the packages its modules may import. Imports
point down: the dialect (its Python kernel builder builds IR only), then passes, then the
interpreter's engine, semantics, machine, op functions, a launch of them and, at the top, its
user surface (the API; above it the checker, the command lines and sweeps)."""

USER_SURFACE = {
    "api",
    "auto_args",
    "auto_sync",
}
"""The only modules directly in `interpreters/`: the Python API and what it completes a
kernel with; the rest lives in a subpackage per concern (`launching/`, `checking/`,
`commands/`, ...)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {
    module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")
}


def imports(path: Path) -> set[str]:
    """The project modules `path` imports, at any depth of its code (lazy imports count)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        for name in names:
            while name and name not in MODULES:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


@cache
def graph() -> dict[str, set[str]]:
    """Per module: the project modules it imports (built by the tests that need it, not at
    collection)."""
    return {name: imports(path) - {name} for name, path in MODULES.items()}


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_imports_point_down() -> None:
    bad: list[str] = []
    for name, targets in sorted(graph().items()):
        rule = max((p for p in ALLOWED if within(name, p)), key=len)
        up = sorted(i for i in targets if not any(within(i, a) for a in ALLOWED[rule]))
        bad += [f"{name} ({rule}) imports {i}" for i in up]
    assert not bad, "\n".join(bad)


def test_the_graph_sees_imports() -> None:
    """The checks read real edges: `from a.b import c` of a module and of a package."""
    assert "interpreters.machine.dma_transfer" in graph()["interpreters.ops.dma"]
    # `from interpreters.machine import costs`: a module imported from its package
    assert "interpreters.machine.costs" in graph()["interpreters.machine.core"]
    assert "interpreters.machine.memory" not in ALLOWED["interpreters.semantics"]


def test_no_import_cycle() -> None:
    """Tarjan's strongly connected components of the module graph are all single modules
    (package `__init__`s, which import nothing, cannot close a cycle)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(graph()[node]):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component: list[str] = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(graph()):
        if node not in index:
            visit(node)
    assert not cycles, f"import cycles: {cycles}"


def test_interpreters_top_level_is_the_user_surface() -> None:
    top = {p.stem for p in (ROOT / "interpreters").glob("*.py")} - {"__init__"}
    assert top == USER_SURFACE, f"modules outside a subpackage: {sorted(top - USER_SURFACE)}"


def test_every_package_says_what_it_holds() -> None:
    silent = [
        name
        for name, path in sorted(MODULES.items())
        if path.name == "__init__.py"
        and len((ast.get_docstring(ast.parse(path.read_text())) or "").split()) < 8
    ]
    assert not silent, f"packages whose __init__ has no docstring: {silent}"


def test_family_bases_declare_abstract_methods() -> None:
    """A method a family's members must supply is an `abc.abstractmethod` (pyright and the
    constructor name a member that lacks it), not a body raising a bare NotImplementedError."""
    bare = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in MODULES.values()
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Raise)
        and isinstance(node.exc, ast.Name)
        and node.exc.id == "NotImplementedError"
    ]
    assert not bare, f"bare `raise NotImplementedError` (make it an abstractmethod): {bare}"
