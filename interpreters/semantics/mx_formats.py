"""Values of the cube's low-precision formats: HiFloat8, packed FP4 (E2M1, E1M2) and E8M0.

Decoding is exact (every value is an f32). The tables are built from the formats' definitions:

- HiFloat8: `interpreters/semantics/hif8.py` (the SIMT layer's table, one for the project).
- FP4 E2M1 (OCP MX, ml_dtypes' float4_e2m1fn) and E1M2 (1 sign, 1 exponent, 2 mantissa bits,
  bias 1: 0, 0.25, ..., 1.75): two values a byte, the even-index value in the low nibble.
- E8M0: 2^(byte - 127), 0xFF NaN (ml_dtypes' float8_e8m0fnu).

Encoding f32 into HiFloat8 (the fixpipe's conversion) rounds to nearest with ties away from
zero (the HiF8 paper's rounding), through `hif8.encode`.
"""

from __future__ import annotations

from functools import cache

import ml_dtypes
import numpy as np

from interpreters.semantics import hif8
from pto_dialect.dtypes import F4E1M2X2, F4E2M1X2, F8E8M0, HIF8, DType
from pto_dialect.ops.simt_common import Rounding


def _e1m2(nibble: int) -> float:
    sign = -1.0 if nibble & 0x8 else 1.0
    exponent, mantissa = (nibble >> 2) & 0x1, nibble & 0x3
    return sign * (mantissa / 4 if exponent == 0 else 1 + mantissa / 4)


@cache
def _nibble_table(dtype: DType) -> np.ndarray:
    if dtype == F4E2M1X2:
        values = np.arange(16, dtype=np.uint8).view(ml_dtypes.float4_e2m1fn).astype(np.float32)
    else:
        values = np.array([_e1m2(n) for n in range(16)], np.float32)
    values.setflags(write=False)
    return values


def unpack_fp4(codes: np.ndarray, dtype: DType) -> np.ndarray:
    """The values of packed FP4 bytes, two per byte along the last axis (low nibble first):
    shape (..., 2 x n)."""
    table = _nibble_table(dtype)
    low, high = table[codes & 0x0F], table[codes >> 4]
    return np.stack([low, high], axis=-1).reshape(*codes.shape[:-1], codes.shape[-1] * 2)


def to_f32(values: np.ndarray, dtype: DType) -> np.ndarray:
    """The f32 values of an array of `dtype` elements (FP4 pairs unpacked along the last axis)."""
    if dtype == HIF8:
        return hif8.decode(values).astype(np.float32)
    if dtype in (F4E2M1X2, F4E1M2X2):
        return unpack_fp4(values.astype(np.uint8), dtype)
    if dtype == F8E8M0:
        return values.view(np.uint8).view(ml_dtypes.float8_e8m0fnu).astype(np.float32)
    return values.astype(np.float32)


def to_hif8(values: np.ndarray, saturate: bool) -> np.ndarray:
    """f32 values to HiFloat8 codes: nearest, ties away from zero; `saturate` clamps to
    +-32768 and turns NaN into 0 (the fixpipe's `sat`), else NaN is 0x80."""
    codes = hif8.encode(np.asarray(values, np.float64), Rounding.A, saturate)
    return np.where(np.isnan(values), 0x00, codes).astype(np.uint8) if saturate else codes
