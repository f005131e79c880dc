"""xDSL's interpreter with a leaner block loop for whole-tile ops."""

from __future__ import annotations

from typing import NoReturn

from xdsl.interpreter import Interpreter, PythonValues, ReturnedValues, Successor
from xdsl.ir import Block, Operation, Region
from xdsl.utils.exceptions import InterpretationError


class PtoInterpreter(Interpreter):
    """`Interpreter` whose block loop skips per-op work that cannot change the result.

    `run_ssacfg_region` has the semantics of xDSL's (same scopes, listeners, error notes
    and checks); it reads operand values straight from the block's scope, looks the
    implementation up once per op and binds results only for ops that have some. For an
    op whose work is one numpy call this dispatch is a large part of its cost. It relies
    on private fields of the pinned xDSL version (`Interpreter._ctx`, `_impls`,
    `Operation._operands`, `_next_op`); test_pto_interpreter.py checks it against xDSL's.
    """

    def run_ssacfg_region(
        self, region: Region, args: PythonValues, name: str = "unknown"
    ) -> PythonValues:
        results: PythonValues = ()
        block: Block | None = region.blocks.first
        if block is None:
            return results
        initial_scope = self._ctx  # pyright: ignore[reportPrivateUsage]
        impls = self._impls  # pyright: ignore[reportPrivateUsage]
        table = impls._impl_dict  # pyright: ignore[reportPrivateUsage]
        while block is not None:
            self.push_scope(name)
            scope = self._ctx  # pyright: ignore[reportPrivateUsage]
            local, outer = scope.local_scope, scope.parent
            assert outer is not None
            self.set_values(zip(block.args, args, strict=True))
            op: Operation | None = block.first_op
            block = None
            while op is not None:
                operands = op._operands  # pyright: ignore[reportPrivateUsage]
                try:
                    inputs = tuple([local[v] for v in operands])
                except KeyError:  # defined in an enclosing region
                    inputs = tuple([local[v] if v in local else outer[v] for v in operands])
                for listener in self.listeners:  # an op may add one (vector_store.py)
                    listener.will_interpret_op(op, inputs)
                entry = table.get(type(op))
                if entry is None:
                    result = impls.run(self, op, inputs)  # xDSL's error for a missing impl
                else:
                    try:
                        result = entry[1](entry[0], self, op, inputs)
                    except Exception as error:  # as `impls.run` reports it
                        _emit_error(op, error)
                values = result.values
                if len(values) != len(op.results):
                    raise InterpretationError(
                        f"Number of operation results ({len(op.results)}) doesn't match the "
                        f"number of implementation results ({len(values)})."
                    )
                for listener in self.listeners:
                    listener.did_interpret_op(op, values)
                if values:
                    self.set_values(zip(op.results, values, strict=True))
                match result.terminator_value:
                    case None:
                        op = op._next_op  # pyright: ignore[reportPrivateUsage]
                    case ReturnedValues(values=values):
                        results = values
                        break
                    case Successor(block=block, args=args):
                        break
        self._ctx = initial_scope  # pyright: ignore[reportPrivateUsage]
        return results


def _emit_error(op: Operation, error: Exception) -> NoReturn:
    """`error` with xDSL's note of the op in its IR, as `impls.run` reports it; `error`
    itself when the IR cannot be printed (xDSL prints no f80/f128 constant)."""
    try:
        op.emit_error("Error while interpreting op", error)
    except NotImplementedError:
        raise error from None
    raise error  # emit_error raises; this tells the type checker
