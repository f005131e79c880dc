"""Pure numpy semantics of `tquant` (INT8 forms) and `tdequant`."""

from __future__ import annotations

import numpy as np

from interpreters.semantics.convert import convert
from interpreters.semantics.elementwise import apply_nan, first_nan
from pto_dialect.attrs import RoundMode, SatMode
from pto_dialect.dtypes import F16, F32, I32, DType


def quantize(src: np.ndarray, scale: np.ndarray, offset: np.ndarray | None,
             dst: DType) -> np.ndarray:  # fmt: skip
    """`src * scale (+ offset)` in f32 (one rounding each), then the NPU cast chain
    f32 -> s32 -> f32 -> f16 -> i8/ui8, every step round-to-nearest-even and saturating
    (a5/TQuant.hpp; a2a3 skips s32 -> f32, which changes no result): for finite values
    `clamp(rint(y))`, NaN gives 0. `scale`/`offset`: one value per row (R x 1)."""
    y = _f32(np.multiply, src, scale)
    if offset is not None:
        y = _f32(np.add, y, offset)
    s32 = convert(y, F32, I32, RoundMode.RINT, SatMode.ON, 32)
    f32 = convert(s32, I32, F32, RoundMode.RINT, SatMode.ON, 32)
    f16 = convert(f32, F32, F16, RoundMode.RINT, SatMode.ON, 32)
    return convert(f16, F16, dst, RoundMode.RINT, SatMode.ON, 32)


def dequantize(src: np.ndarray, scale: np.ndarray, offset: np.ndarray) -> np.ndarray:
    """`(f32(src) - offset) * scale`, each operation rounded to f32 (the conversion of an
    i8/i16 value is exact); `scale`/`offset` broadcast along rows (R x 1) or per column."""
    difference = _f32(np.subtract, src, offset)
    return _f32(np.multiply, difference, scale)


def _f32(ufunc: np.ufunc, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """`ufunc(a, b)` in f32 (broadcast), two NaNs giving the first one's quieted, as the
    vector ops do (`elementwise.first_nan`)."""
    x, y = np.broadcast_arrays(a.astype(np.float32), b.astype(np.float32))
    fix = first_nan(x, y)
    return apply_nan(ufunc(x, y), fix)
