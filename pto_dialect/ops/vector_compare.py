"""Compare and select micro-ops (vector/ops/compare-select/).

- `%p = pto.vcmp %src0, %src1, %seed, "lt" : V, V, M -> M`: `seed[i] && src0[i] lt src1[i]`.
- `%p = pto.vcmps %src, %scalar, %seed, "gt" : V, T, M -> M`: against a broadcast scalar.
- `%r = pto.vsel %src0, %src1, %mask : V, V, M -> V`: `mask[i] ? src0[i] : src1[i]`.

Modes: eq, ne, lt, le, gt, ge. Floats compare as IEEE 754: a NaN operand makes every mode
false but ne. Masks have the granularity of the element width.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, result_def

from pto_dialect.attrs import CmpMode
from pto_dialect.dtypes import dtype_of
from pto_dialect.ops.base import fail
from pto_dialect.ops.vector_arith import (
    ALL_TYPES,
    VectorOp,
    check_mask_granularity,
    same_width_ints,
)
from pto_dialect.ops.vector_common import mask_of, vreg_of
from pto_dialect.records import Completion, PerRepeat, VectorCost, per_target_dtypes
from pto_dialect.vector_types import MaskType, VRegType

MODES = {mode.value.lower(): mode for mode in CmpMode}
"""The `cmp_mode` strings and the compare modes they name."""

_TYPES = per_target_dtypes(ALL_TYPES, ALL_TYPES)  # the compare-select pages: b8/b16/b32 lanes
_COST = VectorCost(
    Completion.BINOP, PerRepeat.SIMPLE, 7, estimate="no published figure: costed as vand"
)


class VectorCompareOp(VectorOp):
    """A compare producing a predicate: the seed's granularity is the element width."""

    DTYPES: ClassVar = _TYPES
    COST: ClassVar = _COST

    cmp_mode = prop_def(StringAttr)

    @property
    def mode(self) -> CmpMode:
        return MODES[self.cmp_mode.data]

    def check_compare(self, src: VRegType, seed: SSAValue, result: SSAValue) -> None:
        check_mask_granularity(self.name, "seed", mask_of(seed), src)
        self.check_same_type("result", result, "seed", seed.type)
        if self.cmp_mode.data not in MODES:
            raise fail(
                f'{self.name} cmp_mode "{self.cmp_mode.data}" must be one of {", ".join(MODES)}'
            )
        self.check_element(src)


@irdl_op_definition
class VCmpOp(VectorCompareOp):
    name = "pto.vcmp"

    MANUAL: ClassVar = "vector/ops/compare-select/vcmp.md"

    src0 = operand_def(VRegType)
    src1 = operand_def(VRegType)
    seed = operand_def(MaskType)
    result = result_def(MaskType)

    assembly_format = (
        "$src0 `,` $src1 `,` $seed `,` $cmp_mode attr-dict `:` type($src0) `,` type($src1) "
        "`,` type($seed) `->` type($result)"
    )

    def __init__(
        self,
        src0: SSAValue | Operation,
        src1: SSAValue | Operation,
        seed: SSAValue | Operation,
        mode: CmpMode,
    ) -> None:
        super().__init__(
            operands=[src0, src1, seed],
            result_types=[SSAValue.get(seed).type],
            properties={"cmp_mode": StringAttr(mode.value.lower())},
        )

    def verify_(self) -> None:
        src0 = vreg_of(self.src0)
        self.check_same_type("src1", self.src1, "src0", src0)
        self.check_compare(src0, self.seed, self.result)


@irdl_op_definition
class VCmpsOp(VectorCompareOp):
    name = "pto.vcmps"

    MANUAL: ClassVar = "vector/ops/compare-select/vcmps.md"

    src = operand_def(VRegType)
    scalar = operand_def()
    seed = operand_def(MaskType)
    result = result_def(MaskType)

    assembly_format = (
        "$src `,` $scalar `,` $seed `,` $cmp_mode attr-dict `:` type($src) `,` type($scalar) "
        "`,` type($seed) `->` type($result)"
    )

    def __init__(
        self,
        src: SSAValue | Operation,
        scalar: SSAValue | Operation,
        seed: SSAValue | Operation,
        mode: CmpMode,
    ) -> None:
        super().__init__(
            operands=[src, scalar, seed],
            result_types=[SSAValue.get(seed).type],
            properties={"cmp_mode": StringAttr(mode.value.lower())},
        )

    def verify_(self) -> None:
        src = vreg_of(self.src)
        same = self.scalar.type == src.element_type
        if not same and not same_width_ints(self.scalar.type, src.element_type):
            raise fail(
                f"{self.name} scalar type {self.scalar.type} must equal the src element type "
                f"{src.element_type} (or be an integer of its width: PTOAS's board-tested "
                "vcmps cases compare ui16/si8/ui8 lanes with i16/i8 scalars)"
            )
        if dtype_of(self.scalar.type) is None:
            raise fail(f"{self.name} scalar type {self.scalar.type} is not a PTO element type")
        self.check_compare(src, self.seed, self.result)


@irdl_op_definition
class VSelOp(VectorOp):
    """`mask[i] ? src0[i] : src1[i]` on every lane."""

    name = "pto.vsel"

    MANUAL: ClassVar = "vector/ops/compare-select/vsel.md"
    DTYPES: ClassVar = _TYPES
    COST: ClassVar = _COST

    src0 = operand_def(VRegType)
    src1 = operand_def(VRegType)
    mask = operand_def(MaskType)
    result = result_def(VRegType)

    assembly_format = (
        "$src0 `,` $src1 `,` $mask attr-dict `:` type($src0) `,` type($src1) `,` type($mask) "
        "`->` type($result)"
    )

    def __init__(
        self,
        src0: SSAValue | Operation,
        src1: SSAValue | Operation,
        mask: SSAValue | Operation,
        result_type: Attribute | None = None,
    ) -> None:
        rtype = SSAValue.get(src0).type if result_type is None else result_type
        super().__init__(operands=[src0, src1, mask], result_types=[rtype])

    def verify_(self) -> None:
        src0 = vreg_of(self.src0)
        self.check_same_type("src1", self.src1, "src0", src0)
        self.check_same_type("result", self.result, "src0", src0)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), src0)
        self.check_element(src0)


OPS: list[type[IRDLOperation]] = [VCmpOp, VCmpsOp, VSelOp]
