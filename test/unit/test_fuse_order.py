"""pto-fuse on buffers that share bytes: the fused row-by-row order must touch UB as the
op-by-op order does (`passes/fuse/order.py`); checked on the rules' own cases and by
translation validation of kernels whose buffers overlap shifted by a row."""

from __future__ import annotations

import numpy as np
import pytest
from support import context, parse_kernel
from xdsl.dialects import arith, scf

from interpreters.launching.execute import run_function
from passes.fuse.members import Place
from passes.fuse.order import Touch, held_ok, in_order, unstored_ok
from passes.pipeline import PipelinePass
from pto_dialect.dtypes import dtype_named

F32 = dtype_named("f32")
X, Z = Place(0, F32, 8), Place(32, F32, 16)


def row(member: int, place: Place, writes: bool, stored: bool = True) -> Touch:
    """Rows of 8 f32 (32 bytes) at `place`'s address, its stride apart."""
    return Touch(member, place, place.address, place.stride * 4, 32, writes, stored)


def test_a_later_write_may_land_on_rows_already_read_not_on_rows_still_to_read():
    """Member 0 reads X's rows; member 1 writes Z, whose row r shares bytes with X's row
    r + 1 (Z's rows are twice as far apart: row r with X's 2r + 1). In blocks of B rows,
    Z's row r is written before X's row 2r + 1 is read whenever they are in different
    blocks: refused unless one block holds every row. Read after the write, or written
    first and read later, the same bytes are fine."""
    read, write = row(0, X, False), row(1, Z, True)
    assert not in_order([read, write], 16, 8)
    assert in_order([read, write], 16, 16)
    shifted_back = Touch(1, Z, 0, 32, 32, True)  # row r over X's row r: same block, read first
    assert in_order([read, shifted_back], 16, 4)
    assert in_order([row(0, Z, True), row(1, X, False)], 16, 1)  # written, then read later
    assert not in_order([Touch(0, Z, 0, 32, 32, True), Touch(1, X, 32, 32, 32, False)], 16, 1)
    assert in_order([row(0, X, False), Touch(1, X, 0, 32, 32, True)], 16, 1)  # one place
    # only X's row 5 (read first) and Z's row 3 (written later) share bytes: in one block of
    # 8 rows the fused code reads row 5 first; in blocks of 4 (the halves) it writes row 3
    # first (block 0) and reads row 5 in block 1
    far = [Touch(0, Place(4096, F32, 8), 4096, 32, 32, False),
           Touch(1, Place(1184, F32, 256), 1184, 1024, 32, True)]  # fmt: skip
    assert in_order(far, 8, 8)
    assert not in_order(far, 8, 4)


def test_a_result_kept_in_registers_must_not_hide_bytes_read_or_used_later():
    """An unstored result's bytes: a later UB read through another place would read them
    op by op; a place used after the group needs them written again by a later stored
    write of contiguous rows. A register read must not skip a write between."""
    hidden = row(0, X, True, stored=False)
    later_read = Touch(1, Place(0, F32, 64), 0, 256, 32, False)
    assert not unstored_ok(hidden, [hidden, later_read], 4, lambda _: False)
    earlier_read = Touch(0, Place(0, F32, 64), 0, 256, 32, False)
    assert unstored_ok(hidden, [hidden, earlier_read], 4, lambda _: False)
    assert not unstored_ok(hidden, [hidden, earlier_read], 4, lambda _: True)
    covering = Touch(2, Place(0, F32, 64), 0, 256, 256, True)  # whole rows, back to back
    assert unstored_ok(hidden, [hidden, earlier_read, covering], 4, lambda _: True)
    taken = Touch(3, X, 0, 32, 32, False)
    assert held_ok(taken, 1, [row(0, Z, True)], 4)
    assert not held_ok(taken, 1, [Touch(2, Z, 0, 32, 32, True)], 4)


KERNEL = """!t = !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64>
!pv = !pto.partition_tensor_view<16x64xf32>
!tv = !pto.tensor_view<?x?xf32>
builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k(%a: !pto.ptr<f32>, %o: !pto.ptr<f32>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c16 = arith.constant 16 : index
    %va = pto.make_tensor_view %a, shape = [%c16, %c64], strides = [%c64, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c64] : !tv -> !pv
    %vo = pto.make_tensor_view %o, shape = [%c16, %c64], strides = [%c64, %c1] : !tv
    %po = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c16, %c64] : !tv -> !pv
    %ax = arith.constant 8192 : i64
    %ay = arith.constant 16384 : i64
    %az = arith.constant {z} : i64
    %x = pto.alloc_tile addr = %ax : !t
    %y = pto.alloc_tile addr = %ay : !t
    %z = pto.alloc_tile addr = %az : !t
    pto.tload ins(%pa : !pv) outs(%x : !t)
    pto.tabs ins(%x : !t) outs(%y : !t)
    pto.tneg ins(%y : !t) outs(%z : !t)
    pto.tstore ins(%z : !t) outs(%po : !pv)
    func.return
  }}
}}
"""


@pytest.mark.parametrize("target", ["a2a3", "a5"])
@pytest.mark.parametrize(("shift", "fused"), [(-256, True), (256, False)])
def test_overlapping_buffers_fuse_only_in_an_order_that_keeps_the_bytes(
    target: str, shift: int, fused: bool
):
    """`tabs x -> y; tneg y -> z` over 16 rows of a register (64 f32; 8 rows a block), z a
    row before x (z's row r is x's row r - 1, read already) or after it (x's row r + 1,
    still to read in the next block): fused in the first case only, the bytes of the
    tile-level run in both."""
    text = KERNEL.format(target=target, z=8192 + shift)
    args = ["rand:16x64xf32:3", "zeros:16x64xf32"]
    want = run_function(parse_kernel(text), args).outputs()[1]
    module = parse_kernel(text)
    PipelinePass(target=target).apply(context(arith.Arith, scf.Scf), module)
    module.verify()
    got = run_function(module, args)
    assert got.hazards == []
    out = got.outputs()[1]
    assert want is not None and out is not None
    assert np.array_equal(out.view(np.uint8), want.view(np.uint8))
    assert ("pto.fused" in str(module)) is fused
