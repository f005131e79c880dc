"""bind_tile and pointer_cast buffers used only by tile ops are the tiles they declare
(PTOAS PTOOps.td of 2026-03 to 2026-06: the config's layout, the valid sizes, the address)."""

from __future__ import annotations

import numpy as np

from interpreters import api

_GM = "memref<16x16xf16, #pto.address_space<gm>>"
_UB = "memref<16x16xf16, #pto.address_space<vec>>"
_CONFIG = (
    "{config = #pto.tile_buf_config<blayout=0 : i32, slayout=0 : i32, s_fractal_size=512, "
    "pad=1 : i32>}"
)

_KERNEL = f"""module attributes {{pto.target_arch = "a2a3"}} {{
  func.func @k(%x: {_GM}, %y: {_GM}) {{
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %a = arith.constant 8192 : i64
    %m = memref.alloc() : {_UB}
    %t = pto.bind_tile %m, %c16, %c16 {_CONFIG} : {_UB} -> {_UB}
    %p = pto.pointer_cast(%a) : {_UB}
    pto.tload ins(%x : {_GM}) outs(%t : {_UB})
    pto.tadd ins(%t, %t : {_UB}, {_UB}) outs(%p : {_UB})
    pto.tstore ins(%p : {_UB}) outs(%y : {_GM})
    return
  }}
}}
"""


def test_bound_buffers_are_tiles_and_run() -> None:
    module = api.parse(_KERNEL)
    text = str(module)
    assert "bind_tile" not in text and "pointer_cast" not in text and "memref.alloc" not in text
    assert "pto.alloc_tile valid_row = %c16 valid_col = %c16 : !pto.tile_buf<loc=vec, " in text
    assert "v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>" in text
    assert "pto.alloc_tile addr = %a : !pto.tile_buf<loc=vec, dtype=f16, rows=16" in text
    x = np.arange(256, dtype=np.float16).reshape(16, 16)
    out = api.run(module, x, np.zeros_like(x))
    assert np.array_equal(out[1], x + x)


_F32 = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>"
_U32 = "!pto.tile_buf<loc=vec, dtype=ui32, rows=8, cols=8>"
_BITCAST = f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%x: memref<8x8xf32, #pto.address_space<gm>>,
               %y: memref<8x8xui32, #pto.address_space<gm>>) {{
    %t = pto.alloc_tile : {_F32}
    pto.tload ins(%x : memref<8x8xf32, #pto.address_space<gm>>) outs(%t : {_F32})
    %u = pto.bitcast %t : {_F32} -> {_U32}
    pto.tstore ins(%u : {_U32}) outs(%y : memref<8x8xui32, #pto.address_space<gm>>)
    return
  }}
}}
"""


def test_bitcast_reads_the_same_bytes_as_another_element_type() -> None:
    x = np.linspace(-2, 2, 64, dtype=np.float32).reshape(8, 8)
    out = api.run(api.parse(_BITCAST), x, np.zeros((8, 8), np.uint32))
    assert np.array_equal(out[1], x.view(np.uint32))


_T = "!pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=16>"
_M = "memref<8x16xi16, #pto.address_space<vec>>"
_V = "!pto.vreg<128xi16>"
_THROUGH_MEMREF = f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%x: memref<8x16xi16, #pto.address_space<gm>>,
               %y: memref<8x16xi16, #pto.address_space<gm>>) {{
    %c0 = arith.constant 0 : index
    %a = pto.alloc_tile : {_T}
    %b = pto.alloc_tile : {_T}
    pto.tload ins(%x : memref<8x16xi16, #pto.address_space<gm>>) outs(%a : {_T})
    %pa = pto.tile_buf_addr %a : {_T} -> {_M}
    %pb = pto.tile_buf_addr %b : {_T} -> {_M}
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.vecscope {{
      %m = pto.pset_b16 "PAT_ALL" : !pto.mask<b16>
      %v = pto.vlds %pa[%c0] : {_M} -> !pto.vreg<128xi16>
      %w = pto.vadd %v, %v, %m : {_V}, {_V}, !pto.mask<b16> -> {_V}
      pto.vsts %w, %pb[%c0], %m : !pto.vreg<128xi16>, {_M}, !pto.mask<b16>
    }}
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.tstore ins(%b : {_T}) outs(%y : memref<8x16xi16, #pto.address_space<gm>>)
    return
  }}
}}
"""


def test_vlds_vsts_through_a_vec_memref_address() -> None:
    # vpto-dev's tilelang kernels: tile_buf_addr gives a vec memref, vlds/vsts take it
    x = np.arange(128, dtype=np.int16).reshape(8, 16)
    out = api.run(api.parse(_THROUGH_MEMREF), x, np.zeros_like(x))
    assert np.array_equal(out[1], 2 * x)


_W = "!pto.vmi.vreg<128xi16>"
_VMI_THROUGH_MEMREF = _THROUGH_MEMREF.replace(
    f"""      %m = pto.pset_b16 "PAT_ALL" : !pto.mask<b16>
      %v = pto.vlds %pa[%c0] : {_M} -> !pto.vreg<128xi16>
      %w = pto.vadd %v, %v, %m : {_V}, {_V}, !pto.mask<b16> -> {_V}
      pto.vsts %w, %pb[%c0], %m : !pto.vreg<128xi16>, {_M}, !pto.mask<b16>""",
    f"""      %v = pto.vmi.load %pa[%c0] : {_M} -> {_W}
      %pp = pto.tile_buf_addr %pa : {_M} -> !pto.ptr<i16, ub>
      %u = pto.vmi.load %pp[%c0] : !pto.ptr<i16, ub> -> {_W}
      %w = pto.vmi.vadd %v, %u : {_W}, {_W} -> {_W}
      pto.vmi.store %w, %pb[%c0] : {_W}, {_M}""",
)


def test_vmi_load_and_store_through_a_vec_memref_address() -> None:
    # PTOAS VMIOps.td: the VMI memory ops take `PtrOrMemRef`, and tile_buf_addr a memref
    # (vmi_vpto_memref_compat.pto)
    assert "pto.vmi.load" in _VMI_THROUGH_MEMREF
    x = np.arange(128, dtype=np.int16).reshape(8, 16)
    out = api.run(api.parse(_VMI_THROUGH_MEMREF), x, np.zeros_like(x))
    assert np.array_equal(out[1], 2 * x)
