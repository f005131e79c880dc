"""`tquant.mx` against a per-group Python reference of pto-isa's CPU simulator
(cpu/TQuant.hpp): the E4M3FN code found by searching all 256 codes (nearest, ties to the even
code, then the smaller one), E2M1 rounded to nearest-even on its eight magnitudes (saturating
at 6), exponents from `math.frexp`; the grouping axes, the legacy flat and interleaved layouts,
the NV algorithm and the ZZ exponent order (the verifier's rules:
test/filecheck/dialect/tile_quant_mx_invalid.mlir).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from support import context
from xdsl.dialects import arith
from xdsl.utils.exceptions import ParseError

from interpreters.engine.source import parse_module
from interpreters.launching.args import ArrayArg
from interpreters.launching.execute import run_function
from interpreters.machine.pipes import UntrackedPipes

CONTEXT = context(arith.Arith)
E2M1 = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]


def f32(value: float) -> float:
    return float(np.float32(value))


def e4m3_value(code: int) -> float:
    sign = -1.0 if code & 0x80 else 1.0
    exp, mant = (code >> 3) & 0xF, code & 0x7
    if exp == 0:
        return sign * mant * 2.0**-9
    return sign * (1 + mant / 8) * 2.0 ** (exp - 7)


def e4m3_code(value: float, nv: bool) -> int:
    if math.isnan(value):
        return 0x7F
    if nv and abs(value) < 2.0**-10:
        return 0x80 if math.copysign(1, value) < 0 else 0
    clipped = min(max(value, -448.0), 448.0)
    distance = np.abs(E4M3_VALUES - clipped)
    candidates = np.flatnonzero(distance == distance.min())
    return int(min(candidates, key=lambda c: (c & 1, c)))


E4M3_VALUES = np.array(
    [e4m3_value(c) if c & 0x7F != 0x7F else np.inf for c in range(256)], np.float64
)


def e2m1_code(value: float) -> int:
    sign = 8 if math.copysign(1, value) < 0 else 0
    if math.isnan(value):
        return 7
    magnitude = min(abs(value), 1e30)
    code = min(range(8), key=lambda c: (abs(E2M1[c] - magnitude), c & 1))
    return sign | code


def field(value: float) -> int:
    """The f32 exponent field of a non-negative value."""
    if value < 2.0**-126:
        return 0
    return math.frexp(value)[1] - 1 + 127


def reference(group: list[float], fp4: bool, nv: bool) -> tuple[list[int], int, float, float]:
    magnitudes = [abs(v) for v in group if not math.isnan(v)]
    peak = max(magnitudes, default=0.0)
    if nv:
        descale = f32(peak * f32(1 / 6 if fp4 else 1 / 448))
        exponent = 0 if peak == 0 else field(descale) + (math.frexp(descale)[0] != 0.5)
    else:
        exponent = max(field(peak) - (2 if fp4 else 8), 0)
    scaling = f32(2.0 ** (127 - exponent)) if exponent < 254 else f32(2.0**-127)
    scaled = [f32(v * scaling) for v in group]
    codes = [e2m1_code(v) if fp4 else e4m3_code(v, nv) for v in scaled]
    return codes, exponent, peak, scaling


def tile(t: str, rows: int, cols: int, v: tuple[int, int] | None = None) -> str:
    vr, vc = v or (rows, cols)
    return f"!pto.tile_buf<loc=vec, dtype={t}, rows={rows}, cols={cols}, v_row={vr}, v_col={vc}>"


def kernel(src_t: str, shape: tuple[int, int], outs: list[tuple[str, str, int, int]],
           attrs: str) -> str:  # fmt: skip
    """Loads src (GM arg 0), quantises, stores each out (GM args 1..)."""
    rows, cols = shape
    names = ["src", *[f"o{k}" for k in range(len(outs))]]
    shapes = [(src_t, rows, cols), *[(t, r, c) for _, t, r, c in outs]]
    lines = ['builtin.module attributes {pto.target_arch = "a5"} {']
    sig = ", ".join(f"%{n}: !pto.ptr<{t}>" for n, (t, _, _) in zip(names, shapes, strict=True))
    lines += [f"func.func @k({sig}) {{", "%c0 = arith.constant 0 : index",
              "%c1 = arith.constant 1 : index"]  # fmt: skip
    types: list[str] = []
    for n, (t, r, c) in zip(names, shapes, strict=True):
        pv = f"!pto.partition_tensor_view<{r}x{c}x{t}>"
        tt = tile(t, r, c)
        types.append(tt)
        lines += [
            f"%r{n} = arith.constant {r} : index",
            f"%k{n} = arith.constant {c} : index",
            f"%v{n} = pto.make_tensor_view %{n}, shape = [%r{n}, %k{n}], strides = [%k{n}, %c1]"
            f" : !pto.tensor_view<?x?x{t}>",
            f"%p{n} = pto.partition_view %v{n}, offsets = [%c0, %c0], sizes = [%r{n}, %k{n}] :"
            f" !pto.tensor_view<?x?x{t}> -> {pv}",
            f"%t{n} = pto.alloc_tile : {tt}",
        ]
    lines.append(f"pto.tload ins(%psrc : !pto.partition_tensor_view<{rows}x{cols}x{src_t}>) "
                 f"outs(%tsrc : {types[0]})")  # fmt: skip
    out_names = ", ".join(f"%t{n}" for n in names[1:])
    lines.append(f"pto.tquant.mx ins(%tsrc : {types[0]}) outs({out_names} : "
                 f"{', '.join(types[1:])}) {{{attrs}}}")  # fmt: skip
    for n, (t, r, c), tt in zip(names[1:], shapes[1:], types[1:], strict=True):
        lines.append(f"pto.tstore ins(%t{n} : {tt}) outs(%p{n} : "
                     f"!pto.partition_tensor_view<{r}x{c}x{t}>)")  # fmt: skip
    lines += ["func.return", "}", "}"]
    return "\n".join(lines)


def run(text: str, arrays: list[np.ndarray]) -> list[np.ndarray]:
    module = parse_module(CONTEXT, text, "k.mlir")
    module.verify()
    outs = run_function(module, [ArrayArg(a.copy()) for a in arrays], pipes=UntrackedPipes())
    return [o for o in outs.outputs()[1:] if o is not None]


def sample(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    x = rng.standard_normal(shape) * np.exp2(rng.integers(-20, 20, (shape[0], 1)))
    x.flat[rng.integers(0, x.size, 4)] = [0.0, -0.0, 1e-30, -7.5e-3]
    return x


@pytest.mark.parametrize("nv", [False, True])
def test_mxfp8_rows(nv: bool) -> None:
    """axis1, legacy flat [1, M*N/32] group tiles, f32 source."""
    rng = np.random.default_rng(7 + nv)
    x = sample(rng, (8, 128)).astype(np.float32)
    x[3, 5] = np.nan
    x[5, :32] = 0.0
    groups = 8 * 4
    outs = [("dst", "ui8", 8, 128), ("exp", "ui8", 1, groups), ("max", "f32", 1, groups),
            ("scaling", "f32", 1, groups)]  # fmt: skip
    alg = ", quantScaleAlg = #pto<quant_scale_alg nv>" if nv else ""
    text = kernel("f32", (8, 128), outs, f"quant_type = #pto<quant_type MXFP8>{alg}")
    arrays = [x, np.zeros((8, 128), np.uint8), np.zeros((1, groups), np.uint8),
              np.zeros((1, groups), np.float32), np.zeros((1, groups), np.float32)]  # fmt: skip
    dst, exp, peak, scaling = run(text, arrays)
    for r in range(8):
        for g in range(4):
            group = [float(v) for v in x[r, 32 * g : 32 * g + 32]]
            codes, e, m, s = reference(group, False, nv)
            k = r * 4 + g
            assert dst[r, 32 * g : 32 * g + 32].tolist() == codes, (r, g)
            assert (int(exp[0, k]), float(peak[0, k]), float(scaling[0, k])) == (e, m, s)


@pytest.mark.parametrize("n", [64, 32])
def test_mxfp4_columns_bf16(n: int) -> None:
    """axis0, [M/32, N] group tiles, bf16 source (the product rounded to bf16), packed nibbles.
    n = 32: a dst row of 16 bytes, 32 values (pto-isa's row rule counts an FP4 pair's values)."""
    rng = np.random.default_rng(3)
    import ml_dtypes

    x = sample(rng, (64, n)).astype(ml_dtypes.bfloat16)
    outs = [("dst", "!pto.f4E2M1x2", 64, n // 2), ("exp", "ui8", 2, n), ("max", "bf16", 2, n),
            ("scaling", "bf16", 2, n)]  # fmt: skip
    attrs = "quant_type = #pto<quant_type MXFP4_E2M1>, grpAxis = #pto<mx_group_axis axis0>"
    text = kernel("bf16", (64, n), outs, attrs)
    half = np.zeros((2, n), ml_dtypes.bfloat16)
    arrays = [x, np.zeros((64, n // 2), np.uint8), np.zeros((2, n), np.uint8), half, half]
    dst, exp, peak, _ = run(text, arrays)
    for g in range(2):
        for c in range(n):
            group = [float(v) for v in x[32 * g : 32 * g + 32, c]]
            # OCP E2M1: the maximum of the bf16-truncated magnitudes (bf16 values: exact)
            _, e, m, s = reference(group, True, False)
            codes = [e2m1_code(float(np.float32(ml_dtypes.bfloat16(f32(v * s))))) for v in group]
            assert int(exp[g, c]) == e and float(peak[g, c]) == m
            nibbles = dst[32 * g : 32 * g + 32, c // 2]
            got = (nibbles >> (4 * (c % 2))) & 0xF
            assert got.tolist() == codes, (g, c)


def test_interleaved_and_zz_exponents() -> None:
    """interleave: byte 2j + h of row p is group row 2p + h; exp_zz: 16 x 2 blocks."""
    rng = np.random.default_rng(5)
    x = sample(rng, (64, 32)).astype(np.float32)
    outs = [("dst", "i8", 64, 32), ("exp", "ui8", 1, 64), ("max", "f32", 2, 32),
            ("scaling", "f32", 2, 32)]  # fmt: skip
    attrs = ("quant_type = #pto<quant_type MXFP8>, grpAxis = #pto<mx_group_axis axis0>, "
             "interleave = true")  # fmt: skip
    arrays = [x, np.zeros((64, 32), np.int8), np.zeros((1, 64), np.uint8),
              np.zeros((2, 32), np.float32), np.zeros((2, 32), np.float32)]  # fmt: skip
    _, exp, _, _ = run(kernel("f32", (64, 32), outs, attrs), arrays)
    for h in range(2):
        for j in range(32):
            want = reference([float(v) for v in x[32 * h : 32 * h + 32, j]], False, False)[1]
            assert int(exp[0, 2 * j + h]) == want
    y = sample(rng, (16, 64)).astype(np.float32)
    outs = [("dst", "i8", 16, 64), ("exp", "ui8", 1, 32), ("max", "f32", 1, 32),
            ("scaling", "f32", 1, 32), ("exp_zz", "ui8", 1, 32)]  # fmt: skip
    attrs = "quant_type = #pto<quant_type MXFP8>, storeMode = #pto<vec_store_mode nz>"
    arrays = [y, np.zeros((16, 64), np.int8), np.zeros((1, 32), np.uint8),
              *[np.zeros((1, 32), np.float32)] * 2, np.zeros((1, 32), np.uint8)]  # fmt: skip
    _, exp, _, _, zz = run(kernel("f32", (16, 64), outs, attrs), arrays)
    order = [r * 2 + g for r in range(16) for g in range(2)]  # one 16 x 2 block
    assert zz[0].tolist() == [int(exp[0, k]) for k in order]


def test_exponents_to_zz_by_tmov() -> None:
    """tmov's X-to-ZZ form: DN exponents E[2p + d][16 cb + q] at byte (cb * M^/2 + p) * 32 +
    2q + d (pto-isa TMovDnTo2Zz); ND ones as exp_zz (16 x 2 boxes)."""
    rng = np.random.default_rng(11)
    x = sample(rng, (128, 32)).astype(np.float32)
    e = tile("ui8", 4, 32)
    z = "!pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=128, blayout=row_major, slayout=row_major>"
    t = tile("ui8", 1, 32)
    src = tile("f32", 128, 32)
    lines = [
        'builtin.module attributes {pto.target_arch = "a5"} {',
        "func.func @k(%x: !pto.ptr<f32>, %o: !pto.ptr<ui8>, %oz: !pto.ptr<ui8>) {",
        "%c0 = arith.constant 0 : index",
        "%c1 = arith.constant 1 : index",
        "%c4 = arith.constant 4 : index",
        "%c32 = arith.constant 32 : index",
        "%c128 = arith.constant 128 : index",
        "%vx = pto.make_tensor_view %x, shape = [%c128, %c32], strides = [%c32, %c1] : "
        "!pto.tensor_view<?x?xf32>",
        "%px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c128, %c32] : "
        "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<128x32xf32>",
        "%vo = pto.make_tensor_view %o, shape = [%c4, %c32], strides = [%c32, %c1] : "
        "!pto.tensor_view<?x?xui8>",
        "%po = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c4, %c32] : "
        "!pto.tensor_view<?x?xui8> -> !pto.partition_tensor_view<4x32xui8>",
        "%vz = pto.make_tensor_view %oz, shape = [%c1, %c128], strides = [%c128, %c1] : "
        "!pto.tensor_view<?x?xui8>",
        "%pz = pto.partition_view %vz, offsets = [%c0, %c0], sizes = [%c1, %c128] : "
        "!pto.tensor_view<?x?xui8> -> !pto.partition_tensor_view<1x128xui8>",
        f"%s = pto.alloc_tile : {src}",
        f"%d = pto.alloc_tile : {tile('i8', 128, 32)}",
        f"%e = pto.alloc_tile : {e}",
        f"%m = pto.alloc_tile : {tile('f32', 4, 32)}",
        f"%sc = pto.alloc_tile : {tile('f32', 4, 32)}",
        f"%t = pto.alloc_tile : {t}",
        f"%z = pto.alloc_tile : {z}",
        f"pto.tload ins(%px : !pto.partition_tensor_view<128x32xf32>) outs(%s : {src})",
        f"pto.tquant.mx ins(%s : {src}) outs(%d, %e, %m, %sc : {tile('i8', 128, 32)}, {e}, "
        f"{tile('f32', 4, 32)}, {tile('f32', 4, 32)}) {{quant_type = #pto<quant_type MXFP8>, "
        "grpAxis = #pto<mx_group_axis axis0>}",
        f"pto.tmov ins(%e, %t : {e}, {t}) outs(%z : {z}) {{grpAxis = #pto<mx_group_axis axis0>}}",
        f"pto.tstore ins(%e : {e}) outs(%po : !pto.partition_tensor_view<4x32xui8>)",
        f"pto.tstore ins(%z : {z}) outs(%pz : !pto.partition_tensor_view<1x128xui8>)",
        "func.return",
        "}",
        "}",
    ]
    arrays = [x, np.zeros((4, 32), np.uint8), np.zeros((1, 128), np.uint8)]
    exp, zz = run("\n".join(lines), arrays)
    for cb in range(2):
        for p in range(2):
            for q in range(16):
                for d in range(2):
                    assert zz[0, (cb * 2 + p) * 32 + 2 * q + d] == exp[2 * p + d, 16 * cb + q]


def test_fp4_rows_count_values_for_the_32_byte_rule() -> None:
    """A packed FP4 row of 8 pairs is 16 values, fewer than pto-isa's 32 (its Tile, as PTOAS's
    EmitC renders it, counts values of one byte each): refused, the values named."""
    tile = "!pto.tile_buf<loc=vec, dtype=!pto.f4E2M1x2, rows=4, cols=8>"
    text = f"func.func @k() {{\n%t = pto.alloc_tile : {tile}\nfunc.return\n}}"
    with pytest.raises(ParseError, match=r"cols x sizeof\(f4E2M1x2\) .* got 8 x 2 values x 1"):
        parse_module(CONTEXT, text, "k.mlir")
