"""`pto-lower-dma{target=...}`: GM <-> UB tile transfers as burst DMA copies.

A DPS `pto.tload` into, or `pto.tstore` from, a planned `loc=vec` tile buffer whose GM view
is `pto.partition_view(pto.make_tensor_view(%ptr, shape, strides), offsets, sizes)` becomes,
in place and on the same pipe (MTE2 / MTE3):

    pto.mte_gm_ub %gm, %ub, %c0, %len_burst nburst(%n_burst, %gm_stride, %ub_stride)
                  [pad(%pad)]                   pad: tload, when the tile's pad fills bytes
    pto.mte_ub_gm %ub, %gm, %len_burst nburst(%n_burst, %ub_stride, %gm_stride)   (tstore)

One burst per row of a row-major tile (per column of a col-major one): `n_burst` = valid
rows (cols), `len_burst` = valid cols (rows) x sizeof, `gm_stride` = the view's row (column)
stride in bytes, `ub_stride` = the tile's cols (rows) x sizeof; `%gm` is the tensor view's
pointer advanced by `sum(offset_i * stride_i)` elements. The pad of a tload is the copy's
`pad(...)` group (each UB row filled to its 32-byte boundary with the pad's bits), which
is what the tile op pads on targets whose rule is `PadExtent.BURST_BLOCK`; on a target that
pads the whole tile (`PadExtent.TILE`, cpu) a tload that would pad is left at tile level.
Sizes known at compile time fold to constants; `?` sizes become index arithmetic cast to
i64. A GM window that may be smaller than the valid region is checked at run time by a
`pto.partition_view` of the valid region over the window (docs/passes.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod
from typing import cast

import numpy as np
from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    AnyFloat,
    ArrayAttr,
    FloatAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
)
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)

from passes.common import checked_pass, pass_error, pass_target, rewrite_once, tile_pointer
from passes.index_emitter import Dim, Emitter, known_dim
from passes.valid_shapes import UnsettledValidShape, valid_operands, valid_values
from pto_dialect.attrs import Location
from pto_dialect.dtypes import BF16, F16, F32, mlir_type
from pto_dialect.memory_types import (
    MemorySpace,
    PartitionTensorViewType,
    PtrType,
    TensorViewType,
)
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.cross_core_pipe import PopOp
from pto_dialect.ops.dma_v06 import DmaGroup, DmaPad, MteGmUbOp, MteUbGmOp
from pto_dialect.ops.pointer import AddPtrOp
from pto_dialect.ops.tile_buf_meta import TileBufAddrOp
from pto_dialect.ops.tile_memory import (
    AllocTileOp,
    MakeTensorViewOp,
    PartitionViewOp,
    TLoadOp,
    TStoreOp,
    constant_index,
)
from pto_dialect.ops.tile_view import WindowViewOp
from pto_dialect.rules import BLOCK_BYTES, PAD_RULES, PadExtent, pad_scalar
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileBufType, TileTypeBase

NAME = "pto-lower-dma"

PadAttr = IntegerAttr[IntegerType] | FloatAttr[AnyFloat]
"""The scalar of a `pad(...)` group (as `set_mov_pad_val` takes)."""

PAD_REGISTER_BITS = 32
"""A pad value has at most 32 bits (PTOAS: i8/i16/i32, f16/bf16/f32)."""

_FLOAT_PAD_TYPES = (F16, BF16, F32)


def _show(dim: Dim) -> str:
    return str(dim) if isinstance(dim, int) else "?"


def _named(value: SSAValue, what: str) -> str:
    return f"{what} %{value.name_hint}" if value.name_hint else what


def _fits(size: Dim, valid: Dim, extent: int) -> bool | None:
    """Whether a window extent `size` holds `valid` elements of a tile dimension of `extent`
    (valid sizes never exceed it): None when only the run time knows."""
    if isinstance(size, int) and isinstance(valid, int):
        return size >= valid
    if size is valid or valid == 0 or (isinstance(size, int) and size >= extent):
        return True
    return None


# ----------------------------------------------------------------------------------------
# What a transfer moves, traced from the IR
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Tile:
    """A planned tile buffer and its valid sizes; a `pto.subview` of an unboxed one is its
    source's buffer from element `offset + sum(value x factor)` on (`terms`: the offsets known
    only at run time), rows (columns of a col-major tile) `step` elements apart."""

    alloc: AllocTileOp | PopOp
    """The planned alloc, or the pop whose slot holds the tile at run time."""
    type: TileBufType
    valid: tuple[Dim, Dim]
    offset: int = 0
    step: int | None = None
    """Elements from one row to the next when the tile views another's storage (None: the
    tile's own cols)."""
    terms: tuple[tuple[SSAValue, int], ...] = ()

    @staticmethod
    def of(op: TileOp, value: SSAValue) -> _Tile:
        view = value.owner
        if isinstance(view, WindowViewOp):
            return _Tile._window(op, view)
        alloc = view
        if isinstance(alloc, PopOp):
            return _Tile._popped(op, alloc)
        if not isinstance(alloc, AllocTileOp):
            raise pass_error(
                NAME,
                f"{_named(value, 'tile buffer')} is not a pto.alloc_tile result or a tile "
                "popped from a cross-core pipe, so it has no address to copy to or from",
                op,
            )
        if alloc.address is None:
            raise pass_error(
                NAME,
                f"{_named(value, 'tile buffer')} has no planned address: run pto-plan-memory first",
                op,
            )
        try:
            valid = _valid(value, alloc.tile_type, op)
        except UnsettledValidShape as err:
            raise pass_error(NAME, f"{_named(value, 'tile buffer')}: {err}", op) from None
        return _Tile(alloc, alloc.tile_type, valid)

    @staticmethod
    def _popped(op: TileOp, pop: PopOp) -> _Tile:
        """A tile popped from a cross-core pipe: in the slot `pto.tile_buf_addr` gives at run
        time; its valid sizes the pop's extents (else its type's; `?`: the whole tile)."""
        value = pop.tile
        type = cast(TileBufType, value.type)  # a DPS tile op's operand
        try:
            found = valid_values(value, op)
        except UnsettledValidShape as err:
            raise pass_error(NAME, f"{_named(value, 'tile buffer')}: {err}", op) from None
        extents = pop.valid_extents()
        values = found or (tuple(extents) if extents else None)
        valid = type.shape if values is None else tuple(map(known_dim, values))
        rows, cols = (
            static if static != DYNAMIC else known
            for static, known in zip(type.valid_shape, valid, strict=True)
        )
        return _Tile(pop, type, (rows, cols))

    @staticmethod
    def _window(op: TileOp, view: WindowViewOp) -> _Tile:
        source = _Tile.of(op, view.source)
        type = view.result.type
        if source.type.is_boxed:
            raise pass_error(
                NAME,
                f"{_named(view.result, 'tile buffer')} is a pto.subview of a boxed tile: its "
                "rows are not runs of the source's storage",
                op,
            )
        rows, cols = type.valid_shape
        valid = (
            known_dim(view.valid_row) if view.valid_row is not None else rows,
            known_dim(view.valid_col) if view.valid_col is not None else cols,
        )
        stride = source.ub_step  # between rows (between columns of a col-major tile)
        factors = (stride, 1) if source.type.is_row_major else (1, stride)
        offset, terms = source.offset, list(source.terms)
        for value, factor in zip(view.offsets, factors, strict=True):
            known = constant_index(value)
            if known is None:
                terms.append((value, factor))
            else:
                offset += known * factor
        return _Tile(source.alloc, type, valid, offset, stride, tuple(terms))

    @property
    def ub_step(self) -> int:
        """Elements from one UB row (column of a col-major tile) to the next."""
        if self.step is not None:
            return self.step
        rows, cols = self.type.shape
        return cols if self.type.is_row_major else rows


@dataclass(frozen=True)
class _Window:
    """`partition_view(make_tensor_view(ptr, shape, strides), offsets, sizes)`."""

    ptr: SSAValue
    offsets: tuple[Dim, ...]
    sizes: tuple[Dim, ...]
    strides: tuple[Dim, ...]

    @staticmethod
    def of(op: TileOp, value: SSAValue) -> _Window:
        part = value.owner
        if not isinstance(part, PartitionViewOp):
            raise pass_error(
                NAME,
                f"{_named(value, 'GM view')} is not a pto.partition_view result, so its "
                "address cannot be traced",
                op,
            )
        tensor = part.source.owner
        if not isinstance(tensor, MakeTensorViewOp):
            raise pass_error(
                NAME,
                f"{_named(part.source, 'tensor view')} is not a pto.make_tensor_view result, "
                "so its address cannot be traced",
                op,
            )
        offsets = tuple(map(known_dim, part.offsets))
        sizes = tuple(map(known_dim, part.sizes))
        strides = tuple(map(known_dim, tensor.strides))
        if len(sizes) == 1:  # a 1-D view is one row (PyPTO's vectors of a few elements)
            offsets, sizes, strides = (0, *offsets), (1, *sizes), (0, *strides)
        return _Window(tensor.ptr, offsets, sizes, strides)


@dataclass(frozen=True)
class _Bursts:
    """One burst per row (row-major tile) or column (col-major), counted in elements.

    A window with leading dimensions (`outer`, those not the constant 1) is moved by one copy
    per index of them, as pto-isa's NPU TLOAD does (a copy per Shape0 x Shape1 x Shape2
    index, include/pto/common/arch/memory/tload_common.hpp): each copy moves up to `per_copy`
    bursts (the window's rows, or columns of a col-major tile) of the `count` in all.
    """

    count: Dim
    length: Dim
    gm_stride: Dim
    ub_stride: int
    per_copy: Dim
    outer: tuple[tuple[Dim, Dim], ...]
    """(size, stride) of each leading window dimension whose size is not the constant 1."""


def _bursts(op: TileOp, tile: _Tile, window: _Window) -> _Bursts:
    rank = len(window.sizes)
    if rank < 2:
        raise pass_error(
            NAME, f"a {rank}-D GM view: the lowering takes windows of 1 to 5 dimensions", op
        )
    outer = tuple(
        (size, stride)
        for size, stride in zip(window.sizes[:-2], window.strides[:-2], strict=True)
        if size != 1
    )
    row_stride, col_stride = window.strides[-2:]
    rows_w, cols_w = window.sizes[-2:]
    valid_rows, valid_cols = tile.valid
    if tile.type.is_row_major:
        contiguous, across, what = col_stride, row_stride, "row"
        bursts = _Bursts(valid_rows, valid_cols, row_stride, tile.ub_step, rows_w, outer)
    else:
        contiguous, across, what = row_stride, col_stride, "column"
        bursts = _Bursts(valid_cols, valid_rows, col_stride, tile.ub_step, cols_w, outer)
    layout = tile.type.blayout.data.value
    along = cols_w if tile.type.is_row_major else rows_w
    single_element = any(isinstance(n, int) and n <= 1 for n in (bursts.length, along))
    if contiguous != 1 and not single_element:  # a one-element burst has no stride along it
        axis = "innermost" if tile.type.is_row_major else "row"
        raise pass_error(
            NAME,
            f"the GM view's {axis} stride is {_show(contiguous)}: a {layout} tile moves one "
            f"{what} per burst, which needs the constant stride 1 (a burst per element would "
            "start at UB addresses that are not 32-byte aligned)",
            op,
        )
    if isinstance(across, int) and across < 0:
        raise pass_error(NAME, f"the GM view's {what} stride {across} is negative", op)
    single = any(isinstance(n, int) and n <= 1 for n in (bursts.count, bursts.per_copy))
    length = bursts.length
    if isinstance(across, int) and isinstance(length, int) and not single and across < length:
        raise pass_error(
            NAME,
            f"the GM view's {what} stride {across} is smaller than the {length} valid "
            f"elements of a {what}: DMA bursts cannot overlap",
            op,
        )
    return bursts


def _product(dims: Sequence[Dim]) -> Dim | None:
    """The product of `dims`: an int, the one non-1 value, or None (run-time arithmetic)."""
    values = [d for d in dims if d != 1]
    if all(isinstance(d, int) for d in values):
        return prod(cast(list[int], values))
    if 0 in values:
        return 0
    return values[0] if len(values) == 1 else None


def _matrix(tile: _Tile, window: _Window) -> tuple[Dim | None, Dim | None]:
    """The window as the matrix the tile moves to or from (`window_dims`): None where only
    arithmetic at run time gives it."""
    sizes = window.sizes
    if tile.type.is_row_major:
        return _product(sizes[:-1]), sizes[-1]
    return sizes[-2], _product([*sizes[:-2], sizes[-1]])


def _window_known(op: TileOp, tile: _Tile, window: _Window) -> bool:
    """True when the GM window holds the valid region; False when only the run time knows."""
    sizes = _matrix(tile, window)
    fits = [
        (True if valid == 0 else None) if size is None else _fits(size, valid, extent)
        for size, valid, extent in zip(sizes, tile.valid, tile.type.shape, strict=True)
    ]
    if False in fits:
        shown = "x".join("?" if d is None else _show(d) for d in sizes)
        raise pass_error(
            NAME,
            f"GM window {shown} is smaller than the tile's valid region "
            f"{'x'.join(map(_show, tile.valid))}",
            op,
        )
    return None not in fits


def _valid(value: SSAValue, type: TileTypeBase, at: Operation) -> tuple[Dim, Dim]:
    """The valid sizes of a tile buffer where `at` runs: its type's, or for `?` the last
    `pto.set_validshape` before `at` or its pto.alloc_tile operands (`passes.valid_shapes`)."""
    alloc = value.owner
    rows, cols = type.valid_shape
    if isinstance(alloc, AllocTileOp):
        row_value, col_value = valid_operands(alloc, at)
        rows = known_dim(row_value) if row_value is not None else rows
        cols = known_dim(col_value) if col_value is not None else cols
    return rows, cols


def _pads_whole_tile(
    value: SSAValue, type: TileTypeBase, target: TargetProfile, at: Operation
) -> bool:
    """Whether a tload (`at`) into this tile pads bytes outside its bursts (`PadExtent.TILE`
    with a pad and a valid region that may be smaller than the tile): no DMA does that."""
    return (
        PAD_RULES[target.arch].extent is PadExtent.TILE
        and pad_scalar(type.element, type.pad.data) is not None
        and _valid(value, type, at) != type.shape
    )


def _pad_value(op: TileOp, tile: _Tile, target: TargetProfile) -> PadAttr | None:
    """The `pad(...)` scalar when the tload pads (None when it does not): the pad
    in the element type, or its bits as an integer of at most 32 bits."""
    dtype = tile.type.element
    fill = pad_scalar(dtype, tile.type.pad.data)
    if fill is None or PAD_RULES[target.arch].extent is PadExtent.TILE:
        return None  # no pad, or (see _pads_whole_tile) a valid region that fills the tile
    length = tile.valid[1] if tile.type.is_row_major else tile.valid[0]
    if isinstance(length, int) and length * dtype.bytes % BLOCK_BYTES == 0:
        return None  # every burst ends on a 32-byte boundary: no tail to fill
    if dtype in _FLOAT_PAD_TYPES:
        return FloatAttr(float(fill), cast(AnyFloat, mlir_type(dtype)))
    bits = int(np.asarray(fill).view(f"u{dtype.bytes}"))
    width = min(dtype.bits, PAD_REGISTER_BITS)
    if bits >> width:
        raise pass_error(
            NAME,
            f"pad {tile.type.pad.data.value} of {dtype} has the bits {bits:#x}, but "
            f"the pad value of pto.mte_gm_ub has at most {PAD_REGISTER_BITS} bits",
            op,
        )
    return IntegerAttr(bits, width, truncate_bits=True)


def _check_window(e: Emitter, tile: _Tile, window: _Window, gm: SSAValue) -> None:
    """A partition of the window by the valid region: fails at run time when it does not fit.

    A 2-D window is viewed with its own strides; an N-D one as its matrix (`_matrix`, sizes
    multiplied out) with strides 0, which keeps the check's view inside GM."""
    dims = ArrayAttr([IntAttr(DYNAMIC), IntAttr(DYNAMIC)])
    if len(window.sizes) == 2:
        sizes, strides = window.sizes, window.strides
    else:
        sizes = [_runtime_product(e, s) for s in _matrix_factors(tile, window)]
        strides = (0, 0)
    over = e.add(
        MakeTensorViewOp(
            gm,
            [e.index(d) for d in sizes],
            [e.index(d) for d in strides],
            TensorViewType.new([dims, tile.type.dtype]),
        )
    )
    e.add(
        PartitionViewOp(
            over,
            [e.index(0), e.index(0)],
            [e.index(d) for d in tile.valid],
            PartitionTensorViewType.new([dims, tile.type.dtype]),
        )
    )


def _matrix_factors(tile: _Tile, window: _Window) -> tuple[list[Dim], list[Dim]]:
    """The window sizes whose products are the matrix's rows and cols (`_matrix`)."""
    sizes = list(window.sizes)
    if tile.type.is_row_major:
        return sizes[:-1], sizes[-1:]
    return sizes[-2:-1], [*sizes[:-2], sizes[-1]]


def _runtime_product(e: Emitter, dims: Sequence[Dim]) -> Dim:
    total: Dim = 1
    for dim in dims:
        total = e.mul(total, dim)
    return total


_CopyOperands = tuple[SSAValue, SSAValue, SSAValue, SSAValue]
"""`n_burst`, `len_burst` (bytes), the GM and the UB burst strides (bytes), as i64."""


def _operands(e: Emitter, bursts: _Bursts, n_burst: Dim, size: int) -> _CopyOperands:
    return (
        e.i64(n_burst),
        e.i64(e.mul(bursts.length, size)),
        e.i64(e.mul(bursts.gm_stride, size)),
        e.i64(bursts.ub_stride * size),
    )


MAX_BURST_BYTES = 0xFFFF
"""`len_burst` is a 16-bit field (dma-copy pages; `interpreters/ops/dma_v06.py`)."""
PIECE_BYTES = MAX_BURST_BYTES // 32 * 32
"""A longer burst moves in pieces of this many bytes (a multiple of 32: each piece's UB
address stays 32-byte aligned), one copy per piece over all the bursts."""


def _pieces(op: Operation, bursts: _Bursts, tile: _Tile, size: int) -> list[tuple[int, int]]:
    """(element offset, bytes) of each piece a burst moves in: one (`(0, -1)`: the whole
    burst) when it fits `len_burst`; a burst of a length known only at run time must fit by
    its bound (the tile's row)."""
    length = bursts.length
    if isinstance(length, int):
        total = length * size
        if total <= MAX_BURST_BYTES:
            return [(0, -1)]
        return [(k // size, min(PIECE_BYTES, total - k)) for k in range(0, total, PIECE_BYTES)]
    rows, cols = tile.type.shape
    bound = (cols if tile.type.is_row_major else rows) * size
    if bound > MAX_BURST_BYTES:
        raise pass_error(
            NAME,
            f"a burst of a run-time length up to {bound} bytes: len_burst has 16 bits "
            f"(at most {MAX_BURST_BYTES}), and the pieces of a run-time length are not "
            "lowered",
            op,
        )
    return [(0, -1)]


def _copy(
    e: Emitter,
    load: bool,
    pad: SSAValue | None,
    gm: SSAValue,
    ub: SSAValue,
    operands: _CopyOperands,
    pieces: Sequence[tuple[int, int]] = ((0, -1),),
) -> None:
    """One `mte_gm_ub` (`mte_ub_gm`) between `gm` and `ub`, padding with `pad`; a burst too
    long for `len_burst` as one copy per piece (`_pieces`: element offset and bytes), each
    over all the bursts with the same strides."""
    if len(pieces) > 1:
        for start, length in pieces:
            ends = [e.add(AddPtrOp(end, e.index(start))).results[0] if start else end
                    for end in (gm, ub)]  # fmt: skip
            piece = (operands[0], e.i64(length), operands[2], operands[3])
            _copy(e, load, pad, ends[0], ends[1], piece)
        return
    count, len_burst, gm_stride, ub_stride = operands
    if load:
        bursts = DmaGroup(count, gm_stride, ub_stride)
        padding = None if pad is None else DmaPad(pad, None, None)
        e.add(MteGmUbOp(gm, ub, len_burst, bursts, (), padding, l2_cache_ctl=e.i64(0)))
    else:
        e.add(MteUbGmOp(ub, gm, len_burst, DmaGroup(count, ub_stride, gm_stride)))


def _copies(
    e: Emitter,
    load: bool,
    pad: SSAValue | None,
    ends: tuple[SSAValue, SSAValue],
    bursts: _Bursts,
    size: int,
    full: bool,
    pieces: Sequence[tuple[int, int]],
) -> None:
    """One copy per index of the window's leading dimensions, in `scf.for` loops: copy `o`
    (the flat index) moves bursts `[o * per_copy, (o + 1) * per_copy)` of the `count` (all of
    them when `full`: the window's matrix is exactly the valid region)."""
    gm, ub = ends
    flat: Dim = 0
    offsets: list[Dim] = []
    for extent, stride in bursts.outer:
        e, index = e.loop(extent)
        flat = e.sum([e.mul(flat, extent), index])
        offsets.append(e.mul(index, stride))
    gm_offset = e.sum(offsets)
    if gm_offset != 0:
        gm = e.add(AddPtrOp(gm, e.index(gm_offset))).results[0]
        gm.name_hint = "gm"
    ub_offset = e.mul(flat, e.mul(bursts.per_copy, bursts.ub_stride))
    if ub_offset != 0:
        ub = e.add(AddPtrOp(ub, e.index(ub_offset))).results[0]
        ub.name_hint = "ub"
    n_burst = bursts.per_copy
    if not full:  # clamp(count - first, 0, per_copy)
        left = e.binary(arith.SubiOp, bursts.count, e.mul(flat, bursts.per_copy))
        n_burst = e.pick("slt", e.pick("sgt", left, 0), n_burst)
    _copy(e, load, pad, gm, ub, _operands(e, bursts, n_burst, size), pieces)


def _full(tile: _Tile, window: _Window, bursts: _Bursts) -> bool:
    """Whether the window's stepped axis (rows, or cols of a col-major tile) is exactly the
    valid one, known at compile time."""
    axis = 0 if tile.type.is_row_major else 1
    extent = _matrix(tile, window)[axis]
    return isinstance(extent, int) and extent == bursts.count


def _lower(
    op: TLoadOp | TStoreOp,
    rewriter: PatternRewriter,
    target: TargetProfile,
    tile_value: SSAValue,
    view_value: SSAValue,
) -> None:
    load = isinstance(op, TLoadOp)
    tile_type = cast(TileBufType, tile_value.type)
    if load and _pads_whole_tile(tile_value, tile_type, target, op):
        return  # left at tile level (docs/passes.md)
    tile = _Tile.of(op, tile_value)
    if tile.type.is_boxed:
        raise pass_error(
            NAME,
            f"boxed tile (slayout={tile.type.slayout.data.value}): its bursts are not rows or "
            "columns of the tile",
            op,
        )
    window = _Window.of(op, view_value)
    bursts = _bursts(op, tile, window)
    known = _window_known(op, tile, window)
    pad = _pad_value(op, tile, target) if load else None

    e = Emitter(rewriter, op)
    if isinstance(tile.alloc, AllocTileOp):
        pointer_ops, ub = tile_pointer(tile.alloc)
        for pointer_op in pointer_ops:
            e.add(pointer_op)
    else:
        slot = PtrType(tile.type.dtype, MemorySpace.UB)
        ub = e.add(TileBufAddrOp(tile.alloc.tile, slot)).results[0]
    offset = e.sum([tile.offset, *(e.mul(value, factor) for value, factor in tile.terms)])
    if offset != 0:
        ub = e.add(AddPtrOp(ub, e.index(offset))).results[0]
    gm = e.gm_pointer(window.ptr, tile.type.dtype, window.offsets, window.strides)
    ub.name_hint = "ub"
    if not known:
        _check_window(e, tile, window, gm)
    size = tile.type.element.bytes
    e.i64(0)
    operands = None if bursts.outer else _operands(e, bursts, bursts.count, size)
    value = None
    if pad is not None:
        value = e.add(arith.ConstantOp(pad)).results[0]
        value.name_hint = "pad"
    pieces = _pieces(op, bursts, tile, size)
    if operands is not None:
        _copy(e, load, value, gm, ub, operands, pieces)
    else:
        _copies(e, load, value, (gm, ub), bursts, size, _full(tile, window, bursts), pieces)
    rewriter.erase(op)


def _vec_tile(op: TileOp, value: SSAValue) -> bool:
    """Whether `value` is a `loc=vec` tile; an SSA `!pto.tile` one is an error."""
    type = value.type
    if not isinstance(type, TileTypeBase) or type.location is not Location.VEC:
        return False
    if not isinstance(type, TileBufType):
        raise pass_error(NAME, "SSA tile op: run pto-convert-to-dps and pto-plan-memory first", op)
    return True


@dataclass
class _LowerTLoad(RewritePattern):
    target: TargetProfile

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: TLoadOp, rewriter: PatternRewriter) -> None:
        tile = op.outs[0] if op.outs else op.res[0]
        if _vec_tile(op, tile):
            _lower(op, rewriter, self.target, tile, op.ins[0])


@dataclass
class _LowerTStore(RewritePattern):
    target: TargetProfile

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: TStoreOp, rewriter: PatternRewriter) -> None:
        if _vec_tile(op, op.src):
            _lower(op, rewriter, self.target, op.src, op.view)


@checked_pass
@dataclass(frozen=True)
class LowerDmaPass(ModulePass):
    """Lowers `pto.tload`/`pto.tstore` of UB tiles to `mte_gm_ub`/`mte_ub_gm`."""

    name = "pto-lower-dma"

    target: str | None = None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        target = pass_target(NAME, op, self.target)
        patterns: list[RewritePattern] = [_LowerTLoad(target), _LowerTStore(target)]
        # No dead-code elimination: it would erase the user's unused ops, one more layer of
        # them on every run, so a second run would change the output.
        rewrite_once(GreedyRewritePatternApplier(patterns, dce_enabled=False), op)
