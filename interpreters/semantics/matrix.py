"""Matrix and matrix-vector multiply: the tile ops (`tmatmul`, `tgemv` and their `.acc`,
`.bias`, `.mx` forms) and the cube's `mad` family share this arithmetic.

    C[i, j] = start[i, j] (+) A[i, 0] * B[0, j] (+) A[i, 1] * B[1, j] (+) ... [(+) late terms]

for i < m, j < n, k ascending, each `(+) a * b` one fused multiply-add rounded once to the
accumulator type (the board's `fma(a, b, c)`, hw-native-sys/pto-isa#280; pto-isa's CPU
simulator `std::fma`): `start` is acc_in (`.acc` where `MATMUL_RULES` says FIRST), the bias
row (where it says so) or zero; acc_in (LAST) and bias (AFTER_SUM) otherwise join once after
the sum. int8 products are exact int32 values summed with int32 wrap-around. Operands are
widened to f32 exactly first (f16, bf16, fp8, HiFloat8, FP4; `mx_formats`); an MX product
scales each 32-element K group of A by its row's scale and of B by its column's.

NaN payloads: a step with NaN operands returns the first of acc, a, b that is NaN, quieted
(the two-NaN rule of the elementwise ops, `elementwise.first_nan`), so a result with several
NaN terms carries the earliest in the order above.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import ml_dtypes
import numpy as np

from interpreters.engine.errors import check
from interpreters.semantics.elementwise import arith, has_nan, quieted
from interpreters.semantics.mx_formats import to_f32
from interpreters.semantics.vector_arith import narrow
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import BF16, F4E1M2X2, F4E2M1X2, F8E4M3, F8E5M2, F16, F32, HIF8, DType
from pto_dialect.mx import MX_GROUP
from pto_dialect.rules import MATMUL_RULES, AccIn, BiasAdd

EXACT_PRODUCT_TYPES = frozenset({F16, F8E4M3, F8E5M2, HIF8, F4E2M1X2, F4E1M2X2})
"""Operand types whose products are exact normal-or-zero f32 values: at most 11 significant
bits and exponents well inside f32's range (bf16 and TF32 have f32's exponents, so their
products can underflow: they take the fused path)."""

NARROW_TYPES = EXACT_PRODUCT_TYPES | {BF16}
"""Operand types of at most 11 significant bits: a product of two is exact in f32 whenever it
is a normal f32 value (checked per instruction for bf16, `products_stay_normal`)."""

MAX_MNK = 4095
"""Largest m, k or n of one matrix instruction (MMAD_MAX_SUPPORT_LENGTH)."""


def check_sizes(m: int, k: int, n: int, gemv: bool) -> None:
    """The run-time rules on m, k, n (seed 000; TMATMUL PTO_ASSERTs)."""
    if gemv:
        check(m == 1, f"gemv needs m == 1: the left tile has {m} valid rows")
    for name, value, source in (
        ("m", m, "the left tile's valid rows"),
        ("k", k, "the right tile's valid rows" if gemv else "the left tile's valid columns"),
        ("n", n, "the right tile's valid columns"),
    ):
        check(
            1 <= value <= MAX_MNK,
            f"{name} = {value} ({source}) must lie in [1, {MAX_MNK}]",
        )


@dataclass(frozen=True)
class Numerics:
    """How the cube treats operands and the sum (the `mad` clauses; tile ops: the default)."""

    saturate: bool = False
    """`sat`: inf operands become the operand type's largest finite value and NaN 0; each
    step's result is clamped to the accumulator's finite range and NaN becomes 0."""
    tf32: str | None = None
    """`round_even` / `round_away`: f32 operands rounded to TF32 (10 mantissa bits) first."""


def operand_values(values: np.ndarray, dtype: DType, acc: DType) -> np.ndarray:
    """Operand elements widened exactly to the accumulator type (FP4 pairs unpacked)."""
    if not acc.is_float:
        return values.astype(np.int64)
    if dtype.coded or dtype.numpy.kind == "V" or dtype.bits == 8:
        return to_f32(values, dtype)
    return values.astype(np.float32)


def tf32_round(values: np.ndarray, mode: str) -> np.ndarray:
    """f32 values rounded to TF32 (10 mantissa bits): to nearest even, or ties away."""
    bits = values.astype(np.float32).view(np.uint32)
    keep = np.uint32(0xFFFFE000)
    if mode == "round_even":
        bias = np.uint32(0x0FFF) + ((bits >> np.uint32(13)) & np.uint32(1))
    else:
        bias = np.uint32(0x1000)
    finite = np.isfinite(values)
    with np.errstate(over="ignore"):
        rounded = ((bits + bias) & keep).view(np.float32)
    return np.where(finite, rounded, values).astype(np.float32)


def finite_max(dtype: DType) -> float:
    """The largest finite value of float type `dtype`."""
    if dtype.coded:
        codes = np.arange(256, dtype=np.uint8)
        values = to_f32(codes[:, None] if dtype.values > 1 else codes, dtype)
        finite: list[float] = np.abs(values[np.isfinite(values)]).astype(np.float64).tolist()
        return max(finite)
    info = cast(Any, ml_dtypes.finfo(dtype.numpy))  # ml_dtypes' finfo is untyped
    return float(info.max)


def _saturated_inputs(values: np.ndarray, dtype: DType) -> np.ndarray:
    """`sat` on an operand: +-inf to the type's largest finite value, NaN to 0."""
    big = finite_max(dtype)
    out = np.where(np.isnan(values), np.float32(0), values)
    return np.clip(out, -big, big).astype(np.float32)


def product_sum(
    a: np.ndarray,
    b: np.ndarray,
    acc: DType,
    start: np.ndarray | None = None,
    saturate: bool = False,
    exact_products: bool = False,
) -> np.ndarray:
    """`start (+) a[:, 0] * b[0] (+) a[:, 1] * b[1] (+) ...` over the k of `a` (m x k) and
    `b` (k x n), each step fused and rounded once to `acc` (f32: through float64 and round
    to odd, or one f32 add where every product is exact in f32 (`exact_products`:
    `EXACT_PRODUCT_TYPES` operands); int32: exact with wrap-around)."""
    m, k = a.shape
    n = b.shape[1]
    if not acc.is_float:
        total = np.zeros((m, n), np.int64) if start is None else start.astype(np.int64)
        total = total + a.astype(np.int64) @ b.astype(np.int64)
        return ((total + 2**31) % 2**32 - 2**31).astype(np.int32)
    big = np.float32(np.finfo(np.float32).max)
    with np.errstate(all="ignore"):
        c = np.zeros((m, n), np.float32) if start is None else np.array(start, np.float32)
        a64, b64 = a.astype(np.float64), b.astype(np.float64)
        nans = has_nan(a) or has_nan(b)
        a32, b32 = a.astype(np.float32), b.astype(np.float32)
        for i in range(k):
            if exact_products:
                product = arith(np.multiply, a32[:, i : i + 1], b32[i : i + 1, :])
                c = arith(np.add, c, product)
            else:
                c = _fma(a64[:, i : i + 1], b64[i : i + 1, :], c, nans)
            if saturate:
                c = np.clip(np.where(np.isnan(c), np.float32(0), c), -big, big)
    return c


def _fma(a: np.ndarray, b: np.ndarray, c: np.ndarray, nans: bool) -> np.ndarray:
    """`c + a * b` rounded once to f32: a product of f32 values is exact in float64, the sum
    rounded to nearest in float64 with its TwoSum error made sticky (round to odd) rounds
    correctly to f32 (Boldo and Melquiond)."""
    product = a * b
    addend = c.astype(np.float64)
    total = addend + product
    back = total - product
    error = (product - (total - back)) + (addend - back)
    result = narrow(_sticky(total, error), F32)
    if nans or has_nan(c):
        result = _first_nan(result, c, np.broadcast_to(a, c.shape), np.broadcast_to(b, c.shape))
    return result


def _sticky(nearest: np.ndarray, error: np.ndarray) -> np.ndarray:
    """Round to odd: an inexact float64 result takes its neighbour with an odd last bit."""
    inexact = (error != 0) & np.isfinite(nearest) & np.isfinite(error)
    even = (nearest.view(np.uint64) & np.uint64(1)) == 0
    fix = inexact & even
    if not fix.any():
        return nearest
    toward = np.where(error > 0, np.inf, -np.inf)
    return np.where(fix, np.nextafter(nearest, toward), nearest)


def _first_nan(result: np.ndarray, c: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """`result` with each lane whose acc, a or b is NaN set to the first of them, quieted."""
    for value in (b, a, c):
        if value.dtype != np.float32:
            value = value.astype(np.float32)
        nan = np.isnan(value)
        if nan.any():
            result = np.where(nan, quieted(value), result)
    return result


def operand_matrices(
    acc: DType,
    a: np.ndarray,
    b: np.ndarray,
    m: int,
    k: int,
    n: int,
    operands: tuple[DType, DType] | None = None,
    scales: tuple[np.ndarray, np.ndarray] | None = None,
    numerics: Numerics | None = None,
) -> tuple[np.ndarray, np.ndarray, bool]:
    """A (m x k) and B (k x n) as the values the sum multiplies (widened, saturated, TF32-
    rounded, MX-scaled as asked), and whether every product is exact in f32."""
    how = numerics or Numerics()
    if operands is None:  # plain numeric arrays (tests, the vector-unit form)
        lhs_type = rhs_type = acc
        lhs = np.asarray(a)[:m, :k].astype(acc.numpy)
        rhs = np.asarray(b)[:k, :n].astype(acc.numpy)
    else:
        lhs_type, rhs_type = operands
        lhs = operand_values(np.asarray(a)[:m, : lhs_type.elements_for(k)], lhs_type, acc)
        rhs = _rows(np.asarray(b)[: rhs_type.elements_for(k), :n], rhs_type, acc)
        lhs, rhs = lhs[:, :k], rhs[:k]
    if acc.is_float:
        with np.errstate(all="ignore"):
            if how.saturate:
                lhs, rhs = _saturated_inputs(lhs, lhs_type), _saturated_inputs(rhs, rhs_type)
            if how.tf32 is not None:
                lhs, rhs = tf32_round(lhs, how.tf32), tf32_round(rhs, how.tf32)
            if scales is not None:
                groups = np.arange(k) // MX_GROUP
                lhs = (lhs.astype(np.float64) * scales[0][:m, groups]).astype(np.float32)
                rhs = (rhs.astype(np.float64) * scales[1][groups, :n]).astype(np.float32)
    plain = operands is not None and scales is None and how.tf32 is None
    exact = plain and all(t in EXACT_PRODUCT_TYPES for t in operands or ())
    if plain and not exact and acc.is_float and all(t in NARROW_TYPES for t in operands or ()):
        exact = products_stay_normal(lhs, rhs)
    return lhs, rhs, exact


def products_stay_normal(lhs: np.ndarray, rhs: np.ndarray) -> bool:
    """Whether every product `lhs[i, k] * rhs[k, j]` of these finite values is zero or a
    normal f32 (then, of two narrow operands, exact: the fused step's result is one f32 add;
    bf16 underflows or overflows only with extreme exponents)."""
    with np.errstate(all="ignore"):
        if not (np.isfinite(lhs).all() and np.isfinite(rhs).all()):
            return False
        a, b = np.abs(lhs), np.abs(rhs)
        a, b = a[a > 0], b[b > 0]
        if a.size == 0 or b.size == 0:
            return True
        tiny = float(a.min()) * float(b.min())
        huge = float(a.max()) * float(b.max())
    return tiny >= float(np.finfo(np.float32).tiny) and huge <= float(np.finfo(np.float32).max)


def matmul(
    arch: TargetArch,
    acc_dtype: DType,
    a: np.ndarray,
    b: np.ndarray,
    m: int,
    k: int,
    n: int,
    acc_in: np.ndarray | None = None,
    bias: np.ndarray | None = None,
    operands: tuple[DType, DType] | None = None,
    scales: tuple[np.ndarray, np.ndarray] | None = None,
    numerics: Numerics | None = None,
) -> np.ndarray:
    """The m x n result of `[acc_in +] a[:m, :k] @ b[:k, :n] [+ bias[0, :n]]` on `arch`.

    `a`, `b`, `acc_in` and `bias` are logical (row-major indexed) arrays at least as large as
    the region they contribute, of the `operands` element types (default: their numpy
    types); `scales` are the MX scales (m x ceil(k/32) of A, ceil(k/32) x n of B, f32 values);
    the result has the accumulator dtype.
    """
    rules = MATMUL_RULES[arch]
    how = numerics or Numerics()
    lhs, rhs, exact = operand_matrices(acc_dtype, a, b, m, k, n, operands, scales, how)
    acc_np = acc_dtype.numpy
    start: np.ndarray | None = None
    if acc_in is not None and rules.acc_in is AccIn.FIRST:
        start = np.array(acc_in[:m, :n], dtype=acc_np)
    if bias is not None and rules.bias is BiasAdd.START:
        start = np.broadcast_to(np.asarray(bias[0:1, :n], dtype=acc_np), (m, n))
    total = product_sum(lhs, rhs, acc_dtype, start, how.saturate, exact)
    with np.errstate(all="ignore"):
        if acc_in is not None and rules.acc_in is AccIn.LAST:
            total = _add(np.asarray(acc_in[:m, :n], dtype=acc_np), total)
        if bias is not None and rules.bias is BiasAdd.AFTER_SUM:
            total = _add(total, np.asarray(bias[0:1, :n], dtype=acc_np))
    return total


def _add(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """One add in the accumulator type: f32 rounded once, int32 wrapping around."""
    if x.dtype.kind == "f":
        return arith(np.add, x, y)
    wide = x.astype(np.int64) + y.astype(np.int64)
    return ((wide + 2**31) % 2**32 - 2**31).astype(np.int32)


def _rows(values: np.ndarray, dtype: DType, acc: DType) -> np.ndarray:
    """B's stored rows widened: packed pairs (FP4) run along K (rows): unpack column-wise."""
    if dtype.values > 1:
        return operand_values(values.T, dtype, acc).T
    return operand_values(values, dtype, acc)
