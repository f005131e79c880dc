"""Spellings of PTOAS parsers other than the newest, and MLIR forms xDSL reads otherwise:
each parses to the value of the canonical spelling, which is what prints (and runs)."""

from __future__ import annotations

import numpy as np
import pytest

from interpreters.api import PtoParseError, PtoVerifyError, apply_pipeline, parse, run
from pto_dialect.name_index import OPERATIONS
from pto_dialect.older_names import OLDER_OP_NAMES

ASYNC = """
func.func @f(%dst: memref<128xf32, #pto.address_space<gm>>,
             %src: memref<128xf32, #pto.address_space<gm>>,
             %ws: memref<1024xi8, #pto.address_space<gm>>) {
  %scratch = pto.alloc_tile : !pto.tile_buf<vec, 1x256xi8>
  %s = pto.{prefix}build_async_session(%scratch, %ws : !pto.tile_buf<vec, 1x256xi8>,
      memref<1024xi8, #pto.address_space<gm>>) -> !pto.async_session
  %put = pto.{prefix}tput_async(%dst, %src, %s : memref<128xf32, #pto.address_space<gm>>,
      memref<128xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  %get = pto.{prefix}tget_async(%src, %dst, %s : memref<128xf32, #pto.address_space<gm>>,
      memref<128xf32, #pto.address_space<gm>>, !pto.async_session) -> !pto.async_event
  %w = pto.{prefix}wait_async_event(%put, %s : !pto.async_event, !pto.async_session) -> i1
  %t = pto.{prefix}test_async_event(%get, %s : !pto.async_event, !pto.async_session) -> i1
  return
}
"""


def test_the_async_ops_of_early_2026_are_the_comm_ops() -> None:
    """hw-native-sys/PTOAS of 2026-04 named them without `comm.`."""
    older = parse(ASYNC.replace("{prefix}", ""), target="a2a3")
    newer = parse(ASYNC.replace("{prefix}", "comm."), target="a2a3")
    assert str(older) == str(newer)
    names = [op.name for op in older.walk() if op.name.endswith(("session", "async", "event"))]
    assert names == [
        "pto.comm.build_async_session",
        "pto.comm.tput_async",
        "pto.comm.tget_async",
        "pto.comm.wait_async_event",
        "pto.comm.test_async_event",
    ]


def test_a_name_no_parser_had_is_unknown() -> None:
    """`tabs_dps` (zhangstevenunity's samples) no parser had (the DPS-era names with syntax
    of their own: test_older_dps_spellings)."""
    with pytest.raises(PtoParseError, match=r"pto\.tabs_dps is not registered"):
        parse(ASYNC.replace("{prefix}build_async_session", "tabs_dps").replace("{prefix}", ""))


def test_every_older_name_reads_as_an_op_of_the_dialect() -> None:
    assert sorted(set(OLDER_OP_NAMES.values()) - set(OPERATIONS)) == []
    assert not set(OLDER_OP_NAMES) & set(OPERATIONS)  # no name both old and current


T = "!pto.tile_buf<vec, 16x16xf32>"
INT = "!pto.tile_buf<vec, 16x16xi32>"
GM = "memref<16x16xf32, #pto.address_space<gm>>"


@pytest.mark.parametrize(
    ("name", "operands"),
    [
        ("abs", f"ins(%a : {T}) outs(%d : {T})"),
        ("add", f"ins(%a, %b : {T}, {T}) outs(%d : {T})"),
        ("adds", f"ins(%a, %s : {T}, f32) outs(%d : {T})"),
        ("addsc", f"ins(%a, %s, %b : {T}, f32, {T}) outs(%d : {T})"),
        ("addc", f"ins(%a, %b, %c : {T}, {T}, {T}) outs(%d : {T})"),
        ("xor", f"ins(%i, %j : {INT}, {INT}) outs(%k : {INT})"),
        ("max", f"ins(%a : {T}, %b : {T}) outs(%d : {T})"),
        ("expands", f"ins(%s : f32) outs(%d : {T})"),
        ("store", f"ins(%a : {T}) outs(%g : {GM})"),
    ],
)
def test_a_dps_era_name_of_early_2026_is_the_t_op(name: str, operands: str) -> None:
    """PTOAS 2026-01-30 to 02-12 named them `X_dps`, with the T-op's syntax (or a type after
    each operand, `max_dps`), and lowered each to its T-instruction."""
    text = f"""
    func.func @f(%s: f32, %g: {GM}) {{
      %a = pto.alloc_tile : {T}
      %b = pto.alloc_tile : {T}
      %c = pto.alloc_tile : {T}
      %d = pto.alloc_tile : {T}
      %i = pto.alloc_tile : {INT}
      %j = pto.alloc_tile : {INT}
      %k = pto.alloc_tile : {INT}
      pto.{{op}} {operands}
      return
    }}
    """
    older = parse(text.replace("{op}", f"{name}_dps"), target="a2a3")
    assert str(older) == str(parse(text.replace("{op}", f"t{name}"), target="a2a3"))
    assert f"pto.t{name} ins(" in str(older)


def test_address_space_ub_is_vec() -> None:
    """PTOAS of 2026-01-30 named the vector buffer's address space `ub`."""
    text = "func.func @f(%a: memref<4xf32, #pto.address_space<{}>>) {{\n  return\n}}\n"
    older, newer = parse(text.format("ub")), parse(text.format("vec"))
    assert str(older) == str(newer)
    assert "#pto.address_space<vec>" in str(older)
    with pytest.raises(PtoParseError, match="Expected `mat`"):
        parse(text.format("l1"))


@pytest.mark.parametrize(
    ("spaced", "packed"),
    [
        ("!pto.partition_tensor_view<8 x 128 x f32>", "!pto.partition_tensor_view<8x128xf32>"),
        ("!pto.tensor_view<? x 16 xf16>", "!pto.tensor_view<?x16xf16>"),
        ("memref<2 x 3 x i8, #pto.address_space<gm>>", "memref<2x3xi8, #pto.address_space<gm>>"),
    ],
)
def test_a_dimension_list_may_have_spaces_around_its_x(spaced: str, packed: str) -> None:
    """MLIR's parser takes `8 x 128 x f32` (PTOAS's issue1251 kernel); xDSL lost the `x`
    before the element type after a space."""
    text = "func.func @f(%a: {}) {{\n  return\n}}\n"
    assert str(parse(text.format(spaced))) == str(parse(text.format(packed)))
    assert packed in str(parse(text.format(spaced)))


CAST = """
func.func @f(%m: memref<16xi16, #pto.address_space<gm>>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %r = memref.reinterpret_cast %m to offset: [%c0], sizes: [{sizes}], strides: [%c16, %c1]
      : memref<16xi16, #pto.address_space<gm>>
      to memref<1x16xi16, strided<[16, 1], offset: ?>, #pto.address_space<gm>>
  return
}}
"""


def test_reinterpret_cast_takes_a_size_value_for_a_static_dimension() -> None:
    """MLIR's verifier compares only sizes that are both static (PTOAS's tci kernels)."""
    assert "sizes: [%c1, %c16]" in str(parse(CAST.format(sizes="%c1, %c16")))
    parse(CAST.format(sizes="1, 16"))
    with pytest.raises(PtoVerifyError, match="size = 2 instead of 1 in dim = 0"):
        parse(CAST.format(sizes="2, %c16"))
    with pytest.raises(PtoVerifyError, match="1 sizes for a result of rank 2"):
        parse(CAST.format(sizes="%c16"))


RESHAPE = """
module attributes {pto.target_arch = "a2a3"} {
  func.func @k(%dst: memref<16xi32, #pto.address_space<gm>>) {
    %c3 = arith.constant 3 : i32
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %v = memref.reinterpret_cast %dst to offset: [4], sizes: [%c1, %c8], strides: [%c8, %c1]
        : memref<16xi32, #pto.address_space<gm>>
        to memref<1x8xi32, strided<[8, 1], offset: 4>, #pto.address_space<gm>>
    %t = pto.alloc_tile : !pto.tile_buf<vec, 1x8xi32>
    pto.tci ins(%c3 : i32) outs(%t : !pto.tile_buf<vec, 1x8xi32>)
    pto.tstore ins(%t : !pto.tile_buf<vec, 1x8xi32>)
        outs(%v : memref<1x8xi32, strided<[8, 1], offset: 4>, #pto.address_space<gm>>)
    return
  }
}
"""


def test_a_reinterpret_cast_of_a_gm_parameter_is_a_window_of_its_bytes() -> None:
    """`pto-run` stores through it at the cast's offset (elements from the buffer's start),
    and `pto-insert-sync` orders the store after the tile's writer."""
    module = parse(RESHAPE)
    dst = np.full(16, -1, dtype=np.int32)
    final = run(module, dst, semantics_only=True).finals[0]
    assert final is not None
    assert final.tolist() == [-1] * 4 + list(range(3, 11)) + [-1] * 4
    synced = apply_pipeline(parse(RESHAPE), "pto-insert-sync")
    assert [op.name for op in synced.walk() if op.name.endswith("_flag")] == [
        "pto.set_flag",
        "pto.wait_flag",
    ]
