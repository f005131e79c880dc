"""DPS-era ops of PTOAS 2026-01-30 to 02-25 whose syntax is their own, read as today's op.

hw-native-sys/PTOAS bed6c947 (01-30) to its removals of 02-12..02-25 defined about ninety
`pto.X_dps` ops (`PTO_DpsOp<"X_dps">` in PTOOps.td), each lowered by PTOConvert.cpp to one
pto-isa call. Those whose syntax the T-op's parser reads are renamings (`older_names.py`).
The ones here wrote their operands otherwise; `LocatingParser` reads each in every syntax its
PTOOps.td had and builds the current op (which prints, verifies and runs as itself):

- a scalar with no type, `ins(%src : T, %scalar)` (`lrelu`, `maxs`, `mins`, `rems` before
  02-04): the td's `F32:$scalar`, so f32;
- a type after each operand, `ins(%src : T, %idx : I)` (`gather`, `gatherb`, `scatter`,
  `sel`, `mov_fp` before 02-04);
- `ins(%src[%row, %col] : T)` (`extract` before 02-07): index operands;
- `ins(%src : T) outs(%dst : D) maskPattern = #pto.mask_pattern<P>` (`gather`);
- `ins(%src : T) outs(%dst, %idx : D, I)`, `idx` among the outputs (`sort32`; pto-isa's
  `TSORT32(dst, src, idx)` reads it: today a source);
- `ins(%src : T) outs(%dst : D) blockLen = N` (`mrgsort` before 02-07: an `arith.constant`
  of N is placed before it) and `ins(%s0, ..., %s3 {exhausted = B} : ...) outs(%dst[, %tmp],
  %executed : ...)` (02-07: tmp moves to the sources, as `tmrgsort` writes it now);
- `ins(%a, %b : L, R) outs(%c : C)` of `matmul_dps`, whose `bias = %b : B` clause and
  `transpose_a`/`transpose_b` PTOConvert.cpp dropped (`TMATMUL(dst, lhs, rhs)`): refused
  when given.

Two have no op today and are refused where they are written, naming the op that took the
name: `assign_dps` (`TASSIGN(dst, addr)` placed dst in place; `pto.tassign` returns the
placed tile) and `sels_dps` (pto-isa's former `TSELS(dst, src0, src1, selectMode)`, a
`vsel` by the compare-mask register; `pto.tsels` selects between a tile and a scalar under a
mask tile).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.dialects import arith
from xdsl.dialects.builtin import BoolAttr, IndexType, IntegerAttr, ModuleOp, f32, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.parser import Parser, UnresolvedOperand

if TYPE_CHECKING:
    from pto_dialect.ops.base import TileOp


@dataclass
class DpsLists:
    """The operands and attributes of an older `ins(...) outs(...)` form."""

    ins: list[SSAValue]
    outs: list[SSAValue]
    attrs: dict[str, Attribute]
    start: int
    """Where the op's operands start in the text (for refusals)."""


@dataclass(frozen=True)
class OlderSpelling:
    """Stands for an op class while the parser reads an older spelling (`dialect_name` and
    `parse` are what xDSL's parser asks of an op class)."""

    old: str
    """The older name, e.g. `pto.sort32_dps`."""
    op: str
    """The name of the op it is read as."""
    read: Callable[[Parser, OlderSpelling], Operation]

    def dialect_name(self) -> str:
        return "pto"

    def parse(self, parser: Parser) -> Operation:
        return self.read(parser, self)

    def refuse(self, parser: Parser, start: int, why: str) -> Operation:
        """A located parse error naming the current op."""
        parser.raise_error(f"{self.old} (PTOAS 2026-01/02): {why}", start, parser.pos)


def _read_list(
    parser: Parser, untyped: Attribute | None
) -> tuple[list[SSAValue], dict[str, Attribute]]:
    """The inside of `ins(...)` / `outs(...)` in any DPS-era form: `%a, %b {attrs} : A, B`,
    `%a : A, %b : B`, `%a[%r, %c] : A` (r, c index operands) and, where `untyped` is given,
    a last operand without a type (it has type `untyped`). A tile type may lack its
    `!pto.tile_buf` prefix, as the td's unqualified `type($offsets)` printed it."""
    from pto_dialect.ops.base import parse_operand_type

    values: list[SSAValue] = []
    attrs: dict[str, Attribute] = {}
    pending: list[tuple[UnresolvedOperand, Attribute | None]] = []
    parser.parse_punctuation("(")
    while parser.parse_optional_punctuation(")") is None:
        operand = parser.parse_optional_unresolved_operand()
        if operand is not None:
            pending.append((operand, None))
            if parser.parse_optional_punctuation("[") is not None:
                for _ in range(2):
                    index = parser.parse_unresolved_operand()
                    pending.append((index, IndexType()))
                    parser.parse_optional_punctuation(",")
                parser.parse_punctuation("]")
            continue
        inline = parser.parse_optional_attr_dict()
        if inline:
            attrs |= inline
        elif parser.parse_optional_punctuation(":") is not None:
            untyped_ones = [i for i, (_, kind) in enumerate(pending) if kind is None]
            for n, i in enumerate(untyped_ones):
                if n:
                    parser.parse_punctuation(",")
                pending[i] = (pending[i][0], parse_operand_type(parser))
            values += [parser.resolve_operand(o, k) for o, k in pending if k is not None]
            pending = []
        else:
            parser.parse_punctuation(",")
    for operand, kind in pending:
        if kind is None and untyped is None:
            parser.raise_error(f"a type for {operand.span.text} expected", operand.span)
        values.append(parser.resolve_operand(operand, kind or untyped or f32))
    return values, attrs


def read_dps_lists(parser: Parser, untyped: Attribute | None = None) -> DpsLists:
    """`ins(...) [outs(...)] [{attrs}]` of a DPS-era op (trailing clauses stay unread)."""
    start = parser.pos
    parser.parse_keyword("ins")
    ins, attrs = _read_list(parser, untyped)
    return read_dps_lists_after_ins(parser, ins, attrs, start)


def _build(parser: Parser, spelling: OlderSpelling, lists: DpsLists) -> TileOp:
    """The current tile op of `spelling` with `ins`, `outs` and the attributes of `lists`."""
    from pto_dialect.ops.base import SEGMENTS, TileOp, segments

    cls = parser.ctx.get_op(spelling.op)
    assert issubclass(cls, TileOp)
    return cls.create(
        operands=[*lists.ins, *lists.outs],
        properties={SEGMENTS: segments(len(lists.ins), len(lists.outs))},
        attributes=lists.attrs,
    )


def _plain(untyped: Attribute | None = None) -> Callable[[Parser, OlderSpelling], Operation]:
    """The sources and destination in the current op's order (`untyped`: the type of a
    scalar written without one)."""

    def read(parser: Parser, spelling: OlderSpelling) -> Operation:
        return _build(parser, spelling, read_dps_lists(parser, untyped))

    return read


def _read_gather(parser: Parser, spelling: OlderSpelling) -> Operation:
    """`ins(%src : S[, %idx : I]) outs(%dst : D) [maskPattern = #pto.mask_pattern<P>]`."""
    lists = read_dps_lists(parser)
    if parser.parse_optional_keyword("maskPattern") is not None:
        parser.parse_punctuation("=")
        lists.attrs["maskPattern"] = parser.parse_attribute()
    return _build(parser, spelling, lists)


def _read_sort32(parser: Parser, spelling: OlderSpelling) -> Operation:
    """`ins(%src : S) outs(%dst, %idx : D, I)`: idx is the op's second source now."""
    lists = read_dps_lists(parser)
    if len(lists.ins) != 1 or len(lists.outs) != 2:
        return spelling.refuse(parser, lists.start, "expects ins(%src) outs(%dst, %idx)")
    return _build(
        parser,
        spelling,
        DpsLists([lists.ins[0], lists.outs[1]], lists.outs[:1], lists.attrs, lists.start),
    )


def _read_mrgsort(parser: Parser, spelling: OlderSpelling) -> Operation:
    """Format 1 `ins(%src : S) outs(%dst : D) blockLen = N` (and 02-07's `ins(%src,
    %blockLen : S, i32)`); format 2 `ins(%s0, ..., %s3 {exhausted = B} : ...) outs(%dst[,
    %tmp], %executed : ...)`, tmp moved to the sources."""
    lists = read_dps_lists(parser)
    if parser.parse_optional_keyword("blockLen") is not None:
        parser.parse_punctuation("=")
        length = parser.parse_integer()
        constant = arith.ConstantOp(IntegerAttr(length, i32))
        lists.ins.append(constant.result)  # placed before the op (`place_detached`)
    elif len(lists.outs) == 3:
        lists.ins.append(lists.outs.pop(1))
    return _build(parser, spelling, lists)


def _read_matmul(parser: Parser, spelling: OlderSpelling) -> Operation:
    """`ins(%a, %b : L, R) [bias = %bias : B] outs(%c : C)`; PTOConvert.cpp lowered it to
    `TMATMUL(dst, lhs, rhs)` whatever its bias or transposes said."""
    start = parser.pos
    parser.parse_keyword("ins")
    ins, attrs = _read_list(parser, None)
    if parser.parse_optional_keyword("bias") is not None:
        return spelling.refuse(
            parser,
            start,
            "its bias clause was dropped by PTOAS's lowering (TMATMUL); a "
            "matmul with bias is pto.tmatmul.bias ins(%a, %b, %bias : L, R, B) outs(%c : C)",
        )
    lists = read_dps_lists_after_ins(parser, ins, attrs, start)
    for flag in ("transpose_a", "transpose_b"):
        value = lists.attrs.pop(flag, None)
        if value is not None and value != BoolAttr.from_bool(False):
            return spelling.refuse(
                parser,
                start,
                f"{flag} was dropped by PTOAS's lowering (TMATMUL); "
                f"{spelling.op} takes its operands in their stored layouts",
            )
    return _build(parser, spelling, lists)


def read_dps_lists_after_ins(
    parser: Parser, ins: list[SSAValue], attrs: dict[str, Attribute], start: int
) -> DpsLists:
    """The rest of `read_dps_lists` once `ins(...)` is read."""
    outs: list[SSAValue] = []
    if parser.parse_optional_keyword("outs") is not None:
        outs, more = _read_list(parser, None)
        attrs |= more
    attrs |= parser.parse_optional_attr_dict()
    return DpsLists(ins, outs, attrs, start)


def _refused(why: str) -> Callable[[Parser, OlderSpelling], Operation]:
    def read(parser: Parser, spelling: OlderSpelling) -> Operation:
        return spelling.refuse(parser, parser.pos, why)

    return read


_SPELLINGS = (
    OlderSpelling("pto.extract_dps", "pto.textract", _plain()),
    OlderSpelling("pto.gather_dps", "pto.tgather", _read_gather),
    OlderSpelling("pto.gatherb_dps", "pto.tgatherb", _plain()),
    OlderSpelling("pto.scatter_dps", "pto.tscatter", _plain()),
    OlderSpelling("pto.sel_dps", "pto.tsel", _plain()),
    OlderSpelling("pto.lrelu_dps", "pto.tlrelu", _plain(f32)),
    OlderSpelling("pto.maxs_dps", "pto.tmaxs", _plain(f32)),
    OlderSpelling("pto.mins_dps", "pto.tmins", _plain(f32)),
    OlderSpelling("pto.rems_dps", "pto.trems", _plain(f32)),
    OlderSpelling("pto.sort32_dps", "pto.tsort32", _read_sort32),
    OlderSpelling("pto.mrgsort_dps", "pto.tmrgsort", _read_mrgsort),
    OlderSpelling("pto.matmul_dps", "pto.tmatmul", _read_matmul),
    OlderSpelling(
        "pto.assign_dps",
        "pto.tassign",
        _refused(
            "TASSIGN(dst, addr) placed dst in place; the op is now SSA, `%t = pto.tassign "
            "%dst, %addr : T -> T`, and later uses take its result"
        ),
    ),
    OlderSpelling(
        "pto.sels_dps",
        "pto.tsels",
        _refused(
            "it lowered to pto-isa's former TSELS(dst, src0, src1, selectMode), a vsel by the "
            "compare-mask register, which no op computes now; pto.tsels ins(%mask, %src, "
            "%scalar) selects between a tile and a scalar under a mask tile"
        ),
    ),
)

OLDER_SPELLINGS: dict[str, OlderSpelling] = {s.old: s for s in _SPELLINGS}
"""Older name -> how to read it."""


def place_detached(module: ModuleOp) -> None:
    """Puts each op an older spelling made for an operand (`mrgsort_dps`'s `blockLen`
    constant) just before its user."""
    for op in list(module.walk()):
        for operand in op.operands:
            owner = operand.owner
            if isinstance(owner, Operation) and owner.parent is None and op.parent is not None:
                op.parent.insert_op_before(owner, op)
