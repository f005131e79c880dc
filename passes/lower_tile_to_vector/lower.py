"""`pto-lower-tile-to-vector{target=...}`: vector-pipe tile ops as vector micro-op loops.

Each DPS vector-pipe tile op whose family has a lowering (`LOWERINGS`: the elementwise
ops, the column reductions) on planned `loc=vec` ND tile buffers is replaced, in place, by
one `pto.vecscope` of `scf.for` loops of `pto.vlds` / `pto.v<op>` / `pto.vsts` over
`!pto.vreg<NxT>` (N = 256 / sizeof(T)), tails masked by `pto.plt_b<bits>`. The result is
bit-identical to the tile op under `pto-run` on every target; where no exact vector
sequence exists (an element type the vector op lacks on the target, overlapping buffers a
chunked loop cannot preserve) the pass stops with a diagnostic naming the op and the
reason. A vector-pipe tile op with no lowering is refused unless its record says why it
stays a tile op (`NOT_LOWERED`, e.g. `tmov`); ops of other pipes are left alone, so a second
run changes nothing.

Lowerings: `lower_tile_to_vector_elementwise.py`, `lower_tile_to_vector_reduce.py`; what
they share: `lower_tile_to_vector_buffers.py` (buffers, sizes, refusals) and
`lower_tile_to_vector_emit.py` (loops, masks, loads, stores). Contract: docs/passes.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern

from passes.common import checked_pass, pass_error, pass_target, rewrite_once
from passes.lower_tile_to_vector.buffers import NAME, run_time_places
from passes.lower_tile_to_vector.compare import lower_compare, lower_select
from passes.lower_tile_to_vector.convert import lower_convert
from passes.lower_tile_to_vector.elementwise import lower_elementwise
from passes.lower_tile_to_vector.expand import lower_expand
from passes.lower_tile_to_vector.gather import lower_gather
from passes.lower_tile_to_vector.generate import lower_generate
from passes.lower_tile_to_vector.partial import lower_partial
from passes.lower_tile_to_vector.quant import lower_quant
from passes.lower_tile_to_vector.reduce import lower_col_reduce
from passes.lower_tile_to_vector.row_reduce import lower_arg_reduce, lower_row_reduce
from passes.lower_tile_to_vector.scalar import lower_scalar
from passes.lower_tile_to_vector.sort import lower_sort
from pto_dialect.attrs import Pipe
from pto_dialect.lazy_table import family_entry
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_arg_reduce import ArgReduceTileOp
from pto_dialect.ops.tile_compare import MaskWritingTileOp, SelectTileOp
from pto_dialect.ops.tile_convert import TCvtOp
from pto_dialect.ops.tile_elementwise import ElementwiseTileOp
from pto_dialect.ops.tile_expand import ExpandBinaryTileOp, ExpandTileOp
from pto_dialect.ops.tile_gather import TGatherOp
from pto_dialect.ops.tile_generate import GenerateTileOp
from pto_dialect.ops.tile_partial import PartialTileOp
from pto_dialect.ops.tile_quant import QuantTileOp
from pto_dialect.ops.tile_reduce import ColReduceTileOp
from pto_dialect.ops.tile_row_reduce import RowReduceTileOp
from pto_dialect.ops.tile_scalar import ScalarTileOp
from pto_dialect.ops.tile_sort import SortTileOp
from pto_dialect.targets import TargetProfile

Lowering = Callable[[Any, PatternRewriter, TargetProfile], None]

LOWERINGS: Mapping[type[TileOp], Lowering] = MappingProxyType(
    {
        ElementwiseTileOp: lower_elementwise,
        ColReduceTileOp: lower_col_reduce,
        ScalarTileOp: lower_scalar,
        TCvtOp: lower_convert,
        MaskWritingTileOp: lower_compare,
        SelectTileOp: lower_select,
        RowReduceTileOp: lower_row_reduce,
        GenerateTileOp: lower_generate,
        PartialTileOp: lower_partial,
        SortTileOp: lower_sort,
        TGatherOp: lower_gather,
        ArgReduceTileOp: lower_arg_reduce,
        QuantTileOp: lower_quant,
        ExpandTileOp: lower_expand,
        ExpandBinaryTileOp: lower_expand,
    }
)
"""The lowering of each family of vector-pipe tile ops, keyed by family class."""


def lowering_of(op: type[TileOp]) -> Lowering | None:
    """The lowering of `op`'s family (None: the pass has none)."""
    return family_entry(LOWERINGS, op)


@dataclass
class _LowerVectorTileOp(RewritePattern):
    target: TargetProfile

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, TileOp) or op.pipe() is not Pipe.V:
            return
        if op.not_lowered() is not None:
            return  # the record says why it stays a tile op
        lowering = lowering_of(type(op))
        if lowering is None:
            raise pass_error(NAME, "is a vector-pipe tile op this pass has no lowering for", op)
        if not op.is_dps:
            raise pass_error(
                NAME, "SSA tile op: run pto-convert-to-dps and pto-plan-memory first", op
            )
        lowering(op, rewriter, self.target)


@checked_pass
@dataclass(frozen=True)
class LowerTileToVectorPass(ModulePass):
    """Lowers vector-pipe tile ops on planned UB buffers to `pto.vecscope` loops."""

    name = "pto-lower-tile-to-vector"

    target: str | None = None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        target = pass_target(NAME, op, self.target)
        with run_time_places():
            rewrite_once(_LowerVectorTileOp(target), op)
