"""Writes `pto_dialect/name_index.py`, the dialect's classes by name, from the dialect itself.

    python -m pto_dialect.name_index_gen

Run it after adding, moving or renaming an op, attribute or type class (or an op module);
`test/unit/test_name_index.py` fails while the written index differs from what this makes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from xdsl.ir import TypeAttribute

from pto_dialect.dialect import LOADED, PTO

PATH = Path(__file__).with_name("name_index.py")

HEADER = '''"""The `pto` dialect's classes by name, written from the dialect by
`python -m pto_dialect.name_index_gen` (do not edit; test_name_index.py fails while it is
stale).

`pto_dialect.by_name` reads it to define an op, attribute or type class only when a name
first asks for it (`PtoContext`) and to find the ops of a family without importing every
op module. Per op: its module (a position in `MODULES`), its class (by name, or by its place
in a list of the module: `OPS[3]`) and the families it derives from (positions in
`FAMILIES`, itself included); an upstream op the dialect brings (`upstream_ops`) has none.
"""

# fmt: off
'''

LINE_LENGTH = 100
"""pyproject's ruff line length: past it the index says `# ruff: noqa: E501` (only then, since
ruff flags a noqa with nothing to exempt)."""


def _project_bases(cls: type) -> list[type]:
    """`cls` and the classes of the project it derives from, in method resolution order."""
    return [base for base in cls.__mro__ if base.__module__.split(".")[0] == "pto_dialect"]


def where(cls: type) -> str:
    """How `cls` is reached from its module: its name, or (made by a factory under another
    name) its place in a module-level list: `OPS[3]`."""
    module = sys.modules[cls.__module__]
    if getattr(module, cls.__name__, None) is cls:
        return cls.__name__
    for name, value in vars(module).items():
        if isinstance(value, list | tuple) and cls in value:
            return f"{name}[{value.index(cls)}]"  # pyright: ignore[reportUnknownMemberType]
    raise LookupError(f"{cls.__module__} holds {cls.__name__} under no name or list")


def index_text() -> str:
    """The text of `name_index.py` for the dialect as it is defined now."""
    modules: dict[str, int] = {}
    families: dict[type, int] = {}
    dialect_ops = set(PTO.operations)

    def module(cls: type) -> int:
        return modules.setdefault(cls.__module__, len(modules))

    ops: list[str] = []
    for op in LOADED.operations:
        bases = _project_bases(op) if op in dialect_ops else []
        ids = tuple(families.setdefault(base, len(families)) for base in bases)
        for base in bases:
            module(base)
        ops.append(f"    {op.name!r}: ({module(op)}, {where(op)!r}, {ids!r}),")
    keys = [(cls.__module__, cls.__qualname__) for cls in families]
    assert len(set(keys)) == len(keys), "two families share a module and a qualified name"
    attributes: list[str] = []
    types: list[str] = []
    for attr in LOADED.attributes:
        kind = types if issubclass(attr, TypeAttribute) else attributes
        kind.append(f"    {attr.name!r}: ({module(attr)}, {where(attr)!r}),")
    lines = [
        "MODULES: tuple[str, ...] = (",
        *(f"    {name!r}," for name in modules),
        ")",
        "",
        "FAMILIES: tuple[tuple[int, str], ...] = (",
        *(f"    ({module(cls)}, {cls.__qualname__!r})," for cls in families),
        ")",
        "",
        "OPERATIONS: dict[str, tuple[int, str, tuple[int, ...]]] = {",
        *ops,
        "}",
        "",
        "ATTRIBUTES: dict[str, tuple[int, str]] = {",
        *attributes,
        "}",
        "",
        "TYPES: dict[str, tuple[int, str]] = {",
        *types,
        "}",
        "",
    ]
    body = "\n".join(lines).replace("'", '"')
    long = any(len(line) > LINE_LENGTH for line in body.splitlines())
    return HEADER + ("# ruff: noqa: E501\n" if long else "") + body


def main() -> None:
    PATH.write_text(index_text())
    print(f"wrote {PATH}")


if __name__ == "__main__":
    main()
