"""Older spellings of PTOAS's kernels that issue 25 accepts, through the Python API: local
memref buffers as tiles (`pto_dialect.memref_tiles`) and GM memref parameters bound to
arrays (`pto-run`, `--arg auto`)."""

from __future__ import annotations

import numpy as np
import pytest

from interpreters import api

_GM = "memref<2x4x8xf32, #pto.address_space<gm>>"
_UB = "memref<2x4x8xf32, #pto.address_space<vec>>"


def _module(body: str, params: str = f"%a: {_GM}, %b: {_GM}") -> str:
    return (
        'module attributes {pto.target_arch = "a5"} {\n'
        f"  func.func @k({params}) {{\n    {body}\n    return\n  }}\n}}\n"
    )


_DOUBLE = _module(
    f"""%t = memref.alloc() : {_UB}
    pto.tload ins(%a : {_GM}) outs(%t : {_UB})
    pto.tadd ins(%t, %t : {_UB}, {_UB}) outs(%t : {_UB})
    pto.tstore ins(%t : {_UB}) outs(%b : {_GM})"""
)


def test_local_memref_is_the_tile_it_stands_for_and_runs() -> None:
    module = api.parse(_DOUBLE)
    text = str(module)
    # rows = the leading dimensions flattened, the default configuration
    assert "pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8" in text
    assert "blayout=row_major, slayout=none_box" in text and "memref.alloc" not in text
    a = np.arange(64, dtype=np.float32).reshape(2, 4, 8)
    out = api.run(module, a, np.zeros((2, 4, 8), np.float32))
    assert out[1].tolist() == (2 * a).tolist()
    auto = api.run(api.parse(_DOUBLE), args="auto")
    assert np.array_equal(auto[1], 2 * auto[0])


def test_memref_with_another_use_or_no_tile_shape_stays_a_memref() -> None:
    ub16 = "memref<16x16xi8, #pto.address_space<vec>>"  # 16 bytes a row: no none_box tile
    bad = _module(
        f"""%t = memref.alloc() : {ub16}
    pto.tload ins(%a : memref<16x16xi8, #pto.address_space<gm>>) outs(%t : {ub16})""",
        "%a: memref<16x16xi8, #pto.address_space<gm>>",
    )
    with pytest.raises(api.PtoVerifyError, match=r"pto.tload dst must be a !pto.tile or "
                       r"!pto.tile_buf, got memref<16x16xi8"):  # fmt: skip
        api.parse(bad)
    other = _module(
        f"""%t = memref.alloc() : {_UB}
    %c0 = arith.constant 0 : index
    %x = memref.load %t[%c0, %c0, %c0] : {_UB}""",
        "",
    )
    assert "memref.alloc" in str(api.parse(other))


def test_gm_memref_parameter_needs_its_elements() -> None:
    module = api.parse(_DOUBLE)
    with pytest.raises(api.PtoError, match=r"needs 64 elements of f32, got 63"):
        api.run(module, np.zeros(63, np.float32), np.zeros(64, np.float32))


_DYN_FLAGS = """module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%a: !pto.partition_tensor_view<4x8xf32>, %b: !pto.partition_tensor_view<4x8xf32>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %w = arith.constant {wait} : index
    %t = pto.alloc_tile : !pto.tile_buf<vec, 4x8xf32>
    %e = pto.declare_eventid_array -> !pto.eventid_array<2>
    pto.eventid_array_set %e[%c1], %c3 : !pto.eventid_array<2>
    %id = pto.eventid_array_get %e[%c1] : !pto.eventid_array<2>
    pto.tload ins(%a : !pto.partition_tensor_view<4x8xf32>) outs(%t : !pto.tile_buf<vec, 4x8xf32>)
    pto.set_flag_dyn [#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_MTE3>, %id]
    pto.wait_flag_dyn [#pto.pipe<PIPE_MTE2>, #pto.pipe<PIPE_MTE3>, %w]
    pto.tstore ins(%t : !pto.tile_buf<vec, 4x8xf32>) outs(%b : !pto.partition_tensor_view<4x8xf32>)
    return
  }}
}}
"""


def test_dynamic_flags_take_their_event_from_an_eventid_array() -> None:
    a = np.arange(32, dtype=np.float32)
    out = api.run(api.parse(_DYN_FLAGS.format(wait=3)), a, np.zeros(32, np.float32))
    assert out.hazards == [] and out[1].tolist() == a.tolist()  # views bind to arrays
    wrong = api.run(api.parse(_DYN_FLAGS.format(wait=2)), a, np.zeros(32, np.float32))
    assert any("waits for PIPE_MTE2 -> PIPE_MTE3 EVENT_ID2" in str(h) for h in wrong.hazards)
    assert any("sets PIPE_MTE2 -> PIPE_MTE3 EVENT_ID3" in str(h) for h in wrong.hazards)
