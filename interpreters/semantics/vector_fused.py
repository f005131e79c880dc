"""The fused SFU/DSA vector ops and the lane rounding/recasting ops, as pure numpy on whole
registers (docs/semantics.md, "Fused vector ops"). Inactive lanes of every result are zero.

- `vaddrelu`/`vsubrelu`: the sum or difference rounded once to the element type, then
  `x > 0 ? x : 0` (as `vrelu`: NaN and -0 give +0).
- `vaddreluconv`/`vmulconv`: the sum (then ReLU) or product in the source type, converted
  to the destination with the op's round mode and saturation exactly as `vcvt`
  (`convert.convert_lanes`: narrowing k:1 puts source lane i in lane k*i).
- `vmull`: the exact 64-bit product of 32-bit lanes (signed for i32, unsigned for ui32),
  its low and high 32 bits.
- `vtrc`: each finite lane rounded to an integral value with the mode (signs of zeros
  kept), as `tcvt` f32 -> f32; infinities pass, NaN stays NaN (quieted).
- `pbitcast`: a mask image read at another granularity.
"""

from __future__ import annotations

import numpy as np

from interpreters.semantics import predicate
from interpreters.semantics.convert import convert, convert_lanes
from interpreters.semantics.elementwise import arith
from interpreters.semantics.math import relu_values
from interpreters.semantics.vector_arith import LaneOp
from pto_dialect.attrs import RoundMode, SatMode
from pto_dialect.dtypes import DType
from pto_dialect.rules import VectorArithRules


def relu_of(ufunc: np.ufunc) -> LaneOp:
    """`max(0, ufunc(lhs, rhs))`, the inner result rounded once to the element type."""

    def run(
        lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray, dtype: DType, rules: VectorArithRules
    ) -> np.ndarray:
        return relu_values(arith(ufunc, lhs, rhs), dtype)

    return run


def fused_convert(
    lanes_op: tuple[np.ufunc, bool],
    lhs: np.ndarray,
    rhs: np.ndarray,
    mask: np.ndarray,
    types: tuple[DType, DType, int],
    conversion: tuple[RoundMode, SatMode],
) -> np.ndarray:
    """`convert(relu?(ufunc(lhs, rhs)))`: `lanes_op` is (ufunc, relu), `types` (source,
    destination, destination lanes)."""
    ufunc, relu = lanes_op
    src, dst, lanes = types
    value = arith(ufunc, lhs, rhs)
    if relu:
        value = relu_values(value, src)
    return convert_lanes(np.asarray(value, dtype=lhs.dtype), mask, dst, lanes, 0, conversion, src)


def widening_multiply(
    lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """`vmull`: (low, high) 32-bit halves of the exact products, in the lane type."""
    wide = np.int64 if lhs.dtype.kind == "i" else np.uint64
    product = (lhs.astype(wide) * rhs.astype(wide)).view(np.uint64)
    low = (product & np.uint64(0xFFFFFFFF)).astype(np.uint32).view(lhs.dtype)
    high = (product >> np.uint64(32)).astype(np.uint32).view(lhs.dtype)
    low[~mask] = 0
    high[~mask] = 0
    return low, high


def round_lanes(values: np.ndarray, mask: np.ndarray, dtype: DType, mode: RoundMode) -> np.ndarray:
    """`vtrc`: integral values in the lane type, exactly `tcvt`'s same-type conversion
    (`convert.convert`: infinities pass, NaN stays NaN, quieted)."""
    result = convert(values, dtype, dtype, mode, SatMode.OFF, 32)
    result[~mask] = 0
    return result


def recast_mask(mask: np.ndarray, lanes: int) -> np.ndarray:
    """`pbitcast`: the image of `mask` read as `lanes` lanes (finer: each lane repeated, or
    the register bits of a mask that holds bits between its lanes; coarser: the first lane
    of each group, the register image kept: `predicate.RegisterLanes`)."""
    if lanes >= len(mask):
        if isinstance(mask, predicate.RegisterLanes):
            return predicate.lanes_of(predicate.register_bits(mask), lanes)
        return np.repeat(mask, lanes // len(mask))
    return predicate.lanes_of(predicate.register_bits(mask), lanes)
