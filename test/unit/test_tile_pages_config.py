"""The tile chapter's last pages (issue 25): `tget_scale_addr` against the byte arithmetic of
pto-isa's `GetScaleAddr` (address >> 4 in the operand's scale buffer); `tprefetch_async` runs
a kernel whose result is the plain copy it makes."""

from __future__ import annotations

import numpy as np
import pytest
import support
from support import parse_kernel
from xdsl.interpreter import Interpreter
from xdsl.interpreters.func import FuncFunctions

from interpreters.engine.errors import PtoRuntimeError
from interpreters.execute import run_function
from interpreters.machine.core import Machine
from interpreters.machine.memory import Tile
from interpreters.ops.sync import SyncFunctions
from interpreters.ops.tile_memory import TileMemoryFunctions
from interpreters.ops.tile_scale_addr import TileScaleAddrFunctions
from pto_dialect.targets import A5
from pto_dialect.types import MemorySpace, TileTypeBase

# ---- tget_scale_addr -----------------------------------------------------------------------
_A = "!pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=1, cols=512, blayout=col_major, slayout=row_major>"
_M = "!pto.tile_buf<loc=mat, dtype=ui64, rows=1, cols=16>"
_S = "!pto.tile_buf<loc=scaling, dtype=ui64, rows=1, cols=16>"
_A_ADDRESS = 4096


def _scale_kernel(body: str) -> tuple[list[Tile], Machine]:
    """Runs `body` on %a (1 x 512 in L0A at `_A_ADDRESS`), %m (mat) and %s (scaling, 1 x 16 =
    1 x ceil(512/32) ui64); %m holds 1..16."""
    text = f"""
builtin.module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%a: {_A}, %m: {_M}, %s: {_S}) {{
    {body}
    func.return
  }}
}}"""
    module = parse_kernel(text)
    machine = Machine(A5)
    a_type, m_type, s_type = support.arg_types(module, "k")
    tiles = [
        machine.tile_at(a_type, _A_ADDRESS, *a_type.shape),
        support.filled(machine, m_type, 0, m_type.shape),
        support.filled(machine, s_type, 0, s_type.shape),
    ]
    tiles[1].set(np.arange(1, 17, dtype=np.uint64).reshape(1, 16))
    interpreter = Interpreter(module)
    interpreter.register_implementations(FuncFunctions())
    for functions in (TileScaleAddrFunctions, TileMemoryFunctions, SyncFunctions):
        interpreter.register_implementations(functions(machine))
    interpreter.call_op("k", tuple(tiles))
    return tiles, machine


def _scale_bytes(machine: Machine, nbytes: int) -> np.ndarray:
    start = _A_ADDRESS >> 4  # pto-isa a5/utils.hpp GetScaleAddr: addr >> SHIFT_MX_ADDR (4)
    return machine.scale_memory(MemorySpace.L0A).data[start : start + nbytes]


def test_tget_scale_addr_binds_the_scale_tile_at_the_operand_address_over_16():
    """The scale tile reads and writes the L0A scale buffer's bytes 256..383 afterwards."""
    tiles, machine = _scale_kernel(f"pto.tget_scale_addr ins(%a : {_A}) outs(%s : {_S})")
    pattern = np.arange(128, dtype=np.uint8)
    _scale_bytes(machine, 128)[...] = pattern
    assert np.array_equal(tiles[2].get().view(np.uint8).ravel(), pattern)
    tiles[2].set(np.full((1, 16), 7, np.uint64))
    assert np.array_equal(_scale_bytes(machine, 128).view(np.uint64), np.full(16, 7, np.uint64))


def test_a_tmov_into_the_scale_tile_just_before_lands_at_the_scale_address():
    """PTOAS's A5 normalize-tmov moves the binding above that tmov: its values land where the
    matmul reads them. With another use of %s between, the binding stays where it is."""
    mov = f"pto.tmov ins(%m : {_M}) outs(%s : {_S})"
    bind = f"pto.tget_scale_addr ins(%a : {_A}) outs(%s : {_S})"
    _, machine = _scale_kernel(f"{mov}\n    {bind}")
    assert np.array_equal(_scale_bytes(machine, 128).view(np.uint64), np.arange(1, 17))
    between = f"pto.tsync ins(%s : {_S})"
    _, machine = _scale_kernel(f"{mov}\n    {between}\n    {bind}")
    assert not _scale_bytes(machine, 128).any()


def test_tget_scale_addr_ssa_form_and_a_scale_tile_past_the_buffer():
    """The page's Level 1 gives a tile at the scale address; a scale tile that would end past
    the 4 KiB scale buffer of A5's 64 KiB L0A is a run-time error."""
    machine = Machine(A5)
    functions = TileScaleAddrFunctions(machine)
    text = f"""
builtin.module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%a: {_A.replace("tile_buf", "tile")}) -> {_S.replace("tile_buf", "tile")} {{
    %s = pto.get_scale_addr %a : ({_A.replace("tile_buf", "tile")}) -> {_S.replace("tile_buf", "tile")}
    func.return %s : {_S.replace("tile_buf", "tile")}
  }}
}}"""
    module = parse_kernel(text)
    (a_type,) = support.arg_types(module, "k")
    interpreter = Interpreter(module)
    interpreter.register_implementations(FuncFunctions())
    interpreter.register_implementations(functions)
    (result,) = interpreter.call_op("k", (machine.tile_at(a_type, _A_ADDRESS, 1, 512),))
    assert isinstance(result, Tile) and isinstance(result.type, TileTypeBase)
    assert result.memory is machine.scale_memory(MemorySpace.L0A) and result.address == 256
    with pytest.raises(PtoRuntimeError, match="does not fit in the 4096-byte scale buffer"):
        interpreter.call_op("k", (machine.tile_at(a_type, 65536 - 1024, 1, 512),))


# ---- tprefetch_async -----------------------------------------------------------------------
_PREFETCH = """
module {
  func.func @k(%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>, %ws: !pto.ptr<i8>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %0 = pto.make_tensor_view %src, shape = [%c128], strides = [%c1] : !pto.tensor_view<128xf32>
    %1 = pto.make_tensor_view %dst, shape = [%c128], strides = [%c1] : !pto.tensor_view<128xf32>
    %2 = pto.partition_view %0, offsets = [%c0], sizes = [%c128] : !pto.tensor_view<128xf32>
    %3 = pto.partition_view %1, offsets = [%c0], sizes = [%c128] : !pto.tensor_view<128xf32>
    %ctx = pto.make_prefetch_async_context(%ws : !pto.ptr<i8>) -> !pto.prefetch_async_context
    %e = pto.tprefetch_async(%2, %ctx : !pto.partition_tensor_view<128xf32>, !pto.prefetch_async_context) -> !pto.async_event
    %s = pto.get_prefetch_async_session %ctx : !pto.prefetch_async_context -> !pto.async_session
    %done = pto.comm.wait_async_event(%e, %s : !pto.async_event, !pto.async_session) -> i1
    scf.if %done {
      %t = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>
      pto.tload ins(%2 : !pto.partition_tensor_view<128xf32>) outs(%t : !pto.tile_buf<vec, 1x128xf32>)
      pto.tstore ins(%t : !pto.tile_buf<vec, 1x128xf32>) outs(%3 : !pto.partition_tensor_view<128xf32>)
    }
    return
  }
}"""


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
def test_tprefetch_async_changes_no_byte_and_its_event_is_done(target: str):
    """PTOAS's TPrefetchAsync sample, its copy made only when the wait reports done: the
    destination is the source and the workspace is untouched."""
    module = parse_kernel(_PREFETCH, target)
    result = run_function(module, ["rand:128xf32:3", "zeros:128xf32", "zeros:256xi8"])
    src, dst, ws = result.outputs()
    assert src is not None and dst is not None and ws is not None
    assert np.array_equal(dst, src) and src.any() and not ws.any()
