"""The cube micro-ops end to end: GM -> L1 (ND -> NZ) -> L0A / L0B -> `mad` -> fixpipe -> GM,
checked against numpy in float64 (small integer operands: every sum is exact), on each
target's own L0A format (NZ on a5 and cpu, ZZ on a2a3)."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
import support

from interpreters import api
from interpreters.machine.core import Machine
from interpreters.machine.memory import Tile
from interpreters.ops.tile_matrix import TileMatrixFunctions
from interpreters.semantics import hif8, mx_formats
from interpreters.semantics.convert import convert_lanes
from pto_dialect.attrs import RoundMode, SatMode, TargetArch
from pto_dialect.dtypes import BF16, F4E1M2X2, F4E2M1X2
from pto_dialect.targets import PROFILES

SHAPES = [(32, 64, 32), (20, 48, 16), (1, 32, 16)]
"""(m, k, n): whole boxes, partial boxes, a one-row A (with `disable_gemv`)."""


def _kernel(arch: str, m: int, k: int, n: int, src: str, acc: str, store: str) -> str:
    size = 1 if src == "i8" else 2
    c0 = 32 // size
    m16, k16 = -(-m // 16) * 16, -(-k // c0) * c0
    return f"""module attributes {{pto.target_arch = "{arch}"}} {{
func.func @gemm(%a: !pto.ptr<{src}, gm>, %b: !pto.ptr<{src}, gm>, %c: !pto.ptr<{store}, gm>) {{
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %m = arith.constant {m} : i64
  %k = arith.constant {k} : i64
  %n = arith.constant {n} : i64
  %m16 = arith.constant {m16} : i64
  %k16 = arith.constant {k16} : i64
  %kb = arith.constant {k * size} : i64
  %nb = arith.constant {n * size} : i64
  %boff = arith.constant 65536 : i64
  %one = arith.constant 1.0 : f32
  %false = arith.constant false
  %l1a = pto.castptr %c0 : i64 -> !pto.ptr<{src}, l1>
  %l1b = pto.castptr %boff : i64 -> !pto.ptr<{src}, l1>
  %l0a = pto.castptr %c0 : i64 -> !pto.ptr<{src}, l0a>
  %l0b = pto.castptr %c0 : i64 -> !pto.ptr<{src}, l0b>
  %l0c = pto.castptr %c0 : i64 -> !pto.ptr<{acc}, l0c>
  pto.mte_gm_l1_frac %a, %l1a, nd2nz, shape(%m, %k), src_layout(%kb),
      dst_group(%c1, %c1, %m16, %c0), ctrl(%c0, %false)
    : !pto.ptr<{src}, gm>, !pto.ptr<{src}, l1>, nd2nz, shape i64, i64, src_layout(i64),
      dst_group i64, i64, i64, i64, ctrl i64, i1
  pto.mte_gm_l1_frac %b, %l1b, nd2nz, shape(%k, %n), src_layout(%nb),
      dst_group(%c1, %c1, %k16, %c0), ctrl(%c0, %false)
    : !pto.ptr<{src}, gm>, !pto.ptr<{src}, l1>, nd2nz, shape i64, i64, src_layout(i64),
      dst_group i64, i64, i64, i64, ctrl i64, i1
  pto.mte_l1_l0a %l1a, %l0a, %m, %k, %c0, %c0
    : !pto.ptr<{src}, l1>, !pto.ptr<{src}, l0a>, i64, i64, i64, i64
  pto.mte_l1_l0b %l1b, %l0b, %k, %n, %c0, %c0 {{transpose = true}}
    : !pto.ptr<{src}, l1>, !pto.ptr<{src}, l0b>, i64, i64, i64, i64
  pto.mad %l0a, %l0b, %l0c, %m, %n, %k disable_gemv
    : !pto.ptr<{src}, l0a>, !pto.ptr<{src}, l0b>, !pto.ptr<{acc}, l0c>, i64, i64, i64
  {_store(store, acc)}
  func.return
}}
}}
"""


def _store(store: str, acc: str) -> str:
    head = "pto.mte_l0c_gm %l0c, %c, %m, %n, %m16, %n, %c0, %c0,"
    types = f"!pto.ptr<{acc}, l0c>, !pto.ptr<{store}, gm>, i64, i64, i64, i64, i64, i64"
    if store == acc:
        return f"{head} nz2nd : {types}"
    return (
        f"{head} pre_quant(%one, mode = f32_f16), pre_relu(mode = normal_relu), nz2nd"
        f" : {types}, f32"
    )


def _run(arch: str, a: np.ndarray, b: np.ndarray, src: str, acc: str, store: str) -> np.ndarray:
    (m, k), n = a.shape, b.shape[1]
    module = api.parse(_kernel(arch, m, k, n, src, acc, store))
    out = np.zeros(m * n, {"f32": np.float32, "i32": np.int32, "f16": np.float16}[store])
    result = api.run(module, a.reshape(-1), b.reshape(-1), out)
    got = result.outputs[2]
    assert got is not None
    return got.reshape(m, n)


@pytest.mark.parametrize("arch", ["a5", "a2a3", "cpu"])
@pytest.mark.parametrize(("m", "k", "n"), SHAPES)
def test_f16_gemm_through_the_cube(arch: str, m: int, k: int, n: int) -> None:
    rng = np.random.default_rng(m * 1000 + k + n)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    want = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    assert np.array_equal(_run(arch, a, b, "f16", "f32", "f32"), want)


@pytest.mark.parametrize("arch", ["a5", "a2a3"])
def test_i8_gemm_through_the_cube(arch: str) -> None:
    rng = np.random.default_rng(8)
    a = rng.integers(-128, 128, (20, 64)).astype(np.int8)
    b = rng.integers(-128, 128, (64, 32)).astype(np.int8)
    want = a.astype(np.int64) @ b.astype(np.int64)
    assert np.array_equal(_run(arch, a, b, "i8", "i32", "i32"), want)


def test_fixpipe_relu_and_f16_conversion() -> None:
    rng = np.random.default_rng(3)
    a = rng.integers(-4, 5, (32, 32)).astype(np.float16)
    b = rng.integers(-4, 5, (32, 16)).astype(np.float16)
    product = a.astype(np.float64) @ b.astype(np.float64)
    want = np.maximum(product, 0).astype(np.float16)
    assert np.array_equal(_run("a5", a, b, "f16", "f32", "f16"), want)


def test_hif8_codes_follow_the_format_definition() -> None:
    # 0x40: sign 0, dot `10` (3 exponent bits), exponent `000` = +4 with the implicit
    # leading 1: 2^4; 0x08: dot `0001` (no exponent bits), mantissa 0: 1.0; 0xC0 = -16
    codes = np.array([0x40, 0xC0, 0x08, 0x00], np.uint8)
    assert hif8.decode(codes).tolist() == [16.0, -16.0, 1.0, 0.0]


def _tile(dtype: str, loc: str, rows: int, cols: int, layout: str, fractal: int = 512) -> str:
    return (
        f"!pto.tile_buf<loc={loc}, dtype={dtype}, rows={rows}, cols={cols}, v_row={rows}, "
        f"v_col={cols}, {layout}, fractal={fractal}, pad=0>"
    )


E2M1 = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6], np.float32)
"""OCP FP4 E2M1 magnitudes by the code's low three bits (bit 3 is the sign)."""


def _operands(fp4: bool, m: int, k: int, n: int) -> tuple[np.ndarray, ...]:
    """(a, b) as values and as the tiles' stored elements: f8E4M3FN elements, or packed FP4
    E2M1 pairs, the first value in the low nibble, along K (A's columns, B's rows)."""
    rng = np.random.default_rng(5)
    if not fp4:
        a = rng.integers(-4, 5, (m, k)).astype(np.float32)
        b = rng.integers(-4, 5, (k, n)).astype(np.float32)
        return a, b, a.astype(ml_dtypes.float8_e4m3fn), b.astype(ml_dtypes.float8_e4m3fn)
    codes_a = rng.integers(0, 16, (m, k)).astype(np.uint8)
    codes_b = rng.integers(0, 16, (k, n)).astype(np.uint8)

    def value(codes: np.ndarray) -> np.ndarray:
        return np.where(codes & 8, -1, 1) * E2M1[codes & 7]

    stored_a = codes_a[:, 0::2] | codes_a[:, 1::2] << 4
    stored_b = codes_b[0::2, :] | codes_b[1::2, :] << 4
    return value(codes_a), value(codes_b), stored_a, stored_b


@pytest.mark.parametrize("fp4", [False, True])
def test_tmatmul_mx_scales_each_group_of_32_k(fp4: bool) -> None:
    """k counts values, the left tile's valid columns (an FP4 tile of 64 columns: 64 values in
    32 bytes a row), as PTOAS's A5 tile lowering and pto-isa's TMATMUL_MX hand it to mad_mx.
    On the CPU target the scales are the scale tiles' (pto-isa cpu `TMatmulMX`); A5 reads the
    MX buffers (test_cube_mx_board)."""
    m, k, n = 16, 64, 16
    nz, zn = "blayout=col_major, slayout=row_major", "blayout=row_major, slayout=col_major"
    row, col = "blayout=row_major, slayout=row_major", "blayout=col_major, slayout=col_major"
    scale = "!pto.f8E8M0"
    dtype = "!pto.f4E2M1x2" if fp4 else "f8E4M3FN"
    types = {
        "a": _tile(dtype, "left", m, k, nz),
        "a_scale": _tile(scale, "scaling", m, k // 32, row, 32),
        "b": _tile(dtype, "right", k, n, zn),
        "b_scale": _tile(scale, "scaling", k // 32, n, col, 32),
        "dst": _tile("f32", "acc", m, n, nz),
    }
    ins = ["a", "a_scale", "b", "b_scale"]
    text = (
        'builtin.module attributes {pto.target_arch = "cpu"} {\n'
        f"func.func @mx({', '.join(f'%{r}: {types[r]}' for r in [*ins, 'dst'])}) {{\n"
        f"  pto.tmatmul.mx ins({', '.join('%' + r for r in ins)} : "
        f"{', '.join(types[r] for r in ins)}) outs(%dst : {types['dst']})\n"
        "  func.return\n}\n}"
    )
    module = support.parse_kernel(text)
    a, b, stored_a, stored_b = _operands(fp4, m, k, n)
    rng = np.random.default_rng(6)
    sa = rng.integers(-3, 4, (m, k // 32))  # exponents of the E8M0 scales
    sb = rng.integers(-3, 4, (k // 32, n))
    machine = Machine(PROFILES[TargetArch.CPU])
    arrays = {
        "a": stored_a,
        "a_scale": (sa + 127).astype(np.uint8).view(ml_dtypes.float8_e8m0fnu),
        "b": stored_b,
        "b_scale": (sb + 127).astype(np.uint8).view(ml_dtypes.float8_e8m0fnu),
        "dst": np.zeros((m, n), np.float32),
    }
    tiles: list[Tile] = []
    for type, array in zip(support.arg_types(module, "mx"), arrays.values(), strict=True):
        tile = machine.tile_at(type, None, *type.shape)
        tile.set(array)
        tiles.append(tile)
    support.call(module, TileMatrixFunctions(machine), "mx", tiles)
    groups = np.arange(k) // 32
    want = (a * np.exp2(sa[:, groups])) @ (b * np.exp2(sb[groups, :]))
    assert np.array_equal(tiles[-1].get(), want.astype(np.float32))


def test_fp4_encoding_rounds_to_the_even_code() -> None:
    # E2M1 magnitudes 0, 0.5, 1, 1.5, 2, 3, 4, 6 (codes 0-7, bit 3 the sign): 0.75 and 1.25
    # are ties that go to the even codes 2 (1.0); 1.75 to 4 (2.0); 7 saturates at 6 (code 7)
    values = np.array([0.75, 1.25, -1.75, 7.0, -0.0, 0.3, np.inf])
    codes = mx_formats.encode_fp4(values, F4E2M1X2, RoundMode.RINT)
    assert codes.tolist() == [0x2, 0x2, 0xC, 0x7, 0x8, 0x1, 0x7]
    # E1M2 magnitudes 0, 0.25, ..., 1.75: 0.625 is a tie between codes 2 and 3 -> 2
    assert mx_formats.encode_fp4(np.array([0.625]), F4E1M2X2, RoundMode.RINT).tolist() == [2]
    assert mx_formats.encode_fp4(np.array([0.625]), F4E1M2X2, RoundMode.ROUND).tolist() == [3]


def test_vcvt_packs_fp4_pairs_into_the_parts_byte_lanes() -> None:
    # 128 bf16 lanes -> 64 bytes (lane 2j in the low nibble of byte j), byte j at lane 4j + p
    values = np.resize(np.array([0.5, 1.0, -6.0, 0.0], ml_dtypes.bfloat16), 128)
    mask = np.ones(128, bool)
    packed = convert_lanes(values, mask, F4E2M1X2, 256, 1, (RoundMode.RINT, SatMode.OFF), BF16)
    assert packed[1:8:4].tolist() == [0x21, 0x0F]  # (0.5, 1.0) -> 1 | 2 << 4; (-6, 0)
    assert not packed[0::4].any() and not packed[2::4].any()
    back = convert_lanes(packed, np.ones(256, bool), BF16, 128, 1, (RoundMode.RINT, SatMode.OFF),
                         F4E2M1X2)  # fmt: skip
    assert back.astype(np.float32).tolist() == values.astype(np.float32).tolist()


def _copy_matrix(mode: str) -> str:
    """`mte_l0c_ub %l0c, %ub, 32, 32, 32, 32, dst_mode(mode), nz2nd` as PTOAS expands it:
    config0 n << 4 | m << 16 | dst_stride << 32, config1 src_stride | dual-destination mode
    << 16 | sub-block << 18 | nz2nd << 43 (VPTOExpandWrapperOps.cpp)."""
    dual, sub = {"%c0": (0, 0), "%c1": (0, 1), "split_m": (1, 0), "split_n": (2, 0)}[mode]
    words = (32 << 4 | 32 << 16 | 32 << 32, 32 | dual << 16 | sub << 18 | 1 << 43)
    return (
        f"%w0 = arith.constant {words[0]} : i64\n  %w1 = arith.constant {words[1]} : i64\n"
        "  pto.copy_matrix_cc_to_ub %l0c, %ub, %w0, %w1 : !pto.ptr<f32, l0c>, "
        "!pto.ptr<f32, ub>, i64, i64"
    )


def _ub_kernel(mode: str, sets: str, wait: str, packed: bool = False) -> str:
    """The AIC's product of a (32 x 32) and b (32 x 32) goes to UB with `dst_mode(mode)`
    (`packed`: through `copy_matrix_cc_to_ub`); AIV s then copies the 32 x 32 f32 at UB
    address 0 to rows [32 s, 32 s + 32) of c."""
    body = _kernel("a5", 32, 32, 32, "f16", "f32", "f32").split("  pto.mte_gm_l1_frac", 1)
    head, cube = body[0], "  pto.mte_gm_l1_frac" + body[1].split("  pto.mte_l0c_gm")[0]
    head = head.replace(
        "%c: !pto.ptr<f32, gm>) {", "%c: !pto.ptr<f32, gm>) attributes {pto.kernel} {"
    )
    store = (
        _copy_matrix(mode)
        if packed
        else f"pto.mte_l0c_ub %l0c, %ub, %m, %n, %m16, %n, dst_mode({mode}), nz2nd : "
        f"!pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i64, i64, i64, i64{', i64' * mode.startswith('%')}"
    )
    return f"""{head}  %ub = pto.castptr %c0 : i64 -> !pto.ptr<f32, ub>
  %row = arith.constant 128 : i64
  pto.section.cube {{
  {cube}  {store}
    {sets}
  }}
  pto.section.vector {{
    %s = pto.get_subblock_idx
    %si = arith.index_cast %s : i64 to index
    %c16i = arith.constant 16 : index
    %c1i = arith.constant 1 : index
    %id16 = arith.muli %si, %c16i : index
    %id = arith.addi %id16, %c1i : index
    {wait}
    %c1024 = arith.constant 1024 : index
    %at = arith.muli %si, %c1024 : index
    %dst = pto.addptr %c, %at : !pto.ptr<f32, gm>, index -> !pto.ptr<f32, gm>
    pto.mte_ub_gm %ub, %dst, %row nburst(%m, %row, %row)
      : !pto.ptr<f32, ub>, !pto.ptr<f32, gm>, i64, i64, i64, i64
  }}
  func.return
}}
}}
"""


NAMED = ("pto.set_intra_block <PIPE_FIX>, 1\n    pto.set_intra_block <PIPE_FIX>, 17",
         "pto.wait_intra_block <PIPE_MTE3>, %id")  # fmt: skip
OLDER = ("pto.sync.set <PIPE_FIX>, 1\n    pto.sync.set <PIPE_FIX>, 17",
         "pto.sync.wait <PIPE_MTE3>, %id")  # fmt: skip


@pytest.mark.parametrize(
    ("mode", "spelling", "packed"),
    [
        ("%c0", NAMED, False),
        ("%c1", NAMED, False),
        ("split_m", NAMED, False),
        ("split_n", NAMED, False),
        ("split_m", OLDER, False),
        ("%c1", NAMED, True),
        ("split_n", NAMED, True),
    ],
)
def test_fixpipe_to_ub_reaches_the_vector_core_its_mode_names(
    mode: str, spelling: tuple[str, str], packed: bool
) -> None:
    """mte-l0c-ub.md: sub-block s's UB, or the first half of the rows (split_m) / columns
    (split_n) in AIV0's UB and the second in AIV1's, each at %dst with dst_stride n. AIV s
    waits for semaphore 16 s + 1, which the AIC's set of 16 s + 1 signals (PTOAS's named
    form; vpto-dev/PTOAS's `sync.set` 17 on a5 is the same semaphore)."""
    rng = np.random.default_rng(26)
    a, b = (rng.integers(-4, 5, (32, 32)).astype(np.float16) for _ in range(2))
    product = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    want = np.zeros((2, 32, 32), np.float32)
    if mode.startswith("%"):
        want[int(mode[2:])] = product
    elif mode == "split_m":
        want[0, :16], want[1, :16] = product[:16], product[16:]
    else:
        want[0, :, :16], want[1, :, :16] = product[:, :16], product[:, 16:]
    module = api.parse(_ub_kernel(mode, *spelling, packed=packed))
    got = api.run(module, a.reshape(-1), b.reshape(-1), np.zeros(2 * 32 * 32, np.float32))
    assert np.array_equal(got.outputs[2].reshape(2, 32, 32), want)


_T = "!pto.tile_buf<loc={}, dtype={}, rows={}, cols=16, v_row={}, v_col=16, blayout={}, slayout={}, fractal={}, pad=0>"  # noqa: E501
_MAT, _LEFT, _RIGHT, _ACC, _WMAT, _FP, _VEC = (
    _T.format(loc, dtype, rows, rows, b, s, f)
    for loc, dtype, rows, b, s, f in (
        ("mat", "f32", 16, "col_major", "row_major", 512),
        ("left", "f32", 16, "col_major", "row_major", 512),
        ("right", "f32", 16, "row_major", "col_major", 512),
        ("acc", "f32", 16, "col_major", "row_major", 1024),
        ("mat", "ui64", 1, "row_major", "none_box", 512),
        ("scaling", "ui64", 1, "row_major", "none_box", 512),
        ("vec", "f16", 16, "row_major", "none_box", 512),
    )
)
_FP_MOVES = {
    # PTOAS's spellings: `fp %fp : F` inside ins, and tmov's second source
    "tstore": f"pto.tstore ins(%acc : {_ACC} fp %fp : {_FP}) outs(%cp : !pto.partition_tensor_view<16x16xf16>)",  # noqa: E501
    "tmov": f"pto.tmov ins(%acc : {_ACC}, %fp : {_FP}) outs(%v : {_VEC})",
    "textract": f"pto.textract ins(%acc, %c0, %c0 : {_ACC}, index, index fp %fp : {_FP}) outs(%v : {_VEC})",  # noqa: E501
    "tinsert": f"pto.tinsert ins(%acc, %c0, %c0 : {_ACC}, index, index fp %fp : {_FP}) outs(%v : {_VEC})",  # noqa: E501
    # vpto-dev/PTOAS's own ops (test/lit/pto/textract_fp_a3_lowering.pto)
    "textract_fp": f"pto.textract_fp ins(%acc, %fp, %c0, %c0 : {_ACC}, {_FP}, index, index) outs(%v : {_VEC})",  # noqa: E501
    "tinsert_fp": f"pto.tinsert_fp ins(%acc, %fp, %c0, %c0 : {_ACC}, {_FP}, index, index) outs(%v : {_VEC})",  # noqa: E501
}


def _view(name: str, dtype: str, rows: int) -> str:
    tensor = f"!pto.tensor_view<?x?x{dtype}>"
    return f"""
    %{name}v = pto.make_tensor_view %{name}, shape = [%c{rows}, %c16], strides = [%c16, %c1] : {tensor}
    %{name}p = pto.partition_view %{name}v, offsets = [%c0, %c0], sizes = [%c{rows}, %c16] : {tensor} -> !pto.partition_tensor_view<{rows}x16x{dtype}>"""  # noqa: E501


@pytest.mark.parametrize("move", list(_FP_MOVES))
def test_an_fp_tile_quantises_each_accumulator_column_by_its_word(move: str) -> None:
    """TSTORE_FP / TMOV_FP / TEXTRACT_FP / TINSERT_FP f32 -> f16 (pto-isa a5
    GetVectorPreQuantMode: VQF322F16_PRE): column j times the f32 scale in bits 13-31 of
    the j-th 64-bit word of the scaling tile; integer products and power-of-two scales are
    exact in f16."""
    store = _FP_MOVES[move]
    if move != "tstore":
        store += (
            f"\n    pto.tstore ins(%v : {_VEC}) outs(%cp : !pto.partition_tensor_view<16x16xf16>)"
        )
    text = f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %w: !pto.ptr<ui64>, %c: !pto.ptr<f16>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index{_view("a", "f32", 16)}{_view("b", "f32", 16)}{_view("w", "ui64", 1)}{_view("c", "f16", 16)}
    %ma = pto.alloc_tile : {_MAT}
    %mb = pto.alloc_tile : {_MAT}
    %l = pto.alloc_tile : {_LEFT}
    %r = pto.alloc_tile : {_RIGHT}
    %acc = pto.alloc_tile : {_ACC}
    %wm = pto.alloc_tile : {_WMAT}
    %fp = pto.alloc_tile : {_FP}
    %v = pto.alloc_tile : {_VEC}
    pto.tload ins(%ap : !pto.partition_tensor_view<16x16xf32>) outs(%ma : {_MAT})
    pto.tload ins(%bp : !pto.partition_tensor_view<16x16xf32>) outs(%mb : {_MAT})
    pto.tload ins(%wp : !pto.partition_tensor_view<1x16xui64>) outs(%wm : {_WMAT})
    pto.tmov ins(%ma : {_MAT}) outs(%l : {_LEFT})
    pto.tmov ins(%mb : {_MAT}) outs(%r : {_RIGHT})
    pto.tmov ins(%wm : {_WMAT}) outs(%fp : {_FP})
    pto.tmatmul ins(%l, %r : {_LEFT}, {_RIGHT}) outs(%acc : {_ACC})
    {store}
    return
  }}
}}"""  # noqa: E501
    rng = np.random.default_rng(16)
    a, b = (rng.integers(-4, 5, (16, 16)).astype(np.float32) for _ in range(2))
    scales = np.tile(np.array([0.5, 2.0, 0.25, 1.0], np.float32), 4)
    words = scales.view(np.uint32).astype(np.uint64)
    got = api.run(api.parse(text), a, b, words, np.zeros((16, 16), np.float16))["c"]
    assert np.array_equal(got, ((a.astype(np.float64) @ b) * scales).astype(np.float16))


def test_l1_and_ub_of_a_block_are_shared_by_its_cores() -> None:
    """An AIV's UB -> L1 copy writes the AIC's L1 and the AIC's L1 -> UB copy AIV0's UB (an
    AIV has no L1, the AIC no UB): 256 i16 go GM -> AIV0 UB -> L1 -> AIV0 UB -> GM."""
    copy = (
        "%c0, %c16, %c1, %c0, %c0 : !pto.ptr<i16, {}>, !pto.ptr<i16, {}>, i64, i64, i64, i64, i64"
    )
    text = f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%src: !pto.ptr<i16, gm>, %dst: !pto.ptr<i16, gm>) attributes {{pto.kernel}} {{
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c16 = arith.constant 16 : i64
    %c512 = arith.constant 512 : i64
    %l1 = pto.castptr %c512 : i64 -> !pto.ptr<i16, l1>
    %ub0 = pto.castptr %c0 : i64 -> !pto.ptr<i16, ub>
    %ub1 = pto.castptr %c512 : i64 -> !pto.ptr<i16, ub>
    pto.section.vector {{
      %s = pto.get_subblock_idx
      %first = arith.cmpi eq, %s, %c0 : i64
      scf.if %first {{
        pto.mte_gm_ub %src, %ub0, %c0, %c512 nburst(%c1, %c512, %c512)
          : !pto.ptr<i16, gm>, !pto.ptr<i16, ub>, i64, i64, i64, i64, i64
        pto.barrier #pto.pipe<PIPE_ALL>
        pto.copy_ubuf_to_cbuf %ub0, %l1, {copy.format("ub", "l1")}
        pto.set_intra_block <PIPE_MTE3>, 0
        pto.wait_intra_block <PIPE_MTE3>, 1
        pto.mte_ub_gm %ub1, %dst, %c512 nburst(%c1, %c512, %c512)
          : !pto.ptr<i16, ub>, !pto.ptr<i16, gm>, i64, i64, i64, i64
      }}
    }}
    pto.section.cube {{
      pto.wait_intra_block <PIPE_MTE1>, 0
      pto.copy_cbuf_to_ubuf %l1, %ub1, {copy.format("l1", "ub")}
      pto.set_intra_block <PIPE_FIX>, 1
    }}
    return
  }}
}}"""
    data = np.arange(256, dtype=np.int16) * 3 - 100
    got = api.run(api.parse(text), data, np.zeros(256, np.int16)).outputs[1]
    assert np.array_equal(got, data)


def test_l1_raw_fills_write_the_word_pattern_in_each_repetition() -> None:
    """raw_fill_l1 (16-bit word 0xBEEF of 0x1234BEEF, from byte 32: 2 repetitions of 1
    block, gap 1 block) and create_cbuf_matrix (32-bit word at byte 256, 1 block), read back
    through UB."""
    text = """module attributes {pto.target_arch = "a5"} {
  func.func @k(%out: !pto.ptr<ui8, gm>) {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c2 = arith.constant 2 : i64
    %c12 = arith.constant 12 : i64
    %c32 = arith.constant 32 : i64
    %c256 = arith.constant 256 : i64
    %c384 = arith.constant 384 : i64
    %raw = arith.constant 305446639 : i32
    %l1 = pto.castptr %c0 : i64 -> !pto.ptr<ui8, l1>
    %l1w = pto.castptr %c256 : i64 -> !pto.ptr<ui32, l1>
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<ui8, ub>
    pto.raw_fill_l1 %l1, %c32, %raw, %c2, %c1, %c1 {fill_word_bits = 16 : i64}
      : !pto.ptr<ui8, l1>, i64, i32, i64, i64, i64
    pto.create_cbuf_matrix %l1w, %raw, %c1, %c1, %c0 {fill_word_bits = 32 : i64}
      : !pto.ptr<ui32, l1>, i32, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_l1_ub %l1, %ub, %c12 nburst(%c1, %c0, %c0)
      : !pto.ptr<ui8, l1>, !pto.ptr<ui8, ub>, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %ub, %out, %c384 nburst(%c1, %c384, %c384)
      : !pto.ptr<ui8, ub>, !pto.ptr<ui8, gm>, i64, i64, i64, i64
    return
  }
}"""
    got = api.run(api.parse(text), np.zeros(384, np.uint8)).outputs[0]
    want = np.zeros(384, np.uint8)
    want[32:64] = want[96:128] = np.tile([0xEF, 0xBE], 16)
    want[256:288] = np.tile([0xEF, 0xBE, 0x34, 0x12], 8)
    assert np.array_equal(got, want)


def test_copy_cbuf_to_fbuf_moves_units_of_64_bytes_into_the_fixpipe_buffer() -> None:
    """PTOAS's `copy_cbuf_to_fbuf` (n_burst 1, len_burst 2: 128 bytes) puts the L1 words
    filled with f32 0.5 (0x3F000000) into the fixpipe buffer, where a tstore's fp tile reads
    them: every column scaled by 0.5."""
    rng = np.random.default_rng(64)
    a, b = (rng.integers(-4, 5, (16, 16)).astype(np.float32) for _ in range(2))
    micro = f"""%i0 = arith.constant 0 : i64
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %i4 = arith.constant 4 : i64
    %half = arith.constant 1056964608 : i32
    %l1w = pto.castptr %i0 : i64 -> !pto.ptr<ui32, l1>
    %l1q = pto.castptr %i0 : i64 -> !pto.ptr<ui64, l1>
    %fbq = pto.castptr %i0 : i64 -> !pto.ptr<ui64, fb>
    pto.create_cbuf_matrix %l1w, %half, %i1, %i4, %i0 {{fill_word_bits = 32 : i64}}
      : !pto.ptr<ui32, l1>, i32, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.copy_cbuf_to_fbuf %l1q, %fbq, %i1, %i2, %i0, %i0
      : !pto.ptr<ui64, l1>, !pto.ptr<ui64, fb>, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    %fp = pto.alloc_tile addr = %i0 : {_FP}"""
    store = f"pto.tstore ins(%acc : {_ACC} fp %fp : {_FP}) outs(%cp : !pto.partition_tensor_view<16x16xf16>)"  # noqa: E501
    text = f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f16>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index{_view("a", "f32", 16)}{_view("b", "f32", 16)}{_view("c", "f16", 16)}
    %ma = pto.alloc_tile : {_MAT}
    %mb = pto.alloc_tile : {_MAT}
    %l = pto.alloc_tile : {_LEFT}
    %r = pto.alloc_tile : {_RIGHT}
    %acc = pto.alloc_tile : {_ACC}
    {micro}
    pto.tload ins(%ap : !pto.partition_tensor_view<16x16xf32>) outs(%ma : {_MAT})
    pto.tload ins(%bp : !pto.partition_tensor_view<16x16xf32>) outs(%mb : {_MAT})
    pto.tmov ins(%ma : {_MAT}) outs(%l : {_LEFT})
    pto.tmov ins(%mb : {_MAT}) outs(%r : {_RIGHT})
    pto.tmatmul ins(%l, %r : {_LEFT}, {_RIGHT}) outs(%acc : {_ACC})
    {store}
    return
  }}
}}"""  # noqa: E501
    got = api.run(api.parse(text), a, b, np.zeros((16, 16), np.float16))["c"]
    assert np.array_equal(got, ((a.astype(np.float64) @ b) * 0.5).astype(np.float16))


HUGE = 1 << 62


def _run_with_huge(old: str, new: str) -> None:
    """The f16 gemm kernel with `old` replaced by `new`, where `%huge` is 2^62 computed at run
    time (the verifier bounds constants), run on zeros."""
    text = _kernel("a5", 32, 64, 32, "f16", "f32", "f32").replace(old, new, 1)
    huge = f"%big = arith.constant {HUGE} : i64\n  %huge = arith.addi %big, %c0 : i64\n"
    text = text.replace("  %false = ", f"  {huge}  %false = ")
    a, b = np.zeros(32 * 64, np.float16), np.zeros(64 * 32, np.float16)
    api.run(api.parse(text), a, b, np.zeros(1024, np.float32))


def test_a_fractal_load_larger_than_l1_is_an_error() -> None:
    """2^62 groups made numpy refuse the index arrays (fuzz7's campaign, seed 70001)."""
    with pytest.raises(api.PtoRunError, match=r"mte_gm_l1_frac writes \d+ bytes .* more than l1"):
        _run_with_huge("dst_group(%c1, %c1,", "dst_group(%huge, %huge,")


def test_a_fixpipe_store_larger_than_l0c_is_an_error() -> None:
    """m = 2^62 ended in a MemoryError placing the accumulator (fuzz7, seed 70003)."""
    with pytest.raises(api.PtoRunError, match=rf"reads {HUGE} x 32 values of f32, more than l0c"):
        _run_with_huge("%l0c, %c, %m, %n,", "%l0c, %c, %huge, %n,")


def test_packed_fixpipe_copy_refuses_the_controls_it_does_not_model() -> None:
    """copy_matrix_cc_to_ub's ReLU field (config1 [39, 42)) is mte_l0c_ub's pre_relu clause,
    which the packed form does not model: a located run-time error, not a plain copy."""
    words = (16 << 4 | 16 << 16 | 16 << 32, 16 | 1 << 39)
    text = f"""module attributes {{pto.target_arch = "a5"}} {{
func.func @k() attributes {{pto.kernel}} {{
  %c0 = arith.constant 0 : i64
  %w0 = arith.constant {words[0]} : i64
  %w1 = arith.constant {words[1]} : i64
  %src = pto.castptr %c0 : i64 -> !pto.ptr<f32, l0c>
  %dst = pto.castptr %c0 : i64 -> !pto.ptr<f32, ub>
  pto.copy_matrix_cc_to_ub %src, %dst, %w0, %w1 : !pto.ptr<f32, l0c>, !pto.ptr<f32, ub>, i64, i64
  func.return
}}
}}"""
    with pytest.raises(api.PtoError, match=r"8:3: error: .*pre_relu: not modelled in the packed"):
        api.run(api.parse(text))
