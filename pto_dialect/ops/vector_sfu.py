"""SFU and DSA micro-ops (the manual's sfu-and-dsa-ops pages): `pto.vexpdif`.

`%r = pto.vexpdif %input, %max, %mask, "PART" : V, V, M -> R` (PTOAS VPTOOps.td): the
fused `exp(input - max)` of vexpdif.md on the active lanes (inactive lanes zero, as every
masked vector op of the dialect). Element types f16 and f32 (the page's documented A5
coverage; A2/A3 and the CPU simulator emulate the A5 forms). `R` is `V`, or f32 lanes from
an f16 `V` (PTOAS's widening form): result lane i then takes input lane `2i` (`"EVEN"`) or
`2i + 1` (`"ODD"`), active when that input lane's mask bit is set. On a same-width form the
part selects nothing (PTOAS's f32 kernels write `"ODD"`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, result_def

from pto_dialect.dtypes import F16, F32, mlir_type
from pto_dialect.ops.base import fail
from pto_dialect.ops.vector_arith import ElementKind, VectorOp, check_mask_granularity
from pto_dialect.ops.vector_common import mask_of, vreg_of
from pto_dialect.ops.vector_math import FLOATS
from pto_dialect.records import Completion, PerRepeat, VectorCost
from pto_dialect.vector_types import MaskType, VRegType


class Part(StrEnum):
    """Which input lanes a widening `vexpdif` reads."""

    EVEN = "EVEN"
    ODD = "ODD"


@irdl_op_definition
class VExpDifOp(VectorOp):
    """`exp(input - max)` on the active lanes, one rounding."""

    name = "pto.vexpdif"

    MANUAL: ClassVar = "vector/ops/sfu-and-dsa-ops/vexpdif.md"
    ELEMENT_KIND: ClassVar = ElementKind.FLOAT
    DTYPES: ClassVar = FLOATS
    COST: ClassVar = VectorCost(
        Completion.BINOP, PerRepeat.BINARY, 16, PerRepeat.TRANSCENDENTAL, f16_a5_latency=21,
        estimate="vexpdif.md publishes no figure: costed as vexp (vexp.md: A5 16 / 21 cycles)",
    )  # fmt: skip

    input = operand_def(VRegType)
    max = operand_def(VRegType)
    mask = operand_def(MaskType)
    part = prop_def(StringAttr)
    result = result_def(VRegType)

    assembly_format = (
        "$input `,` $max `,` $mask `,` $part attr-dict `:` type($input) `,` type($max) `,` "
        "type($mask) `->` type($result)"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        max: SSAValue | Operation,
        mask: SSAValue | Operation,
        part: Part,
        result_type: Attribute | None = None,
    ) -> None:
        result = SSAValue.get(input).type if result_type is None else result_type
        super().__init__(
            operands=[input, max, mask],
            result_types=[result],
            properties={"part": StringAttr(part.value)},
        )

    @property
    def widening(self) -> bool:
        return vreg_of(self.result).element != vreg_of(self.input).element

    @property
    def selected(self) -> Part:
        return Part(self.part.data)

    def verify_(self) -> None:
        source = vreg_of(self.input)
        self.check_same_type("max", self.max, "input", source)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), source)
        if self.part.data not in {p.value for p in Part}:
            raise fail(f"{self.name} part must be EVEN or ODD, got {self.part.data}")
        self.check_element(source)
        result = vreg_of(self.result)
        if result == source:
            return
        wide = VRegType(mlir_type(F32)) if source.element == F16 else None
        if result != wide:
            raise fail(
                f"{self.name} result type {result} must equal the input type {source} "
                "(or be !pto.vreg<64xf32>, the widening form, for an f16 input)"
            )


OPS: list[type[IRDLOperation]] = [VExpDifOp]
