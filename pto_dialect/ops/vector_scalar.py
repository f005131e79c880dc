"""Vector-scalar micro-ops (the manual's vec-scalar-ops pages) and `vaxpy`.

- `VectorScalarOp`: `%r = pto.vadds %input, %scalar, %mask : V, T, M -> V` (vadds, vsubs,
  vmuls, vmaxs, vmins, vands, vors, vxors, vshls, vshrs, vlrelu): lane-wise with the scalar
  broadcast to every active lane.
- `VectorCarryInOp`: `%r, %c = pto.vaddcs %lhs, %rhs, %carry_in, %mask : V, V, M, M -> V, M`
  (vaddcs, vsubcs): a lane-local carry (borrow) chain.
- `pto.vaxpy`: `%r = pto.vaxpy %x, %y, %alpha, %mask : (V, V, T, M) -> V`: `alpha * x + y`,
  fused (sfu-and-dsa-ops/vaxpy.md).

The scalar has the element type `T`; for integer elements the signless integer of the same
width is accepted too (MLIR constants are signless), its bits taken as `T`'s. The pages
publish no element lists beyond "common numeric types" (vlrelu, vaxpy: f16 and f32), so each
op takes the table of its vector-vector counterpart; and no timing figures, so the costs are
that counterpart's, marked as estimates (vaxpy: the A2/A3 figures of its page).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr, IntegerType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.dtypes import DType, dtype_of
from pto_dialect.ops.base import fail
from pto_dialect.ops.vector_arith import (
    ARITH,
    CARRY,
    INT,
    MUL,
    ElementKind,
    VectorOp,
    check_mask_granularity,
)
from pto_dialect.ops.vector_common import mask_of, parse_typed_operands, vreg_of
from pto_dialect.records import Completion, PerRepeat, VectorCost, per_target_dtypes
from pto_dialect.vector_types import MaskType, VRegType

_PAGES = "vector/ops/vec-scalar-ops/"
FLOAT_16_32 = per_target_dtypes("f16 f32", "f16 f32")
"""vlrelu.md and vaxpy.md: documented forms f16 and f32 (A2/A3 emulates the A5 forms)."""


def scalar_fits(scalar: Attribute, dtype: DType) -> bool:
    """Whether a scalar of type `scalar` supplies elements of `dtype`: the same type, or
    for integers the signless integer of the same width."""
    if dtype_of(scalar) == dtype:
        return True
    return dtype.is_int and scalar == IntegerType(dtype.bits)


def require_scalar_fits(what: str, scalar: Attribute, dtype: DType) -> None:
    """`what` (e.g. `pto.vadds scalar`) has the element type `dtype` (or its signless twin)."""
    if not scalar_fits(scalar, dtype):
        twin = f" or i{dtype.bits}" if dtype.is_int and dtype.name != f"i{dtype.bits}" else ""
        raise fail(f"{what} type {scalar} must be the element type {dtype}{twin}")


def constant_of(value: SSAValue) -> int | float | None:
    """The value of an `arith.constant` scalar (integers as the element's bits allow), else
    None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr | FloatAttr):
        return owner.value.value.data
    return None


def as_element(value: int, dtype: DType) -> int:
    """Integer `value` read as an element of `dtype` (its low `bits` bits)."""
    bits = value & ((1 << dtype.bits) - 1)
    if dtype.is_signed and bits >> (dtype.bits - 1):
        bits -= 1 << dtype.bits
    return bits


def require_shift_count(what: str, value: SSAValue, dtype: DType) -> None:
    """A constant shift count lies in [0, bits - 1] (the shift pages: "zero and positive
    values", "below the element width"); other counts are checked at run time."""
    count = constant_of(value)
    if isinstance(count, int) and not 0 <= as_element(count, dtype) < dtype.bits:
        raise fail(
            f"{what} {as_element(count, dtype)} is outside [0, {dtype.bits - 1}], the shift "
            f"counts of {dtype} elements"
        )


_SIMPLE_ROW = (
    "A2/A3: the cost model's vadds/vmuls row (one cycle per repeat; pto-isa [prof] TADDS f32 "
    "32x64 = 57, TMINS f32 64x64 = 87); A5 latency as the binary op's, unpublished"
)


def _estimate(like: str) -> str:
    return f"no published figure on its page: costed as {like}"


class VectorScalarOp(VectorOp):
    """`%r = pto.vXXXs %input, %scalar, %mask : V, T, M -> V`: input and result have one
    type, the scalar the element type, the mask one bit per lane."""

    input = operand_def(VRegType)
    scalar = operand_def()
    mask = operand_def(MaskType)
    result = result_def(VRegType)

    assembly_format = (
        "$input `,` $scalar `,` $mask attr-dict `:` type($input) `,` type($scalar) `,` "
        "type($mask) `->` type($result)"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        scalar: SSAValue | Operation,
        mask: SSAValue | Operation,
        result_type: Attribute | None = None,
    ) -> None:
        if result_type is None:
            result_type = SSAValue.get(input).type
        super().__init__(operands=[input, scalar, mask], result_types=[result_type])

    def verify_(self) -> None:
        vreg = vreg_of(self.input)
        self.check_same_type("result", self.result, "input", vreg)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), vreg)
        dtype = self.check_element(vreg)
        require_scalar_fits(f"{self.name} scalar", self.scalar.type, dtype)
        if isinstance(self, VShlsOp | VShrsOp):
            require_shift_count(f"{self.name} scalar", self.scalar, dtype)


class VectorIntScalarOp(VectorScalarOp):
    """Bitwise and shift forms: integer elements only."""

    DTYPES: ClassVar = INT

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.INT


@irdl_op_definition
class VAddsOp(VectorScalarOp):
    name = "pto.vadds"

    MANUAL: ClassVar = _PAGES + "vadds.md"
    DTYPES: ClassVar = ARITH
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7, estimate=_SIMPLE_ROW)


@irdl_op_definition
class VSubsOp(VectorScalarOp):
    name = "pto.vsubs"

    MANUAL: ClassVar = _PAGES + "vsubs.md"
    DTYPES: ClassVar = ARITH
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7, estimate=_SIMPLE_ROW)


@irdl_op_definition
class VMulsOp(VectorScalarOp):
    """Integer products wrap; no 8-bit form on A5 (as vmul)."""

    name = "pto.vmuls"

    MANUAL: ClassVar = _PAGES + "vmuls.md"
    DTYPES: ClassVar = MUL
    COST: ClassVar = VectorCost(Completion.MUL, PerRepeat.SIMPLE, 8, estimate=_SIMPLE_ROW)


@irdl_op_definition
class VMaxsOp(VectorScalarOp):
    """`input > scalar ? input : scalar`, a NaN operand giving NaN (as vmax)."""

    name = "pto.vmaxs"

    MANUAL: ClassVar = _PAGES + "vmaxs.md"
    DTYPES: ClassVar = ARITH
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7, estimate=_SIMPLE_ROW)


@irdl_op_definition
class VMinsOp(VectorScalarOp):
    """`input < scalar ? input : scalar`, a NaN operand giving NaN (as vmin)."""

    name = "pto.vmins"

    MANUAL: ClassVar = _PAGES + "vmins.md"
    DTYPES: ClassVar = ARITH
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7, estimate=_SIMPLE_ROW)


@irdl_op_definition
class VAndsOp(VectorIntScalarOp):
    name = "pto.vands"

    MANUAL: ClassVar = _PAGES + "vands.md"
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7, estimate=_estimate("vand"))


@irdl_op_definition
class VOrsOp(VectorIntScalarOp):
    name = "pto.vors"

    MANUAL: ClassVar = _PAGES + "vors.md"
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7, estimate=_estimate("vor"))


@irdl_op_definition
class VXorsOp(VectorIntScalarOp):
    name = "pto.vxors"

    MANUAL: ClassVar = _PAGES + "vxors.md"
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7, estimate=_estimate("vxor"))


@irdl_op_definition
class VShlsOp(VectorIntScalarOp):
    """The scalar is the shift count of every lane (the rule of vshl for [0, bits - 1])."""

    name = "pto.vshls"

    MANUAL: ClassVar = _PAGES + "vshls.md"
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7, estimate=_estimate("vshl"))


@irdl_op_definition
class VShrsOp(VectorIntScalarOp):
    """Arithmetic for signed elements, logical for unsigned; the count rule of vshr."""

    name = "pto.vshrs"

    MANUAL: ClassVar = _PAGES + "vshrs.md"
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7, estimate=_estimate("vshr"))


@irdl_op_definition
class VLReluOp(VectorScalarOp):
    """`input >= 0 ? input : scalar * input` (vlrelu.md), the product rounded once."""

    name = "pto.vlrelu"

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.FLOAT
    MANUAL: ClassVar = _PAGES + "vlrelu.md"
    DTYPES: ClassVar = FLOAT_16_32
    COST: ClassVar = VectorCost(Completion.MUL, PerRepeat.BINARY, 8, estimate=_estimate("vmul"))


# ----------------------------------------------------------------------------------------
# Carry-in chains
# ----------------------------------------------------------------------------------------


class VectorCarryInOp(VectorOp):
    """`%r, %c = pto.vaddcs %lhs, %rhs, %carry_in, %mask : V, V, M, M -> V, M`.

    lhs, rhs and result have one type; carry_in, carry and mask one bit per lane.
    """

    DTYPES: ClassVar = CARRY

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.INT
    ELEMENT_BITS: ClassVar[tuple[int, ...]] = (32,)

    lhs = operand_def(VRegType)
    rhs = operand_def(VRegType)
    carry_in = operand_def(MaskType)
    mask = operand_def(MaskType)
    result = result_def(VRegType)
    carry = result_def(MaskType)

    assembly_format = (
        "$lhs `,` $rhs `,` $carry_in `,` $mask attr-dict `:` type($lhs) `,` type($rhs) `,` "
        "type($carry_in) `,` type($mask) `->` type($result) `,` type($carry)"
    )

    def __init__(
        self,
        lhs: SSAValue | Operation,
        rhs: SSAValue | Operation,
        carry_in: SSAValue | Operation,
        mask: SSAValue | Operation,
    ) -> None:
        super().__init__(
            operands=[lhs, rhs, carry_in, mask],
            result_types=[SSAValue.get(lhs).type, SSAValue.get(mask).type],
        )

    def verify_(self) -> None:
        lhs = vreg_of(self.lhs)
        self.check_same_type("rhs", self.rhs, "lhs", lhs)
        self.check_same_type("result", self.result, "lhs", lhs)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), lhs)
        check_mask_granularity(self.name, "carry_in", mask_of(self.carry_in), lhs)
        self.check_same_type("carry", self.carry, "mask", self.mask.type)
        self.check_element(lhs)


@irdl_op_definition
class VAddCsOp(VectorCarryInOp):
    """`lhs + rhs + carry_in` as unsigned; carry: the bit out of the top."""

    name = "pto.vaddcs"

    MANUAL: ClassVar = _PAGES + "vaddcs.md"
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7, estimate=_estimate("vaddc"))


@irdl_op_definition
class VSubCsOp(VectorCarryInOp):
    """`lhs - rhs - borrow_in` as unsigned; borrow: the result needed one."""

    name = "pto.vsubcs"

    MANUAL: ClassVar = _PAGES + "vsubcs.md"
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7, estimate=_estimate("vsubc"))


# ----------------------------------------------------------------------------------------
# vaxpy
# ----------------------------------------------------------------------------------------


@irdl_op_definition
class VAxpyOp(VectorOp):
    """`%r = pto.vaxpy %x, %y, %alpha, %mask : (V, V, T, M) -> V`: `alpha * x + y` rounded
    once (vaxpy.md: "a single fused operation")."""

    name = "pto.vaxpy"

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.FLOAT
    MANUAL: ClassVar = "vector/ops/sfu-and-dsa-ops/vaxpy.md"
    DTYPES: ClassVar = FLOAT_16_32
    # vaxpy.md, A2/A3: startup 14, completion 26 (A2A3_COMPL_FP32_EXP), 2 per repeat,
    # interval 18; A5: not published
    COST: ClassVar = VectorCost(
        Completion.MUL,
        PerRepeat.BINARY,
        8,
        estimate="A2/A3 completion 26 (its page) has no row in the cost model: the mul row; "
        "A5 not published: as vmul",
    )

    x = operand_def(VRegType)
    y = operand_def(VRegType)
    alpha = operand_def()
    mask = operand_def(MaskType)
    result = result_def(VRegType)

    def __init__(
        self,
        x: SSAValue | Operation,
        y: SSAValue | Operation,
        alpha: SSAValue | Operation,
        mask: SSAValue | Operation,
    ) -> None:
        super().__init__(operands=[x, y, alpha, mask], result_types=[SSAValue.get(x).type])

    @classmethod
    def parse(cls, parser: Parser) -> VAxpyOp:
        """`: (V, V, T, M) -> V` (the manual) or `: V, V, T, M -> V` (PTOAS)."""
        operands, attrs, result = parse_typed_operands(parser, cls.name, (4,))
        return cls.create(operands=operands, result_types=[result], attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : (")
        printer.print_list([o.type for o in self.operands], printer.print_attribute)
        printer.print_string(") -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        x = vreg_of(self.x)
        self.check_same_type("y", self.y, "x", x)
        self.check_same_type("result", self.result, "x", x)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), x)
        dtype = self.check_element(x)
        require_scalar_fits(f"{self.name} alpha", self.alpha.type, dtype)


SCALAR_OPS: Sequence[type[VectorScalarOp]] = (
    VAddsOp,
    VSubsOp,
    VMulsOp,
    VMaxsOp,
    VMinsOp,
    VAndsOp,
    VOrsOp,
    VXorsOp,
    VShlsOp,
    VShrsOp,
    VLReluOp,
)
"""The vector-scalar family, in manual order."""

OPS: list[type[IRDLOperation]] = [*SCALAR_OPS, VAddCsOp, VSubCsOp, VAxpyOp]
