"""`pto-lower-tile-to-vector{target=...}`: vector-pipe tile ops as vector micro-op loops.

Each DPS elementwise op (`tadd tsub tmul tdiv tmax tmin tabs`) and column reduction
(`tcolmin tcolmax tcolsum`) on planned `loc=vec` ND tile buffers is replaced, in place, by
one `pto.vecscope` of `scf.for` loops of `pto.vlds` / `pto.v<op>` / `pto.vsts` over
`!pto.vreg<NxT>` (N = 256 / sizeof(T)), tails masked by `pto.plt_b<bits>`. The result is
bit-identical to the tile op under `pto-run` on every target; where no exact vector
sequence exists (an element type the vector op lacks on the target, overlapping buffers a
chunked loop cannot preserve) the pass stops with a diagnostic naming the op and the
reason. Other ops are left alone, so a second run changes nothing.

Lowerings: `lower_tile_to_vector_elementwise.py`, `lower_tile_to_vector_reduce.py`; what
they share: `lower_tile_to_vector_buffers.py` (buffers, sizes, refusals) and
`lower_tile_to_vector_emit.py` (loops, masks, loads, stores). Contract: docs/passes.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from passes.common import checked_pass, pass_error, pass_target, rewrite_once
from passes.lower_tile_to_vector_buffers import NAME
from passes.lower_tile_to_vector_elementwise import lower_elementwise
from passes.lower_tile_to_vector_reduce import lower_col_reduce
from pto_dialect.ops.tile_elementwise import ElementwiseTileOp
from pto_dialect.ops.tile_reduce import ColReduceTileOp
from pto_dialect.targets import TargetProfile


@dataclass
class _LowerVectorTileOp(RewritePattern):
    target: TargetProfile

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, ElementwiseTileOp | ColReduceTileOp):
            return
        if not op.is_dps:
            raise pass_error(
                NAME, "SSA tile op: run pto-convert-to-dps and pto-plan-memory first", op
            )
        if isinstance(op, ElementwiseTileOp):
            lower_elementwise(op, rewriter, self.target)
        else:
            lower_col_reduce(op, rewriter, self.target)


@checked_pass
@dataclass(frozen=True)
class LowerTileToVectorPass(ModulePass):
    """Lowers vector-pipe tile ops on planned UB buffers to `pto.vecscope` loops."""

    name = "pto-lower-tile-to-vector"

    target: str | None = None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        target = pass_target(NAME, op, self.target)
        rewrite_once(_LowerVectorTileOp(target), op)
