"""`PtoInterpreter`'s block loop against xDSL's own `Interpreter`.

The loop reads private fields of the pinned xDSL version; these tests run the same
programs through both interpreters and compare what a user can observe: results, the
order listeners see ops in, and the errors raised.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import context
from xdsl.dialects import arith, cf, scf
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    impl,
    register_impls,
)
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.cf import CfFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.interpreters.scf import ScfFunctions
from xdsl.ir import Operation
from xdsl.utils.exceptions import InterpretationError

from interpreters.engine.interpreter import PtoInterpreter
from interpreters.engine.source import parse_module

# Values flow through a call with results, an scf.for with iter_args whose body reads
# values of the enclosing function, an scf.if with results and a multi-block CFG region.
PROGRAM = """
builtin.module {
  func.func @mix(%x: i64, %y: i64) -> (i64, i64) {
    %s = arith.addi %x, %y : i64
    %p = arith.muli %x, %y : i64
    func.return %s, %p : i64, i64
  }
  func.func @main(%n: index, %x: i64) -> (i64, i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3 : i64
    %sum, %prod = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %b = %three) -> (i64, i64) {
      %s, %p = func.call @mix(%a, %x) : (i64, i64) -> (i64, i64)
      %is0 = arith.cmpi eq, %i, %c1 : index
      %b2 = scf.if %is0 -> (i64) {
        %t = arith.addi %b, %p : i64
        scf.yield %t : i64
      } else {
        scf.yield %b : i64
      }
      scf.yield %s, %b2 : i64, i64
    }
    func.return %sum, %prod : i64, i64
  }
}
"""


class Recorder(Interpreter.Listener):
    def __init__(self) -> None:
        self.seen: list[str] = []

    def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
        self.seen.append(f"will {op.name} {args}")

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        self.seen.append(f"did {op.name} {results}")


def run(cls: type[Interpreter], text: str, *args: Any, extra: InterpreterFunctions | None = None
        ) -> tuple[PythonValues, list[str]]:  # fmt: skip
    module = parse_module(context(arith.Arith, scf.Scf), text, "program.mlir")
    recorder = Recorder()
    interpreter = cls(module, listeners=(recorder,))
    for functions in (ArithFunctions(), FuncFunctions(), ScfFunctions()):
        interpreter.register_implementations(functions)
    if extra is not None:
        interpreter.register_implementations(extra, override=True)
    return interpreter.call_op("main", args), recorder.seen


@pytest.mark.parametrize("n", [0, 1, 4])
def test_results_and_listener_events_match_xdsl(n: int) -> None:
    expected = run(Interpreter, PROGRAM, n, 5)
    got = run(PtoInterpreter, PROGRAM, n, 5)
    assert got == expected
    assert len(got[1]) > 10 * n  # the listener saw the loop bodies


BRANCHES = """
builtin.module {
  func.func @main(%c: i1, %x: i64) -> i64 {
    cf.cond_br %c, ^bb1(%x : i64), ^bb2
  ^bb1(%v: i64):
    %w = arith.addi %v, %x : i64
    func.return %w : i64
  ^bb2:
    func.return %x : i64
  }
}
"""


@pytest.mark.parametrize("flag", [True, False])
def test_successor_blocks_match_xdsl(flag: bool) -> None:
    def go(cls: type[Interpreter]) -> PythonValues:
        module = parse_module(context(arith.Arith, cf.Cf), BRANCHES, "branches.mlir")
        interpreter = cls(module)
        for functions in (ArithFunctions(), FuncFunctions(), CfFunctions()):
            interpreter.register_implementations(functions)
        return interpreter.call_op("main", (flag, 7))

    assert go(PtoInterpreter) == go(Interpreter) == ((14,) if flag else (7,))


UNKNOWN = """
builtin.module {
  func.func @main(%x: i64) -> i64 {
    %y = arith.ceildivsi %x, %x : i64
    func.return %y : i64
  }
}
"""


def test_a_missing_implementation_is_xdsls_error() -> None:
    module = parse_module(context(arith.Arith), UNKNOWN, "unknown.mlir")
    interpreter = PtoInterpreter(module)
    interpreter.register_implementations(FuncFunctions())
    with pytest.raises(InterpretationError, match="Could not find interpretation function for op"):
        interpreter.call_op("main", (3,))


@register_impls
class FailingAdd(InterpreterFunctions):
    @impl(arith.AddiOp)
    def run_addi(self, interpreter: Interpreter, op: arith.AddiOp, args: PythonValues
                 ) -> PythonValues:  # fmt: skip
        raise ValueError(f"no addition of {args}")


@register_impls
class WrongArity(InterpreterFunctions):
    @impl(arith.AddiOp)
    def run_addi(self, interpreter: Interpreter, op: arith.AddiOp, args: PythonValues
                 ) -> PythonValues:  # fmt: skip
        return ()


def test_an_implementation_error_keeps_its_type_and_gets_xdsls_notes() -> None:
    def error(cls: type[Interpreter]) -> ValueError:
        with pytest.raises(ValueError, match="no addition") as info:
            run(cls, PROGRAM, 2, 5, extra=FailingAdd())
        return info.value

    ours, theirs = error(PtoInterpreter), error(Interpreter)
    assert ours.__notes__ and ours.__notes__ == theirs.__notes__


def test_an_implementation_returning_the_wrong_result_count_is_an_error() -> None:
    with pytest.raises(InterpretationError, match=r"Number of operation results \(1\)"):
        run(PtoInterpreter, PROGRAM, 2, 5, extra=WrongArity())


@register_impls
class ListeningAdd(InterpreterFunctions):
    """An addi that installs a listener the first time it runs (as the unaligned-store
    stream installs its end-of-vecscope check)."""

    def __init__(self) -> None:
        self.late = Recorder()

    @impl(arith.AddiOp)
    def run_addi(self, interpreter: Interpreter, op: arith.AddiOp, args: PythonValues
                 ) -> PythonValues:  # fmt: skip
        if self.late not in interpreter.listeners:
            interpreter.listeners = (*interpreter.listeners, self.late)
        return (args[0] + args[1],)


def test_a_listener_added_by_an_op_sees_the_ops_after_it_in_every_region() -> None:
    def late_events(cls: type[Interpreter]) -> list[str]:
        functions = ListeningAdd()
        run(cls, PROGRAM, 3, 5, extra=functions)
        return functions.late.seen

    ours = late_events(PtoInterpreter)
    assert ours == late_events(Interpreter)
    # the scf.if and the scf.for enclosing the first addi are reported when they finish
    assert any(e.startswith("did scf.if") for e in ours)
    assert any(e.startswith("did scf.for") for e in ours)


def test_registration_matches_xdsls() -> None:
    """`impls.register_impls` makes the tables xDSL's makes, for every functions class."""
    from xdsl import interpreter as xi

    from interpreters.engine.impls import _KINDS  # pyright: ignore[reportPrivateUsage]
    from interpreters.ops.registry import PROJECT, UPSTREAM

    for row in (*UPSTREAM, *PROJECT):
        cls = row.load()
        probe = xi.register_impls(type("Probe", (cls,), {}))
        for _, key in _KINDS:
            assert getattr(probe, key) == getattr(cls, key), (row.name, key)
