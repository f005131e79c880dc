"""`tmatmul`, `tgemv` and their `.acc` / `.bias` forms on L0 tiles as `mad` / `mad_acc` /
`mad_bias`:

    mad | mad_acc %l0a, %l0b, %l0c, m, n, k [disable_gemv when m = 1]
    mad_bias %l0a, %l0b, %l0c, %bt, m, n, k

m, k, n are the tile op's (a's valid rows, a's valid cols or, for GEMV, b's valid rows, b's
valid cols); a's k must be b's, and the accumulator's valid region must be m x n, so that
the L0 buffers are laid out alike by every micro-op that touches them (`formats.grid`). A
one-row A stays in its boxes (`disable_gemv`: `mad` reads a contiguous row otherwise). A
`.acc` op accumulates in place (acc_in is dst); a `.bias` op's bias row starts the sum
(`rules.MATRIX_RULES`: BiasAdd.START on A2/A3 and A5). The sum is the tile op's: `mad` is
fused multiply-adds over ascending k from zero, L0C or the bias table
(interpreters/semantics/matrix.py). MX forms stay at tile level.
"""

from __future__ import annotations

from xdsl.dialects.builtin import UnitAttr
from xdsl.pattern_rewriter import PatternRewriter

from passes.index_emitter import Emitter
from passes.lower_matrix.operands import CubeTile, refuse
from pto_dialect.attrs import Location
from pto_dialect.ops.cube_mad import DISABLE_GEMV, MadAccOp, MadBiasOp, MadFamilyOp, MadOp
from pto_dialect.ops.tile_matrix import MAX_MNK, MatmulTileOp


def lower_matmul(op: MatmulTileOp, rewriter: PatternRewriter) -> bool:
    """A matrix op without MX scales (False: left at tile level)."""
    if op.MX:
        return False
    a = CubeTile.of(op, op.ins[op.lhs_index])
    b = CubeTile.of(op, op.ins[op.rhs_index])
    c = CubeTile.of(op, op.outs[0])
    where = (a.type.location, b.type.location, c.type.location)
    if where != (Location.LEFT, Location.RIGHT, Location.ACC):
        return False
    m, k, n = a.valid[0], b.valid[0] if op.GEMV else a.valid[1], b.valid[1]
    if a.valid[1] != k or b.valid[0] != k:
        raise refuse(
            f"a's valid columns {a.valid[1]} and b's valid rows {b.valid[0]} differ: "
            "the cube reads both as k",
            op,
        )
    if c.valid != (m, n):
        raise refuse(
            f"the accumulator's valid region {c.valid[0]}x{c.valid[1]} is not m x n = "
            f"{m}x{n}: the cube lays L0C out by m",
            op,
        )
    if max(m, n, k) > MAX_MNK:
        raise refuse(f"m, n, k = {m}, {n}, {k}: mad takes at most {MAX_MNK}", op)
    if op.ACC_INPUT and op.ins[0] is not op.outs[0]:
        acc_in = CubeTile.of(op, op.ins[0])
        if acc_in.alloc.address != c.alloc.address or acc_in.type != c.type:
            return False
    bias = CubeTile.of(op, op.ins[op.bias_index]) if op.BIAS_INPUT else None
    if bias is not None and (bias.type.is_boxed or bias.type.location is not Location.BIAS):
        return False
    kind: type[MadFamilyOp] = MadAccOp if op.ACC_INPUT else MadBiasOp if bias else MadOp
    e = Emitter(rewriter, op)
    lhs, rhs, dst = a.pointer(e), b.pointer(e), c.pointer(e)
    table = None if bias is None else bias.pointer(e)
    attributes = {DISABLE_GEMV: UnitAttr()} if m == 1 else None
    sizes = (e.i64(m), e.i64(n), e.i64(k))
    e.add(kind(lhs, rhs, dst, *sizes, bias=table, attributes=attributes))
    rewriter.erase(op)
    return True
