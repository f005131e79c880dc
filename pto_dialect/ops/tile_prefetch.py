"""`pto.tprefetch ins(%src : !pto.partition_tensor_view<...>) outs(%dst : !pto.tile_buf<...>)`:
GM data into a vec tile used as a prefetch buffer (tprefetch.md; PTOAS PTOOps.td); src may be
a static GM memref, as in tload (the spelling of PTOAS's kernels of early 2026).

What lands in the tile is the implementations' (the page calls it a hint): on A2/A3 and A5
(pto-isa npu/*/TPrefetch.hpp) each 2-D slice of the view (its last two dimensions, for every
index of the leading three) is copied to the tile's start, whole when its bytes fit the tile,
else in chunks of at most the tile's rows and columns, each copy a DMA of one burst per row
with rows 32-byte aligned in UB: later copies overwrite earlier ones. The CPU simulator
(cpu/TPrefetch.hpp) copies the valid region, element (r, c) from GM element r * cols + c.
Rules: a vec tile, one element size in src and dst. Unlike most tile ops it waits for no
event (pipe MTE2).
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Location, Pipe
from pto_dialect.ops.base import TileOp, fail, require_location
from pto_dialect.ops.tile_memory import GM_TILE, require_partition_view
from pto_dialect.records import CostFormula, Formula, Shapes
from pto_dialect.targets import TargetProfile

S = TypeVar("S")


@irdl_op_definition
class TPrefetchOp(TileOp):
    """GM -> a vec tile as the implementations' prefetch copies leave it."""

    name = "pto.tprefetch"

    PIPE: ClassVar[Pipe] = Pipe.MTE2
    MANUAL: ClassVar = "tile/ops/memory-and-data-movement/tprefetch.md"
    DTYPES: ClassVar = GM_TILE
    COST: ClassVar = Formula(CostFormula.TRANSFER, "as a tload of the tile's bytes")
    NOT_LOWERED: ClassVar = "a prefetch into a buffer: it stays a tile op (no DMA lowering yet)"

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        dst = self.dst_tile()
        return dst.valid_shape[0], dst.valid_shape[1]

    def verify_tiles(self, target: TargetProfile) -> None:
        view = require_partition_view(f"{self.name} src", self.ins[0].type)
        dst = self.dst_tile()
        require_location(f"{self.name} dst", dst, Location.VEC)
        if view.element.bytes != dst.element.bytes:
            raise fail(
                f"{self.name} dst element {dst.element} must have the size of src's {view.element}"
            )


OPS: list[type[IRDLOperation]] = [TPrefetchOp]
