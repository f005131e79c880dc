"""Bit counts of vector lanes (`vbcnt`, `vcls`) and the register copy `vmov`, as pure numpy
on whole registers (`UnaryLaneOp`s: inactive lanes are zeroed by `vector_arith.unary`).

- `popcount`: the number of set bits of each lane's `bits`-bit pattern (vbcnt.md: "over the
  source element width").
- `leading_sign_bits`: the number of leading bits equal to the sign bit, the sign bit
  included (vcls.md: "identical bits starting from the most significant bit until the first
  opposite bit"), so 0 and -1 give the element width; unsigned lanes are read as their bit
  pattern (two's complement), the count depends on the bits alone.
"""

from __future__ import annotations

import numpy as np

from pto_dialect.dtypes import DType


def _unsigned(values: np.ndarray, dtype: DType) -> np.ndarray:
    return values.view(np.dtype(f"u{dtype.bytes}"))


def popcount(values: np.ndarray, dtype: DType) -> np.ndarray:
    """`vbcnt`: the set bits of each lane, in the lane type."""
    return np.bitwise_count(_unsigned(values, dtype)).astype(values.dtype)


def leading_sign_bits(values: np.ndarray, dtype: DType) -> np.ndarray:
    """`vcls`: leading bits equal to the sign bit (sign bit included), in the lane type."""
    signed = values.view(np.dtype(f"i{dtype.bytes}"))
    # x ^ (x >> (bits - 1)) clears the leading sign copies: its leading zeros are the count
    folded = _unsigned(signed ^ (signed >> (dtype.bits - 1)), dtype)
    _, length = np.frexp(folded.astype(np.float64))  # bit length (exact: <= 32 bits)
    return (dtype.bits - length).astype(values.dtype)


def copy(values: np.ndarray, dtype: DType) -> np.ndarray:
    """`vmov`: the lanes' bits unchanged (NaN payloads included)."""
    return values.copy()
