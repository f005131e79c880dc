"""Unary vector ops on the bits of each lane: `vbcnt`, `vcls` and `vmov`.

`%r = pto.vbcnt %x, %mask : V, M -> V` (the `VectorUnaryOp` form; likewise `vcls`, `vmov`):

- `vbcnt`: the number of set bits of each active lane (integer lanes);
- `vcls`: the number of leading bits equal to the sign bit, the sign bit included (integer
  lanes, read as two's complement whatever their signedness; docs/semantics.md);
- `vmov`: a copy of each active lane.

Inactive lanes are zero, as in the whole unary family (the pages' "unmodified" has no
destination operand to keep in SSA form; docs/semantics.md).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.ops.vector_arith import ALL_TYPES, INT_TYPES, ElementKind, VectorUnaryOp
from pto_dialect.records import Completion, PerRepeat, VectorCost, per_target_dtypes

_UNARY = "vector/ops/unary-vector-ops/"

_AS_VAND = VectorCost(
    Completion.BINOP,
    PerRepeat.SIMPLE,
    7,
    estimate="the page publishes no figure: costed as vand",
)


class VectorIntUnaryOp(VectorUnaryOp):
    """A unary op on integer lanes (the pages: "all integer types")."""

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.INT
    DTYPES: ClassVar = per_target_dtypes(INT_TYPES, INT_TYPES)
    COST: ClassVar = _AS_VAND


@irdl_op_definition
class VBcntOp(VectorIntUnaryOp):
    """popcount(x) on the active lanes."""

    name = "pto.vbcnt"

    MANUAL: ClassVar = _UNARY + "vbcnt.md"


@irdl_op_definition
class VClsOp(VectorIntUnaryOp):
    """The count of leading sign bits of x on the active lanes."""

    name = "pto.vcls"

    MANUAL: ClassVar = _UNARY + "vcls.md"


@irdl_op_definition
class VMovOp(VectorUnaryOp):
    """x on the active lanes (a register copy)."""

    name = "pto.vmov"

    MANUAL: ClassVar = _UNARY + "vmov.md"
    DTYPES: ClassVar = per_target_dtypes(ALL_TYPES, ALL_TYPES)
    COST: ClassVar = VectorCost(
        Completion.BINOP,
        PerRepeat.SIMPLE,
        7,
        estimate="the page publishes no figure; pto-isa's A5 cost model "
        "(costmodel/a5/cce_costmodel/vec_cycle_generated.hpp) puts vmov in the class of "
        "vlds/vsts, which this model costs as vand",
    )


BITS_OPS: tuple[type[VectorUnaryOp], ...] = (VBcntOp, VClsOp, VMovOp)

OPS: list[type[IRDLOperation]] = [*BITS_OPS]
