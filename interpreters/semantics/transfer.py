"""Data movement between GM views and tiles (`tload`, `tstore`).

- `tload` copies the tile's valid region from the top-left of the GM window and pads
  with the tile's pad value: Zero -> 0, Max/Min -> +inf/-inf for floats and the extreme
  values for integers; Null pads nothing. What is padded is per target (`PAD_RULES`).
- `tstore` copies the valid region to the top-left of the GM window.
Element sizes must match; the bits are copied unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import numpy as np

from interpreters.errors import check
from pto_dialect.attrs import PadValue, TargetArch
from pto_dialect.dtypes import DType


class PadExtent(Enum):
    """What a non-Null pad value fills outside the valid region."""

    TILE = "the whole tile outside the valid region"
    BURST_BLOCK = "the rest of the last 32-byte block of each transferred row (column)"


@dataclass(frozen=True)
class PadRule:
    extent: PadExtent
    source: str


PAD_RULES: dict[TargetArch, PadRule] = {
    TargetArch.A2A3: PadRule(
        PadExtent.BURST_BLOCK,
        "TLOAD valid-region rule (A2/A3): for Vec ND/DN loads only the tail of each burst up "
        "to its 32-byte boundary is padded; whole blocks and untransferred rows stay unchanged; "
        "boxed (NZ) loads pad nothing",
    ),
    TargetArch.A5: PadRule(
        PadExtent.BURST_BLOCK,
        "TLOAD valid-region rule (A5): as A2/A3 for Vec ND/DN loads",
    ),
    TargetArch.CPU: PadRule(
        PadExtent.TILE,
        "pto-isa CPU TLoad fills the whole tile with the pad value before copying",
    ),
}

BLOCK_BYTES = 32


def pad_scalar(dtype: DType, pad: PadValue) -> np.generic | None:
    """The value `pad` writes in a tile of `dtype`; None for Null (bytes left as they are)."""
    if pad is PadValue.NULL:
        return None
    if pad is PadValue.ZERO:
        return dtype.numpy.type(0)
    if dtype.is_float:
        return dtype.numpy.type(np.inf if pad is PadValue.MAX else -np.inf)
    low, high = dtype.int_limits
    return dtype.numpy.type(high if pad is PadValue.MAX else low)


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
