"""`pto.vcvt`: element conversion of one vreg (vector/ops/conversion-ops/vcvt.md).

`%r = pto.vcvt %input, %mask {rnd = "R", sat = "SAT", part = "EVEN"} : !pto.vreg<NxS>,
!pto.mask<bW> -> !pto.vreg<MxD>` with `N * bits(S) = M * bits(D) = 2048`. The mask has the
source's granularity and gates source lanes; inactive lanes give zero.

- `rnd`: R (nearest, ties to even; the default), A (nearest, ties away from zero: the tile
  op's ROUND, which a2a3/TCvt.hpp implements with the `vconv_*a` forms), F, C, Z, O (odd);
  only on the forms whose row of the page says "Rounding: Yes" (and the float forms).
- `sat`: SAT or NOSAT (the default); only on the forms whose row says "Saturation: Yes".
- `part`: EVEN or ODD (2:1 forms), P0-P3 (4:1 forms: PTOAS's board-tested u32 -> u8 case),
  only on width-changing forms (default EVEN/P0). Narrowing k:1: source lane i goes to
  destination lane k*i + p, the other lanes are zero; widening 1:k: destination lane i takes
  source lane k*i + p.
- 64-bit sources (`i64 -> f32`, PTOAS's vcvt-i64-to-f32 board case) take a b32 mask: 64-bit
  lane i is active when bit 2*i is set (the low half of the lane).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure

from pto_dialect.attrs import RoundMode, SatMode
from pto_dialect.dtypes import FP4_DTYPES, HIF8, DType, dtype_named
from pto_dialect.ops.base import fail, target_of
from pto_dialect.ops.vecscope import InVecScope
from pto_dialect.ops.vector_arith import check_mask_granularity
from pto_dialect.ops.vector_common import VectorPipeOp, mask_of, vreg_of
from pto_dialect.records import (
    Completion,
    NoCycles,
    PerRepeat,
    PerTarget,
    VectorCost,
    per_target_dtypes,
)
from pto_dialect.vector_types import MaskType, VRegType

ROUND_CODES: dict[str, RoundMode] = {
    "R": RoundMode.RINT,
    "A": RoundMode.ROUND,
    "F": RoundMode.FLOOR,
    "C": RoundMode.CEIL,
    "Z": RoundMode.TRUNC,
    "O": RoundMode.ODD,
    "H": RoundMode.CEIL,
}
"""The `rnd` codes and the tile round modes they compute; "H" (HiFloat8's hybrid rounding)
only for a HiFloat8 destination, computed as the VMI layer's HiFloat8 conversions do (ties
away from zero, as "A": `interpreters/semantics/vmi_convert.py`)."""
HIF8_ROUNDING = frozenset({"A", "H"})
"""The `rnd` codes of a conversion to HiFloat8 (PTOAS `lookupVcvtContract`: "AH")."""
SAT_CODES: dict[str, SatMode] = {"SAT": SatMode.ON, "NOSAT": SatMode.OFF}
PARTS = {"EVEN": 0, "ODD": 1, "P0": 0, "P1": 1, "P2": 2, "P3": 3}
"""The `part` tokens and the lane offset each selects: EVEN/ODD of the 2:1 forms, P0-P3 of
the 4:1 forms (PTOAS's vcvt-u32-to-u8-part-p0123 board case: lane i <-> lane 4*i + p)."""

ConversionForm = tuple[DType, DType]
"""(source, destination) element types of a conversion."""


def conversion_forms(table: str) -> dict[ConversionForm, tuple[bool, bool]]:
    """`"f32>i32 RS; ..."`: (src, dst) -> (takes rnd, takes sat)."""
    forms: dict[ConversionForm, tuple[bool, bool]] = {}
    for entry in table.split(";"):
        pair, *flags = entry.split()
        src, dst = pair.split(">")
        text = "".join(flags)
        forms[(dtype_named(src), dtype_named(dst))] = ("R" in text, "S" in text)
    return forms


# vcvt.md "Supported Type Conversions": R = "Rounding: Yes", S = "Saturation: Yes"; the
# narrowing float forms take rnd and sat (the page's own f32 -> f16 example uses SAT).
# bf16 -> f16 (rnd and sat, no part) and the fp8 forms (f32/f16/bf16 -> f8 with rnd and sat,
# f8 -> f32; 32 <-> 8 bits in the 4:1 parts P0..P3): PTOAS VPTO.cpp `lookupVcvtContract`
# (2026-08-21), which PTOAS's board-tested vmi_new kernels lower to.
FORMS = conversion_forms(
    "f32>i64 RS; f32>i32 RS; f32>i16 RS; f16>i32 RS; f16>i16 RS; f16>i8 RS; f16>ui8 RS;"
    "bf16>i32 RS; bf16>f16 RS; f32>f16 RS; f32>bf16 RS; f16>f32; bf16>f32;"
    "ui8>f16; i8>f16; i16>f16 R; i16>f32 R; i32>f32 R; ui32>f32 R;"
    "ui8>ui16; ui8>ui32; i8>i16; i8>i32; ui16>ui8 S; ui16>ui32; i16>ui8 S; i16>ui32; i16>i32;"
    "ui32>ui8 S; ui32>ui16 S; ui32>i16 S; i32>ui8 S; i32>ui16 S; i32>i16 S; i32>i64;"
    "f32>f8E4M3FN RS; f32>f8E5M2 RS; f16>f8E4M3FN RS; f16>f8E5M2 RS; bf16>f8E4M3FN RS;"
    "bf16>f8E5M2 RS; f8E4M3FN>f32; f8E5M2>f32;"
    # PTOAS's board-tested vcvt-i64-to-f32 case (rnd R, part EVEN; docs/decisions.md)
    "i64>f32 R;"
    # PTOAS's board-tested vcvt-low-precision-special and -roundtrip (A5): bf16 <-> packed
    # FP4 pairs (two values a byte lane, 4:1 in bytes); their HiFloat8 forms: HIF8_FORMS
    "bf16>f4E1M2x2 R; bf16>f4E2M1x2 R; f4E1M2x2>bf16; f4E2M1x2>bf16"
)
"""Every form of the page: (src, dst) -> (takes `rnd`, takes `sat`)."""
HIF8_FORMS = conversion_forms("f32>hif8 RS; f16>hif8 RS; hif8>f32")
"""A5's HiFloat8 forms (PTOAS `lookupVcvtContract`: rnd A or H, sat, P0..P3 / EVEN, ODD;
hif8 -> f32 in P0..P3; its board-tested vcvt-low-precision-special and -roundtrip cases),
computed as the VMI layer's HiFloat8 conversions."""
ALL_FORMS = {**FORMS, **HIF8_FORMS}

_A2A3_FORMS = frozenset(f for f in FORMS if not any(d.bits == 8 and d.is_float for d in f))
"""A2/A3: no fp8 forms (the fp8 ones are A5's: PTOAS's VPTO layer)."""
_SOURCES = " ".join(sorted({s.name for s, _ in FORMS}))
_A2A3_SOURCES = " ".join(sorted({s.name for s, _ in _A2A3_FORMS}))
_BITCAST_TYPES = "f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8 i64 ui64"
# A5 registers hold fp8, HiFloat8 and packed FP4 too (PTOAS VPTO.cpp `VbitcastOp::verify`:
# any float or packed type, by its storage width)
_BITCAST_TYPES_A5 = _BITCAST_TYPES + " f8E4M3FN f8E5M2 hif8 f4E1M2x2 f4E2M1x2 bf16x2"


@irdl_op_definition
class VCvtOp(VectorPipeOp):
    """Converts the active lanes of a vreg to another element type."""

    name = "pto.vcvt"

    MANUAL: ClassVar = "vector/ops/conversion-ops/vcvt.md"
    # A5: the page's forms; A2/A3 ("subset, target-defined") emulates the same forms
    DTYPES: ClassVar = per_target_dtypes(_A2A3_SOURCES, _SOURCES + " hif8", _SOURCES)
    """Source element types; the legal pairs are `FORMS` (A5: and `HIF8_FORMS`)."""
    PAIRS: ClassVar = PerTarget(_A2A3_FORMS, frozenset(ALL_FORMS), frozenset(FORMS))
    COST: ClassVar = VectorCost(
        Completion.BINOP,
        PerRepeat.SIMPLE,
        7,
        estimate="vcvt.md: A5 RV_VCVT_F2F f32 -> f16 is 7 cycles, other pairs target-defined; "
        "A2/A3 costed as a simple binop",
    )

    traits = traits_def(InVecScope(), Pure())

    input = operand_def(VRegType)
    mask = operand_def(MaskType)
    result = result_def(VRegType)
    rnd = opt_prop_def(StringAttr)
    sat = opt_prop_def(StringAttr)
    part = opt_prop_def(StringAttr)

    assembly_format = (
        "$input `,` $mask attr-dict `:` type($input) `,` type($mask) `->` type($result)"
    )
    irdl_options = (ParsePropInAttrDict(),)

    def __init__(
        self,
        input: SSAValue | Operation,
        mask: SSAValue | Operation,
        result_type: Attribute,
        rnd: str | None = None,
        sat: str | None = None,
        part: str | None = None,
    ) -> None:
        props = {
            key: StringAttr(value)
            for key, value in (("rnd", rnd), ("sat", sat), ("part", part))
            if value is not None
        }
        super().__init__(operands=[input, mask], result_types=[result_type], properties=props)

    @staticmethod
    def takes_sat(src: DType, dst: DType) -> bool:
        """Whether the page's form of (src, dst) takes a `sat` attribute."""
        return ALL_FORMS[(src, dst)][1]

    @property
    def round_mode(self) -> RoundMode:
        return ROUND_CODES[self.rnd.data] if self.rnd is not None else RoundMode.RINT

    @property
    def saturation(self) -> SatMode:
        return SAT_CODES[self.sat.data] if self.sat is not None else SatMode.OFF

    @property
    def part_index(self) -> int:
        """The lane offset `part` selects (0 by default)."""
        return 0 if self.part is None else PARTS.get(self.part.data, 0)

    def verify_(self) -> None:
        src, dst = vreg_of(self.input), vreg_of(self.result)
        mask = mask_of(self.mask)
        if src.element.bits == 64:
            if mask.bits.data != 32:
                raise fail(
                    f"{self.name} masks the 64-bit lanes of {src} with a !pto.mask<b32> (bit "
                    f"2*i for lane i), got !pto.mask<b{mask.bits.data}>"
                )
        else:
            check_mask_granularity(self.name, "mask", mask, src)
        form = (src.element, dst.element)
        target = target_of(self)
        if form not in self.PAIRS[target.arch]:
            legal = sorted(d.name for s, d in self.PAIRS[target.arch] if s == src.element)
            raise fail(
                f"{self.name} has no {src.element} -> {dst.element} form on target "
                f"{target.name} (vcvt.md supported conversions; from {src.element}: "
                f"{', '.join(legal) or 'none'})"
            )
        takes_rnd, takes_sat = ALL_FORMS[form]
        self._check_code("rnd", self.rnd, ROUND_CODES, takes_rnd)
        self._check_code("sat", self.sat, SAT_CODES, takes_sat)
        rnd = None if self.rnd is None else self.rnd.data
        if dst.element is HIF8 and rnd is not None and rnd not in HIF8_ROUNDING:
            raise fail(f'{self.name} to hif8 takes rnd "A" or "H", got "{rnd}"')
        if dst.element is not HIF8 and rnd == "H":
            raise fail(f'{self.name} rnd "H" applies only to conversions to hif8')
        if self.round_mode is RoundMode.ODD and not (src.element.is_float and dst.element.is_float):
            raise fail(f'{self.name} rnd "O" (round to odd) applies only to float -> float forms')
        if self.part is not None:
            if self.part.data not in PARTS:
                names = ", ".join(PARTS)
                raise fail(f'{self.name} part "{self.part.data}" must be one of {names}')
            if src.element.bits == dst.element.bits:
                raise fail(
                    f"{self.name} part applies only to width-changing forms, not "
                    f"{src.element} -> {dst.element}"
                )
            ratio = max(src.element.bits, dst.element.bits) // min(
                src.element.bits, dst.element.bits
            )
            if src.element in FP4_DTYPES or dst.element in FP4_DTYPES:
                ratio *= 2  # a byte lane holds two FP4 values
            if PARTS[self.part.data] >= ratio:
                raise fail(
                    f'{self.name} part "{self.part.data}" selects lane {PARTS[self.part.data]} '
                    f"of {ratio}: {src.element} -> {dst.element} is a {ratio}:1 form"
                )

    def _check_code(
        self, key: str, value: StringAttr | None, codes: Mapping[str, object], allowed: bool
    ) -> None:
        if value is None:
            return
        if value.data not in codes:
            raise fail(f'{self.name} {key} "{value.data}" must be one of {", ".join(codes)}')
        if not allowed:
            src, dst = vreg_of(self.input).element, vreg_of(self.result).element
            raise fail(f"{self.name} {src} -> {dst} takes no {key} (vcvt.md supported forms)")


@irdl_op_definition
class VBitcastOp(VectorPipeOp):
    """`%r = pto.vbitcast %input : !pto.vreg<NxS> -> !pto.vreg<MxD>`: the same 2048 bits read
    as another element type (vbitcast.md); no lane changes, no instruction of its own."""

    name = "pto.vbitcast"

    MANUAL: ClassVar = "vector/ops/conversion-ops/vbitcast.md"
    # vbitcast.md: integer and floating-point element types (the vreg element types)
    DTYPES: ClassVar = per_target_dtypes(_BITCAST_TYPES, _BITCAST_TYPES_A5)
    COST: ClassVar = NoCycles("a reinterpretation of a register's bits: no instruction")

    traits = traits_def(InVecScope(), Pure())

    input = operand_def(VRegType)
    result = result_def(VRegType)

    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"

    def __init__(self, input: SSAValue | Operation, result_type: Attribute) -> None:
        super().__init__(operands=[input], result_types=[result_type])

    def verify_(self) -> None:
        target = target_of(self)
        for role, vreg in (("input", vreg_of(self.input)), ("result", vreg_of(self.result))):
            if vreg.element not in self.legal_dtypes(target):
                raise fail(
                    f"{self.name} {role} element type {vreg.element} is not supported on "
                    f"target {target.name}"
                )


OPS: list[type[IRDLOperation]] = [VCvtOp, VBitcastOp]
