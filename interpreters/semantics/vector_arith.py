"""Vector compute micro-ops on one register: seed 004's binary family, `vabs`, `vneg`,
`vnot`, `vmula`, `vbr`, and the predicate generators `plt_b*` / `pset_b*`.

A vreg is a 1-D array of its lanes, a mask a 1-D bool array of the same length. Every
function returns fresh arrays and leaves its inputs alone.

- Active lanes (mask true) compute the seed's C formula in the element type: floats are
  rounded once to the element type (round-to-nearest-even), integers wrap modulo 2^bits;
  on two NaN operands the first one's NaN, quieted (`elementwise.first_nan`).
- Inactive lanes of every result, carry and borrow masks included, are zero (issue 4:
  "binary ops with inactive lanes zeroed"; the A5 implementations use `MODE_ZEROING`).
- `vmula` is fused: `acc + lhs * rhs` rounded once; a NaN operand gives the first NaN of
  acc, lhs, rhs, quieted (the two-NaN rule in operand order, as the matrix family's steps).
- Where seed 004 leaves the result "target-defined" (shift counts outside [0, bits - 1],
  `vdiv` by zero), the per-target `pto_dialect.rules.VECTOR_ARITH_RULES` decide.
- The interpreter's table keyed by op class (`interpreters/ops/vector_arith.py`) says which
  function computes which op.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from interpreters.engine.errors import PtoRuntimeError
from interpreters.semantics.elementwise import (
    absolute_values,
    arith,
    has_nan,
    negated_values,
    quieted,
    select_max,
    select_min,
    shifted,
)
from pto_dialect.dtypes import F32, DType
from pto_dialect.rules import DivByZero, VectorArithRules

LaneOp = Callable[[np.ndarray, np.ndarray, np.ndarray, DType, VectorArithRules], np.ndarray]
"""A binary vector op on (lhs, rhs, mask, dtype, rules), before inactive lanes are zeroed;
the interpreter's table keyed by op class says which is which."""


def _zero_inactive(values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """`values` (a fresh array) with the lanes where `mask` is false set to zero."""
    if mask is not lane_prefix(mask.size, mask.size):  # a full mask (`plt`, `pset`) skips it
        values[~mask] = 0
    return values


def _first_lane(lanes: np.ndarray) -> int:
    return int(np.flatnonzero(lanes)[0])


def lanes_of(ufunc: np.ufunc) -> LaneOp:
    """`ufunc(lhs, rhs)` in the element type; two NaNs give the first one's, quieted."""
    return lambda lhs, rhs, mask, dtype, rules: arith(ufunc, lhs, rhs)


def bitwise(ufunc: np.ufunc) -> LaneOp:
    """`ufunc` on the raw bits of the lanes: float lanes are read as unsigned integers of
    their width (vand/vor/vxor on f16, as PTOAS kernels use them)."""

    def run(
        lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray, dtype: DType, rules: VectorArithRules
    ) -> np.ndarray:
        bits = np.dtype(f"u{lhs.dtype.itemsize}")
        return ufunc(lhs.view(bits), rhs.view(bits)).view(lhs.dtype)

    return run


def maximum(
    lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray, dtype: DType, rules: VectorArithRules
) -> np.ndarray:
    return select_max(lhs, rhs, rules.max_min_fallback)


def minimum(
    lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray, dtype: DType, rules: VectorArithRules
) -> np.ndarray:
    return select_min(lhs, rhs, rules.max_min_fallback)


def divide(
    lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray, dtype: DType, rules: VectorArithRules
) -> np.ndarray:
    if dtype.is_int:  # C division, truncating, `MIN / -1` wrapping (A5's software vdiv)
        zero = mask & (rhs == 0)
        if zero.any():
            raise PtoRuntimeError(f"vdiv integer division by zero in active lane "
                                  f"{_first_lane(zero)}")  # fmt: skip
        wide_a, wide_b = lhs.astype(np.int64), np.where(rhs == 0, 1, rhs).astype(np.int64)
        return ((wide_a - np.fmod(wide_a, wide_b)) // wide_b).astype(lhs.dtype)
    if rules.div_by_zero is DivByZero.ERROR:
        zero = mask & (rhs == 0)
        if zero.any():
            lane = _first_lane(zero)
            raise PtoRuntimeError(f"vdiv by zero in active lane {lane}")
    return arith(np.divide, lhs, rhs)


def shift(left: bool) -> LaneOp:
    """`vshl` (`left`) or `vshr`: `elementwise.shifted` on the active lanes."""

    def run(
        lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray, dtype: DType, rules: VectorArithRules
    ) -> np.ndarray:
        name = "vshl" if left else "vshr"
        where = "in active lane {}".format
        return shifted(name, left, lhs, rhs, dtype, rules.shift_range, where, mask)

    return run


def binary(
    op: LaneOp,
    lhs: np.ndarray,
    rhs: np.ndarray,
    mask: np.ndarray,
    dtype: DType,
    rules: VectorArithRules,
) -> np.ndarray:
    """`op` of two vregs on the active lanes; inactive lanes are zero.

    Float exceptions are results (callers run under `np.errstate(all="ignore")`).
    """
    result = op(lhs, rhs, mask, dtype, rules)
    return _zero_inactive(np.asarray(result, dtype=lhs.dtype), mask)


def carry(
    add: bool, lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """`vaddc`/`vsubc` on 32-bit lanes as unsigned integers: (result, carry or borrow).

    vaddc: `r = (uint64)a + b; dst = (T)r; carry = r >> 32`; vsubc: `dst = a - b;
    carry = a >= b` (unsigned), the carry of `a + ~b + 1`, true when nothing was borrowed:
    PTOAS's board-tested vsubc cases (vsubc.md calls the predicate a borrow, `a < b`;
    docs/decisions.md). Inactive lanes: result 0, predicate false.
    """
    a, b = lhs.view(np.uint32), rhs.view(np.uint32)
    if add:
        result = a + b
        flag = result < a  # the 33rd bit of the exact sum
    else:
        result = a - b
        flag = a >= b
    return _zero_inactive(result, mask).view(lhs.dtype), flag & mask


UnaryLaneOp = Callable[[np.ndarray, DType], np.ndarray]
"""A unary vector op on (values, dtype), before inactive lanes are zeroed."""


def absolute(values: np.ndarray, dtype: DType) -> np.ndarray:
    """`vabs`, as the tile op `tabs` (`elementwise.absolute_values`)."""
    return absolute_values(values, dtype)


def negate(values: np.ndarray, dtype: DType) -> np.ndarray:
    """`vneg`, as the tile op `tneg` (`elementwise.negated_values`)."""
    return negated_values(values, dtype)


def invert(values: np.ndarray, dtype: DType) -> np.ndarray:
    """`vnot`: ~x."""
    return np.invert(values)


def unary(op: UnaryLaneOp, values: np.ndarray, mask: np.ndarray, dtype: DType) -> np.ndarray:
    """`op` on the active lanes; inactive lanes are zero."""
    return _zero_inactive(np.array(op(values, dtype), dtype=values.dtype), mask)


def multiply_add(
    acc: np.ndarray, lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray, dtype: DType
) -> np.ndarray:
    """`vmula`: `acc + lhs * rhs` on the active lanes, fused (one rounding); inactive lanes
    are zero. Integers wrap modulo 2^bits."""
    if not dtype.is_float:
        result = np.add(acc, np.multiply(lhs, rhs))
        return _zero_inactive(result, mask)
    with np.errstate(invalid="ignore"):  # a signalling NaN widened
        product = lhs.astype(np.float64) * rhs.astype(np.float64)  # exact: <= 2 x 24 bits
        addend = acc.astype(np.float64)
    total = product + addend
    # TwoSum: `total + error` is the exact sum (no overflow: |values| < 2^257).
    back = total - product
    error = (product - (total - back)) + (addend - back)
    result = narrow(_to_odd(total, error), dtype)
    for operand in (rhs, lhs, acc):  # the first NaN operand wins
        if has_nan(operand):
            result = np.where(np.isnan(operand), quieted(operand), result)
    return _zero_inactive(result, mask)


def _to_odd(nearest: np.ndarray, error: np.ndarray) -> np.ndarray:
    """Round-to-odd of `exact`, given `nearest` (its round-to-nearest) and `error` (of the
    sign of `exact - nearest`): an inexact result takes the neighbour with an odd last bit.
    Rounding that once more to a format at least two bits narrower is the correct rounding
    of `exact` (Boldo and Melquiond, "Emulation of FMA and correctly rounded sums")."""
    uint = np.dtype(f"u{nearest.dtype.itemsize}")
    inexact = (error != 0) & np.isfinite(nearest)
    even = (nearest.view(uint) & 1) == 0
    fix = inexact & even
    if not fix.any():
        return nearest
    toward = np.where(error > 0, np.inf, -np.inf).astype(nearest.dtype)
    return np.where(fix, np.nextafter(nearest, toward), nearest)


def narrow(values: np.ndarray, dtype: DType) -> np.ndarray:
    """float64 `values` correctly rounded (nearest-even) to the float type `dtype`.

    numpy/ml_dtypes convert float64 to f16/bf16 through float32 for some types, which can
    round twice; going through float32 with round-to-odd avoids that.
    """
    if dtype == F32:
        return values.astype(np.float32)
    single = values.astype(np.float32)
    back = single.astype(np.float64)
    error = np.where(np.isfinite(single) & np.isfinite(values), np.sign(values - back), 0.0)
    return _to_odd(single, error.astype(np.float32)).astype(dtype.numpy)


def broadcast(value: int | float, dtype: DType, lanes: int) -> np.ndarray:
    """`vbr`: every lane takes the scalar; integers keep the low `bits` bits (b8 forms
    consume the low 8 bits), floats are rounded to the element type."""
    if dtype.is_float:
        scalar = narrow(np.array([float(value)], dtype=np.float64), dtype)
        return np.full(lanes, scalar[0], dtype=dtype.numpy)
    raw = int(value) & ((1 << dtype.bits) - 1)
    unsigned = np.dtype(f"u{dtype.bytes}")
    return np.full(lanes, raw, dtype=unsigned).view(dtype.numpy)


def to_i32(value: int) -> int:
    """A Python int read as a signed 32-bit integer (`i32` scalars)."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value & 0x80000000 else value


def plt(remaining: int, lanes: int) -> tuple[np.ndarray, int]:
    """`plt_bW`: lane i is active iff `i < remaining`; the count left for the next vreg is
    `remaining < lanes ? 0 : remaining - lanes` (docs/decisions.md, the PTOAS rule)."""
    remaining = to_i32(remaining)
    return lane_prefix(lanes, min(max(remaining, 0), lanes)), max(remaining - lanes, 0)


@cache
def lane_prefix(lanes: int, active: int) -> np.ndarray:
    """A mask of `lanes` lanes whose lowest `active` are on: one read-only array per shape,
    so that a full mask is recognised by identity (`vsts`) and never built twice."""
    mask = np.arange(lanes) < active
    mask.flags.writeable = False
    return mask


def pset(pattern: str, lanes: int) -> np.ndarray:
    """`pset_bW "PATTERN"`, lanes counted at the mask's granularity (AscendC `pset_b*`):

    PAT_ALL every lane; PAT_ALLF none; PAT_VLn the lowest n lanes; PAT_H the lowest half;
    PAT_Q the lowest quarter; PAT_M3 / PAT_M4 the lanes whose index is a multiple of 3 / 4.
    """
    index = np.arange(lanes)
    if pattern == "PAT_ALL":
        return lane_prefix(lanes, lanes)
    if pattern == "PAT_ALLF":
        return np.zeros(lanes, dtype=np.bool_)
    if pattern == "PAT_H":
        return index < lanes // 2
    if pattern == "PAT_Q":
        return index < lanes // 4
    if pattern == "PAT_M3":
        return index % 3 == 0
    if pattern == "PAT_M4":
        return index % 4 == 0
    if pattern.startswith("PAT_VL"):
        count = int(pattern.removeprefix("PAT_VL"))
        if count > lanes:
            raise PtoRuntimeError(f"pattern {pattern} selects {count} lanes of {lanes}")
        return index < count
    raise PtoRuntimeError(f"unknown predicate pattern {pattern}")
