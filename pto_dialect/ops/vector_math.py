"""Vector math micro-ops: the unary SFU family and `vprelu`.

- `VectorUnaryOp` members: `%r = pto.vexp %x, %mask : V, M -> V` (vexp, vln, vsqrt, vrsqrt,
  vrec, vrelu).
- `pto.vprelu`: `%r = pto.vprelu %x, %alpha, %mask : V, V, M -> V` (the binary family's form:
  `x >= 0 ? x : x * alpha`).

Each op's record holds its manual page, element types per target and its cost (the page's
A5 latency and A2/A3 throughput where published). A2/A3 and the CPU simulator emulate the
A5 forms (the pages: "CPU simulation and A2/A3-class targets emulate"), so every target has
the A5 list.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.ops.vector_arith import VDIV_COST, ElementKind, VectorBinaryOp, VectorUnaryOp
from pto_dialect.records import Completion, PerRepeat, VectorCost, per_target_dtypes

_UNARY = "vector/ops/unary-vector-ops/"
FLOATS = per_target_dtypes("f32 f16", "f32 f16")
"""The pages' documented A5 coverage: f16, f32."""

_NO_SFU_ROW = (
    "A2/A3: the page's per-repeat figures (2 for f32, 4 for f16) are used; its startup 13 and "
    "completion {} are costed with the model's binop row (14 + 19), which has no SFU row"
)


def _sfu_cost(latency: int, f16_latency: int, a2a3_completion: str) -> VectorCost:
    """An SFU op's cost: its page's A5 `latency` (f32) and `f16_latency`, the A2/A3
    per-repeat figures, and the page's A2/A3 completion named in the estimate."""
    return VectorCost(
        Completion.BINOP,
        PerRepeat.BINARY,
        latency,
        PerRepeat.TRANSCENDENTAL,
        f16_a5_latency=f16_latency,
        estimate=_NO_SFU_ROW.format(a2a3_completion),
    )


class VectorFloatUnaryOp(VectorUnaryOp):
    """A unary vector op on floating-point lanes only."""

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.FLOAT
    DTYPES: ClassVar = FLOATS


@irdl_op_definition
class VExpOp(VectorFloatUnaryOp):
    """e^x on the active lanes."""

    name = "pto.vexp"

    MANUAL: ClassVar = _UNARY + "vexp.md"
    # vexp.md: A5 16 (f32) / 21 (f16) cycles
    COST: ClassVar = _sfu_cost(16, 21, "26 (f32) / 28 (f16)")


@irdl_op_definition
class VLnOp(VectorFloatUnaryOp):
    """ln(x) on the active lanes."""

    name = "pto.vln"

    MANUAL: ClassVar = _UNARY + "vln.md"
    # vln.md: A5 18 (f32) / 23 (f16) cycles
    COST: ClassVar = _sfu_cost(18, 23, "26 (f32) / 28 (f16)")


@irdl_op_definition
class VSqrtOp(VectorFloatUnaryOp):
    """sqrt(x) on the active lanes (IEEE 754, one rounding)."""

    name = "pto.vsqrt"

    MANUAL: ClassVar = _UNARY + "vsqrt.md"
    # vsqrt.md: A5 17 (f32) / 22 (f16) cycles
    COST: ClassVar = _sfu_cost(17, 22, "27 (f32) / 29 (f16)")


@irdl_op_definition
class VRsqrtOp(VectorFloatUnaryOp):
    """1 / sqrt(x) on the active lanes."""

    name = "pto.vrsqrt"

    MANUAL: ClassVar = _UNARY + "vrsqrt.md"
    # vrsqrt.md: A5 13 cycles (scalar-mul path); A2/A3 startup 14, completion 20 (FP mul
    # row), 1 per repeat
    COST: ClassVar = VectorCost(Completion.MUL, PerRepeat.SIMPLE, 13)


@irdl_op_definition
class VRecOp(VectorFloatUnaryOp):
    """1 / x on the active lanes (IEEE 754 division, one rounding)."""

    name = "pto.vrec"

    MANUAL: ClassVar = _UNARY + "vrec.md"
    COST: ClassVar = replace(
        VDIV_COST, estimate="the vrec page publishes no figure: costed as vdiv"
    )


@irdl_op_definition
class VReluOp(VectorUnaryOp):
    """`x > 0 ? x : 0` on the active lanes (the page's C semantics)."""

    name = "pto.vrelu"

    MANUAL: ClassVar = _UNARY + "vrelu.md"
    # vrelu.md documents f16, f32; pto-isa's A5 TRELU runs vrelu on int32 lanes as well
    # (npu/a5/TUnaryOp.hpp, ReluOp), so i32 is accepted
    DTYPES: ClassVar = per_target_dtypes("f32 f16 i32", "f32 f16 i32")
    # vrelu.md: A5 5 cycles; A2/A3 startup 14, completion 19 (binop), 1 per repeat
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 5)


@irdl_op_definition
class VPreluOp(VectorBinaryOp):
    """`%r = pto.vprelu %x, %alpha, %mask`: `x >= 0 ? x : x * alpha` on the active lanes."""

    name = "pto.vprelu"

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.FLOAT
    MANUAL: ClassVar = "vector/ops/sfu-and-dsa-ops/vprelu.md"
    DTYPES: ClassVar = FLOATS
    # vprelu.md: A2/A3 startup 14, completion 26, 2 per repeat; no A5 figure
    COST: ClassVar = VectorCost(
        Completion.BINOP,
        PerRepeat.BINARY,
        7,
        estimate="A5 latency unpublished: costed as vadd (7); A2/A3 completion 26 costed "
        "with the model's binop row (19)",
    )


UNARY_OPS: tuple[type[VectorUnaryOp], ...] = (VExpOp, VLnOp, VSqrtOp, VRsqrtOp, VRecOp, VReluOp)

OPS: list[type[IRDLOperation]] = [*UNARY_OPS, VPreluOp]
