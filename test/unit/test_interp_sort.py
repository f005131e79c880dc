"""tsort32 and tmrgsort in the interpreter, against references written from the pages.

The references sort and merge with Python's stable `sorted`/an explicit k-way merge, one
pair at a time, under the stated rules (docs/semantics.md, "Sort and merge"): descending
by value, equal values in input order (position in a block; list number, then position
in a merge), +0 == -0, NaN below every number. Pairs are packed with `struct` as the
pages lay them out: `<fI` for f32, `<eHI` (value, zero half, index) for f16.
"""

from __future__ import annotations

import math
import struct
from typing import Any, cast

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import Bench, build_tile_op, run_tile_op, vec_tile_type
from xdsl.dialects.builtin import BoolAttr, UnitAttr, i32
from xdsl.ir import Attribute
from xdsl.utils.exceptions import VerifyException

from interpreters.engine.errors import PtoRuntimeError
from interpreters.ops.tile_sort import TileSortFunctions
from interpreters.ops.vector_sort import VectorSortFunctions
from pto_dialect.dtypes import F16, F32, U32, DType
from pto_dialect.ops.tile_sort import TMrgSortOp, TSort32Op
from pto_dialect.ops.vector_sort import GetVms4SrOp
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile

TARGETS = (A2A3, A5, CPU)
SPECIALS = [0.0, -0.0, 1.0, -1.0, 2.5, math.inf, -math.inf, math.nan, -math.nan]


def key(value: float) -> tuple[bool, float]:
    """The pair order as a sort key: NaN last, then descending, -0 equal to +0."""
    if math.isnan(value):
        return (True, 0.0)
    return (False, -value + 0.0)


def pack(pairs: list[tuple[Any, int]], dtype: DType) -> bytes:
    fmt = "<fI" if dtype is F32 else "<eHI"
    out = b""
    for value, index in pairs:
        raw = np.array([value], dtype.numpy).tobytes()
        if dtype is F32:
            out += raw + struct.pack("<I", index)
        else:
            out += raw + struct.pack("<HI", 0, index)
        assert struct.calcsize(fmt) == 8
    return out


def ref_sort32(values: list[Any], indices: list[int]) -> list[tuple[Any, int]]:
    """Blocks of 32 sorted one by one, stable (the tail block as it is)."""
    out: list[tuple[Any, int]] = []
    for start in range(0, len(values), 32):
        block = list(zip(values[start : start + 32], indices[start : start + 32], strict=True))
        out += sorted(block, key=lambda pair: key(float(pair[0])))
    return out


def ref_merge(lists: list[list[tuple[Any, int]]], exhausted: bool) -> tuple[list[Any], list[int]]:
    """An explicit k-way merge: take the greatest head, the lowest list on a tie."""
    heads = [0] * len(lists)
    out: list[tuple[Any, int]] = []
    while True:
        best = -1
        for k, pairs in enumerate(lists):
            if heads[k] < len(pairs) and (
                best < 0 or key(float(pairs[heads[k]][0])) < key(float(lists[best][heads[best]][0]))
            ):
                best = k
        if best < 0:
            break
        out.append(lists[best][heads[best]])
        heads[best] += 1
        if exhausted and any(heads[k] == len(p) for k, p in enumerate(lists)):
            break
    return out, heads


def floats(dtype: DType) -> st.SearchStrategy[float]:
    """Values with many ties, signed zeros, infinities and NaNs."""
    return st.one_of(st.sampled_from(SPECIALS), st.integers(-4, 4).map(float))


def sorted_run(rng: np.random.Generator, n: int, dtype: DType) -> list[tuple[Any, int]]:
    values = rng.choice(np.array([3.0, 1.0, 0.0, -0.0, -2.0, -math.inf, math.nan]), n)
    pairs = [
        (dtype.numpy.type(v), int(i))
        for v, i in zip(values, rng.integers(0, 2**32, n), strict=True)
    ]
    return sorted(pairs, key=lambda pair: key(float(pair[0])))


def row_tile(bench: Bench, dtype: DType, pairs_or_values: np.ndarray, cols: int, valid: int) -> Any:
    row = np.zeros((1, cols), dtype.numpy)
    row[0, : pairs_or_values.size] = pairs_or_values
    return bench.tile(vec_tile_type(dtype, 1, cols, (1, valid)), (1, valid), row)


def packed_row(pairs: list[tuple[Any, int]], dtype: DType) -> np.ndarray:
    return np.frombuffer(pack(pairs, dtype), dtype.numpy)


# ---- tsort32 ------------------------------------------------------------------------------


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize("dtype", [F32, F16], ids=str)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_tsort32_against_stable_sort(
    target: TargetProfile, dtype: DType, data: st.DataObject
) -> None:
    rows = data.draw(st.integers(1, 3))
    cols = data.draw(st.sampled_from([32, 64, 7, 45, 96]))
    broadcast = data.draw(st.booleans())
    values = data.draw(st.lists(floats(dtype), min_size=rows * cols, max_size=rows * cols))
    idx_rows = 1 if broadcast else rows
    indices = data.draw(st.lists(st.integers(0, 2**32 - 1), min_size=idx_rows * cols,
                                 max_size=idx_rows * cols))  # fmt: skip
    tile_cols = -(-cols // 32) * 32
    coef = 8 // dtype.bytes
    src_t = vec_tile_type(dtype, rows, tile_cols, (rows, cols))
    idx_t = vec_tile_type(U32, idx_rows, tile_cols, (idx_rows, cols))
    dst_t = vec_tile_type(dtype, rows, tile_cols * coef, (rows, cols * coef))
    in_types = [src_t, idx_t]
    if cols % 32:
        in_types.append(vec_tile_type(dtype, 1, tile_cols, (1, tile_cols)))
    op = build_tile_op(target, TSort32Op, in_types, dst_t)
    bench = Bench(target, fill=65536)
    src_vals = np.array(values, np.float64).astype(dtype.numpy).reshape(rows, cols)
    src = bench.tile(src_t, (rows, cols), np.pad(src_vals, ((0, 0), (0, tile_cols - cols))))
    idx_vals = np.array(indices, np.uint32).reshape(idx_rows, cols)
    idx = bench.tile(idx_t, (idx_rows, cols), np.pad(idx_vals, ((0, 0), (0, tile_cols - cols))))
    args = [src, idx]
    if cols % 32:
        args.append(bench.tile(cast(Any, in_types[2]), (1, tile_cols), None))
    dst = bench.tile(dst_t, (rows, cols * coef), None)
    run_tile_op(TileSortFunctions(bench.machine), op, [*args, dst])
    for r in range(rows):
        expected = ref_sort32(list(src_vals[r]), [int(i) for i in idx_vals[0 if broadcast else r]])
        got = dst.get()[r, : cols * coef].tobytes()
        assert got == pack(expected, dtype), f"row {r}"


def test_tsort32_ties_by_position_not_index_value() -> None:
    """Equal scores keep their positions even when the later one has the smaller index
    (PTOAS's board-tested vbitsort case: 9.5 with index 9 before 9.5 with index 7)."""
    bench = Bench(A5)
    src_t, idx_t = vec_tile_type(F32, 1, 32, (1, 32)), vec_tile_type(U32, 1, 32, (1, 32))
    dst_t = vec_tile_type(F32, 1, 64, (1, 64))
    op = build_tile_op(A5, TSort32Op, [src_t, idx_t], dst_t)
    values = np.zeros((1, 32), np.float32)
    values[0, 3], values[0, 5] = 9.5, 9.5
    indices = np.arange(32, dtype=np.uint32)[None, ::-1].copy()
    src, idx = bench.tile(src_t, (1, 32), values), bench.tile(idx_t, (1, 32), indices)
    dst = bench.tile(dst_t, (1, 64), None)
    run_tile_op(TileSortFunctions(bench.machine), op, [src, idx, dst])
    words = dst.get()[0].view(np.uint32)
    assert list(words[1:4:2]) == [28, 26]


def test_tsort32_tmp_is_sized_on_a2a3_but_not_on_a5() -> None:
    """PTOAS's board-tested A5 tilelang_st tsort32 sorts rows of 13 f32 with a 1x16 tmp;
    PTOAS's verifier sizes tmp on A2/A3 only."""
    src_t, idx_t = vec_tile_type(F32, 2, 16, (2, 13)), vec_tile_type(U32, 2, 16, (2, 13))
    tmp_t, dst_t = vec_tile_type(F32, 1, 16, (1, 16)), vec_tile_type(F32, 2, 64, (2, 26))
    with pytest.raises(VerifyException, match=r"tmp has 16 cols but needs 32"):
        build_tile_op(A2A3, TSort32Op, [src_t, idx_t, tmp_t], dst_t)
    op = build_tile_op(A5, TSort32Op, [src_t, idx_t, tmp_t], dst_t)
    bench = Bench(A5)
    values = np.arange(26, dtype=np.float32).reshape(2, 13)
    src = bench.tile(src_t, (2, 13), np.pad(values, ((0, 0), (0, 3))))
    idx = bench.tile(idx_t, (2, 13), np.zeros((2, 16), np.uint32))
    tmp, dst = bench.tile(tmp_t, (1, 16), None), bench.tile(dst_t, (2, 26), None)
    run_tile_op(TileSortFunctions(bench.machine), op, [src, idx, tmp, dst])
    assert list(dst.get()[0, 0:26:2]) == list(values[0, ::-1])


def test_tsort32_narrow_dst_runs_on_past_its_rows() -> None:
    """A dst narrower than the pairs (PTOAS's tsort32_emitc: 32 f16 into 1x64 f16) is
    written as every implementation writes it: 8 bytes a pair from row r's start, so row
    1 overwrites row 0's overflow and row 1's runs past the tile; a partial block without
    tmp (PTOAS's level 2 materialises one) sorts like one with it."""
    bench = Bench(A2A3)
    src_t, idx_t = vec_tile_type(F16, 2, 48, (2, 33)), vec_tile_type(U32, 1, 40, (1, 33))
    dst_t = vec_tile_type(F16, 2, 80, (2, 80))  # 160-byte rows; 33 pairs are 264 bytes
    op = build_tile_op(A2A3, TSort32Op, [src_t, idx_t], dst_t)
    values = np.random.default_rng(3).standard_normal((2, 48)).astype(np.float16)
    indices = np.arange(40, dtype=np.uint32)[None, :] * 3
    src, idx = bench.tile(src_t, (2, 33), values), bench.tile(idx_t, (1, 33), indices)
    dst = bench.tile(dst_t, (2, 80), None)
    after = bench.ub.data[dst.address + 424 : dst.address + 512].copy()
    run_tile_op(TileSortFunctions(bench.machine), op, [src, idx, dst])
    rows = [pack(ref_sort32(list(values[r, :33]), list(range(0, 99, 3))), F16) for r in (0, 1)]
    written = bench.ub.data[dst.address : dst.address + 424].tobytes()
    assert written == rows[0][:160] + rows[1]
    assert (bench.ub.data[dst.address + 424 : dst.address + 512] == after).all()


def test_tsort32_overflow_reaches_the_rows_it_reads_next() -> None:
    """One vbitsort per row, in order (a2a3/a5 TSort32.hpp): a row's pairs that run past a
    narrow dst into src change what the next rows sort."""
    bench = Bench(A2A3)
    dst_t = vec_tile_type(F16, 3, 16, (3, 16))  # 32-byte rows at 0; src follows at 160
    src_t, idx_t = vec_tile_type(F16, 3, 48, (3, 33)), vec_tile_type(U32, 1, 40, (1, 33))
    op = build_tile_op(A2A3, TSort32Op, [src_t, idx_t], dst_t)
    dst = bench.tile(dst_t, (3, 16), None)
    values = np.random.default_rng(4).standard_normal((3, 48)).astype(np.float16)
    src, idx = bench.tile(src_t, (3, 33), values), bench.tile(idx_t, (1, 33), None)
    memory = bench.ub.data[:1024].copy()
    indices = list(memory[idx.address : idx.address + 132].view(np.uint32))
    for r in range(3):  # the reference: rows in order over the bytes as they are then
        row = memory[src.address + r * 96 : src.address + r * 96 + 66].view(np.float16)
        memory[dst.address + r * 32 : dst.address + r * 32 + 264] = np.frombuffer(
            pack(ref_sort32(list(row), [int(i) for i in indices]), F16), np.uint8
        )
    run_tile_op(TileSortFunctions(bench.machine), op, [src, idx, dst])
    assert (bench.ub.data[:1024] == memory).all()


def test_tsort32_overflow_of_a_tile_without_an_address_is_an_error() -> None:
    """A tile without an address is a buffer of its own: no bytes follow it."""
    bench = Bench(A5)
    src_t, idx_t = vec_tile_type(F16, 1, 32, (1, 32)), vec_tile_type(U32, 1, 32, (1, 32))
    dst_t = vec_tile_type(F16, 1, 64, (1, 64))
    op = build_tile_op(A5, TSort32Op, [src_t, idx_t], dst_t)
    src, idx = bench.tile(src_t, (1, 32), None), bench.tile(idx_t, (1, 32), None)
    dst = bench.machine.tile_at(dst_t, None, 1, 64)
    with pytest.raises(PtoRuntimeError, match=r"run 256 bytes from dst's start, past the "
                       r"128-byte dst.*a tile without an address"):  # fmt: skip
        run_tile_op(TileSortFunctions(bench.machine), op, [src, idx, dst])


# ---- tmrgsort -----------------------------------------------------------------------------


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize("dtype", [F32, F16], ids=str)
@pytest.mark.parametrize("groups", [1, 3])
def test_tmrgsort_single_list(target: TargetProfile, dtype: DType, groups: int) -> None:
    rng = np.random.default_rng(groups)
    block = 128
    per_block = block * dtype.bytes // 8
    cols = 4 * block * groups
    blocks = [sorted_run(rng, per_block, dtype) for _ in range(4 * groups)]
    row = np.concatenate([packed_row(b, dtype) for b in blocks])
    bench = Bench(target, fill=65536)
    t = vec_tile_type(dtype, 1, cols, (1, cols))
    op = build_tile_op(target, TMrgSortOp, [t, i32], t)
    src = row_tile(bench, dtype, row, cols, cols)
    dst = bench.tile(t, (1, cols), None)
    run_tile_op(TileSortFunctions(bench.machine), op, cast(Any, [src, block, dst]))
    expected = b"".join(pack(ref_merge(blocks[4 * g : 4 * g + 4], False)[0], dtype)
                        for g in range(groups))  # fmt: skip
    assert dst.get()[0].tobytes() == expected
    assert bench.machine.vms4_sr == (per_block,) * 4


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize("dtype", [F32, F16], ids=str)
@pytest.mark.parametrize("exhausted", [False, True])
@pytest.mark.parametrize("count", [2, 3, 4])
def test_tmrgsort_lists(target: TargetProfile, dtype: DType, exhausted: bool, count: int) -> None:
    rng = np.random.default_rng(count + 10 * exhausted)
    coef = 8 // dtype.bytes
    sizes = [int(n) for n in rng.integers(1, 17, count)]
    lists = [sorted_run(rng, n, dtype) for n in sizes]
    cols = 16 * coef
    bench = Bench(target, fill=65536)
    tiles = [
        row_tile(bench, dtype, packed_row(p, dtype), cols, n * coef)
        for p, n in zip(lists, sizes, strict=True)
    ]
    tmp_t = vec_tile_type(dtype, 1, cols * 4, (1, cols * 4))
    tmp_init = rng.integers(0, 2**16, (1, cols * 4)).astype(np.uint16).view(np.uint8)
    tmp = bench.tile(tmp_t, (1, cols * 4), tmp_init.view(dtype.numpy))
    dst_cols = sum(sizes) * coef
    dst_t = vec_tile_type(dtype, 1, cols * 4, (1, dst_cols))
    in_types = [t.type for t in tiles] + [tmp_t]
    op = build_tile_op(target, TMrgSortOp, in_types, dst_t,
                       attributes={"exhausted": _bool(exhausted)})  # fmt: skip
    before = tmp.get()[0].copy()
    dst = bench.tile(dst_t, (1, dst_cols), None)
    run_tile_op(TileSortFunctions(bench.machine), op, [*tiles, tmp, dst])
    merged, heads = ref_merge(lists, exhausted)
    got = dst.get()[0, :dst_cols].tobytes()
    produced = pack(merged, dtype)
    assert got[: len(produced)] == produced
    assert got[len(produced) :] == before.tobytes()[len(produced) : dst_cols * dtype.bytes]
    assert bench.machine.vms4_sr == tuple(heads + [0] * (4 - count))
    if not exhausted:
        assert sum(heads) == sum(sizes)


@pytest.mark.parametrize("dtype", [F32, F16], ids=str)
def test_tmrgsort_lists_without_tmp(dtype: DType) -> None:
    """PTOAS's level-2 `no_tmp` form: the merge lands in dst directly; dst's columns past the
    merged pairs keep their values (tmrgsort_dst_wider_implicit_tmp: a wider dst)."""
    rng = np.random.default_rng(12)
    coef = 8 // dtype.bytes
    lists = [sorted_run(rng, n, dtype) for n in (5, 3, 4)]
    bench = Bench(A2A3, fill=65536)
    tiles = [row_tile(bench, dtype, packed_row(p, dtype), 16 * coef, len(p) * coef)
             for p in lists]  # fmt: skip
    dst_cols = 16 * coef  # 12 pairs merged, 4 pairs' columns left as they were
    dst_t = vec_tile_type(dtype, 1, 32 * coef, (1, dst_cols))
    attributes: dict[str, Attribute] = {"exhausted": _bool(False), "no_tmp": UnitAttr()}
    op = build_tile_op(A2A3, TMrgSortOp, [t.type for t in tiles], dst_t, attributes=attributes)
    assert isinstance(op, TMrgSortOp) and op.scratch_sources() == frozenset()
    initial = rng.integers(0, 2**16, (1, 32 * coef * dtype.bytes // 2)).astype(np.uint16)
    dst = bench.tile(dst_t, (1, dst_cols), initial.view(dtype.numpy))
    run_tile_op(TileSortFunctions(bench.machine), op, [*tiles, dst])
    merged, heads = ref_merge(lists, exhausted=False)
    produced = pack(merged, dtype)
    got = dst.get()[0].tobytes()
    assert got[: len(produced)] == produced
    assert got[len(produced) :] == initial.tobytes()[len(produced) :]
    assert bench.machine.vms4_sr == (5, 3, 4, 0) and heads == [5, 3, 4]


def test_tmrgsort_unsorted_list_is_an_error() -> None:
    bench = Bench(A5)
    t = vec_tile_type(F32, 1, 16, (1, 16))
    tmp_t = vec_tile_type(F32, 1, 32, (1, 32))
    op = build_tile_op(A5, TMrgSortOp, [t, t, tmp_t], tmp_t, attributes={"exhausted": _bool(False)})
    good = row_tile(bench, F32, packed_row([(2.0, 0), (1.0, 1)], F32), 16, 4)
    bad = row_tile(bench, F32, packed_row([(1.0, 0), (2.0, 1)], F32), 16, 4)
    tmp, dst = bench.tile(tmp_t, (1, 32), None), bench.tile(tmp_t, (1, 32), None)
    with pytest.raises(PtoRuntimeError, match="list 1 is not sorted in descending order"):
        run_tile_op(TileSortFunctions(bench.machine), op, [good, bad, tmp, dst])


def test_tmrgsort_get_vms4_sr_reads_the_counts() -> None:
    """After an exhausted merge, get_vms4_sr gives the pairs each list gave (i16 each)."""
    bench = Bench(A5)
    t = vec_tile_type(F32, 1, 16, (1, 16))
    tmp_t = vec_tile_type(F32, 1, 32, (1, 32))
    op = build_tile_op(A5, TMrgSortOp, [t, t, tmp_t], tmp_t, attributes={"exhausted": _bool(True)})
    first = row_tile(bench, F32, packed_row([(9.0, 90)], F32), 16, 2)
    second = row_tile(bench, F32, packed_row([(7.0, 70), (6.0, 60)], F32), 16, 4)
    tmp, dst = bench.tile(tmp_t, (1, 32), None), bench.tile(tmp_t, (1, 32), None)
    run_tile_op(TileSortFunctions(bench.machine), op, [first, second, tmp, dst])
    query = GetVms4SrOp()
    assert run_tile_op(VectorSortFunctions(bench.machine), cast(Any, query), []) == (1, 0, 0, 0)


def _bool(value: bool) -> BoolAttr:
    return BoolAttr.from_bool(value)


def test_tmrgsort_single_list_leaves_the_tail() -> None:
    """DPS format 1 with valid cols not a multiple of 4 x blockLen (PTOAS's A5 ST kernel:
    1280 cols, blockLen 256): the whole group is merged, the tail columns are not written."""
    rng = np.random.default_rng(5)
    bench = Bench(A5, fill=65536)
    blocks = [sorted_run(rng, 128, F32) for _ in range(4)]
    tail = sorted_run(rng, 128, F32)
    row = np.concatenate([packed_row(b, F32) for b in [*blocks, tail]])
    t = vec_tile_type(F32, 1, 1280, (1, 1280))
    op = build_tile_op(A5, TMrgSortOp, [t, i32], t)
    src = row_tile(bench, F32, row, 1280, 1280)
    before = rng.standard_normal((1, 1280)).astype(np.float32)
    dst = bench.tile(t, (1, 1280), before)
    run_tile_op(TileSortFunctions(bench.machine), op, cast(Any, [src, 256, dst]))
    assert dst.get()[0, :1024].tobytes() == pack(ref_merge(blocks, False)[0], F32)
    assert dst.get()[0, 1024:].tobytes() == before[0, 1024:].tobytes()
