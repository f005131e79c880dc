"""`pto.subview` on the interpreter: a view shares its source's elements (subview.md).

A kernel adds through two overlapping views (one of them nested in a third, one with
run-time offsets and valid sizes) and stores the source; the reference is the same
updates applied to numpy slices of the input, written from the page's formula
`view[i, j] = src[r + i, c + j]` over the view's valid region.
"""

from __future__ import annotations

import numpy as np
import pytest
from support import context
from xdsl.dialects import arith

from interpreters.auto_sync import complete, sync_ops
from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.source import parse_module
from interpreters.launching.args import ArrayArg, ScalarArg
from interpreters.launching.execute import KernelError, run_function
from interpreters.machine.core import Machine
from interpreters.machine.pipes import UntrackedPipes
from interpreters.ops.tile_view import SubTile
from pto_dialect.attrs import BLayout, Location, SLayout
from pto_dialect.dtypes import F16, mlir_type
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.targets import CPU
from pto_dialect.tile_types import TileBufType

CONTEXT = context(arith.Arith)
FULL = "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32>"


def kernel(target: str) -> str:
    view = "!pto.partition_tensor_view<16x32xf32>"
    a = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=?, v_col=?>"
    outer = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=24>"
    b = "!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16>"
    return f"""
builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @kernel(%g: !pto.ptr<f32>, %r: index, %c: index, %vr: index, %vc: index) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %rows = arith.constant 16 : index
    %cols = arith.constant 32 : index
    %w = pto.make_tensor_view %g, shape = [%rows, %cols], strides = [%cols, %c1]
      : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%rows, %cols]
      : !pto.tensor_view<?x?xf32> -> {view}
    %t = pto.alloc_tile : {FULL}
    pto.tload ins(%p : {view}) outs(%t : {FULL})
    pto.barrier #pto.pipe<PIPE_ALL>
    %a = pto.subview %t[%r, %c] sizes [8, 16] valid [%vr, %vc] : {FULL} -> {a}
    %one = arith.constant 1.5 : f32
    pto.tadds ins(%a, %one : {a}, f32) outs(%a : {a})
    %o = pto.subview %t[%c8, %c8] sizes [8, 24] : {FULL} -> {outer}
    %b = pto.subview %o[%c2, %c0] sizes [4, 16] : {outer} -> {b}
    %ten = arith.constant 10.0 : f32
    pto.tmuls ins(%b, %ten : {b}, f32) outs(%b : {b})
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.tstore ins(%t : {FULL}) outs(%p : {view})
    func.return
  }}
}}
"""


def run(target: str, data: np.ndarray, r: int, c: int, vr: int, vc: int) -> np.ndarray:
    module = parse_module(CONTEXT, kernel(target), "kernel.mlir")
    module.verify()
    args = [ArrayArg(data.copy()), *(ScalarArg(n, "index") for n in (r, c, vr, vc))]
    out = run_function(module, args, pipes=UntrackedPipes()).outputs()[0]
    assert out is not None
    return out


@pytest.mark.parametrize("target", ["cpu", "a2a3", "a5"])
# (12, 0, 4, 16): the 8-row window reaches past the source's 16 rows, its valid 4 do not
@pytest.mark.parametrize(
    ("r", "c", "vr", "vc"), [(0, 0, 8, 16), (5, 12, 3, 9), (8, 16, 8, 0), (12, 0, 4, 16)]
)
def test_views_alias_their_source(target: str, r: int, c: int, vr: int, vc: int) -> None:
    rng = np.random.default_rng(r * 31 + c)
    data = rng.standard_normal((16, 32)).astype(np.float32)
    want = data.copy()
    for i in range(vr):
        for j in range(vc):
            want[r + i, c + j] = np.float32(want[r + i, c + j] + np.float32(1.5))
    for i in range(4):
        for j in range(16):
            want[10 + i, 8 + j] = np.float32(want[10 + i, 8 + j] * np.float32(10.0))
    got = run(target, data, r, c, vr, vc)
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))


def test_window_beyond_the_source_is_an_error() -> None:
    data = np.zeros((16, 32), np.float32)
    with pytest.raises((PtoRuntimeError, KernelError), match="exceeds the source's 16x32"):
        run("cpu", data, 9, 0, 8, 16)


def test_boxed_view_reads_and_writes_through_the_box_layout() -> None:
    """A boxed (nZ) source: the view's elements are the source's logical ones."""
    layout = {"blayout": BLayout.COL_MAJOR, "slayout": SLayout.ROW_MAJOR}
    ptype = TileBufType(Location.MAT, mlir_type(F16), 32, 32, **layout)  # type: ignore[arg-type]
    vtype = TileBufType(Location.MAT, mlir_type(F16), 16, 16, **layout)  # type: ignore[arg-type]
    parent = Machine(CPU).tile_at(ptype, None, 32, 32)
    values = np.arange(32 * 32, dtype=np.float16).reshape(32, 32)
    parent.set(values)
    view = SubTile(parent.memory, parent.address, vtype, 16, 16, parent=parent, at=(16, 0))
    assert np.array_equal(view.get(), values[16:32, 0:16])
    view.set(np.full((16, 16), 7, np.float16))
    want = values.copy()
    want[16:32, 0:16] = 7
    assert np.array_equal(parent.get(), want)


def reshape_kernel(op: str = "treshape") -> str:
    src = "!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=16>"
    dst = "!pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8>"
    view = "!pto.partition_tensor_view<4x16xf32>"
    return f"""
builtin.module {{
  func.func @kernel(%g: !pto.ptr<f32>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = arith.constant 4 : index
    %cols = arith.constant 16 : index
    %w = pto.make_tensor_view %g, shape = [%rows, %cols], strides = [%cols, %c1]
      : !pto.tensor_view<?x?xf32>
    %p = pto.partition_view %w, offsets = [%c0, %c0], sizes = [%rows, %cols]
      : !pto.tensor_view<?x?xf32> -> {view}
    %t = pto.alloc_tile : {src}
    pto.tload ins(%p : {view}) outs(%t : {src})
    pto.barrier #pto.pipe<PIPE_ALL>
    %r = pto.{op} %t : {src} -> {dst}
    %one = arith.constant 1 : i32
    pto.tadds ins(%r, %one : {dst}, i32) outs(%r : {dst})
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.tstore ins(%t : {src}) outs(%p : {view})
    func.return
  }}
}}
"""


@pytest.mark.parametrize("op", ["treshape", "talias"])
def test_treshape_reinterprets_the_same_bytes(op: str) -> None:
    """Adding 1 to the i32 reshape (or alias, talias.md: the same payload) of an f32 tile steps
    each float's bit pattern by one."""
    module = parse_module(CONTEXT, reshape_kernel(op), "kernel.mlir")
    module.verify()
    data = np.random.default_rng(5).standard_normal((4, 16)).astype(np.float32)
    out = run_function(module, [ArrayArg(data.copy())], pipes=UntrackedPipes()).outputs()[0]
    assert out is not None
    want = [int.from_bytes(x.tobytes(), "little", signed=True) + 1 for x in data.reshape(-1)]
    assert out.reshape(-1).view(np.int32).tolist() == want


def test_an_alias_is_planned_and_synchronised_as_its_source() -> None:
    """Without barriers, `--auto-sync` orders the tadds on the alias after the tload into its
    source and the tstore of the source after the tadds: no hazard, the same bytes."""
    text = reshape_kernel("talias").replace("    pto.barrier #pto.pipe<PIPE_ALL>\n", "")
    module = parse_module(CONTEXT, text, "kernel.mlir")
    module.verify()
    complete(CONTEXT, module)
    assert sync_ops(module)
    data = np.random.default_rng(6).standard_normal((4, 16)).astype(np.float32)
    result = run_function(module, [ArrayArg(data.copy())])
    assert [h.message for h in result.hazards] == []
    out = result.outputs()[0]
    assert out is not None
    want = [int.from_bytes(x.tobytes(), "little", signed=True) + 1 for x in data.reshape(-1)]
    assert out.reshape(-1).view(np.int32).tolist() == want


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_planned_and_synchronised_views(target: str) -> None:
    """pto-plan-memory keeps a buffer live while its views are used, and pto-insert-sync
    orders ops on a view after those on its source: the kernel without barriers, completed
    by `--auto-sync`, gives the reference's bytes."""
    text = kernel(target).replace("    pto.barrier #pto.pipe<PIPE_ALL>\n", "")
    module = parse_module(CONTEXT, text, "kernel.mlir")
    module.verify()
    done = complete(CONTEXT, module)
    assert sync_ops(module), done
    assert any(isinstance(op, AllocTileOp) and op.address is not None for op in module.walk())
    data = np.random.default_rng(11).standard_normal((16, 32)).astype(np.float32)
    want = run(target, data, 5, 12, 3, 9)
    args = [ArrayArg(data.copy()), *(ScalarArg(n, "index") for n in (5, 12, 3, 9))]
    got = run_function(module, args).outputs()[0]
    assert got is not None and np.array_equal(got.view(np.uint32), want.view(np.uint32))
