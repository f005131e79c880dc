"""`pto.reserve_buffer` / `pto.import_reserved_buffer` on the interpreter: the result is
the declared `base` (an import: its peer's); `auto = true` has no modelled address."""

from __future__ import annotations

import pytest
from support import call, context

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.source import parse_module
from interpreters.machine.core import Machine
from interpreters.ops.reserved_buffer import ReservedBufferFunctions, Unplanned
from pto_dialect.targets import CPU

TEXT = """
func.func @vector() -> (i32, i32) {
  %0 = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = false, base = 4096} -> i32
  %1 = pto.import_reserved_buffer {name = "v2c", peer_func = @cube} -> i32
  func.return %0, %1 : i32, i32
}
func.func @cube() -> i32 {
  %0 = pto.reserve_buffer {name = "v2c", size = 1024, location = #pto.address_space<mat>, CUBE} -> i32
  func.return %0 : i32
}
"""  # noqa: E501


def run(cube: str, name: str) -> tuple[object, ...]:
    """Calls `name` with the cube's buffer declared `auto = ...` as `cube` says."""
    module = parse_module(context(), TEXT.replace("CUBE", cube), "k.mlir")
    module.verify()
    return call(module, ReservedBufferFunctions(Machine(CPU)), name, [])


def test_base_addresses() -> None:
    assert run("auto = false, base = 512", "vector") == (4096, 512)
    assert run("auto = false, base = 512", "cube") == (512,)


def test_auto_has_no_modelled_address() -> None:
    address = run("auto = true", "vector")[1]
    assert address == Unplanned("v2c")
    with pytest.raises(PtoRuntimeError, match='"v2c" has auto = true'):
        int(address)  # type: ignore[call-overload]
