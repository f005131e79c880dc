"""Elementwise math (tile_math, vector_math) against per-element references.

The references work one element at a time with exact rationals (`Fraction`) and an exact
rounding to the element type written here (`round_exact`), independent of the numpy code
under test: sqrt, 1/x, fmod, rem, prelu's product and the steps of taddc/tsubc must be
correctly rounded. exp, ln, 1/sqrt and pow are documented as "the float64 function rounded
once": the reference is Python's `math` function (libm) rounded exactly, and a result one
ulp away is accepted only where that float64 value lies within 2^-40 of a rounding
boundary (two float64 implementations may round such a value differently). Inputs are
random bit patterns (every NaN payload, subnormals, infinities, signed zeros) and integer
extremes, on a partial valid region, on every target.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import (
    Bench,
    build_tile_op,
    cols_for,
    legal_cases,
    legal_dtypes,
    ml_finfo,
    run_tile_op,
    vec_tile_type,
    wrap,
)

from interpreters.engine.errors import PtoRuntimeError
from interpreters.ops.tile_elementwise import TileElementwiseFunctions
from interpreters.ops.vector_arith import BINARY, UNARY
from interpreters.semantics import vector_arith as vsem
from pto_dialect.dtypes import BF16, F16, F32, I8, I16, I32, U8, DType
from pto_dialect.ops import tile_math
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.vector_arith import VectorUnaryOp
from pto_dialect.ops.vector_math import (
    VExpOp,
    VLnOp,
    VPreluOp,
    VRecOp,
    VReluOp,
    VRsqrtOp,
    VSqrtOp,
)
from pto_dialect.rules import VECTOR_ARITH_RULES
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile
from pto_dialect.tile_types import TileTypeBase

TARGETS = (A2A3, A5, CPU)
OPS: dict[str, type[TileOp]] = {op.name.removeprefix("pto."): op for op in tile_math.OPS}
ARITY = {op.name.removeprefix("pto."): op.ARITY for op in tile_math.OPS}
ROWS = 4
VALID = (3, 11)

# ---- exact rounding -------------------------------------------------------------------------


def _uint(dtype: DType) -> np.dtype[Any]:
    return np.dtype(f"u{dtype.bytes}")


def bits_of(value: Any, dtype: DType) -> int:
    return int(np.array([value], dtype.numpy).view(_uint(dtype))[0])


def from_bits(bits: int, dtype: DType) -> Any:
    return np.array([bits], _uint(dtype)).view(dtype.numpy)[0]


def _value(bits: int, dtype: DType) -> Fraction:
    return Fraction(float(from_bits(bits, dtype)))


def round_exact(q: Fraction, dtype: DType, negative: bool = False) -> int:
    """The bits of rational `q` rounded to nearest-even in `dtype` (`negative`: the sign of
    a zero `q`); overflow gives infinity."""
    sign = 1 << (dtype.bits - 1)
    if q == 0:
        return sign if negative else 0
    magnitude = abs(q)
    top = bits_of(ml_finfo(dtype).max, dtype)
    largest = _value(top, dtype)
    if magnitude >= largest + (largest - _value(top - 1, dtype)) / 2:
        result = bits_of(np.inf, dtype)
    else:
        lo, hi = 0, top  # the largest pattern whose value is <= magnitude
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if _value(mid, dtype) <= magnitude:
                lo = mid
            else:
                hi = mid - 1
        below = _value(lo, dtype)
        result = lo
        if below != magnitude and lo < top:
            above = _value(lo + 1, dtype)
            up, down = above - magnitude, magnitude - below
            if up < down or (up == down and lo % 2 == 1):
                result = lo + 1
    return result | (sign if q < 0 else 0)


def quiet_bits(value: Any, dtype: DType) -> int:
    nan, inf = bits_of(np.nan, dtype), bits_of(np.inf, dtype)
    return bits_of(value, dtype) | (nan & ~inf)


# ---- references: (bits, how to compare) --------------------------------------------------------

EXACT, LOOSE, ANY_NAN = "exact", "loose", "any-nan"
Expected = tuple[int, str, float]
"""The expected bits, the comparison, and for LOOSE the float64 value that was rounded."""


def _special(bits: int) -> Expected:
    return bits, EXACT, 0.0


def _default_nan(dtype: DType) -> Expected:
    return _special(bits_of(np.nan, dtype))


def _libm(value: float, dtype: DType) -> Expected:
    if math.isinf(value):
        return _special(bits_of(value, dtype))
    negative = math.copysign(1.0, value) < 0
    return round_exact(Fraction(value), dtype, negative), LOOSE, value


def _is_odd_integer(y: float) -> bool:
    return math.isfinite(y) and y == int(y) and int(y) % 2 == 1


def ref_unary(name: str, x: Any, dtype: DType) -> Expected:
    if not dtype.is_float:  # trelu on i32
        return _special(bits_of(max(int(x), 0), dtype))
    v = float(x)
    if name == "trelu":
        return _special(bits_of(x if v > 0 else 0.0, dtype))
    if math.isnan(v):
        return _special(quiet_bits(x, dtype))
    if name == "trecip":
        if v == 0 or math.isinf(v):
            return _special(bits_of(math.copysign(0.0 if v else math.inf, v), dtype))
        return round_exact(1 / Fraction(v), dtype), EXACT, 0.0
    if v < 0 and name in ("tsqrt", "trsqrt", "tlog"):
        return _default_nan(dtype)
    if name == "tsqrt":
        if v == 0 or math.isinf(v):
            return _special(bits_of(x, dtype))
        return _sqrt_bracketed(Fraction(v), dtype), EXACT, 0.0
    if name == "trsqrt":
        if v == 0:
            return _special(bits_of(math.copysign(math.inf, v), dtype))
        return _libm(0.0 if math.isinf(v) else 1.0 / math.sqrt(v), dtype)
    if name == "tlog":
        return _libm(-math.inf if v == 0 else math.log(v), dtype)
    assert name == "texp"
    if v == -math.inf:
        return _special(0)
    try:
        return _libm(math.exp(v), dtype)
    except OverflowError:
        return _special(bits_of(np.inf, dtype))


def _sqrt_bracketed(q: Fraction, dtype: DType) -> int:
    """The correctly rounded square root: the pattern whose neighbouring midpoints bracket
    the exact root (compared squared, exactly)."""
    guess = bits_of(math.sqrt(float(q)), dtype)
    for bits in (guess - 1, guess, guess + 1):
        r = _value(bits, dtype)
        low = (_value(bits - 1, dtype) + r) / 2
        high = (r + _value(bits + 1, dtype)) / 2
        if low * low < q < high * high:
            return bits
    raise AssertionError(f"no bracket for sqrt({q})")


def _first_nan(x: Any, y: Any, dtype: DType) -> Expected | None:
    """The first NaN operand, quieted; None when neither is a NaN."""
    for value in (x, y):
        if math.isnan(float(value)):
            return _special(quiet_bits(value, dtype))
    return None


def _ieee_step(x: Any, y: Any, subtract: bool, dtype: DType) -> Expected:
    """x + y (or x - y) rounded once; NaN operands give the first one's, quieted."""
    a, b = float(x), float(y)
    if (nan := _first_nan(x, y, dtype)) is not None:
        return nan
    if subtract:
        b = -b
    if math.isinf(a) or math.isinf(b):
        total = a + b
        return (0, ANY_NAN, 0.0) if math.isnan(total) else _special(bits_of(total, dtype))
    exact = Fraction(a) + Fraction(b)
    negative_zero = math.copysign(1, a) < 0 and math.copysign(1, b) < 0
    return round_exact(exact, dtype, negative_zero), EXACT, 0.0


def _product(x: Any, y: Any, dtype: DType) -> Expected:
    a, b = float(x), float(y)
    if (nan := _first_nan(x, y, dtype)) is not None:
        return nan
    negative = (math.copysign(1, a) < 0) != (math.copysign(1, b) < 0)
    if math.isinf(a) or math.isinf(b):
        if a == 0 or b == 0:
            return _default_nan(dtype)
        return _special(bits_of(-math.inf if negative else math.inf, dtype))
    return round_exact(Fraction(a) * Fraction(b), dtype, negative), EXACT, 0.0


def _remainder(x: Any, y: Any, floor: bool, dtype: DType) -> Expected:
    a, b = float(x), float(y)
    if (nan := _first_nan(x, y, dtype)) is not None:
        return nan
    if math.isinf(a) or b == 0:
        return _default_nan(dtype)
    if math.isinf(b):
        r = Fraction(a)
    else:
        q = Fraction(a) / Fraction(b)
        r = Fraction(a) - math.trunc(q) * Fraction(b)
    if not floor:
        return round_exact(r, dtype, math.copysign(1, a) < 0), EXACT, 0.0
    if r == 0:
        return round_exact(r, dtype, math.copysign(1, b) < 0), EXACT, 0.0
    if (r < 0) != (b < 0):
        if math.isinf(b):
            return _special(bits_of(b, dtype))
        return round_exact(r + Fraction(b), dtype), EXACT, 0.0
    return round_exact(r, dtype), EXACT, 0.0


def _pow(x: Any, y: Any, dtype: DType) -> Expected:
    a, b = float(x), float(y)
    if b == 0 or a == 1:
        return _special(bits_of(1.0, dtype))
    if (nan := _first_nan(x, y, dtype)) is not None:
        return nan
    odd = _is_odd_integer(b)
    try:
        return _libm(math.pow(a, b), dtype)
    except ValueError:
        if a == 0:  # pow(±0, y < 0): a pole
            negative = odd and math.copysign(1, a) < 0
            return _special(bits_of(-math.inf if negative else math.inf, dtype))
        return _default_nan(dtype)
    except OverflowError:
        return _special(bits_of(-math.inf if a < 0 and odd else math.inf, dtype))


def _int_binary(name: str, x: int, y: int, dtype: DType) -> int:
    if name == "tfmod":
        r = abs(x) % abs(y)
        return r if x >= 0 else -r
    if name == "trem":
        return x % y  # Python: the sign of the divisor
    assert name == "tpow"
    if y >= 0:
        return wrap(pow(x, y, 1 << dtype.bits), dtype)
    return 1 if x == 1 else (1 if y % 2 == 0 else -1) if x == -1 else 0


def reference(name: str, srcs: list[Any], dtype: DType, target: TargetProfile) -> Expected:
    if ARITY[name] == 1:
        return ref_unary(name, srcs[0], dtype)
    if not dtype.is_float:
        x, y = (int(v) for v in srcs[:2])
        if name in ("taddc", "tsubc"):
            total = x + (-y if name == "tsubc" else y) + int(srcs[2])
            return _special(bits_of(wrap(total, dtype), dtype))
        return _special(bits_of(wrap(_int_binary(name, x, y, dtype), dtype), dtype))
    x, y = srcs[:2]
    if name in ("taddc", "tsubc") and dtype == BF16 and any(math.isnan(float(v)) for v in srcs):
        # as tadd/vadd: ml_dtypes' f32 -> bf16 conversion drops NaN payloads (left alone here)
        return 0, ANY_NAN, 0.0
    if name in ("taddc", "tsubc"):
        first, how, _ = _ieee_step(x, y, name == "tsubc", dtype)
        if how == ANY_NAN:
            first = bits_of(np.nan, dtype)  # a NaN the step made; its payload is not checked
            if not math.isnan(float(srcs[2])):
                return 0, ANY_NAN, 0.0
        return _ieee_step(from_bits(first, dtype), srcs[2], False, dtype)
    if name == "tprelu":
        v = float(x)
        keep = v > 0 or (target is not A2A3 and v >= 0)
        return _special(bits_of(x, dtype)) if keep else _product(x, y, dtype)
    if name in ("tfmod", "trem"):
        return _remainder(x, y, name == "trem", dtype)
    assert name == "tpow"
    return _pow(x, y, dtype)


def check(got: np.ndarray, expected: list[Expected], dtype: DType, what: str) -> None:
    for k, (value, (want, how, wide)) in enumerate(zip(got.ravel(), expected, strict=True)):
        have = bits_of(value, dtype)
        if how == ANY_NAN:
            assert math.isnan(float(value)), f"{what}[{k}]: {value!r} is not NaN"
            continue
        if have == want:
            continue
        message = f"{what}[{k}]: got {have:#x} ({value!r}), want {want:#x}"
        assert how == LOOSE and abs(have - want) == 1, message
        boundary = (_value(have, dtype) + _value(want, dtype)) / 2
        assert abs(Fraction(wide) - boundary) <= abs(boundary) * Fraction(1, 2**40), message


# ---- inputs ---------------------------------------------------------------------------------


def specials(dtype: DType) -> list[Any]:
    if dtype.is_float:
        finfo = ml_finfo(dtype)
        values = [0.0, -0.0, 1.0, -1.0, 2.0, -2.5, 0.5, 3.0, -3.0, math.inf, -math.inf,
                  math.nan, float(finfo.max), -float(finfo.max), float(finfo.smallest_subnormal),
                  -float(finfo.smallest_normal), 88.7, -103.9, 1e-3]  # fmt: skip
        arr = np.array(values, np.float64).astype(dtype.numpy)
        payloads = [bits_of(np.inf, dtype) | 1, bits_of(-np.nan, dtype) | 3]  # sNaN, -qNaN
        return [*arr, *(from_bits(b, dtype) for b in payloads)]
    low, high = dtype.int_limits
    return [low, high, 0, 1, -1 if low else 2, 2, 3, -3 if low else 5, 7]


def random_tile(dtype: DType, rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """Random bit patterns (floats: also small values) with the special values injected."""
    count = shape[0] * shape[1]
    arr = rng.integers(0, 256, count * dtype.bytes, dtype=np.uint8).view(dtype.numpy).copy()
    if dtype.is_float:
        small = rng.uniform(-12, 12, count).astype(dtype.numpy)
        use = rng.random(count) < 0.4
        arr[use] = small[use]
    else:
        small = rng.integers(-9 if dtype.is_signed else 0, 9, count).astype(dtype.numpy)
        use = rng.random(count) < 0.4
        arr[use] = small[use]
    values = specials(dtype)
    picks = rng.random(count) < 0.3
    arr[picks] = np.array(values, dtype.numpy)[rng.integers(0, len(values), int(picks.sum()))]
    return arr.reshape(shape)


def sources(name: str, dtype: DType, rng: np.random.Generator, cols: int) -> list[np.ndarray]:
    srcs = [random_tile(dtype, rng, (ROWS, cols)) for _ in range(ARITY[name])]
    if not dtype.is_float and name in ("tfmod", "trem"):
        srcs[1][srcs[1] == 0] = 3  # a zero integer divisor is an error (tested below)
    if name == "tpow" and not dtype.is_float:
        srcs[1] = rng.integers(-3, 12, (ROWS, cols)).astype(dtype.numpy)
        if dtype.is_signed:
            srcs[0][(srcs[0] == 0) & (srcs[1].astype(np.int64) < 0)] = 2
    if name == "trem" and dtype == I32:  # A2/A3: operands within 2^24 (tested below)
        for s in srcs:
            s[np.abs(s.astype(np.int64)) > 1 << 24] = 1 << 24
    return srcs


# ---- running a tile op -------------------------------------------------------------------------


def scratch_type(name: str, t: TileTypeBase, dtype: DType, cols: int) -> TileTypeBase | None:
    if name == "tprelu":  # A2/A3: an 8-bit mask tile with more rows than dst
        return vec_tile_type(U8, ROWS + 1, cols_for(U8), (ROWS + 1, cols_for(U8)))
    if name == "trem":
        return t
    return None


def run(target: TargetProfile, name: str, dtype: DType, srcs: list[np.ndarray]) -> np.ndarray:
    """The tile op on `srcs` over VALID; checks that no other byte of UB changes."""
    cols = srcs[0].shape[1]
    t = vec_tile_type(dtype, ROWS, cols, VALID)
    tmp = scratch_type(name, t, dtype, cols)
    types = [t] * len(srcs) + ([tmp] if tmp is not None else [])
    op = build_tile_op(target, OPS[name], types, t)
    bench = Bench(target)
    tiles = [bench.tile(t, VALID, s) for s in srcs]
    if tmp is not None:
        tiles.append(bench.tile(tmp, tmp.valid_shape, None))
    dst = bench.tile(t, VALID, None)
    before = bench.ub.data.copy()
    with np.errstate(all="ignore"):  # as pto-run runs kernels: IEEE exceptions are results
        assert run_tile_op(TileElementwiseFunctions(bench.machine), op, [*tiles, dst]) == ()
    changed = bench.ub.data != before
    assert not (changed & ~bench.written(dst, *VALID)).any(), "a byte outside dst's region"
    return dst.get()[: VALID[0], : VALID[1]].copy()


def expected_of(name: str, srcs: list[np.ndarray], dtype: DType, target: TargetProfile):
    rows, cols = VALID
    return [
        reference(name, [s[i, j] for s in srcs], dtype, target)
        for i in range(rows)
        for j in range(cols)
    ]


CASES = legal_cases(TARGETS, OPS)


@pytest.mark.parametrize(("target", "name", "dtype"), CASES)
def test_tile_op_matches_the_reference_on_the_valid_region(
    target: TargetProfile, name: str, dtype: DType
) -> None:
    rng = np.random.default_rng(sum(map(ord, f"{target.name}{name}{dtype}")))
    srcs = sources(name, dtype, rng, cols_for(dtype))
    got = run(target, name, dtype, srcs)
    check(got, expected_of(name, srcs, dtype, target), dtype, f"{target.name} {name} {dtype}")


FLOAT_CASES = [(name, d) for name in OPS for d in (F32, F16) if d in legal_dtypes(A5, name)]


@settings(max_examples=25, deadline=None)
@given(data=st.data())
@pytest.mark.parametrize(("name", "dtype"), FLOAT_CASES, ids=lambda v: str(v))
def test_every_bit_pattern(name: str, dtype: DType, data: st.DataObject) -> None:
    """Hypothesis draws whole bit patterns: every NaN payload, subnormal and infinity."""
    target = data.draw(st.sampled_from([t for t in TARGETS if dtype in legal_dtypes(t, name)]))
    cols = cols_for(dtype)
    patterns = st.integers(0, (1 << dtype.bits) - 1)
    count = ROWS * cols
    drawn = [
        data.draw(st.lists(patterns, min_size=count, max_size=count)) for _ in range(ARITY[name])
    ]
    srcs = [np.array(bits, _uint(dtype)).view(dtype.numpy).reshape(ROWS, cols) for bits in drawn]
    got = run(target, name, dtype, srcs)
    check(got, expected_of(name, srcs, dtype, target), dtype, f"{target.name} {name}")


# ---- vector ops: the same functions on the active lanes -------------------------------------

VECTOR: dict[str, type[VectorUnaryOp]] = {
    "texp": VExpOp,
    "tlog": VLnOp,
    "tsqrt": VSqrtOp,
    "trsqrt": VRsqrtOp,
    "trecip": VRecOp,
    "trelu": VReluOp,
}


VECTOR_CASES = [
    (name, dtype)
    for name, op in [*VECTOR.items(), ("tprelu", VPreluOp)]
    for dtype in sorted(op.legal_dtypes(A5), key=str)
]


@pytest.mark.parametrize(("name", "dtype"), VECTOR_CASES, ids=lambda v: str(v))
def test_vector_op_matches_the_reference_on_active_lanes(name: str, dtype: DType) -> None:
    lanes = 256 // dtype.bytes
    rng = np.random.default_rng(lanes)
    values = [random_tile(dtype, rng, (1, lanes))[0] for _ in range(ARITY[name])]
    mask = rng.random(lanes) < 0.8
    with np.errstate(all="ignore"):
        if name == "tprelu":
            rules = VECTOR_ARITH_RULES[A5.arch]
            got = vsem.binary(BINARY[VPreluOp], values[0], values[1], mask, dtype, rules)
            what = VPreluOp.name
        else:
            got = vsem.unary(UNARY[VECTOR[name]], values[0], mask, dtype)
            what = VECTOR[name].name
    assert not got[~mask].any(), "inactive lanes are zero"
    # vprelu passes x >= 0, as tprelu on A5
    expected = [reference(name, [v[i] for v in values], dtype, A5) for i in range(lanes)]
    check(got[mask], [e for e, m in zip(expected, mask, strict=True) if m], dtype, what)


# ---- values written by hand ---------------------------------------------------------------------


def run_values(target: TargetProfile, name: str, dtype: DType, *cols: list[Any]) -> list[Any]:
    width = len(cols[0])
    srcs: list[np.ndarray] = []
    for values in cols:
        row = np.ones((ROWS, cols_for(dtype)), dtype.numpy)
        kind = np.float64 if dtype.is_float else np.int64
        row[0, :width] = np.array(values, kind).astype(dtype.numpy)
        srcs.append(row)
    return list(run(target, name, dtype, srcs)[0, :width])


def signs(values: list[Any]) -> list[float]:
    return [math.copysign(1, float(v)) for v in values]


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_relu_maps_nan_and_negative_zero_to_positive_zero(target: TargetProfile) -> None:
    got = run_values(target, "trelu", F32, [-0.0, math.nan, -1.0, 2.0])
    assert [bits_of(v, F32) for v in got] == [0, 0, 0, bits_of(2.0, F32)]


def test_prelu_passes_zero_on_a5_and_multiplies_it_on_a2a3() -> None:
    a5 = run_values(A5, "tprelu", F32, [0.0, -0.0, -2.0], [-3.0, -3.0, 0.5])
    a2 = run_values(A2A3, "tprelu", F32, [0.0, -0.0, -2.0], [-3.0, -3.0, 0.5])
    assert signs(a5) == [1, -1, -1] and float(a5[2]) == -1.0  # x >= 0 ? x : x * a
    assert signs(a2) == [-1, 1, -1] and float(a2[2]) == -1.0  # x > 0 ? x : x * a


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_signed_zeros_and_poles(target: TargetProfile) -> None:
    assert signs(run_values(target, "tsqrt", F32, [-0.0, 0.0])) == [-1, 1]

    def floats(name: str, dtype: DType, values: list[float]) -> list[float]:
        return [float(v) for v in run_values(target, name, dtype, values)]

    assert floats("trecip", F16, [-0.0, 0.0]) == [-math.inf, math.inf]
    assert floats("trsqrt", F32, [-0.0, math.inf]) == [-math.inf, 0.0]
    assert floats("tlog", F32, [0.0, -0.0]) == [-math.inf] * 2


def test_generated_nans_are_the_default_quiet_nan() -> None:
    got = run_values(A5, "tlog", F32, [-1.0])
    assert bits_of(got[0], F32) == 0x7FC00000
    got = run_values(A5, "tsqrt", F16, [-4.0])
    assert bits_of(got[0], F16) == 0x7E00


def test_fmod_takes_the_dividend_sign_and_rem_the_divisor_sign() -> None:
    x, y = [-5, 5, -5, 5, -6], [3, -3, -3, 3, 3]
    assert [int(v) for v in run_values(A5, "tfmod", I32, x, y)] == [-2, 2, -2, 2, 0]
    assert [int(v) for v in run_values(A5, "trem", I32, x, y)] == [1, -1, -2, 2, 0]
    xf, yf = [-5.5, 5.5, -0.0, 1.0], [2.0, -2.0, 3.0, -math.inf]
    assert [float(v) for v in run_values(A5, "trem", F32, xf, yf)] == [0.5, -0.5, 0.0, -math.inf]
    assert signs(run_values(A5, "trem", F32, [-0.0, 4.0], [3.0, -2.0])) == [1, -1]
    assert signs(run_values(A5, "tfmod", F32, [-0.0, -4.0], [3.0, 2.0])) == [-1, -1]


@pytest.mark.parametrize("name", ["tfmod", "trem"])
def test_integer_min_by_minus_one_is_zero(name: str) -> None:
    low = I16.int_limits[0]
    assert [int(v) for v in run_values(A5, name, I16, [low], [-1])] == [0]


ZERO_DIVISOR = [
    (t, name) for t in TARGETS for name in ("tfmod", "trem") if I32 in legal_dtypes(t, name)
]


@pytest.mark.parametrize(("target", "name"), ZERO_DIVISOR, ids=lambda v: getattr(v, "name", v))
def test_integer_division_by_zero_is_a_runtime_error(target: TargetProfile, name: str) -> None:
    with pytest.raises(PtoRuntimeError, match=rf"{name}: integer divisor 0 at \[0, 1\]"):
        run_values(target, name, I32, [4, 4], [1, 0])


def test_trem_i32_operands_beyond_2_24_are_an_error_on_a2a3_only() -> None:
    big = (1 << 24) + 1
    with pytest.raises(PtoRuntimeError, match="trem src0 holds 16777217, outside"):
        run_values(A2A3, "trem", I32, [big], [3])
    assert [int(v) for v in run_values(A5, "trem", I32, [big], [3])] == [big % 3]


def test_integer_pow_wraps_and_follows_integer_pow_for_negative_exponents() -> None:
    got = run_values(A5, "tpow", I8, [3, 2, -1, -1, 1, 5, 0, 0], [5, 8, -3, -2, -7, -1, 0, 3])
    assert [int(v) for v in got] == [wrap(243, I8), 0, -1, 1, 1, 0, 1, 0]


def test_float_pow_specials() -> None:
    got = run_values(A5, "tpow", F32, [math.nan, 1.0, -8.0, 0.0, -0.0, 2.0],
                     [0.0, math.nan, 1 / 3, -1.0, -3.0, 0.5])  # fmt: skip
    assert float(got[0]) == 1.0 and float(got[1]) == 1.0
    assert bits_of(got[2], F32) == 0x7FC00000
    assert float(got[3]) == math.inf and float(got[4]) == -math.inf
    assert bits_of(got[5], F32) == round_exact(Fraction(math.sqrt(2.0)), F32)


def test_taddc_rounds_after_each_addition() -> None:
    # f16: 2048 + 1 rounds to 2048 (even), then + 1 again: 2048; one rounding would give 2050
    got = run_values(CPU, "taddc", F16, [2048.0], [1.0], [1.0])
    assert float(got[0]) == 2048.0
    got = run_values(CPU, "tsubc", I8, [-128], [1], [1])
    assert int(got[0]) == -128  # (-128 - 1) wraps to 127, + 1 wraps to -128


def test_nan_operands_give_the_first_one_quieted() -> None:
    snan = from_bits(0x7F800001, F32)
    neg = from_bits(0xFFC00005, F32)
    row = np.array([snan, neg], np.float32)
    srcs = [np.ones((ROWS, 16), np.float32) for _ in range(2)]
    srcs[0][0, :2] = row
    srcs[1][0, :2] = row[::-1]
    got = run(A5, "tfmod", F32, srcs)[0, :2]
    assert [bits_of(v, F32) for v in got] == [0x7FC00001, 0xFFC00005]
    got = run(A5, "texp", F32, srcs[:1])[0, :2]
    assert [bits_of(v, F32) for v in got] == [0x7FC00001, 0xFFC00005]


def test_exact_rounding_helper_against_known_values() -> None:
    """The reference's own rounding: halfway cases go to even, overflow to infinity."""
    assert round_exact(Fraction(2049), F16) == bits_of(2048.0, F16)
    assert round_exact(Fraction(2051), F16) == bits_of(2052.0, F16)
    assert round_exact(Fraction(65520), F16) == bits_of(np.inf, F16)
    assert round_exact(Fraction(65519), F16) == bits_of(65504.0, F16)
    assert round_exact(Fraction(-1, 2**26), F16) == 0x8000  # half the smallest subnormal
    assert round_exact(Fraction(1, 3), F32) == bits_of(np.float32(1 / 3), F32)


def test_the_check_rejects_a_wrong_result() -> None:
    """The comparison fails on a value one ulp off that is not near a boundary."""
    want = _libm(1.25, F32)
    wrong = np.array([np.nextafter(np.float32(1.25), np.float32(2))], np.float32)
    with pytest.raises(AssertionError):
        check(wrong, [want], F32, "x")


def test_tile_and_vector_relu_agree_on_int32() -> None:
    values = np.array([I32.int_limits[0], -1, 0, 1, I32.int_limits[1]], np.int32)
    mask = np.ones(values.size, bool)
    vector = vsem.unary(UNARY[VReluOp], values, mask, I32)
    assert vector.tolist() == [0, 0, 0, 1, I32.int_limits[1]]
