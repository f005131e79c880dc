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
from interpreters.launching.execute import run_function
from interpreters.machine.core import Machine
from interpreters.machine.memory import Tile
from interpreters.ops.sync import SyncFunctions
from interpreters.ops.tile_img2col import TileImg2colFunctions
from interpreters.ops.tile_memory import TileMemoryFunctions
from interpreters.ops.tile_scale_addr import TileScaleAddrFunctions
from pto_dialect.attrs import TargetArch
from pto_dialect.memory_types import MemorySpace
from pto_dialect.targets import A5, PROFILES
from pto_dialect.tile_types import TileTypeBase

# ---- tget_scale_addr -----------------------------------------------------------------------
_A = (
    "!pto.tile_buf<loc=left, dtype=f8E4M3FN, rows=1, cols=512, blayout=col_major, "
    "slayout=row_major>"
)
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
!a = {_A.replace("tile_buf", "tile")}
!s = {_S.replace("tile_buf", "tile")}
builtin.module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%a: !a) -> !s {{
    %s = pto.get_scale_addr %a : (!a) -> !s
    func.return %s : !s
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
!pv = !pto.partition_tensor_view<128xf32>
!ctx = !pto.prefetch_async_context
!t = !pto.tile_buf<vec, 1x128xf32>
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
    %e = pto.tprefetch_async(%2, %ctx : !pv, !ctx) -> !pto.async_event
    %s = pto.get_prefetch_async_session %ctx : !ctx -> !pto.async_session
    %done = pto.comm.wait_async_event(%e, %s : !pto.async_event, !pto.async_session) -> i1
    scf.if %done {
      %t = pto.alloc_tile : !t
      pto.tload ins(%2 : !pv) outs(%t : !t)
      pto.tstore ins(%t : !t) outs(%3 : !pv)
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


# ---- timg2col and the FMATRIX registers ----------------------------------------------------
def _im2col_reference(
    fmap: np.ndarray, h: int, w: int, c1: int, pads: tuple[int, int, int, int], pad: float,
    filt: tuple[int, int], stride: tuple[int, int], dil: tuple[int, int],
) -> np.ndarray:  # fmt: skip
    """The textbook patch matrix of an NC1HWC0 map: M = (n, oh, ow), K = (c1, kh, kw, c0)."""
    c0 = 32 // fmap.itemsize
    x = fmap.reshape(-1, c1, h, w, c0)
    left, right, top, bottom = pads
    x = np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right), (0, 0)), constant_values=pad)
    (kh, kw), (sh, sw), (dh, dw) = filt, stride, dil
    out_h = (x.shape[2] - dh * (kh - 1) - 1) // sh + 1
    out_w = (x.shape[3] - dw * (kw - 1) - 1) // sw + 1
    taps = np.empty((x.shape[0], out_h, out_w, c1, kh, kw, c0), x.dtype)
    for i in range(kh):
        for j in range(kw):
            rows = slice(i * dh, i * dh + sh * (out_h - 1) + 1, sh)
            cols = slice(j * dw, j * dw + sw * (out_w - 1) + 1, sw)
            taps[:, :, :, :, i, j, :] = x[:, :, rows, cols, :].transpose(0, 2, 3, 1, 4)
    return taps.reshape(x.shape[0] * out_h * out_w, c1 * kh * kw * c0)


def _img2col_run(target: str, body: str, src: np.ndarray, dst_type: str, sentinel: float):
    rows, cols = src.shape
    mat = f"!pto.tile_buf<loc=mat, dtype={_DT[src.dtype.name]}, rows={rows}, cols={cols}>"
    text = f"""
!mat = {mat}
!left = {dst_type}
builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k(%f: !mat, %d: !left) {{
    {body}
    func.return
  }}
}}"""
    module = parse_kernel(text)
    machine = Machine(PROFILES[TargetArch(target)])
    f_type, d_type = support.arg_types(module, "k")
    tiles = [support.filled(machine, f_type, 0, f_type.shape),
             support.filled(machine, d_type, sentinel, d_type.valid_shape)]  # fmt: skip
    tiles[0].set(src)
    interpreter = Interpreter(module)
    interpreter.register_implementations(FuncFunctions())
    interpreter.register_implementations(TileImg2colFunctions(machine))
    interpreter.call_op("k", tuple(tiles))
    return tiles[1].get()


_DT = {"float16": "f16", "int8": "i8", "float32": "f32"}
_SET = "pto.setfmatrix ins(%f : !mat) outs()"
_PAD = "pto.set_img2col_padding ins(%f : !mat) outs()"
_IMG = "pto.timg2col ins(%f : !mat) outs(%d : !left)"


def _left(dtype: str, rows: int, cols: int, extra: str) -> str:
    shape = f"dtype={dtype}, rows={rows}, cols={cols}"
    return f"!pto.tile_buf<loc=left, {shape}, {extra}, slayout=row_major>"


def test_timg2col_is_the_patch_matrix_of_the_padded_feature_map():
    """A5, f16 (C0 = 16): a 4x6 map of 2 x 16 channels, 3x3 filter, padding 1 (-1.0 from the
    padding register), rows 8.. and columns 32.. of the patch matrix; the CPU simulator writes
    the 40 valid columns, A5 whole C0 blocks (48)."""
    rng = np.random.default_rng(5)
    fmap = rng.standard_normal(2 * 4 * 6 * 16).astype(np.float16)
    want = _im2col_reference(fmap, 4, 6, 2, (1, 1, 1, 1), -1.0, (3, 3), (1, 1), (1, 1))
    body = "\n".join([
        f"{_SET} {{fmap_h = 4, fmap_w = 6, pad_list = array<i64: 1, 1, 1, 1>}}",
        f"{_PAD} {{pad_value = -1.0 : f16}}",
        f"{_IMG} {{filter_h = 3, filter_w = 3, channel_size = 32, pos_m = 8, pos_k = 32}}",
    ])  # fmt: skip
    left = _left("f16", 16, 48, "v_row=16, v_col=40, blayout=col_major")
    for target, written in (("a5", 48), ("cpu", 40)):
        got = _img2col_run(target, body, fmap.reshape(-1, 16), left, 7.0)
        assert np.array_equal(got[:, :written], want[8:24, 32 : 32 + written]), target
        assert np.all(got[:, written:] == 7.0), target


def test_timg2col_a2a3_strides_dilations_register_set_b_and_rows_past_the_map():
    """A2/A3, i8 (C0 = 32), zZ dst: stride 2, dilation 2, 2x2 filter on a 5x5 map of two
    batches, register set B; rows past the last output pixel are the pad value (cpu/TImg2col)."""
    rng = np.random.default_rng(6)
    fmap = rng.integers(-128, 128, 2 * 1 * 5 * 5 * 32, dtype=np.int8)
    want = _im2col_reference(fmap, 5, 5, 1, (0, 1, 0, 1), 9, (2, 2), (2, 2), (2, 2))
    body = "\n".join([
        f"{_SET} {{fmap_h = 5, fmap_w = 5, pad_list = array<i64: 0, 1, 0, 1>, fmatrix_b}}",
        f"{_PAD} {{pad_value = 9 : i8, fmatrix_b}}",
        f"{_IMG} {{filter_h = 2, filter_w = 2, stride_h = 2, stride_w = 2, dilation_h = 2, "
        "dilation_w = 2, channel_size = 32, pos_m = 6, fmatrix_b}",
    ])  # fmt: skip
    left = _left("i8", 16, 128, "blayout=row_major")
    got = _img2col_run("a2a3", body, fmap.reshape(-1, 32), left, 0)
    assert want.shape == (8, 128)  # two batches of 2x2 outputs; K = 2 * 2 * 32
    assert np.array_equal(got[:2], want[6:8]) and np.all(got[2:] == 9)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ("", "reads FMATRIX A, which no pto.setfmatrix set on this core"),
        (f"{_SET} {{fmap_h = 2, fmap_w = 2, fmatrix_b}}",
         "reads FMATRIX A, which no pto.setfmatrix set"),
        (f"{_SET} {{fmap_h = 2, fmap_w = 2, pad_list = array<i64: 1, 0, 0, 0>}}",
         "reads a pad element, and no pto.set_img2col_padding set the padding register A"),
        (f"{_SET} {{fmap_h = 2, fmap_w = 2}}\n"
         "pto.set_img2col_rpt ins(%f : !mat) outs() {repeat_time = 2}",
         "no public source fixes what the L3D repeats write"),
    ],
)  # fmt: skip
def test_timg2col_without_its_registers_is_a_run_time_error(setup: str, message: str):
    body = f"{setup}\n{_IMG}"
    left = _left("f16", 16, 16, "blayout=col_major")
    with pytest.raises(PtoRuntimeError, match=message):
        _img2col_run("a5", body, np.ones((4, 16), np.float16), left, 0.0)
