"""The PTO ISA v0.6 DMA surface: grouped transfers and the loop-stride registers.

- `pto.mte_gm_ub %gm, %ub, %l2_cache_ctl, %len_burst nburst(%n, %src_stride, %dst_stride)
  [loop(%count, %src_stride, %dst_stride)]* [pad(%value[, %left, %right])] : T_gm, T_ub, i64,
  i64, i64, i64, i64[, loop i64, i64, i64]*[, pad T[, i64, i64]]` (GM -> UB on MTE2) and
  `pto.mte_ub_gm %ub, %gm, %len_burst nburst(...) [loop(...)]* : ...` (UB -> GM on MTE3):
  `n` rows of `len_burst` bytes, strides start to start in bytes; each `loop` wraps all
  earlier groups (innermost first). PTOAS also accepts `loop1` / `loop2` as the keyword.
- `pto.mte_ub_ub %src, %dst, %len_burst nburst(%n, %src_gap, %dst_gap) : T_ub, T_ub, i64,
  i64, i64, i64` (on V) and `pto.mte_ub_l1` (UB -> L1 on MTE3): lengths and gaps in 32-byte
  blocks; `pto.copy_ubuf_to_ubuf` / `pto.copy_ubuf_to_cbuf` are their pre-v0.6 forms
  (`%src, %dst, %sid, %n, %len, %src_gap, %dst_gap : types`).
- `pto.set_loop{1,2}_stride_{outtoub,ubtoout} %src_stride, %dst_stride : i64, i64`: the
  pre-v0.6 loop-stride registers of the next `copy_gm_to_ubuf` / `copy_ubuf_to_gm`.

Manual: docs/isa/scalar/ops/dma-copy/; syntax: PTOAS include/PTO/IR/VPTOOps.td and its
custom parser (lib/PTO/IR/VPTO.cpp).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    IntegerType,
    i64,
)
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    var_operand_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.attrs import Pipe
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp, define_op, fail
from pto_dialect.ops.dma import PAD_VALUE_INT_WIDTHS, TRANSFER_ESTIMATE, DmaOp, same_bytes
from pto_dialect.records import CostFormula, Formula, NoCycles

_PAGES = "scalar/ops/dma-copy/"
LOOP_KEYWORDS = ("loop", "loop1", "loop2")
"""Keywords of an outer loop group (PTOAS's parser takes all three)."""


@dataclass(frozen=True)
class DmaGroup:
    """One repetition level: `count` times, advancing by the strides (bytes)."""

    count: SSAValue
    src_stride: SSAValue
    dst_stride: SSAValue


@dataclass(frozen=True)
class DmaPad:
    """The `pad(...)` clause: fill value and optional element counts either side."""

    value: SSAValue
    left: SSAValue | None
    right: SSAValue | None


def _pointer(op: PtoOp, value: SSAValue, role: str, space: MemorySpace) -> PtrType:
    ptr = value.type
    if not isinstance(ptr, PtrType):
        raise fail(f"{op.name} {role} must be a !pto.ptr, got {ptr}")
    if ptr.is_typed and ptr.memory is not space:
        raise fail(f"{op.name} {role} must point to {space.value}, got {ptr}")
    return ptr


def _check_pointers(op: PtoOp, src_space: MemorySpace, dst_space: MemorySpace) -> None:
    src = _pointer(op, op.operands[0], "source", src_space)
    dst = _pointer(op, op.operands[1], "destination", dst_space)
    if src.is_typed and dst.is_typed and not same_bytes(src.pointee, dst.pointee):
        raise fail(
            f"{op.name} source element type {src.pointee} must equal the destination "
            f"element type {dst.pointee}"
        )


def _check_i64(op: PtoOp, role: str, value: SSAValue) -> None:
    if value.type != i64:
        raise fail(f"{op.name} {role} must be i64, got {value.type}")


class GroupedTransferOp(PtoOp):
    """`mte_gm_ub` / `mte_ub_gm`: a burst group, outer loop groups and (GM -> UB) a pad.

    Every field is declared here so both ops share parser, printer and verifier; the ops
    whose syntax has no `l2_cache_ctl` or `pad(...)` reject them (`HAS_L2`, `HAS_PAD`).
    """

    SRC_SPACE: ClassVar[MemorySpace]
    DST_SPACE: ClassVar[MemorySpace]
    HAS_L2: ClassVar[bool]
    HAS_PAD: ClassVar[bool]
    BLOCK_BURSTS: ClassVar[bool] = False
    """The `nburst` group counts 32-byte blocks: `len_burst` blocks per burst and the two
    strides the gaps between bursts, in blocks (`mte_l1_ub`: PTOAS passes them unchanged to
    `copy_cbuf_to_ubuf`; docs/decisions.md); the `loop` strides stay bytes."""

    source = operand_def()
    destination = operand_def()
    l2_cache_ctl = opt_operand_def()
    len_burst = operand_def()
    n_burst = operand_def()
    nburst_src_stride = operand_def()
    nburst_dst_stride = operand_def()
    loop_counts = var_operand_def()
    loop_src_strides = var_operand_def()
    loop_dst_strides = var_operand_def()
    pad_value = opt_operand_def()
    left_padding_count = opt_operand_def()
    right_padding_count = opt_operand_def()

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def __init__(
        self,
        source: SSAValue,
        destination: SSAValue,
        len_burst: SSAValue,
        nburst: DmaGroup,
        loops: Sequence[DmaGroup] = (),
        pad: DmaPad | None = None,
        l2_cache_ctl: SSAValue | None = None,
    ) -> None:
        super().__init__(
            operands=[
                source,
                destination,
                [] if l2_cache_ctl is None else [l2_cache_ctl],
                len_burst,
                nburst.count,
                nburst.src_stride,
                nburst.dst_stride,
                [g.count for g in loops],
                [g.src_stride for g in loops],
                [g.dst_stride for g in loops],
                [] if pad is None else [pad.value],
                [] if pad is None or pad.left is None else [pad.left],
                [] if pad is None or pad.right is None else [pad.right],
            ]
        )

    # ---- views -----------------------------------------------------------------------------
    @property
    def nburst(self) -> DmaGroup:
        return DmaGroup(self.n_burst, self.nburst_src_stride, self.nburst_dst_stride)

    @property
    def loops(self) -> list[DmaGroup]:
        """The outer loop groups, innermost first."""
        return [
            DmaGroup(c, s, d)
            for c, s, d in zip(
                self.loop_counts, self.loop_src_strides, self.loop_dst_strides, strict=False
            )
        ]

    @property
    def pad(self) -> DmaPad | None:
        if self.pad_value is None:
            return None
        return DmaPad(self.pad_value, self.left_padding_count, self.right_padding_count)

    # ---- syntax ----------------------------------------------------------------------------
    @classmethod
    def parse(cls, parser: Parser) -> GroupedTransferOp:
        head = [parser.parse_unresolved_operand()]
        for _ in range(3 if cls.HAS_L2 else 2):
            parser.parse_punctuation(",")
            head.append(parser.parse_unresolved_operand())
        parser.parse_keyword("nburst")
        groups = [_parse_triple(parser)]
        clause = None  # PTOAS's `mte_ub_gm ... nburst(...) l2_cache_ctl(%v)` (MteUbGmOp::parse)
        if not cls.HAS_L2 and parser.parse_optional_keyword("l2_cache_ctl") is not None:
            with parser.in_parens():
                clause = parser.parse_unresolved_operand()
        loops = 0
        pad: list[UnresolvedOperand] = []
        while True:
            if cls.HAS_PAD and parser.parse_optional_keyword("pad") is not None:
                with parser.in_parens():
                    pad = parser.parse_comma_separated_list(
                        parser.Delimiter.NONE, parser.parse_unresolved_operand
                    )
                if len(pad) not in (1, 3):
                    parser.raise_error(
                        "pad(...) takes a value, or a value and left and right counts"
                    )
                break
            if not any(parser.parse_optional_keyword(k) is not None for k in LOOP_KEYWORDS):
                break
            groups.append(_parse_triple(parser))
            loops += 1
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types_pos = parser.pos
        types: list[Attribute] = [parser.parse_type()]
        for _ in range(len(head) - 1 + 3 + (clause is not None)):
            parser.parse_punctuation(",")
            types.append(parser.parse_type())
        clause_value = None if clause is None else parser.resolve_operand(clause, types.pop())
        loop_types: list[Attribute] = []
        pad_types: list[Attribute] = []
        while parser.parse_optional_punctuation(",") is not None:
            pos = parser.pos
            if any(parser.parse_optional_keyword(k) is not None for k in LOOP_KEYWORDS):
                loop_types += _parse_types(parser, 3)
            elif cls.HAS_PAD and not pad_types and parser.parse_optional_keyword("pad"):
                pad_types = _parse_types(parser, len(pad) or 1)
            else:
                parser.raise_error("expected one of 'loop' or 'pad'", pos)
        if len(loop_types) != 3 * loops or len(pad_types) != len(pad):
            parser.raise_error(
                f"{cls.name}: the loop and pad type groups must match the operand groups",
                types_pos,
            )
        values = [parser.resolve_operand(o, t) for o, t in zip(head, types, strict=False)]
        rest = types[len(head) :]
        burst = [parser.resolve_operand(o, t) for o, t in zip(groups[0], rest, strict=True)]
        outer = [
            DmaGroup(
                *(
                    parser.resolve_operand(o, t)
                    for o, t in zip(g, loop_types[3 * i :], strict=False)
                )
            )
            for i, g in enumerate(groups[1:])
        ]
        padded = [parser.resolve_operand(o, t) for o, t in zip(pad, pad_types, strict=True)]
        l2 = values[2] if cls.HAS_L2 else clause_value
        op = cls(
            values[0],
            values[1],
            values[-1],
            DmaGroup(*burst),
            outer,
            None if not padded else DmaPad(padded[0], *(padded[1:] or [None, None])),
            l2,
        )
        attrs.pop("operandSegmentSizes", None)  # (PTOAS's generic spelling of the property)
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        head = [self.source, self.destination]
        clause = None if self.HAS_L2 else self.l2_cache_ctl
        head += [] if self.l2_cache_ctl is None or clause else [self.l2_cache_ctl]
        head.append(self.len_burst)
        printer.print_string(" ")
        printer.print_list(head, printer.print_operand)
        groups = [("nburst", self.nburst)] + [("loop", g) for g in self.loops]
        for keyword, g in groups:
            printer.print_string(f" {keyword}(")
            printer.print_list([g.count, g.src_stride, g.dst_stride], printer.print_operand)
            printer.print_string(")")
            if keyword == "nburst" and clause is not None:
                printer.print_string(" l2_cache_ctl(")
                printer.print_operand(clause)
                printer.print_string(")")
        pad = self.pad
        pad_values = [] if pad is None else [v for v in (pad.value, pad.left, pad.right) if v]
        if pad_values:
            printer.print_string(" pad(")
            printer.print_list(pad_values, printer.print_operand)
            printer.print_string(")")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        burst = [self.n_burst, self.nburst_src_stride, self.nburst_dst_stride]
        tail = [] if clause is None else [clause]
        printer.print_list([v.type for v in head + burst + tail], printer.print_attribute)
        for g in self.loops:
            printer.print_string(", loop ")
            printer.print_list(
                [g.count.type, g.src_stride.type, g.dst_stride.type], printer.print_attribute
            )
        if pad_values:
            printer.print_string(", pad ")
            printer.print_list([v.type for v in pad_values], printer.print_attribute)

    # ---- rules -----------------------------------------------------------------------------
    def verify_(self) -> None:
        _check_pointers(self, self.SRC_SPACE, self.DST_SPACE)
        if self.HAS_L2 and self.l2_cache_ctl is None:
            raise fail(f"{self.name} needs its l2_cache_ctl operand")
        if not (len(self.loop_counts) == len(self.loop_src_strides) == len(self.loop_dst_strides)):
            raise fail(
                f"{self.name} requires each loop group to provide count, src stride and dst "
                "stride together"
            )
        scalars = [("len_burst", self.len_burst)]
        if self.l2_cache_ctl is not None:
            scalars.append(("l2_cache_ctl", self.l2_cache_ctl))
        for keyword, g in [("nburst", self.nburst)] + [("loop", g) for g in self.loops]:
            scalars += [
                (f"{keyword} count", g.count),
                (f"{keyword} src stride", g.src_stride),
                (f"{keyword} dst stride", g.dst_stride),
            ]
        self._verify_pad(scalars)
        for role, value in scalars:
            _check_i64(self, role, value)

    def _verify_pad(self, scalars: list[tuple[str, SSAValue]]) -> None:
        pad = self.pad
        if pad is None:
            if self.left_padding_count is not None or self.right_padding_count is not None:
                raise fail(f"{self.name} requires the pad group to provide a pad value")
            return
        if not self.HAS_PAD:
            raise fail(f"{self.name} has no pad(...) group")
        if (pad.left is None) != (pad.right is None):
            raise fail(f"{self.name} pad group must give both left and right counts, or neither")
        type = pad.value.type
        ok = isinstance(type, IntegerType) and type.bitwidth in PAD_VALUE_INT_WIDTHS
        if not ok and not isinstance(type, Float16Type | BFloat16Type | Float32Type):
            raise fail(
                f"{self.name} pad value must be an i8/i16/i32 or f16/bf16/f32 scalar, got {type}"
            )
        if pad.left is not None and pad.right is not None:
            scalars += [("left padding count", pad.left), ("right padding count", pad.right)]


def _parse_triple(parser: Parser) -> list[UnresolvedOperand]:
    with parser.in_parens():
        values = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
    if len(values) != 3:
        parser.raise_error("a burst or loop group is (count, src stride, dst stride)")
    return values


def _parse_types(parser: Parser, count: int) -> list[Attribute]:
    types: list[Attribute] = [parser.parse_type()]
    for _ in range(count - 1):
        parser.parse_punctuation(",")
        types.append(parser.parse_type())
    return types


@irdl_op_definition
class MteGmUbOp(GroupedTransferOp):
    """GM -> UB grouped transfer on MTE2; `pad(...)` fills each UB row to 32 bytes."""

    name = "pto.mte_gm_ub"

    MANUAL: ClassVar = _PAGES + "copy-gm-to-ubuf.md"
    COST: ClassVar = Formula(CostFormula.TRANSFER, TRANSFER_ESTIMATE)
    PIPE: ClassVar[Pipe] = Pipe.MTE2
    SRC_SPACE: ClassVar[MemorySpace] = MemorySpace.GM
    DST_SPACE: ClassVar[MemorySpace] = MemorySpace.UB
    HAS_L2: ClassVar[bool] = True
    HAS_PAD: ClassVar[bool] = True


@irdl_op_definition
class MteUbGmOp(GroupedTransferOp):
    """UB -> GM grouped transfer on MTE3: `len_burst` bytes of each UB row."""

    name = "pto.mte_ub_gm"

    MANUAL: ClassVar = _PAGES + "copy-ubuf-to-gm.md"
    COST: ClassVar = Formula(CostFormula.TRANSFER, TRANSFER_ESTIMATE)
    PIPE: ClassVar[Pipe] = Pipe.MTE3
    SRC_SPACE: ClassVar[MemorySpace] = MemorySpace.UB
    DST_SPACE: ClassVar[MemorySpace] = MemorySpace.GM
    HAS_L2: ClassVar[bool] = False
    HAS_PAD: ClassVar[bool] = False


# ----------------------------------------------------------------------------------------
# block copies out of UB: lengths and gaps in 32-byte blocks
# ----------------------------------------------------------------------------------------


class BlockCopyOp(DmaOp):
    """`n_burst` bursts of `len_burst` 32-byte blocks; after each burst the source skips
    `src_gap` and the destination `dst_gap` blocks (manual: mte_ub_ub, mte_ub_l1)."""

    BITS: ClassVar[dict[str, int]] = {}


_BLOCK_FORMAT = (
    "$source `,` $destination `,` $len_burst `nburst` `(` $n_burst `,` $src_gap `,` $dst_gap `)`"
    " attr-dict `:` type($source) `,` type($destination) `,` type($n_burst) `,`"
    " type($len_burst) `,` type($src_gap) `,` type($dst_gap)"
)


@irdl_op_definition
class MteUbUbOp(BlockCopyOp):
    """UB -> UB block copy (v0.6). Runs on V, as pto-isa's UB -> UB copies sync with V."""

    name = "pto.mte_ub_ub"

    MANUAL: ClassVar = _PAGES + "copy-ubuf-to-ubuf.md"
    COST: ClassVar = Formula(CostFormula.TRANSFER, "UB -> UB copy path (cost_params DMA_PATHS)")
    PIPE: ClassVar[Pipe] = Pipe.V
    SRC_SPACE: ClassVar[MemorySpace | None] = MemorySpace.UB
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.UB

    source = operand_def()
    destination = operand_def()
    n_burst = operand_def()
    len_burst = operand_def()
    src_gap = operand_def()
    dst_gap = operand_def()

    assembly_format = _BLOCK_FORMAT


@irdl_op_definition
class MteUbL1Op(BlockCopyOp):
    """UB -> L1 block copy (v0.6) on MTE3, the pipe of a vec -> mat tile move."""

    name = "pto.mte_ub_l1"

    MANUAL: ClassVar = _PAGES + "mte-ub-l1.md"
    COST: ClassVar = Formula(
        CostFormula.TRANSFER, "UB -> L1: no published bandwidth (default path)"
    )
    PIPE: ClassVar[Pipe] = Pipe.MTE3
    SRC_SPACE: ClassVar[MemorySpace | None] = MemorySpace.UB
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.L1

    source = operand_def()
    destination = operand_def()
    n_burst = operand_def()
    len_burst = operand_def()
    src_gap = operand_def()
    dst_gap = operand_def()

    assembly_format = _BLOCK_FORMAT


@irdl_op_definition
class CopyUbufToUbufOp(BlockCopyOp):
    """Pre-v0.6 `mte_ub_ub` with a stream id (PTOAS `copy_ubuf_to_ubuf`)."""

    name = "pto.copy_ubuf_to_ubuf"

    MANUAL: ClassVar = _PAGES + "copy-ubuf-to-ubuf.md"
    COST: ClassVar = MteUbUbOp.COST
    PIPE: ClassVar[Pipe] = Pipe.V
    SRC_SPACE: ClassVar[MemorySpace | None] = MemorySpace.UB
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.UB

    source = operand_def()
    destination = operand_def()
    sid = operand_def()
    n_burst = operand_def()
    len_burst = operand_def()
    src_gap = operand_def()
    dst_gap = operand_def()


@irdl_op_definition
class CopyUbufToCbufOp(BlockCopyOp):
    """Pre-v0.6 `mte_ub_l1` with a stream id (PTOAS `copy_ubuf_to_cbuf`)."""

    name = "pto.copy_ubuf_to_cbuf"

    MANUAL: ClassVar = _PAGES + "mte-ub-l1.md"
    COST: ClassVar = MteUbL1Op.COST
    PIPE: ClassVar[Pipe] = Pipe.MTE3
    SRC_SPACE: ClassVar[MemorySpace | None] = MemorySpace.UB
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.L1

    source = operand_def()
    destination = operand_def()
    sid = operand_def()
    n_burst = operand_def()
    len_burst = operand_def()
    src_gap = operand_def()
    dst_gap = operand_def()


@irdl_op_definition
class CopyCbufToUbufOp(BlockCopyOp):
    """L1 -> UB block copy with a stream id (PTOAS `copy_cbuf_to_ubuf`, the form its
    `mte_l1_ub` expands to): on the AIC, into its block's AIV0's UB (docs/semantics.md)."""

    name = "pto.copy_cbuf_to_ubuf"

    MANUAL: ClassVar = "cube/ops/data-movement/mte-l1-ub.md"
    COST: ClassVar = Formula(
        CostFormula.TRANSFER, "L1 -> UB: no published bandwidth (default path)"
    )
    PIPE: ClassVar[Pipe] = Pipe.MTE1
    SRC_SPACE: ClassVar[MemorySpace | None] = MemorySpace.L1
    DST_SPACE: ClassVar[MemorySpace | None] = MemorySpace.UB

    source = operand_def()
    destination = operand_def()
    sid = operand_def()
    n_burst = operand_def()
    len_burst = operand_def()
    src_gap = operand_def()
    dst_gap = operand_def()


# ----------------------------------------------------------------------------------------
# pre-v0.6 loop-stride registers
# ----------------------------------------------------------------------------------------


class LoopStrideOp(DmaOp):
    """`%src_stride, %dst_stride : i64, i64`: byte advance per iteration of one DMA loop
    level of the later copies in one direction (`LEVEL` 1 inner, 2 outer)."""

    LEVEL: ClassVar[int]

    src_stride = operand_def()
    dst_stride = operand_def()


_REGISTER = NoCycles("a DMA configuration register write: no cycles of its own")
_GM_UB, _UB_GM = "loop strides of the GM -> UB copies", "loop strides of the UB -> GM copies"

SetLoop1StrideOutToUbOp = define_op(
    LoopStrideOp,
    "SetLoop1StrideOutToUbOp",
    "pto.set_loop1_stride_outtoub",
    "Loop1 " + _GM_UB,
    MANUAL=_PAGES + "set-loop1-stride-outtoub.md",
    LEVEL=1,
    PIPE=Pipe.MTE2,
    COST=_REGISTER,
)
SetLoop2StrideOutToUbOp = define_op(
    LoopStrideOp,
    "SetLoop2StrideOutToUbOp",
    "pto.set_loop2_stride_outtoub",
    "Loop2 " + _GM_UB,
    MANUAL=_PAGES + "set-loop2-stride-outtoub.md",
    LEVEL=2,
    PIPE=Pipe.MTE2,
    COST=_REGISTER,
)
SetLoop1StrideUbToOutOp = define_op(
    LoopStrideOp,
    "SetLoop1StrideUbToOutOp",
    "pto.set_loop1_stride_ubtoout",
    "Loop1 " + _UB_GM,
    MANUAL=_PAGES + "set-loop1-stride-ubtoout.md",
    LEVEL=1,
    PIPE=Pipe.MTE3,
    COST=_REGISTER,
)
SetLoop2StrideUbToOutOp = define_op(
    LoopStrideOp,
    "SetLoop2StrideUbToOutOp",
    "pto.set_loop2_stride_ubtoout",
    "Loop2 " + _UB_GM,
    MANUAL=_PAGES + "set-loop2-stride-ubtoout.md",
    LEVEL=2,
    PIPE=Pipe.MTE3,
    COST=_REGISTER,
)

OPS: list[type[IRDLOperation]] = [
    MteGmUbOp,
    MteUbGmOp,
    MteUbUbOp,
    MteUbL1Op,
    CopyUbufToUbufOp,
    CopyUbufToCbufOp,
    CopyCbufToUbufOp,
    SetLoop1StrideOutToUbOp,
    SetLoop2StrideOutToUbOp,
    SetLoop1StrideUbToOutOp,
    SetLoop2StrideUbToOutOp,
]
