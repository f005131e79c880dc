"""`pto.tconcat` (and `pto.tconcatidx`) on the interpreter against the per-row formula,
written element by element: `dst[i, j] = src0[i, j]` for `j < vc0`, `src1[i, j - vc0]`
below `vc0 + vc1`."""

from __future__ import annotations

import numpy as np
import pytest
from support import build_tile_op, run_tile_op

from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.machine.memory import Tile
from interpreters.ops.tile_concat import TileConcatFunctions
from interpreters.ops.tile_concat_idx import TileConcatIdxFunctions
from pto_dialect.attrs import Location, TargetArch
from pto_dialect.dtypes import dtype_named, mlir_type
from pto_dialect.ops.tile_concat import TConcatOp
from pto_dialect.ops.tile_concat_idx import TConcatIdxOp
from pto_dialect.targets import PROFILES
from pto_dialect.tile_types import DYNAMIC, TileBufType


def buf(name: str, rows: int, cols: int, valid: tuple[int, int]) -> TileBufType:
    return TileBufType(Location.VEC, mlir_type(dtype_named(name)), rows, cols,
                       v_row=valid[0], v_col=valid[1])  # fmt: skip


@pytest.mark.parametrize("arch", list(TargetArch), ids=lambda a: a.value)
@pytest.mark.parametrize(("name", "c0", "c1"), [("f32", 8, 16), ("i16", 5, 11), ("ui8", 32, 0)])
def test_concat(arch: TargetArch, name: str, c0: int, c1: int) -> None:
    target, dtype = PROFILES[arch], dtype_named(name)
    rng = np.random.default_rng(c0 + c1)
    rows, cols = 4, 64
    a, b = (rng.integers(0, 100, (rows, cols)).astype(dtype.numpy) for _ in range(2))
    old = np.full((rows, cols), 9, dtype.numpy)
    types = [buf(name, rows, cols, (DYNAMIC, DYNAMIC)) for _ in range(3)]
    machine = Machine(target)
    tiles: list[Tile] = []
    for t, values, valid in zip(types, (a, b, old), ((3, c0), (3, c1), (3, c0 + c1)), strict=True):
        tile = machine.tile_at(t, None, *valid)
        tile.set(values)
        tiles.append(tile)
    op = build_tile_op(target, TConcatOp, types[:2], types[2])
    run_tile_op(TileConcatFunctions(machine), op, tiles)
    want = old.copy()
    for i in range(3):
        for j in range(c0 + c1):
            want[i, j] = a[i, j] if j < c0 else b[i, j - c0]
    assert np.array_equal(tiles[2].get(), want)


def test_mismatched_valid_shapes_fail_at_run_time() -> None:
    target = PROFILES[TargetArch.CPU]
    types = [buf("f32", 4, 16, (DYNAMIC, DYNAMIC)) for _ in range(3)]
    machine = Machine(target)
    tiles = [machine.tile_at(t, None, 4, v) for t, v in zip(types, (8, 8, 15), strict=True)]
    op = build_tile_op(target, TConcatOp, types[:2], types[2])
    with pytest.raises(PtoRuntimeError, match="dst's columns the sum"):
        run_tile_op(TileConcatFunctions(machine), op, tiles)


@pytest.mark.parametrize("arch", [TargetArch.A2A3, TargetArch.A5], ids=lambda a: a.value)
@pytest.mark.parametrize(("name", "index"), [("f32", "i32"), ("f16", "ui8"), ("i8", "i16")])
def test_concat_idx(arch: TargetArch, name: str, index: str) -> None:
    """Row i: idx0[i, 0] / sizeof(index) columns of src0, then idx1's of src1, each clamped to
    what is left of dst's valid columns (a2a3/TConcat.hpp, a5/TConcat.hpp); a negative count
    converts to a huge unsigned one and is clamped too."""
    target, dtype, itype = PROFILES[arch], dtype_named(name), dtype_named(index)
    rows, cols, valid = 5, 64, 40
    rng = np.random.default_rng(3)
    a, b = (rng.integers(0, 100, (rows, cols)).astype(dtype.numpy) for _ in range(2))
    old = np.full((rows, cols), 9, dtype.numpy)
    size = itype.bytes
    n0, n1 = [3, 0, 40, 39, 2], [5, 7, 1, 30, 0]  # in index-sized units
    width = 32 // size  # one 32-byte row of counts
    i0, i1 = (np.zeros((rows, width), itype.numpy) for _ in range(2))
    i0[:, 0], i1[:, 0] = [n * size for n in n0], [n * size for n in n1]
    if itype.is_signed:
        i1[4, 0] = -size
        n1[4] = 1 << 60  # clamped: the -1 unit becomes 2^64 - size bytes
    types = [buf(name, rows, cols, (rows, cols)), buf(name, rows, cols, (rows, cols)),
             buf(index, rows, width, (rows, 1)), buf(index, rows, width, (rows, 1)),
             buf(name, rows, cols, (rows, valid))]  # fmt: skip
    machine = Machine(target)
    tiles: list[Tile] = []
    for t, values in zip(types, (a, b, i0, i1, old), strict=True):
        tile = machine.tile_at(t, None, t.valid_shape[0], t.valid_shape[1])
        tile.set(values)
        tiles.append(tile)
    op = build_tile_op(target, TConcatIdxOp, types[:4], types[4])
    run_tile_op(TileConcatIdxFunctions(machine), op, tiles)
    want = old.copy()
    for i in range(rows):
        k0 = min(n0[i], valid)
        k1 = min(n1[i], valid - k0)
        for j in range(k0):
            want[i, j] = a[i, j]
        for j in range(k1):
            want[i, k0 + j] = b[i, j]
    assert tiles[4].get().tobytes() == want.tobytes()
    assert tiles[0].get().tobytes() == a.tobytes()
