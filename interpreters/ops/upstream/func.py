"""`func`: a call runs a function of the module; a call of a declaration (an external
function, whose body the module does not hold) or too deep a recursion is an error at the
call, as is `cf.assert` with a false condition (`cf.py`).

A declaration in a module nested in another (PTOAS's mixed-backend container: one child
module per `pto.backend`, compiled apart and linked) is linked to the one public definition
of that name in a sibling child module, as PTOAS's driver resolves a cross-child
`func.call` (tools/ptoas/driver.cpp, `findSiblingSourceFunction`: private definitions are
not seen; several public ones are an error)."""

from __future__ import annotations

from xdsl.dialects import builtin, func
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


def linked_definition(declaration: func.FuncOp) -> func.FuncOp | None:
    """The public definition of `declaration`'s name in a sibling of the module that holds
    it (None: there is none, or the module is not nested)."""
    child = declaration.parent_op()
    outer = child.parent_op() if child is not None else None
    if not isinstance(child, builtin.ModuleOp) or not isinstance(outer, builtin.ModuleOp):
        return None
    name = declaration.sym_name.data
    found = [
        op
        for sibling in outer.ops
        if isinstance(sibling, builtin.ModuleOp) and sibling is not child
        for op in sibling.ops
        if isinstance(op, func.FuncOp)
        and op.sym_name.data == name
        and op.body.blocks
        and (op.sym_visibility is None or op.sym_visibility.data != "private")
    ]
    if len(found) > 1:
        raise PtoRuntimeError(
            f"@{name} is defined public in {len(found)} sibling modules: the call is ambiguous"
        )
    return found[0] if found else None


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
            linked = linked_definition(op)
            if linked is None:
                raise PtoRuntimeError(
                    f"@{op.sym_name.data} is a declaration without a body (an external "
                    "function) and no sibling module defines it: pto-run runs only functions "
                    "the module defines"
                )
            op = linked
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
