"""The text `tprint` writes (a2a3/TPrint.hpp, included by A5): a header naming the element
type, the layout and the tile type, the shape and valid shape, then every row of the whole
tile, values `%8.4f` (floats, via float) or `%8d` / `%8u` (integers) separated by one
space, `|` after the last valid column and a dashed line after the last valid row when the
valid region is smaller than the tile. The `printFormat` option picks the width and
precision: `width8_precision4` (the default), `width8_precision2` (`%8.2f`, integers as
before) or `width10_precision6` (`%10.6f`, `%10d`, 10 dashes)."""

from __future__ import annotations

import numpy as np

from pto_dialect.attrs import BLayout, SLayout
from pto_dialect.dtypes import DType

_TYPE_NAMES = {"ui32": "uint32", "i32": "int32", "ui16": "uint16", "i16": "int16",
               "ui8": "uint8", "i8": "int8", "f32": "float32", "f16": "float16"}  # fmt: skip
FORMATS = {"width8_precision4": (8, 4), "width8_precision2": (8, 2), "width10_precision6": (10, 6)}
"""PrintFormat: (field width, float precision) (a2a3/TPrint.hpp PrintValue)."""
DEFAULT_FORMAT = "width8_precision4"


def layout_name(blayout: BLayout, slayout: SLayout) -> str:
    """`GetLayoutName` (include/pto/common/memory.hpp)."""
    row = blayout is BLayout.ROW_MAJOR
    if slayout is SLayout.NONE_BOX:
        return "ND" if row else "DN"
    if slayout is SLayout.ROW_MAJOR:
        return "Zz" if row else "Nz"
    return "Zn" if row else "Nn"


def format_tile(
    values: np.ndarray,
    valid: tuple[int, int],
    dtype: DType,
    layout: str,
    print_format: str = DEFAULT_FORMAT,
) -> str:
    """The printout of a tile whose logical contents are `values` (rows x cols)."""
    width, precision = FORMATS[print_format]
    rows, cols = values.shape
    vr, vc = valid
    text = [
        f"=== [TPRINT Tile] Data Type: {_TYPE_NAMES[dtype.name]}, Layout: {layout}, "
        "TileType: Vec ===\n",
        f"  Shape: [{rows}, {cols}], Valid Shape: [{vr}, {vc}]\n",
    ]
    if dtype.is_float:
        wide = values.astype(np.float64)
        cells = np.char.mod(f"%{width}.{precision}f", wide)
        cells[np.isnan(wide) & np.signbit(wide)] = "-nan".rjust(width)  # printf keeps the sign
    else:
        cells = np.char.mod(f"%{width}d", values.astype(np.int64))
    cells = cells.astype(object)  # a fixed-width string array would cut the "|" off
    mark = 0 < vc < cols
    if mark:
        cells[:, vc - 1] += "|"
    dashes = np.full(cols, "-" * width, dtype=object)
    if mark:
        dashes[vc - 1] += "|"
    for i, row in enumerate(cells.tolist()):
        text.append(" ".join(row) + "\n")
        if i == vr - 1 and 0 < vr < rows:
            text.append(" ".join(dashes.tolist()) + "\n")
    return "".join(text)
