"""A5 micro-ops of PTOAS's micro-ISA pages (docs/isa/micro-isa, VPTOOps.td) that its
`a5_extra_*` and `vmulscvt` kernels use:

- `%m = pto.pltm_bW %loop, %bound : i16, i32 -> !pto.mask<bW>` (05-materialization-
  predicate.md): lane i is active iff `i + loop * VL < bound` (VL the lanes of bW); no
  post-update scalar, unlike `plt_bW`.
- `%r = pto.vmadd %acc, %lhs, %rhs, %mask : V, V, V, M -> V` (07-binary-vector-ops.md):
  `acc * lhs + rhs`, fused (one rounding), on the active lanes; f16, bf16, f32.
- `%v, %p = pto.vcbmax %in, %mask : V, M -> V, M` and `vcbmin` (10-reduction-ops.md): the
  extremum of the active lanes in lane 0 (other lanes 0), and the active lanes equal to it;
  i8-i32, f16, f32. Inactive lanes count as -inf / the type's minimum (max), +inf / maximum
  (min); +0 and -0 both match a zero extremum.
- `%r = pto.vmulscvt %in, %scalar, %mask, "RND", "PART" : !pto.vreg<64xf32>, f32, !pto.mask<b32>
  -> !pto.vreg<128xf16>` (13-dsa-sfu-ops.md): `convert(in * scalar)` with round mode RND, the
  results in the EVEN or ODD lanes (as `vcvt`'s part), the product rounded to f32 first as
  `vmulconv`'s (docs/semantics.md); f32 -> f16, "the primary documented pair", only.
- `%v = pto.uvld %src[%off] : !pto.ptr<T, ub> -> !pto.vreg<NxT>` (VPTOOps.td `UvldOp`, expanded
  by VPTOExpandWrapperOps.cpp to `vldas` + `vldus` at `src + off` elements): the 256 bytes there,
  at any alignment.
- `%r = pto.chistv2 / dhistv2 %acc, %src, %mask, %bin : !pto.vreg<128xui16>, !pto.vreg<256xui8>,
  !pto.mask<b8>, i32 -> !pto.vreg<128xui16>` (10-reduction-ops.md; the VMI page 07-sfu.md gives
  the loop): `%bin` 0 (Bin_N0) takes bins 0-127, 1 (Bin_N1) bins 128-255; lane k is `acc[k]`
  plus the active samples equal to bin k (`dhistv2`) or at most bin k (`chistv2`), modulo
  2^16. Another `%bin` is a run-time error (no source says what it selects).
"""

from __future__ import annotations

from typing import ClassVar, Self

from xdsl.dialects.builtin import IndexType, StringAttr, i16, i32
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, result_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.ops.base import define_op, fail, resolve
from pto_dialect.ops.vector_arith import VectorOp, check_mask_granularity
from pto_dialect.ops.vector_common import PTR, VREG, mask_of, vreg_of
from pto_dialect.ops.vector_convert import PARTS, ROUND_CODES
from pto_dialect.ops.vector_fused import FUSED_COST
from pto_dialect.ops.vector_load import VectorLoadOp
from pto_dialect.ops.vector_mask import MASK_BITS, PredicateOp
from pto_dialect.ops.vector_reduce import REDUCE_COST
from pto_dialect.records import Completion, PerRepeat, VectorCost, per_target_dtypes

_PAGES = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/isa/micro-isa/"


class PltmOp(PredicateOp):
    """`%mask = pto.pltm_bW %loop, %bound : i16, i32 -> !pto.mask<bW>`."""

    MANUAL: ClassVar = _PAGES + "05-materialization-predicate.md"

    loop = operand_def(i16)
    bound = operand_def(i32)
    mask = result_def()

    assembly_format = "$loop `,` $bound attr-dict `:` type($loop) `,` type($bound) `->` type($mask)"

    def verify_(self) -> None:
        self.check_granularity(self.mask.type)


def _pltm(bits: int) -> type[PltmOp]:
    doc = f"Lanes of a b{bits} mask below `bound - loop * {256 // (bits // 8)}`."
    return define_op(PltmOp, f"PltmB{bits}Op", f"pto.pltm_b{bits}", doc, BITS=bits)


@irdl_op_definition
class VMaddOp(VectorOp):
    """`%r = pto.vmadd %acc, %lhs, %rhs, %mask : V, V, V, M -> V`: acc * lhs + rhs, fused."""

    name = "pto.vmadd"

    MANUAL: ClassVar = _PAGES + "07-binary-vector-ops.md"
    DTYPES: ClassVar = per_target_dtypes("f16 bf16 f32", "f16 bf16 f32")
    COST: ClassVar = VectorCost(
        Completion.MUL, PerRepeat.BINARY, 8, estimate="no published figure: costed as vmula"
    )

    acc = operand_def()
    lhs = operand_def()
    rhs = operand_def()
    mask = operand_def()
    result = result_def()

    assembly_format = (
        "$acc `,` $lhs `,` $rhs `,` $mask attr-dict `:` type($acc) `,` type($lhs) `,` "
        "type($rhs) `,` type($mask) `->` type($result)"
    )

    def verify_(self) -> None:
        acc = vreg_of(self.acc)
        for role, value in (("lhs", self.lhs), ("rhs", self.rhs), ("result", self.result)):
            self.check_same_type(role, value, "acc", acc)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), acc)
        self.check_element(acc)


class VcbExtremumOp(VectorOp):
    """`%value, %predicate = pto.vcbmax/vcbmin %input, %mask : V, M -> V, M`."""

    MANUAL: ClassVar = _PAGES + "10-reduction-ops.md"
    DTYPES: ClassVar = per_target_dtypes(
        "i8 ui8 i16 ui16 i32 ui32 f16 f32", "i8 ui8 i16 ui16 i32 ui32 f16 f32"
    )
    COST: ClassVar = REDUCE_COST
    LARGEST: ClassVar[bool]

    input = operand_def()
    mask = operand_def()
    value = result_def()
    predicate = result_def()

    assembly_format = (
        "$input `,` $mask attr-dict `:` type($input) `,` type($mask) `->` type($value) `,` "
        "type($predicate)"
    )

    def verify_(self) -> None:
        vreg = vreg_of(self.input)
        self.check_same_type("value", self.value, "input", vreg)
        mask = mask_of(self.mask)
        check_mask_granularity(self.name, "mask", mask, vreg)
        if self.predicate.type != mask:
            raise fail(
                f"{self.name} predicate type {self.predicate.type} must equal the mask type {mask}"
            )
        self.check_element(vreg)


@irdl_op_definition
class VMulsCvtOp(VectorOp):
    """`%r = pto.vmulscvt %in, %scalar, %mask, "RND", "PART" : V, T, M -> R`."""

    name = "pto.vmulscvt"

    MANUAL: ClassVar = _PAGES + "13-dsa-sfu-ops.md"
    DTYPES: ClassVar = per_target_dtypes("f32", "f32")
    COST: ClassVar = FUSED_COST

    input = operand_def()
    scalar = operand_def()
    mask = operand_def()
    rnd = prop_def(StringAttr)
    part = prop_def(StringAttr)
    result = result_def()

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        names = [parser.parse_unresolved_operand()]
        for _ in range(2):
            parser.parse_punctuation(",")
            names.append(parser.parse_unresolved_operand())
        parser.parse_punctuation(",")
        rnd = parser.parse_str_literal()
        parser.parse_punctuation(",")
        part = parser.parse_str_literal()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        parser.parse_punctuation("->")
        result = parser.parse_type()
        return cls.create(
            operands=resolve(parser, names, types),
            result_types=[result],
            properties={"rnd": StringAttr(rnd), "part": StringAttr(part)},
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        printer.print_string(f', "{self.rnd.data}", "{self.part.data}"')
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list([o.type for o in self.operands], printer.print_attribute)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        vreg, out = vreg_of(self.input), vreg_of(self.result)
        self.check_element(vreg)
        if out.element.name != "f16" or out.lanes.data != 2 * vreg.lanes.data:
            raise fail(f"{self.name} converts f32 to f16 (!pto.vreg<128xf16>), got {out}")
        if self.scalar.type != vreg.element_type:
            raise fail(
                f"{self.name} scalar type {self.scalar.type} must be the source element type "
                f"{vreg.element_type}"
            )
        check_mask_granularity(self.name, "mask", mask_of(self.mask), vreg)
        if self.rnd.data not in ROUND_CODES or self.rnd.data == "H":
            raise fail(f'{self.name} rnd "{self.rnd.data}" must be one of R, A, F, C, Z, O')
        if self.part.data not in ("EVEN", "ODD"):
            raise fail(f'{self.name} part "{self.part.data}" must be EVEN or ODD')

    @property
    def part_index(self) -> int:
        return PARTS[self.part.data]


@irdl_op_definition
class UvldOp(VectorLoadOp):
    """`%v = pto.uvld %src[%off] : P -> V`: an unaligned vector load."""

    name = "pto.uvld"

    MANUAL: ClassVar = _PAGES + "03-vector-load-store.md"

    source = operand_def(PTR)
    offset = operand_def(IndexType())
    result = result_def(VREG)

    assembly_format = "$source `[` $offset `]` attr-dict `:` type($source) `->` type($result)"


class HistogramOp(VectorOp):
    """`%r = pto.chistv2 | dhistv2 %acc, %src, %mask, %bin : ACC, SRC, M, i32 -> ACC`."""

    MANUAL: ClassVar = _PAGES + "10-reduction-ops.md"
    DTYPES: ClassVar = per_target_dtypes("ui8", "ui8")
    COST: ClassVar = REDUCE_COST
    CUMULATIVE: ClassVar[bool]

    acc = operand_def()
    source = operand_def()
    mask = operand_def()
    bin = operand_def(i32)
    result = result_def()

    assembly_format = (
        "$acc `,` $source `,` $mask `,` $bin attr-dict `:` type($acc) `,` type($source) `,` "
        "type($mask) `,` type($bin) `->` type($result)"
    )

    def verify_(self) -> None:
        acc, source = vreg_of(self.acc), vreg_of(self.source)
        if acc.element.name != "ui16" or source.element.name != "ui8":
            raise fail(
                f"{self.name} takes !pto.vreg<128xui16> accumulators and !pto.vreg<256xui8> "
                f"samples, got {acc} and {source}"
            )
        self.check_same_type("result", self.result, "acc", acc)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), source)


PLTM_OPS: dict[int, type[PltmOp]] = {bits: _pltm(bits) for bits in MASK_BITS}
VcbmaxOp = define_op(
    VcbExtremumOp, "VcbmaxOp", "pto.vcbmax", "The maximum and its lanes.", LARGEST=True
)
VcbminOp = define_op(
    VcbExtremumOp, "VcbminOp", "pto.vcbmin", "The minimum and its lanes.", LARGEST=False
)

Chistv2Op = define_op(HistogramOp, "Chistv2Op", "pto.chistv2", "Cumulative.", CUMULATIVE=True)
Dhistv2Op = define_op(HistogramOp, "Dhistv2Op", "pto.dhistv2", "Distribution.", CUMULATIVE=False)

OPS: list[type[IRDLOperation]] = [
    *PLTM_OPS.values(),
    VMaddOp,
    VcbmaxOp,
    VcbminOp,
    VMulsCvtOp,
    UvldOp,
    Chistv2Op,
    Dhistv2Op,
]
