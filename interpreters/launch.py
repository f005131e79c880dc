"""The command-line tools' entry points (`[project.scripts]`): each imports its tool with
the garbage collector paused, then freezes what the imports made.

Importing the dialect and the interpreter allocates a few hundred thousand long-lived
objects (op definitions, tables); a collection during the imports frees nothing and costs
a tenth of a trivial `pto-run` (benchmarks/startup.py). Frozen, they are never scanned
again by the collections of the run itself.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from importlib import import_module

Main = Callable[[Sequence[str] | None], int]


def _main_of(module: str) -> Main:
    """`module.main`, imported without garbage collection."""
    gc.disable()
    try:
        main: Main = import_module(module).main
    finally:
        gc.enable()
    gc.freeze()
    return main


def pto_run(argv: Sequence[str] | None = None) -> int:
    return _main_of("interpreters.runner")(argv)


def pto_opt(argv: Sequence[str] | None = None) -> int:
    return _main_of("passes.opt")(argv)
