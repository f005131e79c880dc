"""GM <-> cube transfers: `tload` into an NZ / ZN L1 tile and `tstore` of an accumulator.

    tload GM -> L1 NZ (m x k):  mte_gm_l1_frac nd2nz (ND window) | dn2nz (DN window),
                                shape(valid rows, valid cols), src_layout(stride bytes),
                                dst_group(1, 1, tile rows, tile boxes)
    tload GM -> L1 ZN:          the same for the tile's transpose (ZN is NZ of the
                                transpose): shape(valid cols, valid rows), the other mode,
                                dst loop3 = tile cols
    tload GM -> L1 ND (DN):     mte_gm_l1, one burst a valid row (column), from an ND (DN)
                                window, when the tile has no pad
    tstore L0C -> GM:           mte_l0c_gm m, n, src_stride = ceil(m/16)*16 rows,
                                dst_stride = the window's stride, nz2nd (ND) | nz2dn (DN),
                                atomic(type = f32 | s32, op = add) for atomicType atomic_add

The fractal repack writes the lanes of each row's last C0 beyond the valid columns as zero
(the tile op leaves them); nothing reads them, so the output bytes are the tile op's.
Left at tile level: other L1 tiles, padded ND / DN ones, stores that convert or update
atomically other than by adding.
"""

from __future__ import annotations

from math import ceil
from typing import cast

from xdsl.dialects.builtin import StringAttr, i1
from xdsl.ir import Attribute
from xdsl.pattern_rewriter import PatternRewriter

from passes.index_emitter import Emitter
from passes.lower_matrix.operands import CubeTile, GmWindow
from pto_dialect.dtypes import F32, FP4_DTYPES, I32
from pto_dialect.fractal import ACC_BOX, Fractal, c0
from pto_dialect.memory_types import PartitionTensorViewType
from pto_dialect.ops.cube_fixpipe import ATOMIC_OP, ATOMIC_TYPE, MODE, MteL0cGmOp
from pto_dialect.ops.cube_move import MteGmL1FracOp, MteGmL1Op
from pto_dialect.ops.dma_v06 import DmaGroup
from pto_dialect.ops.tile_memory import TLoadOp, TStoreOp
from pto_dialect.option_attrs import option_value
from pto_dialect.rules import pad_scalar


def _lower_rows(op: TLoadOp, tile: CubeTile, window: GmWindow, e: Emitter) -> bool:
    """GM -> an ND (DN) L1 tile from an ND (DN) window: one burst a row (column)."""
    type = tile.type
    if type.row_plus_one or window.dn == type.is_row_major:
        return False
    if pad_scalar(tile.dtype, type.pad.data) is not None:
        return False  # the tile op pads each burst to 32 bytes; mte_gm_l1 has no pad
    rows, cols = type.shape
    count, length, line = (tile.valid[1], tile.valid[0], rows) if window.dn else (*tile.valid, cols)
    size = tile.dtype.bytes
    dst, src = tile.pointer(e), window.pointer(e, tile)
    group = DmaGroup(e.i64(count), e.i64(window.stride * size), e.i64(line * size))
    e.add(MteGmL1Op(src, dst, e.i64(length * size), group))
    return True


def lower_tload(op: TLoadOp, rewriter: PatternRewriter) -> bool:
    """GM -> an L1 tile (False: a form left at tile level)."""
    tile = CubeTile.of(op, op.outs[0])
    if tile.dtype in FP4_DTYPES:
        return False  # packed pairs: the MX forms, which stay at tile level
    fractal = tile.fractal
    window = GmWindow.of(op, op.ins[0], tile.valid)
    if not tile.type.is_boxed:
        lowered = _lower_rows(op, tile, window, Emitter(rewriter, op))
        if lowered:
            rewriter.erase(op)
        return lowered
    if fractal not in (Fractal.NZ, Fractal.ZN):
        return False
    dtype = tile.dtype
    rows, cols = tile.type.shape
    nz = fractal is Fractal.NZ
    n, d = tile.valid if nz else tile.valid[::-1]
    e = Emitter(rewriter, op)
    dst = tile.pointer(e)
    src = window.pointer(e, tile)
    mode = "dn2nz" if window.dn == nz else "nd2nz"
    stride = e.i64(window.stride * dtype.bytes)
    group = (e.i64(1), e.i64(1), e.i64(rows if nz else cols), e.i64(rows * cols // c0(dtype)))
    ctrl = (e.i64(0), e.constant(0, i1))
    e.add(MteGmL1FracOp(src, dst, mode, (e.i64(n), e.i64(d)), (stride, None), group, ctrl))
    rewriter.erase(op)
    return True


def lower_tstore(op: TStoreOp, rewriter: PatternRewriter) -> bool:
    """An accumulator -> GM through the fixpipe (False: a conversion, left at tile level)."""
    tile = CubeTile.of(op, op.src)
    window = GmWindow.of(op, op.view, tile.valid)
    dtype = tile.dtype
    view = cast(PartitionTensorViewType, op.view.type)
    atomic = option_value(op.attributes.get("atomicType"))
    if dtype not in (F32, I32) or view.element != dtype:
        return False
    attributes: dict[str, Attribute] = {MODE: StringAttr("nz2dn" if window.dn else "nz2nd")}
    if atomic == "atomic_add":  # both add in the element type (f32, or i32 wrapping)
        attributes[ATOMIC_TYPE] = StringAttr("f32" if dtype == F32 else "s32")
        attributes[ATOMIC_OP] = StringAttr("add")
    elif atomic not in (None, "atomic_none"):
        return False
    m, n = tile.valid
    e = Emitter(rewriter, op)
    src = tile.pointer(e)
    dst = window.pointer(e, tile)
    sizes = (e.i64(m), e.i64(n), e.i64(ceil(m / ACC_BOX) * ACC_BOX), e.i64(window.stride))
    optional = {"sid": e.i64(0), "l2_cache_ctrl": e.i64(0)}
    if window.dn:
        optional["loop0_src_stride"] = e.i64(1)
    e.add(MteL0cGmOp(src, dst, sizes, optional, attributes))
    rewriter.erase(op)
    return True
