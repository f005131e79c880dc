"""`pto.tconcat`: two tiles side by side along the columns (tconcat.md, basic form):

  `pto.tconcat ins(%a, %b : !pto.tile_buf<...>, !pto.tile_buf<...>) outs(%d : !pto.tile_buf<...>)`

`dst[i, j] = src0[i, j]` for `j < vc0`, `src1[i, j - vc0]` for `vc0 <= j < vc0 + vc1`.
Rules of the page: every tile in loc=vec and row-major; one element type of the page's list;
one valid row count; dst's valid columns the sum of the sources' (checked where static, at
run time otherwise). The indexed form is `tconcatidx` (tile_concat_idx.py).
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Location, Pipe
from pto_dialect.ops.base import (
    TileOp,
    dims_str,
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
)
from pto_dialect.ops.tile_elementwise import require_row_major
from pto_dialect.records import CostFormula, Formula, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")

# tconcat.md "Data Type Constraints" (one list for every target).
_TYPES = "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32"
CONCAT_DTYPES = per_target_dtypes(_TYPES, _TYPES)

Role = tuple[str, TileTypeBase]


class ConcatOp(TileOp):
    """`tconcat` / `tconcatidx`: the columns of src0 then src1 in dst, on PIPE_V."""

    PIPE: ClassVar[Pipe] = Pipe.V
    DTYPES: ClassVar = CONCAT_DTYPES
    COST: ClassVar = Formula(
        CostFormula.TILE_MOVE,
        "as a vector copy of dst's bytes (no published figure for tconcat)",
    )

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """Dst's valid shape (static: an SSA result's columns are not a single source's;
        tconcatidx is DPS only)."""
        dst = self.dst_tile()
        return dst.valid_shape[0], dst.valid_shape[1]

    def concat_tiles(self, roles: tuple[str, ...], target: TargetProfile) -> list[Role]:
        """The sources named `roles` and dst (last), after the rules every tile of the page
        follows: loc=vec and row-major; the data sources (the first two) of dst's element
        type, one of the page's list."""
        dst = self.dst_tile()
        tiles = [(role, self.tile(i, role)) for i, role in enumerate(roles)] + [("dst", dst)]
        for role, tile in tiles:
            require_location(f"{self.name} {role}", tile, Location.VEC)
            require_row_major(f"{self.name} {role}", tile)
        for role, tile in tiles[:2]:
            require_same_dtype(f"{self.name} {role}", tile.element, "dst", dst.element)
        require_dtype_supported(self.name, dst.element, target, CONCAT_DTYPES)
        return tiles


@irdl_op_definition
class TConcatOp(ConcatOp):
    """`dst = [src0 | src1]` along the columns, over the sources' valid regions."""

    name = "pto.tconcat"

    NUM_INS: ClassVar[int] = 2
    MANUAL: ClassVar = "tile/ops/layout-and-rearrangement/tconcat.md"
    NOT_LOWERED: ClassVar = "no vector lowering of tconcat yet: it runs at tile level"

    def verify_tiles(self, target: TargetProfile) -> None:
        tiles = self.concat_tiles(("src0", "src1"), target)
        dst = tiles[2][1]
        if self.res and dst.has_dynamic_valid:
            raise fail(f"{self.name} in SSA form needs a static valid shape")
        (r0, c0), (r1, c1), (rd, cd) = (t.valid_shape for _, t in tiles)
        rows = [r for r in (r0, r1, rd) if r != DYNAMIC]
        if len(set(rows)) > 1:
            raise fail(
                f"{self.name} valid rows src0 {dims_str(r0)}, src1 {dims_str(r1)}, dst "
                f"{dims_str(rd)} must be equal"
            )
        if DYNAMIC not in (c0, c1, cd) and cd != c0 + c1:
            raise fail(f"{self.name} dst valid cols {cd} must be src0's {c0} plus src1's {c1}")
        if DYNAMIC not in (c0, c1) and c0 + c1 > dst.cols.data:
            raise fail(
                f"{self.name} src0's {c0} and src1's {c1} valid cols exceed dst's "
                f"{dst.cols.data} cols"
            )


OPS: list[type[IRDLOperation]] = [TConcatOp]
