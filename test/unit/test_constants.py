"""`ArithFunctions` gives an `arith.constant` xDSL's value, computed once per op."""

from __future__ import annotations

from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import InterpreterFunctions, PythonValues
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.interpreters.scf import ScfFunctions

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.interpreter import PtoInterpreter
from interpreters.engine.source import parse_module
from interpreters.ops.upstream.arith import ArithFunctions as PtoArithFunctions

CONSTANTS = """
builtin.module {
  func.func @main() -> (index, index, i8, i32, i64, f32, f16, index) {
    %big = arith.constant 4294967295 : index
    %neg = arith.constant -7 : index
    %b = arith.constant -128 : i8
    %w = arith.constant 2147483647 : i32
    %l = arith.constant -9223372036854775808 : i64
    %f = arith.constant 0.1 : f32
    %h = arith.constant -2.5 : f16
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %c0) -> (index) {
      %two = arith.constant 2 : index
      %next = arith.addi %acc, %two : index
      scf.yield %next : index
    }
    func.return %big, %neg, %b, %w, %l, %f, %h, %sum : index, index, i8, i32, i64, f32, f16, index
  }
}
"""


def parse() -> ModuleOp:
    return parse_module(context(arith.Arith, scf.Scf), CONSTANTS, "constants.mlir")


def run(
    arith_functions: InterpreterFunctions, bitwidth: Literal[32, 64], module: ModuleOp | None = None
) -> PythonValues:
    interpreter = PtoInterpreter(module or parse(), index_bitwidth=bitwidth)
    for functions in (arith_functions, FuncFunctions(), ScfFunctions()):
        interpreter.register_implementations(functions)
    return interpreter.call_op("main", ())


@pytest.mark.parametrize("bitwidth", [32, 64])
def test_values_are_xdsls(bitwidth: Literal[32, 64]) -> None:
    got = run(PtoArithFunctions(), bitwidth)
    assert got == run(ArithFunctions(), bitwidth)
    assert got[1] == -7 and got[-1] == 6
    assert got[0] == (-1 if bitwidth == 32 else 4294967295)


def test_each_constant_is_evaluated_once() -> None:
    module = parse()
    functions = PtoArithFunctions()
    run(functions, 64, module)
    compiled = functions._compiled  # pyright: ignore[reportPrivateUsage]
    constants = [op for op in compiled if isinstance(op, arith.ConstantOp)]
    assert len(constants) == 11  # one entry per op: the loop's constant once, not per iteration
    two = next(op for op in constants if op.result.name_hint == "two")
    compiled[two] = lambda args: (5,)  # a later run reads the entry, not the attribute
    assert run(functions, 64, module)[-1] == 15


def test_a_constant_without_a_scalar_value_is_a_run_time_error() -> None:
    text = """
    builtin.module {
      func.func @main() -> tensor<2xi32> {
        %v = arith.constant dense<1> : tensor<2xi32>
        func.return %v : tensor<2xi32>
      }
    }
    """
    module = parse_module(context(arith.Arith), text, "dense.mlir")
    interpreter = PtoInterpreter(module)
    for functions in (PtoArithFunctions(), FuncFunctions()):
        interpreter.register_implementations(functions)
    with pytest.raises(PtoRuntimeError, match=r"pto-run has no value for the constant dense"):
        interpreter.call_op("main", ())


def test_a_dense_vector_constant_is_a_numpy_value() -> None:
    """PTOAS kernels pass `dense<...> : vector<4xi16>` as tmrgsort's executed operand."""
    text = """
    builtin.module {
      func.func @main() -> vector<4xi16> {
        %v = arith.constant dense<[1, 2, 3, 4]> : vector<4xi16>
        func.return %v : vector<4xi16>
      }
    }
    """
    module = parse_module(context(arith.Arith), text, "dense.mlir")
    interpreter = PtoInterpreter(module)
    for functions in (PtoArithFunctions(), FuncFunctions()):
        interpreter.register_implementations(functions)
    (value,) = interpreter.call_op("main", ())
    assert list(value) == [1, 2, 3, 4]


INTEGER_OPS = """
builtin.module {{
  func.func @main(%a: {t}, %b: {t}) -> ({t}, {t}, {t}, {cmp}) {{
    %add = arith.addi %a, %b : {t}
    %sub = arith.subi %a, %b : {t}
    %mul = arith.muli %a, %b : {t}
{compares}
    func.return %add, %sub, %mul, {names} : {t}, {t}, {t}, {cmp}
  }}
}}
"""
PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")


def integer_ops(type: str) -> ModuleOp:
    compares = "\n".join(f"    %{p} = arith.cmpi {p}, %a, %b : {type}" for p in PREDICATES)
    text = INTEGER_OPS.format(
        t=type,
        compares=compares,
        cmp=", ".join(["i1"] * len(PREDICATES)),
        names=", ".join(f"%{p}" for p in PREDICATES),
    )
    return parse_module(context(arith.Arith), text, "integer.mlir")


@settings(max_examples=60, deadline=None)
@given(
    type=st.sampled_from(["i1", "i8", "i16", "i32", "i64", "index"]),
    bitwidth=st.sampled_from([32, 64]),
    a=st.integers(-(2**64), 2**64),
    b=st.integers(-(2**64), 2**64),
)
def test_integer_ops_are_xdsls(type: str, bitwidth: Literal[32, 64], a: int, b: int) -> None:
    """addi, subi, muli and every cmpi predicate give xDSL's bits on operands anywhere in
    (and beyond) the signed and unsigned ranges of the width (an i1 is a bool here, -1 or 0
    in xDSL: the same bit)."""
    module = integer_ops(type)
    width = bitwidth if type == "index" else int(type[1:])
    widths = [width] * 3 + [1] * len(PREDICATES)
    results: list[list[int]] = []
    for arith_functions in (PtoArithFunctions(), ArithFunctions()):
        interpreter = PtoInterpreter(module, index_bitwidth=bitwidth)
        for functions in (arith_functions, FuncFunctions()):
            interpreter.register_implementations(functions)
        values = interpreter.call_op("main", (a, b))
        results.append([int(v) % (1 << w) for v, w in zip(values, widths, strict=True)])
    assert results[0] == results[1]


MIN_MAX = """
builtin.module {
  func.func @main(%a: i8, %b: i8, %i: index, %j: index) -> (i8, i8, i8, i8, index, index) {
    %maxs = arith.maxsi %a, %b : i8
    %mins = arith.minsi %a, %b : i8
    %maxu = arith.maxui %a, %b : i8
    %minu = arith.minui %a, %b : i8
    %clamp = arith.minsi %i, %j : index
    %top = arith.maxui %i, %j : index
    func.return %maxs, %mins, %maxu, %minu, %clamp, %top : i8, i8, i8, i8, index, index
  }
}
"""


def test_integer_min_and_max_read_signed_or_unsigned_operands() -> None:
    """-1 : i8 is 255 unsigned: the largest for maxui, the smallest for maxsi."""
    interpreter = PtoInterpreter(parse_module(context(arith.Arith), MIN_MAX, "m.mlir"))
    for functions in (PtoArithFunctions(), FuncFunctions()):
        interpreter.register_implementations(functions)
    assert interpreter.call_op("main", (-1, 5, 7, 512)) == (5, -1, -1, 5, 7, 512)
