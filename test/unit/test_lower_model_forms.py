"""`pto-pipeline` on forms of PyPTO's model kernels: tiles whose address only the run time
knows (`pto.subview` at run-time offsets, a row of a tile picked by a loop index as the rope
and cache-write kernels slice; tiles popped from a cross-core pipe, in the slot the pop
takes) in vector code and DMA, one-element bursts over a strided GM view, and a full operand
that shares bytes with dst behind the stores. Each kernel is checked by translation
validation (`lowers_to_the_same_bytes`)."""

from __future__ import annotations

import pytest
from support import lowers_to_the_same_bytes

from interpreters.api import PtoPassError, apply_pipeline, parse

FULL = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=64>"
PART = "!pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=32, v_row=2, v_col=32>"


def test_views_at_run_time_offsets_are_reached_by_pointers_from_the_offsets() -> None:
    """Rows i, i+1 and columns 4i .. 4i+31 of `a` (both offsets from the loop index) plus
    one go to rows i, i+1 of `d` (a view at a run-time row), which is stored from there."""
    text = f"""
!v = !pto.tensor_view<?x?xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 4096 : i64
  %vx = pto.make_tensor_view %x, shape = [%c8, %c64], strides = [%c64, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c8, %c64]
    : !v -> !pto.partition_tensor_view<8x64xf32>
  %vy = pto.make_tensor_view %y, shape = [%c8, %c32], strides = [%c32, %c1] : !v
  %a = pto.alloc_tile addr = %a0 : {FULL}
  pto.tload ins(%px : !pto.partition_tensor_view<8x64xf32>) outs(%a : {FULL})
  %d = pto.alloc_tile addr = %a1 : {FULL}
  scf.for %i = %c0 to %c8 step %c2 {{
    %j = arith.muli %i, %c4 : index
    %s = pto.subview %a[%i, %j] sizes [2, 32] : {FULL} -> {PART}
    %t = pto.subview %d[%i, %c0] sizes [2, 32] : {FULL} -> {PART}
    pto.tadds ins(%s, %one : {PART}, f32) outs(%t : {PART})
    %py = pto.partition_view %vy, offsets = [%i, %c0], sizes = [%c2, %c32]
      : !v -> !pto.partition_tensor_view<2x32xf32>
    pto.tstore ins(%t : {PART}) outs(%py : !pto.partition_tensor_view<2x32xf32>)
  }}
  func.return
}}"""
    text = str(lowers_to_the_same_bytes(text, "a2a3"))
    assert "pto.tadds" not in text and "pto.tstore" not in text


def row_kernel(dst_address: int, cols: int = 64) -> str:
    """`texp` of row i of a 4 x 64 tile at address 0 into a one-row tile at `dst_address`,
    stored to row i of the output, for i = 0 .. 3."""
    full = "!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64>"
    row = f"!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols={cols}, v_row=1, v_col={cols}>"
    out = f"!pto.partition_tensor_view<1x{cols}xf32>"
    return f"""
!v = !pto.tensor_view<?x?xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %w = arith.constant {cols} : index
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant {dst_address} : i64
  %vx = pto.make_tensor_view %x, shape = [%c4, %c64], strides = [%c64, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c4, %c64]
    : !v -> !pto.partition_tensor_view<4x64xf32>
  %vy = pto.make_tensor_view %y, shape = [%c4, %w], strides = [%w, %c1] : !v
  %a = pto.alloc_tile addr = %a0 : {full}
  pto.tload ins(%px : !pto.partition_tensor_view<4x64xf32>) outs(%a : {full})
  scf.for %i = %c0 to %c4 step %c1 {{
    %s = pto.subview %a[%i, %c0] sizes [1, {cols}] : {full} -> {row}
    %d = pto.alloc_tile addr = %a1 : {row}
    pto.texp ins(%s : {row}) outs(%d : {row})
    %py = pto.partition_view %vy, offsets = [%i, %c0], sizes = [%c1, %w] : !v -> {out}
    pto.tstore ins(%d : {row}) outs(%py : {out})
  }}
  func.return
}}"""


def test_a_row_at_a_run_time_offset_is_on_dst_or_apart_from_it() -> None:
    """dst is row 0 of the source (as PyPTO's softmax_pool writes a slot's exp where the
    pool starts): row i is dst itself (i = 0) or bytes apart from it, never across it."""
    text = str(lowers_to_the_same_bytes(row_kernel(0)))
    assert "pto.texp" not in text


def test_a_row_at_a_run_time_offset_across_dst_is_a_diagnostic() -> None:
    """dst at byte 128 is crossed by row 0 (bytes 0 .. 255) at another position."""
    module = parse(row_kernel(128), target="a5")
    with pytest.raises(PtoPassError, match=r"texp: src %s \(bytes \[0, 1024\)\) overlaps dst"):
        apply_pipeline(module, "pto-pipeline")


ACC = "!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>"  # noqa: E501
MAT = "!pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>"  # noqa: E501
LEFT = MAT.replace("loc=mat", "loc=left")
RIGHT = "!pto.tile_buf<loc=right, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>"  # noqa: E501
HALF = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16>"
QUARTER = "!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16, v_row=4, v_col=16>"


def test_tiles_popped_from_a_pipe_are_reached_at_their_slot() -> None:
    """The cube core pushes a @ b; each vector core pops its 8 rows, adds 1 to them into
    rows 8s of c, and stores rows 4s .. 4s+3 of the popped tile (a view at a run-time
    offset of it) straight from the slot to rows 4s of e."""
    view = """
    %{n}v = pto.make_tensor_view %{n}, shape = [%c16, %c16], strides = [%c16, %c1] : !v
    %{n}p = pto.partition_view %{n}v, offsets = [%{at}, %c0], sizes = [%c{rows}, %c16]
      : !v -> !pto.partition_tensor_view<{rows}x16xf32>"""
    init = "pto.{side}_initialize_pipe {{id = 0, dir_mask = 1, slot_size = 1024}}(c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)"  # noqa: E501
    head = """
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %z = arith.constant 0 : i32"""
    args = "%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>, %e: !pto.ptr<f32>"
    text = f"""
!v = !pto.tensor_view<?x?xf32>
module {{
  func.func @cube({args}) attributes {{pto.kernel_kind = #pto.kernel_kind<cube>}} {{
    {head}
    {init.format(side="aic")}
    {view.format(n="a", at="c0", rows=16)}
    {view.format(n="b", at="c0", rows=16)}
    %ma = pto.alloc_tile : {MAT}
    %mb = pto.alloc_tile : {MAT}
    %l = pto.alloc_tile : {LEFT}
    %r = pto.alloc_tile : {RIGHT}
    %acc = pto.alloc_tile : {ACC}
    pto.tload ins(%ap : !pto.partition_tensor_view<16x16xf32>) outs(%ma : {MAT})
    pto.tload ins(%bp : !pto.partition_tensor_view<16x16xf32>) outs(%mb : {MAT})
    pto.tmov ins(%ma : {MAT}) outs(%l : {LEFT})
    pto.tmov ins(%mb : {MAT}) outs(%r : {RIGHT})
    pto.tmatmul ins(%l, %r : {LEFT}, {RIGHT}) outs(%acc : {ACC})
    pto.tpush_to_aiv(%acc : {ACC}) {{id = 0, split = 1}}
    return
  }}
  func.func @vector({args}) attributes {{pto.kernel_kind = #pto.kernel_kind<vector>}} {{
    {head}
    %one = arith.constant 1.0 : f32
    %sb = pto.get_subblock_idx
    %s = arith.index_cast %sb : i64 to index
    %row = arith.muli %s, %c8 : index
    %quarter = arith.muli %s, %c4 : index
    {init.format(side="aiv")}
    %t = pto.tpop_from_aic {{id = 0, split = 1}} -> {HALF}
    %d = pto.alloc_tile : {HALF}
    pto.tadds ins(%t, %one : {HALF}, f32) outs(%d : {HALF})
    %q = pto.subview %t[%quarter, %c0] sizes [4, 16] : {HALF} -> {QUARTER}
    {view.format(n="e", at="quarter", rows=4)}
    pto.tstore ins(%q : {QUARTER}) outs(%ep : !pto.partition_tensor_view<4x16xf32>)
    pto.tfree_from_aic {{id = 0, split = 1}}
    {view.format(n="c", at="row", rows=8)}
    pto.tstore ins(%d : {HALF}) outs(%cp : !pto.partition_tensor_view<8x16xf32>)
    return
  }}
}}"""
    lowered = str(lowers_to_the_same_bytes(text))
    vector = lowered[lowered.index("@vector") :]
    assert "pto.tadds" not in vector and "pto.tstore" not in vector
    assert "pto.tile_buf_addr %t" in vector


def test_a_view_of_a_column_major_tile_is_stored_from_its_column() -> None:
    """Rows i .. i+7 of a 32 x 1 col-major tile (PyPTO's per-row maxima), i from the loop:
    one burst of 8 elements from element i of the column."""
    column = (
        "!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=1, v_row=32, v_col=1, blayout=col_major>"
    )
    part = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=8, v_col=1, blayout=col_major>"
    text = f"""
!v = !pto.tensor_view<?x?xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %vx = pto.make_tensor_view %x, shape = [%c32, %c1], strides = [%c1, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c32, %c1]
    : !v -> !pto.partition_tensor_view<32x1xf32>
  %vy = pto.make_tensor_view %y, shape = [%c32, %c1], strides = [%c1, %c1] : !v
  %a = pto.alloc_tile : {column}
  pto.tload ins(%px : !pto.partition_tensor_view<32x1xf32>) outs(%a : {column})
  scf.for %i = %c0 to %c32 step %c8 {{
    %s = pto.subview %a[%i, %c0] sizes [8, 1] : {column} -> {part}
    %py = pto.partition_view %vy, offsets = [%i, %c0], sizes = [%c8, %c1]
      : !v -> !pto.partition_tensor_view<8x1xf32>
    pto.tstore ins(%s : {part}) outs(%py : !pto.partition_tensor_view<8x1xf32>)
  }}
  func.return
}}"""
    assert "pto.tstore" not in str(lowers_to_the_same_bytes(text))


def test_one_element_bursts_take_any_innermost_stride():
    """PyPTO's ffn_norm stores a one-column tile to a DN view (strides [1, 16]): each row is
    a burst of one element, so the innermost stride is never stepped along; the rows are
    1 element apart in GM and a tile row (32 bytes) apart in UB."""
    tile = "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1>"
    part = "!pto.partition_tensor_view<16x1xf32>"
    text = f"""
!v = !pto.tensor_view<?x?xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %vx = pto.make_tensor_view %x, shape = [%c16, %c1], strides = [%c1, %c16] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c16, %c1] : !v -> {part}
  %vy = pto.make_tensor_view %y, shape = [%c16, %c1], strides = [%c1, %c16] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c16, %c1] : !v -> {part}
  %t = pto.alloc_tile : {tile}
  pto.tload ins(%px : {part}) outs(%t : {tile})
  %d = pto.alloc_tile : {tile}
  pto.tmuls ins(%t, %two : {tile}, f32) outs(%d : {tile})
  pto.tstore ins(%d : {tile}) outs(%py : {part})
  func.return
}}"""
    lowered = str(lowers_to_the_same_bytes(text))
    assert "pto.tload" not in lowered and "pto.tstore" not in lowered


def test_a_full_operand_the_stores_trail_shares_bytes_with_dst() -> None:
    """`trowexpandmul` of columns 64 .. 127 of an 8 x 128 tile into an 8 x 64 tile where the
    source tile starts (PyPTO's rope chunk): row i is stored over bytes that rows i/2 and
    above of the source held, each read before (the loads run ahead of the stores)."""
    full = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128, v_row=8, v_col=128>"
    half = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=64>"
    column = (
        "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=8, v_col=1, blayout=col_major>"
    )
    text = f"""
!v = !pto.tensor_view<?x?xf32>
func.func @k(%x: !pto.ptr<f32>, %c: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 8192 : i64
  %vx = pto.make_tensor_view %x, shape = [%c8, %c128], strides = [%c128, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c8, %c128]
    : !v -> !pto.partition_tensor_view<8x128xf32>
  %vc = pto.make_tensor_view %c, shape = [%c8, %c1], strides = [%c1, %c1] : !v
  %pc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c8, %c1]
    : !v -> !pto.partition_tensor_view<8x1xf32>
  %vy = pto.make_tensor_view %y, shape = [%c8, %c64], strides = [%c64, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c8, %c64]
    : !v -> !pto.partition_tensor_view<8x64xf32>
  %t = pto.alloc_tile addr = %a0 : {full}
  pto.tload ins(%px : !pto.partition_tensor_view<8x128xf32>) outs(%t : {full})
  %s = pto.alloc_tile addr = %a1 : {column}
  pto.tload ins(%pc : !pto.partition_tensor_view<8x1xf32>) outs(%s : {column})
  %r = pto.subview %t[%c0, %c64] sizes [8, 64] : {full} -> {half}
  %d = pto.alloc_tile addr = %a0 : {half}
  pto.trowexpandmul ins(%r, %s : {half}, {column}) outs(%d : {half})
  pto.tstore ins(%d : {half}) outs(%py : !pto.partition_tensor_view<8x64xf32>)
  func.return
}}"""
    assert "pto.trowexpandmul" not in str(lowers_to_the_same_bytes(text, "a2a3"))
