"""tcvt, tcmp, tcmps, tsel and tsels in the interpreter on every target, on partial valid
regions, against per-element references: `convert_reference` for conversions, Python's
IEEE comparisons and bit-by-bit packing for the mask tile (one bit per element, least
significant first, words of the mask element's width)."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from convert_reference import convert_one
from support import context, ieee_compare, parse_kernel
from xdsl.dialects import arith, scf

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.source import parse_module
from interpreters.launching.args import ArrayArg, ScalarArg
from interpreters.launching.execute import KernelError, run_function
from interpreters.semantics.hif8 import decode as hif8_decode
from passes.pipeline import PipelinePass
from pto_dialect.attrs import CmpMode, RoundMode, SatMode
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.ops.tile_compare import MASK_BITS, TCmpOp, TCmpSOp, TSelOp, TSelSOp
from pto_dialect.ops.tile_convert import PAIRS, round_modes
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile

TARGETS = (A2A3, A5, CPU)
ROWS, COLS = 4, 32
VALID = (3, 27)

# a5/TCvt.hpp: the pairs a tcvt without a saturation mode does not saturate
DEFAULT_OFF = {("f16", "ui8"), ("f16", "i8"), ("f32", "i16"), ("f16", "i16"), ("i64", "i32"),
               ("i32", "i16")}  # fmt: skip


def buf(dtype: DType, valid: tuple[int, int] = VALID, cols: int = COLS) -> str:
    return (
        f"!pto.tile_buf<loc=vec, dtype={dtype.name}, rows={ROWS}, cols={cols}, "
        f"v_row={valid[0]}, v_col={valid[1]}>"
    )


def mask_buf(word: DType, cols: int) -> str:
    """A mask tile of 3 x 4 valid words."""
    return f"!pto.tile_buf<loc=vec, dtype={word.name}, rows={ROWS}, cols={cols}, v_row=3, v_col=4>"


def kernel(target: TargetProfile, params: list[str], body: list[str]) -> str:
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(params))
    lines = "\n    ".join(body)
    return (
        f'builtin.module attributes {{pto.target_arch = "{target.name}"}} {{\n'
        f"  func.func @k({args}) {{\n    {lines}\n    func.return\n  }}\n}}"
    )


def run(text: str, args: list[Any]) -> list[np.ndarray | None]:
    with np.errstate(all="ignore"):
        return run_function(parse_kernel(text), args).outputs()


def random_bits(dtype: DType, shape: tuple[int, int], seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    raw = rng.integers(0, 256, size=(shape[0], shape[1] * dtype.bytes), dtype=np.uint8)
    return raw.view(dtype.numpy)


def element(value: np.generic, dtype: DType) -> Any:
    return float(value) if dtype.is_float else int(value)


# ---- tcvt -------------------------------------------------------------------------------

CASES = [
    (target, src, dst)
    for target in TARGETS
    for src, dst in sorted(PAIRS[target.arch], key=lambda p: (p[0].name, p[1].name))
    if not {"hif8", "f4E1M2x2", "f4E2M1x2"} & {src.name, dst.name}  # tested below
]


@pytest.mark.parametrize(
    ("target", "src", "dst"), CASES, ids=[f"{t.name}-{s}-{d}" for t, s, d in CASES]
)
def test_tcvt_region_modes_and_default_saturation(
    target: TargetProfile, src: DType, dst: DType
) -> None:
    modes = sorted(round_modes(src, dst))
    mode = modes[(len(src.name) + 3 * len(dst.name)) % len(modes)]
    sat = SatMode.ON if (src.bits + dst.bits) % 16 else SatMode.OFF
    body = [
        f"pto.tcvt ins(%a0 {{rmode = #pto<round_mode {mode.value}>, satmode = "
        f"#pto.saturation_mode<{sat.value}>}} : {buf(src)}) outs(%a1 : {buf(dst)})",
        f"pto.tcvt ins(%a0 : {buf(src)}) outs(%a2 : {buf(dst)})",
    ]
    text = kernel(target, [buf(src), buf(dst), buf(dst)], body)
    values = random_bits(src, (ROWS, COLS), 3)
    if src.is_float:  # some edge values in the region
        edges = np.array([math.nan, math.inf, -math.inf, -0.0, 2.5, -3.5, 1e30, -1e30], np.float64)
        values[0, : len(edges)] = edges.astype(src.numpy)
    first, second = random_bits(dst, (ROWS, COLS), 4), random_bits(dst, (ROWS, COLS), 5)
    outs = run(text, [ArrayArg(values), ArrayArg(first.copy()), ArrayArg(second.copy())])
    default = SatMode.OFF if (src.name, dst.name) in DEFAULT_OFF else SatMode.ON
    rows, cols = VALID
    for got, initial, (m, s) in (
        (outs[1], first, (mode, sat)),
        (outs[2], second, (RoundMode.RINT, default)),
    ):
        assert got is not None
        want = initial.copy()
        for i in range(rows):
            for j in range(cols):
                result = convert_one(element(values[i, j], src), src, dst, m, s)
                want[i, j] = np.array(
                    [result], dtype=np.float64 if dst.is_float else np.int64
                ).astype(dst.numpy)[0]
        same = got.view(f"u{dst.bytes}") == want.view(f"u{dst.bytes}")
        if dst.is_float:
            same |= np.isnan(got.astype(np.float64)) & np.isnan(want.astype(np.float64))
        assert same.all(), (m, s, np.argwhere(~same)[:3])


@pytest.mark.parametrize("src", ["f32", "f16"])
def test_tcvt_hif8_rounds_away_from_zero(src: str) -> None:
    """A5's H8 paths round away from zero whatever the rmode and do not saturate (pto-isa
    a5/TCvt.hpp cast32toH8 `vcvt ... ROUND_A, RS_DISABLE`); hif8 -> f32 is exact. Codes of
    the format definition (test_cube_ops): 0x08 = 1.0, 0x10 = 2.0, 0x40 = 16, 0xC0 = -16;
    the tie between 0x08 and 0x09 goes to 0x09, -tie to 0x89."""
    one, next_up = hif8_decode(np.array([0x08, 0x09], np.uint8)).tolist()
    tie = (one + next_up) / 2
    values = np.zeros((ROWS, COLS), np.float64)
    values[0, :7] = [1.0, 2.0, 16.0, -16.0, 0.0, tie, -tie]
    src_t, dst_t = dtype_named(src), dtype_named("hif8")
    rint = "{rmode = #pto<round_mode RINT>}"
    body = [
        f"pto.tcvt ins(%a0 {rint} : {buf(src_t)}) outs(%a1 : {buf(dst_t)})",
        f"pto.tcvt ins(%a1 : {buf(dst_t)}) outs(%a2 : {buf(dtype_named('f32'))})",
    ]
    text = kernel(A5, [buf(src_t), buf(dst_t), buf(dtype_named("f32"))], body)
    text = text.replace("dtype=hif8", "dtype=!pto.hif8")
    codes = np.zeros((ROWS, COLS), np.uint8)
    back = np.zeros((ROWS, COLS), np.float32)
    outs = run(text, [ArrayArg(values.astype(src_t.numpy)), ArrayArg(codes), ArrayArg(back)])
    got, wide = outs[1], outs[2]
    assert got is not None and wide is not None
    assert got[0, :7].tolist() == [0x08, 0x10, 0x40, 0xC0, 0x00, 0x09, 0x89]
    assert wide[0, :5].tolist() == [1.0, 2.0, 16.0, -16.0, 0.0]
    assert wide[0, 5] == next_up and wide[0, 6] == -next_up


@pytest.mark.parametrize(
    ("fp4", "values", "codes", "decoded"),
    [  # PTOAS's board-tested tilelang_st tcvt golden (gen_data.py quantize pairs): ties even
        ("f4E1M2x2", [0.625, 0.875, -0.625, -0.875, 0.75, 1.75], [0x2, 0x4, 0xA, 0xC, 0x3, 0x7],
         [0.5, 1.0, -0.5, -1.0, 0.75, 1.75]),
        ("f4E2M1x2", [0.75, 1.25, 1.75, -0.75, -1.25, -1.75], [0x2, 0x2, 0x4, 0xA, 0xA, 0xC],
         [1.0, 1.0, 2.0, -1.0, -1.0, -2.0]),
    ],
)  # fmt: skip
def test_tcvt_bf16_to_fp4_packs_two_values_a_byte(
    fp4: str, values: list[float], codes: list[int], decoded: list[float]
) -> None:
    """A5 bf16 -> FP4 (tcvt.md): dst has half the columns, the even column's nibble low;
    FP4 -> bf16 gives the codes' values back."""
    bf16, f4 = dtype_named("bf16"), dtype_named(fp4)
    src_t = "!pto.tile_buf<loc=vec, dtype=bf16, rows=1, cols=64>"
    dst_t = f"!pto.tile_buf<loc=vec, dtype=!pto.{fp4}, rows=1, cols=32>"
    body = [
        f"pto.tcvt ins(%a0 : {src_t}) outs(%a1 : {dst_t})",
        f"pto.tcvt ins(%a1 : {dst_t}) outs(%a2 : {src_t})",
    ]
    text = kernel(A5, [src_t, dst_t, src_t], body)
    src = np.zeros((1, 64), bf16.numpy)
    src[0, : len(values)] = values
    outs = run(text, [ArrayArg(src), ArrayArg(np.full((1, 32), 0xFF, np.uint8)),
                      ArrayArg(np.zeros((1, 64), bf16.numpy))])  # fmt: skip
    packed, back = outs[1], outs[2]
    assert packed is not None and back is not None
    want = [codes[i] | (codes[i + 1] << 4) for i in range(0, len(codes), 2)]
    assert packed[0, : len(want)].tolist() == want and not packed[0, len(want) :].any()
    assert [float(v) for v in back[0, : len(values)]] == decoded
    assert f4.bytes == 1


def test_tcvt_valid_region_mismatch_is_a_runtime_error() -> None:
    f16 = dtype_named("f16")
    src = "!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=32, v_row=?, v_col=27>"
    text = kernel(A5, ["index", buf(f16)], [
        f"%t = pto.alloc_tile valid_row = %a0 : {src}",
        f"pto.tcvt ins(%t : {src}) outs(%a1 : {buf(f16)})",
    ])  # fmt: skip
    with pytest.raises((KernelError, PtoRuntimeError), match="must equal the dst valid region"):
        run(text, [ScalarArg(2, "index"), ArrayArg(np.zeros((ROWS, COLS), np.float16))])


# ---- tcmp / tcmps -----------------------------------------------------------------------


def packed(bits: list[list[bool]], word: DType, words: int) -> np.ndarray:
    width = word.bits
    out = np.zeros((len(bits), words), dtype=np.uint64)
    for i, row in enumerate(bits):
        for j, bit in enumerate(row):
            if bit:
                out[i, j // width] |= np.uint64(1) << np.uint64(j % width)
    return out.astype(f"u{word.bytes}").view(word.numpy)


COMPARE_CASES = [
    (target, dtype, bits)
    for target in TARGETS
    for dtype in sorted(TCmpOp.legal_dtypes(target), key=lambda d: d.name)
    for bits in sorted(MASK_BITS[target.arch])
    if not (target is CPU and bits == 8 and dtype not in TCmpOp.legal_dtypes(A2A3))
]


@pytest.mark.parametrize(
    ("target", "dtype", "bits"),
    COMPARE_CASES,
    ids=[f"{t.name}-{d}-b{b}" for t, d, b in COMPARE_CASES],
)
def test_tcmp_every_mode_packs_bits(target: TargetProfile, dtype: DType, bits: int) -> None:
    word = dtype_named(f"ui{bits}")
    mask_cols = 32 if bits == 8 else 8
    mask = mask_buf(word, mask_cols)
    small = buf(dtype, (3, 20))
    body = [
        f"pto.tcmp ins(%a0, %a1 {{cmpMode = #pto<cmp {m.value.lower()}>}} : {buf(dtype)}, {small}) "
        f"outs(%a{2 + k} : {mask})"
        for k, m in enumerate(CmpMode)
    ]
    text = kernel(target, [buf(dtype), small] + [mask] * len(CmpMode), body)
    lhs = random_bits(dtype, (ROWS, COLS), 11)
    rhs = lhs.copy()
    rhs[:, ::3] = random_bits(dtype, (ROWS, COLS), 12)[:, ::3]  # equal and different lanes
    if dtype.is_float:
        lhs[0, :4] = np.array([math.nan, 1.0, -0.0, math.inf], np.float64).astype(dtype.numpy)
        rhs[0, :4] = np.array([1.0, math.nan, 0.0, math.inf], np.float64).astype(dtype.numpy)
    initial = [random_bits(word, (ROWS, mask_cols), 20 + k) for k in range(len(CmpMode))]
    outs = run(text, [ArrayArg(lhs), ArrayArg(rhs)] + [ArrayArg(m.copy()) for m in initial])
    ones = np.full(dtype.bytes, 0xFF, np.uint8).view(dtype.numpy)[0]  # beyond src1's region
    eq_only = target is A2A3 and dtype.name == "i32"  # tcmp.md: A2/A3 int32 ignores the mode
    for k, mode in enumerate(CmpMode):
        tested = CmpMode.EQ if eq_only else mode
        bits_rows = [
            [
                ieee_compare(
                    element(lhs[i, j], dtype), element(rhs[i, j] if j < 20 else ones, dtype), tested
                )
                for j in range(27)
            ]
            for i in range(3)
        ]
        want = initial[k].copy()
        want[:3, :4] = packed(bits_rows, word, 4)
        got = outs[2 + k]
        assert got is not None and np.array_equal(got.view(np.uint8), want.view(np.uint8)), mode


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_tcmps_scalar_and_tile_forms(target: TargetProfile) -> None:
    f32 = dtype_named("f32")
    word = dtype_named("ui8")
    mask = f"!pto.tile_buf<loc=vec, dtype=ui8, rows={ROWS}, cols=32, v_row=3, v_col=4>"
    body = [
        f"pto.tcmps ins(%a0, %a1 {{cmpMode = #pto.cmp<GE>}} : {buf(f32)}, f32) outs(%a3 : {mask})",
        f"pto.tcmps ins(%a0, %a2 {{cmpMode = #pto<cmp lt>}} : {buf(f32)}, {buf(f32)}) "
        f"outs(%a4 : {mask})",
    ]
    text = kernel(target, [buf(f32), "f32", buf(f32), mask, mask], body)
    lhs = np.random.default_rng(1).standard_normal((ROWS, COLS)).astype(np.float32)
    lhs[1, 5] = np.nan
    other = np.full((ROWS, COLS), 7.0, np.float32)
    other[0, 0] = 0.25
    zeros = np.zeros((ROWS, 32), np.uint8)
    outs = run(text, [ArrayArg(lhs), ScalarArg(0.125, "f32"), ArrayArg(other),
                      ArrayArg(zeros.copy()), ArrayArg(zeros.copy())])  # fmt: skip
    ge = [[float(lhs[i, j]) >= 0.125 for j in range(27)] for i in range(3)]
    lt = [[float(lhs[i, j]) < 0.25 for j in range(27)] for i in range(3)]
    for got, bits in ((outs[3], ge), (outs[4], lt)):
        want = zeros.copy()
        want[:3, :4] = packed(bits, word, 4)
        assert got is not None and np.array_equal(got, want)


# ---- tsel / tsels -----------------------------------------------------------------------


def predicate(mask: np.ndarray, i: int, j: int) -> bool:
    width = mask.dtype.itemsize * 8
    word = int(mask.view(f"u{mask.dtype.itemsize}")[i, j // width])
    return bool((word >> (j % width)) & 1)


SELECT_CASES = [
    (target, dtype, bits)
    for target in TARGETS
    for dtype in sorted(TSelOp.legal_dtypes(target), key=lambda d: d.name)
    for bits in (8, 32)
]


@pytest.mark.parametrize(
    ("target", "dtype", "bits"),
    SELECT_CASES,
    ids=[f"{t.name}-{d}-b{b}" for t, d, b in SELECT_CASES],
)
def test_tsel_selects_by_the_packed_bits(target: TargetProfile, dtype: DType, bits: int) -> None:
    word = dtype_named(f"ui{bits}")
    mask_cols = 32 if bits == 8 else 8
    mask = mask_buf(word, mask_cols)
    body = [
        f"pto.tsel ins(%a0, %a1, %a2 : {mask}, {buf(dtype)}, {buf(dtype)}) outs(%a3 : {buf(dtype)})"
    ]
    text = kernel(target, [mask, buf(dtype), buf(dtype), buf(dtype)], body)
    masks = random_bits(word, (ROWS, mask_cols), 1)
    a, b, d = (random_bits(dtype, (ROWS, COLS), s) for s in (2, 3, 4))
    outs = run(text, [ArrayArg(masks), ArrayArg(a), ArrayArg(b), ArrayArg(d.copy())])
    want = d.copy()
    for i in range(3):
        for j in range(27):
            want[i, j] = a[i, j] if predicate(masks, i, j) else b[i, j]
    got = outs[3]
    assert got is not None and np.array_equal(got.view(np.uint8), want.view(np.uint8))


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_tsels_selects_the_scalar_where_the_bit_is_clear(target: TargetProfile) -> None:
    i16 = dtype_named("i16")
    mask = f"!pto.tile_buf<loc=vec, dtype=ui8, rows={ROWS}, cols=32, v_row=3, v_col=4>"
    body = [f"pto.tsels ins(%a0, %a1, %a2 : {mask}, {buf(i16)}, i16) outs(%a3 : {buf(i16)})"]
    text = kernel(target, [mask, buf(i16), "i16", buf(i16)], body)
    masks = random_bits(dtype_named("ui8"), (ROWS, 32), 9)
    src, dst = random_bits(i16, (ROWS, COLS), 10), random_bits(i16, (ROWS, COLS), 11)
    outs = run(
        text, [ArrayArg(masks), ArrayArg(src), ScalarArg(-1234, "i16"), ArrayArg(dst.copy())]
    )
    want = dst.copy()
    for i in range(3):
        for j in range(27):
            want[i, j] = src[i, j] if predicate(masks, i, j) else -1234
    assert outs[3] is not None and np.array_equal(outs[3], want)


def test_tsel_mask_too_small_is_a_runtime_error() -> None:
    f32 = dtype_named("f32")
    mask = "!pto.tile_buf<loc=vec, dtype=ui8, rows=4, cols=32, v_row=?, v_col=4>"
    text = kernel(A5, ["index", buf(f32), buf(f32)], [
        f"%m = pto.alloc_tile valid_row = %a0 : {mask}",
        f"pto.tsel ins(%m, %a1, %a1 : {mask}, {buf(f32)}, {buf(f32)}) outs(%a2 : {buf(f32)})",
    ])  # fmt: skip
    with pytest.raises(
        (KernelError, PtoRuntimeError), match="mask valid region 2x4 must cover 3x4"
    ):
        run(text, [ScalarArg(2, "index"), ArrayArg(np.zeros((ROWS, COLS), np.float32)),
                   ArrayArg(np.zeros((ROWS, COLS), np.float32))])  # fmt: skip


def test_every_op_is_tested() -> None:
    assert {TCmpOp, TCmpSOp, TSelOp, TSelSOp}


SCALAR_KERNEL = """
!tile = !pto.tile<loc=vec, dtype=f32, rows=32, cols=32>
!mask = !pto.tile<loc=vec, dtype=ui8, rows=32, cols=32, v_row=32, v_col=4>
!part = !pto.partition_tensor_view<32x32xf32>
builtin.module attributes {pto.target_arch = "TARGET"} {
  func.func @k(%x: !pto.ptr<f32>, %z: !pto.ptr<f32>, %s: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %vx = pto.make_tensor_view %x, shape = [%c32, %c32], strides = [%c32, %c1]
      : !pto.tensor_view<?x?xf32>
    %vz = pto.make_tensor_view %z, shape = [%c32, %c32], strides = [%c32, %c1]
      : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c32, %c32]
      : !pto.tensor_view<?x?xf32> -> !part
    %pz = pto.partition_view %vz, offsets = [%c0, %c0], sizes = [%c32, %c32]
      : !pto.tensor_view<?x?xf32> -> !part
    %tx = pto.tload %px : !part -> !tile
    %m = pto.tcmps %tx, %s {cmpMode = #pto<cmp gt>} : (!tile, f32) -> !mask
    %tz = pto.tsels %m, %tx, %s : (!mask, !tile, f32) -> !tile
    pto.tstore %tz, %pz : !tile, !part
    func.return
  }
}
"""


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_scalar_forms_through_the_pipeline(target: TargetProfile) -> None:
    """tcmps and tsels with a scalar operand: SSA -> DPS, planned, synchronised, same bytes:
    z = x > s ? x : s."""

    ctx = context(arith.Arith, scf.Scf)
    module = parse_module(ctx, SCALAR_KERNEL.replace("TARGET", target.name), "k.mlir")
    module.verify()
    x = np.random.default_rng(2).standard_normal((32, 32)).astype(np.float32)
    x[3, 4] = np.nan

    def args() -> list[Any]:
        return [ArrayArg(x.copy()), ArrayArg(np.zeros_like(x)), ScalarArg(0.25, "f32")]

    before = run_function(module, args()).outputs()[1]
    PipelinePass().apply(ctx, module)
    module.verify()
    after = run_function(module, args())
    assert [h.message for h in after.hazards] == []
    z = after.outputs()[1]
    assert z is not None and before is not None and np.array_equal(z, before)
    assert np.array_equal(z, np.where(x > 0.25, x, np.float32(0.25)))
