"""The sort tile ops as sort accelerator ops (pto-isa's A2/A3 and A5 implementations).

- `tsort32` with whole blocks (valid cols a multiple of 32, static sizes): per row one
  `pto.vbitsort` of cols / 32 blocks (at most 255 per call, as TSort32.hpp splits), dst at
  the row's start, idx at its row (row 0 for every row when idx has one valid row).
- `tmrgsort` format 1 (static valid cols, constant blockLen): one `pto.vmrgsort4` of the
  four blocks of the first group, repeated over the groups; `%count` holds blockLen x
  sizeof(T) / 8 pairs per list, `%config` the repeat count and list mask 0b1111.
- `tmrgsort` format 2 (static valid cols): one `pto.vmrgsort4` of the lists into `tmp`
  (list mask of the lists given, the exhausted flag), then `tmp`'s first dst valid cols
  copied to dst by a `vlds`/`vsts` loop, as TMrgSort.hpp's MovUb2Ub does.

The accelerator ops sit in a `pto.vecscope` like every lowered tile op. Which instances
stay tile ops (a partial block, `?` sizes, a blockLen that is not a constant) their
record says (`not_lowered()`).
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.common import pass_error
from passes.lower_tile_to_vector.buffers import (
    NAME,
    Buffer,
    Size,
    buffer_of,
    check_store_in_ub,
    footprint,
)
from passes.lower_tile_to_vector.emit import Emitter
from pto_dialect.dtypes import U32, DType
from pto_dialect.ops.pointer import AddPtrOp
from pto_dialect.ops.tile_sort import (
    BLOCK,
    PAIR_BYTES,
    REPEAT_MAX,
    TMrgSortOp,
    TSort32Op,
    constant_int,
)
from pto_dialect.ops.vector_sort import VBitSortOp, VMrgSort4Op
from pto_dialect.targets import TargetProfile

I64 = IntegerType(64)
LIST_MASK_SHIFT = 8
EXHAUSTED_BIT = 12
ALL_LISTS = 0b1111


def _known(op: TSort32Op | TMrgSortOp, size: Size, what: str) -> int:
    value = size.known
    if value is None:
        raise pass_error(NAME, f"{what} is not known at compile time", op)
    return value


def _at(e: Emitter, buffer: Buffer, elements: int, dtype: DType | None = None) -> SSAValue:
    """A pointer `elements` elements (of `dtype`, default the buffer's) into `buffer`."""
    base = e.pointer(buffer, dtype)
    if elements == 0:
        return base
    return e.hoist(AddPtrOp(base, e.constant(elements))).results[0]


def lower_sort(
    op: TSort32Op | TMrgSortOp, rewriter: PatternRewriter, target: TargetProfile
) -> None:
    if isinstance(op, TSort32Op):
        _lower_tsort32(op, rewriter)
    elif op.is_single_list:
        _lower_single_list(op, rewriter)
    else:
        _lower_lists(op, rewriter, target)


def _lower_tsort32(op: TSort32Op, rewriter: PatternRewriter) -> None:
    src, idx = buffer_of(op, op.ins[0], "src"), buffer_of(op, op.ins[1], "idx")
    dst = buffer_of(op, op.outs[0], "dst")
    for role, source in (("src", src), ("idx", idx)):
        if dst.overlaps(source):
            raise pass_error(
                NAME,
                f"{dst.describe('dst')} overlaps {source.describe(role)}: one vbitsort per row "
                "would read rows an earlier call overwrote",
                op,
            )
    rows = _known(op, dst.valid_rows, "dst valid rows")
    cols = _known(op, src.valid_cols, "src valid cols")
    idx_rows = _known(op, idx.valid_rows, "idx valid rows")
    coef = PAIR_BYTES // src.dtype.bytes
    e = Emitter.replacing(op, rewriter, src.dtype)
    blocks = cols // BLOCK
    for r in range(rows):
        idx_row = 0 if idx_rows == 1 else r
        for first in range(0, blocks, REPEAT_MAX):
            count = min(REPEAT_MAX, blocks - first)
            start = first * BLOCK
            e.emit(VBitSortOp(
                _at(e, dst, r * dst.stride + start * coef),
                _at(e, src, r * src.stride + start),
                _at(e, idx, idx_row * idx.stride + start, U32),
                e.constant(count),
            ))  # fmt: skip
    e.replace_op()


def _lower_single_list(op: TMrgSortOp, rewriter: PatternRewriter) -> None:
    src, dst = buffer_of(op, op.ins[0], "src"), buffer_of(op, op.outs[0], "dst")
    cols = _known(op, src.valid_cols, "src valid cols")
    block = constant_int(op.ins[1])
    assert block is not None  # not_lowered() keeps the others
    groups = cols // (4 * block)
    pairs = block * src.dtype.bytes // PAIR_BYTES
    e = Emitter.replacing(op, rewriter, src.dtype)
    lists = [_at(e, src, k * block) for k in range(4)]
    count = sum(pairs << (16 * k) for k in range(4))
    config = groups | ALL_LISTS << LIST_MASK_SHIFT
    e.emit(VMrgSort4Op(_at(e, dst, 0), lists, e.constant(count, I64), e.constant(config, I64)))
    e.replace_op()


def _lower_lists(op: TMrgSortOp, rewriter: PatternRewriter, target: TargetProfile) -> None:
    lists = [buffer_of(op, v, f"src{k}") for k, v in enumerate(op.lists)]
    tmp = buffer_of(op, op.ins[-1], "tmp")
    dst = buffer_of(op, op.outs[0], "dst")
    coef = PAIR_BYTES // dst.dtype.bytes
    lengths = [_known(op, b.valid_cols, f"src{k} valid cols") // coef for k, b in enumerate(lists)]
    dst_cols = _known(op, dst.valid_cols, "dst valid cols")
    if tmp.clashes(dst):
        raise pass_error(
            NAME,
            f"{tmp.describe('tmp')} overlaps {dst.describe('dst')} at another position: the "
            "chunked copy from tmp would read elements it already overwrote",
            op,
        )
    e = Emitter.replacing(op, rewriter, dst.dtype)
    pointers = [_at(e, b, 0) for b in lists]
    pointers += [pointers[0]] * (4 - len(pointers))
    count = sum(n << (16 * k) for k, n in enumerate(lengths))
    mask = (1 << len(lists)) - 1
    config = 1 | mask << LIST_MASK_SHIFT | int(op.stops_when_exhausted) << EXHAUSTED_BIT
    e.emit(VMrgSort4Op(_at(e, tmp, 0), pointers, e.constant(count, I64), e.constant(config, I64)))
    span = footprint(1, dst.stride, dst_cols, e.lanes)
    check_store_in_ub(op, target, dst, span)
    source = e.operand(tmp, span)
    with e.chunks(Size.of(dst_cols), blocks=True) as chunk:
        value = e.load(source, chunk.offset, chunk.block_mask)
        e.store(value, e.pointer(dst), chunk.offset, chunk.mask)
    e.replace_op()
