"""Row and column expansions in the interpreter, against references built from the pages.

The references widen each operand to float64 (or Python ints), apply the page's formula
element by element (`src0[i, j] - s_i`, ...) and round once to the element type: for
+ - * / of f32/f16 a float64 result rounded once more is the correctly rounded result
(53 >= 2 x 24 + 2). `max`/`min` are the select formula `a > b ? a : b` (`<` for min) of
the vmax/vmin pages with NaN propagated; `expdif` rounds the difference, then takes the
float64 exponential of it rounded once (docs/semantics.md).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import Bench, bits_equal, build_tile_op, int_numpy, parse_kernel, run_tile_op
from support import vec_tile_type as tile_type

from interpreters.engine.errors import PtoRuntimeError
from interpreters.launching.execute import run_function
from interpreters.ops.tile_expand import TileExpandFunctions
from pto_dialect.attrs import BLayout, TargetArch
from pto_dialect.dtypes import F16, F32, I16, I32, DType, dtype_named
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_expand import (
    FUSED,
    ExpandBinaryTileOp,
    TColExpandOp,
    TRowExpandDivOp,
    TRowExpandMulOp,
    TRowExpandOp,
    TRowExpandSubOp,
)
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

TARGETS = (A2A3, A5, CPU)
ROWS, COLS = 4, 64
Ref = Callable[[np.ndarray, np.ndarray, DType], np.ndarray]


def _round(values: np.ndarray, dtype: DType) -> np.ndarray:
    with np.errstate(all="ignore"):
        return values.astype(dtype.numpy)


def _wrap(values: np.ndarray, dtype: DType) -> np.ndarray:
    span = 1 << dtype.bits
    wrapped = np.mod(values.astype(object), span)
    if dtype.is_signed:
        wrapped = np.where(wrapped >= span // 2, wrapped - span, wrapped)
    return wrapped.astype(np.int64).astype(dtype.numpy)


def _arith(f: Callable[[Any, Any], Any]) -> Ref:
    def ref(a: np.ndarray, b: np.ndarray, dtype: DType) -> np.ndarray:
        if dtype.is_float:
            with np.errstate(all="ignore"):
                return _round(f(a.astype(np.float64), b.astype(np.float64)), dtype)
        return _wrap(f(a.astype(np.int64).astype(object), b.astype(np.int64).astype(object)), dtype)

    return ref


def _select(greater: bool) -> Ref:
    def ref(a: np.ndarray, b: np.ndarray, dtype: DType) -> np.ndarray:
        a64, b64 = a.astype(np.float64), b.astype(np.float64)
        pick = a64 > b64 if greater else a64 < b64
        out = np.where(pick, a, b)
        if dtype.is_float:
            out = np.where(np.isnan(a64) | np.isnan(b64), np.array(np.nan, dtype.numpy), out)
        return out.astype(dtype.numpy)

    return ref


def _div(a: np.ndarray, b: np.ndarray, dtype: DType) -> np.ndarray:
    if dtype.is_float:
        with np.errstate(all="ignore"):
            return _round(a.astype(np.float64) / b.astype(np.float64), dtype)
    q = np.trunc(a.astype(np.float64) / b.astype(np.float64))  # C division (|values| < 2^31)
    return _wrap(q.astype(np.int64), dtype)


def _expdif(a: np.ndarray, b: np.ndarray, dtype: DType) -> np.ndarray:
    diff = _arith(lambda x, y: x - y)(a, b, dtype)
    with np.errstate(all="ignore"):
        return _round(np.exp(diff.astype(np.float64)), dtype)


REFS: dict[str, Ref] = {
    "add": _arith(lambda x, y: x + y),
    "sub": _arith(lambda x, y: x - y),
    "mul": _arith(lambda x, y: x * y),
    "div": _div,
    "max": _select(True),
    "min": _select(False),
    "expdif": _expdif,
}


def _kind(op: type[ExpandBinaryTileOp]) -> str:
    return op.name.removeprefix("pto.trowexpand").removeprefix("pto.tcolexpand")


def _values(data: st.DataObject, dtype: DType, shape: tuple[int, int], nonzero: bool) -> np.ndarray:
    if dtype.is_float:
        special = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -2.5, 65504.0]
        finite = st.floats(-1e4, 1e4, width=16 if dtype.bits == 16 else 32)
        elements = st.one_of(finite, st.sampled_from(special))
    else:
        info = np.iinfo(int_numpy(dtype))
        elements = st.integers(int(info.min), int(info.max))
    count = shape[0] * shape[1]
    values = data.draw(st.lists(elements, min_size=count, max_size=count))
    array = np.array(values, np.float64 if dtype.is_float else np.int64).reshape(shape)
    out = array.astype(dtype.numpy)
    if nonzero and not dtype.is_float:
        out[out == 0] = 1
    return out


CASES = [
    (target, op, dtype)
    for target in TARGETS
    for op in FUSED
    for dtype in sorted(op.legal_dtypes(target), key=lambda d: d.name)
]


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_fused_expansions_compute_the_page_formula(data: st.DataObject) -> None:
    target, op_cls, dtype = data.draw(st.sampled_from(CASES), label="case")
    row = op_cls.ROW
    rows = data.draw(st.integers(1, ROWS), label="valid rows")
    cols = data.draw(st.integers(1, COLS), label="valid cols")
    bench = Bench(target)
    full_t = tile_type(dtype, ROWS, COLS, (rows, cols))
    if row:
        vec_t = tile_type(dtype, 32 // dtype.bytes * 2, 1, (rows, 1), blayout=BLayout.COL_MAJOR)
    else:
        vec_t = tile_type(dtype, 1, COLS, (1, cols))
    src0 = _values(data, dtype, (ROWS, COLS), False)
    vec_shape = (vec_t.shape[0], vec_t.shape[1])
    src1 = _values(data, dtype, vec_shape, _kind(op_cls) == "div")
    a = bench.tile(full_t, (rows, cols), src0)
    b = bench.tile(vec_t, (rows, 1) if row else (1, cols), src1)
    dst = bench.tile(full_t, (rows, cols), None)
    before = dst.get().copy()
    op = build_tile_op(target, op_cls, [full_t, vec_t], full_t)
    with np.errstate(all="ignore"):  # IEEE exceptions are results (pto-run silences them too)
        run_tile_op(TileExpandFunctions(bench.machine), op, [a, b, dst])
    widened = np.repeat(src1[:rows, :1], cols, 1) if row else np.repeat(src1[:1, :cols], rows, 0)
    want = REFS[_kind(op_cls)](src0[:rows, :cols], widened, dtype)
    got = dst.get()
    assert bits_equal(got[:rows, :cols], want, dtype)
    untouched = np.ones(got.shape, bool)
    untouched[:rows, :cols] = False
    assert got[untouched].tobytes() == before[untouched].tobytes()


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_mode2_repeats_each_row_s_32_byte_block(target: TargetProfile) -> None:
    """A2/A3 and the CPU repeat the row's block (pto-isa a2a3 TRowExpandBinaryInstr32B, the
    CPU's `src[i, j mod cols]`); A5 broadcasts its first element (pto-isa a5 `vdup`
    POS_LOWEST, the board-tested tilelang_st trowexpand* goldens)."""
    bench = Bench(target)
    full_t = tile_type(F32, 2, 32, (2, 20))
    blk_t = tile_type(F32, 2, 8, (2, 8))
    src0 = np.arange(64, dtype=np.float32).reshape(2, 32)
    blocks = np.array([[1, 2, 3, 4, 5, 6, 7, 8], [10, 20, 30, 40, 50, 60, 70, 80]], np.float32)
    a, b = bench.tile(full_t, (2, 20), src0), bench.tile(blk_t, (2, 8), blocks)
    dst = bench.tile(full_t, (2, 20), None)
    op = build_tile_op(target, TRowExpandMulOp, [full_t, blk_t], full_t)
    run_tile_op(TileExpandFunctions(bench.machine), op, [a, b, dst])
    j = np.arange(20)
    want = src0[:, :20] * (blocks[:, j * 0] if target.arch is TargetArch.A5 else blocks[:, j % 8])
    assert np.array_equal(dst.get()[:, :20], want)


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_a_per_row_src0_is_the_left_operand(target: TargetProfile) -> None:
    """`trowexpandsub %s, %t` with the per-row operand first computes `s_i - t[i, j]`."""
    bench = Bench(target)
    vec_t = tile_type(F32, 8, 1, (4, 1), blayout=BLayout.COL_MAJOR)
    full_t = tile_type(F32, 4, 16, (4, 16))
    s = np.array([[1], [2], [3], [4], [0], [0], [0], [0]], np.float32)
    t = np.full((4, 16), 0.5, np.float32)
    a, b = bench.tile(vec_t, (4, 1), s), bench.tile(full_t, (4, 16), t)
    dst = bench.tile(full_t, (4, 16), None)
    op = build_tile_op(target, TRowExpandSubOp, [vec_t, full_t], full_t)
    run_tile_op(TileExpandFunctions(bench.machine), op, [a, b, dst])
    assert np.array_equal(dst.get(), np.repeat(s[:4] - 0.5, 16, 1))


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize("dtype", [F16, F32, I16, I32], ids=lambda d: d.name)
def test_trowexpand_and_tcolexpand_broadcast_the_first_column_and_row(
    target: TargetProfile, dtype: DType
) -> None:
    bench = Bench(target)
    dst_t = tile_type(dtype, 4, 32, (3, 20))
    col_t = tile_type(dtype, 32 // dtype.bytes, 1, (3, 1), blayout=BLayout.COL_MAJOR)
    row_t = tile_type(dtype, 1, 32, (1, 20))
    col: np.ndarray = (np.arange(col_t.shape[0]) + 1).reshape(-1, 1).astype(dtype.numpy)
    row: np.ndarray = (np.arange(32) - 7).reshape(1, 32).astype(dtype.numpy)
    cases: list[tuple[type[TileOp], TileTypeBase, np.ndarray, np.ndarray]] = [
        (TRowExpandOp, col_t, col, np.repeat(col[:3], 20, 1)),
        (TColExpandOp, row_t, row, np.repeat(row[:, :20], 3, 0)),
    ]
    for cls, src_t, values, want in cases:
        valid = (src_t.valid_shape[0], src_t.valid_shape[1])
        src, dst = bench.tile(src_t, valid, values), bench.tile(dst_t, (3, 20), None)
        before = dst.get().copy()
        op = build_tile_op(target, cls, [src_t], dst_t)
        run_tile_op(TileExpandFunctions(bench.machine), op, [src, dst])
        got = dst.get()
        assert np.array_equal(got[:3, :20], want)
        assert got[3:].tobytes() == before[3:].tobytes()
        assert got[:, 20:].tobytes() == before[:, 20:].tobytes()


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_trowexpand_of_a_wide_source_broadcasts_its_first_column(target: TargetProfile) -> None:
    """PTOAS's board-tested A5 tilelang_st trowexpand expands a 16x16 source (its A5 TileLib
    takes column 0), though a5 TRowExpand.hpp asserts one valid column."""
    bench = Bench(target)
    src_t, dst_t = tile_type(F32, 4, 16, (4, 16)), tile_type(F32, 4, 64, (4, 64))
    values = np.arange(64, dtype=np.float32).reshape(4, 16)
    src, dst = bench.tile(src_t, (4, 16), values), bench.tile(dst_t, (4, 64), None)
    op = build_tile_op(target, TRowExpandOp, [src_t], dst_t)
    run_tile_op(TileExpandFunctions(bench.machine), op, [src, dst])
    assert np.array_equal(dst.get(), np.repeat(values[:, :1], 64, 1))


def test_ssa_result_takes_the_full_operand_s_valid_region_and_tmp_is_unchanged() -> None:
    bench = Bench(CPU)
    full_t = tile_type(F32, 4, 16, (3, 10))
    vec_t = tile_type(F32, 8, 1, (3, 1), blayout=BLayout.COL_MAJOR)
    res_t = tile_type(F32, 4, 16, (DYNAMIC, DYNAMIC), ssa=True)
    ssa_full = tile_type(F32, 4, 16, (3, 10), ssa=True)
    ssa_vec = tile_type(F32, 8, 1, (3, 1), blayout=BLayout.COL_MAJOR, ssa=True)
    op = build_tile_op(CPU, TRowExpandDivOp, [ssa_full, ssa_vec, ssa_full], res_t, ssa=True)
    a = bench.tile(full_t, (3, 10), np.full((4, 16), 6, np.float32))
    b = bench.tile(vec_t, (3, 1), np.full((8, 1), 2, np.float32))
    tmp = bench.tile(full_t, (3, 10), np.full((4, 16), 9, np.float32))
    (result,) = run_tile_op(TileExpandFunctions(bench.machine), op, [a, b, tmp])
    assert result.valid == (3, 10)
    assert np.array_equal(result.get()[:3, :10], np.full((3, 10), 3, np.float32))
    assert np.array_equal(tmp.get(), np.full((4, 16), 9, np.float32))


def _dynamic_types() -> tuple[TileTypeBase, TileTypeBase]:
    """A 4x16 full tile and an 8x1 col-major per-row tile, both with `?` valid sizes."""
    full_t = tile_type(F32, 4, 16, (DYNAMIC, DYNAMIC))
    vec_t = tile_type(F32, 8, 1, (DYNAMIC, DYNAMIC), blayout=BLayout.COL_MAJOR)
    return full_t, vec_t


@pytest.mark.parametrize("vec", [(3, 1), (4, 0), (8, 1)])
def test_a_per_row_operand_of_another_valid_region_supplies_its_storage(
    vec: tuple[int, int],
) -> None:
    """Its shape is a PTO_ASSERT, compiled out on the board (docs/decisions.md); a 1-row dst
    with an 8x1 operand is PTOAS's Qwen3_14BPrefillA3 rmsnorm at one token."""
    bench = Bench(A5)
    full_t, vec_t = _dynamic_types()
    op = build_tile_op(A5, TRowExpandSubOp, [full_t, vec_t], full_t)
    a = bench.tile(full_t, (4, 16), np.full((4, 16), 10, np.float32))
    per_row = np.arange(8, dtype=np.float32).reshape(8, 1)
    dst = bench.tile(full_t, (4, 16), None)
    run_tile_op(TileExpandFunctions(bench.machine), op, [a, bench.tile(vec_t, vec, per_row), dst])
    assert np.array_equal(dst.get(), 10 - np.repeat(per_row[:4], 16, 1))


def test_tcolexpand_reads_dst_s_columns_of_the_source_row_and_not_past_its_storage() -> None:
    """PTOAS's DeepseekV4 hc_head_reduce expands a 1x8 tile of 4 valid columns into 8."""
    bench = Bench(A2A3)
    src_t = tile_type(F32, 1, 8, (DYNAMIC, DYNAMIC))
    dst_t = tile_type(F32, 8, 8, (DYNAMIC, DYNAMIC))
    row = np.arange(8, dtype=np.float32).reshape(1, 8)
    dst = bench.tile(dst_t, (8, 8), None)
    op = build_tile_op(A2A3, TColExpandOp, [src_t], dst_t)
    run_tile_op(TileExpandFunctions(bench.machine), op, [bench.tile(src_t, (1, 4), row), dst])
    assert np.array_equal(dst.get(), np.repeat(row, 8, 0))
    wide_t = tile_type(F32, 8, 16, (DYNAMIC, DYNAMIC))
    wide = bench.tile(wide_t, (8, 16), None)
    op = build_tile_op(A2A3, TColExpandOp, [src_t], wide_t)
    message = r"src tile 1x8 cannot supply the 1x16 region the op reads"
    with pytest.raises(PtoRuntimeError, match=message):
        run_tile_op(TileExpandFunctions(bench.machine), op, [bench.tile(src_t, (1, 4), row), wide])


# the pages' element-type lists (Constraints / implementation checks), as pto-isa's
# implementations correct them: a5 TRowExpandBinOp/TColExpandBinOp add bf16 and 8-bit
# integers, a2a3 TRowExpandDiv/TColExpandDiv take half and float only (decisions.md)
_FUSED_A5 = "f16 f32 i16 i32 ui16 ui32 bf16 i8 ui8"
PAGE_DTYPES = {
    "fused": ("f16 f32 i16 i32", _FUSED_A5),
    "div": ("f16 f32", _FUSED_A5),
    "expdif": ("f16 f32", "f16 f32"),
    "expand": ("i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32",) * 2,
}


@pytest.mark.parametrize("op", [TRowExpandOp, TColExpandOp, *FUSED], ids=lambda o: o.name)
def test_element_types_are_the_pages_lists(op: type[TileOp]) -> None:
    name = op.name
    key = "expand" if name in ("pto.trowexpand", "pto.tcolexpand") else (
        "expdif" if name.endswith("expdif") else "div" if name.endswith("div") else "fused"
    )  # fmt: skip
    a2a3, a5 = (frozenset(dtype_named(n) for n in names.split()) for names in PAGE_DTYPES[key])
    assert op.legal_dtypes(A2A3) == a2a3
    assert op.legal_dtypes(A5) == a5
    assert op.legal_dtypes(CPU) == a5


def test_the_expand_example_agrees_with_float64_numpy() -> None:
    """examples/expand_ssa.mlir: y = exp(x - r_i) * c_j within 1e-6 relative (three f32
    roundings: the difference, the exponential, the product; x, r, c in [0, 1))."""
    path = Path(__file__).parents[2] / "examples" / "expand_ssa.mlir"
    module = parse_kernel(path.read_text())
    args = path.read_text().splitlines()[0].removeprefix("// ARGS: ").split()
    x, r, c, y = (a for a in run_function(module, args).outputs() if a is not None)
    want = np.exp(x.astype(np.float64) - r.astype(np.float64)) * c.astype(np.float64)
    assert np.allclose(y[:, :60], want[:, :60], rtol=1e-6, atol=0)
    assert not y[:, 60:].any()
