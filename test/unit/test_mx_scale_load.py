"""`tload` of E8M0 MX scales: PTOAS gives the GM view of an A-scale (ZZ) or B-scale (NN) mat
tile the MX_A_ZZ / MX_B_NN layout, whose bytes pto-isa copies in box order; a 1-row A-scale
tile keeps an ND view. The references place each (row, col) by pto-isa's 5-D shape
[1, blocks, groups / 2, 16, 2], element by element."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from support import build_tile_op, run_tile_op

from interpreters.machine.core import Machine
from interpreters.machine.memory import Memory, TensorView
from interpreters.ops.tile_memory import TileMemoryFunctions
from pto_dialect.attrs import BLayout, Location, SLayout
from pto_dialect.dtypes import F8E8M0, mlir_type
from pto_dialect.memory_types import MemorySpace, PartitionTensorViewType
from pto_dialect.ops.tile_memory import TLoadOp
from pto_dialect.targets import A5
from pto_dialect.tile_types import TileBufType

E8M0 = mlir_type(F8E8M0)


def zz_offset(m: int, g: int, groups: int) -> int:
    """A's scale (m, g): box (m // 16, g // 2) row-major of boxes, 16 rows x 2 groups inside."""
    return ((m // 16) * (-(-groups // 2)) + g // 2) * 32 + (m % 16) * 2 + g % 2


def nn_offset(g: int, n: int, groups: int) -> int:
    """B's scale (g, n): box (n // 16, g // 2) column-major of boxes, 16 columns x 2 groups."""
    return ((n // 16) * (-(-groups // 2)) + g // 2) * 32 + (n % 16) * 2 + g % 2


@pytest.mark.parametrize(
    ("shape", "tile_shape", "boxes", "order"),
    [
        ((32, 4), (32, 4), (BLayout.ROW_MAJOR, SLayout.ROW_MAJOR), "zz"),
        ((4, 30), (4, 32), (BLayout.COL_MAJOR, SLayout.COL_MAJOR), "nn"),
        ((1, 4), (1, 4), (BLayout.ROW_MAJOR, SLayout.ROW_MAJOR), "nd"),
    ],
)
def test_mx_scales_load_in_box_order(
    shape: tuple[int, int], tile_shape: tuple[int, int], boxes: tuple[BLayout, SLayout], order: str
) -> None:
    rows, cols = shape
    machine = Machine(A5)
    data = np.random.default_rng(rows * cols).integers(0, 256, 4096, dtype=np.uint8)
    gm = Memory("gm:arg0", MemorySpace.GM, data)
    view = TensorView(gm, 64, shape, (cols, 1), F8E8M0)
    tile_t = TileBufType(Location.MAT, E8M0, *tile_shape, v_row=rows, v_col=cols,
                         blayout=boxes[0], slayout=boxes[1], fractal=32)  # fmt: skip
    tile = machine.tile_at(tile_t, None, rows, cols)
    op = build_tile_op(A5, TLoadOp, [PartitionTensorViewType(list(shape), E8M0)], tile_t)
    run_tile_op(TileMemoryFunctions(machine), op, [view, tile])  # type: ignore[list-item]
    got = tile.get()[:rows, :cols].view(np.uint8)
    for r in range(rows):
        for c in range(cols):
            if order == "zz":
                at = zz_offset(r, c, cols)
            elif order == "nn":
                at = nn_offset(r, c, rows)
            else:
                at = r * cols + c
            assert got[r, c] == gm.data[64 + at], (r, c)
    assert tile.get().dtype == np.dtype(ml_dtypes.float8_e8m0fnu)
