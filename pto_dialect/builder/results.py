"""The result type of a tile op built from Python, where its sources fix it.

`RESULT_RULES` is keyed by op class or family (the op's MRO is searched, as every layer of
the project looks its records up): the elementwise, tile-scalar and fused expand families
produce their first source's type, `tload` a vec tile of its view's shape, `trowexpand` its
source with every element valid, the row reductions one value per row (a row-major tile of
one 32-byte block per row, valid `rows x 1`, the form the manual's Mode 2 expands) and the
column reductions one row. Every other op needs its result type from the caller
(`result=`): a conversion, a compare, a move between locations or a matrix product has
no single answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.ir import Attribute, Operation

from pto_dialect.attrs import Location
from pto_dialect.lazy_table import family_entry
from pto_dialect.memory_types import PartitionTensorViewType
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_elementwise import ElementwiseTileOp
from pto_dialect.ops.tile_expand import (
    ColExpandBinaryTileOp,
    RowExpandBinaryTileOp,
    TRowExpandOp,
)
from pto_dialect.ops.tile_memory import TLoadOp
from pto_dialect.ops.tile_partial import PartialTileOp
from pto_dialect.ops.tile_reduce import ColReduceTileOp
from pto_dialect.ops.tile_row_reduce import RowReduceTileOp
from pto_dialect.ops.tile_scalar import ScalarTileOp
from pto_dialect.tile_types import TileType, TileTypeBase

BLOCK_BYTES = 32
"""A row of a per-row statistic tile: one 32-byte block (8 f32, 16 f16 elements)."""

ResultRule = Callable[[Sequence[Attribute]], Attribute | None]
"""The result type from the source types; None when these sources do not fix it."""


def _first_tile(sources: Sequence[Attribute]) -> TileTypeBase | None:
    return next((t for t in sources if isinstance(t, TileTypeBase)), None)


def same_as_source(sources: Sequence[Attribute]) -> Attribute | None:
    """The first tile source's type."""
    return _first_tile(sources)


def loaded(sources: Sequence[Attribute]) -> Attribute | None:
    """A row-major vec tile of the partition view's shape and element type."""
    view = sources[0] if sources else None
    if not isinstance(view, PartitionTensorViewType) or any(d < 0 for d in view.dims):
        return None
    dims = view.dims
    rows, cols = (1, dims[0]) if len(dims) == 1 else dims[-2:]
    return TileType(Location.VEC, view.element_type, rows, cols)


def expanded(sources: Sequence[Attribute]) -> Attribute | None:
    """The source's type with every element valid."""
    tile = _first_tile(sources)
    return None if tile is None else tile.with_valid(*tile.shape)


def row_reduced(sources: Sequence[Attribute]) -> Attribute | None:
    """One value per row: `rows x (32 bytes)`, valid `v_row x 1`."""
    tile = _first_tile(sources)
    if tile is None:
        return None
    cols = BLOCK_BYTES // tile.element.bytes
    return TileType(tile.location, tile.dtype, tile.rows.data, cols, tile.v_row.data, 1)


def col_reduced(sources: Sequence[Attribute]) -> Attribute | None:
    """One row: `1 x cols`, valid `1 x v_col`."""
    tile = _first_tile(sources)
    if tile is None:
        return None
    return TileType(tile.location, tile.dtype, 1, tile.cols.data, 1, tile.v_col.data)


RESULT_RULES: dict[type[TileOp], ResultRule] = {
    ElementwiseTileOp: same_as_source,
    ScalarTileOp: same_as_source,
    RowExpandBinaryTileOp: same_as_source,
    ColExpandBinaryTileOp: same_as_source,
    PartialTileOp: same_as_source,
    TLoadOp: loaded,
    TRowExpandOp: expanded,
    RowReduceTileOp: row_reduced,
    ColReduceTileOp: col_reduced,
}
"""How each op class or family's result type follows from its sources."""


def result_rule(op: type[Operation]) -> ResultRule | None:
    """The rule of `op` (through its families), None when the caller must give the type."""
    return family_entry(RESULT_RULES, op)
