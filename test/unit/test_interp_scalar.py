"""Tile-scalar ops in the interpreter, against per-element references from the pages.

References are Python computations on single elements: float ops in Python's double (one
operation on f32/f16/bf16 values is exact enough there that one rounding to the element
type is the correctly rounded result), the fused `taxpy` exactly in `Fraction`s rounded by
hand, integer ops exactly and wrapped by hand. Every op runs on every target and element
type its record allows, on a partial valid region, and must leave every other byte alone.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, cast

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
    ml_finfo,
    wrap,
)
from xdsl.dialects.builtin import ModuleOp, f32
from xdsl.interpreter import Interpreter
from xdsl.ir import Attribute

from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.machine.memory import Tile
from interpreters.ops.tile_scalar import TileScalarFunctions
from pto_dialect.attrs import BLayout, Location, Pipe, SLayout
from pto_dialect.dtypes import F16, F32, I16, I32, U16, DType, mlir_type
from pto_dialect.ops import tile_scalar_bitwise
from pto_dialect.ops.tile_scalar import OPS, ScalarTileOp, TExpandSOp
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile
from pto_dialect.tile_types import TileBufType, TileType, TileTypeBase

TARGETS = (A2A3, A5, CPU)
CLASSES: dict[str, type[ScalarTileOp]] = {
    op.name.removeprefix("pto."): op for op in (*OPS, *tile_scalar_bitwise.OPS)
}
ROWS = 4
VALID = (3, 11)
SHIFTS = ("tshls", "tshrs")
DIVIDING = ("tdivs", "tfmods", "trems")


# ---- running one op ---------------------------------------------------------------------


def tile_type(dtype: DType, valid: tuple[int, int] = VALID, *, ssa: bool = False,
              rows: int = ROWS, cols: int | None = None) -> TileTypeBase:  # fmt: skip
    cls = TileType if ssa else TileBufType
    width = cols_for(dtype) if cols is None else cols
    return cls(Location.VEC, mlir_type(dtype), rows, width, v_row=valid[0], v_col=valid[1])


def build(target: TargetProfile, name: str, operands: list[Attribute],
          out: TileTypeBase, *, ssa: bool = False) -> ScalarTileOp:  # fmt: skip
    """`pto.<name>` on block arguments of `operands` types (tiles and the scalar)."""
    return cast(ScalarTileOp, build_tile_op(target, CLASSES[name], operands, out, ssa=ssa))


def run(machine: Machine, op: ScalarTileOp, args: list[Any]) -> tuple[Any, ...]:
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(TileScalarFunctions(machine))
    with np.errstate(all="ignore"):  # as pto-run: IEEE exceptions are results
        return interpreter.run_op(op, tuple(args))


def layout(name: str) -> tuple[str, ...]:
    """The page's operand order without tmp (taxpy: with its acc source)."""
    return CLASSES[name].LAYOUTS[0] if name != "texpands" else ("scalar",)


# ---- references (one element at a time) -------------------------------------------------


def to_dtype(value: float, dtype: DType) -> Any:
    with np.errstate(all="ignore"):
        return dtype.numpy.type(value)


def round_exact(exact: Fraction, dtype: DType) -> Any:
    """The `dtype` value nearest to `exact`, ties to even (independent of numpy's paths)."""
    with np.errstate(all="ignore"):
        guess = np.array(float(exact), np.float64).astype(dtype.numpy)
    best: Any = guess
    for step in (-1, 1):
        with np.errstate(all="ignore"):
            near = np.nextafter(guess, dtype.numpy.type(step * math.inf))
        if not np.isfinite(float(near)) or not np.isfinite(float(best)):
            continue
        d_best, d_near = abs(Fraction(float(best)) - exact), abs(Fraction(float(near)) - exact)
        if d_near < d_best or (d_near == d_best and _even(near, dtype)):
            best = near
    return best


def _even(value: Any, dtype: DType) -> bool:
    return int(np.array(value, dtype.numpy).view(f"u{dtype.bytes}")) % 2 == 0


def fused(x: Any, s: Any, acc: Any, dtype: DType) -> Any:
    fx, fs, fa = float(x), float(s), float(acc)
    if any(math.isnan(v) or math.isinf(v) for v in (fx, fs, fa)):
        return to_dtype(fa + fx * fs, dtype)
    exact = Fraction(fx) * Fraction(fs) + Fraction(fa)
    if exact == 0:  # IEEE: -0 only when both addends are -0 (round to nearest)
        product_negative = (math.copysign(1, fx) < 0) != (math.copysign(1, fs) < 0)
        both = fx * fs == 0 and fa == 0 and product_negative and math.copysign(1, fa) < 0
        return to_dtype(-0.0 if both else 0.0, dtype)
    return round_exact(exact, dtype)


def ieee_div(x: float, y: float) -> float:
    if y != 0 or math.isnan(y):
        return x / y
    if x == 0 or math.isnan(x):
        return math.nan
    return -math.inf if (math.copysign(1, x) < 0) != (math.copysign(1, y) < 0) else math.inf


def c_fmod(x: float, y: float) -> float:
    """C fmod: NaN for a NaN operand or an infinite x, x for an infinite y."""
    if math.isnan(x) or math.isnan(y) or math.isinf(x):
        return math.nan
    return x if math.isinf(y) else math.fmod(x, y)


def ref_float(name: str, ops: list[Any], dtype: DType) -> Any:
    x = float(ops[0])
    if name == "texpands":
        return ops[0]
    y = float(ops[1])
    if name in ("tmaxs", "tmins") and (math.isnan(x) or math.isnan(y)):
        return math.nan  # vmax.md / vmin.md: a NaN operand gives NaN
    if name == "tmaxs":
        return ops[0] if x > y else ops[1]
    if name == "tmins":
        return ops[0] if x < y else ops[1]
    if name == "tlrelu":
        return ops[0] if x >= 0 else to_dtype(x * y, dtype)
    if name == "taxpy":
        return fused(ops[0], ops[1], ops[2], dtype)
    if name in ("taddsc", "tsubsc"):
        first = to_dtype(x + y if name == "taddsc" else x - y, dtype)
        return to_dtype(float(first) + float(ops[2]), dtype)
    if name == "tfmods":
        return to_dtype(c_fmod(x, y), dtype)
    if name == "trems":
        rem = to_dtype(c_fmod(x, y), dtype)
        if (x >= 0) != (y >= 0) and float(rem) != 0:
            return to_dtype(float(rem) + y, dtype)
        return rem
    if name == "tpows":
        try:
            return to_dtype(math.pow(x, y), dtype)
        except (ValueError, OverflowError):
            with np.errstate(all="ignore"):
                return to_dtype(float(np.power(np.float64(x), np.float64(y))), dtype)
    r = {"tadds": lambda: x + y, "tsubs": lambda: x - y, "tmuls": lambda: x * y,
         "tdivs": lambda: ieee_div(x, y)}[name]()  # fmt: skip
    return to_dtype(r, dtype)


def ref_int(name: str, ops: list[Any], dtype: DType) -> Any:
    x = int(ops[0])
    if name == "texpands":
        return ops[0]
    y = int(ops[1])
    if name == "tdivs":
        q = abs(x) // abs(y)
        r = -q if (x < 0) != (y < 0) else q
    elif name in ("trems", "tfmods"):
        r = abs(x) % abs(y) * (-1 if x < 0 else 1)
        if name == "trems" and (x >= 0) != (y >= 0) and r != 0:
            r += y
    elif name == "tpows":
        r = x**y
    elif name in ("taddsc", "tsubsc"):
        r = (x + y if name == "taddsc" else x - y) + int(ops[2])
    else:
        r = {"tadds": lambda: x + y, "tsubs": lambda: x - y, "tmuls": lambda: x * y,
             "tmaxs": lambda: max(x, y), "tmins": lambda: min(x, y), "tands": lambda: x & y,
             "tors": lambda: x | y, "txors": lambda: x ^ y, "tshls": lambda: x << y,
             "tshrs": lambda: x >> y}[name]()  # fmt: skip
    return dtype.numpy.type(wrap(r, dtype))


def reference(name: str, operands: list[np.ndarray], dtype: DType) -> np.ndarray:
    rows, cols = VALID
    out = np.zeros((rows, cols), dtype.numpy)
    ref = ref_float if dtype.is_float else ref_int
    for i in range(rows):
        for j in range(cols):
            out[i, j] = ref(name, [o[i, j] for o in operands], dtype)
    return out


# ---- inputs -----------------------------------------------------------------------------


def specials(dtype: DType) -> list[Any]:
    if dtype.is_float:
        finfo = ml_finfo(dtype)
        return [0.0, -0.0, 1.0, -1.5, float(finfo.max), -float(finfo.max),
                float(finfo.smallest_subnormal), -float(finfo.smallest_subnormal),
                float(finfo.eps), math.nan, math.inf, -math.inf]  # fmt: skip
    info = np.iinfo(int_numpy(dtype))
    return [int(info.min), int(info.max), 0, 1, -1 if dtype.is_signed else 2, int(info.max) // 2]


def random_tile(dtype: DType, rng: np.random.Generator) -> np.ndarray:
    shape = (ROWS, cols_for(dtype))
    if dtype.is_float:
        arr = rng.uniform(-4, 4, shape).astype(dtype.numpy)
    else:
        info = np.iinfo(int_numpy(dtype))
        arr = rng.integers(int(info.min), int(info.max), shape, info.dtype, endpoint=True)
    values = specials(dtype)
    picks = rng.random(shape) < 0.35
    kind = np.float64 if dtype.is_float else dtype.numpy
    arr[picks] = np.array(values, kind)[rng.integers(0, len(values), int(picks.sum()))].astype(
        dtype.numpy
    )
    return arr


def legal_inputs(name: str, dtype: DType, target: TargetProfile, srcs: list[np.ndarray],
                 scalar: Any) -> tuple[list[np.ndarray], Any]:  # fmt: skip
    """Inputs inside the domain the page defines (shift counts, divisors, A2/A3 trems)."""
    if name in SHIFTS:
        return srcs, scalar % dtype.bits
    if name in DIVIDING and not dtype.is_float:
        srcs = [np.where(s == 0, 3, s).astype(dtype.numpy) for s in srcs]
        scalar = scalar or 3
    if name in ("tfmods", "trems") and dtype.is_float and float(scalar) == 0:
        scalar = 1.5
    if name == "trems" and target is A2A3 and dtype == I32:
        srcs = [(s % (1 << 20)).astype(dtype.numpy) for s in srcs]
        scalar = int(scalar) % (1 << 20) or 7
    if name == "tpows" and not dtype.is_float:
        scalar = int(scalar) % 5
    return srcs, scalar


def scalar_value(dtype: DType, rng: np.random.Generator) -> Any:
    values = specials(dtype)
    pick = values[int(rng.integers(0, len(values)))]
    return float(np.array(pick, np.float64).astype(dtype.numpy)) if dtype.is_float else pick


# ---- every op x legal dtype x target ----------------------------------------------------

CASES = legal_cases(TARGETS, CLASSES)


def check(target: TargetProfile, name: str, dtype: DType, seed: int, scalar: Any = None) -> None:
    rng = np.random.default_rng(seed)
    roles = layout(name)
    tiles = [r for r in roles if r != "scalar"]
    srcs = [random_tile(dtype, rng) for _ in tiles]
    scalar = scalar_value(dtype, rng) if scalar is None else scalar
    srcs, scalar = legal_inputs(name, dtype, target, srcs, scalar)
    t = tile_type(dtype)
    scalar_type = mlir_type(dtype)
    needs_tmp = target.arch in CLASSES[name].TMP_REQUIRED
    types: list[Attribute] = [scalar_type if r == "scalar" else t for r in roles]
    bench = Bench(target, seed)
    placed = iter([bench.tile(t, VALID, s) for s in srcs])
    args: list[Any] = [scalar if r == "scalar" else next(placed) for r in roles]
    if needs_tmp:
        types.append(t)
        args.append(bench.tile(t, VALID, None))
    op = build(target, name, types, t)
    dst = bench.tile(t, VALID, None)
    before = bench.ub.data.copy()
    assert run(bench.machine, op, [*args, dst]) == ()
    got = dst.get()[: VALID[0], : VALID[1]].copy()
    scalar_tile = np.full((ROWS, cols_for(dtype)), scalar, np.float64 if dtype.is_float else
                          dtype.numpy).astype(dtype.numpy)  # fmt: skip
    by_role = iter(srcs)
    operands = [scalar_tile if r == "scalar" else next(by_role) for r in roles]
    expected = reference(name, operands, dtype)
    assert bits_equal(got, expected, dtype), f"{name} {dtype} s={scalar}\n{got}\n!=\n{expected}"
    written = bench.written(dst, *VALID)
    if needs_tmp:  # the scratch tile's contents are the op's business
        tmp: Tile = args[-1]
        written[tmp.address : tmp.address + tmp.nbytes] = True
    assert np.array_equal(bench.ub.data[~written], before[~written])


@pytest.mark.parametrize(("target", "name", "dtype"), CASES)
def test_op_matches_the_page_formula_on_the_valid_region(
    target: TargetProfile, name: str, dtype: DType
) -> None:
    for seed in range(3):
        check(target, name, dtype, hash((target.name, name, dtype.name, seed)) % 2**32)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CASES), st.integers(0, 2**32 - 1), st.data())
def test_random_scalars(case: Any, seed: int, data: st.DataObject) -> None:
    target, name, dtype = case.values
    values = specials(dtype)
    scalar = data.draw(st.sampled_from(values))
    if dtype.is_float:
        scalar = float(np.array(scalar, np.float64).astype(dtype.numpy))
    check(target, name, dtype, seed, scalar)


# ---- values written by hand ------------------------------------------------------------


def run_row(target: TargetProfile, name: str, dtype: DType, scalar: Any, *rows: list[Any],
            scalar_type: Attribute | None = None, first: bool = False) -> np.ndarray:  # fmt: skip
    """The op on 1-row tiles; `first`: the scalar before the tile (tdivs scalar / src)."""
    width = len(rows[0])
    t = tile_type(dtype, (1, width), rows=1, cols=32)
    bench = Bench(target)
    tiles = bench.row_tiles(t, dtype, *rows)
    stype = scalar_type or mlir_type(dtype)
    tile_types: list[Attribute] = [t] * len(tiles)
    types = [stype, *tile_types] if first else [t, stype, *tile_types[1:]]
    args: list[Any] = [scalar, *tiles] if first else [tiles[0], scalar, *tiles[1:]]
    dst = bench.tile(t, (1, width), None)
    run(bench.machine, build(target, name, types, t), [*args, dst])
    return dst.get()[0, :width].copy()


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_tdivs_divides_in_the_order_of_its_operands(target: TargetProfile) -> None:
    assert run_row(target, "tdivs", F32, 2.0, [1.0, 8.0, -0.0]).tolist() == [0.5, 4.0, -0.0]
    got = run_row(target, "tdivs", F32, 2.0, [1.0, 8.0, -0.0], first=True)
    assert got.tolist() == [2.0, 0.25, -math.inf]


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_integer_tdivs_truncates_and_refuses_zero(target: TargetProfile) -> None:
    assert run_row(target, "tdivs", I32, 2, [7, -7, -(2**31)]).tolist() == [3, -3, -(2**30)]
    assert run_row(target, "tdivs", I16, -1, [-32768, 5]).tolist() == [-32768, -5]
    with pytest.raises(PtoRuntimeError, match="tdivs division by zero"):
        run_row(target, "tdivs", I32, 0, [1, 2])


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_an_f32_slope_is_rounded_to_the_f16_tile(target: TargetProfile) -> None:
    slope = 1 + 2.0**-11 + 2.0**-20  # rounds up to 1 + 2^-10 in f16
    got = run_row(target, "tlrelu", F16, slope, [-1.0, 2.0, -0.0], scalar_type=f32)
    assert got.tolist() == [-(1 + 2.0**-10), 2.0, -0.0]
    assert math.copysign(1, float(got[2])) < 0  # -0 >= 0: kept (vlrelu.md)


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_taxpy_rounds_once(target: TargetProfile) -> None:
    e = 2.0**-23
    # (1 + e) * (1 - e) = 1 - e^2: twice rounded, -1 + that is 0; fused it is -e^2
    got = run_row(target, "taxpy", F32, 1 - e, [1 + e], [-1.0])
    assert got.tolist() == [-(e * e)]


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_taxpy_widens_an_f16_src_into_an_f32_dst(target: TargetProfile) -> None:
    bench = Bench(target)
    src_t = tile_type(F16, (1, 3), rows=1, cols=32)
    dst_t = tile_type(F32, (1, 3), rows=1, cols=32)
    src = bench.tile(src_t, (1, 3), np.array([[1.5, 65504.0, -2.0] + [0] * 29], np.float16))
    dst = bench.tile(dst_t, (1, 3), np.array([[1.0, 0.0, 3.0] + [0] * 29], np.float32))
    op = build(target, "taxpy", [src_t, mlir_type(F16)], dst_t)
    run(bench.machine, op, [src, 2.0, dst])
    assert dst.get()[0, :3].tolist() == [4.0, 131008.0, -1.0]  # no f16 overflow


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_shift_counts_outside_the_element_width_are_errors(target: TargetProfile) -> None:
    assert run_row(target, "tshrs", I32, 31, [-(2**31), 5]).tolist() == [-1, 0]
    assert run_row(target, "tshrs", U16, 15, [0x8000, 5]).tolist() == [1, 0]
    assert run_row(target, "tshls", I16, 15, [1, 3]).tolist() == [-32768, -32768]
    with pytest.raises(PtoRuntimeError, match=r"tshls shift count 16 \(the scalar\) is outside"):
        run_row(target, "tshls", I16, 16, [1])
    with pytest.raises(PtoRuntimeError, match="shift count -1"):
        run_row(target, "tshrs", I32, -1, [1])


def test_trems_takes_the_sign_of_the_scalar() -> None:
    assert run_row(A5, "trems", I32, 3, [7, -7, 6]).tolist() == [1, 2, 0]
    assert run_row(A5, "trems", I32, -3, [7, -7]).tolist() == [-2, -1]
    assert run_row(A5, "trems", F32, 2.0, [-0.5, 5.5]).tolist() == [1.5, 1.5]
    assert run_row(A5, "tfmods", F32, 2.0, [-0.5, 5.5]).tolist() == [-0.5, 1.5]
    with pytest.raises(PtoRuntimeError, match="trems remainder by zero"):
        run_row(CPU, "trems", F32, 0.0, [1.0])
    with pytest.raises(PtoRuntimeError, match="tfmods fmod by zero"):
        run_row(CPU, "tfmods", F32, -0.0, [1.0])


def test_a2a3_trems_on_i32_needs_operands_exact_in_f32() -> None:
    bench = Bench(A2A3)
    t = tile_type(I32, (1, 2), rows=1, cols=32)
    src = bench.tile(t, (1, 2), np.array([[2**24 + 1, 5] + [0] * 30], np.int32))
    tmp, dst = bench.tile(t, (1, 2), None), bench.tile(t, (1, 2), None)
    op = build(A2A3, "trems", [t, mlir_type(I32), t], t)
    with pytest.raises(PtoRuntimeError, match=r"outside \[-2\^24, 2\^24\]"):
        run(bench.machine, op, [src, 3, tmp, dst])


def test_the_scalar_keeps_its_bits_in_an_unsigned_tile() -> None:
    from xdsl.dialects.builtin import i16

    got = run_row(A5, "tands", U16, -256, [0xFFFF, 0x1234], scalar_type=i16)
    assert got.tolist() == [0xFF00, 0x1200]


def test_source_regions_must_equal_dst_at_run_time() -> None:
    bench = Bench(CPU)
    t = tile_type(F32, (1, 8), rows=2, cols=16)
    small = bench.tile(t, (1, 4), np.zeros((2, 16), np.float32))
    dst = bench.tile(t, (1, 8), None)
    op = build(CPU, "tadds", [t, mlir_type(F32)], t)
    with pytest.raises(PtoRuntimeError, match="src valid region 1x4 must equal the dst"):
        run(bench.machine, op, [small, 1.0, dst])


def test_ssa_texpands_and_taxpy_make_their_results() -> None:
    machine = Machine(CPU)
    t = tile_type(F32, (2, 5), ssa=True, rows=2, cols=8)
    expand = build(CPU, "texpands", [mlir_type(F32)], t, ssa=True)
    (filled,) = run(machine, expand, [-0.5])
    assert np.all(filled.get()[:2, :5] == -0.5)
    axpy = build(CPU, "taxpy", [t, mlir_type(F32), t], t, ssa=True)
    (out,) = run(machine, axpy, [filled, 4.0, filled])
    assert np.all(out.get()[:2, :5] == -2.5)


@pytest.mark.parametrize("target", [A2A3, A5], ids=lambda t: t.name)
def test_texpands_into_mat_fills_the_whole_tile(target: TargetProfile) -> None:
    """a2a3/a5 TExpandS.hpp: a Mat dst gets the scalar in every element of its storage
    (create_cbuf_matrix over rows x cols x sizeof / 32 blocks), valid region or not, on
    MTE2; the bytes after it stay."""
    dst_t = TileBufType(Location.MAT, mlir_type(F16), 16, 32, v_row=3, v_col=5,
                        blayout=BLayout.COL_MAJOR, slayout=SLayout.ROW_MAJOR)  # fmt: skip
    op = build_tile_op(target, TExpandSOp, [mlir_type(F16)], dst_t)
    assert op.pipe() is Pipe.MTE2
    machine = Machine(target)
    dst = machine.tile_at(dst_t, 0, 3, 5)
    memory = dst.memory
    memory.data[:2048] = 7
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(TileScalarFunctions(machine))
    interpreter.run_op(op, (1.5, dst))
    assert (memory.data[:1024].view(np.float16) == 1.5).all()
    assert (memory.data[1024:2048] == 7).all()
