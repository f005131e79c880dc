"""VMI special-function ops (PTOAS docs/isa/vmi-isa/07-sfu.md; gathers and the scatter are
with the memory ops).

- `%e = pto.vmi.vexpdif %x, %max, %mask : V<LxT>, V<LxT>, M -> V<Lxf32>`: `exp(x - max)`;
- `%y = pto.vmi.vaxpy %x, %acc, %alpha, %mask : V, V, T, M -> V`: `alpha * x + acc`;
- `%y = pto.vmi.vlrelu %x, %slope, %mask : V, T, M -> V`, `vprelu %x, %alpha, %mask`;
- `%lo, %hi = pto.vmi.vmull %a, %b, %mask : V<Lxi32>, V, M -> V, V`: the 64-bit product's
  halves (signless i32: signed, ui32: unsigned; inactive lanes 0);
- `%r = pto.vmi.vmula %acc, %lhs, %rhs[, %mask] : V, V, V[, M] -> V`: `acc + lhs * rhs`;
- `%h = pto.vmi.vchist %acc, %src, %mask : V<Bxui16>, V<Lxui8>, M -> V<Bxui16>` (cumulative)
  and `vdhist` (plain counts), B = 128 or 256 bins.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, opt_operand_def, result_def

from pto_dialect.ops.base import fail
from pto_dialect.ops.vector_arith import VMulAOp, VMulOp
from pto_dialect.ops.vector_fused import VMullOp
from pto_dialect.ops.vector_math import VPreluOp
from pto_dialect.ops.vector_scalar import VAxpyOp, VLReluOp
from pto_dialect.ops.vector_sfu import VExpDifOp
from pto_dialect.ops.vmi_common import SPEC, VmiOp, mask_type, vmi_dtypes, vreg_type
from pto_dialect.ops.vmi_types import VmiMaskType, VmiVRegType, is_vmi_signed
from pto_dialect.records import AsVectorOp, Cost

PAGE = SPEC + "07-sfu.md"
_FP = vmi_dtypes("f16 f32")


class SfuOp(VmiOp):
    MANUAL: ClassVar = PAGE
    DTYPES: ClassVar = _FP
    ELEMENTS: ClassVar = "f16 or f32"


@irdl_op_definition
class VmiVexpdifOp(SfuOp):
    """`exp(x - max)` in f32 (x and max f16 or f32)."""

    name = "pto.vmi.vexpdif"
    SYNTAX: ClassVar = "x, max, mask"
    COST: ClassVar = AsVectorOp(VExpDifOp)

    x = operand_def(VmiVRegType)
    max = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        x, high, result = vreg_type(self.x), vreg_type(self.max), vreg_type(self.result)
        self.check_element(x.element_type, "x")
        if high.element_type != x.element_type:
            raise fail(f"{self.name} requires x and max to have the same element type")
        if str(result.element_type) != "f32":
            raise fail(f"{self.name} requires result element type to be f32")
        if not x.count == high.count == result.count:
            raise fail(f"{self.name} requires x, max, and result logical lane counts to match")
        self.mask_matches(mask_type(self.mask), x)
        self.check_pmode()


class ScaledOp(SfuOp):
    """An op with a float scalar operand of the element type."""

    def check_scalar(self, scalar: Attribute, role: str, element: Attribute) -> None:
        if scalar != element:
            raise fail(f"{self.name} requires {role} scalar type to match vector element type")


@irdl_op_definition
class VmiVaxpyOp(ScaledOp):
    """`alpha * x + acc`."""

    name = "pto.vmi.vaxpy"
    SYNTAX: ClassVar = "x, acc, alpha, mask"
    COST: ClassVar = AsVectorOp(VAxpyOp)

    x = operand_def(VmiVRegType)
    acc = operand_def(VmiVRegType)
    alpha = operand_def()
    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        x = vreg_type(self.x)
        self.check_element(x.element_type)
        if not x == self.acc.type == self.result.type:
            raise fail(f"{self.name} requires x, acc, and result to have identical VMI vreg types")
        self.check_scalar(self.alpha.type, "alpha", x.element_type)
        self.mask_matches(mask_type(self.mask), x)
        self.check_pmode()


@irdl_op_definition
class VmiVlreluOp(ScaledOp):
    """`x > 0 ? x : slope * x`."""

    name = "pto.vmi.vlrelu"
    SYNTAX: ClassVar = "x, slope, mask"
    COST: ClassVar = AsVectorOp(VLReluOp)

    x = operand_def(VmiVRegType)
    slope = operand_def()
    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        x = vreg_type(self.x)
        self.check_element(x.element_type)
        if x != self.result.type:
            raise fail(f"{self.name} requires x and result to have identical VMI vreg types")
        self.check_scalar(self.slope.type, "slope", x.element_type)
        self.mask_matches(mask_type(self.mask), x)
        self.check_pmode()


@irdl_op_definition
class VmiVpreluOp(SfuOp):
    """`max(x, 0) + alpha * min(x, 0)` (alpha per lane)."""

    name = "pto.vmi.vprelu"
    SYNTAX: ClassVar = "x, alpha, mask"
    COST: ClassVar = AsVectorOp(VPreluOp)

    x = operand_def(VmiVRegType)
    alpha = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        x = vreg_type(self.x)
        self.check_element(x.element_type)
        if not x == self.alpha.type == self.result.type:
            raise fail(
                f"{self.name} requires x, alpha, and result to have identical VMI vreg types"
            )
        self.mask_matches(mask_type(self.mask), x)
        self.check_pmode()


@irdl_op_definition
class VmiVmullOp(SfuOp):
    """The low and high 32 bits of each lane's 64-bit product (inactive lanes 0)."""

    name = "pto.vmi.vmull"
    SYNTAX: ClassVar = "a, b, mask"
    DTYPES: ClassVar = vmi_dtypes("ui32")
    ELEMENTS: ClassVar = "i32 or ui32"
    COST: ClassVar = AsVectorOp(VMullOp)

    a = operand_def(VmiVRegType)
    b = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)
    low = result_def(VmiVRegType)
    high = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        types = [vreg_type(v) for v in (self.a, self.b, self.low, self.high)]
        for t in types:
            if t.bits != 32 or is_vmi_signed(t.element_type) or t.dtype.is_float:
                raise fail(
                    f"{self.name} requires a, b, low, and high element types to be exactly i32 "
                    "or ui32"
                )
        if any(t != types[0] for t in types):
            raise fail(f"{self.name} requires a, b, low, and high to have identical VMI vreg types")
        if types[0].count not in (64, 128, 256):
            raise fail(f"{self.name} requires logical lane count to be 64, 128, or 256")
        self.mask_matches(mask_type(self.mask), types[0])
        self.check_pmode(("zero",))


@irdl_op_definition
class VmiVmulaOp(SfuOp):
    """`acc + lhs * rhs`."""

    name = "pto.vmi.vmula"
    SYNTAX: ClassVar = "acc, lhs, rhs, mask?"
    DTYPES: ClassVar = vmi_dtypes("i8 i16 i32 f16 bf16 f32")
    ELEMENTS: ClassVar = "floating-point-like or integer-like"
    COST: ClassVar = AsVectorOp(VMulAOp)

    acc = operand_def(VmiVRegType)
    lhs = operand_def(VmiVRegType)
    rhs = operand_def(VmiVRegType)
    mask = opt_operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        acc = vreg_type(self.acc)
        self.check_element(acc.element_type)
        if not acc == self.lhs.type == self.rhs.type == self.result.type:
            raise fail(
                f"{self.name} requires acc, lhs, rhs, and result to have identical VMI vreg types"
            )
        if self.mask is not None:
            self.mask_matches(mask_type(self.mask), acc)
        self.check_pmode()


class HistogramOp(SfuOp):
    """`%h = pto.vmi.OP %acc, %source, %mask : V<Bxui16>, V<Lxui8>, M -> V<Bxui16>`."""

    SYNTAX: ClassVar = "acc, source, mask"
    DTYPES: ClassVar = vmi_dtypes("ui8 ui16")
    ELEMENTS: ClassVar = "ui8/i8 source and ui16/i16"
    COST: ClassVar[Cost | None] = AsVectorOp(VMulOp)

    acc = operand_def(VmiVRegType)
    source = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        acc, source, result = (vreg_type(v) for v in (self.acc, self.source, self.result))
        if acc.bits != 16 or is_vmi_signed(acc.element_type) or acc.dtype.is_float:
            raise fail(
                f"{self.name} requires acc type to be !pto.vmi.vreg<128x{{ui16|i16}}> (Bin_N0-"
                "only) or !pto.vmi.vreg<256x{ui16|i16}>"
            )
        if acc.count not in (128, 256):
            raise fail(f"{self.name} requires acc to hold 128 or 256 bins")
        if result.count != acc.count:
            raise fail(
                f"{self.name} requires result element count to match acc (bins must be identical)"
            )
        if result.bits != 16 or is_vmi_signed(result.element_type) or result.dtype.is_float:
            raise fail(
                f"{self.name} requires result element type to be ui16 or i16 (interpreted as "
                "unsigned)"
            )
        if source.bits != 8 or is_vmi_signed(source.element_type) or source.dtype.is_float:
            raise fail(
                f"{self.name} requires source type to be !pto.vmi.vreg<Nx{{ui8|i8}}> "
                "(interpreted as unsigned)"
            )
        if mask_type(self.mask).count != source.count:
            raise fail(f"{self.name} requires mask logical lane count to match source")


@irdl_op_definition
class VmiVchistOp(HistogramOp):
    """`acc[b] + #{active lanes with source <= b}` (a cumulative histogram)."""

    name = "pto.vmi.vchist"


@irdl_op_definition
class VmiVdhistOp(HistogramOp):
    """`acc[b] + #{active lanes with source == b}` (a distribution histogram)."""

    name = "pto.vmi.vdhist"


OPS: list[type[IRDLOperation]] = [
    VmiVexpdifOp,
    VmiVaxpyOp,
    VmiVlreluOp,
    VmiVpreluOp,
    VmiVmullOp,
    VmiVmulaOp,
    VmiVchistOp,
    VmiVdhistOp,
]
