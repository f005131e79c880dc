"""`ArithFunctions` gives an `arith.constant` xDSL's value, computed once per op."""

from __future__ import annotations

from typing import Literal

import pytest
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
