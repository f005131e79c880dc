"""Which tile a local memref buffer stands for (`memref_tiles`), or why it stands for none.

A static, identity-layout memref in a tile location (`vec`, `mat`, `left`, ...) stands for
`!pto.tile_buf<loc, RxCxT>` with rows its leading dimensions flattened and cols its last one
(the cube's `left`, `right`, `acc` with their fixed boxes), when that tile is legal; the
reason it is not is kept for the diagnostics of the ops that then find a memref where they
take a tile.
"""

from __future__ import annotations

import math
from typing import cast

from xdsl.dialects.builtin import MemRefType, NoneAttr
from xdsl.ir import Attribute
from xdsl.utils.exceptions import VerifyException

from pto_dialect.attrs import TILE_LOCATIONS, BLayout, Location, LocationAttr, SLayout
from pto_dialect.dtypes import dtype_of
from pto_dialect.tile_types import TileBufType

CUBE_BOXES: dict[Location, tuple[BLayout, SLayout, int]] = {
    Location.LEFT: (BLayout.ROW_MAJOR, SLayout.ROW_MAJOR, 512),
    Location.RIGHT: (BLayout.ROW_MAJOR, SLayout.COL_MAJOR, 512),
    Location.ACC: (BLayout.COL_MAJOR, SLayout.ROW_MAJOR, 1024),
}
"""The boxes of an L0A / L0B / L0C buffer: pto-isa's `TileLeft` (its blayout is the target's,
as the parser resolves a left tile's), `TileRight`, `TileAcc` (common/pto_tile.hpp)."""


def memref_tile(memref: Attribute) -> TileBufType | str | None:
    """The tile a local memref buffer type stands for; the reason when its shape makes no
    legal tile; None when it is not a local buffer of a tile location."""
    if not isinstance(memref, MemRefType):
        return None
    memref = cast(MemRefType[Attribute], memref)
    space = memref.memory_space
    if not isinstance(space, LocationAttr) or space.data not in TILE_LOCATIONS:
        return None
    shape = memref.get_shape()
    if not shape or min(shape) <= 0 or not isinstance(memref.layout, NoneAttr):
        return None
    if dtype_of(memref.element_type) is None:
        return None
    rows, cols = math.prod(shape[:-1]), shape[-1]
    box = CUBE_BOXES.get(space.data, (BLayout.ROW_MAJOR, SLayout.NONE_BOX, 512))
    try:  # a shape no tile has (e.g. 16 x i8 rows) stays a memref, refused where it is used
        return TileBufType(space.data, memref.element_type, rows, cols, None, None, *box)
    except VerifyException as err:
        return str(err)
