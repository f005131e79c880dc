"""`pto.tconcatidx`: tconcat with per-row column counts read from index tiles (TCONCAT.md,
indexed form; PTOAS's `tconcatidx`):

  `pto.tconcatidx ins(%a, %b, %ia, %ib : S0, S1, I, I) outs(%d : D)`

Row i of dst's valid rows: `n0 = ia[i, 0] / sizeof(I)`, `n1 = ib[i, 0] / sizeof(I)` (the
index tiles hold byte counts); the first `min(n0, vc)` columns from src0, then
`min(n1, vc - those)` from src1 (vc: dst's valid columns), as pto-isa's A2/A3 and A5
implementations clamp them (a2a3/TConcat.hpp, a5/TConcat.hpp `TConcatIdx`). The columns a row
does not fill keep dst's contents, so there is no SSA form. Every tile in loc=vec and
row-major, one data type of tconcat's list, one index type of the implementations' list, one
valid row count (the implementations' asserts).

pto-isa's 6-operand form with a `dstIdx` output has no PTOAS spelling and is not defined here.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.ops.base import (
    dims_str,
    fail,
    require_dtype_supported,
    require_same_dtype,
)
from pto_dialect.ops.tile_concat import ConcatOp
from pto_dialect.records import per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC

S = TypeVar("S")

# a2a3/TConcat.hpp and a5/TConcat.hpp TConcatIdxCheck: int8..int32 and uint8..uint32.
_INDEX = "i8 ui8 i16 ui16 i32 ui32"
CONCAT_INDEX_DTYPES = per_target_dtypes(_INDEX, _INDEX)

ROLES = ("src0", "src1", "src0Idx", "src1Idx")


@irdl_op_definition
class TConcatIdxOp(ConcatOp):
    """Row i of dst: `idx0[i, 0]` bytes' worth of src0's columns, then src1's, clamped."""

    name = "pto.tconcatidx"

    NUM_INS: ClassVar[int] = 4
    MANUAL: ClassVar = "TCONCAT.md"
    NOT_LOWERED: ClassVar = (
        "the column counts are read from UB per row (scalar loads): it runs at tile level"
    )

    def source_roles(self) -> list[str]:
        return list(ROLES)

    def verify_tiles(self, target: TargetProfile) -> None:
        if self.res:
            raise fail(
                f"{self.name} leaves the columns a row does not fill as they were: use the DPS "
                "form (outs(%dst))"
            )
        tiles = self.concat_tiles(ROLES, target)
        dst = tiles[4][1]
        index = tiles[2][1].element
        require_same_dtype(f"{self.name} src1Idx", tiles[3][1].element, "src0Idx", index)
        require_dtype_supported(f"{self.name} src0Idx", index, target, CONCAT_INDEX_DTYPES)
        rows = dst.valid_shape[0]
        for role, tile in tiles[:4]:
            r = tile.valid_shape[0]
            if DYNAMIC not in (r, rows) and r != rows:
                raise fail(
                    f"{self.name} {role} valid rows {dims_str(r)} must equal the dst valid "
                    f"rows {dims_str(rows)}"
                )
        for role, tile in tiles[2:4]:
            if tile.valid_shape[1] == 0:
                raise fail(f"{self.name} {role} needs a valid column (the count is column 0)")


OPS: list[type[IRDLOperation]] = [TConcatIdxOp]
