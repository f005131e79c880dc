"""`func`: a call runs a function of the module; a call of a declaration (an external
function, whose body the module does not hold) or too deep a recursion is an error at the
call, as is `cf.assert` with a false condition (`cf.py`)."""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    ReturnedValues,
    TerminatorValue,
    impl_callable,
    impl_terminator,
)
from xdsl.traits import SymbolTable

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions, register_impls

MAX_CALL_DEPTH = 64
"""Nested calls after which a run stops (an endless recursion ends with an error, not with
Python's recursion limit)."""


@register_impls
class FuncTerminators(InterpreterFunctions):
    """`func.return` and calling a `func.func` (the entry function of a run too)."""

    def __init__(self) -> None:
        self.depth = 0

    @impl_terminator(func.ReturnOp)
    def run_return(
        self, interpreter: Interpreter, op: func.ReturnOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        return ReturnedValues(args), ()

    @impl_callable(func.FuncOp)
    def call_func(
        self, interpreter: Interpreter, op: func.FuncOp, args: PythonValues
    ) -> PythonValues:
        if not op.body.blocks:
            raise PtoRuntimeError(
                f"@{op.sym_name.data} is a declaration without a body (an external "
                "function): pto-run runs only functions the module defines"
            )
        if self.depth >= MAX_CALL_DEPTH:
            raise PtoRuntimeError(f"calls nest more than {MAX_CALL_DEPTH} deep (an endless "
                                  "recursion?)")  # fmt: skip
        self.depth += 1
        try:
            return interpreter.run_ssacfg_region(op.body, args, op.sym_name.data)
        finally:
            self.depth -= 1


@register_functions
class FuncFunctions(FuncTerminators):
    """`func.call` of a function of the module."""

    @implements(func.CallOp)
    def run_call(
        self, interpreter: Interpreter, op: func.CallOp, args: PythonValues
    ) -> PythonValues:
        callee = SymbolTable.lookup_symbol(op, op.callee)
        if not isinstance(callee, func.FuncOp):
            raise PtoRuntimeError(f"no function @{op.callee.string_value()} in the module")
        return interpreter.call_op(callee, args)
