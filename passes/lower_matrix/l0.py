"""`tmov` of an L1 tile into L0A / L0B as `mte_l1_l0a` / `mte_l1_l0b` (full-control form).

The controls count boxes of 16 rows x 32 bytes (`interpreters/semantics/cube.py`):

    left  <- NZ L1 (m x k):  m_step = ceil(m/16), k_step = ceil(k/C0), src_stride = L1 rows/16,
                             dst_stride = m_step (NZ L0A) or k_step (A2/A3's ZZ L0A)
    right <- ZN L1 (k x n):  the same boxes of its NZ transpose: m_step = ceil(n/16),
                             k_step = ceil(k/C0), src_stride = L1 cols/16, dst_stride = m_step
    right <- NZ L1 (k x n):  `transpose`: the region of ceil(k/L)*L/16 x (16 ceil(n/16)/C0)
                             boxes (L = max(16, C0)) transposed into L0B's ZN, dst_stride =
                             ceil(n/16); refused where C0 does not divide 16 ceil(n/16)
                             (8-bit types with ceil(n/16) odd) or the region leaves a buffer

(m, k, n: the destination's valid sizes.) Other L1 formats stay at tile level; moves into
the bias table are `bias.py`'s, out of L0C `acc.py`'s.
"""

from __future__ import annotations

from math import ceil

from xdsl.pattern_rewriter import PatternRewriter

from passes.index_emitter import Emitter
from passes.lower_matrix.acc import lower_acc_move
from passes.lower_matrix.bias import lower_bias_move
from passes.lower_matrix.formats import grid
from passes.lower_matrix.operands import CubeTile, refuse
from pto_dialect.attrs import Location, TargetArch
from pto_dialect.dtypes import FP4_DTYPES
from pto_dialect.fractal import C0_BYTES, FRACTAL_ROWS, Fractal, c0
from pto_dialect.ops.cube_load import L1LoadOp, MteL1L0aOp, MteL1L0bOp
from pto_dialect.ops.tile_move import TMovOp
from pto_dialect.tile_types import TileTypeBase

_MAX_STEP = 255
"""m_step and k_step are 8-bit fields."""


def _controls(
    op: TMovOp, src: CubeTile, dst: CubeTile, arch: TargetArch
) -> tuple[list[int], bool] | None:
    """The six controls and the transpose flag, or None (a format left at tile level)."""
    dtype = dst.dtype
    width = c0(dtype)
    rows, cols = dst.valid
    left = dst.type.location is Location.LEFT
    fractal = src.fractal
    if left and fractal is Fractal.NZ:
        m_step, k_step = ceil(rows / FRACTAL_ROWS), ceil(cols * dtype.bytes / C0_BYTES)
        dst_stride = grid(Location.LEFT, arch, dst.valid, width)
        return [0, 0, m_step, k_step, src.box_rows(0), dst_stride], False
    if not left and fractal is Fractal.ZN:
        m_step, k_step = ceil(cols / FRACTAL_ROWS), ceil(rows * dtype.bytes / C0_BYTES)
        return [0, 0, m_step, k_step, src.box_rows(1), m_step], False
    if not left and fractal is Fractal.NZ:
        n_boxes = ceil(cols / FRACTAL_ROWS)
        if n_boxes * FRACTAL_ROWS % width:
            raise refuse(
                f"a transposing L1 -> L0B load of {dtype} moves {width} columns a box, which "
                f"does not divide the {n_boxes * FRACTAL_ROWS} columns of n = {cols} in "
                "16-column boxes: use a ZN L1 tile",
                op,
            )
        unit = max(FRACTAL_ROWS, width)
        k_rows = ceil(rows / unit) * unit
        m_step, k_step = k_rows // FRACTAL_ROWS, n_boxes * FRACTAL_ROWS // width
        if k_rows > src.type.shape[0] or n_boxes * FRACTAL_ROWS > src.type.shape[1]:
            raise refuse(
                f"a transposing L1 -> L0B load reads {k_rows}x{n_boxes * FRACTAL_ROWS} "
                f"elements, beyond the {src.type.shape[0]}x{src.type.shape[1]} L1 tile",
                op,
            )
        written = (k_rows // width - 1) * n_boxes + n_boxes
        if written > dst.boxes:
            raise refuse(
                f"a transposing L1 -> L0B load writes {written} boxes, beyond the "
                f"{dst.boxes} of the L0B tile",
                op,
            )
        return [0, 0, m_step, k_step, src.box_rows(0), n_boxes], True
    return None


def lower_tmov(op: TMovOp, rewriter: PatternRewriter, arch: TargetArch) -> bool:
    """L1 -> L0A / L0B or the bias table, L0C -> L1 (False: another move, left at tile
    level)."""
    source, target = op.ins[0].type, op.outs[0].type
    if not isinstance(source, TileTypeBase) or not isinstance(target, TileTypeBase):
        return False
    if (source.location, target.location) == (Location.ACC, Location.MAT):
        src, dst = CubeTile.of(op, op.ins[0]), CubeTile.of(op, op.outs[0])
        return lower_acc_move(op, src, dst, rewriter)
    if source.location is not Location.MAT:
        return False
    src, dst = CubeTile.of(op, op.ins[0]), CubeTile.of(op, op.outs[0])
    if dst.type.location is Location.BIAS:
        return lower_bias_move(op, src, dst, rewriter)
    if src.dtype in FP4_DTYPES:
        return False  # packed pairs: the MX forms, which stay at tile level
    if dst.type.location not in (Location.LEFT, Location.RIGHT) or src.dtype != dst.dtype:
        return False
    if any(v > s for v, s in zip(dst.valid, src.type.shape, strict=True)):
        return False  # the tile op reads beyond the L1 tile: its run-time error stands
    found = _controls(op, src, dst, arch)
    if found is None:
        return False
    controls, transpose = found
    if max(controls[2:4]) > _MAX_STEP:
        raise refuse(
            f"the L0 load moves {controls[2]}x{controls[3]} boxes, more than the "
            f"{_MAX_STEP} a step field holds",
            op,
        )
    load: type[L1LoadOp] = MteL1L0aOp if dst.type.location is Location.LEFT else MteL1L0bOp
    e = Emitter(rewriter, op)
    source, destination = src.pointer(e), dst.pointer(e)
    e.add(load.controlled(source, destination, [e.i64(v) for v in controls], transpose))
    rewriter.erase(op)
    return True
