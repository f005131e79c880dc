"""tgather, tgatherb and tscatter in the interpreter, against element-by-element
references written from the pages (indices into the tiles' row-major storage; tgatherb's
offsets one per 32-byte block, as pto-isa's implementations read them)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support import Bench, build_tile_op, run_tile_op, vec_tile_type
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
    StringAttr,
    i32,
)
from xdsl.ir import Attribute, Block, Region
from xdsl.utils.exceptions import VerifyException

from interpreters.engine.errors import PtoRuntimeError
from interpreters.ops.tile_gather import TileGatherFunctions
from pto_dialect.attrs import CmpMode, CmpModeAttr
from pto_dialect.dtypes import BF16, F16, F32, I8, I16, I32, U8, U16, U32, DType
from pto_dialect.ops.base import SEGMENTS, segments
from pto_dialect.ops.mask_pattern import MaskPattern, MaskPatternAttr
from pto_dialect.ops.tile_elementwise import TXorOp
from pto_dialect.ops.tile_gather import TGatherBOp, TGatherOp, TScatterOp
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile

TARGETS = (A2A3, A5, CPU)


def values(rng: np.random.Generator, dtype: DType, shape: tuple[int, int]) -> np.ndarray:
    if dtype.is_float:
        return rng.standard_normal(shape).astype(dtype.numpy)
    return rng.integers(-100, 100, shape).astype(dtype.numpy)


@pytest.mark.parametrize(
    ("target", "dtype", "index"),
    [(t, d, i) for t in TARGETS for d, i in ((F32, I32), (F16, U32), (I16, I32))]
    + [(A5, I8, I32)],  # A5 gathers bytes (pto-isa a5/TGather.hpp)
    ids=str,
)
def test_tgather(target: TargetProfile, dtype: DType, index: DType) -> None:
    rng = np.random.default_rng(1)
    src_t = vec_tile_type(dtype, 4, 32, (4, 32))
    idx_t = vec_tile_type(index, 2, 32, (2, 32))
    dst_t = vec_tile_type(dtype, 2, 32, (2, 32))
    op = build_tile_op(target, TGatherOp, [src_t, idx_t, idx_t], dst_t)
    bench = Bench(target, fill=32768)
    src_v = values(rng, dtype, (4, 32))
    idx_v = rng.integers(0, 128, (2, 32)).astype(index.numpy)
    src, idx = bench.tile(src_t, (4, 32), src_v), bench.tile(idx_t, (2, 32), idx_v)
    tmp, dst = bench.tile(idx_t, (2, 32), None), bench.tile(dst_t, (2, 32), None)
    run_tile_op(TileGatherFunctions(bench.machine), op, [src, idx, tmp, dst])
    for i in range(2):
        for j in range(32):
            k = int(idx_v[i, j])
            assert dst.get()[i, j] == src_v[k // 32, k % 32]


@pytest.mark.parametrize("bad", [128, -1])
def test_tgather_index_outside_src_is_an_error(bad: int) -> None:
    src_t, idx_t = vec_tile_type(F32, 4, 32, (4, 32)), vec_tile_type(I32, 1, 32, (1, 32))
    op = build_tile_op(A5, TGatherOp, [src_t, idx_t], vec_tile_type(F32, 1, 32, (1, 32)))
    bench = Bench(A5)
    idx_v = np.zeros((1, 32), np.int32)
    idx_v[0, 5] = bad
    args = [bench.tile(src_t, (4, 32), None), bench.tile(idx_t, (1, 32), idx_v),
            bench.tile(vec_tile_type(F32, 1, 32, (1, 32)), (1, 32), None)]  # fmt: skip
    with pytest.raises(PtoRuntimeError, match=rf"indices\[\(0, 5\)\] = {bad} is outside src"):
        run_tile_op(TileGatherFunctions(bench.machine), op, args)


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize("dtype", [F32, F16, I8], ids=str)
def test_tgatherb(target: TargetProfile, dtype: DType) -> None:
    rng = np.random.default_rng(2)
    cols = 64 // dtype.bytes
    src_t = vec_tile_type(dtype, 4, cols, (4, cols))
    blocks = cols * dtype.bytes // 32
    off_t = vec_tile_type(U32, 2, 8, (2, blocks))
    dst_t = vec_tile_type(dtype, 2, cols, (2, cols))
    op = build_tile_op(target, TGatherBOp, [src_t, off_t], dst_t)
    bench = Bench(target, fill=32768)
    src_v = values(rng, dtype, (4, cols))
    off_v = np.zeros((2, 8), np.uint32)
    off_v[:, :blocks] = rng.integers(0, 8, (2, blocks)) * 32
    src, off = bench.tile(src_t, (4, cols), src_v), bench.tile(off_t, (2, blocks), off_v)
    dst = bench.tile(dst_t, (2, cols), None)
    run_tile_op(TileGatherFunctions(bench.machine), op, [src, off, dst])
    raw = src_v.tobytes()
    for i in range(2):
        expected = b"".join(raw[int(o) : int(o) + 32] for o in off_v[i, :blocks])
        assert dst.get()[i].tobytes() == expected


@pytest.mark.parametrize(("offset", "message"), [(256, "outside src"), (16, "not 32-byte aligned")])
def test_tgatherb_bad_offsets(offset: int, message: str) -> None:
    src_t = vec_tile_type(F32, 4, 16, (4, 16))
    off_t = vec_tile_type(U32, 1, 8, (1, 2))
    dst_t = vec_tile_type(F32, 1, 16, (1, 16))
    op = build_tile_op(A2A3, TGatherBOp, [src_t, off_t], dst_t)
    bench = Bench(A2A3)
    off_v = np.zeros((1, 8), np.uint32)
    off_v[0, 1] = offset
    args = [bench.tile(src_t, (4, 16), None), bench.tile(off_t, (1, 2), off_v),
            bench.tile(dst_t, (1, 16), None)]  # fmt: skip
    with pytest.raises(PtoRuntimeError, match=message):
        run_tile_op(TileGatherFunctions(bench.machine), op, args)


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize(("dtype", "index"), [(F32, U32), (F16, I16), (I8, U16)], ids=str)
def test_tscatter(target: TargetProfile, dtype: DType, index: DType) -> None:
    rng = np.random.default_rng(3)
    src_t, idx_t = vec_tile_type(dtype, 2, 32, (2, 32)), vec_tile_type(index, 2, 32, (2, 32))
    dst_t = vec_tile_type(dtype, 4, 32, (4, 32))
    op = build_tile_op(target, TScatterOp, [src_t, idx_t], dst_t)
    bench = Bench(target, fill=32768)
    src_v = values(rng, dtype, (2, 32))
    idx_v = rng.permutation(128)[:64].reshape(2, 32).astype(index.numpy)
    dst_v = values(rng, dtype, (4, 32))
    src, idx = bench.tile(src_t, (2, 32), src_v), bench.tile(idx_t, (2, 32), idx_v)
    dst = bench.tile(dst_t, (4, 32), dst_v)
    run_tile_op(TileGatherFunctions(bench.machine), op, [src, idx, dst])
    expected: Any = dst_v.copy()
    for i in range(2):
        for j in range(32):
            k = int(idx_v[i, j])
            expected[k // 32, k % 32] = src_v[i, j]
    assert dst.get().tobytes() == expected.tobytes()


def test_tscatter_collision_is_an_error() -> None:
    src_t, idx_t = vec_tile_type(F32, 1, 32, (1, 32)), vec_tile_type(I32, 1, 32, (1, 32))
    op = build_tile_op(A5, TScatterOp, [src_t, idx_t], src_t)
    bench = Bench(A5)
    idx_v = np.arange(32, dtype=np.int32)[None, :].copy()
    idx_v[0, 20] = 3
    args = [bench.tile(src_t, (1, 32), None), bench.tile(idx_t, (1, 32), idx_v),
            bench.tile(src_t, (1, 32), None)]  # fmt: skip
    both = r"indexes\[\(0, 3\)\] and indexes\[\(0, 20\)\] are both 3"
    with pytest.raises(PtoRuntimeError, match=both):
        run_tile_op(TileGatherFunctions(bench.machine), op, args)


def test_tscatter_index_outside_dst_is_an_error() -> None:
    src_t, idx_t = vec_tile_type(F32, 1, 32, (1, 32)), vec_tile_type(I32, 1, 32, (1, 32))
    op = build_tile_op(CPU, TScatterOp, [src_t, idx_t], src_t)
    bench = Bench(CPU)
    idx_v = np.arange(32, dtype=np.int32)[None, :].copy()
    idx_v[0, 7] = 32
    args = [bench.tile(src_t, (1, 32), None), bench.tile(idx_t, (1, 32), idx_v),
            bench.tile(src_t, (1, 32), None)]  # fmt: skip
    with pytest.raises(PtoRuntimeError, match=r"indexes\[\(0, 7\)\] = 32 is outside dst"):
        run_tile_op(TileGatherFunctions(bench.machine), op, args)


SELECTED = {"P0101": (2, 0), "P1010": (2, 1), "P0001": (4, 0), "P0010": (4, 1),
            "P0100": (4, 2), "P1000": (4, 3), "P1111": (1, 0)}  # fmt: skip
"""tscatter.md's pattern table: (group size, selected lane)."""


@pytest.mark.parametrize("pattern", list(SELECTED))
@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_tgather_mask_pattern(pattern: str, target: TargetProfile) -> None:
    group, lane = SELECTED[pattern]
    rng = np.random.default_rng(4)
    src_t = vec_tile_type(F32, 2, 32, (2, 30))
    dst_t = vec_tile_type(F32, 2, 32, (2, 32))
    op = build_tile_op(
        target, TGatherOp, [src_t], dst_t, attributes={"maskPattern": _pattern(pattern)}
    )
    bench = Bench(target, fill=32768)
    src_v = values(rng, F32, (2, 32))
    before = values(rng, F32, (2, 32))
    src, dst = bench.tile(src_t, (2, 30), src_v), bench.tile(dst_t, (2, 32), before)
    run_tile_op(TileGatherFunctions(bench.machine), op, [src, dst])
    picked = [src_v[i, j] for i in range(2) for j in range(30) if j % group == lane]
    flat = dst.get().reshape(-1)
    assert list(flat[: len(picked)]) == picked
    assert flat[len(picked) :].tobytes() == before.reshape(-1)[len(picked) :].tobytes()


@pytest.mark.parametrize("pattern", list(SELECTED))
def test_tscatter_mask_pattern(pattern: str) -> None:
    group, lane = SELECTED[pattern]
    rng = np.random.default_rng(5)
    src_t = vec_tile_type(I16, 2, 16, (2, 16))
    dst_t = vec_tile_type(I16, 2, 64, (2, 16 * group))
    op = build_tile_op(
        A5, TScatterOp, [src_t], dst_t, attributes={"maskPattern": _pattern(pattern)}
    )
    bench = Bench(A5, fill=32768)
    src_v = values(rng, I16, (2, 16))
    src = bench.tile(src_t, (2, 16), src_v)
    dst = bench.tile(dst_t, (2, 16 * group), values(rng, I16, (2, 64)))
    run_tile_op(TileGatherFunctions(bench.machine), op, [src, dst])
    expected = np.zeros((2, 64), np.int16)
    for i in range(2):
        for j in range(16):
            expected[i, group * j + lane] = src_v[i, j]
    assert dst.get().tobytes() == expected.tobytes()


def _pattern(name: str) -> MaskPatternAttr:
    return MaskPatternAttr(MaskPattern(name))


@pytest.mark.parametrize("pattern", ["P0101", "P1010", "P0010", "P1111"])
def test_tgather_mask_pattern_along_col(pattern: str) -> None:
    """GATHER_COL (cpu/TGather.hpp TGatherCol): dst row k is src row `group * k + lane`."""
    group, lane = SELECTED[pattern]
    rng = np.random.default_rng(6)
    kept = len(range(lane, 8, group))
    src_t = vec_tile_type(F32, 8, 16, (8, 16))
    dst_t = vec_tile_type(F32, 8, 16, (kept, 16))
    attributes: dict[str, Attribute] = {"maskPattern": _pattern(pattern), "axis": StringAttr("col")}
    op = build_tile_op(A5, TGatherOp, [src_t], dst_t, attributes=attributes)
    bench = Bench(A5, fill=32768)
    src_v, before = values(rng, F32, (8, 16)), values(rng, F32, (8, 16))
    src, dst = bench.tile(src_t, (8, 16), src_v), bench.tile(dst_t, (kept, 16), before)
    run_tile_op(TileGatherFunctions(bench.machine), op, [src, dst])
    expected = before.copy()
    for k, row in enumerate(r for r in range(8) if r % group == lane):
        expected[k] = src_v[row]
    assert dst.get().tobytes() == expected.tobytes()


@pytest.mark.parametrize("pattern", ["P0101", "P1000"])
def test_tscatter_mask_pattern_along_col(pattern: str) -> None:
    """SCATTER_COL (a2a3/TScatter.hpp): dst zeroed, src row i to dst row `group * i + lane`."""
    group, lane = SELECTED[pattern]
    rng = np.random.default_rng(8)
    src_t = vec_tile_type(I16, 2, 32, (2, 32))
    dst_t = vec_tile_type(I16, 8, 32, (2 * group, 32))
    attributes: dict[str, Attribute] = {"maskPattern": _pattern(pattern), "axis": StringAttr("col")}
    op = build_tile_op(A2A3, TScatterOp, [src_t], dst_t, attributes=attributes)
    bench = Bench(A2A3, fill=32768)
    src_v = values(rng, I16, (2, 32))
    src = bench.tile(src_t, (2, 32), src_v)
    dst = bench.tile(dst_t, (2 * group, 32), values(rng, I16, (8, 32)))
    run_tile_op(TileGatherFunctions(bench.machine), op, [src, dst])
    expected = np.zeros((8, 32), np.int16)
    for i in range(2):
        expected[group * i + lane] = src_v[i]
    assert dst.get().tobytes() == expected.tobytes()


# ---- the comparison form (tgather.md's k_value/cdst overload, a2a3/TGather.hpp) ------------


def compare_op(target: TargetProfile, src_t: Attribute, k_t: Attribute, tmp_t: Attribute,
               dst_t: Attribute, cdst_t: Attribute, **attrs: Attribute) -> TGatherOp:  # fmt: skip
    block = Block(arg_types=[src_t, k_t, tmp_t, dst_t, cdst_t])
    op = TGatherOp.create(operands=list(block.args), attributes=dict(attrs),
                          properties={SEGMENTS: segments(3, 2)})  # fmt: skip
    block.add_op(op)
    ModuleOp(Region(block)).attributes["pto.target_arch"] = StringAttr(target.name)
    op.verify()
    return op


@pytest.mark.parametrize(("dtype", "mode"), [(F16, "GT"), (F32, "EQ"), (I32, "EQ")])
def test_tgather_compare(dtype: DType, mode: str) -> None:
    """Per valid row, the indices `offset + r * C + c` of the valid columns that compare true
    with kValue, packed from dst column 0, their count in cdst; dst's other columns and
    everything past tmp's regions untouched; the index table and thresholds after tmp's
    bytes (a tmp of 2 x 64 bytes holds the two bitmap rows)."""
    bench = Bench(A2A3)
    src_t = vec_tile_type(dtype, 2, 64, (2, 40))
    tmp_t, dst_t = vec_tile_type(U8, 2, 64, (2, 64)), vec_tile_type(I32, 2, 64, (2, 64))
    cdst_t = vec_tile_type(I32, 1, 8, (1, 8))
    k_t = Float16Type() if dtype is F16 else Float32Type() if dtype is F32 else i32
    attrs = {"offset": IntegerAttr(7, 32), "cmpMode": CmpModeAttr(CmpMode(mode))}
    op = compare_op(A2A3, src_t, k_t, tmp_t, dst_t, cdst_t, **attrs)
    values = np.random.default_rng(5).integers(-3, 4, (2, 64)).astype(dtype.numpy)
    k = 1
    src, tmp = bench.tile(src_t, (2, 40), values), bench.tile(tmp_t, (2, 64), None)
    bench.next += 1024  # the bytes after tmp that hold the index table and thresholds
    dst, cdst = bench.tile(dst_t, (2, 64), None), bench.tile(cdst_t, (1, 8), None)
    table = tmp.address + 128
    after = bench.ub.data[table + 512 + 2 * dtype.bytes : table + 1024].copy()
    before = dst.get().copy()
    run_tile_op(TileGatherFunctions(bench.machine), op, [src, k, tmp, dst, cdst])  # type: ignore[list-item]
    for r in range(2):
        hits = [
            7 + r * 64 + c
            for c in range(40)
            if (values[r, c] > k if mode == "GT" else values[r, c] == k)
        ]
        assert list(dst.get()[r, : len(hits)]) == hits
        assert (dst.get()[r, len(hits) :] == before[r, len(hits) :]).all()
        assert cdst.get()[0, r] == len(hits)
    assert list(bench.ub.data[table : table + 512].view(np.int32)) == list(range(7, 135))
    assert list(bench.ub.data[table + 512 : table + 512 + 2 * dtype.bytes].view(dtype.numpy)) == [
        1,
        1,
    ]
    assert (bench.ub.data[table + 512 + 2 * dtype.bytes : table + 1024] == after).all()


def _scalar_type(dtype: DType) -> Attribute:
    if dtype.is_float:
        return Float16Type() if dtype is F16 else Float32Type()
    sign = Signedness.UNSIGNED if dtype.name.startswith("ui") else Signedness.SIGNLESS
    return IntegerType(dtype.bits, sign)


def _golden_case() -> tuple[np.ndarray, list[list[int]]]:
    """pto-isa's A5 board case `case1_float_topk` (tests/npu/a5/.../tgather/gen_data.py): data
    in [0, 100), GT 80, the index of each hit `i * cols + j`."""
    data = np.random.default_rng(3).integers(0, 100, (2, 64)).astype(np.float32)
    return data, [[i * 64 + j for j in range(64) if data[i, j] > 80] for i in range(2)]


def _a5_cases() -> list[tuple[Any, ...]]:
    """(dtype, storage, valid, data, k, mode, offset, dst storage, expected rows, counts),
    the expected rows worked out by hand from a5/TGather.hpp."""
    golden, hits = _golden_case()
    f32 = np.zeros((2, 128), np.float32)
    f32[0, :4] = [80.5, 80.6, -1.0, 99.0]  # rint(80.5) = 80; -1 -> 0xFFFFFFFF; col 3 not valid
    f32[1, :3] = [81.0, 0.0, 80.0]  # row 1 counts on from 5 + 64 (one group per row)
    i16 = np.zeros((1, 64), np.int16)
    i16[0, [3, 10, 50]] = [7, -9, 7]  # -9 = 0xFFF7 > 6; col 50 is past the valid 40, in the group
    f16 = np.zeros((1, 64), np.float16)
    f16[0, :4] = [2.25, 2.0, 3.0, np.nan]  # kValue 2.5 -> k tile 2 -> 2.0f
    u8 = np.zeros((2, 128), np.uint8)
    u8[0, :10], u8[0, 120], u8[1, 5] = 255, 255, 201  # row 0: 11 hits spill into dst row 1
    return [
        (F32, (2, 64), (2, 64), golden, 80.0, "GT", 0, (2, 64), hits, [len(h) for h in hits]),
        (F32, (2, 128), (2, 3), f32, 80.0, "GT", 5, (2, 8), [[6, 7], [69]], [2, 1]),
        (I16, (1, 64), (1, 40), i16, 6, "GT", 0, (1, 8), [[3, 10, 50]], [3]),
        (I16, (1, 64), (1, 40), i16, -9, "EQ", 2, (1, 8), [[12]], [1]),
        (F16, (1, 64), (1, 64), f16, 2.5, "GT", 0, (1, 8), [[0, 2]], [2]),
        (U8, (2, 128), (2, 100), u8, 200, "GT", 0, (2, 8), [[*range(8)], [133, 9, 120]], [11, 1]),
    ]


@pytest.mark.parametrize(
    ("dtype", "storage", "valid", "data", "k", "mode", "offset", "dst_shape", "rows", "counts"),
    _a5_cases(),
    ids=["golden", "f32", "i16-gt", "i16-eq", "f16", "u8-spill"],
)
def test_tgather_compare_a5(
    dtype: DType, storage: tuple[int, int], valid: tuple[int, int], data: np.ndarray,
    k: int | float, mode: str, offset: int, dst_shape: tuple[int, int], rows: list[list[int]],
    counts: list[int],
) -> None:  # fmt: skip
    """a5/TGather.hpp: tmp untouched; dst row r from its start, the rest of dst as it was."""
    bench = Bench(A5)
    src_t = vec_tile_type(dtype, *storage, valid)
    tmp_t, dst_t = vec_tile_type(U8, 1, 32, (1, 32)), vec_tile_type(U32, *dst_shape, dst_shape)
    cdst_t = vec_tile_type(U32, 1, 8, (1, 8))
    attrs = {"offset": IntegerAttr(offset, 32), "cmpMode": CmpModeAttr(CmpMode(mode))}
    op = compare_op(A5, src_t, _scalar_type(dtype), tmp_t, dst_t, cdst_t, **attrs)
    src, tmp = bench.tile(src_t, valid, data), bench.tile(tmp_t, (1, 32), None)
    dst, cdst = bench.tile(dst_t, dst_shape, None), bench.tile(cdst_t, (1, 8), None)
    before, tmp_before = dst.get().copy(), tmp.get().copy()
    run_tile_op(TileGatherFunctions(bench.machine), op, [src, k, tmp, dst, cdst])  # type: ignore[list-item]
    expected = before.reshape(-1).copy()
    for r, hits in enumerate(rows):
        expected[r * dst_shape[1] : r * dst_shape[1] + len(hits)] = hits
    assert dst.get().reshape(-1).tolist() == expected.tolist()
    assert cdst.get()[0, : len(counts)].tolist() == counts
    assert (tmp.get() == tmp_before).all()


@pytest.mark.parametrize(
    ("target", "src", "mode", "message"),
    [
        (A5, BF16, "GT", "src dtype bf16 is not supported on target a5"),
        (CPU, F16, "GT", "no implementation in pto-isa's CPU simulator"),
        (A2A3, I32, "GT", "compares i32 with EQ only"),
        (A2A3, I16, "EQ", "src dtype i16 is not supported on target a2a3"),
    ],
)
def test_tgather_compare_refusals(
    target: TargetProfile, src: DType, mode: str, message: str
) -> None:
    src_t, tmp_t = vec_tile_type(src, 1, 32, (1, 32)), vec_tile_type(U8, 1, 32, (1, 32))
    dst_t = vec_tile_type(I32, 1, 32, (1, 32))
    k_t = {F16: Float16Type(), I32: i32, I16: IntegerType(16), BF16: BFloat16Type()}[src]
    with pytest.raises(VerifyException, match=message):
        compare_op(target, src_t, k_t, tmp_t, dst_t, dst_t, cmpMode=CmpModeAttr(CmpMode(mode)))


@pytest.mark.parametrize("target", [A2A3, A5], ids=lambda t: t.name)
def test_scratch_tiles_a5_ignores(target: TargetProfile) -> None:
    """A5's TGather (index form) and TXor compute without tmp, so any Vec tile will do there
    (PTOAS's tmp_contract_a5_non_same_shape); A2/A3 hold tmp to their rules."""
    f32, i16 = vec_tile_type(F32, 1, 64, (1, 64)), vec_tile_type(I16, 1, 64, (1, 64))
    i32_tmp = vec_tile_type(I32, 1, 8, (1, 1))
    ints = vec_tile_type(I32, 16, 64, (16, 60))
    cases = [
        (TGatherOp, [f32, i16, i32_tmp], f32, "indices dtype i16 is not supported"),
        (TXorOp, [ints, ints, i32_tmp], ints, "tmp valid shape 1x1 must equal the dst"),
    ]
    for cls, ins, out, message in cases:
        if target is A5:
            build_tile_op(target, cls, ins, out)
        else:
            with pytest.raises(VerifyException, match=message):
                build_tile_op(target, cls, ins, out)
