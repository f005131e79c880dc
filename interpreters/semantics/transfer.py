"""Data movement between GM views and tiles (`tload`, `tstore`).

- `tload` copies the tile's valid region from the top-left of the GM window and pads
  with the tile's pad value: Zero -> 0, Max/Min -> +inf/-inf for floats and the extreme
  values for integers; Null pads nothing. What is padded is per target (`rules.PAD_RULES`).
- `tstore` copies the valid region to the top-left of the GM window.
Element sizes must match; the bits are copied unchanged.
"""

from __future__ import annotations

import numpy as np

from interpreters.errors import check
from pto_dialect.attrs import PadValue
from pto_dialect.dtypes import DType
from pto_dialect.rules import BLOCK_BYTES, PadExtent, PadRule, pad_scalar


def _check_window(window: np.ndarray, rows: int, cols: int, what: str) -> None:
    wr, wc = window.shape
    check(
        wr >= rows and wc >= cols,
        f"GM window {wr}x{wc} is smaller than the {what} tile's valid region {rows}x{cols}",
    )


def load(
    window: np.ndarray,
    tile: np.ndarray,
    valid: tuple[int, int],
    dtype: DType,
    pad: PadValue,
    rule: PadRule,
    row_bursts: bool | None,
) -> None:
    """Fill `tile` (a writable rows x cols array) from the GM `window`.

    `row_bursts` says how the tile is transferred: True for ND (one burst per row), False
    for DN (one burst per column), None for boxed tiles (no burst padding).
    """
    rows, cols = valid
    _check_window(window, rows, cols, "destination")
    check(
        window.dtype.itemsize == dtype.bytes,
        f"GM element size {window.dtype.itemsize} differs from the tile's {dtype} "
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
    tile[:rows, :cols] = window[:rows, :cols].view(tile.dtype)


def store(tile: np.ndarray, window: np.ndarray, valid: tuple[int, int], dtype: DType) -> None:
    """Write the valid region of `tile` to the GM `window`."""
    rows, cols = valid
    _check_window(window, rows, cols, "source")
    check(
        window.dtype.itemsize == dtype.bytes,
        f"GM element size {window.dtype.itemsize} differs from the tile's {dtype} "
        f"({dtype.bytes} bytes)",
    )
    window[:rows, :cols] = tile[:rows, :cols].view(window.dtype)
