"""`tmov` of an accumulator into an NZ L1 tile as `mte_l0c_l1` (FIX):

    mte_l0c_l1 %l0c, %l1, m, n, ceil(M/16)*16, L1 rows [, pre_quant(%one, mode = f32_f16 |
               f32_bf16)]

(m x n: the destination's valid region; M: the accumulator's valid rows, by which the
`mad`s laid L0C out.) With no layout clause the fixpipe writes NZ of the destination's C0,
one C0 row every 32 bytes and `dst_stride` rows a C0 column, as the L1 tile holds it. An f32
accumulator narrows to f16 / bf16 by the convert-only modes, rounding to nearest even as the
tile op's conversion does. Other destinations (ND, ZN, integer narrowing) stay at tile
level.
"""

from __future__ import annotations

from math import ceil

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, StringAttr, f32
from xdsl.ir import Attribute, SSAValue
from xdsl.pattern_rewriter import PatternRewriter

from passes.index_emitter import Emitter
from passes.lower_matrix.operands import CubeTile
from pto_dialect.dtypes import BF16, F16, F32
from pto_dialect.fractal import ACC_BOX, Fractal
from pto_dialect.ops.cube_fixpipe import QUANT, MteL0cL1Op
from pto_dialect.ops.tile_move import TMovOp

NARROWING = {(F32, F16): "f32_f16", (F32, BF16): "f32_bf16"}
"""The convert-only `pre_quant` mode of each (accumulator, L1) element-type pair."""


def lower_acc_move(op: TMovOp, src: CubeTile, dst: CubeTile, rewriter: PatternRewriter) -> bool:
    """L0C -> an NZ L1 tile (False: a move left at tile level)."""
    pair = (src.dtype, dst.dtype)
    if dst.fractal is not Fractal.NZ or (pair[0] != pair[1] and pair not in NARROWING):
        return False
    m, n = dst.valid
    if m > src.valid[0] or n > src.valid[1]:
        return False  # the tile op reads beyond the accumulator's valid region
    e = Emitter(rewriter, op)
    source, target = src.pointer(e), dst.pointer(e)
    rows = ceil(src.valid[0] / ACC_BOX) * ACC_BOX
    sizes = (e.i64(m), e.i64(n), e.i64(rows), e.i64(dst.type.shape[0]))
    optional: dict[str, SSAValue] = {}
    attributes: dict[str, Attribute] = {}
    mode = NARROWING.get(pair)
    if mode is not None:
        one = e.add(arith.ConstantOp(FloatAttr(1.0, f32))).results[0]
        optional["pre_quant"] = one
        attributes[QUANT] = StringAttr(mode)
    e.add(MteL0cL1Op(source, target, sizes, optional, attributes))
    rewriter.erase(op)
    return True
