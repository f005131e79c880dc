"""Data-rearrangement micro-ops (vector/ops/data-rearrangement/, vselr, vselrv2).

- `PairRearrangeOp`: `%low, %high = pto.vintlv %lhs, %rhs : V, V -> V, V` (vintlv, vdintlv).
- `PartRearrangeOp`: `%r = pto.vintlvv2 %lhs, %rhs, "LOWER" : V, V -> V` (vintlvv2,
  vdintlvv2): one half of the pair, `"LOWER"` (low) or `"HIGHER"` (high).
- `pto.vslide %src0, %src1, %amt : V, V, i16 -> V` and `pto.vshift %src, %amt : V, i16 -> V`.
- `IndexSelectOp`: `%r = pto.vperm %src, %index : V, !pto.vreg<NxI> -> V` (vperm, vselr,
  vselrv2): `result[i] = src[index[i] mod N]`.
- `pto.vsqz %src, %mask : V, M -> V` (compress) and `pto.vusqz %src, %mask : V, M -> V`
  (prefix counts of the mask; the manual's `pto.vusqz %mask : M -> V` also parses).
- `pto.vpack %src, "LOWER" : !pto.vreg<NxW> -> !pto.vreg<2NxU>` (narrowing pack, PTOAS form).
- `UnpackOp`: `%r = pto.vsunpack %src, %part : !pto.vreg<NxT> -> !pto.vreg<N/2xW>`
  (vsunpack, vzunpack; the manual's `: V, index -> V` also parses).
- `pto.vtranspose %dest, %src, %config : !pto.ptr<T, ub>, !pto.ptr<T, ub>, i64` (UB to UB;
  verified, not executable: its config word is unpublished).

The syntax is PTOAS's (include/PTO/IR/VPTOOps.td) where PTOAS defines the op, else the
manual page's. Where a board-tested PTOAS kernel (test/vpto/cases) contradicts the page,
the kernel wins and docs/semantics.md says so (vusqz, vselr, vpack).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from xdsl.dialects.builtin import IndexType, StringAttr, i16, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.dtypes import Kind as DTypeKind
from pto_dialect.ops.base import fail, print_operands_attrs_types, resolve, target_of
from pto_dialect.ops.tile_memory import constant_index
from pto_dialect.ops.vector_arith import ALL_TYPES, ElementKind, VectorOp, check_mask_granularity
from pto_dialect.ops.vector_common import PTR, Kind, VectorMemoryOp, mask_of, vreg_of
from pto_dialect.records import Completion, PerRepeat, VectorCost, per_target_dtypes
from pto_dialect.vector_types import MaskType, VRegType

I64_SCALAR = Kind("i64", lambda t: t == i64)
PARTS = ("LOWER", "HIGHER")
"""The half selectors of vintlvv2, vdintlvv2 and vpack (PTOAS `isSupportedPartToken`)."""

_ANY = per_target_dtypes(ALL_TYPES, ALL_TYPES)  # the pages: any b8/b16/b32 element type
_COST = VectorCost(
    Completion.BINOP,
    PerRepeat.SIMPLE,
    6,
    estimate="no published figure for the data-rearrangement ops (pto-isa costmodel): costed "
    "as VSEL, the one register-select op with one (A5 VfSim isa.csv: latency 6); A2/A3 as a "
    "simple binop",
)


class RearrangeOp(VectorOp):
    """A register rearrangement: PIPE_V, inside a vecscope, no memory access."""

    DTYPES: ClassVar = _ANY
    COST: ClassVar = _COST

    def check_part(self, part: StringAttr) -> int:
        """The `"LOWER"`/`"HIGHER"` selector as 0/1."""
        if part.data not in PARTS:
            raise fail(f'{self.name} part "{part.data}" must be LOWER or HIGHER')
        return PARTS.index(part.data)

    def check_i16(self, role: str, value: SSAValue) -> None:
        if value.type != i16:
            raise fail(f"{self.name} {role} must be i16 (a lane count), got {value.type}")

    def check_constant(self, role: str, value: SSAValue, low: int, high: int | None) -> None:
        """A constant `value` lies in [low, high] (high None: no bound); the interpreter
        checks the others when they are known."""
        constant = constant_index(value)
        if constant is None or (low <= constant and (high is None or constant <= high)):
            return
        bound = f"in [{low}, {high}]" if high is not None else f">= {low}"
        raise fail(f"{self.name} {role} {constant} must be {bound}")


# ----------------------------------------------------------------------------------------
# Interleave / deinterleave
# ----------------------------------------------------------------------------------------


class PairRearrangeOp(RearrangeOp):
    """`%low, %high = pto.vXXX %lhs, %rhs : V, V -> V, V`: all four of one type."""

    lhs = operand_def(VRegType)
    rhs = operand_def(VRegType)
    low = result_def(VRegType)
    high = result_def(VRegType)

    assembly_format = (
        "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($low) `,` type($high)"
    )

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation) -> None:
        vreg = SSAValue.get(lhs).type
        super().__init__(operands=[lhs, rhs], result_types=[vreg, vreg])

    def verify_(self) -> None:
        lhs = vreg_of(self.lhs)
        self.check_same_type("rhs", self.rhs, "lhs", lhs)
        self.check_same_type("low", self.low, "lhs", lhs)
        self.check_same_type("high", self.high, "lhs", lhs)
        self.check_element(lhs)


@irdl_op_definition
class VIntlvOp(PairRearrangeOp):
    """low = {lhs[0], rhs[0], lhs[1], rhs[1], ...}; high: the same from lane N/2 on."""

    name = "pto.vintlv"

    MANUAL: ClassVar = "vector/ops/data-rearrangement/vintlv.md"


@irdl_op_definition
class VDintlvOp(PairRearrangeOp):
    """Of the stream lhs ++ rhs: low = the even positions, high = the odd ones."""

    name = "pto.vdintlv"

    MANUAL: ClassVar = "vector/ops/data-rearrangement/vdintlv.md"


class PartRearrangeOp(RearrangeOp):
    """`%r = pto.vXXXv2 %lhs, %rhs, "PART" : V, V -> V`: one half of the pair form."""

    lhs = operand_def(VRegType)
    rhs = operand_def(VRegType)
    part = prop_def(StringAttr)
    result = result_def(VRegType)

    assembly_format = (
        "$lhs `,` $rhs `,` $part attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"
    )

    def __init__(self, lhs: SSAValue | Operation, rhs: SSAValue | Operation, part: str) -> None:
        super().__init__(
            operands=[lhs, rhs],
            result_types=[SSAValue.get(lhs).type],
            properties={"part": StringAttr(part)},
        )

    @property
    def high(self) -> bool:
        return self.part.data == "HIGHER"

    def verify_(self) -> None:
        lhs = vreg_of(self.lhs)
        self.check_same_type("rhs", self.rhs, "lhs", lhs)
        self.check_same_type("result", self.result, "lhs", lhs)
        self.check_part(self.part)
        self.check_element(lhs)


@irdl_op_definition
class VIntlvV2Op(PartRearrangeOp):
    """vintlv's low ("LOWER") or high ("HIGHER") result."""

    name = "pto.vintlvv2"

    MANUAL: ClassVar = "vector/ops/data-rearrangement/vintlvv2.md"


@irdl_op_definition
class VDintlvV2Op(PartRearrangeOp):
    """vdintlv's low ("LOWER") or high ("HIGHER") result."""

    name = "pto.vdintlvv2"

    MANUAL: ClassVar = "vector/ops/data-rearrangement/vdintlvv2.md"


# ----------------------------------------------------------------------------------------
# Slide / shift
# ----------------------------------------------------------------------------------------


@irdl_op_definition
class VSlideOp(RearrangeOp):
    """`tmp = src1 ++ src0; result[i] = tmp[amt + i]`, amt in [0, N] (checked at run time)."""

    name = "pto.vslide"

    MANUAL: ClassVar = "vector/ops/data-rearrangement/vslide.md"

    src0 = operand_def(VRegType)
    src1 = operand_def(VRegType)
    amt = operand_def()
    result = result_def(VRegType)

    assembly_format = (
        "$src0 `,` $src1 `,` $amt attr-dict `:` type($src0) `,` type($src1) `,` type($amt) "
        "`->` type($result)"
    )

    def __init__(
        self, src0: SSAValue | Operation, src1: SSAValue | Operation, amt: SSAValue | Operation
    ) -> None:
        super().__init__(operands=[src0, src1, amt], result_types=[SSAValue.get(src0).type])

    def verify_(self) -> None:
        src0 = vreg_of(self.src0)
        self.check_same_type("src1", self.src1, "src0", src0)
        self.check_same_type("result", self.result, "src0", src0)
        self.check_i16("amt", self.amt)
        self.check_element(src0)
        # vslide.md: the N-lane window starts at amt in the 2N-lane concatenation
        self.check_constant("amt", self.amt, 0, src0.lanes.data)


@irdl_op_definition
class VShiftOp(RearrangeOp):
    """`result[i] = i >= amt ? src[i - amt] : 0`, amt >= 0 (checked at run time)."""

    name = "pto.vshift"

    MANUAL: ClassVar = "vector/ops/data-rearrangement/vshift.md"

    src = operand_def(VRegType)
    amt = operand_def()
    result = result_def(VRegType)

    assembly_format = "$src `,` $amt attr-dict `:` type($src) `,` type($amt) `->` type($result)"

    def __init__(self, src: SSAValue | Operation, amt: SSAValue | Operation) -> None:
        super().__init__(operands=[src, amt], result_types=[SSAValue.get(src).type])

    def verify_(self) -> None:
        src = vreg_of(self.src)
        self.check_same_type("result", self.result, "src", src)
        self.check_i16("amt", self.amt)
        self.check_element(src)
        self.check_constant("amt", self.amt, 0, None)  # vshift.md: dst[i] = src[i - amt], i >= amt


# ----------------------------------------------------------------------------------------
# Lane select by an index vector
# ----------------------------------------------------------------------------------------


class IndexSelectOp(RearrangeOp):
    """`%r = pto.vXXX %src, %index : V, !pto.vreg<NxI> -> V`: `r[i] = src[index[i] mod N]`.

    The index lanes are unsigned integers of the data's width (N lanes each way).
    """

    ROLES: ClassVar[tuple[str, str]] = ("src", "index")
    """The names of the data and index operands (the first two)."""

    def verify_(self) -> None:
        data, index = vreg_of(self.operands[0]), vreg_of(self.operands[1])
        data_role, role = self.ROLES
        self.check_same_type("result", self.results[0], data_role, data)
        if not index.element.is_int:
            raise fail(f"{self.name} {role} must be an integer vreg, got {index}")
        if index.element.bits != data.element.bits:
            raise fail(
                f"{self.name} {role} element width {index.element.bits} must match the "
                f"{data.element.bits}-bit elements of {data_role} ({index} vs {data})"
            )
        self.check_element(data)


@irdl_op_definition
class VPermOp(IndexSelectOp):
    name = "pto.vperm"

    MANUAL: ClassVar = "vector/ops/data-rearrangement/vperm.md"

    src = operand_def(VRegType)
    index = operand_def(VRegType)
    result = result_def(VRegType)

    assembly_format = "$src `,` $index attr-dict `:` type($src) `,` type($index) `->` type($result)"

    def __init__(self, src: SSAValue | Operation, index: SSAValue | Operation) -> None:
        super().__init__(operands=[src, index], result_types=[SSAValue.get(src).type])


class LaneSelectOp(IndexSelectOp):
    """vselr/vselrv2 in PTOAS's form (VPTOOps.td; board-tested vselr cases): `src1` is the
    index vector, not a second data operand as on the page."""

    ROLES: ClassVar[tuple[str, str]] = ("src0", "src1")

    src0 = operand_def(VRegType)
    src1 = operand_def(VRegType)
    result = result_def(VRegType)

    assembly_format = "$src0 `,` $src1 attr-dict `:` type($src0) `,` type($src1) `->` type($result)"

    def __init__(self, src0: SSAValue | Operation, src1: SSAValue | Operation) -> None:
        super().__init__(operands=[src0, src1], result_types=[SSAValue.get(src0).type])


@irdl_op_definition
class VSelrOp(LaneSelectOp):
    name = "pto.vselr"

    MANUAL: ClassVar = "vector/ops/compare-select/vselr.md"


@irdl_op_definition
class VSelrV2Op(LaneSelectOp):
    """vselr's result through another encoding (vselrv2.md: the same visible lanes)."""

    name = "pto.vselrv2"

    MANUAL: ClassVar = "vector/ops/compare-select/vselrv2.md"


# ----------------------------------------------------------------------------------------
# Compress / prefix count
# ----------------------------------------------------------------------------------------


@irdl_op_definition
class VSqzOp(RearrangeOp):
    """The lanes of `src` under `mask`, in order, at the front; zeros after them."""

    name = "pto.vsqz"

    MANUAL: ClassVar = "vector/ops/data-rearrangement/vsqz.md"

    src = operand_def(VRegType)
    mask = operand_def(MaskType)
    result = result_def(VRegType)

    assembly_format = "$src `,` $mask attr-dict `:` type($src) `,` type($mask) `->` type($result)"

    def __init__(self, src: SSAValue | Operation, mask: SSAValue | Operation) -> None:
        super().__init__(operands=[src, mask], result_types=[SSAValue.get(src).type])

    def verify_(self) -> None:
        src = vreg_of(self.src)
        self.check_same_type("result", self.result, "src", src)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), src)
        self.check_element(src)


@irdl_op_definition
class VUsqzOp(RearrangeOp):
    """`result[i]` = the number of active lanes of `mask` before lane i (`result[0] = 0`).

    The board-tested PTOAS kernels (test/vpto/cases/.../vusqz*) and PTOAS's micro-ISA page
    fix this; `src` only carries the type (the manual's form has no `src`).
    """

    name = "pto.vusqz"

    MANUAL: ClassVar = "vector/ops/data-rearrangement/vusqz.md"
    # PTOAS VusqzOp::verify: s8/s16/s32 elements (signed or signless)
    DTYPES: ClassVar = per_target_dtypes("i8 i16 i32", "i8 i16 i32")
    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.INT

    src = opt_operand_def(VRegType)
    mask = operand_def(MaskType)
    result = result_def(VRegType)

    def __init__(
        self,
        mask: SSAValue | Operation,
        src: SSAValue | Operation | None = None,
        result_type: Attribute | None = None,
    ) -> None:
        if result_type is None:
            assert src is not None, "vusqz without src needs its result type"
            result_type = SSAValue.get(src).type
        super().__init__(operands=[src, mask], result_types=[result_type])

    @classmethod
    def parse(cls, parser: Parser) -> VUsqzOp:
        start = parser.pos
        operands: list[UnresolvedOperand] = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        if len(operands) not in (1, 2):
            parser.raise_error("pto.vusqz takes [%src,] %mask", start, parser.pos)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        parser.parse_punctuation("->")
        result = parser.parse_type()
        return cls.create(
            operands=resolve(parser, operands, types), result_types=[result], attributes=attrs
        )

    def print(self, printer: Printer) -> None:
        print_operands_attrs_types(printer, self)

    def verify_(self) -> None:
        if not isinstance(self.mask.type, MaskType):
            raise fail(f"{self.name} mask must be a !pto.mask, got {self.mask.type}")
        result = vreg_of(self.result)
        if self.src is not None:
            self.check_same_type("src", self.src, "result", result)
        self.check_element(result)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), result)


# ----------------------------------------------------------------------------------------
# Pack / unpack
# ----------------------------------------------------------------------------------------


@irdl_op_definition
class VPackOp(RearrangeOp):
    """`src` truncated to half-width lanes in the `"LOWER"` or `"HIGHER"` half; the other
    half zero (PTOAS form, board-tested: test/vpto/cases/.../vpack-lower, vpack-higher)."""

    name = "pto.vpack"

    MANUAL: ClassVar = "vector/ops/data-rearrangement/vpack.md"
    # PTOAS VpackOp::verify: s32/u32 -> u16 and s16/u16 -> u8 (source types here)
    DTYPES: ClassVar = per_target_dtypes("i32 ui32 i16 ui16", "i32 ui32 i16 ui16")
    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.INT

    src = operand_def(VRegType)
    part = prop_def(StringAttr)
    result = result_def(VRegType)

    assembly_format = "$src `,` $part attr-dict `:` type($src) `->` type($result)"

    def __init__(self, src: SSAValue | Operation, part: str, result_type: Attribute) -> None:
        super().__init__(
            operands=[src], result_types=[result_type], properties={"part": StringAttr(part)}
        )

    @property
    def high(self) -> bool:
        return self.part.data == "HIGHER"

    def verify_(self) -> None:
        src, result = vreg_of(self.src), vreg_of(self.result)
        self.check_element(src)
        narrow = result.element
        if narrow.kind is not DTypeKind.UINT or narrow.bits * 2 != src.element.bits:
            raise fail(
                f"{self.name} result elements must be unsigned of half the width of the "
                f"{src.element} source (ui{src.element.bits // 2}), got {narrow}"
            )
        self.check_part(self.part)


class UnpackOp(RearrangeOp):
    """`%r = pto.vXunpack %src, %part : !pto.vreg<NxT> -> !pto.vreg<N/2xW>`, W twice T's
    width: `r[i] = extend(src[part * N/2 + i])`, part 0 or 1 (checked at run time)."""

    ELEMENT_KIND: ClassVar[ElementKind] = ElementKind.INT
    # PTOAS verifyUnpackVecOp: integer source, result twice as wide; 64-bit result lanes on
    # A5 only (the load/store tables: A2/A3 has no 64-bit lanes)
    DTYPES: ClassVar = per_target_dtypes("i8 ui8 i16 ui16", "i8 ui8 i16 ui16 i32 ui32")
    SIGNED: ClassVar[bool] = True

    src = operand_def(VRegType)
    part = operand_def(IndexType)
    result = result_def(VRegType)

    def __init__(
        self, src: SSAValue | Operation, part: SSAValue | Operation, result_type: Attribute
    ) -> None:
        super().__init__(operands=[src, part], result_types=[result_type])

    @classmethod
    def parse(cls, parser: Parser) -> UnpackOp:
        src = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        part = parser.parse_unresolved_operand()
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        start = parser.pos
        types: Sequence[Attribute] = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_type
        )
        if len(types) not in (1, 2):
            parser.raise_error(
                f"{cls.name} takes the types `SRC -> RESULT` or `SRC, index -> RESULT`",
                start,
                parser.pos,
            )
        parser.parse_punctuation("->")
        result = parser.parse_type()
        if len(types) == 1:  # PTOAS: the part's index type is implied
            types = [types[0], IndexType()]
        return cls.create(
            operands=resolve(parser, [src, part], types), result_types=[result], attributes=attrs
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.src.type)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    def verify_(self) -> None:
        src, result = vreg_of(self.src), vreg_of(self.result)
        self.check_element(src)
        wide = result.element
        if not wide.is_int or wide.bits != 2 * src.element.bits:
            raise fail(
                f"{self.name} result elements must be integers of twice the width of the "
                f"{src.element} source ({2 * src.element.bits}-bit), got {wide}"
            )
        self.check_constant("part", self.part, 0, 1)  # the lower (0) or the upper (1) half


@irdl_op_definition
class VSunpackOp(UnpackOp):
    """Sign-extends one half of the source lanes."""

    name = "pto.vsunpack"

    MANUAL: ClassVar = "vector/ops/data-rearrangement/vsunpack.md"


@irdl_op_definition
class VZunpackOp(UnpackOp):
    """Zero-extends one half of the source lanes."""

    name = "pto.vzunpack"

    MANUAL: ClassVar = "vector/ops/data-rearrangement/vzunpack.md"
    SIGNED: ClassVar[bool] = False


# ----------------------------------------------------------------------------------------
# UB-to-UB transpose
# ----------------------------------------------------------------------------------------


@irdl_op_definition
class VTransposeOp(VectorMemoryOp):
    """`pto.vtranspose %dest, %src, %config : !pto.ptr<T, ub>, !pto.ptr<T, ub>, i64`.

    A UB-to-UB transpose whose shape is in the ISA config word; neither the manual nor PTOAS
    nor pto-isa publishes that word's layout, so the op parses and verifies but a run stops
    with a diagnostic (docs/semantics.md).
    """

    name = "pto.vtranspose"

    MANUAL: ClassVar = "vector/ops/sfu-and-dsa-ops/vtranspose.md"
    DTYPES: ClassVar = _ANY  # the page: `!pto.ptr<T, ub>`, T unrestricted
    COST: ClassVar = _COST

    dest = operand_def(PTR)
    src = operand_def(PTR)
    config = operand_def(I64_SCALAR)

    assembly_format = (
        "$dest `,` $src `,` $config attr-dict `:` type($dest) `,` type($src) `,` type($config)"
    )

    def __init__(
        self, dest: SSAValue | Operation, src: SSAValue | Operation, config: SSAValue | Operation
    ) -> None:
        super().__init__(operands=[dest, src, config])

    def verify_memory(self) -> None:
        dest = self.ub_pointer(self.dest, "dest")
        src = self.ub_pointer(self.src, "src")
        if dest.is_typed and src.is_typed and dest.element != src.element:
            raise fail(
                f"{self.name} dest element type {dest.element} must equal the src element type "
                f"{src.element}"
            )
        target = target_of(self)
        for role, ptr in (("dest", dest), ("src", src)):
            element = ptr.element
            if element is not None and element not in self.legal_dtypes(target):
                raise fail(
                    f"{self.name} {role} element type {element} is not supported on target "
                    f"{target.name}"
                )


OPS: list[type[IRDLOperation]] = [
    VIntlvOp,
    VDintlvOp,
    VIntlvV2Op,
    VDintlvV2Op,
    VSlideOp,
    VShiftOp,
    VPermOp,
    VSelrOp,
    VSelrV2Op,
    VSqzOp,
    VUsqzOp,
    VPackOp,
    VSunpackOp,
    VZunpackOp,
    VTransposeOp,
]
