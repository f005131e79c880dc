"""`scf` with the rules a run adds: an `scf.for` step is positive (the manual's rule), and
an `scf.while` that comes back to the state it started an iteration from, with nothing in
its body that changes memory, is endless and stops at once (docs/semantics.md)."""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    ReturnedValues,
    TerminatorValue,
    impl_terminator,
)
from xdsl.ir import Operation
from xdsl.traits import Pure

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions, register_impls

_STRUCTURAL = (scf.IfOp, scf.ForOp, scf.WhileOp, scf.IndexSwitchOp, scf.ExecuteRegionOp,
               scf.YieldOp, scf.ConditionOp)  # fmt: skip
"""scf ops whose own effects are those of their regions."""


def _is_pure(op: Operation) -> bool:
    """Whether `op` and everything nested in it leave memory as it is."""
    return all(isinstance(inner, _STRUCTURAL) or inner.has_trait(Pure) for inner in op.walk())


def _plain(values: PythonValues) -> bool:
    """Whether every value is a Python number (so that equality means the same state)."""
    return all(type(v) in (int, float, bool) for v in values)


@register_impls
class ScfTerminators(InterpreterFunctions):
    """`scf.yield` and `scf.condition` hand their operands to the op that runs the region."""

    @impl_terminator(scf.YieldOp)
    def run_yield(
        self, interpreter: Interpreter, op: scf.YieldOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        return ReturnedValues(args), ()

    @impl_terminator(scf.ConditionOp)
    def run_condition(
        self, interpreter: Interpreter, op: scf.ConditionOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        return ReturnedValues(args), ()


@register_functions
class ScfFunctions(ScfTerminators):
    """scf.if, for, while, execute_region and index_switch."""

    def __init__(self) -> None:
        self._pure: dict[scf.WhileOp, bool] = {}

    @implements(scf.IfOp)
    def run_if(self, interpreter: Interpreter, op: scf.IfOp, args: PythonValues) -> PythonValues:
        region = op.true_region if args[0] else op.false_region
        return interpreter.run_ssacfg_region(region, (), "if")

    @implements(scf.ForOp)
    def run_for(self, interpreter: Interpreter, op: scf.ForOp, args: PythonValues) -> PythonValues:
        lb, ub, step, *carried = args
        if step <= 0:
            raise PtoRuntimeError(f"the step must be positive, got {step}", op)
        values = tuple(carried)
        body = op.body
        for i in range(lb, ub, step):
            values = interpreter.run_ssacfg_region(body, (i, *values), "for_loop")
        return values

    @implements(scf.WhileOp)
    def run_while(
        self, interpreter: Interpreter, op: scf.WhileOp, args: PythonValues
    ) -> PythonValues:
        pure = self._pure.get(op)
        if pure is None:
            pure = self._pure[op] = _is_pure(op)
        values = tuple(args)
        while True:
            condition, *forwarded = interpreter.run_ssacfg_region(
                op.before_region, values, "while.before"
            )
            if not condition:
                return tuple(forwarded)
            following = tuple(
                interpreter.run_ssacfg_region(op.after_region, tuple(forwarded), "while.after")
            )
            if pure and following == values and _plain(values):
                raise PtoRuntimeError(
                    "this loop never ends: an iteration that changes no memory brings back "
                    f"the values it started from ({', '.join(map(str, values)) or 'none'})",
                    op,
                )
            values = following

    @implements(scf.ExecuteRegionOp)
    def run_execute_region(
        self, interpreter: Interpreter, op: scf.ExecuteRegionOp, args: PythonValues
    ) -> PythonValues:
        return interpreter.run_ssacfg_region(op.region, (), "execute_region")

    @implements(scf.IndexSwitchOp)
    def run_index_switch(
        self, interpreter: Interpreter, op: scf.IndexSwitchOp, args: PythonValues
    ) -> PythonValues:
        cases: tuple[int, ...] = op.cases.get_values()
        if args[0] in cases:
            region = op.case_regions[cases.index(args[0])]
        else:
            region = op.default_region
        return interpreter.run_ssacfg_region(region, (), "index_switch")
