"""Matrix and matrix-vector multiply (`tmatmul`, `tgemv` and their `.acc`/`.bias` forms).

    C[i, j] = [acc_in[i, j] +] sum_{k' < k} A[i, k'] * B[k', j] [+ bias[0, j]]

for i < m, j < n. The sum runs over k' in ascending order in the accumulator
dtype: int8 products are exact int32 values summed with int32 wrap-around; f16,
bf16, fp8 and f32 operands are widened to f32 (exactly), each product is an f32
multiply (exact for 8/16-bit operands, rounded once for f32) and each add rounds
to nearest even. Where `.acc` adds the incoming accumulator and how `.bias`
rounds are the per-target rows of `RULES`.

NaN payloads follow the same order: every multiply and add is one float op under the
project's two-NaN rule (the first operand's NaN, quieted: `elementwise.first_nan`), so a
result with several NaN terms carries the first of them in k order, whatever k is.
"""

from __future__ import annotations

import numpy as np

from interpreters.engine.errors import check
from interpreters.semantics.elementwise import apply_nan, arith, first_nan, has_nan
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.rules import MATMUL_RULES, AccIn

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
) -> np.ndarray:
    """The m x n result of `[acc_in +] a[:m, :k] @ b[:k, :n] [+ bias[0, :n]]` on `arch`.

    `a`, `b`, `acc_in` and `bias` are logical (row-major indexed) arrays at least as
    large as the region they contribute; the result has the accumulator dtype.
    """
    rules = MATMUL_RULES[arch]
    acc_np = acc_dtype.numpy
    lhs = np.asarray(a[:m, :k]).astype(acc_np)
    rhs = np.asarray(b[:k, :n]).astype(acc_np)
    start = acc_in is not None and rules.acc_in is AccIn.FIRST
    if acc_in is not None and start:
        total = np.array(acc_in[:m, :n], dtype=acc_np)
    else:
        total = np.zeros((m, n), acc_np)
    with np.errstate(all="ignore"):
        if acc_np.kind == "f" and (has_nan(lhs) or has_nan(rhs) or has_nan(total)):
            product = np.empty((m, n), acc_np)
            for i in range(k):  # one k at a time: which NaN of several the sum carries
                _step(np.multiply, lhs[:, i : i + 1], rhs[i : i + 1, :], product)
                _step(np.add, total, product, total)
        else:  # a NaN made here is the machine's one default NaN: no choice to make
            total = _sum_in_order(total, lhs, rhs)
        if acc_in is not None and not start:
            total = arith(np.add, np.asarray(acc_in[:m, :n], dtype=acc_np), total)
        if bias is not None:
            # Both BiasAdd rows add once after the sum in the accumulator dtype (f32 RNE or
            # int32 wrap-around), so they share this line.
            total = arith(np.add, total, np.asarray(bias[0:1, :n], dtype=acc_np))
    return total


_SLAB = 1 << 21
"""Elements of the k' x m x n products made in one numpy call by `_sum_in_order`."""


def _sum_in_order(total: np.ndarray, lhs: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """`total + lhs[:, 0] * rhs[0, :] + lhs[:, 1] * rhs[1, :] + ...`, every product and
    every add rounded in k order, as one k at a time: the products of several k in one
    call, then one add per k."""
    (m, k), n = lhs.shape, rhs.shape[1]
    width = max(1, _SLAB // max(1, m * n))
    total = np.array(total, copy=True)
    for start in range(0, k, width):
        stop = min(k, start + width)
        products = lhs.T[start:stop, :, None] * rhs[start:stop, None, :]
        for product in products:
            np.add(total, product, out=total)
    return total


def _step(ufunc: np.ufunc, a: np.ndarray, b: np.ndarray, out: np.ndarray) -> None:
    """`out = ufunc(a, b)` over whole arrays; for floats, two NaN operands give `a`'s NaN,
    quieted (numpy alone picks by its loop, which varies with the array sizes)."""
    fix = first_nan(a, b) if out.dtype.kind == "f" else None  # before `out`, maybe `a`
    ufunc(a, b, out=out)
    apply_nan(out, fix)
