"""Whether an SSA value may still be read after a program point, in structured control flow.

Used by `pto-convert-to-dps` to decide whether a tile buffer may be overwritten: a value is
read after a point when one of its uses comes later in the same block, or sits in a loop
that also holds the point (the next iteration reads it again) and that the value is
defined outside of; the two branches of an `scf.if` exclude each other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from xdsl.dialects import scf
from xdsl.ir import Block, BlockArgument, Operation, OpResult, SSAValue

Use = tuple[Operation, int]
"""A use of a value: the op and the operand index."""


def _chain(op: Operation, block: Block) -> list[Operation] | None:
    """The ancestors of `op` from the one in `block` down to `op`; None outside `block`."""
    chain: list[Operation] = []
    node: Operation | None = op
    while node is not None:
        chain.append(node)
        parent = node.parent_block()
        if parent is block:
            chain.reverse()
            return chain
        node = None if parent is None else parent.parent_op()
    return None


def _defining_block(value: SSAValue) -> Block | None:
    if isinstance(value, BlockArgument):
        return value.block
    assert isinstance(value, OpResult)
    return value.op.parent_block()


class Liveness:
    """Positions of the ops under `root`, numbered once, and liveness queries on them."""

    def __init__(self, root: Operation) -> None:
        self._index: dict[Operation, int] = {}
        counts: Counter[Block | None] = Counter()
        for op in root.walk():
            block = op.parent_block()
            self._index[op] = counts[block]
            counts[block] += 1

    def used_after(
        self,
        value: SSAValue,
        point: Operation,
        allowed: Collection[Use] = (),
        *,
        inside: bool = True,
    ) -> bool:
        """Whether `value` may be read once `point` has started writing.

        A use by `point` itself counts unless it is in `allowed` (uses by `point`); it
        counts anyway when a loop that does not define `value` repeats `point`. A use
        nested in `point`'s regions counts when `inside`. Unknown positions count.
        """
        block = _defining_block(value)
        at = None if block is None else _chain(point, block)
        if block is None or at is None:
            return True
        for use in value.uses:
            chain = _chain(use.operation, block)
            own = (use.operation, use.index) in allowed
            if chain is None or self._later(at, chain, inside, own):
                return True
        return False

    def _later(
        self, at: list[Operation], use: list[Operation], inside: bool, allowed: bool
    ) -> bool:
        depth = 0
        while True:
            x, y = at[depth], use[depth]
            if x is not y:
                if x.parent_block() is not y.parent_block():
                    return False  # the two branches of an scf.if
                return self._index[y] > self._index[x]
            at_end, use_end = depth == len(at) - 1, depth == len(use) - 1
            if at_end and use_end:
                return not allowed  # a use by the point itself
            if use_end:
                return False  # the use encloses the point and read the value before it
            if at_end:
                return inside
            if not isinstance(x, scf.IfOp):
                return True  # a loop (or an op that may repeat) around both
            depth += 1
