"""Row reductions, tcolprod and the vector cross-lane reductions in the interpreter, against
element-by-element references written from the pages and pto-isa's A5 loops (Python
scalars of the element type, one rounding per step; NaN matches any NaN).

- vcadd / vcgadd: the pairwise fold (lanes 2i, 2i+1, level by level), inactive lanes +0;
- vcmax / vcmin: the first active lane holding the extremum, NaN winning; lane 1 the index;
- vcpadd: adjacent lanes added into the low half (the board-tested PTOAS cases);
- trowsum / trowmax / trowmin: identity, then per register `acc = step(acc, cross(reg))`;
- trowprod: lane-wise products over the registers, then halves folded;
- tcolprod: rows multiplied in order.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import bits_equal, build_tile_op, run_tile_op
from support import vec_tile_type as tile_type

from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.ops.tile_reduce import TileReduceFunctions
from interpreters.ops.tile_row_reduce import TileRowReduceFunctions
from interpreters.semantics import vector_reduce as vsem
from pto_dialect.attrs import BLayout
from pto_dialect.dtypes import F16, F32, I16, I32, DType
from pto_dialect.ops.tile_reduce import TColProdOp
from pto_dialect.ops.tile_row_reduce import (
    RowReduceTileOp,
    TRowMaxOp,
    TRowMinOp,
    TRowProdOp,
    TRowSumOp,
)
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile

TARGETS = (A2A3, A5, CPU)
DTYPES = (F32, F16, I32, I16)
SPECIALS = (0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, 3.0)


# ---- references: one element at a time ------------------------------------------------------


def nan(x: Any) -> bool:
    return bool(np.asarray(x).dtype.kind == "f" and np.isnan(np.asarray(x, np.float64)))


def add(a: Any, b: Any) -> Any:
    return a + b


def mul(a: Any, b: Any) -> Any:
    return a * b


def vmax(a: Any, b: Any) -> Any:
    """vmax on two elements: NaN if either is (the first NaN), else the larger; a tie
    returns b (the A5 vector rule: src1 when `a > b` is false)."""
    if nan(a) or nan(b):
        return a if nan(a) else b
    return a if a > b else b


def vmin(a: Any, b: Any) -> Any:
    if nan(a) or nan(b):
        return a if nan(a) else b
    return a if a < b else b


def pairwise(values: list[Any], op: Any) -> Any:
    while len(values) > 1:
        values = [op(values[2 * i], values[2 * i + 1]) for i in range(len(values) // 2)]
    return values[0]


def ref_extremum(values: list[Any], active: list[bool], largest: bool) -> tuple[Any, int]:
    best, where = None, 0
    for i, (v, on) in enumerate(zip(values, active, strict=True)):
        if not on:
            continue
        if (
            best is None
            or (nan(v) and not nan(best))
            or (not nan(best) and not nan(v) and (v > best if largest else v < best))
        ):
            best, where = v, i
    zero = np.zeros((), np.asarray(values[0]).dtype)[()]
    return (zero if best is None else best), (0 if best is None else where)


def identity(dtype: DType, kind: str) -> Any:
    t = dtype.numpy
    if kind == "sum":
        return t.type(0)
    if dtype.is_float:
        return t.type(-np.inf if kind == "max" else np.inf)
    low, high = dtype.int_limits
    return t.type(low if kind == "max" else high)


def ref_row(kind: str, row: list[Any], dtype: DType) -> Any:
    lanes = 256 // dtype.bytes
    zero = dtype.numpy.type(0)
    acc = identity(dtype, kind)
    for start in range(0, len(row), lanes):
        chunk = row[start : start + lanes]
        active = [True] * len(chunk) + [False] * (lanes - len(chunk))
        padded = chunk + [zero] * (lanes - len(chunk))
        if kind == "sum":
            acc = acc + pairwise(padded, add)
        else:
            value, _ = ref_extremum(padded, active, kind == "max")
            acc = (vmax if kind == "max" else vmin)(acc, value)
    return acc


def ref_row_lanes_first(kind: str, row: list[Any], dtype: DType) -> Any:
    """A2/A3's order: registers combined lane by lane (c0, c1, the partial one, c2, ...),
    then one cross-lane reduction over every lane (a2a3/TRowReduceOps.hpp)."""
    lanes = 256 // dtype.bytes
    if len(row) <= lanes:
        return ref_row(kind, row, dtype)
    step = {"sum": add, "max": vmax, "min": vmin}[kind]
    regs = [row[s : s + lanes] for s in range(0, len(row), lanes)]
    whole = len(row) // lanes
    pairs = zip(regs[0], regs[1], strict=True) if whole > 1 else ()
    acc = list(regs[0]) if whole == 1 else [step(a, b) for a, b in pairs]
    if len(row) % lanes:
        acc[: len(regs[whole])] = [step(a, b) for a, b in zip(acc, regs[whole], strict=False)]
    for k in range(2, whole):
        acc = [step(a, b) for a, b in zip(acc, regs[k], strict=True)]
    if kind == "sum":
        return pairwise(acc, add)
    return ref_extremum(acc, [True] * lanes, kind == "max")[0]


def ref_prod(row: list[Any], dtype: DType) -> Any:
    lanes = 256 // dtype.bytes
    acc: list[Any] = [dtype.numpy.type(1)] * lanes
    for start in range(0, len(row), lanes):
        for i, v in enumerate(row[start : start + lanes]):
            acc[i] = acc[i] * v
    while len(acc) > 1:
        half = len(acc) // 2
        acc = [acc[i] * acc[i + half] for i in range(half)]
    return acc[0]


# ---- data -----------------------------------------------------------------------------------


def values(draw: Any, dtype: DType, count: int, small: bool = False) -> np.ndarray:
    if dtype.is_float:
        pool = st.one_of(
            st.sampled_from(SPECIALS),
            st.floats(-4 if small else -1e4, 4 if small else 1e4, allow_nan=False),
        )
        return np.array(draw(st.lists(pool, min_size=count, max_size=count)), dtype.numpy)
    lowest, highest = dtype.int_limits
    low, high = (-3, 3) if small else (lowest, highest)
    ints = st.one_of(st.integers(low, high), st.sampled_from([lowest, highest, 0, -1]))
    return np.array(draw(st.lists(ints, min_size=count, max_size=count)), dtype.numpy)


# ---- vector ops ----------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_vector_reductions_against_references(data: st.DataObject):
    dtype = data.draw(st.sampled_from(DTYPES))
    lanes = 256 // dtype.bytes
    src = values(data.draw, dtype, lanes)
    mask = np.array(data.draw(st.lists(st.booleans(), min_size=lanes, max_size=lanes)))
    items, active = list(src), list(mask)
    zero = dtype.numpy.type(0)
    with np.errstate(all="ignore"):
        got = vsem.vcadd(src, mask)
        want = pairwise([v if on else zero for v, on in zip(items, active, strict=True)], add)
        assert bits_equal(got[:1], np.array([want], dtype.numpy), dtype)
        assert not got[1:].any()
        for largest, fn in ((True, vsem.vcextremum), (False, vsem.vcextremum)):
            got = fn(src, mask, largest)
            value, index = ref_extremum(items, active, largest)
            assert bits_equal(got[:1], np.array([value], dtype.numpy), dtype) or (
                value == 0 and got[0] == 0
            )
            assert int(got[1:2].view(f"u{dtype.bytes}")[0]) == index
            assert not got[2:].view(f"u{dtype.bytes}").any()
        per = 32 // dtype.bytes
        got = vsem.vcgadd(src, mask)
        for g in range(8):
            part = slice(g * per, (g + 1) * per)
            group = [v if on else zero for v, on in zip(items[part], active[part], strict=True)]
            assert bits_equal(got[g : g + 1], np.array([pairwise(group, add)], dtype.numpy), dtype)
        assert not got[8:].any()
        got = vsem.vcgextremum(src, mask, True)
        for g in range(8):
            value, _ = ref_extremum(items[g * per : (g + 1) * per],
                                    active[g * per : (g + 1) * per], True)  # fmt: skip
            assert bits_equal(got[g : g + 1], np.array([value], dtype.numpy), dtype) or (
                value == 0 and got[g] == 0
            )
        if dtype.is_float:
            got = vsem.vcpadd(src, mask)
            terms: list[Any] = [v if on else zero for v, on in zip(items, active, strict=True)]
            want_pairs: list[Any] = []
            for i in range(len(terms) // 2):
                low: Any = terms[2 * i]
                want_pairs.append(low + terms[2 * i + 1])
            want_pairs += [zero] * (len(terms) - len(want_pairs))
            assert bits_equal(got, np.array(want_pairs, dtype.numpy), dtype)


def test_vcmax_ties_pick_the_lowest_lane_and_nan_wins():
    x = np.array([1.0, 7.0, 7.0, -2.0] + [0.0] * 60, np.float32)
    mask = np.ones(64, bool)
    got = vsem.vcextremum(x, mask, True)
    assert got[0] == 7.0 and got[1:2].view(np.uint32)[0] == 1
    x[3] = np.nan
    got = vsem.vcextremum(x, mask, True)
    assert np.isnan(got[0]) and got[1:2].view(np.uint32)[0] == 3
    got = vsem.vcextremum(x, np.zeros(64, bool), False)
    assert not got.view(np.uint32).any()


# ---- tile ops --------------------------------------------------------------------------------

KIND: dict[type[RowReduceTileOp], str] = {TRowSumOp: "sum", TRowMaxOp: "max", TRowMinOp: "min"}


def run_row(target: TargetProfile, op: type[RowReduceTileOp], src: np.ndarray,
            valid: tuple[int, int], *, dn: bool = False) -> np.ndarray:  # fmt: skip
    dtype = {np.dtype(d.numpy): d for d in DTYPES}[src.dtype]
    rows, cols = src.shape
    st_type = tile_type(dtype, rows, cols, valid)
    per = 32 // dtype.bytes
    dn_rows = -(-rows // per) * per
    dst_type = (tile_type(dtype, dn_rows, 1, (valid[0], 1), blayout=BLayout.COL_MAJOR) if dn
                else tile_type(dtype, rows, per, (valid[0], 1)))  # fmt: skip
    machine = Machine(target)
    built = build_tile_op(target, op, [st_type, st_type], dst_type)
    tiles = [machine.tile_at(t, None, *v) for t, v in
             ((st_type, valid), (st_type, valid), (dst_type, (valid[0], 1)))]  # fmt: skip
    tiles[0].set(src)
    with np.errstate(all="ignore"):
        run_tile_op(TileRowReduceFunctions(machine), built, tiles)
    return tiles[2].get()[: valid[0], 0]


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_row_reductions_against_references(data: st.DataObject):
    target = data.draw(st.sampled_from(TARGETS))
    op = data.draw(st.sampled_from([TRowSumOp, TRowMaxOp, TRowMinOp, TRowProdOp]))
    dtype = data.draw(st.sampled_from(DTYPES))
    lanes = 256 // dtype.bytes
    per = 32 // dtype.bytes
    rows = data.draw(st.integers(1, 3))
    cols = per * data.draw(st.integers(1, 3 * lanes // per))
    valid = (data.draw(st.integers(1, rows)), data.draw(st.integers(1, cols)))
    small = op is TRowProdOp
    src = values(data.draw, dtype, rows * cols, small).reshape(rows, cols)
    got = run_row(target, op, src, valid, dn=data.draw(st.booleans()))
    with np.errstate(all="ignore"):
        for r in range(valid[0]):
            row = list(src[r, : valid[1]])
            ref = ref_row_lanes_first if target is A2A3 else ref_row
            want = ref_prod(row, dtype) if op is TRowProdOp else ref(KIND[op], row, dtype)
            same = bits_equal(got[r : r + 1], np.array([want], dtype.numpy), dtype)
            assert same or (op is not TRowSumOp and got[r] == want == 0), (r, got[r], want)


def test_trowsum_f16_folds_pairwise_within_a_register():
    """f16 lanes 2048, 0, 1, 1: the pairwise fold adds 1 + 1 before meeting 2048 (2050);
    a sequential f16 sum would lose each 1 to rounding (2048)."""
    row = np.zeros((1, 128), np.float16)
    row[0, [0, 2, 3]] = [2048.0, 1.0, 1.0]
    assert run_row(A5, TRowSumOp, row, (1, 128))[0] == np.float16(2050.0)
    assert np.float16(np.float16(2048.0) + np.float16(1.0)) + np.float16(1.0) == 2048.0


def test_a2a3_trowsum_combines_registers_lane_by_lane_first():
    """f32 registers [2^24, 0, ...] and [1, 1, 0, ...]: A5 sums each register first
    (2^24 + 2), A2/A3 adds the registers lane by lane first (2^24 + 1, which rounds to 2^24,
    then + 1 again: 2^24)."""
    row = np.zeros((1, 128), np.float32)
    row[0, [0, 64, 65]] = [2.0**24, 1.0, 1.0]
    assert run_row(A5, TRowSumOp, row, (1, 128))[0] == np.float32(2.0**24 + 2)
    assert run_row(A2A3, TRowSumOp, row, (1, 128))[0] == np.float32(2.0**24)


def test_row_reduction_errors_at_run_time():
    machine = Machine(A5)
    st_type = tile_type(F32, 4, 8, (-1, -1))
    dst_type = tile_type(F32, 4, 8, (-1, 1))
    built = build_tile_op(A5, TRowSumOp, [st_type, st_type], dst_type)
    tiles = [machine.tile_at(st_type, None, 4, 8), machine.tile_at(st_type, None, 4, 8),
             machine.tile_at(dst_type, None, 3, 1)]  # fmt: skip
    with pytest.raises(PtoRuntimeError, match="dst valid rows 3 must equal the src valid rows 4"):
        run_tile_op(TileRowReduceFunctions(machine), built, tiles)


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize("dtype", [F32, F16, I32, I16], ids=str)
def test_tcolprod_multiplies_rows_in_order(target: TargetProfile, dtype: DType):
    rng = np.random.default_rng(5)
    rows, cols = 5, 32 // dtype.bytes * 2
    ints: np.ndarray = rng.integers(-3, 4, (rows, cols))
    scale = 1.37 if dtype.is_float else 1
    src: np.ndarray = np.asarray(ints * scale).astype(dtype.numpy)
    if dtype.is_float:
        src[1, 0], src[2, 1], src[3, 2] = np.nan, np.inf, -0.0
    machine = Machine(target)
    s_type, d_type = (
        tile_type(dtype, rows, cols, (rows, cols)),
        tile_type(dtype, 1, cols, (1, cols)),
    )
    built = build_tile_op(target, TColProdOp, [s_type], d_type)
    tiles = [machine.tile_at(s_type, None, rows, cols), machine.tile_at(d_type, None, 1, cols)]
    tiles[0].set(src)
    with np.errstate(all="ignore"):
        run_tile_op(TileReduceFunctions(machine), built, tiles)
        want: list[Any] = []
        for c in range(cols):
            acc: Any = src[0, c]
            for r in range(1, rows):
                acc = acc * src[r, c]
            want.append(acc)
    assert bits_equal(tiles[1].get()[0], np.array(want, dtype.numpy), dtype)


DTYPE_TABLE = {
    # (op, target): the page's element types (trowsum.md, trowmax.md, trowmin.md,
    # trowprod.md, tcolprod.md); the CPU simulator follows A5
    (TRowSumOp, "a2a3"): "f16 f32 i16 i32",
    (TRowSumOp, "a5"): "f16 f32 i16 i32 i64 ui64",
    (TRowMaxOp, "a2a3"): "f16 f32 i16 i32",
    (TRowMaxOp, "a5"): "f16 f32 i16 i32 i64 ui64 i8 ui8",
    (TRowMinOp, "a5"): "f16 f32 i16 i32 i64 ui64 i8 ui8",
    (TRowProdOp, "a2a3"): "f16 f32 i16 i32",
    (TRowProdOp, "a5"): "f16 f32 i16 i32",
    (TColProdOp, "a2a3"): "f16 f32 i16 i32",
    (TColProdOp, "a5"): "f16 f32 bf16 i16 ui16 i32 ui32",
}


@pytest.mark.parametrize(("op", "target"), list(DTYPE_TABLE), ids=lambda v: getattr(v, "name", v))
def test_dtype_tables(op: Any, target: str):
    profile = {"a2a3": A2A3, "a5": A5}[target]
    assert {d.name for d in op.legal_dtypes(profile)} == set(DTYPE_TABLE[(op, target)].split())
    if target == "a5":
        assert op.legal_dtypes(CPU) == op.legal_dtypes(A5)


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_vector_reductions_run_in_the_interpreter(target: TargetProfile):
    """Each cross-lane reduction as an op in a vecscope: the machine runs it on PIPE_V and
    gives the references' lanes (i16: vcgadd's eight 16-lane groups, wrapping)."""
    from vector_arith_rig import build, mask_type, vreg
    from xdsl.dialects.builtin import ModuleOp
    from xdsl.interpreter import Interpreter

    from interpreters.ops.vector_reduce import VectorReduceFunctions
    from pto_dialect.ops import vector_reduce as ops

    rng = np.random.default_rng(2)
    for cls in ops.OPS:
        assert issubclass(cls, ops.VectorReduceOp)
        dtype = I16 if cls is not ops.VCpaddOp else F32
        lanes = 2048 // dtype.bits
        src = rng.integers(-30000, 30000, lanes).astype(dtype.numpy)
        mask = rng.random(lanes) < 0.7
        op = build(target, [vreg(dtype), mask_type(dtype)], cls)
        machine = Machine(target)
        interpreter = Interpreter(ModuleOp([]))
        interpreter.register_implementations(VectorReduceFunctions(machine))
        (got,) = interpreter.run_op(op, (src, mask))
        items = [v if on else dtype.numpy.type(0) for v, on in zip(src, mask, strict=True)]
        with np.errstate(all="ignore"):
            if cls is ops.VCaddOp:
                want = [pairwise(items, add)] + [0] * (lanes - 1)
            elif cls in (ops.VCmaxOp, ops.VCminOp):
                value, index = ref_extremum(list(src), list(mask), cls is ops.VCmaxOp)
                want = [value, index] + [0] * (lanes - 2)
            elif cls is ops.VCgaddOp:
                want = [pairwise(items[g * 16 : (g + 1) * 16], add) for g in range(8)]
                want += [0] * (lanes - 8)
            elif cls in (ops.VCgmaxOp, ops.VCgminOp):
                want = [ref_extremum(list(src[g * 16 : (g + 1) * 16]),
                                     list(mask[g * 16 : (g + 1) * 16]), cls is ops.VCgmaxOp)[0]
                        for g in range(8)] + [0] * (lanes - 8)  # fmt: skip
            else:  # vcpadd: adjacent lanes added into the low half
                want = list[Any]()
                for i in range(lanes // 2):
                    low: Any = items[2 * i]
                    want.append(low + items[2 * i + 1])
                want += [0] * (lanes - lanes // 2)
        assert got.tobytes() == np.array(want).astype(dtype.numpy).tobytes(), cls.name
