"""Writes `pto_dialect/name_index.py`, the dialect's classes by name, from the dialect itself.

    python -m pto_dialect.name_index_gen

Run it after adding, moving or renaming an op, attribute or type class (or an op module);
`test/unit/test_name_index.py` fails while the written index differs from what this makes.
"""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path

from xdsl.ir import TypeAttribute

from pto_dialect.dialect import LOADED, PTO

PATH = Path(__file__).with_name("name_index.py")

HEADER = '''"""The `pto` dialect's classes by name, written from the dialect by
`python -m pto_dialect.name_index_gen` (do not edit; test_name_index.py fails while it is
stale).

`pto_dialect.by_name` reads it to define an op, attribute or type class only when a name
first asks for it (`PtoContext`) and to find the ops of a family without importing every
op module. Per op: its module, its class (by name, or by its place in a list of the module:
`OPS[3]`) and the families it derives from (keys of `FAMILIES`); an upstream op the dialect
brings (`upstream_ops`) has none. A family is a class of the project that more than one op
derives from, or that is not itself its one op; its key is its qualified name (with its
module, `module:name`, where two families share the name) and `FAMILIES` gives its module.
Everything is named, not numbered, so moving a class changes the lines that name it.
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


def family_keys(ops: Iterable[type]) -> dict[type, str]:
    """The families of `ops` (the classes of the project they derive from, less a class whose
    one op is itself: `by_name.members` answers for it) by key: the qualified name, with its
    module in front where two families share it."""
    members: defaultdict[type, list[type]] = defaultdict(list)
    for op in ops:
        for base in _project_bases(op):
            members[base].append(op)
    families = [cls for cls, found in members.items() if found != [cls]]
    shared = Counter(cls.__qualname__ for cls in families)
    return {
        cls: cls.__qualname__ if shared[cls.__qualname__] == 1
        else f"{cls.__module__}:{cls.__qualname__}"
        for cls in families
    }  # fmt: skip


def index_text() -> str:
    """The text of `name_index.py` for the dialect as it is defined now."""
    dialect_ops = set(PTO.operations)
    keys = family_keys(op for op in LOADED.operations if op in dialect_ops)
    assert len(set(keys.values())) == len(keys), "two families share a module and a name"
    ops: list[str] = []
    for op in LOADED.operations:
        bases = _project_bases(op) if op in dialect_ops else []
        ids = tuple(keys[base] for base in bases if base in keys)
        ops.append(f"    {op.name!r}: ({op.__module__!r}, {where(op)!r}, {ids!r}),")
    families = [(key, cls.__module__) for cls, key in keys.items()]
    attributes: list[str] = []
    types: list[str] = []
    for attr in LOADED.attributes:
        kind = types if issubclass(attr, TypeAttribute) else attributes
        kind.append(f"    {attr.name!r}: ({attr.__module__!r}, {where(attr)!r}),")
    lines = [
        "FAMILIES: dict[str, str] = {",
        *(f"    {key!r}: {module!r}," for key, module in sorted(families)),
        "}",
        "",
        "OPERATIONS: dict[str, tuple[str, str, tuple[str, ...]]] = {",
        *ops,
        "}",
        "",
        "ATTRIBUTES: dict[str, tuple[str, str]] = {",
        *attributes,
        "}",
        "",
        "TYPES: dict[str, tuple[str, str]] = {",
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
