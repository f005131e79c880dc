"""Where a tile's valid region comes from at an op, for the lowerings: the last
`pto.set_validshape` of the tile that runs before the op, else its `pto.alloc_tile`'s
`valid_row`/`valid_col` operands (else its type's static sizes).

PyPTO's kernels shrink a tile's valid rows with `pto.set_validshape` before its `tstore`
(66 of the 629 model kernels); a lowering that read the alloc's operands would move or
compute the rows the tile no longer holds.
"""

from __future__ import annotations

from xdsl.dialects import scf
from xdsl.ir import Operation, Region, SSAValue

from pto_dialect.ops.tile_buf_meta import SetValidShapeOp
from pto_dialect.ops.tile_memory import AllocTileOp


class UnsettledValidShape(Exception):
    """A `pto.set_validshape` of the tile may or may not have run before the op: in a
    branch or loop body the op is not in, later in a loop body around the op, or in another
    block of a region whose blocks branch to the op's (`cf.br`)."""


def valid_values(value: SSAValue, at: Operation) -> tuple[SSAValue, SSAValue] | None:
    """The valid-row and valid-col values of tile `value` where `at` runs: those of the
    last `pto.set_validshape` of it before `at` in `at`'s block or a block around it; None
    when none reaches `at` (the alloc's operands or the type hold). Raises
    `UnsettledValidShape` when which one reaches `at` depends on the run."""
    sets = {use.operation for use in value.uses if isinstance(use.operation, SetValidShapeOp)}
    if not sets:
        return None
    current = at
    while True:
        prev = current.prev_op
        while prev is not None:
            if prev is value.owner:
                return None
            if isinstance(prev, SetValidShapeOp) and prev in sets:
                return prev.valid_row, prev.valid_col
            if prev.regions and any(prev.is_ancestor(s) for s in sets):
                raise UnsettledValidShape(
                    f"the valid shape of the tile depends on a pto.set_validshape inside "
                    f"the {prev.name} before it"
                )
            prev = prev.prev_op
        block, region = current.parent_block(), current.parent_region()
        if (
            block is not None
            and region is not None
            and block is not region.first_block
            and any(_within(region, s) for s in sets)
        ):
            raise UnsettledValidShape(
                "the valid shape of the tile depends on a pto.set_validshape in a block "
                "that may branch to this one"
            )
        parent = current.parent_op()
        if parent is None or value.owner is parent:
            return None
        if isinstance(parent, scf.ForOp | scf.WhileOp) and any(parent.is_ancestor(s) for s in sets):
            raise UnsettledValidShape(
                f"the valid shape of the tile depends on a pto.set_validshape later in the "
                f"{parent.name} around it (the next iteration's)"
            )
        current = parent


def _within(region: Region, op: Operation) -> bool:
    """Whether `op` is in `region`, at any depth."""
    node: Operation | None = op
    while node is not None:
        if node.parent_region() is region:
            return True
        node = node.parent_op()
    return False


def valid_operands(alloc: AllocTileOp, at: Operation) -> tuple[SSAValue | None, SSAValue | None]:
    """`valid_values` of `alloc`'s tile at `at`, else the alloc's own operands (None: the
    type's static size)."""
    found = valid_values(alloc.result, at)
    return found if found is not None else (alloc.valid_row, alloc.valid_col)
