"""Values of the cube's low-precision formats: HiFloat8, packed FP4 (E2M1, E1M2) and E8M0.

Decoding is exact (every value is an f32). The tables are built from the formats' definitions:

- HiFloat8 (the HiF8 paper, arXiv 2409.16626; pto-isa include/pto/cpu/Hifloat8.hpp): a sign,
  a prefix-coded dot field giving the exponent width D (`11` 4, `10` 3, `01` 2, `001` 1,
  `0001` 0, `0000` denormal), D exponent bits in sign-magnitude with an implicit leading
  magnitude 1 (D = 1: E = +-1; D = 0: E = 0), the rest mantissa: value (-1)^S 2^E 1.M.
  Denormal mode: (-1)^S 2^(M - 23) for a 3-bit M > 0; `0x00` is zero, `0x80` NaN, D = 4 with
  E = 15 and M = 1 infinity. (pto-isa's CPU simulator gives D = 1 and D = 0 codes one
  mantissa bit too many; the definition wins, docs/semantics.md.)
- FP4 E2M1 (OCP MX, ml_dtypes' float4_e2m1fn) and E1M2 (1 sign, 1 exponent, 2 mantissa bits,
  bias 1: 0, 0.25, ..., 1.75): two values a byte, the even-index value in the low nibble.
- E8M0: 2^(byte - 127), 0xFF NaN (ml_dtypes' float8_e8m0fnu).

Encoding f32 into HiFloat8 rounds to nearest with ties away from zero (the HiF8 paper's
rounding); out-of-range values become infinity unless saturated (then +-32768).
"""

from __future__ import annotations

from functools import cache

import ml_dtypes
import numpy as np

from pto_dialect.dtypes import F4E1M2X2, F4E2M1X2, F8E8M0, HIF8, DType

HIF8_MAX = 32768.0
"""The largest finite HiFloat8 value (D = 4, E = 15, M = 0)."""


def _hif8_value(code: int) -> float:
    sign = -1.0 if code & 0x80 else 1.0
    payload = code & 0x7F
    if payload >> 3 == 0:  # denormal mode
        mantissa = payload & 0x07
        if mantissa == 0:
            return float("nan") if code & 0x80 else 0.0
        return sign * 2.0 ** (mantissa - 23)
    if payload >> 5:
        width, rest = {3: 4, 2: 3, 1: 2}[payload >> 5], payload & 0x1F
        exponent_bits = width
    elif payload >> 4 == 1:
        exponent_bits, rest = 1, payload & 0x0F
    else:
        exponent_bits, rest = 0, payload & 0x07
    dot_bits = {4: 2, 3: 2, 2: 2, 1: 3, 0: 4}[exponent_bits]
    mantissa_bits = 7 - dot_bits - exponent_bits
    raw_exponent = rest >> mantissa_bits
    mantissa = rest & ((1 << mantissa_bits) - 1)
    exponent = 0
    if exponent_bits:
        sign_bit = 1 << (exponent_bits - 1)
        magnitude = sign_bit | (raw_exponent & (sign_bit - 1))
        exponent = -magnitude if raw_exponent & sign_bit else magnitude
    if exponent_bits == 4 and exponent == 15 and mantissa == 1:
        return sign * float("inf")
    return sign * 2.0**exponent * (1 + mantissa / (1 << mantissa_bits))


@cache
def hif8_table() -> np.ndarray:
    """The f32 value of each of the 256 HiFloat8 codes."""
    table = np.array([_hif8_value(c) for c in range(256)], np.float32)
    table.setflags(write=False)
    return table


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
        return hif8_table()[values.astype(np.uint8)]
    if dtype in (F4E2M1X2, F4E1M2X2):
        return unpack_fp4(values.astype(np.uint8), dtype)
    if dtype == F8E8M0:
        return values.view(np.uint8).view(ml_dtypes.float8_e8m0fnu).astype(np.float32)
    return values.astype(np.float32)


@cache
def _hif8_sorted() -> tuple[np.ndarray, np.ndarray]:
    """The finite HiFloat8 values in ascending order and their codes (one code per value)."""
    table = hif8_table().astype(np.float64)
    codes = np.array([c for c in range(256) if np.isfinite(table[c]) and c != 0x80], np.uint8)
    values = table[codes]
    order = np.argsort(values, kind="stable")
    values, codes = values[order], codes[order]
    keep = np.concatenate([[True], np.diff(values) > 0])
    return values[keep], codes[keep]


def to_hif8(values: np.ndarray, saturate: bool) -> np.ndarray:
    """f32 values to HiFloat8 codes: nearest, ties away from zero; NaN to 0x80; beyond the
    range +-inf, or +-32768 when `saturate` (sat turns NaN into 0 too)."""
    x = np.asarray(values, np.float64)
    grid, codes = _hif8_sorted()
    index = np.clip(np.searchsorted(grid, x), 1, grid.size - 1)
    low, high = grid[index - 1], grid[index]
    up = (high - x < x - low) | ((high - x == x - low) & (x > 0))
    out = np.where(up, codes[index], codes[index - 1]).astype(np.uint8)
    inf_code = np.where(x > 0, 0x6F, 0xEF).astype(np.uint8)
    big = np.abs(x) > HIF8_MAX
    if saturate:
        out = np.where(big, np.where(x > 0, codes[-1], codes[0]), out)
        out = np.where(np.isnan(x), 0x00, out)
    else:
        out = np.where(big, inf_code, out)
        out = np.where(np.isnan(x), 0x80, out)
    return out.astype(np.uint8)
