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
                       r"!pto.tile_buf, got memref<16x16xi8.* \(a local memref stands for the "
                       r"tile of its shape: .*multiple of 32 bytes, got 16 x 1\)"):  # fmt: skip
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


@pytest.mark.parametrize(
    ("decl", "what"),
    [
        ("pto.declare_eventid_array -> !pto.eventid_array<2147483647>", "an event-id array"),
        ("pto.declare_local_array -> !pto.local_array<65536x65536xi32>", "a local array"),
    ],
)
def test_a_huge_local_array_is_a_diagnostic(decl: str, what: str) -> None:
    """Sizes the verifier takes but no run can hold stop with a diagnostic, not a
    MemoryError (a fuzzing find: an event-id array of 2^31 - 1 ids)."""
    module = api.parse(f"func.func @k() {{\n  %e = {decl}\n  return\n}}\n")
    with pytest.raises(api.PtoError, match=f"{what} of .* is larger than the .* bytes"):
        api.run(module)


def test_text_without_ops_is_an_empty_module() -> None:
    module = api.parse("// RUN: ptoas %S/other.pto | FileCheck %s\n\n// CHECK: x\n")
    assert list(module.ops) == []  # as mlir-opt
    with pytest.raises(api.PtoError, match="the module has no function with a body to run"):
        api.run(module)


_MAT = (
    "!pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row={vr}, v_col={vc}, "
    "blayout=col_major, slayout=row_major, fractal=512, pad=0>"
)
_PV = "!pto.partition_tensor_view<{}>"


def _gather_to_l1(mode: str, valid: tuple[int, int]) -> str:
    """A CPU-target kernel (tstore from Mat): mgather into an NZ 16x32 f16 tile, stored."""
    mat = _MAT.format(vr=valid[0], vc=valid[1])
    views = [("t", "32x32xf16"), ("i", "1x16xi32" if mode == "row" else "16x32xi32")]
    views += [("s", "16x32xf16")] if mode == "elem" else []
    ins = ", ".join(f"%{n}" for n, _ in views)
    types = ", ".join(_PV.format(t) for _, t in views)
    out = _PV.format(f"{valid[0]}x{valid[1]}xf16")
    params = ", ".join(f"%{n}: {_PV.format(t)}" for n, t in views) + f", %o: {out}"
    return (
        f'module attributes {{pto.target_arch = "cpu"}} {{\n  func.func @k({params}) {{\n'
        f"    %d = pto.alloc_tile : {mat}\n"
        f"    pto.mgather ins({ins} : {types}) outs(%d : {mat}) "
        f"{{coalesce = #pto<coalesce {mode}>}}\n"
        f"    pto.tstore ins(%d : {mat}) outs(%o : {out})\n"
        "    return\n  }\n}\n"
    )


def test_mgather_from_gm_indices_into_an_nz_mat_tile() -> None:
    table = np.arange(1024, dtype=np.float32).astype(np.float16)
    rows = np.array([5, 0, 31, 2] + [1] * 12, np.int32)
    out = api.run(api.parse(_gather_to_l1("row", (4, 32))), table, rows, np.zeros(128, np.float16))
    got = out[2].reshape(4, 32)
    for r in range(4):  # dst[r, :] = table[idx[r], :]
        assert got[r].tolist() == table.reshape(32, 32)[rows[r]].tolist()
    flat = np.arange(512, dtype=np.int32)[::-1].copy()
    out = api.run(api.parse(_gather_to_l1("elem", (2, 20))), table, flat,
                  np.ones(512, np.float16), np.zeros(40, np.float16))  # fmt: skip
    got, scratch = out[3].reshape(2, 20), out[2]
    expect = np.zeros((16, 32), np.float16)
    for r in range(2):
        for c in range(20):  # dst[r, c] = table_flat[idx[r, c]], zeros elsewhere
            expect[r, c] = table[flat[r * 32 + c]]
    assert got.tolist() == expect[:2, :20].tolist()
    # the scratch holds the whole tile in NZ order: column blocks of 16, each 16 rows of 16
    nz = [expect[r, b * 16 + k] for b in range(2) for r in range(16) for k in range(16)]
    assert scratch.tolist() == nz


_STRICT = """func.func @f(%p: !pto.ptr<f32, ub>, %c: index) {{
  pto.strict_vecscope(%p{extra}) {{
  ^bb0(%q: !pto.ptr<f32, ub>{extra_t}):
    %m = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
    %v = pto.vlds %q[%c] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
    pto.vsts %v, %q[%c], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
  }} : (!pto.ptr<f32, ub>{extra_t}) -> ()
  return
}}
"""


def test_strict_vecscope_is_the_vecscope_of_its_captures() -> None:
    with pytest.raises(api.PtoParseError, match=r"pto.strict_vecscope body uses %c defined "
                       "outside it: pass it as a capture"):  # fmt: skip
        api.parse(_STRICT.format(extra="", extra_t=""))
    with pytest.raises(api.PtoParseError, match="arguments have the types of its captures"):
        api.parse(_STRICT.format(extra=", %c", extra_t=""))
    text = _STRICT.format(extra="", extra_t="").replace("%q[%c]", "%q[%k]")
    text = text.replace("^bb0(%q: !pto.ptr<f32, ub>):", "^bb0(%q: !pto.ptr<f32, ub>):\n"
                        "    %k = arith.constant 0 : index")  # fmt: skip
    printed = str(api.parse(text))
    assert "pto.vecscope {" in printed and "%p[%k]" in printed and "strict" not in printed


def test_record_and_wait_event_are_flags_between_the_op_types_pipes() -> None:
    text = """func.func @f() {
  pto.record_event [#pto.pipe_event_type<TSTORE_ACC>, #pto.sync_op_type<TMOV_M2L>,
                    #pto.event<EVENT_ID3>]
  pto.wait_event [#pto.pipe_event_type<TSTORE_ACC>, #pto.pipe_event_type<TMOV_M2L>,
                  #pto.event<EVENT_ID3>]
  pto.get_buf[#pto.pipe_event_type<TVEC>, 2]
  pto.rls_buf[#pto.pipe_event_type<TVEC>, 2]
  return
}
"""
    printed = str(api.parse(text))  # PTOAS mapSyncOpTypeToPipe: FIX for TSTORE_ACC, MTE1 M2L
    assert "pto.set_flag[<PIPE_FIX>, <PIPE_MTE1>, <EVENT_ID3>]" in printed
    assert "pto.wait_flag[<PIPE_FIX>, <PIPE_MTE1>, <EVENT_ID3>]" in printed
    assert 'pto.get_buf "PIPE_V", 2, 0' in printed and 'pto.rls_buf "PIPE_V", 2, 0' in printed
    with pytest.raises(api.PtoParseError, match="unknown op type 'TFOO'"):
        api.parse(text.replace("TSTORE_ACC", "TFOO", 1))


def test_barrier_sync_is_the_barrier_of_the_op_types_pipe() -> None:
    """PTOAS's samples/Sync/test_barrier_sync.py spelling; mapSyncOpTypeToPipe's pipes."""
    text = """func.func @f() {
  pto.barrier_sync[<TLOAD>]
  pto.barrier_sync [<TSTORE_ACC>]
  pto.barrier_sync [#pto.pipe_event_type<TVEC>]
  return
}
"""
    printed = str(api.parse(text))
    barriers = [line.strip() for line in printed.splitlines() if "barrier" in line]
    pipes = ["PIPE_MTE2", "PIPE_FIX", "PIPE_V"]
    assert barriers == [f"pto.barrier #pto.pipe<{pipe}>" for pipe in pipes]
    with pytest.raises(api.PtoParseError, match="unknown op type 'TFOO'"):
        api.parse(text.replace("TLOAD", "TFOO"))


def test_struct_fields_hold_what_was_set() -> None:
    text = """module attributes {pto.target_arch = "a5"} {
  func.func @k(%p: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %x = pto.load_scalar %p[%c0] : !pto.ptr<f32> -> f32
    %n = arith.constant 7 : i16
    %s = pto.declare_struct -> !pto.struct<i32, !pto.struct<f32, i16>>
    pto.struct_set %s[1, 0], %x : !pto.struct<i32, !pto.struct<f32, i16>>, f32
    pto.struct_set %s[1, 1], %n : !pto.struct<i32, !pto.struct<f32, i16>>, i16
    %y = pto.struct_get %s[1, 0] : !pto.struct<i32, !pto.struct<f32, i16>> -> f32
    %m = pto.struct_get %s[1, 1] : !pto.struct<i32, !pto.struct<f32, i16>> -> i16
    %z = pto.struct_get %s[0] : !pto.struct<i32, !pto.struct<f32, i16>> -> i32
    %mf = arith.sitofp %m : i16 to f32
    %zf = arith.sitofp %z : i32 to f32
    pto.store_scalar %y, %p[%c1] : !pto.ptr<f32>, f32
    %w = arith.addf %mf, %zf : f32
    pto.store_scalar %w, %p[%c2] : !pto.ptr<f32>, f32
    return
  }
}
"""
    out = api.run(api.parse(text), np.array([2.5, 0, 0], np.float32))
    assert out[0].tolist() == [2.5, 2.5, 7.0]  # an unset field reads 0


def test_a0x0_destination_is_the_no_op_marker_of_row_reductions_and_expansions() -> None:
    t = "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols={c}, v_row={v}, v_col={v}, " \
        "blayout={b}, slayout=none_box, fractal=512, pad=0>"  # fmt: skip
    full, col = t.format(c=16, v=0, b="row_major"), t.format(c=1, v=0, b="col_major")
    text = f"""func.func @f() {{
  %s = pto.alloc_tile : {full}
  %d = pto.alloc_tile : {col}
  %e = pto.alloc_tile : {full}
  pto.trowmax ins(%s, %s : {full}, {full}) outs(%d : {col})
  pto.trowexpandmax ins(%s, %d : {full}, {col}) outs(%e : {full})
  return
}}
"""
    out = api.run(api.parse(text))  # PTOAS's dual-AIV replay marker: verifies, writes nothing
    assert out.hazards == []
    one_sided = text.replace(col, t.format(c=1, v=1, b="col_major"))
    with pytest.raises(api.PtoVerifyError, match=r"pto\.trowmax src valid rows must not be 0"):
        api.parse(one_sided)


def test_a0x0_destination_is_the_no_op_marker_of_tmatmul() -> None:
    """PTOAS test/lit/pto/issue708_zero_valid_tileops.pto: m = n = 0 into a 0x0 accumulator
    verifies and writes nothing; an empty m into a non-empty dst stays an error."""
    t = "!pto.tile_buf<loc={l}, dtype={d}, rows={r}, cols={c}, v_row={vr}, v_col={vc}, " \
        "blayout={b}, slayout={s}, fractal={f}, pad=0>"  # fmt: skip
    lhs = t.format(l="left", d="f16", r=16, c=32, vr=0, vc=32, b="col_major", s="row_major", f=512)
    rhs = t.format(l="right", d="f16", r=32, c=16, vr=32, vc=0, b="row_major", s="col_major", f=512)
    dst = t.format(l="acc", d="f32", r=16, c=16, vr=0, vc=0, b="col_major", s="row_major", f=1024)
    text = f"""func.func @f() {{
  %a = pto.alloc_tile : {lhs}
  %b = pto.alloc_tile : {rhs}
  %c = pto.alloc_tile : {dst}
  pto.tmatmul ins(%a, %b : {lhs}, {rhs}) outs(%c : {dst})
  return
}}
"""
    out = api.run(api.parse(text))
    assert out.hazards == []
    with pytest.raises(api.PtoVerifyError, match=r"m = 0 \(a v_row\) must lie in \[1, 4095\]"):
        api.parse(text.replace("v_row=0, v_col=0", "v_row=0, v_col=16"))


_MANUAL_SIGNATURE = """module attributes {{pto.target_arch = "a5"}} {{
func.func @f(%a: !pto.vreg<64xf32>, %m: !pto.mask<b32>, %c: !pto.vreg<64xi32>) {{
  %r = pto.vadd %a, %a, %m : {vadd}
  %s, %carry = pto.vaddc %c, %c, %m : {vaddc}
  return
}}
}}
"""


def test_the_manuals_function_type_signature_is_the_ops_own() -> None:
    """vadd.md/vaddc.md's `: (T, T, M) -> R` reads as PTOAS's `: T, T, M -> R`, which prints."""
    ptoas = _MANUAL_SIGNATURE.format(
        vadd="!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>",
        vaddc="!pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32> -> !pto.vreg<64xi32>, "
        "!pto.mask<b32>",
    )
    manual = _MANUAL_SIGNATURE.format(
        vadd="(!pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32>) -> !pto.vreg<64xf32>",
        vaddc="(!pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32>) -> (!pto.vreg<64xi32>, "
        "!pto.mask<b32>)",
    )
    assert str(api.parse(manual)) == str(api.parse(ptoas))
    short = manual.replace(", !pto.mask<b32>) -> !pto.vreg<64xf32>", ") -> !pto.vreg<64xf32>")
    with pytest.raises(api.PtoParseError, match=r"3:30: error: pto.vadd takes 3 operands, each "
                       "with its type; got 3 operands and 2 types"):  # fmt: skip
        api.parse(short)
