"""`pto.textract` / `pto.tinsert` on the interpreter against per-element references.

The references index the window element by element from the pages' formulas
(`dst[i, j] = src[r + i, c + j]`, `dst[r + i, c + j] = src[i, j]`) and round an
accumulator's f32 to f16 with Python's `struct` half packing (nearest even), independent
of numpy's casts.
"""

from __future__ import annotations

import struct

import numpy as np
import pytest
from support import build_tile_op, run_tile_op
from xdsl.dialects.builtin import IndexType

from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.machine.memory import Tile
from interpreters.ops.tile_window import TileWindowFunctions
from pto_dialect.attrs import BLayout, Location, SLayout, TargetArch
from pto_dialect.dtypes import F16, F32, DType, dtype_named, mlir_type
from pto_dialect.ops.tile_window import TExtractOp, TInsertOp
from pto_dialect.targets import A5, CPU, PROFILES, TargetProfile
from pto_dialect.tile_types import TileBufType

INDEX = IndexType()


def buf(loc: Location, dtype: DType, rows: int, cols: int, valid: tuple[int, int],
        **layout: object) -> TileBufType:  # fmt: skip
    return TileBufType(loc, mlir_type(dtype), rows, cols, v_row=valid[0], v_col=valid[1],
                       **layout)  # type: ignore[arg-type]  # fmt: skip


def tile(machine: Machine, type: TileBufType, values: np.ndarray) -> Tile:
    t = machine.tile_at(type, None, *type.valid_shape)
    t.set(values)
    return t


def random(rng: np.random.Generator, dtype: DType, shape: tuple[int, int]) -> np.ndarray:
    return rng.standard_normal(shape).astype(dtype.numpy)


def half(x: float) -> np.float16:
    """`x` rounded to f16, nearest even (inf beyond the range)."""
    try:
        return np.frombuffer(struct.pack("<e", x), np.float16)[0]
    except OverflowError:
        return np.float16(np.inf if x > 0 else -np.inf)


@pytest.mark.parametrize("target", [CPU, A5, PROFILES[TargetArch.A2A3]],
                         ids=lambda t: t.name)  # fmt: skip
@pytest.mark.parametrize("at", [(0, 0), (2, 16), (3, 40)])
def test_extract_vec(target: TargetProfile, at: tuple[int, int]) -> None:
    rng = np.random.default_rng(at[0] * 100 + at[1])
    src_t = buf(Location.VEC, F32, 8, 128, (7, 120))
    dst_t = buf(Location.VEC, F32, 8, 64, (4, 56))
    machine = Machine(target)
    src_v, dst_v = random(rng, F32, (8, 128)), random(rng, F32, (8, 64))
    src, dst = tile(machine, src_t, src_v), tile(machine, dst_t, dst_v)
    op = build_tile_op(target, TExtractOp, [src_t, INDEX, INDEX], dst_t)
    run_tile_op(TileWindowFunctions(machine), op, [src, *at, dst])  # type: ignore[list-item]
    want = dst_v.copy()
    for i in range(4):
        for j in range(56):
            want[i, j] = src_v[at[0] + i, at[1] + j]
    assert np.array_equal(dst.get().view(np.uint32), want.view(np.uint32))


@pytest.mark.parametrize("at", [(0, 0), (5, 3), (16, 16)])
def test_insert_vec(at: tuple[int, int]) -> None:
    rng = np.random.default_rng(sum(at))
    src_t = buf(Location.VEC, F16, 16, 16, (16, 13))
    dst_t = buf(Location.VEC, F16, 32, 32, (32, 32))
    machine = Machine(CPU)
    src_v, dst_v = random(rng, F16, (16, 16)), random(rng, F16, (32, 32))
    src, dst = tile(machine, src_t, src_v), tile(machine, dst_t, dst_v)
    op = build_tile_op(CPU, TInsertOp, [src_t, INDEX, INDEX], dst_t)
    run_tile_op(TileWindowFunctions(machine), op, [src, *at, dst])  # type: ignore[list-item]
    want = dst_v.copy()
    for i in range(16):
        for j in range(13):
            want[at[0] + i, at[1] + j] = src_v[i, j]
    assert np.array_equal(dst.get().view(np.uint16), want.view(np.uint16))


def test_extract_acc_to_mat_rounds_to_f16() -> None:
    """acc -> mat of an f32 accumulator into f16: each element rounded to nearest even."""
    rng = np.random.default_rng(7)
    src_t = buf(Location.ACC, F32, 32, 32, (32, 32), blayout=BLayout.COL_MAJOR,
                slayout=SLayout.ROW_MAJOR, fractal=1024)  # fmt: skip
    dst_t = buf(Location.MAT, F16, 16, 16, (16, 16))
    machine = Machine(A5)
    src_v = (rng.standard_normal((32, 32)) * 1000).astype(np.float32)
    src_v[0, 16] = 70000.0  # beyond f16: inf
    src_v[1, 17] = 1 + 2**-11  # a tie: to even (1.0)
    src = tile(machine, src_t, src_v)
    dst = tile(machine, dst_t, np.zeros((16, 16), np.float16))
    op = build_tile_op(A5, TExtractOp, [src_t, INDEX, INDEX], dst_t)
    run_tile_op(TileWindowFunctions(machine), op, [src, 0, 16, dst])  # type: ignore[list-item]
    want = np.array([[half(float(src_v[i, 16 + j])) for j in range(16)] for i in range(16)])
    assert np.array_equal(dst.get().view(np.uint16), want.view(np.uint16))
    assert dst.get()[0, 0] == np.inf and dst.get()[1, 1] == 1.0


def test_extract_mat_to_left_boxed() -> None:
    """A boxed (nZ) mat source into a boxed left tile: logical elements move, not bytes."""
    rng = np.random.default_rng(3)
    dtype = dtype_named("bf16")
    src_t = buf(Location.MAT, dtype, 16, 128, (16, 128), blayout=BLayout.COL_MAJOR,
                slayout=SLayout.ROW_MAJOR)  # fmt: skip
    dst_t = buf(Location.LEFT, dtype, 16, 64, (16, 64), blayout=BLayout.COL_MAJOR,
                slayout=SLayout.ROW_MAJOR)  # fmt: skip
    machine = Machine(A5)
    src_v = random(rng, dtype, (16, 128))
    src = tile(machine, src_t, src_v)
    dst = tile(machine, dst_t, np.zeros((16, 64), dtype.numpy))
    op = build_tile_op(A5, TExtractOp, [src_t, INDEX, INDEX], dst_t)
    run_tile_op(TileWindowFunctions(machine), op, [src, 0, 64, dst])  # type: ignore[list-item]
    want = np.array([[src_v[i, 64 + j] for j in range(64)] for i in range(16)], dtype.numpy)
    assert np.array_equal(dst.get().view(np.uint16), want.view(np.uint16))


@pytest.mark.parametrize(("cls", "at"), [(TExtractOp, (5, 0)), (TInsertOp, (0, 20))])
def test_window_beyond_valid_region_is_an_error(cls: type[TExtractOp | TInsertOp],
                                                at: tuple[int, int]) -> None:  # fmt: skip
    big = buf(Location.VEC, F32, 8, 64, (8, 64))
    small = buf(Location.VEC, F32, 4, 48, (4, 48))
    src_t, dst_t = (big, small) if cls is TExtractOp else (small, big)
    machine = Machine(CPU)
    src = tile(machine, src_t, np.zeros(src_t.shape, np.float32))
    dst = tile(machine, dst_t, np.zeros(dst_t.shape, np.float32))
    op = build_tile_op(CPU, cls, [src_t, INDEX, INDEX], dst_t)
    with pytest.raises(PtoRuntimeError, match="window at"):
        run_tile_op(TileWindowFunctions(machine), op, [src, *at, dst])  # type: ignore[list-item]


@pytest.mark.parametrize("name", ["hif8", "f8E8M0", "f4E2M1x2"])
def test_insert_a5_low_precision_moves_bytes(name: str) -> None:
    """A5 TInsert.hpp moves hif8, E8M0 and packed FP4 elements (PTOAS
    textract_tinsert_*low_precision_a5_emitc): the codes arrive unchanged."""
    dtype = dtype_named(name)
    src_t = buf(Location.VEC, dtype, 16, 32, (16, 32))
    dst_t = buf(Location.VEC, dtype, 16, 64, (16, 64))
    machine = Machine(A5)
    codes = np.arange(512, dtype=np.uint8).reshape(16, 32)
    src = tile(machine, src_t, codes.view(dtype.numpy))
    dst = tile(machine, dst_t, np.zeros((16, 64), np.uint8).view(dtype.numpy))
    op = build_tile_op(A5, TInsertOp, [src_t, INDEX, INDEX], dst_t)
    run_tile_op(TileWindowFunctions(machine), op, [src, 0, 32, dst])  # type: ignore[list-item]
    assert np.array_equal(dst.get().view(np.uint8)[:, 32:], codes)
    assert not dst.get().view(np.uint8)[:, :32].any()
