"""MX quantisation (`tquant.mx`): groups of 32 values share one E8M0 exponent.

Bit-exact to pto-isa's CPU simulator (include/pto/cpu/TQuant.hpp, the reference its A5 tests
compare against), on whole arrays:

- the group maximum: of |x| in f32, NaN ignored (MXFP8, and MXFP4 with the NV algorithm,
  where a NaN makes the maximum NaN); OCP MXFP4 takes the largest bf16-truncated |x| bits;
- the shared exponent (`ComputeSharedExponent` and kin): OCP the maximum's f32 exponent field
  minus the element format's emax (8 for E4M3, 2 for E2M1), at least 0, 0xFF for NaN; NV the
  exponent of max / 448 (E4M3) or max / 6 (E2M1), rounded up when a mantissa bit is set;
- the group scaling 2^(127 - e) (2^-127 for e = 254; the maximum itself for e = 0xFF);
- each value times the scaling (f32), encoded as E4M3FN (nearest, ties to the even code,
  clipped to +-448, NaN 0x7F, a value that rounds to zero +0; NV: |v| < 2^-10 keeps its
  sign) or E2M1 (the simulator's magic-number rounding; bf16 sources round the product to
  bf16 first).
"""

from __future__ import annotations

from typing import Literal

import ml_dtypes
import numpy as np

GROUP = 32
"""Values sharing one exponent."""
FP8_MAX = 448.0
NV_FP8_MULTIPLIER = np.float32(1.0 / 448.0)
NV_FP4_MULTIPLIER = np.float32(1.0 / 6.0)
NV_ZERO_BELOW = np.float32(2.0**-10)
"""NV E4M3 encoding: smaller magnitudes become a zero of their sign."""
MIN_SCALING = np.float32(2.0**-127)

Format = Literal["fp8", "fp4"]


def _bits(values: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(values, np.float32).view(np.uint32)


def _floats(bits: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(bits, np.uint32).view(np.float32)


def group_max(groups: np.ndarray, fmt: Format, nv: bool) -> np.ndarray:
    """The maximum |x| of each group (last axis of `groups`, f32 values)."""
    absolute = np.abs(groups.astype(np.float32))
    if fmt == "fp4" and not nv:
        halves = (_bits(absolute) >> 16).astype(np.uint16)
        return _floats(halves.max(axis=-1).astype(np.uint32) << 16)
    best = np.where(np.isnan(absolute), np.float32(0), absolute).max(axis=-1)
    if fmt == "fp4":
        best = np.where(np.isnan(absolute).any(axis=-1), np.float32(np.nan), best)
    return best.astype(np.float32)


def shared_exponent(maximum: np.ndarray, fmt: Format, nv: bool) -> np.ndarray:
    """The E8M0 exponent byte of each group maximum."""
    if nv:
        multiplier = NV_FP8_MULTIPLIER if fmt == "fp8" else NV_FP4_MULTIPLIER
        bits = _bits(maximum * multiplier)
        exponent, mantissa = (bits >> 23) & 0xFF, bits & 0x7FFFFF
        up = (mantissa > 0) & (exponent != 0xFE) & ~((exponent == 0) & (mantissa <= 0x400000))
        result = exponent + up.astype(np.uint32)
        result = np.where(exponent == 0xFF, np.where(mantissa == 0, 0xFE, 0xFF), result)
        return np.where(maximum == 0, 0, result).astype(np.uint8)
    emax = 8 if fmt == "fp8" else 2
    bits = _bits(maximum)
    exponent, mantissa = (bits >> 23) & 0xFF, bits & 0x7FFFFF
    result = np.where(exponent <= emax, 0, exponent - emax)
    return np.where((exponent == 0xFF) & (mantissa != 0), 0xFF, result).astype(np.uint8)


def group_scaling(maximum: np.ndarray, exponent: np.ndarray) -> np.ndarray:
    """The multiplier of each group: 2^(127 - e), 2^-127 where that is 0, the maximum for 0xFF."""
    scale_bits = (254 - exponent.astype(np.uint32)) << 23
    scaling = _floats(np.where(exponent == 0xFF, 0, scale_bits).astype(np.uint32))
    scaling = np.where(scaling == 0, MIN_SCALING, scaling)
    return np.where(exponent == 0xFF, maximum, scaling).astype(np.float32)


def encode_e4m3(values: np.ndarray, nv: bool) -> np.ndarray:
    """E4M3FN codes of f32 values (the simulator's `EncodeE4M3Fn`)."""
    clipped = np.clip(values, -FP8_MAX, FP8_MAX)
    codes = clipped.astype(ml_dtypes.float8_e4m3fn).view(np.uint8)
    codes = np.where(codes & 0x7F == 0, np.uint8(0), codes)
    if nv:
        tiny = np.abs(values) < NV_ZERO_BELOW
        codes = np.where(tiny, np.where(np.signbit(values), 0x80, 0x00), codes)
    return np.where(np.isnan(values), 0x7F, codes).astype(np.uint8)


def encode_e2m1(values: np.ndarray) -> np.ndarray:
    """E2M1 nibbles of f32 values (the simulator's `EncodeE2M1Magic`)."""
    values = values.astype(np.float32)
    sign = ((_bits(values) >> 28) & 0x8).astype(np.uint32)
    absolute = np.abs(values)
    biased = np.clip((_bits(absolute) & 0x7F800000) >> 23, 127, 129)
    magic = (biased + 22) << 23
    with np.errstate(over="ignore", invalid="ignore"):
        q = _bits(absolute + _floats(magic)) - magic
    magnitude = np.minimum(q + ((biased - 127) << 1), 7)
    codes = np.where(np.isinf(absolute), 7, magnitude) | sign
    return np.where(np.isnan(values), 0x7, codes).astype(np.uint8)


def _round_bf16(values: np.ndarray) -> np.ndarray:
    bits = _bits(values)
    return _floats(((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16)


def quantize(
    groups: np.ndarray, fmt: Format, nv: bool, bf16_source: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(codes, exponent, maximum, scaling) of `groups` (..., 32) of f32 source values: a code
    byte (E4M3) or nibble (E2M1) per value, the rest per group."""
    maximum = group_max(groups, fmt, nv)
    exponent = shared_exponent(maximum, fmt, nv)
    scaling = group_scaling(maximum, exponent)
    with np.errstate(over="ignore", invalid="ignore"):
        scaled = groups.astype(np.float32) * scaling[..., None]
    if fmt == "fp8":
        return encode_e4m3(scaled, nv), exponent, maximum, scaling
    if bf16_source:
        scaled = _round_bf16(scaled)
    codes = encode_e2m1(scaled)
    special = np.isnan(scaling)[..., None] | np.isinf(scaling)[..., None]
    pinned = np.where(np.isinf(scaling) & (scaling < 0), 0x0F, 0x07)[..., None]
    return np.where(special, pinned, codes).astype(np.uint8), exponent, maximum, scaling


def reorder_zz(exponent: np.ndarray) -> np.ndarray:
    """The M x G exponents in ZZ order (16 rows x 2 groups per block, row-major blocks), flat:
    the simulator's `ReorderExponentZZ` (M a multiple of 16, G even)."""
    rows, groups = exponent.shape
    blocks = exponent.reshape(rows // 16, 16, groups // 2, 2).transpose(0, 2, 1, 3)
    return blocks.reshape(-1)


def nd_to_zz(exponents: np.ndarray) -> np.ndarray:
    """pto-isa's `TMovNdTo2Zz` bytes for M x G (G even) exponents: rows padded with zeros to a
    multiple of 16, then 16 rows x 2 groups per box, boxes row-block-major."""
    rows, groups = exponents.shape
    padded = np.zeros((-(-rows // 16) * 16, groups), exponents.dtype)
    padded[:rows] = exponents
    return reorder_zz(padded)


def dn_to_zz(exponents: np.ndarray) -> np.ndarray:
    """pto-isa's `TMovDnTo2Zz` bytes for M^ x N (M^ even, N a multiple of 16) exponents of
    axis-0 groups: box (column block cb, row pair p) at (cb * M^/2 + p) * 32 holds
    E[2p + d][16 cb + q] at byte 2q + d."""
    rows, cols = exponents.shape
    boxes = exponents.reshape(rows // 2, 2, cols // 16, 16).transpose(2, 0, 3, 1)
    return boxes.reshape(-1)


def from_box_order(data: np.ndarray, rows: int, cols: int, order: str) -> np.ndarray:
    """The rows x cols matrix whose bytes `data` holds in MX box order: "zz" (`reorder_zz` of
    the rows padded to 16 and the columns to 2) or "nn" (`dn_to_zz` of the rows padded to 2
    and the columns to 16); `data` has at least the padded matrix's bytes."""
    if order == "zz":
        shape = (-(-rows // 16) * 16, -(-cols // 2) * 2)
        positions = reorder_zz(np.arange(shape[0] * shape[1]).reshape(shape))
    else:
        shape = (-(-rows // 2) * 2, -(-cols // 16) * 16)
        positions = dn_to_zz(np.arange(shape[0] * shape[1]).reshape(shape))
    matrix = np.empty(shape[0] * shape[1], data.dtype)
    matrix[positions] = data[: positions.size]
    return matrix.reshape(shape)[:rows, :cols]
