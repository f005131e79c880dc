"""The cube's byte transfers: GM -> L1, L1 -> UB, L1 -> bias table and L1 -> fixpipe buffer.

- `pto.mte_gm_l1 %src, %dst, %len_burst nburst(%n, %src_stride, %dst_stride)
  [loop(%count, %src_stride, %dst_stride)]* : T_gm, T_l1, i64, ...` (MTE2): the grouped
  byte model of `mte_gm_ub` (bytes, strides start to start, each `loop` wrapping the
  earlier groups), no layout change.
- `pto.mte_l1_ub` (L1 -> UB, MTE1), the same syntax: the burst group counts 32-byte blocks
  (`len_burst` blocks, the strides gaps in blocks), as PTOAS's `copy_cbuf_to_ubuf` it
  expands to and its board-tested kernels (`nburst(%c40, %c0, %c0)` for 40 packed rows;
  docs/decisions.md); the loop strides are bytes.
- `pto.copy_gm_to_cbuf %src, %dst, %n_burst, %len_burst, %src_stride, %dst_stride : types`:
  PTOAS's pre-v0.6 form of `mte_gm_l1` with one burst group, in the same units
  (lib/PTO/Transforms/VPTOExpandWrapperOps.cpp expands `mte_gm_l1` into it unchanged).
- `pto.mte_l1_bt %src, %dst, %len_burst nburst(%n, %src_gap, %dst_gap) : T_l1, U_bt, i64 x4`
  (MTE1): bias values into the bias table; f16 and bf16 sources widen to an f32 table.
- `pto.mte_l1_fb` (FIX): fixpipe parameters into the fixpipe buffer, bytes unchanged.

Manual: docs/isa/cube/ops/data-movement/; syntax: PTOAS include/PTO/IR/VPTOOps.td.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, StringAttr, i1, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    prop_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.attrs import Pipe
from pto_dialect.buffer_like import buffer_pointer
from pto_dialect.dtypes import BF16, F16, F32, I32, DType
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.ops.dma import DmaOp
from pto_dialect.ops.dma_v06 import GroupedTransferOp
from pto_dialect.ops.tile_memory import constant_index
from pto_dialect.records import CostFormula, Formula

PAGES = "cube/ops/data-movement/"

_L1_TO_BT = "L1 -> BT: [arch] L1_TO_BT 32 GB/s"
_L1_TO_FB = "L1 -> FB: [arch] L1_TO_FB 32 GB/s"


@irdl_op_definition
class MteGmL1Op(GroupedTransferOp):
    """GM -> L1 grouped byte transfer on MTE2 (no layout change)."""

    name = "pto.mte_gm_l1"

    MANUAL: ClassVar = PAGES + "mte-gm-l1.md"
    COST: ClassVar = Formula(CostFormula.TRANSFER)
    PIPE: ClassVar[Pipe] = Pipe.MTE2
    SRC_SPACE: ClassVar[MemorySpace] = MemorySpace.GM
    DST_SPACE: ClassVar[MemorySpace] = MemorySpace.L1
    HAS_L2: ClassVar[bool] = False
    HAS_PAD: ClassVar[bool] = False


@irdl_op_definition
class MteL1UbOp(GroupedTransferOp):
    """L1 -> UB transfer on MTE1 (the cube-to-vector path): bursts of 32-byte blocks."""

    name = "pto.mte_l1_ub"

    MANUAL: ClassVar = PAGES + "mte-l1-ub.md"
    COST: ClassVar = Formula(
        CostFormula.TRANSFER, "L1 -> UB: no published bandwidth (the default on-chip path)"
    )
    PIPE: ClassVar[Pipe] = Pipe.MTE1
    SRC_SPACE: ClassVar[MemorySpace] = MemorySpace.L1
    DST_SPACE: ClassVar[MemorySpace] = MemorySpace.UB
    HAS_L2: ClassVar[bool] = False
    HAS_PAD: ClassVar[bool] = False
    BLOCK_BURSTS: ClassVar[bool] = True


@irdl_op_definition
class CopyGmToCbufOp(DmaOp):
    """PTOAS's pre-v0.6 `mte_gm_l1`: `n_burst` bursts of `len_burst` bytes, strides in bytes
    start to start."""

    name = "pto.copy_gm_to_cbuf"

    MANUAL: ClassVar = PAGES + "mte-gm-l1.md"
    COST: ClassVar = MteGmL1Op.COST
    PIPE: ClassVar[Pipe] = Pipe.MTE2
    SRC_SPACE: ClassVar[MemorySpace | None] = MemorySpace.GM
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.L1

    source = operand_def()
    destination = operand_def()
    n_burst = operand_def()
    len_burst = operand_def()
    src_stride = operand_def()
    dst_stride = operand_def()


class UnitCopyOp(DmaOp):
    """`%src, %dst, %len_burst nburst(%n, %src_gap, %dst_gap)`: `n` bursts of `len_burst`
    units, `*_gap` units between bursts; the unit is `UNIT_BYTES` of the source."""

    UNIT_BYTES: ClassVar[int]
    CONVERSIONS: ClassVar[dict[DType, frozenset[DType]]]
    """Legal destination element types per source element type."""

    source = operand_def()
    destination = operand_def()
    n_burst = operand_def()
    len_burst = operand_def()
    src_gap = operand_def()
    dst_gap = operand_def()

    assembly_format = (
        "$source `,` $destination `,` $len_burst `nburst` `(` $n_burst `,` $src_gap `,` "
        "$dst_gap `)` attr-dict `:` type($source) `,` type($destination) `,` type($n_burst) "
        "`,` type($len_burst) `,` type($src_gap) `,` type($dst_gap)"
    )

    def verify_(self) -> None:
        assert self.SRC_SPACE is not None and self.DST_SPACE is not None
        src = self._pointer(0, "source", self.SRC_SPACE)
        dst = self._pointer(1, "destination", self.DST_SPACE)
        for role, value in (
            ("len_burst", self.len_burst),
            ("nburst count", self.n_burst),
            ("src gap", self.src_gap),
            ("dst gap", self.dst_gap),
        ):
            if value.type != i64:
                raise fail(f"{self.name} {role} must be i64, got {value.type}")
        if not (src.is_typed and dst.is_typed) or not self.CONVERSIONS:
            return
        pair = (src.element, dst.element)
        legal = self.CONVERSIONS.get(pair[0]) if pair[0] is not None else None
        if legal is None or pair[1] not in legal:
            pairs = ", ".join(
                f"{s} -> {d}" for s, ds in self.CONVERSIONS.items() for d in sorted(ds, key=str)
            )
            raise fail(
                f"{self.name} {src.pointee} -> {dst.pointee} is not a supported type pair "
                f"(supported: {pairs})"
            )

    def source_element(self) -> DType | None:
        src = self.source.type
        return src.element if isinstance(src, PtrType) else None


@irdl_op_definition
class MteL1BtOp(UnitCopyOp):
    """L1 -> bias table on MTE1; the unit is 32 bytes of the source (pto-isa a5/TMov.hpp
    `BURST_LEN_UNIT = 32` of `copy_cbuf_to_bt`); f16 and bf16 widen to f32."""

    name = "pto.mte_l1_bt"

    MANUAL: ClassVar = PAGES + "mte-l1-bt.md"
    COST: ClassVar = Formula(CostFormula.TRANSFER, _L1_TO_BT)
    PIPE: ClassVar[Pipe] = Pipe.MTE1
    SRC_SPACE: ClassVar[MemorySpace | None] = MemorySpace.L1
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.BT
    UNIT_BYTES: ClassVar[int] = 32
    # mte-l1-bt.md: f32 -> f32, i32 -> i32, f16 -> f32, bf16 -> f32
    CONVERSIONS: ClassVar[dict[DType, frozenset[DType]]] = {
        F32: frozenset({F32}),
        I32: frozenset({I32}),
        F16: frozenset({F32}),
        BF16: frozenset({F32}),
    }


@irdl_op_definition
class MteL1FbOp(UnitCopyOp):
    """L1 -> fixpipe buffer on FIX; the unit is 64 bytes (pto-isa a5/TMov.hpp
    `BURST_LEN_UNIT = 64` of `copy_cbuf_to_fbuf`); bytes unchanged, whatever the types."""

    name = "pto.mte_l1_fb"

    MANUAL: ClassVar = PAGES + "mte-l1-fb.md"
    COST: ClassVar = Formula(CostFormula.TRANSFER, _L1_TO_FB)
    PIPE: ClassVar[Pipe] = Pipe.FIX
    SRC_SPACE: ClassVar[MemorySpace | None] = MemorySpace.L1
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.FB
    UNIT_BYTES: ClassVar[int] = 64
    CONVERSIONS: ClassVar[dict[DType, frozenset[DType]]] = {}


@irdl_op_definition
class CopyCbufToFbufOp(UnitCopyOp):
    """PTOAS's `copy_cbuf_to_fbuf %src, %dst, %n, %len, %src_gap, %dst_gap`: the form its
    `mte_l1_fb` expands to, the same operands (VPTOExpandWrapperOps `ExpandFpLoadPattern`)."""

    name = "pto.copy_cbuf_to_fbuf"

    MANUAL: ClassVar = MteL1FbOp.MANUAL
    COST: ClassVar = MteL1FbOp.COST
    PIPE: ClassVar[Pipe] = Pipe.FIX
    SRC_SPACE: ClassVar[MemorySpace | None] = MemorySpace.L1
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.FB
    UNIT_BYTES: ClassVar[int] = MteL1FbOp.UNIT_BYTES
    CONVERSIONS: ClassVar[dict[DType, frozenset[DType]]] = {}

    assembly_format = (
        "$source `,` $destination `,` $n_burst `,` $len_burst `,` $src_gap `,` $dst_gap "
        "attr-dict `:` type($source) `,` type($destination) `,` type($n_burst) `,` "
        "type($len_burst) `,` type($src_gap) `,` type($dst_gap)"
    )


FRAC_MODES = ("nd2nz", "dn2nz")


@irdl_op_definition
class MteGmL1FracOp(PtoOp):
    """GM -> L1 with the ND -> NZ (or DN -> NZ) fractal repack, on MTE2.

    `pto.mte_gm_l1_frac %src, %dst, nd2nz|dn2nz, shape(%n, %d), src_layout(%inner[, %outer]),
    dst_group(%count, %loop2, %loop3, %loop4), ctrl(%l2_cache_ctrl, %smallc0_en) : T_gm, T_l1,
    nd2nz|dn2nz, shape i64, i64, src_layout(i64[, i64]), dst_group i64, i64, i64, i64,
    ctrl i64, i1`: `count` logical n x d matrices, source strides in bytes, destination
    strides in C0 units (32 bytes); invalid lanes of a row's last C0 are written as zero.
    """

    name = "pto.mte_gm_l1_frac"

    MANUAL: ClassVar = PAGES + "mte-gm-l1-frac.md"
    COST: ClassVar = Formula(CostFormula.TRANSFER)
    PIPE: ClassVar[Pipe] = Pipe.MTE2

    source = operand_def()
    destination = operand_def()
    n_value = operand_def()
    d_value = operand_def()
    src_inner_stride = operand_def()
    src_outer_stride = opt_operand_def()
    group_count = operand_def()
    dst_loop2_stride = operand_def()
    dst_loop3_stride = operand_def()
    dst_loop4_stride = operand_def()
    l2_cache_ctrl = operand_def()
    smallc0_en = operand_def()

    mode = prop_def(StringAttr)

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue,
        destination: SSAValue,
        mode: str,
        shape: tuple[SSAValue, SSAValue],
        src_layout: tuple[SSAValue, SSAValue | None],
        dst_group: tuple[SSAValue, SSAValue, SSAValue, SSAValue],
        ctrl: tuple[SSAValue, SSAValue],
    ) -> None:
        inner, outer = src_layout
        super().__init__(
            operands=[
                source,
                destination,
                *shape,
                inner,
                [] if outer is None else [outer],
                *dst_group,
                *ctrl,
            ],
            properties={"mode": StringAttr(mode)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> MteGmL1FracOp:
        src = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        dst = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        pos = parser.pos
        mode = parser.parse_identifier()
        if mode not in FRAC_MODES:
            parser.raise_error("expected nd2nz or dn2nz", pos)
        groups: dict[str, list[UnresolvedOperand]] = {}
        for key, counts in (
            ("shape", (2,)),
            ("src_layout", (1, 2)),
            ("dst_group", (4,)),
            ("ctrl", (2,)),
        ):
            parser.parse_punctuation(",")
            parser.parse_keyword(key)
            pos = parser.pos
            values = parser.parse_comma_separated_list(
                parser.Delimiter.PAREN, parser.parse_unresolved_operand
            )
            if len(values) not in counts:
                parser.raise_error(
                    f"{key}(...) takes {' or '.join(map(str, counts))} operands", pos
                )
            groups[key] = values
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types: list[Attribute] = [parser.parse_type()]
        parser.parse_punctuation(",")
        types.append(parser.parse_type())
        parser.parse_punctuation(",")
        pos = parser.pos
        if parser.parse_identifier() != mode:
            parser.raise_error(f"the type list must repeat the mode {mode}", pos)
        for key in ("shape", "src_layout", "dst_group", "ctrl"):
            parser.parse_punctuation(",")
            parser.parse_keyword(key)
            count = len(groups[key])
            if key == "src_layout":
                with parser.in_parens():
                    types += parser.parse_comma_separated_list(
                        parser.Delimiter.NONE, parser.parse_type
                    )
            else:
                types.append(parser.parse_type())
                for _ in range(count - 1):
                    parser.parse_punctuation(",")
                    types.append(parser.parse_type())
        flat = [
            src,
            dst,
            *groups["shape"],
            *groups["src_layout"],
            *groups["dst_group"],
            *groups["ctrl"],
        ]
        if len(types) != len(flat):
            parser.raise_error(f"{cls.name} expects {len(flat)} types, got {len(types)}")
        values = [parser.resolve_operand(o, t) for o, t in zip(flat, types, strict=True)]
        outer = values[5] if len(groups["src_layout"]) == 2 else None
        rest = values[4 + len(groups["src_layout"]) :]
        op = cls(
            values[0],
            values[1],
            mode,
            (values[2], values[3]),
            (values[4], outer),
            (rest[0], rest[1], rest[2], rest[3]),
            (rest[4], rest[5]),
        )
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        mode = self.mode.data
        layout = [self.src_inner_stride] + (
            [self.src_outer_stride] if self.src_outer_stride else []
        )
        groups = (
            ("shape", [self.n_value, self.d_value]),
            ("src_layout", layout),
            (
                "dst_group",
                [
                    self.group_count,
                    self.dst_loop2_stride,
                    self.dst_loop3_stride,
                    self.dst_loop4_stride,
                ],
            ),
            ("ctrl", [self.l2_cache_ctrl, self.smallc0_en]),
        )
        printer.print_string(" ")
        printer.print_list([self.source, self.destination], printer.print_operand)
        printer.print_string(f", {mode}")
        for key, values in groups:
            printer.print_string(f", {key}(")
            printer.print_list(values, printer.print_operand)
            printer.print_string(")")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list([self.source.type, self.destination.type], printer.print_attribute)
        printer.print_string(f", {mode}")
        for key, values in groups:
            types = [v.type for v in values]
            if key == "src_layout":
                printer.print_string(f", {key}(")
                printer.print_list(types, printer.print_attribute)
                printer.print_string(")")
            else:
                printer.print_string(f", {key} ")
                printer.print_list(types, printer.print_attribute)

    def verify_(self) -> None:
        if self.mode.data not in FRAC_MODES:
            raise fail(f"{self.name} mode must be nd2nz or dn2nz, got {self.mode.data}")
        src = _ptr(self, self.source, "source", MemorySpace.GM)
        dst = _ptr(self, self.destination, "destination", MemorySpace.L1)
        if src.is_typed and dst.is_typed and src.pointee != dst.pointee:
            raise fail(
                f"{self.name} source element type {src.pointee} must equal the "
                f"destination element type {dst.pointee}"
            )
        scalars = [
            ("n", self.n_value),
            ("d", self.d_value),
            ("src inner stride", self.src_inner_stride),
            ("group count", self.group_count),
            ("dst loop2 stride", self.dst_loop2_stride),
            ("dst loop3 stride", self.dst_loop3_stride),
            ("dst loop4 stride", self.dst_loop4_stride),
            ("l2_cache_ctrl", self.l2_cache_ctrl),
        ]
        if self.src_outer_stride is not None:
            scalars.append(("src outer stride", self.src_outer_stride))
        for role, value in scalars:
            if value.type != i64:
                raise fail(f"{self.name} {role} must be i64, got {value.type}")
        if self.smallc0_en.type != i1:
            raise fail(f"{self.name} smallc0_en must be i1, got {self.smallc0_en.type}")
        smallc0 = self.smallc0_en.owner
        small = (
            isinstance(smallc0, arith.ConstantOp)
            and isinstance(smallc0.value, IntegerAttr)
            and bool(smallc0.value.value.data)
        )
        d = constant_index(self.d_value)
        if small and d is not None and d > SMALL_C0_MAX_D:
            raise fail(f"{self.name} small-C0 mode takes d <= {SMALL_C0_MAX_D}, got {d}")


SMALL_C0_MAX_D = 4
"""mte-gm-l1-frac.md: "The current contract rejects d_value > 4 in small-C0 mode"."""


def _ptr(op: PtoOp, value: SSAValue, role: str, space: MemorySpace) -> PtrType:
    ptr = buffer_pointer(value.type)
    if ptr is None:
        raise fail(f"{op.name} {role} must be a !pto.ptr, got {value.type}")
    if ptr.is_typed and ptr.memory is not space:
        raise fail(f"{op.name} {role} must point to {space.value}, got {value.type}")
    return ptr


OPS: list[type[IRDLOperation]] = [
    MteGmL1Op,
    MteGmL1FracOp,
    MteL1UbOp,
    CopyGmToCbufOp,
    MteL1BtOp,
    MteL1FbOp,
    CopyCbufToFbufOp,
]
