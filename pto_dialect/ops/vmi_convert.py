"""VMI conversions (PTOAS docs/isa/vmi-isa/06-convert.md, `VMICvtOp::verify` and the
contract tables of lib/PTO/IR/VMI.cpp).

- `%r = pto.vmi.vcvt %src {rounding = "R", saturate = "SAT"} : V<LxS> -> V<LxD>`: one
  conversion of the seven directions (`Direction`), chosen by the element types; the lane
  count stays;
- `%r = pto.vmi.vinterpret_cast %src : V<LxS> -> V<MxD>`: the same bits (`L*|S| == M*|D|`);
- legacy `extf`, `truncf`, `fptosi`, `fptoui`, `sitofp`, `extsi`, `extui`, `trunci`,
  `bitcast` (one direction each).

`rounding`: fp narrowing takes R (nearest even), A (ties away), H (half up, PTOAS's tie
rule as A for values), Z (toward zero), the `bf16x2 -> f4x2` pair R A F C Z; fp to int R A
F C Z. `saturate` (SAT / NOSAT) is required where the contract says so and refused where
it says no overflow can occur.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def

from pto_dialect.dtypes import BF16, BF16X2, F4E1M2X2, F4E2M1X2, F16, F32, dtype_of
from pto_dialect.ops.base import fail
from pto_dialect.ops.vector_convert import VBitcastOp, VCvtOp
from pto_dialect.ops.vmi_common import ANY, SPEC, VmiOp, vmi_dtypes, vreg_type
from pto_dialect.ops.vmi_types import (
    VmiVRegType,
    is_vmi_float,
    is_vmi_int,
    is_vmi_signed,
    storage_bits,
)
from pto_dialect.records import AsVectorOp, Cost

PAGE = SPEC + "06-convert.md"


class Direction(Enum):
    FP_WIDEN = "fp widen"
    FP_NARROW = "fp narrow"
    FP_TO_SI = "fp to si"
    FP_TO_UI = "fp to ui"
    SI_TO_FP = "si to fp"
    INT_WIDEN = "int widen"
    INT_NARROW = "int narrow"


@dataclass(frozen=True)
class Contract:
    """What a conversion pair requires: `saturate` (True: required, False: refused),
    the rounding letters it takes (None: the direction's default set)."""

    saturate: bool
    rounding: str | None = None


_PACKED = (F4E1M2X2, F4E2M1X2, BF16X2)
"""PTOAS `isVMIPackedFloatCarrierType` (its hif8x2 is not a VMI element type)."""


def fp_contract(src: Attribute, dst: Attribute) -> Contract | None:
    """PTOAS `lookupVMIFpToFpContract`: the packed fp pairs and same-width bf16 -> f16."""
    s, d = dtype_of(src), dtype_of(dst)
    if s == BF16X2 and d in (F4E1M2X2, F4E2M1X2):
        return Contract(saturate=False, rounding="RAFZC")
    if s in (F4E1M2X2, F4E2M1X2) and d == BF16X2:
        return Contract(saturate=False, rounding="")
    if s == BF16 and d == F16:
        return Contract(saturate=True)
    return None


def fp_to_si_contract(src: Attribute, dst: Attribute) -> Contract | None:
    """PTOAS `lookupVMIFpToSiContract`: f32 -> s32/s16, f16 -> s32 (no overflow)/s16/s8,
    bf16 -> s32."""
    s, bits = dtype_of(src), storage_bits(dst)
    table = {(F32, 32): True, (F32, 16): True, (F16, 32): False, (F16, 16): True,
             (F16, 8): True, (BF16, 32): True}  # fmt: skip
    sat = table.get((s, bits)) if s is not None and bits is not None else None
    return None if sat is None else Contract(saturate=sat)


def fp_to_ui_contract(src: Attribute, dst: Attribute) -> Contract | None:
    """PTOAS `lookupVMIFpToUIContract`: f16 -> u8."""
    return Contract(saturate=True) if dtype_of(src) == F16 and storage_bits(dst) == 8 else None


def direction(src: Attribute, dst: Attribute) -> Direction | str:
    """The conversion `src -> dst` performs, or why there is none (PTOAS `VMICvtOp::verify`
    steps 1 and 2)."""
    s_bits, d_bits = storage_bits(src), storage_bits(dst)
    assert s_bits is not None and d_bits is not None
    s_fp, d_fp = is_vmi_float(src), is_vmi_float(dst)
    s_packed, d_packed = dtype_of(src) in _PACKED, dtype_of(dst) in _PACKED
    if BF16X2 in (dtype_of(src), dtype_of(dst)) and fp_contract(src, dst) is None:
        return "unsupported conversion involving bf16x2 element type"
    if s_fp and d_fp:
        if (s_packed or d_packed) and fp_contract(src, dst) is None:
            return "unsupported packed fp-to-fp conversion element type pair"
        if d_bits > s_bits:
            return Direction.FP_WIDEN
        if d_bits < s_bits or fp_contract(src, dst) is not None:
            return Direction.FP_NARROW
        return (
            "same-width fp-to-fp conversion is not supported for this type pair; see "
            "lookupVMIFpToFpContract"
        )
    if s_fp and is_vmi_int(dst):
        return Direction.FP_TO_SI if is_vmi_signed(dst) else Direction.FP_TO_UI
    if is_vmi_int(src) and d_fp:
        if not is_vmi_signed(src):
            return "int-to-fp conversion requires explicitly signed integer source element type"
        return Direction.SI_TO_FP
    if is_vmi_int(src) and is_vmi_int(dst):
        if d_bits > s_bits:
            return Direction.INT_WIDEN
        if d_bits < s_bits:
            return Direction.INT_NARROW
        return "int-to-int conversion must change element bit-width"
    return "unsupported element type combination for vcvt"


class ConvertOp(VmiOp):
    """`%r = pto.vmi.OP %source {attrs} : V<LxS> -> V<LxD>`."""

    MANUAL: ClassVar = PAGE
    SYNTAX: ClassVar = "source"
    DTYPES: ClassVar = vmi_dtypes(ANY)
    BF16X2_OK: ClassVar = True
    COST: ClassVar[Cost | None] = AsVectorOp(VCvtOp)
    DIRECTIONS: ClassVar[tuple[Direction, ...]] = tuple(Direction)
    """The directions the op takes (a legacy op: its one)."""

    source = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)

    @property
    def direction(self) -> Direction:
        found = direction(vreg_type(self.source).element_type, vreg_type(self.result).element_type)
        assert isinstance(found, Direction)
        return found

    @property
    def rounding(self) -> str | None:
        return self.attr_str("rounding")

    @property
    def saturate(self) -> bool:
        return self.attr_str("saturate") == "SAT"

    def verify_vmi(self) -> None:
        source, result = vreg_type(self.source), vreg_type(self.result)
        if source.count != result.count:
            raise fail(f"{self.name} requires source and result logical lane counts to match")
        found = direction(source.element_type, result.element_type)
        if isinstance(found, str):
            raise fail(f"{self.name} {found}")
        if found not in self.DIRECTIONS:
            raise fail(
                f"{self.name} converts {', '.join(d.value for d in self.DIRECTIONS)}, not "
                f"{source.element_type} -> {result.element_type} ({found.value})"
            )
        self.check_rounding(found, source.element_type, result.element_type)
        self.check_saturate(found, source.element_type, result.element_type)
        self.check_pmode()

    def check_rounding(self, found: Direction, src: Attribute, dst: Attribute) -> None:
        rounding = self.rounding
        if rounding is None:
            return
        if found not in (Direction.FP_NARROW, Direction.FP_TO_SI, Direction.FP_TO_UI):
            raise fail(
                f"{self.name} 'rounding' attribute is only valid for floating-point narrowing "
                "or floating-point-to-integer conversions"
            )
        if len(rounding) != 1:
            raise fail(f"{self.name} rounding must be a single-character mode token")
        if found is Direction.FP_NARROW:
            contract = fp_contract(src, dst)
            allowed = contract.rounding if contract and contract.rounding else "RAHZ"
            if rounding not in allowed:
                if contract and contract.rounding:
                    raise fail(
                        f"{self.name} rounding is not valid for this fp-to-fp conversion type pair"
                    )
                raise fail(
                    f"{self.name} rounding must be 'R' (nearest-even), 'A' (away-from-zero), "
                    "'H' (half-up), or 'Z' (toward-zero)"
                )
        elif rounding not in "RAFCZ":
            raise fail(
                f"{self.name} rounding must be 'R', 'A', 'F', 'C', or 'Z' for "
                "floating-point-to-integer conversions"
            )

    def check_saturate(self, found: Direction, src: Attribute, dst: Attribute) -> None:
        value = self.attr_str("saturate")
        contract: Contract | None
        if found is Direction.FP_TO_SI:
            contract = fp_to_si_contract(src, dst)
            if contract is None:
                raise fail(f"{self.name} unsupported fp-to-si conversion element type pair")
        elif found is Direction.FP_TO_UI:
            contract = fp_to_ui_contract(src, dst)
            if contract is None:
                raise fail(f"{self.name} unsupported fp-to-ui conversion element type pair")
        elif found is Direction.FP_NARROW:
            contract = fp_contract(src, dst) or Contract(saturate=True)
        elif found is Direction.INT_NARROW:
            contract = Contract(saturate=True)
        else:
            contract = None
        if contract is None:
            if value is not None:
                raise fail(
                    f"{self.name} 'saturate' attribute is only valid for fp-narrow / "
                    "int-narrow conversions"
                )
            return
        if not contract.saturate:
            if value is not None:
                raise fail(
                    f"{self.name} 'saturate' attribute is not valid for this conversion (no "
                    "overflow possible, or no saturation)"
                )
            return
        if value is None and self.SATURATE_REQUIRED:
            raise fail(
                f"{self.name} 'saturate' attribute is required for this conversion; write "
                "'SAT' or 'NOSAT'"
            )
        if value is not None and value not in ("SAT", "NOSAT"):
            raise fail(f"{self.name} saturate must be 'SAT' or 'NOSAT'")
        if (
            found is Direction.INT_NARROW
            and value == "SAT"
            and is_vmi_signed(src)
            and is_vmi_signed(dst)
            and storage_bits(src) == 32
            and storage_bits(dst) == 8
        ):
            raise fail(
                f'{self.name} si32 -> si8 int-narrow does not support saturate="SAT" (no native '
                'hardware form; only saturate="NOSAT" is allowed)'
            )

    SATURATE_REQUIRED: ClassVar[bool] = True


@irdl_op_definition
class VmiVcvtOp(ConvertOp):
    """Elementwise conversion between element types, the lane count kept."""

    name = "pto.vmi.vcvt"


def _legacy(class_name: str, mnemonic: str, found: Direction, doc: str,
            saturate_required: bool = True) -> type[ConvertOp]:  # fmt: skip
    from pto_dialect.ops.base import define_op

    return define_op(ConvertOp, class_name, f"pto.vmi.{mnemonic}", f"Legacy: {doc}",
                     DIRECTIONS=(found,), SATURATE_REQUIRED=saturate_required)  # fmt: skip


VmiExtfOp = _legacy("VmiExtfOp", "extf", Direction.FP_WIDEN, "fp widening.")
VmiTruncfOp = _legacy("VmiTruncfOp", "truncf", Direction.FP_NARROW, "fp narrowing.")
VmiFptosiOp = _legacy("VmiFptosiOp", "fptosi", Direction.FP_TO_SI, "fp to signed integer.")
VmiFptouiOp = _legacy("VmiFptouiOp", "fptoui", Direction.FP_TO_UI, "fp to unsigned integer.")
VmiSitofpOp = _legacy("VmiSitofpOp", "sitofp", Direction.SI_TO_FP, "signed integer to fp.")
VmiExtsiOp = _legacy("VmiExtsiOp", "extsi", Direction.INT_WIDEN, "sign extension.")
VmiExtuiOp = _legacy("VmiExtuiOp", "extui", Direction.INT_WIDEN, "zero extension.")
VmiTrunciOp = _legacy("VmiTrunciOp", "trunci", Direction.INT_NARROW, "integer narrowing.",
                      saturate_required=False)  # fmt: skip


class CastOp(VmiOp):
    """`%r = pto.vmi.vinterpret_cast %source : V<LxS> -> V<MxD>`: the same bits."""

    MANUAL: ClassVar = PAGE
    SYNTAX: ClassVar = "source"
    DTYPES: ClassVar = vmi_dtypes(ANY)
    BF16X2_OK: ClassVar = True
    COST: ClassVar[Cost | None] = AsVectorOp(VBitcastOp)

    source = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        source, result = vreg_type(self.source), vreg_type(self.result)
        if source.count * source.bits != result.count * result.bits:
            raise fail(
                f"{self.name} requires source and result to carry the same total number of bits"
            )
        if (source.layout_attr is None) != (result.layout_attr is None):
            raise fail(
                f"{self.name} requires either both source and result to carry layout or "
                "neither to carry layout"
            )
        if source.layout_attr is not None and source.layout != result.layout:
            raise fail(f"{self.name} requires source and result layouts to match")


@irdl_op_definition
class VmiVinterpretCastOp(CastOp):
    """Bitwise reinterpretation (no data movement)."""

    name = "pto.vmi.vinterpret_cast"


@irdl_op_definition
class VmiBitcastOp(CastOp):
    """Legacy `bitcast`: bitwise reinterpretation."""

    name = "pto.vmi.bitcast"


OPS: list[type[IRDLOperation]] = [
    VmiVcvtOp,
    VmiExtfOp,
    VmiTruncfOp,
    VmiFptosiOp,
    VmiFptouiOp,
    VmiSitofpOp,
    VmiExtsiOp,
    VmiExtuiOp,
    VmiTrunciOp,
    VmiVinterpretCastOp,
    VmiBitcastOp,
]
