"""The machine model's memories, views and tile layouts, against offsets written by hand."""

import numpy as np
import pytest
from xdsl.dialects.builtin import IntegerType, Signedness, f16, f32, i8
from xdsl.ir import Attribute

from interpreters.api import PtoVerifyError, parse, run
from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.machine.memory import Memory, TensorView
from interpreters.semantics import transfer
from pto_dialect.attrs import BLayout, Location, PadValue, SLayout, TargetArch
from pto_dialect.dtypes import F16, F32, I8, DType
from pto_dialect.memory_types import MemorySpace
from pto_dialect.rules import PAD_RULES
from pto_dialect.targets import A2A3, A5
from pto_dialect.tile_types import TileBufType

ui8 = IntegerType(8, Signedness.UNSIGNED)
CPU_RULE = PAD_RULES[TargetArch.CPU]


def offset_of(rows: int, cols: int, br: int, bc: int, blayout: BLayout, slayout: SLayout,
              r: int, c: int) -> int:  # fmt: skip
    """Element offset of (r, c), from pto-isa's GetTileOffset cases, one element at a time.
    Where the rows end inside a row of boxes, those boxes hold the remaining rows only."""
    if slayout is SLayout.NONE_BOX:
        return r * cols + c if blayout is BLayout.ROW_MAJOR else c * rows + r
    full_rows = rows // br * br  # rows in whole boxes
    h = br if r < full_rows else rows - full_rows  # rows of the box holding (r, c)
    if slayout is SLayout.ROW_MAJOR:
        inner = (r % br) * bc + (c % bc)
    else:
        inner = (c % bc) * h + (r % br)
    if blayout is BLayout.ROW_MAJOR:  # row of boxes after row of boxes
        return (r // br) * br * cols + (c // bc) * h * bc + inner
    return (c // bc) * rows * bc + (r // br) * br * bc + inner  # column of boxes after column


LAYOUTS = [
    (Location.VEC, f32, 8, 16, BLayout.ROW_MAJOR, SLayout.NONE_BOX, 512),
    (Location.VEC, f16, 32, 16, BLayout.COL_MAJOR, SLayout.NONE_BOX, 512),
    (Location.LEFT, f16, 32, 32, BLayout.COL_MAJOR, SLayout.ROW_MAJOR, 512),  # Nz
    (Location.RIGHT, f16, 32, 48, BLayout.ROW_MAJOR, SLayout.COL_MAJOR, 512),  # Zn
    (Location.MAT, i8, 32, 64, BLayout.ROW_MAJOR, SLayout.ROW_MAJOR, 512),  # Zz
    (Location.ACC, f32, 32, 32, BLayout.COL_MAJOR, SLayout.ROW_MAJOR, 1024),
    # rows ending inside a row of boxes: 1-row, vec and MX-scale tiles
    (Location.LEFT, f16, 1, 48, BLayout.COL_MAJOR, SLayout.ROW_MAJOR, 512),  # Nz, one row
    (Location.LEFT, i8, 1, 96, BLayout.ROW_MAJOR, SLayout.ROW_MAJOR, 512),  # Zz, one row
    (Location.ACC, f32, 1, 32, BLayout.COL_MAJOR, SLayout.ROW_MAJOR, 1024),
    (Location.VEC, f32, 24, 16, BLayout.ROW_MAJOR, SLayout.ROW_MAJOR, 512),  # Zz, 16 + 8 rows
    (Location.VEC, f16, 20, 32, BLayout.COL_MAJOR, SLayout.COL_MAJOR, 512),  # Nn, 16 + 4 rows
    (Location.VEC, f32, 8, 32, BLayout.ROW_MAJOR, SLayout.COL_MAJOR, 512),  # Zn, 8 of 16 rows
    (Location.MAT, ui8, 24, 6, BLayout.ROW_MAJOR, SLayout.ROW_MAJOR, 32),  # MX scales 16x2
]


@pytest.mark.parametrize(("loc", "elem", "rows", "cols", "bl", "sl", "fractal"), LAYOUTS)
def test_tile_layouts_place_elements_where_the_manual_says(
    loc: Location,
    elem: Attribute,
    rows: int,
    cols: int,
    bl: BLayout,
    sl: SLayout,
    fractal: int,
):
    tile_type = TileBufType(loc, elem, rows, cols, blayout=bl, slayout=sl, fractal=fractal)
    tile = Machine(A5).tile_at(tile_type, None, rows, cols)
    logical = np.arange(rows * cols).reshape(rows, cols).astype(tile.dtype.numpy)
    tile.set(logical)
    storage = tile.storage()
    br, bc = tile_type.box
    # the cube writes L0C in whole 16 x 16 boxes: a 1-row acc tile spans 16 rows
    # (docs/decisions.md, "acc tile boxes"); elsewhere the last boxes hold the rows left
    held = -(-rows // br) * br if loc is Location.ACC else rows
    for r in range(rows):
        for c in range(cols):
            assert storage[offset_of(held, cols, br, bc, bl, sl, r, c)] == logical[r, c]
    assert np.array_equal(tile.get(), logical)


def test_partial_set_of_a_boxed_tile_keeps_the_rest():
    t = TileBufType(Location.LEFT, f16, 16, 16, blayout=BLayout.COL_MAJOR,
                     slayout=SLayout.ROW_MAJOR)  # fmt: skip
    tile = Machine(A5).tile_at(t, None, 16, 16)
    tile.set(np.full((16, 16), 7, np.float16))
    tile.set(np.zeros((4, 5), np.float16))
    expected = np.full((16, 16), 7, np.float16)
    expected[:4, :5] = 0
    assert np.array_equal(tile.get(), expected)


def test_planned_tiles_share_their_memory_and_are_checked_against_capacity():
    machine = Machine(A2A3)
    t = TileBufType(Location.VEC, f32, 8, 8)
    a = machine.tile_at(t, 0, 8, 8)
    b = machine.tile_at(t, 0, 8, 8)
    a.set(np.ones((8, 8), np.float32))
    assert np.array_equal(b.get(), np.ones((8, 8), np.float32))  # same bytes
    with pytest.raises(PtoRuntimeError, match="does not fit in ub \\(196608 bytes on a2a3\\)"):
        machine.tile_at(t, 192 * 1024 - 128, 8, 8)
    with pytest.raises(PtoRuntimeError, match="not 32-byte aligned"):
        machine.tile_at(t, 16, 8, 8)


def test_tensor_views_are_strided_windows_of_gm_with_bounds_checks():
    mem = Memory("gm:arg0", MemorySpace.GM, np.arange(64, dtype=np.float32).view(np.uint8).copy())
    view = TensorView(mem, 4 * 9, (2, 3), (8, 2), F32)
    assert np.array_equal(view.array(), np.array([[9, 11, 13], [17, 19, 21]], np.float32))
    view.array()[0, 0] = -1
    assert mem.data.view(np.float32)[9] == -1
    with pytest.raises(PtoRuntimeError, match="outside gm:arg0"):
        TensorView(mem, 0, (9, 8), (8, 1), F32).array()


def test_a_view_of_negative_extent_is_a_runtime_error():
    """A runtime shape operand can be negative (found by the fuzzer: numpy's ValueError)."""
    mem = Memory("gm:arg0", MemorySpace.GM, np.zeros(256, np.uint8))
    with pytest.raises(PtoRuntimeError, match=r"view of shape -64x8 has a negative extent"):
        TensorView(mem, 0, (-64, 8), (8, 1), F32)


@pytest.mark.parametrize(
    ("dtype", "pad", "expected"),
    [
        (F32, PadValue.ZERO, 0.0),
        (F32, PadValue.MAX, np.inf),
        (F32, PadValue.MIN, -np.inf),
        (F16, PadValue.MAX, np.inf),
        (I8, PadValue.MAX, 127),
        (I8, PadValue.MIN, -128),
    ],
)
def test_load_pads_outside_the_valid_region(dtype: DType, pad: PadValue, expected: float):
    window = np.arange(12).reshape(3, 4).astype(dtype.numpy)
    tile = np.full((4, 8), 5, dtype.numpy)
    transfer.load(transfer.Window(window, True), tile, (2, 3), dtype, pad, CPU_RULE)
    assert np.array_equal(tile[:2, :3], window[:2, :3])
    outside = np.ones((4, 8), bool)
    outside[:2, :3] = False
    assert np.all(tile[outside] == dtype.numpy.type(expected))


@pytest.mark.parametrize("arch", [TargetArch.A2A3, TargetArch.A5])
def test_npu_loads_pad_only_to_the_end_of_each_bursts_32_byte_block(arch: TargetArch):
    rule = PAD_RULES[arch]
    window = np.ones((8, 40), np.float16)  # 16 halves per 32-byte block
    tile = np.full((8, 48), 5, np.float16)
    transfer.load(transfer.Window(window, True), tile, (3, 20), F16, PadValue.ZERO, rule)
    assert np.all(tile[:3, :20] == 1)
    assert np.all(tile[:3, 20:32] == 0)  # tail of the second block
    assert np.all(tile[:3, 32:] == 5)  # whole blocks past it are untouched
    assert np.all(tile[3:, :] == 5)  # rows not transferred are untouched
    dn = np.full((48, 8), 5, np.float16)  # a DN tile bursts along columns
    transfer.load(transfer.Window(np.ones((40, 8), np.float16), False), dn, (20, 3), F16,
                  PadValue.MAX, rule)  # fmt: skip
    assert np.all(dn[20:32, :3] == np.inf) and np.all(dn[32:, :] == 5) and np.all(dn[:, 3:] == 5)
    boxed = np.full((16, 16), 5, np.float16)
    transfer.load(transfer.Window(np.ones((16, 16), np.float16), None), boxed, (3, 4), F16,
                  PadValue.ZERO, rule)  # fmt: skip
    assert np.all(boxed[:3, :4] == 1) and np.sum(boxed == 5) == 256 - 12


def test_null_pad_leaves_the_bytes_outside_the_valid_region():
    window = np.zeros((4, 8), np.float32)
    tile = np.full((4, 8), 3, np.float32)
    transfer.load(transfer.Window(window, True), tile, (1, 2), F32, PadValue.NULL, CPU_RULE)
    assert tile[0, 0] == 0 and tile[0, 2] == 3 and tile[1, 0] == 3


def test_store_writes_only_the_valid_region():
    window = np.full((4, 8), -1, np.int8)
    tile = np.arange(32, dtype=np.int8).reshape(4, 8)
    transfer.store(tile, transfer.Window(window, True), (2, 5), I8)
    assert np.array_equal(window[:2, :5], tile[:2, :5])
    assert np.all(window[2:, :] == -1) and np.all(window[:, 5:] == -1)


def test_a_window_smaller_than_the_valid_region_is_a_runtime_error():
    with pytest.raises(PtoRuntimeError, match="GM window 2x4 is smaller than the destination "
                       "tile's valid region 3x4"):  # fmt: skip
        window = transfer.Window(np.zeros((2, 4), np.float32), True)
        transfer.load(window, np.zeros((4, 4), np.float32), (3, 4), F32, PadValue.NULL, CPU_RULE)


def test_a_view_numpy_cannot_address_is_a_runtime_error() -> None:
    """A size-1 dimension's stride moves no element, but numpy still needs its byte stride
    in 64 bits (found by the fuzzer as numpy's ValueError)."""
    mem = Memory.zeros("gm", MemorySpace.GM, 256)
    with pytest.raises(PtoRuntimeError, match="cannot be addressed"):
        TensorView(mem, 0, (1, 8), (2**62, 1), F32)


def test_tload_of_a_window_larger_than_the_valid_region_verifies_and_loads_the_valid_region():
    """PTOAS's board-tested A5 TileLib kernels (tilelang_st tcmp, tpartadd, tsels) load a
    view larger than the valid region into a tile whose storage holds the view."""
    tile = "!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16, v_row=2, v_col=8>"
    text = f"""
    func.func @k(%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>) {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %sv = pto.make_tensor_view %src, shape = [%c4, %c16], strides = [%c16, %c1]
        : !pto.tensor_view<4x16xf32>
      %dv = pto.make_tensor_view %dst, shape = [%c2, %c8], strides = [%c8, %c1]
        : !pto.tensor_view<2x8xf32>
      %sp = pto.partition_view %sv, offsets = [%c0, %c0], sizes = [%c4, %c16]
        : !pto.tensor_view<4x16xf32> -> !pto.partition_tensor_view<4x16xf32>
      %dp = pto.partition_view %dv, offsets = [%c0, %c0], sizes = [%c2, %c8]
        : !pto.tensor_view<2x8xf32> -> !pto.partition_tensor_view<2x8xf32>
      %t = pto.alloc_tile : {tile}
      pto.tload ins(%sp : !pto.partition_tensor_view<4x16xf32>) outs(%t : {tile})
      pto.tstore ins(%t : {tile}) outs(%dp : !pto.partition_tensor_view<2x8xf32>)
      func.return
    }}"""
    src = np.arange(64, dtype=np.float32).reshape(4, 16)
    out = run(parse(text, target="a5"), src, np.zeros((2, 8), np.float32)).outputs[1]
    assert np.array_equal(out, src[:2, :8])
    too_big = text.replace("rows=4, cols=16", "rows=4, cols=8")
    message = r"tile 4x8 cannot hold the partition view 4x16: .*\(cols 16 > 8\)"
    with pytest.raises(PtoVerifyError, match=message):
        parse(too_big, target="a5")


def test_tstore_of_an_empty_valid_region_verifies_and_writes_nothing():
    """PTOAS #708: a tile of valid 0xN (a subview's empty tail) stores nothing."""
    tile = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=0, v_col=8>"
    text = f"""
    func.func @k(%dst: !pto.ptr<f32>) {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %c8 = arith.constant 8 : index
      %dv = pto.make_tensor_view %dst, shape = [%c5, %c8], strides = [%c8, %c1]
        : !pto.tensor_view<5x8xf32>
      %dp = pto.partition_view %dv, offsets = [%c0, %c0], sizes = [%c5, %c8]
        : !pto.tensor_view<5x8xf32> -> !pto.partition_tensor_view<5x8xf32>
      %t = pto.alloc_tile : {tile}
      pto.tstore ins(%t : {tile}) outs(%dp : !pto.partition_tensor_view<5x8xf32>)
      func.return
    }}"""
    dst = np.full((5, 8), 7, np.float32)
    assert np.all(run(parse(text, target="a5"), dst).outputs[0] == 7)
