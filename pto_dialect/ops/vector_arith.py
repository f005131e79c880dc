"""Vector compute micro-ops on `!pto.vreg` values (seed 004 and the PTO manual).

- `VectorBinaryOp`: `%r = pto.vadd %lhs, %rhs, %mask : V, V, M -> V` (vadd, vsub, vmul,
  vdiv, vmax, vmin, vand, vor, vxor, vshl, vshr); `VectorCarryOp` adds a carry mask
  result: `%r, %c = pto.vaddc %lhs, %rhs, %mask : V, V, M -> V, M` (vaddc, vsubc).
- `VectorUnaryOp`: `%r = pto.vabs %x, %mask : V, M -> V` (vabs, vneg, vnot).
- `pto.vmula`: `%r = pto.vmula %acc, %lhs, %rhs, %mask : V, V, V, M -> V` (acc + lhs * rhs).
- `pto.vbr`: `%r = pto.vbr %scalar : T -> !pto.vreg<NxT>` (broadcast to every lane).

All run on PIPE_V inside a `pto.vecscope`. Each op's record (`pto_dialect.records`) holds
its manual page, its element types per target and its cost (seed 004's figures).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import ClassVar

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure

from pto_dialect.dtypes import DType, dtype_of
from pto_dialect.ops.base import fail, target_of
from pto_dialect.ops.vecscope import InVecScope
from pto_dialect.ops.vector_common import VectorPipeOp, mask_of, vreg_of
from pto_dialect.records import Completion, PerRepeat, VectorCost, per_target_dtypes
from pto_dialect.vector_types import MASK_GRANULARITIES, MaskType, VRegType


class ElementKind(Enum):
    """Which element types an op accepts before the per-target table is consulted."""

    ANY = "any"
    INT = "integer"
    FLOAT = "floating-point"


# ---- element types per target ----------------------------------------------------------
# A5: seed 004's latency table (f32 f16 bf16 i32 i16 i8) with the unsigned variants of the
# per-op manual pages; A2/A3 emulates pto.v* with the A5 element types (vadd page:
# "Simulated"), except that the A5-only exclusion of 8-bit vmul/vmula does not apply.
ALL_TYPES = "f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8"
INT_TYPES = "i32 ui32 i16 ui16 i8 ui8"
ARITH = per_target_dtypes(ALL_TYPES, ALL_TYPES)
MUL = per_target_dtypes(ALL_TYPES, "f32 f16 bf16 i32 ui32 i16 ui16")  # seed 004: no A5 8-bit
DIV = per_target_dtypes("f32 f16", "f32 f16 i16 i32")
"""vdiv.md: f16, f32 (no integer division); PTOAS's A5 also divides signed or signless i16
and i32 lanes (a software sequence, test/lit/vpto/issue_1181/1241_*: unsigned lanes are
rejected), which the CPU target follows: decisions.md."""
INT = per_target_dtypes(INT_TYPES, INT_TYPES)  # bitwise and shifts: integer only
BITWISE = per_target_dtypes(ALL_TYPES, ALL_TYPES + " f8E4M3FN f8E5M2 hif8")
"""vand/vor/vxor: raw bits of any lane; on A5 also the 8-bit float lanes (PTOAS's VPTO
`verifyBinaryVecOp(allowLowPrecision)`; its board-tested vand case on f8E4M3FN)."""
CARRY = per_target_dtypes("i32 ui32", "i32 ui32")  # 32-bit carry chains
SIGNED = per_target_dtypes("f32 f16 i32 i16 i8", "f32 f16 i32 i16 i8")
"""The vabs and vneg pages: i8-i32, f16, f32 (A2/A3 emulates the A5 forms)."""


def check_mask_granularity(op_name: str, role: str, mask: MaskType, vreg: VRegType) -> None:
    """A predicate has one bit per lane: its granularity is the vreg's element width."""
    bits = vreg.element.bits
    if bits not in MASK_GRANULARITIES:
        raise fail(f"{op_name} has no {role} granularity for the {bits}-bit elements of {vreg}")
    if mask.bits.data != bits:
        raise fail(
            f"{op_name} {role} granularity b{mask.bits.data} must match the {bits}-bit "
            f"elements of {vreg} (expected !pto.mask<b{bits}>)"
        )


class VectorOp(VectorPipeOp):
    """A vector micro-op: PIPE_V, inside a `pto.vecscope`, element types per target."""

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.ANY
    ELEMENT_BITS: ClassVar[tuple[int, ...]] = ()
    """Element widths the op accepts (empty: any)."""

    traits = traits_def(InVecScope(), Pure())

    def check_element(self, vreg: VRegType) -> DType:
        """Kind, width and per-target legality of the element type of `vreg`."""
        dtype = vreg.element
        kind = self.ELEMENT_KIND
        if kind is ElementKind.INT and not dtype.is_int:
            raise fail(f"{self.name} requires integer elements, got {dtype}")
        if kind is ElementKind.FLOAT and not dtype.is_float:
            raise fail(f"{self.name} requires floating-point elements, got {dtype}")
        if self.ELEMENT_BITS and dtype.bits not in self.ELEMENT_BITS:
            widths = " or ".join(f"{b}-bit" for b in self.ELEMENT_BITS)
            what = "" if kind is ElementKind.ANY else f" {kind.value}"
            raise fail(f"{self.name} requires {widths}{what} elements, got {dtype}")
        target = target_of(self)
        legal = self.legal_dtypes(target)
        if dtype not in legal:
            names = ", ".join(sorted(d.name for d in legal)) or "none"
            raise fail(
                f"{self.name} element type {dtype} is not supported on target {target.name} "
                f"(supported: {names})"
            )
        return dtype


def _type_of(result_type: Attribute | None, like: SSAValue | Operation) -> Attribute:
    """`result_type`, by default the type of `like`."""
    return SSAValue.get(like).type if result_type is None else result_type


# ----------------------------------------------------------------------------------------
# Binary family (seed 004)
# ----------------------------------------------------------------------------------------


class VectorBinaryOp(VectorOp):
    """`%r = pto.vXXX %lhs, %rhs, %mask : V, V, M -> V`: lane-wise on the active lanes.

    lhs, rhs and result have one type; the mask granularity is the element width.
    """

    lhs = operand_def(VRegType)
    rhs = operand_def(VRegType)
    mask = operand_def(MaskType)
    result = result_def(VRegType)

    assembly_format = (
        "$lhs `,` $rhs `,` $mask attr-dict `:` type($lhs) `,` type($rhs) `,` type($mask) "
        "`->` type($result)"
    )

    def __init__(
        self,
        lhs: SSAValue | Operation,
        rhs: SSAValue | Operation,
        mask: SSAValue | Operation,
        result_type: Attribute | None = None,
    ) -> None:
        super().__init__(operands=[lhs, rhs, mask], result_types=[_type_of(result_type, lhs)])

    def verify_(self) -> None:
        lhs = vreg_of(self.lhs)
        self.check_same_type("rhs", self.rhs, "lhs", lhs)
        self.check_same_type("result", self.result, "lhs", lhs)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), lhs)
        self.check_element(lhs)
        self.verify_extra()

    def verify_extra(self) -> None:
        """Op-specific rules beyond the family's; none by default."""


class VectorIntBinaryOp(VectorBinaryOp):
    """Bitwise and shift ops: integer elements only."""

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.INT


class VectorBitwiseOp(VectorBinaryOp):
    """vand / vor / vxor: on the raw bits of any element type.

    The pages say "integer-only"; PTOAS's verifier (VPTO.cpp `verifyBinaryVecOp`) takes any
    element type and its board-tested kernels OR f16 registers (docs/decisions.md).
    """

    DTYPES: ClassVar = BITWISE
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7)

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.ANY


@irdl_op_definition
class VAddOp(VectorBinaryOp):
    name = "pto.vadd"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vadd.md"
    DTYPES: ClassVar = ARITH
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.BINARY, 7)


@irdl_op_definition
class VSubOp(VectorBinaryOp):
    name = "pto.vsub"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vsub.md"
    DTYPES: ClassVar = ARITH
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.BINARY, 7)


@irdl_op_definition
class VMulOp(VectorBinaryOp):
    """Integer overflow wraps; A5 has no 8-bit form (targets table)."""

    name = "pto.vmul"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vmul.md"
    DTYPES: ClassVar = MUL
    COST: ClassVar = VectorCost(Completion.MUL, PerRepeat.BINARY, 8)


VDIV_COST = VectorCost(
    Completion.BINOP, PerRepeat.BINARY, 17, PerRepeat.TRANSCENDENTAL, f16_a5_latency=22
)
"""`vdiv`'s cost (seed 004: 17 cycles on A5 for f32, 22 for f16; A2/A3: 4 cycles per repeat
for f16); ops without published figures that are costed as a vdiv start from it."""


@irdl_op_definition
class VDivOp(VectorBinaryOp):
    name = "pto.vdiv"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vdiv.md"
    DTYPES: ClassVar = DIV
    COST: ClassVar = VDIV_COST


@irdl_op_definition
class VMaxOp(VectorBinaryOp):
    name = "pto.vmax"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vmax.md"
    DTYPES: ClassVar = ARITH
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.BINARY, 7)


@irdl_op_definition
class VMinOp(VectorBinaryOp):
    name = "pto.vmin"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vmin.md"
    DTYPES: ClassVar = ARITH
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.BINARY, 7)


@irdl_op_definition
class VAndOp(VectorBitwiseOp):
    name = "pto.vand"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vand.md"


@irdl_op_definition
class VOrOp(VectorBitwiseOp):
    name = "pto.vor"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vor.md"


@irdl_op_definition
class VXorOp(VectorBitwiseOp):
    name = "pto.vxor"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vxor.md"


class VectorShiftOp(VectorIntBinaryOp):
    """vshl / vshr: `rhs` holds per-lane shift counts, integers of lhs's width and either
    signedness (PTOAS's board-tested vshl/vshr kernels shift ui16/ui32 lanes by si16/si32
    counts; the pages give one type: docs/decisions.md)."""

    DTYPES: ClassVar = INT
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7)

    def verify_(self) -> None:
        lhs, rhs = vreg_of(self.lhs), vreg_of(self.rhs)
        self.check_element(lhs)
        counts = rhs.element
        if rhs.lanes.data != lhs.lanes.data or not counts.is_int or counts.bits != lhs.element.bits:
            raise fail(
                f"{self.name} rhs type {rhs} must be {lhs}, or its lanes of the other signedness"
            )
        self.check_same_type("result", self.result, "lhs", lhs)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), lhs)


@irdl_op_definition
class VShlOp(VectorShiftOp):
    """`rhs` holds the per-lane shift counts."""

    name = "pto.vshl"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vshl.md"


@irdl_op_definition
class VShrOp(VectorShiftOp):
    """Arithmetic shift for signed elements, logical for unsigned."""

    name = "pto.vshr"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vshr.md"


class VectorCarryOp(VectorIntBinaryOp):
    """`%r, %c = pto.vaddc %lhs, %rhs, %mask : V, V, M -> V, M`: 32-bit carry chains.

    `carry` has the type of `mask`; a lane is set when it carried (vaddc) or borrowed (vsubc).
    """

    DTYPES: ClassVar = CARRY
    COST: ClassVar = VectorCost(Completion.BINOP, PerRepeat.SIMPLE, 7)

    ELEMENT_BITS: ClassVar[tuple[int, ...]] = (32,)

    result = result_def(VRegType)  # redeclared so that it stays result #0, before carry
    carry = result_def(MaskType)

    assembly_format = (
        "$lhs `,` $rhs `,` $mask attr-dict `:` type($lhs) `,` type($rhs) `,` type($mask) "
        "`->` type($result) `,` type($carry)"
    )

    def __init__(
        self,
        lhs: SSAValue | Operation,
        rhs: SSAValue | Operation,
        mask: SSAValue | Operation,
        result_type: Attribute | None = None,
        carry_type: Attribute | None = None,
    ) -> None:
        IRDLOperation.__init__(
            self,
            operands=[lhs, rhs, mask],
            result_types=[_type_of(result_type, lhs), _type_of(carry_type, mask)],
        )

    def verify_extra(self) -> None:
        self.check_same_type("carry", self.carry, "mask", self.mask.type)


@irdl_op_definition
class VAddCOp(VectorCarryOp):
    name = "pto.vaddc"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vaddc.md"


@irdl_op_definition
class VSubCOp(VectorCarryOp):
    name = "pto.vsubc"

    MANUAL: ClassVar = "vector/ops/binary-vector-ops/vsubc.md"


# ----------------------------------------------------------------------------------------
# Unary, multiply-accumulate, broadcast
# ----------------------------------------------------------------------------------------


class MaskedVRegOp(VectorOp):
    """`%r = pto.vXXX %input, %mask : V, M -> V`: one vreg and a mask of its granularity;
    the result has the input's type (the unary ops, the cross-lane reductions)."""

    input = operand_def(VRegType)
    mask = operand_def(MaskType)
    result = result_def(VRegType)

    assembly_format = (
        "$input `,` $mask attr-dict `:` type($input) `,` type($mask) `->` type($result)"
    )

    def __init__(
        self,
        input: SSAValue | Operation,
        mask: SSAValue | Operation,
        result_type: Attribute | None = None,
    ) -> None:
        super().__init__(operands=[input, mask], result_types=[_type_of(result_type, input)])

    def verify_(self) -> None:
        vreg = vreg_of(self.input)
        self.check_same_type("result", self.result, "input", vreg)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), vreg)
        self.check_element(vreg)


class VectorUnaryOp(MaskedVRegOp):
    """`%r = pto.vXXX %input, %mask : V, M -> V`: a lane-wise op of the active lanes."""


@irdl_op_definition
class VAbsOp(VectorUnaryOp):
    """|x| on the active lanes; |INT_MIN| is target-defined."""

    name = "pto.vabs"

    MANUAL: ClassVar = "vector/ops/unary-vector-ops/vabs.md"
    DTYPES: ClassVar = SIGNED
    COST: ClassVar = VectorCost(
        Completion.BINOP,
        PerRepeat.SIMPLE,
        5,
        estimate="A5 latency 5 (research notes); no A2/A3 figure: costed as a simple binop",
    )


@irdl_op_definition
class VNegOp(VectorUnaryOp):
    """-x on the active lanes: the scalar-multiply path with -1 (integers wrap)."""

    name = "pto.vneg"

    MANUAL: ClassVar = "vector/ops/unary-vector-ops/vneg.md"
    DTYPES: ClassVar = SIGNED
    # the vneg page: A5 8 cycles (RV_VMULS); A2/A3 startup 14, completion 20 FP / 18 INT
    # (the mul row), 1 per repeat
    COST: ClassVar = VectorCost(Completion.MUL, PerRepeat.SIMPLE, 8)


@irdl_op_definition
class VNotOp(VectorUnaryOp):
    """~x on the active lanes (integer elements)."""

    name = "pto.vnot"

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.INT
    MANUAL: ClassVar = "vector/ops/unary-vector-ops/vnot.md"
    # the vnot page: all integer types (8/16/32-bit lanes here)
    DTYPES: ClassVar = per_target_dtypes(INT_TYPES, INT_TYPES)
    COST: ClassVar = VectorCost(
        Completion.BINOP,
        PerRepeat.SIMPLE,
        7,
        estimate="the vnot page publishes no figure: costed as vand",
    )


@irdl_op_definition
class VMulAOp(VectorOp):
    """`%r = pto.vmula %acc, %lhs, %rhs, %mask : V, V, V, M -> V`: acc + lhs * rhs, fused."""

    name = "pto.vmula"

    MANUAL: ClassVar = "vector/ops/sfu-and-dsa-ops/vmula.md"
    # no list published for A5: vmul's (which excludes 8-bit on A5)
    DTYPES: ClassVar = MUL
    COST: ClassVar = VectorCost(
        Completion.MUL, PerRepeat.BINARY, 8, estimate="no published figure: costed as vmul"
    )

    acc = operand_def(VRegType)
    lhs = operand_def(VRegType)
    rhs = operand_def(VRegType)
    mask = operand_def(MaskType)
    result = result_def(VRegType)

    assembly_format = (
        "$acc `,` $lhs `,` $rhs `,` $mask attr-dict `:` type($acc) `,` type($lhs) `,` "
        "type($rhs) `,` type($mask) `->` type($result)"
    )

    def __init__(
        self,
        acc: SSAValue | Operation,
        lhs: SSAValue | Operation,
        rhs: SSAValue | Operation,
        mask: SSAValue | Operation,
        result_type: Attribute | None = None,
    ) -> None:
        super().__init__(operands=[acc, lhs, rhs, mask], result_types=[_type_of(result_type, acc)])

    def verify_(self) -> None:
        acc = vreg_of(self.acc)
        self.check_same_type("lhs", self.lhs, "acc", acc)
        self.check_same_type("rhs", self.rhs, "acc", acc)
        self.check_same_type("result", self.result, "acc", acc)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), acc)
        self.check_element(acc)


@irdl_op_definition
class VBrOp(VectorOp):
    """`%r = pto.vbr %scalar : T -> !pto.vreg<NxT>`: every lane takes the scalar."""

    name = "pto.vbr"

    MANUAL: ClassVar = "vector/ops/predicate-and-materialization/vbr.md"
    DTYPES: ClassVar = per_target_dtypes(ALL_TYPES, ALL_TYPES)  # b8/b16/b32 forms
    COST: ClassVar = VectorCost(
        Completion.BINOP, PerRepeat.SIMPLE, 7, estimate="no published figure: costed as vand"
    )

    value = operand_def()
    result = result_def(VRegType)

    assembly_format = "$value attr-dict `:` type($value) `->` type($result)"

    def __init__(self, value: SSAValue | Operation, result_type: Attribute | None = None) -> None:
        if result_type is None:
            result_type = VRegType(SSAValue.get(value).type)
        super().__init__(operands=[value], result_types=[result_type])

    def verify_(self) -> None:
        vreg = vreg_of(self.result)
        scalar = self.value.type
        if dtype_of(scalar) is None:
            raise fail(f"{self.name} value type {scalar} is not a PTO element type")
        if scalar != vreg.element_type and not same_width_ints(scalar, vreg.element_type):
            raise fail(
                f"{self.name} value type {scalar} must equal the result element type "
                f"{vreg.element_type}"
            )
        self.check_element(vreg)


def same_width_ints(a: Attribute, b: Attribute) -> bool:
    """Integers of one width, whatever their signedness: PTOAS kernels broadcast an `i8` into
    `si8`/`ui8` lanes (vbr moves the low bits)."""
    da, db = dtype_of(a), dtype_of(b)
    both = isinstance(a, IntegerType) and isinstance(b, IntegerType)
    return both and da is not None and db is not None and da.bits == db.bits


BINARY_OPS: Sequence[type[VectorBinaryOp]] = (
    VAddOp,
    VSubOp,
    VMulOp,
    VDivOp,
    VMaxOp,
    VMinOp,
    VAndOp,
    VOrOp,
    VXorOp,
    VShlOp,
    VShrOp,
    VAddCOp,
    VSubCOp,
)
"""The seed-004 family, in manual order."""

OPS: list[type[IRDLOperation]] = [*BINARY_OPS, VAbsOp, VNegOp, VNotOp, VMulAOp, VBrOp]
