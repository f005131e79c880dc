"""Declared assembly formats are parsed on first use, not when the dialect is imported
(`PtoOp.__init_subclass__`): each still parses against its op's definition, and an op of
one round-trips through it."""

from __future__ import annotations

import subprocess
import sys

from support import parse_kernel

from pto_dialect.dialect import PTO
from pto_dialect.ops.base import PtoOp, declared_format, format_program


def test_every_declared_format_parses_against_its_op() -> None:
    ops = [op for op in PTO.operations if issubclass(op, PtoOp) and declared_format(op)]
    assert len(ops) > 150
    for op in ops:
        assert format_program(op) is format_program(op)  # made once


COUNTED = """
from xdsl.irdl.declarative_assembly_format import FormatProgram
names = []
parse = FormatProgram.from_str
def counted(text, op_def):
    names.append(op_def.name)
    return parse(text, op_def)
FormatProgram.from_str = counted
import pto_dialect.dialect
print(len([n for n in names if n.startswith("pto.")]))
"""


def test_importing_the_dialect_parses_no_pto_format() -> None:
    out = subprocess.run([sys.executable, "-c", COUNTED], capture_output=True, text=True,
                         check=True)  # fmt: skip
    assert out.stdout.strip() == "0"


KERNEL = """builtin.module {
  func.func @k(%p: !pto.ptr<f32, ub>, %i: index) {
    pto.vecscope {
      %v = pto.vlds %p[%i] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
      %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
      pto.vsts %v, %p[%i], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
    }
    func.return
  }
}"""


def test_an_op_of_a_declared_format_round_trips() -> None:
    printed = str(parse_kernel(KERNEL))
    assert "pto.vlds %p[%i] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>" in printed
    assert str(parse_kernel(printed)) == printed
