"""Values of the cube's low-precision formats: HiFloat8, packed FP4 (E2M1, E1M2) and E8M0.

Decoding is exact (every value is an f32). The tables are built from the formats' definitions:

- HiFloat8: `interpreters/semantics/hif8.py` (the SIMT layer's table, one for the project).
- FP4 E2M1 (OCP MX, ml_dtypes' float4_e2m1fn) and E1M2 (1 sign, 1 exponent, 2 mantissa bits,
  bias 1: 0, 0.25, ..., 1.75): two values a byte, the even-index value in the low nibble.
- E8M0: 2^(byte - 127), 0xFF NaN (ml_dtypes' float8_e8m0fnu).

Encoding f32 into HiFloat8 (the fixpipe's conversion) rounds to nearest with ties away from
zero (the HiF8 paper's rounding), through `hif8.encode`; `vcvt` encodes HiFloat8 and FP4 in
the rounding mode it names.
"""

from __future__ import annotations

from functools import cache

import ml_dtypes
import numpy as np

from interpreters.engine.errors import check
from interpreters.semantics import hif8
from pto_dialect.attrs import RoundMode
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


def scale_values(values: np.ndarray, dtype: DType) -> np.ndarray:
    """The f32 multipliers of an MX scale tile: a one-byte element is the E8M0 code the cube
    reads (2^(byte - 127); pto-isa's a6 tests hold scales in uint8_t), a wider one its own value
    (pto-isa cpu/TMatmul.hpp `TMatmulMX` multiplies by `GetElement`; docs/decisions.md)."""
    if dtype.bits == 8:
        return to_f32(values.view(np.uint8), F8E8M0)
    return to_f32(values, dtype)


def to_hif8(values: np.ndarray, saturate: bool) -> np.ndarray:
    """f32 values to HiFloat8 codes: nearest, ties away from zero; `saturate` clamps to
    +-32768 and turns NaN into 0 (the fixpipe's `sat`), else NaN is 0x80."""
    codes = hif8.encode(np.asarray(values, np.float64), Rounding.A, saturate)
    return np.where(np.isnan(values), 0x00, codes).astype(np.uint8) if saturate else codes


_HIF8_ROUNDING = {
    RoundMode.NONE: Rounding.R,
    RoundMode.RINT: Rounding.R,
    RoundMode.ROUND: Rounding.A,
    RoundMode.FLOOR: Rounding.F,
    RoundMode.CEIL: Rounding.C,
    RoundMode.TRUNC: Rounding.Z,
}


def encode_hif8(values: np.ndarray, mode: RoundMode, saturate: bool) -> np.ndarray:
    """HiFloat8 codes of float `values` rounded with `vcvt`'s `mode` (`hif8.encode`)."""
    check(mode in _HIF8_ROUNDING, f"HiFloat8 has no rounding mode {mode.value}")
    return hif8.encode(np.asarray(values, np.float64), _HIF8_ROUNDING[mode], saturate)


def encode_fp4(values: np.ndarray, dtype: DType, mode: RoundMode) -> np.ndarray:
    """FP4 nibble codes (uint8, one a value) of float `values` rounded with `mode`: to the
    nearest with ties to the even code (RINT, NONE; PTOAS's board-tested
    vcvt-low-precision-special: E2M1 0.75 -> 1.0, 1.25 -> 1.0; E1M2 0.625 -> 0.5), ties away
    (ROUND), toward -inf (FLOOR), +inf (CEIL) or zero (TRUNC). FP4 has no infinity or NaN: a
    magnitude beyond the largest finite value (infinities too) gives it, NaN gives +0
    (docs/semantics.md). The sign of zero is kept."""
    check(mode is not RoundMode.ODD, "FP4 has no round-to-odd conversion")
    table = _nibble_table(dtype)[:8].astype(np.float64)  # codes 0-7, ascending magnitudes
    v = np.asarray(values, np.float64)
    nan = np.isnan(v)
    negative = np.signbit(v) & ~nan
    magnitude = np.minimum(np.abs(np.where(nan, 0.0, v)), table[-1])
    hi = np.minimum(np.searchsorted(table, magnitude, side="left"), 7)
    exact = table[hi] == magnitude
    lo = np.where(exact, hi, np.maximum(hi - 1, 0))
    down_gap, up_gap = magnitude - table[lo], table[hi] - magnitude
    if mode is RoundMode.TRUNC:
        up = np.zeros_like(exact)
    elif mode is RoundMode.FLOOR:
        up = ~exact & negative
    elif mode is RoundMode.CEIL:
        up = ~exact & ~negative
    else:
        tie_up = np.ones_like(exact) if mode is RoundMode.ROUND else (hi & 1) == 0
        up = ~exact & ((up_gap < down_gap) | ((up_gap == down_gap) & tie_up))
    codes = np.where(up, hi, lo)
    return (codes | (negative.astype(np.int64) << 3)).astype(np.uint8)


def pack_fp4(nibbles: np.ndarray) -> np.ndarray:
    """Bytes of nibble pairs along the last axis (the even-index nibble low): (..., n / 2)."""
    return (nibbles[..., 0::2] | (nibbles[..., 1::2] << 4)).astype(np.uint8)
