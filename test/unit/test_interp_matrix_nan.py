"""NaN payloads of the matrix family follow the documented k order for every k.

The reference computes each C[i, j] alone, one f32 operation at a time in the documented
order (ascending k, acc_in and bias first on the NPUs and last on cpu), with the
project's two-NaN rule written out: an operation on a NaN returns its first NaN operand,
quieted. numpy's own add loop picks the other operand's NaN in its scalar path (n = 1),
which made the payload of `[NaN1, NaN2] . [1, 1]` NaN2 for k >= 2.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreters.semantics.matrix import matmul, product_sum, products_stay_normal
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import BF16, dtype_named
from pto_dialect.rules import MATMUL_RULES, AccIn, BiasAdd

ARCHS = (TargetArch.A2A3, TargetArch.A5, TargetArch.CPU)
F32 = dtype_named("f32")
SOURCES: dict[str, np.dtype[np.generic]] = {
    "f32": np.dtype(np.float32),
    "f16": np.dtype(np.float16),
    "bf16": np.dtype(ml_dtypes.bfloat16),
}
EXPONENT = {"f32": 0x7F800000, "f16": 0x7C00, "bf16": 0x7F80}
"""The all-ones exponent of each source format: a NaN is this with a nonzero mantissa."""
MANTISSA_BITS = {"f32": 23, "f16": 10, "bf16": 7}
QUIET = np.uint32(1 << 22)


# ---- the reference --------------------------------------------------------------------------
def quiet(x: np.float32) -> np.float32:
    return (np.array([x]).view(np.uint32) | QUIET).view(np.float32)[0]


def f32_op(op: Callable[[float, float], float], x: np.float32, y: np.float32) -> np.float32:
    """One f32 operation: a NaN operand gives the first NaN operand, quieted; otherwise the
    binary64 result (exact for a product of f32s, one rounding away for a sum) rounded."""
    if np.isnan(x):
        return quiet(x)
    if np.isnan(y):
        return quiet(y)
    return np.float32(op(float(x), float(y)))


def add(x: float, y: float) -> float:
    return x + y


def mul(x: float, y: float) -> float:
    return x * y


def reference(
    arch: TargetArch,
    a: np.ndarray,
    b: np.ndarray,
    acc_in: np.ndarray | None,
    bias: np.ndarray | None,
) -> np.ndarray:
    """C of f32 `a` (m x k) and `b` (k x n), element by element, step by step."""
    m, k = a.shape
    n = b.shape[1]
    first = MATMUL_RULES[arch].acc_in is AccIn.FIRST
    bias_first = MATMUL_RULES[arch].bias is BiasAdd.START
    out = np.zeros((m, n), np.float32)
    for i, j in itertools.product(range(m), range(n)):
        acc = acc_in[i, j] if acc_in is not None and first else np.float32(0)
        if bias is not None and bias_first:
            acc = bias[0, j]
        for kk in range(k):
            acc = f32_op(add, acc, f32_op(mul, a[i, kk], b[kk, j]))
        if acc_in is not None and not first:
            acc = f32_op(add, acc_in[i, j], acc)
        if bias is not None and not bias_first:
            acc = f32_op(add, acc, bias[0, j])
        out[i, j] = acc
    return out


# ---- data -----------------------------------------------------------------------------------
def values(src: str, shape: tuple[int, int], start: float) -> np.ndarray:
    """Distinct small finite values of format `src`: sums and products stay finite."""
    count = shape[0] * shape[1]
    return (start + np.arange(count).reshape(shape) / 8).astype(SOURCES[src])


def nan_bits(src: str, serial: int, signal: bool, negative: bool) -> int:
    """The bits of a NaN of format `src` whose payload is `serial` (nonzero)."""
    top = 1 << (MANTISSA_BITS[src] - 1)
    payload = serial % top or 1
    bits = EXPONENT[src] | payload | (0 if signal else top)
    return bits | (1 << (SOURCES[src].itemsize * 8 - 1) if negative else 0)


def put_nans(array: np.ndarray, src: str, cells: list[tuple[int, int]], serial: int) -> int:
    """Writes a NaN with a payload of its own into each cell, alternating signalling and
    quiet, positive and negative; returns the next unused serial number."""
    raw = array.view(np.dtype(f"u{array.dtype.itemsize}"))
    for cell in cells:
        raw[cell] = nan_bits(src, serial, serial % 2 == 0, serial % 3 == 0)
        serial += 1
    return serial


def widened(array: np.ndarray) -> np.ndarray:
    return array.astype(np.float32)


def assert_bits(got: np.ndarray, want: np.ndarray) -> None:
    assert got.dtype == np.float32 and got.shape == want.shape
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32)), (
        [hex(x) for x in got.view(np.uint32).ravel()],
        [hex(x) for x in want.view(np.uint32).ravel()],
    )


def check(
    arch: TargetArch,
    a: np.ndarray,
    b: np.ndarray,
    acc_in: np.ndarray | None = None,
    bias: np.ndarray | None = None,
) -> None:
    m, k = a.shape
    n = b.shape[1]
    got = matmul(arch, F32, a, b, m, k, n, acc_in=acc_in, bias=bias)
    assert_bits(got, reference(arch, widened(a), widened(b), acc_in, bias))


# ---- parametrised placements ----------------------------------------------------------------
def placement(name: str, k: int) -> tuple[list[int], list[int]]:
    """The k indices holding a NaN in A's rows and in B's columns."""
    ks = list(range(k))
    none: list[int] = []
    table: dict[str, tuple[list[int], list[int]]] = {
        "a-every-k": (ks, none),
        "b-every-k": (none, ks),
        "a-and-b-at-every-k": (ks, ks),
        "a-first-b-last": ([0], [k - 1]),
        "b-first-a-last": ([k - 1], [0]),
        "a-even-b-odd": (ks[::2], ks[1::2]),
    }
    return table[name]


PLACEMENTS = ["a-every-k", "b-every-k", "a-and-b-at-every-k", "a-first-b-last",
              "b-first-a-last", "a-even-b-odd"]  # fmt: skip


@pytest.mark.parametrize("form", ["plain", "acc", "bias"])
@pytest.mark.parametrize("where", PLACEMENTS)
@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("src", list(SOURCES))
@pytest.mark.parametrize("arch", ARCHS, ids=[a.value for a in ARCHS])
def test_nan_payload_follows_the_k_order(
    arch: TargetArch, src: str, k: int, where: str, form: str
) -> None:
    a_ks, b_ks = placement(where, k)
    for m, n in ((1, 1), (2, 5), (3, 17)):  # numpy's scalar and vector loops
        a, b = values(src, (m, k), 0.5), values(src, (k, n), -1.0)
        serial = put_nans(a, src, [(i, kk) for i in range(m) for kk in a_ks], 1)
        serial = put_nans(b, src, [(kk, j) for kk in b_ks for j in range(n)], serial)
        acc_in = bias = None
        if form == "acc":
            acc_in = values("f32", (m, n), 2.0)
            put_nans(acc_in, "f32", [(0, n - 1)], serial)
        if form == "bias":
            bias = values("f32", (1, n), 3.0)
            put_nans(bias, "f32", [(0, 0)], serial)
        check(arch, a, b, acc_in, bias)


def test_two_nan_terms_give_the_first_terms_nan_for_every_k() -> None:
    """The issue's case: a 1 x k row of NaNs times a column of ones is the first NaN."""
    for k in range(1, 6):
        a = (np.uint32(0x7FC00001) + np.arange(k, dtype=np.uint32)).view(np.float32)
        got = matmul(TargetArch.A5, F32, a.reshape(1, k), np.ones((k, 1), np.float32), 1, k, 1)
        assert got.view(np.uint32).tolist() == [[0x7FC00001]]


# ---- random placements ----------------------------------------------------------------------
@st.composite
def cases(
    draw: st.DrawFn,
) -> tuple[TargetArch, np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None]:
    arch = draw(st.sampled_from(ARCHS))
    src = draw(st.sampled_from(list(SOURCES)))
    m, k, n = draw(st.integers(1, 3)), draw(st.integers(1, 5)), draw(st.integers(1, 20))
    a, b = values(src, (m, k), 0.25), values(src, (k, n), -0.75)

    def cells(rows: int, cols: int) -> list[tuple[int, int]]:
        every = list(itertools.product(range(rows), range(cols)))
        return draw(st.lists(st.sampled_from(every), unique=True, max_size=len(every)))

    serial = put_nans(a, src, cells(m, k), draw(st.integers(1, 50)))
    serial = put_nans(b, src, cells(k, n), serial)
    acc_in = bias = None
    if draw(st.booleans()):
        acc_in = values("f32", (m, n), 1.5)
        serial = put_nans(acc_in, "f32", cells(m, n), serial)
    if draw(st.booleans()):
        bias = values("f32", (1, n), -2.5)
        put_nans(bias, "f32", cells(1, n), serial)
    return arch, a, b, acc_in, bias


@settings(max_examples=300, deadline=None)
@given(cases())
def test_random_nan_placements_match_the_per_k_reference(
    case: tuple[TargetArch, np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None],
) -> None:
    check(*case)


def test_bf16_products_take_one_f32_add_only_while_they_stay_normal() -> None:
    """bf16 x bf16 products are exact f32 values unless they leave f32's normal range: then
    the fused step (float64, round to odd) gives the same bits; an underflowing product
    keeps the fused path."""
    rng = np.random.default_rng(7)
    a = rng.uniform(-4, 4, (8, 96)).astype(ml_dtypes.bfloat16)
    b = rng.uniform(-4, 4, (96, 16)).astype(ml_dtypes.bfloat16)
    acc = rng.uniform(-8, 8, (8, 16)).astype(np.float32)
    lhs, rhs = a.astype(np.float32), b.astype(np.float32)
    assert products_stay_normal(lhs, rhs)
    fused = product_sum(lhs, rhs, F32, acc.copy())
    got = matmul(TargetArch.A5, F32, a, b, 8, 96, 16, acc_in=acc, operands=(BF16, BF16))
    assert MATMUL_RULES[TargetArch.A5].acc_in is AccIn.FIRST  # acc_in starts the sum
    assert np.array_equal(got.view(np.uint32), fused.view(np.uint32))
    tiny = np.full((1, 1), 2.0**-70, np.float32)
    assert not products_stay_normal(tiny, tiny)
    assert not products_stay_normal(np.full((1, 1), np.inf, np.float32), tiny)
