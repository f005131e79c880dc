"""Column reductions in the interpreter, against per-column references from the sources.

The sequential reference combines single elements row 0 first, in order (the
specification, issue 3, on every target), one rounding per step in the element type;
the tree references transcribe the pto-isa a2a3/a5 TColSum.hpp loops with a Python
list for the scratch rows.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import support
from support import (
    bits_equal,
    build_tile_op,
    cols_for,
    int_numpy,
    legal_cases,
    legal_dtypes,
    ml_finfo,
    run_tile_op,
    wrap,
)
from support import vec_tile_type as tile_type
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Attribute

from interpreters.commands import runner
from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.machine.memory import Tile
from interpreters.ops.tile_reduce import TileReduceFunctions
from interpreters.semantics import reduce
from pto_dialect.dtypes import BF16, F16, F32, I16, I32, U8, DType
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_reduce import TColMaxOp, TColMinOp, TColSumOp
from pto_dialect.rules import REDUCE_RULES
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

TARGETS = (A2A3, A5, CPU)
OP_CLASSES: dict[str, type[TileOp]] = {"tcolmin": TColMinOp, "tcolmax": TColMaxOp,
                                       "tcolsum": TColSumOp}  # fmt: skip
ROWS = 8

# ----------------------------------------------------------------------------------------
# Independent references: one column, one element at a time
# ----------------------------------------------------------------------------------------

Op = Callable[[Any, Any], Any]


def scalar_op(kind: str, dtype: DType) -> Op:
    """One vector step on two elements: vadd, or the vmax/vmin select formula (seed 004)
    with a NaN operand giving NaN (vmax.md/vmin.md)."""

    def nan_first(a: Any, b: Any) -> Any | None:
        if dtype.is_float and (math.isnan(float(a)) or math.isnan(float(b))):
            return a if math.isnan(float(a)) else b
        return None

    if kind == "tcolmax":
        return lambda a, b: nan_first(a, b) or (a if float(a) > float(b) else b)
    if kind == "tcolmin":
        return lambda a, b: nan_first(a, b) or (a if float(a) < float(b) else b)
    if dtype.is_float:

        def add(a: Any, b: Any) -> Any:
            with np.errstate(all="ignore"):
                return dtype.numpy.type(float(a) + float(b))

        return add
    return lambda a, b: dtype.numpy.type(wrap(int(a) + int(b), dtype))


def in_order(col: list[Any], op: Op) -> Any:
    """Every target: dst = row 0, then dst = op(dst, row i) for i = 1, 2, ..."""
    acc = col[0]
    for x in col[1:]:
        acc = op(acc, x)
    return acc


def tree_a2a3(col: list[Any], op: Op) -> tuple[Any, list[Any]]:
    """a2a3 TColSum.hpp with isBinary: BinarySum levels, odd rows folded into tmp[0]."""
    rows = len(col)
    if rows == 1:
        return col[0], []
    tmp: list[Any] = [None] * (rows // 2)
    for i in range(rows // 2):
        tmp[i] = op(col[2 * i], col[2 * i + 1])
    if rows % 2 == 1:
        tmp[0] = op(tmp[0], col[rows - 1])
    cnt = rows // 2
    while cnt > 1:
        for i in range(cnt // 2):
            tmp[i] = op(tmp[2 * i], tmp[2 * i + 1])
        if cnt % 2 == 1:
            tmp[0] = op(tmp[0], tmp[cnt - 1])
        cnt //= 2
    return tmp[0], tmp


def tree_a5(col: list[Any], op: Op, zero: Any) -> tuple[Any, list[Any]]:
    """a5 TColSum_Binary: the register starts at 0, odd rows join the last pair."""
    rows = len(col)
    n_loop = rows // 2
    tmp: list[Any] = [None] * max(n_loop, 1)
    reg = zero
    for j in range(n_loop):
        reg = op(col[2 * j], col[2 * j + 1])
        tmp[j] = reg
    if rows % 2:
        reg = op(col[rows - 1], reg)
        tmp[n_loop - 1 if n_loop > 0 else 0] = reg
    loops = n_loop.bit_length() - 1 if n_loop > 0 else 0
    n = n_loop
    for _ in range(loops):
        remain = n % 2
        n //= 2
        for j in range(n):
            reg = op(tmp[2 * j], tmp[2 * j + 1])
            tmp[j] = reg
        if remain:
            reg = op(tmp[2 * n], reg)
            tmp[n - 1] = reg
    return reg, tmp


def expected_row(kind: str, src: np.ndarray, dtype: DType) -> np.ndarray:
    op = scalar_op(kind, dtype)
    return np.array([in_order(list(src[:, j]), op) for j in range(src.shape[1])], dtype.numpy)


# ----------------------------------------------------------------------------------------
# Running one op
# ----------------------------------------------------------------------------------------


def build(target: TargetProfile, name: str, in_types: list[TileTypeBase],
          out_type: TileTypeBase, *, ssa: bool = False,
          binary: bool | None = None) -> TileOp:  # fmt: skip
    attrs: dict[str, Attribute] = (
        {} if binary is None else {"isBinary": IntegerAttr.from_bool(binary)}
    )
    return build_tile_op(target, OP_CLASSES[name], in_types, out_type, ssa=ssa, attributes=attrs)


def run_op(machine: Machine, op: TileOp, args: list[Tile]) -> tuple[Any, ...]:
    return run_tile_op(TileReduceFunctions(machine), op, args)


class Bench(support.Bench):
    """Tiles at UB addresses over 16 KiB of random bytes."""

    def __init__(self, target: TargetProfile, seed: int = 0) -> None:
        super().__init__(target, seed, fill=16384)


def random_src(dtype: DType, rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    shape = (rows, cols)
    if not dtype.is_float:
        info = np.iinfo(int_numpy(dtype))
        return rng.integers(int(info.min), int(info.max), shape, dtype=dtype.numpy, endpoint=True)
    values = rng.uniform(-8, 8, shape)
    values[rng.random(shape) < 0.3] *= 2.0**-9  # tiny addends that rounding may drop
    finfo = ml_finfo(dtype)
    specials = [math.nan, math.inf, -math.inf, -0.0, 0.0, float(finfo.max)]
    picks = rng.random(shape) < 0.08
    values[picks] = np.array(specials)[rng.integers(0, len(specials), int(picks.sum()))]
    with np.errstate(all="ignore"):
        return values.astype(dtype.numpy)


# ----------------------------------------------------------------------------------------
# Every op x legal dtype x target
# ----------------------------------------------------------------------------------------

CASES = legal_cases(TARGETS, OP_CLASSES)


@pytest.mark.parametrize(("target", "name", "dtype"), CASES)
@pytest.mark.parametrize("valid", [(7, 11), (ROWS, 16), (1, 5), (2, 3)], ids=str)
def test_op_reduces_the_source_valid_region_in_row_order(
    target: TargetProfile, name: str, dtype: DType, valid: tuple[int, int]
) -> None:
    cols = cols_for(dtype)
    rng = np.random.default_rng(abs(hash((target.name, name, dtype.name, valid))) % 2**32)
    src = random_src(dtype, rng, ROWS, cols)
    bench = Bench(target)
    src_t = tile_type(dtype, ROWS, cols, valid)
    dst_t = tile_type(dtype, 2, cols, (1, valid[1]))
    op = build(target, name, [src_t], dst_t)
    src_tile = bench.tile(src_t, valid, src)
    dst = bench.tile(dst_t, (1, valid[1]), None)
    before = bench.ub.data.copy()
    assert run_op(bench.machine, op, [src_tile, dst]) == ()
    expected = expected_row(name, src[: valid[0], : valid[1]], dtype)
    got = dst.get()[0, : valid[1]].copy()
    assert bits_equal(got, expected, dtype), f"{got} != {expected}"
    untouched = ~bench.written(dst, 1, valid[1])
    assert np.array_equal(bench.ub.data[untouched], before[untouched])


# ----------------------------------------------------------------------------------------
# Orders, hand-computed: every per-target difference
# ----------------------------------------------------------------------------------------


def colsum(target: TargetProfile, dtype: DType, column: list[float], *, binary: bool = False,
           kind: str = "tcolsum") -> Any:  # fmt: skip
    """The op on a one-column source holding `column`; returns dst[0, 0]."""
    rows, cols = len(column), cols_for(dtype)
    src = np.zeros((rows, cols), dtype.numpy)
    src[:, 0] = np.array(column, np.float64).astype(dtype.numpy)
    bench = Bench(target)
    src_t = tile_type(dtype, rows, cols, (rows, 1))
    dst_t = tile_type(dtype, 1, cols, (1, 1))
    ins = [src_t] if not binary else [src_t, tile_type(dtype, rows, cols, (rows, cols))]
    op = build(target, kind, ins, dst_t, binary=True if binary else None)
    tiles = [bench.tile(src_t, (rows, 1), src)]
    if binary:
        tiles.append(bench.tile(ins[1], (rows, cols), None))
    dst = bench.tile(dst_t, (1, 1), None)
    run_op(bench.machine, op, [*tiles, dst])
    return dst.get()[0, 0]


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_f16_sums_round_after_every_add_in_row_order(target: TargetProfile) -> None:
    column = [2048.0, 1.0, 1.0, 1.0]  # f16 spacing at 2048 is 2: 2048 + 1 ties to 2048
    assert colsum(target, F16, column) == 2048.0  # ((2048 + 1) + 1) + 1


@pytest.mark.parametrize("dtype", [F16, F32], ids=str)
@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_a_column_of_negative_zeros_sums_to_negative_zero(
    target: TargetProfile, dtype: DType
) -> None:
    """IEEE: -0 + -0 = -0, and the fold starts from row 0 (not from +0, numpy's identity);
    a column with a +0 sums to +0. Two columns: the whole-tile path."""
    src = np.array([[-0.0, -0.0], [-0.0, 0.0], [-0.0, -0.0]], dtype=dtype.numpy)
    dst = np.full(2, 7.0, dtype=dtype.numpy)
    reduce.col_reduce(reduce.add_step, src, dst, REDUCE_RULES[target.arch])
    assert list(np.signbit(dst)) == [True, False]
    assert list(dst) == [0.0, 0.0]


def test_f16_pairwise_sum_is_a_tree_on_a2a3_and_in_row_order_on_a5() -> None:
    column = [2048.0, 1.0, 1.0, 1.0]
    assert colsum(A2A3, F16, column, binary=True) == 2050.0  # (2048 + 1) + (1 + 1)
    # a5 and cpu ignore isBinary for f16: ((2048 + 1) + 1) + 1
    assert colsum(A5, F16, column, binary=True) == 2048.0
    assert colsum(CPU, F16, column, binary=True) == 2048.0
    # bf16 is pairwise on a5 (spacing 2 at 256): (256 + 1) + (1 + 1) = 256 + 2
    assert colsum(A5, BF16, [256.0, 1.0, 1.0, 1.0], binary=True) == 258.0


def test_pairwise_sum_folds_an_odd_row_first_on_a2a3_and_last_on_a5() -> None:
    column = [2.0**24, 0.0, 1.0, 0.0, 1.0]  # f32 spacing at 2^24 is 2
    # a2a3: ((r0 + r1) + r4) + (r2 + r3) = (2^24 + 1) + 1 -> 2^24
    assert colsum(A2A3, F32, column, binary=True) == 2.0**24
    # a5: (r0 + r1) + (r4 + (r2 + r3)) = 2^24 + 2
    assert colsum(A5, F32, column, binary=True) == 2.0**24 + 2
    assert colsum(CPU, F32, column, binary=True) == 2.0**24 + 2


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_column_max_and_min_with_nan_go_in_row_order(target: TargetProfile) -> None:
    # a NaN anywhere in the column gives NaN (vmax.md/vmin.md), whatever the order
    assert np.isnan(colsum(target, F32, [3.0, math.nan, 2.0], kind="tcolmax"))
    assert np.isnan(colsum(target, F32, [1.0, 2.0, math.nan], kind="tcolmin"))
    assert np.isnan(colsum(target, F32, [math.nan, 1.0], kind="tcolmin"))
    # equal operands return the later row (src1 of `acc OP row`): max(+0, -0) = -0
    assert np.signbit(colsum(target, F32, [0.0, -0.0], kind="tcolmax"))
    assert not np.signbit(colsum(target, F32, [-0.0, 0.0], kind="tcolmin"))


def test_single_row_pairwise_sum_copies_on_a2a3_and_adds_zero_on_a5() -> None:
    assert np.signbit(colsum(A2A3, F32, [-0.0], binary=True))
    assert not np.signbit(colsum(A5, F32, [-0.0], binary=True))
    assert not np.signbit(colsum(CPU, F32, [-0.0], binary=True))
    assert np.signbit(colsum(A5, F32, [-0.0]))  # the sequential path copies row 0


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_integer_sums_wrap_in_the_element_type(target: TargetProfile) -> None:
    assert colsum(target, I16, [32767, 1, 1]) == -32767
    assert colsum(target, I32, [2**31 - 1, 2**31 - 1, 2]) == 0
    if U8 in legal_dtypes(target, "tcolsum"):
        assert colsum(target, U8, [200, 100, 10]) == 54


# ----------------------------------------------------------------------------------------
# The pairwise form and its scratch tile
# ----------------------------------------------------------------------------------------

Tree = Callable[[list[Any], Op, Any], tuple[Any, list[Any]]]
TREES: dict[str, Tree] = {
    "a2a3": lambda col, op, zero: tree_a2a3(col, op),
    "a5": tree_a5,
    "cpu": tree_a5,
}


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_pairwise_sum_without_tmp(target: TargetProfile) -> None:
    """PTOAS's level-2 form (the compiler materialises tmp): the same pairwise sum."""
    rows, cols = 7, cols_for(F32)
    src = random_src(F32, np.random.default_rng(11), rows, cols)
    bench = Bench(target)
    src_t, dst_t = tile_type(F32, rows, cols, (rows, 13)), tile_type(F32, 1, cols, (1, 13))
    op = build(target, "tcolsum", [src_t], dst_t, binary=True)
    assert op.not_lowered() is not None and op.scratch_sources() == frozenset()
    dst = bench.tile(dst_t, (1, 13), None)
    run_op(bench.machine, op, [bench.tile(src_t, (rows, 13), src), dst])
    add, zero = scalar_op("tcolsum", F32), np.float32(0)
    want = [TREES[target.name](list(src[:, j]), add, zero)[0] for j in range(13)]
    assert bits_equal(dst.get()[0, :13].copy(), np.array(want, np.float32), F32)


@pytest.mark.parametrize(
    ("target", "dtype"),
    [(t, d) for t in TARGETS for d in (F32, I32, BF16, I16) if d in legal_dtypes(t, "tcolsum")],
    ids=lambda v: getattr(v, "name", str(v)),
)
@pytest.mark.parametrize("rows", range(1, 10))
def test_pairwise_sum_and_the_partial_sums_left_in_tmp(target: TargetProfile, dtype: DType,
                                                       rows: int) -> None:  # fmt: skip
    cols = cols_for(dtype)
    valid = (rows, 13)
    src = random_src(dtype, np.random.default_rng(rows), 9, cols)
    bench = Bench(target)
    src_t = tile_type(dtype, 9, cols, valid)
    tmp_t = tile_type(dtype, 5, cols, (5, cols))
    dst_t = tile_type(dtype, 1, cols, (1, 13))
    op = build(target, "tcolsum", [src_t, tmp_t], dst_t, binary=True)
    src_tile, tmp = bench.tile(src_t, valid, src), bench.tile(tmp_t, (5, cols), None)
    dst = bench.tile(dst_t, (1, 13), None)
    tmp_before = tmp.get().copy()
    before = bench.ub.data.copy()
    run_op(bench.machine, op, [src_tile, tmp, dst])
    add = scalar_op("tcolsum", dtype)
    zero = dtype.numpy.type(0)
    results, partials = zip(*(TREES[target.name](list(src[:rows, j]), add, zero)
                              for j in range(13)), strict=True)  # fmt: skip
    assert bits_equal(dst.get()[0, :13].copy(), np.array(results, dtype.numpy), dtype)
    expected_tmp = tmp_before.copy()
    for j, column in enumerate(partials):
        for r, value in enumerate(column):
            expected_tmp[r, j] = value
    assert bits_equal(tmp.get().copy(), expected_tmp, dtype)
    untouched = ~(bench.written(dst, 1, 13) | bench.written(tmp, 5, cols))
    assert np.array_equal(bench.ub.data[untouched], before[untouched])


@pytest.mark.parametrize("target", [A5, CPU], ids=lambda t: t.name)
def test_a5_pairwise_sum_reuses_the_first_256_bytes_of_tmp_for_every_chunk(
    target: TargetProfile,
) -> None:
    bench = Bench(target)
    src = np.arange(4 * 96, dtype=np.float32).reshape(4, 96)
    src_t = tile_type(F32, 4, 96, (4, 80))
    tmp_t = tile_type(F32, 2, 96, (2, 96))
    dst_t = tile_type(F32, 1, 96, (1, 80))
    op = build(target, "tcolsum", [src_t, tmp_t], dst_t, binary=True)
    tmp = bench.tile(tmp_t, (2, 96), np.full((2, 96), -1, np.float32))
    dst = bench.tile(dst_t, (1, 80), None)
    run_op(bench.machine, op, [bench.tile(src_t, (4, 80), src), tmp, dst])
    pairs = np.array([src[0] + src[1], src[2] + src[3]])
    assert np.array_equal(dst.get()[0, :80], (pairs[0] + pairs[1])[:80])
    expected = np.full((2, 96), -1, np.float32)
    # level 1 writes rows 0 and 1, level 2 row 0; chunk 0 = columns 0..63, chunk 1 = 64..79
    # lands on tmp columns 0..15
    level = np.array([pairs[0] + pairs[1], pairs[1]])
    expected[:, 16:64] = level[:, 16:64]
    expected[:, :16] = level[:, 64:80]
    assert np.array_equal(tmp.get(), expected)


@pytest.mark.parametrize(("target", "dtype", "binary"), [
    (A2A3, F32, False), (A5, F16, True), (CPU, F16, True),
], ids=["a2a3-f32", "a5-f16-isBinary", "cpu-f16-isBinary"])  # fmt: skip
def test_sequential_tcolsum_with_a_tmp_operand_leaves_tmp_alone(
    target: TargetProfile, dtype: DType, binary: bool
) -> None:
    bench = Bench(target)
    src_t = tile_type(dtype, 4, 16, (4, 16))
    dst_t = tile_type(dtype, 1, 16, (1, 16))
    op = build(target, "tcolsum", [src_t, src_t], dst_t, binary=binary)
    tmp = bench.tile(src_t, (4, 16), np.full((4, 16), 7, dtype.numpy))
    dst = bench.tile(dst_t, (1, 16), None)
    run_op(bench.machine, op, [bench.tile(src_t, (4, 16), np.ones((4, 16), dtype.numpy)), tmp, dst])
    assert (dst.get() == 4).all() and (tmp.get() == 7).all()


@pytest.mark.parametrize(("tmp_shape", "message"), [
    ((2, 16), "tmp has 2 rows; the pairwise sum of 7 rows needs 3"),
    ((4, 8), "tmp row of 8 elements is shorter than the src valid cols 12"),
])  # fmt: skip
def test_a_scratch_tile_too_small_for_the_pairwise_sum_is_an_error(
    tmp_shape: tuple[int, int], message: str
) -> None:
    bench = Bench(A2A3)
    src_t = tile_type(F32, 8, 16, (7, 12))
    tmp_t = tile_type(F32, *tmp_shape, tmp_shape)
    dst_t = tile_type(F32, 1, 16, (1, 12))
    op = build(A2A3, "tcolsum", [src_t, tmp_t], dst_t, binary=True)
    args = [bench.tile(src_t, (7, 12), None), bench.tile(tmp_t, tmp_shape, None),
            bench.tile(dst_t, (1, 12), None)]  # fmt: skip
    with pytest.raises(PtoRuntimeError, match=message):
        run_op(bench.machine, op, args)


# ----------------------------------------------------------------------------------------
# Valid regions and forms
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(OP_CLASSES))
def test_dynamic_valid_columns_must_agree_at_run_time(name: str) -> None:
    bench = Bench(A5)
    dyn = tile_type(F32, 4, 16, (DYNAMIC, DYNAMIC))
    op = build(A5, name, [dyn], dyn)
    with pytest.raises(PtoRuntimeError, match="src valid cols 9 must equal the dst valid cols 8"):
        run_op(bench.machine, op, [bench.tile(dyn, (4, 9), None), bench.tile(dyn, (1, 8), None)])


@pytest.mark.parametrize("valid", [(0, 8), (4, 0)], ids=str)
def test_an_empty_source_region_writes_nothing(valid: tuple[int, int]) -> None:
    bench = Bench(A2A3)
    dyn = tile_type(F32, 4, 16, (DYNAMIC, DYNAMIC))
    before = bench.ub.data.copy()
    src = bench.tile(dyn, valid, None)
    dst = bench.tile(dyn, (1, valid[1]), None)
    run_op(bench.machine, build(A2A3, "tcolsum", [dyn], dyn), [src, dst])
    assert np.array_equal(bench.ub.data, before)


def test_ssa_form_returns_a_fresh_one_row_tile_and_leaves_tmp_unchanged() -> None:
    bench = Bench(CPU)
    src_t = tile_type(F32, 4, 16, (DYNAMIC, DYNAMIC), ssa=True)
    res_t = tile_type(F32, 1, 16, (DYNAMIC, DYNAMIC), ssa=True)
    op = build(CPU, "tcolsum", [src_t, src_t], res_t, ssa=True, binary=True)
    src = bench.tile(src_t, (3, 10), np.ones((4, 16), np.float32))
    tmp = bench.tile(src_t, (4, 16), np.full((4, 16), 5, np.float32))
    (res,) = run_op(bench.machine, op, [src, tmp])
    assert isinstance(res, Tile) and res.valid == (1, 10)
    expected = np.zeros((1, 16), np.float32)
    expected[0, :10] = 3
    assert np.array_equal(res.get(), expected)
    assert (tmp.get() == 5).all()


def test_destination_may_be_row_0_of_the_source() -> None:
    bench = Bench(A2A3)
    t = tile_type(I32, 4, 16, (4, 16))
    src = bench.tile(t, (4, 16), np.arange(64, dtype=np.int32).reshape(4, 16))
    run_op(bench.machine, build(A2A3, "tcolmax", [t], t), [src, src])
    assert np.array_equal(src.get()[0], np.arange(48, 64, dtype=np.int32))


# ----------------------------------------------------------------------------------------
# Through `pto-run`
# ----------------------------------------------------------------------------------------


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tcolmin.mlir"


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
def test_pto_run_tcolmin_example_writes_the_column_minima(tmp_path: Path, target: str) -> None:
    out = tmp_path / "out"
    # the example synchronises its pipes: it runs with the pipe model and no hazard
    code = runner.main([str(EXAMPLE), "--target", target, "--arg", "rand:16x32xf32:7",
                        "--arg", "zeros:1x32xf32", "--out-dir", str(out)])  # fmt: skip
    assert code == 0
    src = np.load(out / "arg0.npy")
    got = np.load(out / "arg1.npy")
    expected = [min(float(src[i, j]) for i in range(16)) for j in range(32)]
    assert got.shape == (1, 32) and got[0].tolist() == expected


COLSUM_KERNEL = """
!src = !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16>
!tmp = !pto.tile_buf<loc=vec, dtype=f16, rows=4, cols=16>
!dst = !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=16>
!tv = !pto.tensor_view<?x?xf16>
!pa = !pto.partition_tensor_view<8x16xf16>
!pc = !pto.partition_tensor_view<1x16xf16>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @colsum(%a: !pto.ptr<f16>, %c: !pto.ptr<f16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %va = pto.make_tensor_view %a, shape = [%c8, %c16], strides = [%c16, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c1, %c16], strides = [%c16, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c16] : !tv -> !pa
    %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c1, %c16] : !tv -> !pc
    %s = pto.alloc_tile : !src
    %t = pto.alloc_tile : !tmp
    %d = pto.alloc_tile : !dst
    pto.tload ins(%pa : !pa) outs(%s : !src)
    pto.tcolsum ins(%s, %t {isBinary = true} : !src, !tmp) outs(%d : !dst)
    pto.tstore ins(%d : !dst) outs(%pc : !pc)
    func.return
  }
}
"""


def test_pto_run_pairwise_tcolsum(tmp_path: Path) -> None:
    kernel = tmp_path / "colsum.mlir"
    kernel.write_text(COLSUM_KERNEL)
    src = np.random.default_rng(3).uniform(-100, 100, (8, 16)).astype(np.float16)
    np.save(tmp_path / "src.npy", src)
    out = tmp_path / "out"
    code = runner.main(["--semantics-only", str(kernel), "--arg", str(tmp_path / "src.npy"),
                        "--arg", "zeros:1x16xf16", "--out-dir", str(out)])  # fmt: skip
    assert code == 0
    add = scalar_op("tcolsum", F16)
    expected = [tree_a2a3(list(src[:, j]), add)[0] for j in range(16)]
    assert np.load(out / "arg1.npy")[0].tolist() == [float(v) for v in expected]
