"""The tile chapter's pages landed for issue 25: `tsync` (event and barrier forms) in the pipe
model, the interpreter and pto-insert-sync; `tpack` against integer arithmetic on the bits;
`settf32mode`/`sethf32mode` against hand-computed TF32 roundings of a tie."""

from __future__ import annotations

import numpy as np
import pytest
import support
from support import build_tile_op, context, parse_kernel, run_tile_op
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter
from xdsl.interpreters.func import FuncFunctions
from xdsl.passes import PassPipeline
from xdsl.utils.exceptions import ParseError

from interpreters.engine.errors import PtoRuntimeError
from interpreters.launching.execute import run_function
from interpreters.machine.core import Machine
from interpreters.ops.tile_config import TileConfigFunctions
from interpreters.ops.tile_matrix import TileMatrixFunctions
from interpreters.ops.tile_pack import TilePackFunctions
from passes.insert_sync.insert import InsertSyncPass
from pto_dialect.attrs import Location, Pipe, TargetArch
from pto_dialect.dtypes import dtype_named, mlir_type
from pto_dialect.ops.sync import BarrierOp, SetFlagOp
from pto_dialect.ops.tile_pack import TPackOp
from pto_dialect.ops.tile_sync import OP_CLASS_PIPES
from pto_dialect.targets import A5, PROFILES
from pto_dialect.tile_types import TileBufType

_TILE = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>"
_KERNEL = """
!t = {tile}
!pv = !pto.partition_tensor_view<8x8xf32>
!tv = !pto.tensor_view<?x?xf32>
builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %va = pto.make_tensor_view %a, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %vb = pto.make_tensor_view %b, shape = [%c8, %c8], strides = [%c8, %c1] : !tv
    %pa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %pb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %x = arith.constant 0 : i64
    %y = arith.constant 256 : i64
    %z = arith.constant 512 : i64
    %ta = pto.alloc_tile addr = %x : !t
    %tb = pto.alloc_tile addr = %y : !t
    %tc = pto.alloc_tile addr = %z : !t
    pto.tload ins(%pa : !pv) outs(%ta : !t)
    pto.tload ins(%pb : !pv) outs(%tb : !t)
    {sync}
    pto.tadd ins(%ta, %tb : !t, !t) outs(%tc : !t)
    {between}
    pto.tabs ins(%tc : !t) outs(%tc : !t)
    func.return
  }}
}}
"""


def kernel(sync: str, between: str = "", target: str = "a2a3") -> ModuleOp:
    return parse_kernel(_KERNEL.format(tile=_TILE, target=target, sync=sync, between=between))


def hazards(module: ModuleOp) -> list[tuple[str, list[int]]]:
    result = run_function(module, ["rand:8x8xf32"] * 3)
    return [(h.kind, h.details["bytes"]) for h in result.hazards]


def synced(module: ModuleOp) -> ModuleOp:
    PassPipeline((InsertSyncPass(),)).apply(context(arith.Arith, scf.Scf), module)
    module.verify()
    return module


def test_tsync_orders_the_writes_of_its_operands_and_nothing_else():
    """tload %ta, tload %tb on MTE2, then tadd on V reads both: `tsync ins(%ta)` orders the
    first load before the tadd, so only %tb (UB bytes [256, 512)) is still a RAW hazard."""
    only_a = hazards(
        kernel(f"pto.tsync ins(%ta : {_TILE})", between="pto.barrier #pto.pipe<PIPE_V>")
    )
    assert only_a == [("RAW", [256, 512])]
    both = kernel(
        f"pto.tsync ins(%ta, %tb : {_TILE}, {_TILE})", between="pto.barrier #pto.pipe<PIPE_V>"
    )
    assert hazards(both) == []


def test_insert_sync_sees_the_ordering_of_tsync():
    """With both loads waited for by tsync the pass inserts no MTE2 -> V pair; waiting for
    the first load only, it inserts the pair the second needs; waiting for the second orders
    the first too (MTE2 runs in order)."""
    both = synced(kernel(f"pto.tsync ins(%ta, %tb : {_TILE}, {_TILE})"))
    assert [op for op in both.walk() if isinstance(op, SetFlagOp)] == []
    assert hazards(both) == []
    first = synced(kernel(f"pto.tsync ins(%ta : {_TILE})"))
    assert [(op.src, op.dst) for op in first.walk() if isinstance(op, SetFlagOp)] == [
        (Pipe.MTE2, Pipe.V)
    ]
    second = synced(kernel(f"pto.tsync ins(%tb : {_TILE})"))
    assert [op for op in second.walk() if isinstance(op, SetFlagOp)] == []
    assert hazards(second) == []


def test_tsync_op_is_a_barrier_on_the_pipe_of_its_op_class():
    """A2/A3 orders two vector tile instructions on the same bytes by a PIPE_V barrier
    (`SAME_PIPE_RULES`); `tsync.op #pto.op<TABS>` is that barrier, so the pass adds none."""
    module = synced(
        kernel(f"pto.tsync ins(%ta, %tb : {_TILE}, {_TILE})", between="pto.tsync.op #pto.op<TABS>")
    )
    assert [op for op in module.walk() if isinstance(op, BarrierOp)] == []
    assert hazards(module) == []
    bare = synced(kernel(f"pto.tsync ins(%ta, %tb : {_TILE}, {_TILE})"))
    assert [op.pipe() for op in bare.walk() if isinstance(op, BarrierOp)] == [Pipe.V]


def test_op_class_pipes_follow_the_instruction_kinds():
    """Spot checks of pto-isa's `OpPipeEntry` table against what each op class does."""
    assert OP_CLASS_PIPES["TLOAD"] is Pipe.MTE2
    assert OP_CLASS_PIPES["TSTORE_VEC"] is Pipe.MTE3
    assert OP_CLASS_PIPES["TMATMUL"] is Pipe.M
    assert OP_CLASS_PIPES["TSTORE_ACC"] is Pipe.FIX
    assert OP_CLASS_PIPES["TMOV_M2L"] is Pipe.MTE1
    assert OP_CLASS_PIPES["TADD"] is Pipe.V


def _buf(name: str, cols: int, valid: tuple[int, int]) -> TileBufType:
    return TileBufType(Location.VEC, mlir_type(dtype_named(name)), 2, cols,
                       v_row=valid[0], v_col=valid[1])  # fmt: skip


def _tpack(src_name: str, dst_name: str, bits: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """tpack of a 2 x 32 tile whose valid 2 x 2 region holds `bits` (src-width words); the
    whole dst before and after."""
    src_t, dst_t = _buf(src_name, 32, (2, 2)), _buf(dst_name, 32, (2, 2))
    machine = Machine(A5)
    src, dst = machine.tile_at(src_t, None, 2, 2), machine.tile_at(dst_t, None, 2, 2)
    width = dtype_named(src_name).bytes
    words = np.zeros((2, 32), np.dtype(f"u{width}"))
    words[:2, :2] = np.array(bits, np.dtype(f"u{width}")).reshape(2, 2)
    src.set(words.view(dtype_named(src_name).numpy))
    before = np.full((2, 32), 7, np.dtype(f"u{dtype_named(dst_name).bytes}"))
    dst.set(before.view(dtype_named(dst_name).numpy))
    run_tile_op(TilePackFunctions(machine), build_tile_op(A5, TPackOp, [src_t], dst_t), [src, dst])
    after = dst.get().view(before.dtype)
    return before, after


def test_tpack_keeps_the_low_bytes_of_each_element():
    """i32 -> i16, f32 -> f16 (bits), i32 -> ui8 and f16 -> i8: dst holds `word mod 2^bits`
    of each valid element; the rest of dst is untouched."""
    cases = [
        ("i32", "i16", [0x12345678, 0xFFFFFFFF, 70000, 2**32 - 70000]),
        ("f32", "f16", [0x3F800000, 0x3F803C00, 0x7FC0BEEF, 0x00010001]),
        ("i32", "ui8", [0x12345678, 0x000001FF, 0x80, 0xFFFFFF00]),
        ("f16", "i8", [0x3C00, 0x3C7F, 0xBC80, 0x00FF]),
    ]
    for src_name, dst_name, bits in cases:
        before, after = _tpack(src_name, dst_name, bits)
        modulus = 2 ** (8 * dtype_named(dst_name).bytes)
        want = before.copy()
        want[:2, :2] = np.array([b % modulus for b in bits]).reshape(2, 2)
        assert np.array_equal(after, want), (src_name, dst_name)


# ---- settf32mode / sethf32mode --------------------------------------------------------------
_A = "!pto.tile_buf<loc=left, dtype=f32, rows=16, cols=8, blayout=col_major, slayout=row_major>"
_B = "!pto.tile_buf<loc=right, dtype=f32, rows=8, cols=16, blayout=row_major, slayout=col_major>"
_C = (
    "!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major, "
    "fractal=1024>"
)
_TIE = 1 + 2.0**-11
"""Halfway between the TF32 neighbours 1 and 1 + 2^-10 (10 mantissa bits)."""


def _matmul_under(target: str, mode: str) -> np.ndarray:
    """C = A @ B with A all `_TIE`, B all ones (k = 8), after the mode op `mode`."""
    text = f"""
builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k(%a: {_A}, %b: {_B}, %c: {_C}) {{
    {mode}
    pto.tmatmul ins(%a, %b : {_A}, {_B}) outs(%c : {_C})
    func.return
  }}
}}"""
    module = parse_kernel(text)
    machine = Machine(PROFILES[TargetArch(target)])
    types = support.arg_types(module, "k")
    values = (_TIE, 1.0, 0.0)
    tiles = [support.filled(machine, t, v, t.shape) for t, v in zip(types, values, strict=True)]
    interpreter = Interpreter(module)
    interpreter.register_implementations(FuncFunctions())
    for functions in (TileConfigFunctions, TileMatrixFunctions):
        interpreter.register_implementations(functions(machine))
    interpreter.call_op("k", tuple(tiles))
    return tiles[2].get()


def test_settf32mode_rounds_the_f32_operands_of_later_a5_tile_matmuls():
    """A5: CAST_ROUND rounds the tie away (8 x (1 + 2^-10)), CAST_RINT to even (8 x 1); without
    the mode, or disabled again, the f32 operand is exact (8 x (1 + 2^-11)). A2/A3 and the CPU
    simulator keep f32 operands (settf32mode.md)."""
    on = "pto.settf32mode {enable = true, mode = #pto.round_mode<CAST_ROUND>}"
    cases = {
        ("a5", on): 8 * (1 + 2.0**-10),
        ("a5", "pto.settf32mode {enable = true, mode = #pto.round_mode<CAST_RINT>}"): 8.0,
        ("a5", "pto.settf32mode {enable = true}"): 8 * (1 + 2.0**-10),
        ("a5", on + "\n    pto.settf32mode {enable = false}"): 8 * _TIE,
        ("a5", ""): 8 * _TIE,
        ("a2a3", on): 8 * _TIE,
        ("cpu", on): 8 * _TIE,
    }
    for (target, mode), want in cases.items():
        assert np.all(_matmul_under(target, mode) == np.float32(want)), (target, mode)


def test_an_f32_tile_matmul_under_hf32_stops_naming_the_missing_source():
    with pytest.raises(PtoRuntimeError, match="no public source fixes what HF32 does"):
        _matmul_under("a5", "pto.sethf32mode {enable = true}")
    assert np.all(_matmul_under("cpu", "pto.sethf32mode {enable = true}") == np.float32(8 * _TIE))
    off = "pto.sethf32mode {enable = true}\n    pto.sethf32mode {enable = false}"
    assert np.all(_matmul_under("a2a3", off) == np.float32(8 * _TIE))


def test_an_unknown_op_class_is_a_diagnostic_at_its_name():
    with pytest.raises(ParseError, match=r"unknown op class TFOO") as caught:
        parse_kernel("func.func @f() {\n  pto.tsync.op #pto.op<TFOO>\n  func.return\n}")
    assert "2:24" in str(caught.value)
