"""Cube forms PTOAS and pto-isa accept (issue 25, docs/decisions.md): MX scale tiles of any
element type and of their operand's shape, the tmatmul shape chain over valid sizes on the
NPUs, memref buffers in the cube's memories (as tiles, as function parameters, as pointers of
the raw loads), `mad_mx` with any k; and how a wider scale tile's elements are read.
"""

from __future__ import annotations

import re

import ml_dtypes
import numpy as np
import pytest
from support import context
from xdsl.dialects import arith, func, memref
from xdsl.ir import Operation
from xdsl.utils.exceptions import VerifyException

from interpreters import api
from interpreters.engine.source import parse_module
from interpreters.semantics.mx_formats import scale_values
from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import F8E8M0, F16, dtype_named
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.ops.tile_move import TMovOp
from pto_dialect.ops.tile_window import TExtractOp
from pto_dialect.tile_types import TileBufType

CONTEXT = context(arith.Arith, memref.MemRef)
LEFT = "!pto.tile_buf<loc=left, dtype=f32, rows=32, cols=64, blayout=col_major, slayout=row_major>"
ACC = ("!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=128, blayout=col_major, "
       "slayout=row_major, fractal=1024>")  # fmt: skip


def right(cols: int, v_col: int) -> str:
    return (f"!pto.tile_buf<loc=right, dtype=f32, rows=64, cols={cols}, v_col={v_col}, "
            "blayout=row_major, slayout=col_major>")  # fmt: skip


def verified(body: str, target: str = "a5", args: str = "") -> Operation:
    text = (f'builtin.module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"func.func @f({args}) {{\n{body}\nfunc.return\n}}\n}}")  # fmt: skip
    module = parse_module(CONTEXT, text, "k.mlir")
    module.verify()
    return module


def matmul(b: str) -> tuple[str, str]:
    args = f"%a: {LEFT}, %b: {b}, %c: {ACC}"
    return f"pto.tmatmul ins(%a, %b : {LEFT}, {b}) outs(%c : {ACC})", args


@pytest.mark.parametrize(("target", "ok"), [("a5", True), ("a2a3", True), ("cpu", False)])
def test_matmul_shapes_chain_by_valid_sizes(target: str, ok: bool) -> None:
    """A 64x256 right tile with 128 valid columns feeds a 32x128 acc (PTOAS), except on the
    CPU simulator, which asserts the static shapes."""
    body, args = matmul(right(256, 128))
    if ok:
        verified(body, target, args)
    else:
        with pytest.raises(VerifyException, match="b cols 256 must equal the dst cols 128"):
            verified(body, target, args)
    body, args = matmul(right(256, 256))
    with pytest.raises(VerifyException, match="b cols 256 must equal the dst cols 128"):
        verified(body, target, args)


def test_cube_memref_buffers_are_cube_tiles() -> None:
    """Allocated and parameter memrefs in left/right/acc take TileLeft/TileRight/TileAcc boxes."""
    m = "memref<32x32x{t}, #pto.address_space<{loc}>>"
    left, rgt, acc = (
        m.format(t="f16", loc="left"),
        m.format(t="f16", loc="right"),
        m.format(t="f32", loc="acc"),
    )
    body = (f"%l = memref.alloc() : {left}\n"
            f"pto.tmatmul ins(%l, %r : {left}, {rgt}) outs(%c : {acc})")  # fmt: skip
    module = verified(body, "a5", f"%r: {rgt}, %c: {acc}")
    allocs = [op for op in module.walk() if isinstance(op, AllocTileOp)]
    assert len(allocs) == 1
    tile = allocs[0].result.type
    assert isinstance(tile, TileBufType)
    assert (tile.slayout.data.value, tile.fractal.data) == ("row_major", 512)
    func_op = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    kinds = [(t.location.value, t.blayout.data.value, t.slayout.data.value, t.fractal.data)
             for t in func_op.function_type.inputs.data if isinstance(t, TileBufType)]  # fmt: skip
    assert kinds == [
        ("right", "row_major", "col_major", 512),
        ("acc", "col_major", "row_major", 1024),
    ]


def test_memref_buffers_as_cube_pointers() -> None:
    """`mte_l1_l0a` and `mte_l1_bt` read a mat memref as the L1 pointer it stands for; a
    memref in the wrong memory is refused as a pointer there would be."""
    mat, left = ("memref<?xf16, #pto.address_space<mat>>",
                 "memref<?xf16, #pto.address_space<left>>")  # fmt: skip
    args = f"%s: {mat}, %d: {left}, %n: i64"
    verified(f"pto.mte_l1_l0a %s, %d, %n, %n : {mat}, {left}, i64, i64", "a5", args)
    with pytest.raises(
        VerifyException,
        match=re.escape("source must point to l1, got memref<?xf16, #pto.address_space<left>>"),
    ):
        verified(f"pto.mte_l1_l0a %d, %d, %n, %n : {left}, {left}, i64, i64", "a5", args)


def test_mad_mx_takes_any_k() -> None:
    ptrs = ("!pto.ptr<f8E4M3FN, l0a>", "!pto.ptr<f8E4M3FN, l0b>", "!pto.ptr<f32, l0c>")
    args = f"%a: {ptrs[0]}, %b: {ptrs[1]}, %c: {ptrs[2]}"
    body = ("%k = arith.constant 16 : i64\n"
            f"pto.mad_mx %a, %b, %c, %k, %k, %k : {', '.join(ptrs)}, i64, i64, i64")  # fmt: skip
    verified(body, "a5", args)


def tb(loc: str, dtype: str, shape: str, layout: str, fractal: int = 512) -> str:
    rows, cols = shape.split("x")
    b, sl = layout.split("/")
    return (f"!pto.tile_buf<loc={loc}, dtype={dtype}, rows={rows}, cols={cols}, blayout={b}, "
            f"slayout={sl}, fractal={fractal}>")  # fmt: skip


def test_mx_scale_tiles_of_any_dtype_and_the_operand_shape() -> None:
    a = tb("left", "f8E4M3FN", "16x64", "col_major/row_major")
    b = tb("right", "f8E4M3FN", "64x16", "row_major/col_major")
    c = tb("acc", "f32", "16x16", "col_major/row_major", 1024)
    sa = tb("scaling", "f16", "16x64", "row_major/row_major", 32)
    sb = tb("scaling", "f16", "64x16", "col_major/col_major", 32)
    body = f"pto.tmatmul.mx ins(%a, %sa, %b, %sb : {a}, {sa}, {b}, {sb}) outs(%c : {c})"
    verified(body, "a5", f"%a: {a}, %sa: {sa}, %b: {b}, %sb: {sb}, %c: {c}")


def test_scale_values_by_width() -> None:
    """One-byte scales are E8M0 codes whatever their type; f16 scales are their values."""
    codes = np.array([[127, 128, 126, 0]], np.uint8)
    assert scale_values(codes, dtype_named("ui8")).tolist() == [[1.0, 2.0, 0.5, 2.0**-127]]
    assert scale_values(codes.view(ml_dtypes.float8_e8m0fnu), F8E8M0).tolist() == [
        [1.0, 2.0, 0.5, 2.0**-127]
    ]
    halves = np.array([[1.5, -2.0]], np.float16)
    assert scale_values(halves, F16).tolist() == [[1.5, -2.0]]


def test_a5_extracts_mx_scales_on_mte1() -> None:
    """textract mat -> scaling of E8M0 scales (pto-isa's TExtractToAmx) runs on MTE1; an f16
    scaling tile is the fixpipe buffer, which TEXTRACT does not fill: refused."""
    src = tb("mat", "!pto.f8E8M0", "32x32", "row_major/row_major", 32)
    dst = tb("scaling", "!pto.f8E8M0", "16x32", "row_major/row_major", 32)
    args = f"%s: {src}, %d: {dst}"
    body = (
        "%c0 = arith.constant 0 : index\n"
        f"pto.textract ins(%s, %c0, %c0 : {src}, index, index) outs(%d : {dst})"
    )
    module = verified(body, "a5", args)
    (extract,) = [op for op in module.walk() if isinstance(op, TExtractOp)]
    assert extract.pipe() is Pipe.MTE1
    with pytest.raises(VerifyException, match="from loc=mat to loc=scaling is not supported"):
        verified(body, "a2a3", args)
    half = body.replace("!pto.f8E8M0", "f16")
    with pytest.raises(VerifyException, match="got f16 \\(a fixpipe-buffer tile"):
        verified(half, "a5", args.replace("!pto.f8E8M0", "f16"))


def test_a5_mx_scale_load_and_move() -> None:
    """E8M0 scales load into ZZ/NN mat tiles and move into the MX scale buffer on MTE1;
    ui64 moves into the fixpipe buffer stay on FIX."""
    pv = "!pto.partition_tensor_view<4x32x!pto.f8E8M0>"
    mat = tb("mat", "!pto.f8E8M0", "4x32", "col_major/col_major", 32)
    scale = tb("scaling", "!pto.f8E8M0", "4x32", "col_major/col_major", 32)
    q, fq = (
        tb("mat", "ui64", "1x16", "row_major/none_box"),
        tb("scaling", "ui64", "1x16", "row_major/none_box"),
    )
    body = (
        f"pto.tload ins(%v : {pv}) outs(%m : {mat})\n"
        f"pto.tmov ins(%m : {mat}) outs(%s : {scale})\n"
        f"pto.tmov ins(%q : {q}) outs(%f : {fq})"
    )
    module = verified(body, "a5", f"%v: {pv}, %m: {mat}, %s: {scale}, %q: {q}, %f: {fq}")
    moves = [op for op in module.walk() if isinstance(op, TMovOp)]
    assert [m.pipe() for m in moves] == [Pipe.MTE1, Pipe.FIX]
    with pytest.raises(VerifyException, match="dst dtype f8E8M0 is not supported on target a2a3"):
        verified(body, "a2a3", f"%v: {pv}, %m: {mat}, %s: {scale}, %q: {q}, %f: {fq}")


S4_KERNEL = """module attributes {pto.target_arch = "a5"} {
  func.func @k(%gm: !pto.ptr<ui8, gm>) {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c2 = arith.constant 2 : i64
    %c1024 = arith.constant 1024 : i64
    %t = arith.constant TRANSPOSE : i64
    %l1 = pto.castptr %c0 : i64 -> !pto.ptr<ui8, l1>
    %s = pto.castptr %c0 : i64 -> !pto.ptr<!pto.f4E2M1x2, l1>
    %a = pto.castptr %c0 : i64 -> !pto.ptr<!pto.f4E2M1x2, l0a>
    %b = pto.castptr %c1024 : i64 -> !pto.ptr<ui8, l0a>
    pto.mte_gm_l1 %gm, %l1, %c1024 nburst(%c1, %c0, %c0)
      : !pto.ptr<ui8, gm>, !pto.ptr<ui8, l1>, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.load_cbuf_to_ca_s4 %s, %a, %c0, %c0, %c2, %c1, %c2, %c2, %t
      : !pto.ptr<!pto.f4E2M1x2, l1>, !pto.ptr<!pto.f4E2M1x2, l0a>, i64, i64, i64, i64, i64, i64, i64
    pto.load_cbuf_to_ca %l1, %b, %c0, %c0, %c2, %c1, %c2, %c2
      : !pto.ptr<ui8, l1>, !pto.ptr<ui8, l0a>, i64, i64, i64, i64, i64, i64
    return
  }
}"""


def test_s4_loads_move_packed_fp4_boxes_as_bytes() -> None:
    """load_cbuf_to_ca_s4 places the bytes a ui8 load_cbuf_to_ca of the same controls does;
    a transposing S4 load needs whole 16 x 64-value boxes after its value transpose (a
    transposed one: test_cube_mx_board)."""
    data = np.random.default_rng(4).integers(0, 256, 1024).astype(np.uint8)
    result = api.run(api.parse(S4_KERNEL.replace("TRANSPOSE", "0")), data)
    l0a = result.report.machine.memories[MemorySpace.L0A].data
    assert l0a[:1024].any() and np.array_equal(l0a[:1024], l0a[1024:2048])
    with pytest.raises(api.PtoError, match="packed FP4 needs whole 16 x 64 boxes after"):
        api.run(api.parse(S4_KERNEL.replace("TRANSPOSE", "1")), data)


def test_a5_f32_moves_into_the_fixpipe_buffer_take_rows() -> None:
    """PTOAS's A5 `template_tmov_m2s` moves an f32 mat tile of rows x cols into loc=scaling
    (`mte_l1_fb`, nburst rows; the board-tested tilelang_st tmov2scale moves 1 x 16 and
    tmov_fp 16 x 16); ui64 quantisation words keep pto-isa's one-row, 128-byte rule."""
    f32 = (tb("mat", "f32", "16x16", "row_major/none_box"),
           tb("scaling", "f32", "16x16", "row_major/none_box"))  # fmt: skip
    body = "pto.tmov ins(%m : {0}) outs(%s : {1})"
    module = verified(body.format(*f32), "a5", f"%m: {f32[0]}, %s: {f32[1]}")
    assert [op.pipe() for op in module.walk() if isinstance(op, TMovOp)] == [Pipe.FIX]
    with pytest.raises(VerifyException, match="src dtype f32 is not supported"):
        verified(body.format(*f32), "a2a3", f"%m: {f32[0]}, %s: {f32[1]}")
    u64 = (tb("mat", "ui64", "16x16", "row_major/none_box"),
           tb("scaling", "ui64", "16x16", "row_major/none_box"))  # fmt: skip
    with pytest.raises(VerifyException, match="must be a single row, got rows=16"):
        verified(body.format(*u64), "a5", f"%m: {u64[0]}, %s: {u64[1]}")
