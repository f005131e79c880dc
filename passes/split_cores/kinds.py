"""Which core an op of a mixed Level-1 function runs on, and which vector ops may run on
half the rows (each vector core of a block takes its own half)."""

from __future__ import annotations

from xdsl.ir import Operation

from pto_dialect.attrs import KernelKind, Location
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_convert import TCvtOp
from pto_dialect.ops.tile_elementwise import ElementwiseTileOp
from pto_dialect.ops.tile_expand import ExpandTileOp, RowExpandBinaryTileOp
from pto_dialect.ops.tile_memory import TLoadOp, TStoreOp
from pto_dialect.ops.tile_row_reduce import RowReduceTileOp
from pto_dialect.ops.tile_scalar import ScalarTileOp
from pto_dialect.tile_types import TileTypeBase

CUBE_LOCATIONS = frozenset(
    {Location.MAT, Location.LEFT, Location.RIGHT, Location.ACC, Location.BIAS, Location.SCALING}
)
"""The on-chip memories of the cube core (AIC); `vec` (UB) is the vector cores'."""

ROW_WISE: tuple[type[TileOp], ...] = (
    TLoadOp,
    TStoreOp,
    ElementwiseTileOp,
    ScalarTileOp,
    TCvtOp,
    RowReduceTileOp,
    RowExpandBinaryTileOp,
)
"""Vector tile ops whose row i depends on row i of their sources alone (and `trowexpand`,
an ExpandTileOp with ROW): they give the same bytes on half the rows."""


def tile_kinds(op: TileOp) -> set[KernelKind]:
    """The kinds of core whose memories `op`'s tiles live in."""
    kinds: set[KernelKind] = set()
    for value in (*op.operands, *op.results):
        tile = value.type
        if isinstance(tile, TileTypeBase):
            cube = tile.location in CUBE_LOCATIONS
            kinds.add(KernelKind.CUBE if cube else KernelKind.VECTOR)
    return kinds


def kind_of(op: Operation) -> KernelKind | None:
    """The one kind of core a tile op runs on; None for an op that is not a tile op or
    holds tiles of both kinds (a move between the cores' memories in one op)."""
    if not isinstance(op, TileOp):
        return None
    kinds = tile_kinds(op)
    return next(iter(kinds)) if len(kinds) == 1 else None


def row_wise(op: TileOp) -> bool:
    """Whether `op` may run on half the rows of its tiles (see ROW_WISE)."""
    if isinstance(op, ExpandTileOp):
        return op.ROW
    return isinstance(op, ROW_WISE)
