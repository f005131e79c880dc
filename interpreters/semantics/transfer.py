"""Data movement between GM views and tiles (`tload`, `tstore`).

- The GM window (a partition view of rank 1 to 5) is a matrix to the tile (`Window`), as
  pto-isa's GlobalTensor (B, H, W, R, C) is: for a row-major (ND) tile its rows are the
  leading dimensions and dimension -2 flattened in row-major order and its columns
  dimension -1; for a col-major (DN) tile its rows are dimension -2 and its columns the
  leading dimensions and dimension -1 flattened (dimension -1 fastest). For a boxed tile
  the view (padded to 5 dims S0..S4) is NZ: rows S2 x S3, columns S0 x S1 x S4
  (`window_dims`); a 2-D view is the plain matrix.
- `tload` copies the tile's valid region from the top-left of that matrix and pads
  with the tile's pad value: Zero -> 0, Max/Min -> +inf/-inf for floats and the extreme
  values for integers; Null pads nothing. What is padded is per target (`rules.PAD_RULES`).
- `tstore` copies the valid region to the top-left of that matrix.
Element sizes must match; the bits are copied unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from interpreters.engine.errors import check
from pto_dialect.attrs import PadValue
from pto_dialect.dtypes import DType
from pto_dialect.ops.gm_window import MAX_VIEW_RANK, window_dims
from pto_dialect.rules import BLOCK_BYTES, PadExtent, PadRule, pad_scalar

Index = tuple[np.ndarray | slice, ...]


def _at_least_2d(shape: tuple[int, ...]) -> tuple[int, ...]:
    return (1,) * (2 - len(shape)) + tuple(shape)


@dataclass(frozen=True)
class Window:
    """A GM view (`array`, rank 1 to 5) as the matrix a tile moves to or from."""

    array: np.ndarray
    row_major: bool | None
    """The tile's layout: True row-major (ND), False col-major (DN), None boxed."""

    def __post_init__(self) -> None:
        shape = self.array.shape
        check(
            1 <= len(shape) <= MAX_VIEW_RANK,
            f"a GM view of rank {len(shape)}: global tensors have 1 to {MAX_VIEW_RANK} dimensions",
        )

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, cols) of the matrix (`pto_dialect.ops.gm_window.window_dims`)."""
        return window_dims(self.array.shape, self.row_major)

    def require(self, rows: int, cols: int, what: str) -> None:
        """The run-time rule: the matrix holds the `what` tile's valid region rows x cols."""
        rows_w, cols_w = self.shape
        check(
            rows_w >= rows and cols_w >= cols,
            f"GM window {rows_w}x{cols_w} is smaller than the {what} tile's valid region "
            f"{rows}x{cols}",
        )

    def select(self, rows: int, cols: int, what: str) -> tuple[np.ndarray, Index]:
        """An array and an index into it: `array[index]` is the matrix's top-left
        rows x cols (a basic slice, so a view, when the leading dimensions are 1)."""
        self.require(rows, cols, what)
        array = self.array.reshape(_at_least_2d(self.array.shape))
        if all(d == 1 for d in array.shape[:-2]):
            return array.reshape(array.shape[-2:]), (slice(0, rows), slice(0, cols))
        if self.row_major is None:  # NZ: rows (S2, S3), columns (S0, S1, S4)
            full = array.reshape((1,) * (MAX_VIEW_RANK - array.ndim) + array.shape)
            moved = full.transpose(2, 3, 0, 1, 4)
            row_at = np.unravel_index(np.arange(rows), moved.shape[:2])
            col_at = np.unravel_index(np.arange(cols), moved.shape[2:])
            return moved, (*(r[:, None] for r in row_at), *(c[None, :] for c in col_at))
        if self.row_major:
            leading = np.unravel_index(np.arange(rows), array.shape[:-1])
            return array, (*leading, slice(0, cols))
        moved = np.moveaxis(array, -2, 0)  # (R, leading..., C): columns index the rest
        leading = np.unravel_index(np.arange(cols), moved.shape[1:])
        return moved, (slice(0, rows), *leading)

    def offsets(self, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
        """Element offsets from the view's start of the matrix's top-left rows x cols: of
        each row's first element, and of each column from it (all elements: their sums)."""
        dims = _at_least_2d(self.array.shape)
        size = max(self.array.itemsize, 1)
        steps = (0,) * (len(dims) - self.array.ndim) + tuple(s // size for s in self.array.strides)
        if self.row_major is False:
            columns = _flat_offsets(cols, (*dims[:-2], dims[-1]), (*steps[:-2], steps[-1]))
            return np.arange(rows, dtype=np.int64) * steps[-2], columns
        if self.row_major is None and len(dims) > 2:  # NZ (`select`)
            pad = MAX_VIEW_RANK - len(dims)
            dims5, steps5 = (1,) * pad + dims, (0,) * pad + steps
            return (
                _flat_offsets(rows, dims5[2:4], steps5[2:4]),
                _flat_offsets(cols, (*dims5[:2], dims5[4]), (*steps5[:2], steps5[4])),
            )
        return _flat_offsets(rows, dims[:-1], steps[:-1]), np.arange(cols, dtype=np.int64) * steps[
            -1
        ]


def _flat_offsets(count: int, dims: tuple[int, ...], steps: tuple[int, ...]) -> np.ndarray:
    """Offsets of the first `count` indices of `dims` in row-major order, by `steps`."""
    offsets = np.zeros(count, np.int64)
    for axis, step in zip(np.unravel_index(np.arange(count), dims), steps, strict=True):
        offsets += axis * step
    return offsets


def load(
    window: Window,
    tile: np.ndarray,
    valid: tuple[int, int],
    dtype: DType,
    pad: PadValue,
    rule: PadRule,
) -> None:
    """Fill `tile` (a writable rows x cols array) from the GM `window`.

    The window's layout says how the tile is transferred: row-major (ND) one burst per row,
    col-major (DN) one burst per column, boxed tiles with no burst padding.
    """
    rows, cols = valid
    source, index = window.select(rows, cols, "destination")
    row_bursts = window.row_major
    check(
        source.dtype.itemsize == dtype.bytes,
        f"GM element size {source.dtype.itemsize} differs from the tile's {dtype} "
        f"({dtype.bytes} bytes)",
    )
    fill = pad_scalar(dtype, pad)
    if fill is not None and rule.extent is PadExtent.TILE:
        tile[rows:, :] = fill
        tile[:rows, cols:] = fill
    elif fill is not None and row_bursts is not None:
        per_block = BLOCK_BYTES // dtype.bytes
        if row_bursts:
            end = min(tile.shape[1], -(-cols // per_block) * per_block)
            tile[:rows, cols:end] = fill
        else:
            end = min(tile.shape[0], -(-rows // per_block) * per_block)
            tile[rows:end, :cols] = fill
    tile[:rows, :cols] = source[index].view(tile.dtype)


def store(
    tile: np.ndarray, window: Window, valid: tuple[int, int], dtype: DType, add: bool = False
) -> None:
    """Write the valid region of `tile` to the GM `window` (`add`: added to what GM holds, in
    the element type: `tstore`'s `atomicType = atomic_add`)."""
    rows, cols = valid
    target, index = window.select(rows, cols, "source")
    check(
        target.dtype.itemsize == dtype.bytes,
        f"GM element size {target.dtype.itemsize} differs from the tile's {dtype} "
        f"({dtype.bytes} bytes)",
    )
    values = tile[:rows, :cols].view(target.dtype)
    target[index] = target[index] + values if add else values
