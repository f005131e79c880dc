"""GM views as the matrices tiles move to or from (`tload`, `tstore`): `window_dims` and the
verifier rules on a view against a tile (rank, window size, element size)."""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from pto_dialect.attrs import Location
from pto_dialect.dtypes import DType
from pto_dialect.memory_types import PartitionTensorViewType
from pto_dialect.ops.base import dims_str, fail
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

MAX_VIEW_RANK = 5
"""A GM window has 1 to 5 dimensions, as pto-isa's GlobalTensor (B, H, W, R, C)."""


def window_dims(dims: Sequence[int], row_major: bool | None) -> tuple[int, int]:
    """(rows, cols) of the matrix a GM window of shape `dims` (a `?` is DYNAMIC) is to a
    row-major (True), col-major (False) or boxed (None) tile; a view of rank 1 is one row.

    Row-major: rows are dims[:-1] flattened (row-major order), cols dims[-1]. Col-major:
    rows are dims[-2], cols dims[:-2] and dims[-1] flattened (dims[-1] fastest). Boxed (NZ,
    the view padded to 5 dims S0..S4): rows S2 x S3, cols S0 x S1 x S4, element (s0..s4) at
    (s2*S3 + s3, (s0*S1 + s1)*S4 + s4) (tload_common.hpp `CheckNzFormat`; a 2-D view is the
    plain matrix). pto-isa:
    `MapTileIndicesToGlobalOffset` (include/pto/cpu/tile_offsets.hpp); the NPU TLOAD asserts
    `validRow == Shape0*Shape1*Shape2*Shape3` (ND) and `validCol == Shape0*Shape1*Shape2*Shape4`
    (DN) (include/pto/common/arch/memory/tload_common.hpp).
    """
    if row_major is None:
        full = [1] * (MAX_VIEW_RANK - len(dims)) + list(dims)
        rows, cols = full[2:4], [*full[:2], full[4]]
        return _product(rows), _product(cols)
    full = [1] * (2 - len(dims)) + list(dims)
    if row_major is False:
        rows, cols = [full[-2]], [*full[:-2], full[-1]]
    else:
        rows, cols = full[:-1], [full[-1]]
    return _product(rows), _product(cols)


def _product(dims: Sequence[int]) -> int:
    return DYNAMIC if DYNAMIC in dims else prod(dims)


def _layout_word(tile: TileTypeBase) -> str:
    if tile.is_boxed:
        return "boxed"
    return "row-major" if tile.is_row_major else "col-major"


def check_gm_window(what: str, tile: TileTypeBase, view: PartitionTensorViewType) -> None:
    """The view's rank; the window, as the matrix the tile's layout makes of it
    (`window_dims`; a boxed tile's is NZ), is not smaller than a static valid size."""
    dims = tuple(view.dims)
    if not 1 <= len(dims) <= MAX_VIEW_RANK:
        raise fail(
            f"{what} partition view of rank {len(dims)}: global tensors have 1 to "
            f"{MAX_VIEW_RANK} dimensions"
        )
    # An Acc tile stores to ND/DN GM through the fixpipe (pto-isa TStoreAccNz2nd), 2-D to
    # 2-D; other boxed tiles meet an NZ view (`window_dims`).
    if tile.location is Location.ACC and any(d != 1 and d != DYNAMIC for d in dims[:-2]):
        raise fail(
            f"{what} is a boxed tile, which moves to or from a 2-D window, but the partition "
            f"view {dims_str(*dims)} has a leading dimension other than 1"
        )
    layout = None if tile.is_boxed else tile.is_row_major
    window = window_dims(dims, layout)
    for axis, size, valid in zip(("rows", "cols"), window, tile.valid_shape, strict=True):
        if size != DYNAMIC and valid != DYNAMIC and size < valid:
            raise fail(
                f"{what} valid region {dims_str(*tile.valid_shape)} does not fit the partition "
                f"view {dims_str(*dims)}: to a {_layout_word(tile)} tile it is a "
                f"{dims_str(*window)} window ({axis} {size} < {valid})"
            )


def check_gm_extent(what: str, tile: TileTypeBase, view: PartitionTensorViewType) -> None:
    """The tile's valid region holds as many elements as the view (both static), and fits the
    window the view is to the tile (`_check_gm_window`)."""
    check_gm_window(what, tile, view)
    if tile.has_dynamic_valid or DYNAMIC in view.dims or 0 in tile.valid_shape:
        return  # an empty valid region moves nothing (PTOAS #708, `TStoreOp::verify`)
    valid = tile.v_row.data * tile.v_col.data
    elements = prod(view.dims)
    if valid != elements:
        raise fail(
            f"{what} valid region {dims_str(*tile.valid_shape)} ({valid} elements) must hold "
            f"the {elements} elements of the partition view {dims_str(*view.dims)}"
        )


def check_load_window(what: str, tile: TileTypeBase, view: PartitionTensorViewType) -> None:
    """`tload`: the tile's valid region fits the window the view is to the tile
    (`_check_gm_window`) and the window fits the tile's storage; the whole window is loaded
    (PTOAS's A5 TileLib `tload` templates, `_check_load_bounds`: valid <= window <= shape)."""
    check_gm_window(what, tile, view)
    layout = None if tile.is_boxed else tile.is_row_major
    window = window_dims(view.dims, layout)
    for axis, size, storage in zip(("rows", "cols"), window, tile.shape, strict=True):
        if size != DYNAMIC and size > storage:
            raise fail(
                f"{what} tile {dims_str(*tile.shape)} cannot hold the partition view "
                f"{dims_str(*view.dims)}: to a {_layout_word(tile)} tile it is a "
                f"{dims_str(*window)} window ({axis} {size} > {storage})"
            )


def check_element_size(what: str, tile: DType, view_what: str, view: DType) -> None:
    if tile.bytes != view.bytes:
        raise fail(
            f"{what} element size {tile.bytes} bytes ({tile}) must equal the {view_what} "
            f"element size {view.bytes} bytes ({view})"
        )
