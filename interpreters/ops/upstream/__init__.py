"""Interpreter functions of the upstream dialects' ops (`arith`, ...) that PTO kernels use,
where xDSL's own are missing or too slow. Imports `machine` and `engine`.

xDSL's `xdsl.interpreters` package imports every interpreter it has when it is imported
(RISC-V, Snitch, linalg, ... and their dialects: most of `pto-run`'s start-up once). The
few modules a run needs are loaded from it without that (`lean_package`); the rest of the
package appears when something asks for it.
"""

from __future__ import annotations

import importlib.util
import sys

from xdsl.interpreter import InterpreterFunctions


def lean_package(name: str) -> None:
    """Make package `name` importable without running its `__init__`: its submodules load
    on their own; the first attribute asked of the package itself runs the `__init__`."""
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        return
    module = importlib.util.module_from_spec(spec)
    loader = spec.loader

    def complete(attribute: str) -> object:
        del module.__dict__["__getattr__"]  # once: the package's own code defines the rest
        loader.exec_module(module)
        return getattr(module, attribute)

    module.__dict__["__getattr__"] = complete
    sys.modules[name] = module
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)


lean_package("xdsl.interpreters")


def xdsl_functions() -> list[InterpreterFunctions]:
    """xDSL's own functions of the memref dialect (the other upstream dialects' are this
    package's; `func`'s are the project's `SimtFunctions`, whose `func.call` also launches a
    SIMT entry)."""
    from xdsl.interpreters.memref import MemRefFunctions

    return [MemRefFunctions()]
