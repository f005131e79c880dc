"""Elementwise tile ops in the interpreter, against per-element references from the manual.

References are Python loops over single elements: float ops are computed in Python's
double (exact enough that one rounding to the element type gives the correctly rounded
result) and rounded once; integer ops are computed exactly and wrapped by hand.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import (
    Bench,
    bits_equal,
    build_tile_op,
    cols_for,
    int_numpy,
    legal_cases,
    legal_dtypes,
    ml_finfo,
    run_tile_op,
    vec_tile_type,
    wrap,
)

from interpreters.commands import runner
from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.machine.memory import Tile
from interpreters.ops.tile_elementwise import TileElementwiseFunctions
from interpreters.semantics import elementwise
from pto_dialect.attrs import BLayout, SLayout
from pto_dialect.dtypes import BF16, F8E4M3, F8E5M2, F16, F32, I16, I32, U8, U32, DType, dtype_named
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_elementwise import OPS
from pto_dialect.rules import Pick
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

TARGETS = (A2A3, A5, CPU)
OP_CLASSES: dict[str, type[TileOp]] = {op.name.removeprefix("pto."): op for op in OPS}
UNARY = ("tabs", "tneg", "tnot")
SHIFTS = ("tshl", "tshr")
ROWS, COLS = 4, 16
VALID = (3, 11)


# ----------------------------------------------------------------------------------------
# Running one op
# ----------------------------------------------------------------------------------------


def tile_type(dtype: DType, valid: tuple[int, int] = VALID, *, ssa: bool = False,
              rows: int = ROWS, cols: int = COLS, **kw: Any) -> TileTypeBase:  # fmt: skip
    return vec_tile_type(dtype, rows, cols, valid, ssa=ssa, **kw)


def build(target: TargetProfile, name: str, in_types: list[TileTypeBase],
          out_type: TileTypeBase, *, ssa: bool = False) -> TileOp:  # fmt: skip
    """The op in a module of `target`, verified."""
    return build_tile_op(target, OP_CLASSES[name], in_types, out_type, ssa=ssa)


def run_op(machine: Machine, op: TileOp, args: list[Tile]) -> tuple[Any, ...]:
    with np.errstate(all="ignore"):  # as pto-run runs kernels: IEEE exceptions are results
        return run_tile_op(TileElementwiseFunctions(machine), op, args)


# ----------------------------------------------------------------------------------------
# Independent references (one element at a time)
# ----------------------------------------------------------------------------------------


def ieee_div(x: float, y: float) -> float:
    if y != 0 or math.isnan(y):
        return x / y
    if x == 0 or math.isnan(x):
        return math.nan
    negative = (math.copysign(1, x) < 0) != (math.copysign(1, y) < 0)
    return -math.inf if negative else math.inf


def ref_float(name: str, a: Any, b: Any, dtype: DType) -> Any:
    x, y = float(a), float(b)
    if name in ("tmax", "tmin") and (math.isnan(x) or math.isnan(y)):
        return a if math.isnan(x) else b  # vmax.md/vmin.md: a NaN operand gives NaN
    if name == "tmax":
        return a if x > y else b  # seed 004: src0 > src1 ? src0 : src1
    if name == "tmin":
        return a if x < y else b
    if name == "tabs":
        return dtype.numpy.type(math.fabs(x))
    if name == "tneg":
        return dtype.numpy.type(-x)
    r = {"tadd": lambda: x + y, "tsub": lambda: x - y, "tmul": lambda: x * y,
         "tdiv": lambda: ieee_div(x, y)}[name]()  # fmt: skip
    with np.errstate(all="ignore"):
        return dtype.numpy.type(r)


def ref_int(name: str, a: Any, b: Any, dtype: DType) -> Any:
    x, y = int(a), int(b)
    if name == "tdiv":
        q = abs(x) // abs(y)
        r = -q if (x < 0) != (y < 0) else q
    elif name == "tshr":  # arithmetic for signed types (x < 0), logical for unsigned
        r = x >> y
    else:
        r = {"tadd": x + y, "tsub": x - y, "tmul": x * y, "tmax": max(x, y), "tmin": min(x, y),
             "tabs": abs(x), "tneg": -x, "tand": x & y, "tor": x | y, "txor": x ^ y,
             "tnot": ~x}[name] if name != "tshl" else x << y  # fmt: skip
    return dtype.numpy.type(wrap(r, dtype))


def reference(
    name: str, srcs: list[np.ndarray], dtype: DType, region: tuple[int, int]
) -> np.ndarray:
    rows, cols = region
    out = np.zeros((rows, cols), dtype.numpy)
    ref = ref_float if dtype.is_float else ref_int
    for i in range(rows):
        for j in range(cols):
            b = srcs[1][i, j] if len(srcs) > 1 else srcs[0][i, j]
            out[i, j] = ref(name, srcs[0][i, j], b, dtype)
    return out


# ----------------------------------------------------------------------------------------
# Inputs
# ----------------------------------------------------------------------------------------


def special_values(dtype: DType) -> list[Any]:
    if dtype.is_float:
        finfo = ml_finfo(dtype)
        values = [0.0, -0.0, 1.0, -1.5, float(finfo.max), -float(finfo.max),
                  float(finfo.smallest_subnormal), float(finfo.eps), math.nan]  # fmt: skip
        if dtype.numpy != np.dtype(ml_dtypes.float8_e4m3fn):
            values += [math.inf, -math.inf]
        return values
    info = np.iinfo(int_numpy(dtype))
    return [int(info.min), int(info.max), 0, 1, -1 if dtype.is_signed else 2, int(info.max) // 2]


def random_tile(dtype: DType, rng: np.random.Generator, *, nonzero: bool = False) -> np.ndarray:
    shape = (ROWS, cols_for(dtype))
    if dtype.is_float:
        values = rng.uniform(-4, 4, shape).astype(np.float32)
        values[rng.random(shape) < 0.5] *= 0.001
        arr = values.astype(dtype.numpy)
        specials = special_values(dtype)
        picks = rng.random(shape) < 0.35
        arr[picks] = np.array(specials, np.float64)[
            rng.integers(0, len(specials), int(picks.sum()))
        ].astype(dtype.numpy)
    else:
        info = np.iinfo(int_numpy(dtype))
        arr = rng.integers(int(info.min), int(info.max), shape, dtype=dtype.numpy, endpoint=True)
        specials = special_values(dtype)
        picks = rng.random(shape) < 0.35
        arr[picks] = np.array(specials, dtype.numpy)[
            rng.integers(0, len(specials), int(picks.sum()))
        ].astype(dtype.numpy)
    if nonzero and not dtype.is_float:
        arr[arr == 0] = 3
    return arr


# ----------------------------------------------------------------------------------------
# Every op x legal dtype x target
# ----------------------------------------------------------------------------------------

CASES = legal_cases(TARGETS, OP_CLASSES)


@pytest.mark.parametrize(("target", "name", "dtype"), CASES)
def test_op_matches_the_manual_formula_on_the_valid_region(
    target: TargetProfile, name: str, dtype: DType
) -> None:
    rng = np.random.default_rng(hash((target.name, name, dtype.name)) % 2**32)
    count = OP_CLASSES[name].NUM_INS  # txor: src0, src1 and its scratch tile
    srcs = [random_tile(dtype, rng, nonzero=(name == "tdiv" and k == 1)) for k in range(count)]
    if name in SHIFTS:  # counts in [0, bits - 1]: outside it the result is target-defined
        srcs[1] = rng.integers(0, dtype.bits, srcs[1].shape).astype(dtype.numpy)
    bench = Bench(target)
    cols = cols_for(dtype)
    t = tile_type(dtype, cols=cols)
    op = build(target, name, [t] * count, t)
    tiles = [bench.tile(t, VALID, s) for s in srcs]
    dst = bench.tile(t, VALID, None)
    before = bench.ub.data.copy()
    assert run_op(bench.machine, op, [*tiles, dst]) == ()
    got = dst.get()[: VALID[0], : VALID[1]].copy()
    expected = reference(name, srcs, dtype, VALID)
    assert bits_equal(got, expected, dtype), f"{got}\n!=\n{expected}"
    # every other byte of UB (the rest of dst, the sources, their neighbours) is unchanged
    after = bench.ub.data.copy()
    region = np.zeros(bench.ub.size, bool)
    for r in range(VALID[0]):
        start = dst.address + r * cols * dtype.bytes
        region[start : start + VALID[1] * dtype.bytes] = True
    assert np.array_equal(after[~region], before[~region])


# ----------------------------------------------------------------------------------------
# Rounding, wrap-around, NaN, signed zeros: values written by hand
# ----------------------------------------------------------------------------------------


def run_values(target: TargetProfile, name: str, dtype: DType, *cols: list[Any]) -> np.ndarray:
    """The op on 1-row tiles holding `cols` (one list per source); returns dst's row."""
    width = len(cols[0])
    t = tile_type(dtype, (1, width), rows=1, cols=32)
    bench = Bench(target)
    tiles = bench.row_tiles(t, dtype, *cols)
    dst = bench.tile(t, (1, width), None)
    run_op(bench.machine, build(target, name, [t] * len(cols), t), [*tiles, dst])
    return dst.get()[0, :width].copy()


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_f16_and_bf16_results_are_rounded_once_to_nearest_even(target: TargetProfile) -> None:
    h = 2.0**-11
    got = run_values(target, "tadd", F16, [1.0, 1 + 2 * h, 1.0, 65504.0, 65504.0],
                     [h, h, 3 * h, 15.0, 16.0])  # fmt: skip
    assert got.tolist() == [1.0, 1 + 4 * h, 1 + 4 * h, 65504.0, math.inf]
    got = run_values(target, "tmul", F16, [1 + 2 * h], [1 + 2 * h])  # 1 + 2^-9 + 2^-20
    assert got.tolist() == [1 + 4 * h]
    b = 2.0**-8
    if BF16 in legal_dtypes(target, "tadd"):  # pto-isa's A2/A3 TAdd has no bf16
        got = run_values(target, "tadd", BF16, [1.0, 1 + 2 * b, 1.0], [b, b, 3 * b])
        assert [float(v) for v in got] == [1.0, 1 + 4 * b, 1 + 4 * b]


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_integer_overflow_wraps(target: TargetProfile) -> None:
    assert run_values(target, "tadd", I16, [32767, -32768], [1, -1]).tolist() == [-32768, 32767]
    assert run_values(target, "tsub", I32, [-(2**31)], [1]).tolist() == [2**31 - 1]
    assert run_values(target, "tmul", I32, [65536, 46341], [65536, 46341]).tolist() == [
        0,
        46341 * 46341 - 2**32,
    ]
    if U8 in legal_dtypes(target, "tadd"):
        assert run_values(target, "tadd", U8, [255, 200], [1, 100]).tolist() == [0, 44]


def test_integer_division_truncates_toward_zero_and_wraps_min_by_minus_one() -> None:
    got = run_values(A5, "tdiv", I32, [-7, 7, -7, 7, -(2**31), 0], [2, -2, -2, 2, -1, 5])
    assert got.tolist() == [-3, -3, 3, 3, -(2**31), 0]
    assert run_values(A5, "tdiv", U32, [2**32 - 1, 7], [2, 8]).tolist() == [2**31 - 1, 0]


@pytest.mark.parametrize("target", [A5, CPU], ids=lambda t: t.name)
def test_integer_division_by_zero_is_a_runtime_error(target: TargetProfile) -> None:
    with pytest.raises(PtoRuntimeError, match=r"integer division by zero \(src1\[0, 1\] is 0"):
        run_values(target, "tdiv", I16, [1, 2, 3], [1, 0, 0])


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_float_division_by_zero_follows_ieee(target: TargetProfile) -> None:
    got = run_values(target, "tdiv", F32, [1.0, -1.0, 1.0, 0.0, math.inf], [0.0, 0.0, -0.0, 0.0,
                     math.inf])  # fmt: skip
    assert got[:3].tolist() == [math.inf, -math.inf, -math.inf]
    assert np.isnan(got[3:]).all()


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize("dtype", [F32, F16], ids=str)
def test_tmax_tmin_return_src1_when_the_comparison_is_false(target: TargetProfile,
                                                            dtype: DType) -> None:  # fmt: skip
    """Equal operands: src1 (seed 004's formula); a NaN operand: NaN (vmax.md/vmin.md)."""
    nan = math.nan
    src0 = [nan, 1.0, nan, 0.0, -0.0, 2.0]
    src1 = [1.0, nan, nan, -0.0, 0.0, 3.0]
    mx = run_values(target, "tmax", dtype, src0, src1)
    assert np.isnan(mx[0]) and np.isnan(mx[1]) and np.isnan(mx[2]) and mx[5] == 3.0
    assert np.signbit(mx[3]) and not np.signbit(mx[4])  # equal zeros: src1
    mn = run_values(target, "tmin", dtype, src0, src1)
    assert np.isnan(mn[0]) and np.isnan(mn[1]) and mn[5] == 2.0
    assert np.signbit(mn[3]) and not np.signbit(mn[4])


def test_tmax_of_two_nans_is_the_first_quieted() -> None:
    snan0 = np.array([0x7F800001], np.uint32).view(np.float32)[0]
    nan1 = np.array([0xFFC00002], np.uint32).view(np.float32)[0]
    for name in ("tmax", "tmin"):
        got = run_values(A5, name, F32, [float(snan0), 1.0], [float(nan1), float(snan0)])
        assert got.view(np.uint32).tolist() == [0x7FC00001, 0x7FC00001], name


# (dtype, a signalling NaN of src0, a quiet NaN of src1, src0's NaN quieted)
NAN_PAIRS = [(F32, 0x7F800001, 0x7FC00002, 0x7FC00001), (F16, 0x7C01, 0xFE02, 0x7E01),
             (BF16, 0xFF81, 0x7FC2, 0xFFC1)]  # fmt: skip


NAN_CASES = [(target, name, pair) for target in TARGETS for name in ("tadd", "tsub", "tmul", "tdiv")
             for pair in NAN_PAIRS if pair[0] in legal_dtypes(target, name)]  # fmt: skip


@pytest.mark.parametrize("case", NAN_CASES, ids=lambda c: f"{c[0].name}-{c[1]}-{c[2][0]}")
def test_two_nan_operands_give_src0_nan_quieted(
    case: tuple[TargetProfile, str, tuple[DType, int, int, int]],
) -> None:
    """docs/semantics.md: IEEE leaves the payload open; src0's, quieted, in every lane
    (23 lanes: numpy's vector loops and its scalar tail both take part)."""
    target, name, (dtype, nan0, nan1, quieted) = case
    bits = np.dtype(f"u{dtype.bytes}")
    t = tile_type(dtype, (1, 23), rows=1, cols=32)
    bench = Bench(target)
    sources = [bench.tile(t, (1, 23), np.full((1, 32), n, bits).view(dtype.numpy))
               for n in (nan0, nan1)]  # fmt: skip
    dst = bench.tile(t, (1, 23), None)
    run_op(bench.machine, build(target, name, [t, t], t), [*sources, dst])
    assert dst.get()[0, :23].view(bits).tolist() == [quieted] * 23


def _bits_of(dtype: DType, *values: float) -> list[int]:
    bits = np.dtype(f"u{dtype.bytes}")
    return [int(np.array(v).astype(dtype.numpy).view(bits)) for v in values]


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_has_nan_finds_exactly_the_arrays_with_a_nan(data: st.DataObject) -> None:
    """The one-pass check the NaN rule pays on every float op (a dot product for f32)
    neither misses a NaN nor mistakes infinities or overflowing squares for one."""
    dtype = data.draw(st.sampled_from([F32, F16, BF16, F8E4M3, F8E5M2]), label="dtype")
    bits = np.dtype(f"u{dtype.bytes}")
    top = float(ml_finfo(dtype).max)
    big = _bits_of(dtype, top, -top, *((math.inf, -math.inf) if dtype is not F8E4M3 else ()))

    def is_nan(pattern: int) -> bool:
        return math.isnan(float(np.array(pattern, bits).view(dtype.numpy)))

    lane = st.one_of(st.sampled_from(big), st.integers(0, 2**dtype.bits - 1)).filter(
        lambda p: not is_nan(p)
    )
    rows, cols = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 40))
    raw = data.draw(st.lists(lane, min_size=rows * cols, max_size=rows * cols))
    full = np.array(raw, bits).reshape(rows, cols)
    view_rows, view_cols = data.draw(st.integers(0, rows)), data.draw(st.integers(1, cols))
    with_nan = view_rows > 0 and data.draw(st.booleans(), label="with a NaN")
    if with_nan:
        nan = data.draw(st.integers(0, 2**dtype.bits - 1).filter(is_nan), label="NaN bits")
        full[data.draw(st.integers(0, view_rows - 1)), data.draw(st.integers(0, view_cols - 1))] = (
            nan
        )
    view = full.view(dtype.numpy)[:view_rows, :view_cols]
    with np.errstate(invalid="ignore"):  # as the interpreter runs
        assert elementwise.has_nan(view) is with_nan


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_tabs_clears_the_sign_bit(target: TargetProfile) -> None:
    neg_nan = np.array([0xFFC00001], np.uint32).view(np.float32)[0]
    got = run_values(target, "tabs", F32, [-0.0, -math.inf, -2.5, 3.0, float(neg_nan)])
    assert got.view(np.uint32).tolist() == [0, 0x7F800000, 0x40200000, 0x40400000, 0x7FC00001]


@pytest.mark.parametrize("target", [A5, CPU], ids=lambda t: t.name)
def test_64_bit_lanes_wrap_and_divide_as_c(target: TargetProfile) -> None:
    """pto-isa's A5 Int64Binary/Int64Div: two's-complement 64-bit results."""
    i64, u64 = dtype_named("i64"), dtype_named("ui64")
    low, high = -(2**63), 2**63 - 1
    assert run_values(target, "tadd", i64, [high, low], [1, -1]).tolist() == [low, high]
    assert run_values(target, "tmul", i64, [2**32 + 3], [2**32 + 5]).tolist() == [8 * 2**32 + 15]
    assert run_values(target, "tdiv", i64, [-7, 7, low], [2, -2, -1]).tolist() == [-3, -3, low]
    assert run_values(target, "tdiv", u64, [2**64 - 1, 2**63 + 1], [2, 2**63]).tolist() == [
        2**63 - 1,
        1,
    ]
    assert run_values(target, "tmax", u64, [2**63], [1]).tolist() == [2**63]


# ----------------------------------------------------------------------------------------
# Valid regions
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_tadd_reads_all_one_bits_outside_a_smaller_source_region(target: TargetProfile) -> None:
    bench = Bench(target)
    big = tile_type(I32, (4, 16))
    small = tile_type(I32, (2, 8))
    a = np.arange(ROWS * COLS, dtype=np.int32).reshape(ROWS, COLS)
    b = np.full((ROWS, COLS), 100, np.int32)
    op = build(target, "tadd", [big, small], big)
    dst = bench.tile(big, (4, 16), None)
    run_op(bench.machine, op, [bench.tile(big, (4, 16), a), bench.tile(small, (2, 8), b), dst])
    expected = a - 1  # 0xFFFFFFFF is -1
    expected[:2, :8] = a[:2, :8] + 100
    assert np.array_equal(dst.get(), expected)
    fbench = Bench(target)
    fbig, fsmall = tile_type(F32, (4, 16)), tile_type(F32, (2, 8))
    fdst = fbench.tile(fbig, (4, 16), None)
    run_op(fbench.machine, build(target, "tadd", [fsmall, fbig], fbig),
           [fbench.tile(fsmall, (2, 8), np.ones((4, 16), np.float32)),
            fbench.tile(fbig, (4, 16), np.ones((4, 16), np.float32)), fdst])  # fmt: skip
    got = fdst.get()
    assert (got[:2, :8] == 2).all() and np.isnan(got[2:]).all() and np.isnan(got[:, 8:]).all()


@pytest.mark.parametrize("name", ["tsub", "tmax", "tabs"])
def test_a_dynamic_source_region_other_than_dst_s_reads_the_source_s_storage(name: str) -> None:
    """pto-isa checks it only with PTO_ASSERT (compiled out on the board); the instruction
    reads dst's valid region of the source's storage (docs/decisions.md)."""
    bench = Bench(A2A3)
    dyn = tile_type(F32, (DYNAMIC, DYNAMIC))
    fixed = tile_type(F32, (4, 16))
    count = 1 if name == "tabs" else 2
    op = build(A2A3, name, [dyn] * count, fixed)
    values = [np.arange(64, dtype=np.float32).reshape(4, 16) - 30 * k for k in range(count)]
    srcs = [bench.tile(dyn, (3, 2 + k), v) for k, v in enumerate(values)]
    dst = bench.tile(fixed, (4, 16), None)
    run_op(bench.machine, op, [*srcs, dst])
    want = {"tsub": lambda: values[0] - values[1], "tmax": lambda: np.maximum(*values),
            "tabs": lambda: np.abs(values[0])}[name]()  # fmt: skip
    assert np.array_equal(dst.get(), want)


def test_a_dst_region_past_a_source_s_storage_is_an_error() -> None:
    bench = Bench(A5)
    small, big = tile_type(F32, (DYNAMIC, DYNAMIC), rows=2), tile_type(F32, (4, 16))
    op = build(A5, "tmul", [small, big], big)
    src0 = bench.tile(small, (2, 16), np.ones((2, 16), np.float32))
    src1 = bench.tile(big, (4, 16), np.ones((4, 16), np.float32))
    message = r"src0 tile 2x16 cannot supply the 4x16 region the op reads"
    with pytest.raises(PtoRuntimeError, match=message):
        run_op(bench.machine, op, [src0, src1, bench.tile(big, (4, 16), None)])


def test_dynamic_valid_sizes_come_from_the_tiles() -> None:
    bench = Bench(A5)
    dyn = tile_type(F16, (DYNAMIC, DYNAMIC))
    a = np.full((ROWS, COLS), 2, np.float16)
    dst = bench.tile(dyn, (2, 5), np.zeros((ROWS, COLS), np.float16))
    run_op(bench.machine, build(A5, "tmul", [dyn, dyn], dyn),
           [bench.tile(dyn, (2, 5), a), bench.tile(dyn, (2, 5), a), dst])  # fmt: skip
    expected = np.zeros((ROWS, COLS), np.float16)
    expected[:2, :5] = 4
    assert np.array_equal(dst.get(), expected)


def test_ssa_form_returns_a_fresh_tile_with_the_sources_valid_region() -> None:
    bench = Bench(CPU)
    src_t = tile_type(F32, (DYNAMIC, DYNAMIC), ssa=True)
    res_t = tile_type(F32, (DYNAMIC, 16), ssa=True)
    op = build(CPU, "tsub", [src_t, src_t], res_t, ssa=True)
    a = np.full((ROWS, COLS), 5, np.float32)
    b = np.full((ROWS, COLS), 2, np.float32)
    (res,) = run_op(bench.machine, op, [bench.tile(src_t, (2, 16), a),
                                        bench.tile(src_t, (2, 16), b)])  # fmt: skip
    assert isinstance(res, Tile) and res.valid == (2, 16)
    assert (res.get()[:2] == 3).all() and (res.get()[2:] == 0).all()


def test_in_place_destination_aliasing_a_source() -> None:
    bench = Bench(A2A3)
    t = tile_type(F32, (4, 16))
    a = bench.tile(t, (4, 16), np.full((ROWS, COLS), 3, np.float32))
    b = bench.tile(t, (4, 16), np.full((ROWS, COLS), 2, np.float32))
    run_op(bench.machine, build(A2A3, "tmax", [t, t], t), [b, a, a])
    assert (a.get() == 3).all()
    run_op(bench.machine, build(A2A3, "tsub", [t, t], t), [a, b, a])
    assert (a.get() == 1).all()


def test_boxed_row_major_tiles() -> None:
    bench = Bench(A5)
    t = tile_type(F32, (16, 10), rows=16, cols=16, blayout=BLayout.ROW_MAJOR,
                  slayout=SLayout.ROW_MAJOR)  # fmt: skip
    a = np.arange(256, dtype=np.float32).reshape(16, 16)
    dst = bench.tile(t, (16, 10), np.full((16, 16), -1, np.float32))
    run_op(bench.machine, build(A5, "tadd", [t, t], t),
           [bench.tile(t, (16, 10), a), bench.tile(t, (16, 10), a), dst])  # fmt: skip
    expected = np.full((16, 16), -1, np.float32)
    expected[:, :10] = 2 * a[:, :10]
    assert np.array_equal(dst.get(), expected)


# ----------------------------------------------------------------------------------------
# Through `pto-run`
# ----------------------------------------------------------------------------------------

KERNEL = """
!t = !pto.tile_buf<loc=vec, dtype={dt}, rows=8, cols=16, v_row=?, v_col=?>
!pv = !pto.partition_tensor_view<{vr}x{vc}x{dt}>
!tv = !pto.tensor_view<?x?x{dt}>
builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @kernel(%a: !pto.ptr<{dt}>, %b: !pto.ptr<{dt}>, %c: !pto.ptr<{dt}>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %vr = arith.constant {vr} : index
    %vc = arith.constant {vc} : index
    %va = pto.make_tensor_view %a, shape = [%c8, %c16], strides = [%c16, %c1] : !tv
    %vb = pto.make_tensor_view %b, shape = [%c8, %c16], strides = [%c16, %c1] : !tv
    %vcv = pto.make_tensor_view %c, shape = [%c8, %c16], strides = [%c16, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%vr, %vc] : !tv -> !pv
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%vr, %vc] : !tv -> !pv
    %pc = pto.partition_view %vcv, offsets = [%c0, %c0], sizes = [%vr, %vc] : !tv -> !pv
    %ta = pto.alloc_tile valid_row = %vr valid_col = %vc : !t
    %tb = pto.alloc_tile valid_row = %vr valid_col = %vc : !t
    %tc = pto.alloc_tile valid_row = %vr valid_col = %vc : !t
    pto.tload ins(%pa : !pv) outs(%ta : !t)
    pto.tload ins(%pb : !pv) outs(%tb : !t)
    pto.{op} ins(%ta, %tb : !t, !t) outs(%tc : !t)
    pto.tstore ins(%tc : !t) outs(%pc : !pv)
    func.return
  }}
}}
"""


def write_kernel(tmp_path: Path, **fields: Any) -> Path:
    path = tmp_path / "kernel.mlir"
    path.write_text(KERNEL.format(**fields))
    return path


def test_pto_run_tmax_kernel_writes_the_maximum_of_the_valid_region(tmp_path: Path) -> None:
    kernel = write_kernel(tmp_path, dt="f32", target="a2a3", vr=5, vc=12, op="tmax")
    a = np.random.default_rng(1).standard_normal((8, 16)).astype(np.float32)
    b = np.random.default_rng(2).standard_normal((8, 16)).astype(np.float32)
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    out = tmp_path / "out"
    code = runner.main(["--semantics-only", str(kernel), "--arg", str(tmp_path / "a.npy"), "--arg",
                        str(tmp_path / "b.npy"), "--arg", "zeros:8x16xf32",
                        "--out-dir", str(out)])  # fmt: skip
    assert code == 0
    c = np.load(out / "arg2.npy")
    expected = np.zeros((8, 16), np.float32)
    for i in range(5):
        for j in range(12):
            expected[i, j] = a[i, j] if a[i, j] > b[i, j] else b[i, j]
    assert np.array_equal(c, expected)


def test_pto_run_reports_integer_division_by_zero_at_the_op(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kernel = write_kernel(tmp_path, dt="i32", target="a5", vr=2, vc=4, op="tdiv")
    code = runner.main(["--semantics-only", str(kernel), "--arg", "rand:8x16xi32:1", "--arg",
                        "zeros:8x16xi32", "--arg", "zeros:8x16xi32"])  # fmt: skip
    err = capsys.readouterr().err.splitlines()
    assert code == 1
    # FILE:LINE:COL: error: MESSAGE, the op's source line, a caret under its column
    assert len(err) == 3
    where, _, message = err[0].partition(": error: ")
    _, line, column = where.rsplit(":", 2)
    assert message.startswith("pto.tdiv: integer division by zero (src1[0, 0] is 0")
    source = kernel.read_text().splitlines()[int(line) - 1]
    assert err[1] == source and "pto.tdiv" in source
    assert err[2] == " " * (int(column) - 1) + "^"


def test_pto_run_rejects_integer_tdiv_on_a2a3(tmp_path: Path) -> None:
    kernel = write_kernel(tmp_path, dt="i32", target="a2a3", vr=2, vc=4, op="tdiv")
    proc = subprocess.run(
        [str(Path(sys.executable).parent / "pto-run"), str(kernel), "--arg", "zeros:8x16xi32",
         "--arg", "zeros:8x16xi32", "--arg", "zeros:8x16xi32"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.returncode != 0
    assert "pto.tdiv dtype i32 is not supported on target a2a3" in proc.stderr


def test_the_src0_fallback_is_std_max_and_std_min() -> None:
    """The table's alternative (pto-isa's CPU simulator on equal operands): `a < b ? b : a`,
    `b < a ? b : a`; NaN operands give NaN under either rule."""
    a = np.array([math.nan, 1.0, -0.0, 2.0], np.float32)
    b = np.array([1.0, math.nan, 0.0, 3.0], np.float32)
    mx = elementwise.select_max(a, b, Pick.SRC0)
    mn = elementwise.select_min(a, b, Pick.SRC0)
    for got in (mx, mn):
        assert np.isnan(got[0]) and np.isnan(got[1]) and np.signbit(got[2])
    assert mx[3] == 3.0 and mn[3] == 2.0


# ----------------------------------------------------------------------------------------
# Negation, bitwise ops and shifts: values written by hand
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_tneg_flips_the_sign_and_wraps(target: TargetProfile) -> None:
    neg_nan = np.array([0xFFC00001], np.uint32).view(np.float32)[0]  # negative, payload 1
    snan = np.array([0x7F800001], np.uint32).view(np.float32)[0]  # positive signalling
    got = run_values(target, "tneg", F32, [0.0, -0.0, 1.5, -math.inf, float(neg_nan), 0.0])
    bits = got.view(np.uint32)
    assert got[:4].tolist() == [-0.0, 0.0, -1.5, math.inf]
    assert np.signbit(got[0]) and not np.signbit(got[1])
    assert bits[4] == 0xFFC00001  # x * -1 of a NaN: that NaN, sign and payload kept
    t = tile_type(F32, (1, 1), rows=1, cols=32)
    bench = Bench(target)
    row = np.zeros((1, 32), np.float32)
    row[0, 0] = snan
    src, dst = bench.tile(t, (1, 1), row), bench.tile(t, (1, 1), None)
    run_op(bench.machine, build(target, "tneg", [t], t), [src, dst])
    assert dst.get().view(np.uint32)[0, 0] == 0x7FC00001  # quieted, sign kept
    assert run_values(target, "tneg", I16, [-32768, 5, 0]).tolist() == [-32768, -5, 0]


def test_bitwise_ops_on_the_bits() -> None:
    a, b = [0x0F0F, -1, -32768], [0x00FF, 0x1234, 1]
    assert run_values(A5, "tand", I16, a, b).tolist() == [0x000F, 0x1234, 0]
    assert run_values(A5, "tor", I16, a, b).tolist() == [0x0FFF, -1, -32767]
    assert run_values(A5, "txor", I16, a, b, [0, 0, 0]).tolist() == [0x0FF0, ~0x1234, -32767]
    assert run_values(A5, "tnot", U8, [0, 0xF0, 0xFF]).tolist() == [0xFF, 0x0F, 0]


def test_shifts_arithmetic_for_signed_logical_for_unsigned() -> None:
    assert run_values(A5, "tshl", I16, [1, -1, 0x4000], [15, 1, 1]).tolist() == [
        -32768,
        -2,
        -32768,
    ]
    assert run_values(A5, "tshr", I16, [-32768, -5, 64], [15, 1, 3]).tolist() == [-1, -3, 8]
    assert run_values(A5, "tshr", U32, [2**31, 7], [31, 1]).tolist() == [1, 3]


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_shift_count_out_of_range_is_a_diagnostic(target: TargetProfile) -> None:
    """As vshl/vshr, which they lower to: the result is target-defined, so reported."""
    with pytest.raises(PtoRuntimeError, match=r"tshl shift count 16 at src1\[0, 1\] is outside"):
        run_values(target, "tshl", I16, [1, 1], [0, 16])
    with pytest.raises(PtoRuntimeError, match=r"tshr shift count -1 at src1\[0, 0\]"):
        run_values(target, "tshr", I32, [1], [-1])
