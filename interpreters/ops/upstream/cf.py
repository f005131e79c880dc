"""`cf`: branches between the blocks of a function, and `cf.assert`."""

from __future__ import annotations

from xdsl.dialects import cf
from xdsl.interpreter import (
    Interpreter,
    InterpreterFunctions,
    PythonValues,
    Successor,
    TerminatorValue,
    impl_terminator,
)

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions, register_impls


@register_impls
class CfTerminators(InterpreterFunctions):
    """cf.br, cf.cond_br and cf.switch: the successor block and its arguments."""

    @impl_terminator(cf.BranchOp)
    def run_br(
        self, interpreter: Interpreter, op: cf.BranchOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        return Successor(op.successor, args), ()

    @impl_terminator(cf.ConditionalBranchOp)
    def run_cond_br(
        self, interpreter: Interpreter, op: cf.ConditionalBranchOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        then_count = len(op.then_arguments)
        if args[0]:
            return Successor(op.then_block, tuple(args[1 : 1 + then_count])), ()
        return Successor(op.else_block, tuple(args[1 + then_count :])), ()

    @impl_terminator(cf.SwitchOp)
    def run_switch(
        self, interpreter: Interpreter, op: cf.SwitchOp, args: PythonValues
    ) -> tuple[TerminatorValue, PythonValues]:
        flag, rest = args[0], args[1:]
        defaults = len(op.default_operands)
        cases = op.case_values.get_values() if op.case_values is not None else ()
        sizes = op.case_operand_segments.get_values()
        if flag in cases:
            k = cases.index(flag)
            start = defaults + sum(sizes[:k])
            return Successor(op.case_blocks[k], tuple(rest[start : start + sizes[k]])), ()
        return Successor(op.default_block, tuple(rest[:defaults])), ()


@register_functions
class CfFunctions(CfTerminators):
    """cf.assert: a false condition stops the run with the assertion's message."""

    @implements(cf.AssertOp)
    def run_assert(
        self, interpreter: Interpreter, op: cf.AssertOp, args: PythonValues
    ) -> PythonValues:
        if not args[0]:
            raise PtoRuntimeError(f"assertion failed: {op.msg.data}")
        return ()
