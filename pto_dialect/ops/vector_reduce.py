"""Vector cross-lane reductions (the manual's vector/ops/reduction-ops/ pages).

`%r = pto.vcadd %input, %mask : !pto.vreg<NxT>, !pto.mask<bW> -> !pto.vreg<NxT>` (PTOAS
`PTO_UnaryVecOp`: the syntax of `vcadd vcmax vcmin vcgadd vcgmax vcgmin vcpadd`).

- `VectorReduceOp`: the whole register to lane 0 (`vcadd`; `vcmax`/`vcmin` also put the
  lane index of the extremum in lane 1), every other lane zero.
- `VectorGroupReduceOp`: one result per 32-byte VLane group, in lanes 0 .. 7 (PTOAS
  board-tested kernels test/vpto/cases/micro-op/reduction/vcg*: "writes one reduced value
  per 32B block continuously to low lanes"), every other lane zero.
- `pto.vcpadd`: inclusive prefix sum over the active lanes.

The input, the result and the mask have one lane count; the mask granularity is the
element width. What each computes, lane by lane and in which order: docs/semantics.md
(vector cross-lane reductions) and interpreters/semantics/vector_reduce.py.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.ops.vector_arith import ElementKind, MaskedVRegOp
from pto_dialect.records import Completion, PerRepeat, VectorCost, per_target_dtypes

_PAGES = "vector/ops/reduction-ops/"

# The pages' A5 coverage: vcadd i16-i64, f16, f32; vcmax/vcmin/vcg* i16-i32, f16, f32;
# vcpadd f16, f32. 64-bit lanes have no predicate granularity (b8/b16/b32), so i64 vcadd is
# not expressible here. A2/A3 "may support narrower subsets or emulate": the A5 lists.
REDUCE_TYPES = per_target_dtypes("i16 ui16 i32 ui32 f16 f32", "i16 ui16 i32 ui32 f16 f32")
PREFIX_TYPES = per_target_dtypes("f16 f32", "f16 f32")

REDUCE_COST = VectorCost(
    Completion.BINOP,
    PerRepeat.BINARY,
    19,
    f16_a5_latency=21,
    estimate="A5 latency published (reduction-ops.md: f32/i32 19, f16 21; i16's 17 is "
    "costed as f16's 21); A2/A3: the published per-repeat 2 and completion 19, costed "
    "with the vadd class's fixed part",
)
"""The cost of every cross-lane reduction (reduction-ops.md latency table)."""


class VectorReduceOp(MaskedVRegOp):
    """`%r = pto.vXXX %input, %mask : V, M -> V`: a cross-lane reduction of `input`'s
    active lanes; the result has the input's type."""

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.ANY
    COST: ClassVar = REDUCE_COST


class VectorGroupReduceOp(VectorReduceOp):
    """A reduction per 32-byte VLane group: group g's result in lane g."""


@irdl_op_definition
class VCaddOp(VectorReduceOp):
    """Sum of the active lanes (inactive lanes count as zero) in lane 0."""

    name = "pto.vcadd"

    MANUAL: ClassVar = _PAGES + "vcadd.md"
    DTYPES: ClassVar = REDUCE_TYPES


@irdl_op_definition
class VCmaxOp(VectorReduceOp):
    """Maximum of the active lanes in lane 0, its lane index in lane 1."""

    name = "pto.vcmax"

    MANUAL: ClassVar = _PAGES + "vcmax.md"
    DTYPES: ClassVar = REDUCE_TYPES


@irdl_op_definition
class VCminOp(VectorReduceOp):
    """Minimum of the active lanes in lane 0, its lane index in lane 1."""

    name = "pto.vcmin"

    MANUAL: ClassVar = _PAGES + "vcmin.md"
    DTYPES: ClassVar = REDUCE_TYPES


@irdl_op_definition
class VCgaddOp(VectorGroupReduceOp):
    """Sum of each 32-byte group's active lanes."""

    name = "pto.vcgadd"

    MANUAL: ClassVar = _PAGES + "vcgadd.md"
    DTYPES: ClassVar = REDUCE_TYPES


@irdl_op_definition
class VCgmaxOp(VectorGroupReduceOp):
    """Maximum of each 32-byte group's active lanes."""

    name = "pto.vcgmax"

    MANUAL: ClassVar = _PAGES + "vcgmax.md"
    DTYPES: ClassVar = REDUCE_TYPES


@irdl_op_definition
class VCgminOp(VectorGroupReduceOp):
    """Minimum of each 32-byte group's active lanes."""

    name = "pto.vcgmin"

    MANUAL: ClassVar = _PAGES + "vcgmin.md"
    DTYPES: ClassVar = REDUCE_TYPES


@irdl_op_definition
class VCpaddOp(VectorReduceOp):
    """Inclusive prefix sum: lane i holds the sum of the active lanes 0 .. i."""

    name = "pto.vcpadd"

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.FLOAT
    MANUAL: ClassVar = _PAGES + "vcpadd.md"
    DTYPES: ClassVar = PREFIX_TYPES  # vcpadd.md: "documents floating-point forms"


OPS: list[type[IRDLOperation]] = [VCaddOp, VCmaxOp, VCminOp, VCgaddOp, VCgmaxOp, VCgminOp, VCpaddOp]
