"""The dialect's classes by name (`name_index`, `by_name`, `PtoContext`): the index is the
dialect's, every name finds its class, a family its ops, and a run of a small kernel
defines the op classes it names, not the dialect's six hundred."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from xdsl.ir import TypeAttribute

from interpreters.api import make_context
from pto_dialect import by_name
from pto_dialect.dialect import LOADED, PTO
from pto_dialect.name_index_gen import PATH, index_text
from pto_dialect.ops.tile_elementwise import TAddOp
from pto_dialect.ops.tile_memory import TLoadOp
from pto_dialect.tile_types import TileBufType

ROOT = Path(__file__).parents[2]


def test_index_is_current() -> None:
    assert PATH.read_text() == index_text(), (
        "pto_dialect/name_index.py is stale: run `python -m pto_dialect.name_index_gen`"
    )


def test_every_name_finds_its_class() -> None:
    for op in LOADED.operations:
        assert by_name.op_class(op.name) is op, op.name
    for attr in LOADED.attributes:
        kind = TypeAttribute in attr.__mro__
        found = by_name.type_class(attr.name) if kind else by_name.attribute_class(attr.name)
        assert found is attr, attr.name
    assert by_name.op_class("pto.no_such_op") is None


def test_family_members_are_the_dialect_ops_derived_from_it() -> None:
    for family in {base for op in LOADED.operations for base in op.__mro__}:
        expected = [op for op in PTO.operations if family in op.__mro__] or [family]
        assert by_name.members(family) == expected, family


def test_context_finds_names_and_loads_whole_on_request() -> None:
    ctx = make_context()
    assert ctx.get_op("pto.tload") is TLoadOp
    assert ctx.get_type("pto.tile_buf") is TileBufType
    assert ctx.get_optional_op("pto.no_such_op") is None
    clone = ctx.clone()
    assert clone.get_op("pto.tadd") is TAddOp
    ctx.load_registered_dialect("pto")  # over the classes loaded by name: no clash
    assert {*ctx.loaded_ops} >= {*LOADED.operations}


RUN = """
import contextlib, io, json, sys
from interpreters.api import parse
parse('''func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  %s = arith.select %c, %a, %b : i1, i32
  %r = scf.if %c -> i32 {
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  func.return %r : i32
}''')
from interpreters.commands.runner import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["examples/tabs_ssa.mlir", "--arg", "rand:1024xf32:1", "--arg", "zeros:1024xf32"])
print(json.dumps(sorted(name for name in sys.modules if name.startswith("pto_dialect."))))
"""


def test_a_small_kernel_defines_few_op_classes() -> None:
    """`pto-run` of `tabs` imports neither the dialect module nor an unrelated family, and
    the context still reads MLIR's `scf.if %c -> T` and `arith.select %c, %a, %b : i1, T`
    (`upstream_ops`' parsers, which no op a kernel names brings)."""
    out = subprocess.run(
        [sys.executable, "-c", RUN], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    modules = set(json.loads(out.splitlines()[-1]))
    assert "pto_dialect.ops.tile_elementwise" in modules
    unrelated = {"pto_dialect.dialect", "pto_dialect.ops.vmi_elementwise"}
    assert not modules & unrelated
