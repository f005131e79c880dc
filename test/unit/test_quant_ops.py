"""`tquant` (INT8 forms) and `tdequant` against per-element Python references: the product
(and sum) rounded once to f32, then round-half-to-even and saturation (Python's `round`,
clamped; NaN gives 0), on every target, with partial valid regions and per-row parameters
in R x 1 column-major tiles; the A5 row-broadcast of row-major parameter tiles; tdequant's
per-column parameters on the CPU simulator.
"""

from __future__ import annotations

import math
from typing import cast

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import Bench, context, run_tile_op
from xdsl.dialects import arith, scf
from xdsl.passes import PassPipeline
from xdsl.utils.exceptions import VerifyException

from interpreters.engine.source import parse_module
from interpreters.launching.args import ArrayArg
from interpreters.launching.execute import run_function
from interpreters.machine.pipes import UntrackedPipes
from interpreters.ops.tile_quant import TileQuantFunctions
from passes.lower_tile_to_vector.lower import LowerTileToVectorPass
from pto_dialect.ops.tile_quant import TDequantOp, TQuantOp
from pto_dialect.records import Effect
from pto_dialect.targets import profile
from pto_dialect.tile_types import TileTypeBase

CONTEXT = context(arith.Arith, scf.Scf)
TARGETS = ("a2a3", "a5", "cpu")


def f32(value: float) -> float:
    """`value` (exact in a double) rounded once to f32."""
    return float(np.float32(value))


def quant_reference(x: float, scale: float, offset: float | None, signed: bool) -> int:
    y = f32(x * scale)
    if offset is not None:
        y = f32(y + offset)
    if math.isnan(y):
        return 0
    low, high = (-128, 127) if signed else (0, 255)
    if math.isinf(y):
        return high if y > 0 else low
    return max(low, min(high, round(y)))


def dequant_reference(q: int, scale: float, offset: float) -> float:
    return f32(f32(q - offset) * scale)


def _view(name: str, rows: int, cols: int, t: str) -> list[str]:
    return [
        f"%r_{name} = arith.constant {rows} : index",
        f"%k_{name} = arith.constant {cols} : index",
        f"%v_{name} = pto.make_tensor_view %{name}, shape = [%r_{name}, %k_{name}], strides = "
        f"[%k_{name}, %c1] : !pto.tensor_view<?x?x{t}>",
        f"%p_{name} = pto.partition_view %v_{name}, offsets = [%c0, %c0], sizes = [%r_{name}, "
        f"%k_{name}] : !pto.tensor_view<?x?x{t}> -> !pto.partition_tensor_view<{rows}x{cols}x{t}>",
    ]


def kernel(target: str, op: str, src_t: str, dst_t: str, valid: tuple[int, int],
           params: int, attr: str, param_cols: int = 1) -> str:  # fmt: skip
    rows, cols = valid
    layout = ", blayout=col_major" if param_cols == 1 else ""
    prows = 8 if param_cols == 1 else rows
    ptile = (f"!pto.tile<loc=vec, dtype=f32, rows={prows}, cols={param_cols}, v_row={rows}, "
             f"v_col={param_cols}{layout}>")  # fmt: skip
    stile = f"!pto.tile<loc=vec, dtype={src_t}, rows=8, cols=64, v_row={rows}, v_col={cols}>"
    dtile = f"!pto.tile<loc=vec, dtype={dst_t}, rows=8, cols=64, v_row={rows}, v_col={cols}>"
    names = ["src", *[f"p{k}" for k in range(params)]]
    sig = [f"%src: !pto.ptr<{src_t}>", *[f"%p{k}: !pto.ptr<f32>" for k in range(params)],
           f"%dst: !pto.ptr<{dst_t}>"]  # fmt: skip
    lines = _view("src", rows, cols, src_t) + _view("dst", rows, cols, dst_t)
    for name in names[1:]:
        lines += _view(name, rows, param_cols, "f32")
    pview = f"!pto.partition_tensor_view<{rows}x{param_cols}xf32>"
    lines.append(f"%t_src = pto.tload %p_src : !pto.partition_tensor_view<{rows}x{cols}x{src_t}>"
                 f" -> {stile}")  # fmt: skip
    for name in names[1:]:
        lines.append(f"%t_{name} = pto.tload %p_{name} : {pview} -> {ptile}")
    operands = ", ".join(f"%t_{n}" for n in names)
    types = ", ".join([stile] + [ptile] * params)
    lines.append(f"%out = pto.{op} {operands} {attr} : ({types}) -> {dtile}")
    lines.append(f"pto.tstore %out, %p_dst : {dtile}, !pto.partition_tensor_view<{rows}x{cols}"
                 f"x{dst_t}>")  # fmt: skip
    body = "".join(f"    {line}\n" for line in lines)
    return (
        f'builtin.module attributes {{pto.target_arch = "{target}"}} {{\n'
        f"  func.func @k({', '.join(sig)}) {{\n"
        "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
        f"{body}    func.return\n  }}\n}}\n"
    )


def run(text: str, arrays: list[np.ndarray]) -> np.ndarray:
    module = parse_module(CONTEXT, text, "k.mlir")
    module.verify()
    outs = run_function(module, [ArrayArg(a.copy()) for a in arrays], pipes=UntrackedPipes())
    result = outs.outputs()[-1]
    assert result is not None
    return result


SPECIAL = [0.5, 1.5, 2.5, -0.5, -2.5, 126.5, 127.5, -128.5, 300.0, -1e9, math.inf, -math.inf,
           math.nan, -0.0]  # fmt: skip


@st.composite
def quant_cases(draw: st.DrawFn) -> tuple[str, bool, tuple[int, int], int]:
    target = draw(st.sampled_from(TARGETS))
    asym = draw(st.booleans())
    valid = (draw(st.integers(1, 8)), draw(st.integers(1, 64)))
    return target, asym, valid, draw(st.integers(0, 10_000))


@settings(max_examples=30, deadline=None)
@given(case=quant_cases())
def test_tquant_reference(case: tuple[str, bool, tuple[int, int], int]) -> None:
    target, asym, (rows, cols), seed = case
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal((rows, cols)) * 100).astype(np.float32)
    picks = rng.integers(0, rows * cols, rows * cols // 3)
    x.flat[picks] = np.array(SPECIAL, np.float32)[rng.integers(0, len(SPECIAL), picks.size)]
    scale = rng.choice(np.array([1.0, 0.5, 2.0, 0.3, 1.7, -1.0], np.float32), (rows, 1))
    offset = rng.integers(0, 256, (rows, 1)).astype(np.float32)
    kind = "INT8_ASYM" if asym else "INT8_SYM"
    attr = f"{{quant_type = #pto<quant_type {kind}>}}"
    dst_t = "ui8" if asym else "i8"
    text = kernel(target, "tquant", "f32", dst_t, (rows, cols), 2 if asym else 1, attr)
    arrays = [
        x,
        scale,
        *([offset] if asym else []),
        np.zeros((rows, cols), np.uint8 if asym else np.int8),
    ]
    got = run(text, arrays)
    for i in range(rows):
        for j in range(cols):
            zp = float(offset[i, 0]) if asym else None
            want = quant_reference(float(x[i, j]), float(scale[i, 0]), zp, not asym)
            assert int(got[i, j]) == want, (i, j, x[i, j], scale[i, 0], zp)


@settings(max_examples=30, deadline=None)
@given(case=quant_cases())
def test_tdequant_reference(case: tuple[str, bool, tuple[int, int], int]) -> None:
    target, wide, (rows, cols), seed = case
    rng = np.random.default_rng(seed)
    src_t, numpy_t = ("i16", np.int16) if wide else ("i8", np.int8)
    info = np.iinfo(numpy_t)
    q = rng.integers(info.min, int(info.max) + 1, (rows, cols)).astype(numpy_t)
    q.flat[0] = info.min
    scale = (rng.standard_normal((rows, 1)) * 0.1).astype(np.float32)
    offset = rng.choice(np.array([0.0, 3.0, -7.5, 128.0, 0.1], np.float32), (rows, 1))
    text = kernel(target, "tdequant", src_t, "f32", (rows, cols), 2, "")
    got = run(text, [q, scale, offset, np.zeros((rows, cols), np.float32)])
    for i in range(rows):
        for j in range(cols):
            want = dequant_reference(int(q[i, j]), float(scale[i, 0]), float(offset[i, 0]))
            assert got[i, j] == np.float32(want), (i, j)


def test_a5_broadcasts_parameter_storage_by_row() -> None:
    """A5 loads row r's scale from storage element r (vlds BRC_B32 at offset `row`); A2/A3 and
    the CPU take logical element (r, 0). A row-major 4 x 8 scale tile shows the difference."""
    x = np.ones((4, 8), np.float32)
    scale = np.arange(32, dtype=np.float32).reshape(4, 8)
    attr = "{quant_type = #pto<quant_type INT8_SYM>}"
    for target, want in (("a5", [0, 1, 2, 3]), ("a2a3", [0, 8, 16, 24]), ("cpu", [0, 8, 16, 24])):
        text = kernel(target, "tquant", "f32", "i8", (4, 8), 1, attr, param_cols=8)
        got = run(text, [x, scale, np.zeros((4, 8), np.int8)])
        assert got[:, 0].tolist() == want and (got == got[:, :1]).all()


def test_cpu_tdequant_takes_parameter_columns() -> None:
    """cpu/TDeQuant.hpp: column min(c, C_param - 1) of the parameter tiles; NPU targets
    broadcast column 0."""
    q = np.full((2, 16), 10, np.int8)
    scale = np.tile(np.arange(1, 9, dtype=np.float32), (2, 1))
    offset = np.zeros((2, 8), np.float32)
    for target in TARGETS:
        text = kernel(target, "tdequant", "i8", "f32", (2, 16), 2, "", param_cols=8)
        got = run(text, [q, scale, offset, np.zeros((2, 16), np.float32)])
        if target == "cpu":
            want = [10.0 * min(c + 1, 8) for c in range(16)]
        else:
            want = [10.0] * 16
        assert got[0].tolist() == want


def test_tquant_scratch_src_on_a2a3() -> None:
    """A2/A3 scales src in place: src is declared scratch there only."""
    f = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>"
    p = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>"
    d = "!pto.tile_buf<loc=vec, dtype=i8, rows=8, cols=64>"
    for target, effect in (("a2a3", "SCRATCH"), ("a5", "READ"), ("cpu", "READ")):
        text = f"""builtin.module attributes {{pto.target_arch = "{target}"}} {{
          func.func @k(%x: {f}, %s: {p}, %d: {d}) {{
            pto.tquant ins(%x, %s : {f}, {p}) outs(%d : {d})
                {{quant_type = #pto<quant_type INT8_SYM>}}
            func.return
          }}
        }}"""
        module = parse_module(CONTEXT, text, "k.mlir")
        module.verify()
        op = next(o for o in module.walk() if isinstance(o, TQuantOp))
        assert [e.name for e in op.operand_effects()] == [effect, "READ", "WRITE"]


def test_tquant_tmp_after_dst() -> None:
    """PTOAS's `outs(%dst, %tmp)` (tquant_e2e): tmp is scratch, dst as without it; on A2/A3
    tmp is src's shape (PTOAS's verifier), on A5 any f32 tile."""
    f = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64>"
    p = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>"
    d = "!pto.tile_buf<loc=vec, dtype=i8, rows=8, cols=64>"
    for target, tmp in (("a2a3", f), ("a5", p), ("a2a3", p)):
        text = f"""builtin.module attributes {{pto.target_arch = "{target}"}} {{
          func.func @k(%x: {f}, %s: {p}, %d: {d}, %t: {tmp}) {{
            pto.tquant ins(%x, %s : {f}, {p}) outs(%d, %t : {d}, {tmp})
                {{quant_type = #pto<quant_type INT8_SYM>}}
            func.return
          }}
        }}"""
        module = parse_module(CONTEXT, text, "k.mlir")
        if tmp == p and target == "a2a3":
            with pytest.raises(VerifyException, match="tmp on A2/A3 must be a row-major tile"):
                module.verify()
            continue
        module.verify()
        op = next(o for o in module.walk() if isinstance(o, TQuantOp))
        assert op.operand_effects()[2:] == (Effect.WRITE, Effect.SCRATCH)
        bench = Bench(profile(target))
        types = [cast(TileTypeBase, a.type) for a in op.operands]
        x = np.arange(512, dtype=np.float32).reshape(8, 64) - 256
        scale = np.full((8, 8), 0.5, np.float32)
        tiles = [bench.tile(types[0], (8, 64), x), bench.tile(types[1], (8, 8), scale)]
        tiles += [bench.tile(t, t.shape, None) for t in types[2:]]
        run_tile_op(TileQuantFunctions(bench.machine), op, tiles)
        expected = np.clip(np.rint(x * 0.5), -128, 127).astype(np.int8)
        assert (tiles[2].get() == expected).all()


def test_asym_without_offset_is_rejected() -> None:
    text = kernel(
        "a5", "tquant", "f32", "ui8", (2, 8), 1, "{quant_type = #pto<quant_type INT8_ASYM>}"
    )
    with pytest.raises(VerifyException, match="INT8_ASYM quantization takes an offset operand"):
        parse_module(CONTEXT, text, "k.mlir").verify()


# ---- pto-lower-tile-to-vector: tdequant of i16 ------------------------------------------


def dps_dequant(target: str, src_t: str, rows: int, cols: int, valid: tuple[int, int]) -> str:
    """Whole buffers loaded from GM at planned addresses, tdequant on a valid region, every
    buffer stored back (the parameter tiles row-major, one valid column)."""
    tiles = [
        ("src", src_t, cols, valid[1]),
        ("scale", "f32", 8, 1),
        ("offset", "f32", 8, 1),
        ("dst", "f32", cols, valid[1]),
    ]
    params: list[str] = []
    lines: list[str] = []
    typed: dict[str, str] = {}
    address = 0
    for name, t, width, vc in tiles:
        full = f"!pto.tile_buf<loc=vec, dtype={t}, rows={rows}, cols={width}>"
        typ = full.replace(">", f", v_row={valid[0]}, v_col={vc}>")
        typed[name] = typ
        view = f"!pto.partition_tensor_view<{rows}x{width}x{t}>"
        params.append(f"%g_{name}: !pto.ptr<{t}>")
        lines += [
            f"%k_{name} = arith.constant {width} : index",
            f"%w_{name} = pto.make_tensor_view %g_{name}, shape = [%r, %k_{name}], strides = "
            f"[%k_{name}, %c1] : !pto.tensor_view<?x?x{t}>",
            f"%p_{name} = pto.partition_view %w_{name}, offsets = [%c0, %c0], sizes = [%r, "
            f"%k_{name}] : !pto.tensor_view<?x?x{t}> -> {view}",
            f"%a_{name} = arith.constant {address} : i64",
            f"%f_{name} = pto.alloc_tile addr = %a_{name} : {full}",
            f"%{name} = pto.alloc_tile addr = %a_{name} : {typ}",
            f"pto.tload ins(%p_{name} : {view}) outs(%f_{name} : {full})",
        ]
        bits = int("".join(ch for ch in t if ch.isdigit()))
        address += -(-rows * width * bits // 8 // 32) * 32
    lines.append("pto.barrier #pto.pipe<PIPE_ALL>")
    lines.append(
        f"pto.tdequant ins(%src, %scale, %offset : {typed['src']}, {typed['scale']}, "
        f"{typed['offset']}) outs(%dst : {typed['dst']})"
    )
    lines.append("pto.barrier #pto.pipe<PIPE_ALL>")
    for name, t, width, _ in tiles:
        full = f"!pto.tile_buf<loc=vec, dtype={t}, rows={rows}, cols={width}>"
        view = f"!pto.partition_tensor_view<{rows}x{width}x{t}>"
        lines.append(f"pto.tstore ins(%f_{name} : {full}) outs(%p_{name} : {view})")
    body = "".join(f"    {line}\n" for line in lines)
    return (
        f'builtin.module attributes {{pto.target_arch = "{target}"}} {{\n'
        f"  func.func @k({', '.join(params)}) {{\n"
        "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
        f"    %r = arith.constant {rows} : index\n{body}    func.return\n  }}\n}}\n"
    )


def _run_module(text: str, arrays: list[np.ndarray], lower: bool) -> list[np.ndarray]:
    module = parse_module(CONTEXT, text, "k.mlir")
    module.verify()
    if lower:
        PassPipeline((LowerTileToVectorPass(),)).apply(CONTEXT, module)
        module.verify()
    result = run_function(module, [ArrayArg(a.copy()) for a in arrays], pipes=UntrackedPipes())
    return [o for o in result.outputs() if o is not None]


@settings(max_examples=20, deadline=None)
@given(target=st.sampled_from(TARGETS), rows=st.integers(1, 4), chunks=st.integers(1, 3),
       data=st.data())  # fmt: skip
def test_tdequant_lowering_gives_the_same_bytes(
    target: str, rows: int, chunks: int, data: st.DataObject
) -> None:
    cols = 64 * chunks
    valid = (data.draw(st.integers(1, rows)), data.draw(st.integers(1, cols)))
    rng = np.random.default_rng(data.draw(st.integers(0, 999)))
    src = rng.integers(-(2**15), 2**15, (rows, cols)).astype(np.int16)
    params = [rng.standard_normal((rows, 8)).astype(np.float32) for _ in range(2)]
    params[0][0, 0], params[1][-1, 0] = np.nan, -np.inf
    dst = rng.standard_normal((rows, cols)).astype(np.float32)
    text = dps_dequant(target, "i16", rows, cols, valid)
    want = _run_module(text, [src, *params, dst], lower=False)
    got = _run_module(text, [src, *params, dst], lower=True)
    for a, b in zip(got, want, strict=True):
        assert np.array_equal(a.view(np.uint8), b.view(np.uint8))
    expect = dst.copy()
    for i in range(valid[0]):
        for j in range(valid[1]):
            expect[i, j] = dequant_reference(int(src[i, j]), float(params[0][i, 0]),
                                             float(params[1][i, 0]))  # fmt: skip
    assert same_floats(want[3], expect)


def same_floats(a: np.ndarray, b: np.ndarray) -> bool:
    nan = np.isnan(b)
    return bool(np.array_equal(np.isnan(a), nan) and np.array_equal(a[~nan], b[~nan]))


def test_tdequant_of_i8_stays_a_tile_op() -> None:
    text = dps_dequant("a5", "i8", 2, 64, (2, 64))
    module = parse_module(CONTEXT, text, "k.mlir")
    PassPipeline((LowerTileToVectorPass(),)).apply(CONTEXT, module)
    assert any(isinstance(o, TDequantOp) for o in module.walk())
