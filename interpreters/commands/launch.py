"""The command-line tools' entry points (`[project.scripts]`): each imports its tool with
the garbage collector paused, then freezes what the imports made, and runs it with the
dataclass methods of earlier runs.

Importing the dialect and the interpreter allocates a few hundred thousand long-lived
objects (op definitions, tables); a collection during the imports frees nothing and costs
a tenth of a trivial `pto-run` (benchmarks/startup.py). Frozen, they are never scanned
again by the collections of the run itself.

`dataclasses` writes the source text of each method of a dataclass (`__init__`, `__eq__`,
...) and compiles it: for xDSL's attributes and the project's records, some 1,500 methods
and a third of a trivial `pto-run`. `dataclass_code` keeps the code objects compiled from
those texts in a file beside this module's bytecode (`__pycache__`, written when Python
writes bytecode), and the next run executes the code of an identical text instead of
compiling it again: the same functions, made the same way.
"""

from __future__ import annotations

import dataclasses
import gc
import marshal
import os
import sys
from collections.abc import Callable, Generator, Sequence
from contextlib import contextmanager, suppress
from importlib import import_module
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any, cast

Main = Callable[[Sequence[str] | None], int]

CODE_CACHE = Path(__file__).with_name("__pycache__") / (
    f"dataclass_code.{sys.implementation.cache_tag}.{MAGIC_NUMBER.hex()}.marshal"
)
"""Where `dataclass_code` keeps compiled dataclass methods (per bytecode version)."""

MAX_ENTRIES = 20_000
"""A cache grown past this many texts starts again (texts differ per installed version)."""


@contextmanager
def dataclass_code(path: Path = CODE_CACHE) -> Generator[None]:
    """Within the block, `dataclasses` executes the code cached in `path` for a method's text
    it has compiled before (compiled as `exec` would: no inherited future flags); new texts
    are added to `path` at the end, unless Python writes no bytecode. The file is read when
    the first dataclass is made (a process whose classes exist already reads nothing)."""
    known: dict[str, CodeType] = {}
    new: dict[str, CodeType] = {}
    read = False

    def cached_exec(
        source: str | CodeType, scope: dict[str, Any] | None = None, names: Any = None
    ) -> None:
        nonlocal read
        if isinstance(source, str):
            if not read:
                known.update(_load(path))
                read = True
            code = known.get(source) or new.get(source)
            if code is None:
                code = new[source] = compile(source, "<string>", "exec", dont_inherit=True)
            source = code
        exec(source, scope, names)

    setattr(dataclasses, "exec", cached_exec)  # noqa: B010  # its global `exec` only
    try:
        yield
    finally:
        delattr(dataclasses, "exec")
        if new and not sys.dont_write_bytecode:
            _save(path, {**(known if len(known) < MAX_ENTRIES else {}), **new})


def _load(path: Path) -> dict[str, CodeType]:
    """The text -> code entries of the cache file `path` (none when there is none yet or it
    cannot be read: the cache starts again)."""
    try:
        loaded: object = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return _codes(loaded)


def _codes(loaded: object) -> dict[str, CodeType]:
    """The text -> code entries of what a cache file held (anything else is dropped)."""
    if not isinstance(loaded, dict):
        return {}
    items = cast(dict[object, object], loaded).items()
    return {k: v for k, v in items if isinstance(k, str) and isinstance(v, CodeType)}


def _save(path: Path, codes: dict[str, CodeType]) -> None:
    """Writes `codes` to `path` whole (a concurrent run reads the old file or the new one);
    a cache that cannot be written is no error."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(exist_ok=True)
        temporary.write_bytes(marshal.dumps(codes))
        os.replace(temporary, path)
    except OSError:
        with suppress(OSError):
            temporary.unlink(missing_ok=True)


def _main_of(module: str) -> Main:
    """`module.main`, imported without garbage collection."""
    gc.disable()
    try:
        main: Main = import_module(module).main
    finally:
        gc.enable()
    gc.freeze()
    return main


def _run(module: str, argv: Sequence[str] | None) -> int:
    with dataclass_code():
        main = _main_of(module)
        return main(argv)


def pto_run(argv: Sequence[str] | None = None) -> int:
    return _run("interpreters.commands.runner", argv)


def pto_opt(argv: Sequence[str] | None = None) -> int:
    return _run("passes.opt", argv)
