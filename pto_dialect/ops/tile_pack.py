"""`pto.tpack`: a wider vec tile packed into a narrower one (tile/ops/layout-and-rearrangement/
tpack.md; A5).

  `pto.tpack ins(%src : T) outs(%dst : T')` (PTOAS, hw-native-sys 2026-04 `TPackOp`) and
  `%dst = pto.tpack %src : !pto.tile<...> -> !pto.tile<...>` (SSA, the page's Level 1)

Rules (PTOAS `TPackOp::verify`): A5 only; src and dst vec tiles, row-major; the same valid
shape; element sizes 4 -> 2, 4 -> 1 or 2 -> 1 bytes. The page fixes no values and pto-isa has no
`TPACK`: each element keeps its low bytes, as A5's `vpack` truncates (docs/semantics.md).
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Location, Pipe
from pto_dialect.ops.base import TileOp, fail, require_dtype_supported, require_location
from pto_dialect.ops.tile_elementwise import require_row_major, require_same_valid
from pto_dialect.records import CostFormula, Formula, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile

S = TypeVar("S")

_WIDE = "i16 ui16 f16 bf16 i32 ui32 f32"
PACK_SRC_DTYPES = per_target_dtypes("", _WIDE, cpu="")
"""Sources of 2 or 4 bytes on A5 (PTOAS's verifier names sizes, not types); none on A2/A3
(PTOAS: "tpack is only supported on A5 targets") nor the CPU simulator (no TPACK in pto-isa)."""
PACK_SIZES = frozenset({(4, 2), (4, 1), (2, 1)})
"""(src bytes, dst bytes) pairs PTOAS's A5 verifier accepts."""


@irdl_op_definition
class TPackOp(TileOp):
    """`dst[i, j]` = the low `sizeof(dst)` bytes of `src[i, j]` over the valid region."""

    name = "pto.tpack"

    PIPE: ClassVar[Pipe] = Pipe.V  # PTOOps.td TPackOp getPipe
    MANUAL: ClassVar = "tile/ops/layout-and-rearrangement/tpack.md"
    DTYPES: ClassVar = PACK_SRC_DTYPES
    COST: ClassVar = Formula(
        CostFormula.TILE_MOVE, "as a vector copy of dst's bytes (no published figure for tpack)"
    )
    NOT_LOWERED: ClassVar = "no vector lowering of tpack yet: it runs at tile level"

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        return shapes.valid(self.ins[0])

    def verify_tiles(self, target: TargetProfile) -> None:
        src, dst = self.tile(0, "src"), self.dst_tile()
        for role, tile in (("src", src), ("dst", dst)):
            require_location(f"{self.name} {role}", tile, Location.VEC)
            require_row_major(f"{self.name} {role}", tile)
        require_dtype_supported(self.name, src.element, target, PACK_SRC_DTYPES)
        if (src.element.bytes, dst.element.bytes) not in PACK_SIZES:
            raise fail(
                f"{self.name} element sizes {src.element.bytes} -> {dst.element.bytes} bytes "
                f"({src.element} -> {dst.element}) must be 4 -> 2, 4 -> 1 or 2 -> 1"
            )
        require_same_valid(f"{self.name} src", src, "dst", dst)


OPS: list[type[IRDLOperation]] = [TPackOp]
