"""xDSL's interpreter with a leaner block loop for whole-tile ops."""

from __future__ import annotations

from xdsl.interpreter import Interpreter, PythonValues, ReturnedValues, Successor
from xdsl.ir import Block, Operation, Region


class PtoInterpreter(Interpreter):
    """`Interpreter` whose block loop skips per-op work that cannot change the result.

    `run_ssacfg_region` has the semantics of xDSL's; it only avoids formatting an assertion
    message for every op and binding results of ops that have none, which are a large part
    of the dispatch cost of an op whose work is one numpy call.
    """

    def run_ssacfg_region(
        self, region: Region, args: PythonValues, name: str = "unknown"
    ) -> PythonValues:
        results: PythonValues = ()
        block: Block | None = region.blocks.first
        if block is None:
            return results
        initial_scope = self._ctx  # pyright: ignore[reportPrivateUsage]
        while block is not None:
            self.push_scope(name)
            self.set_values(zip(block.args, args, strict=True))
            op: Operation | None = block.first_op
            block = None
            while op is not None:
                result = self._run_op(op, self.get_values(op.operands))  # pyright: ignore[reportPrivateUsage]
                if op.results:
                    self.set_values(zip(op.results, result.values, strict=True))
                match result.terminator_value:
                    case None:
                        op = op.next_op
                    case ReturnedValues(values=values):
                        results = values
                        break
                    case Successor(block=block, args=args):
                        break
        self._ctx = initial_scope  # pyright: ignore[reportPrivateUsage]
        return results
