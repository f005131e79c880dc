"""Interpreter semantics of `pto.tmov` against references written from the rules.

The reference converts one element at a time without numpy's or ml_dtypes' casts:
f32 -> f16 with Python's `struct` half packing (round half to even; OverflowError means
the rounded value is beyond the f16 range, i.e. +-inf), f32 -> bf16 by rounding the bit
pattern to nearest even, f16/bf16 -> f32 through Python floats (exact).
"""

from __future__ import annotations

import functools
import math
import struct
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import support
from support import call, context, filled, int_numpy, legal_dtypes
from xdsl.dialects.builtin import ModuleOp

from interpreters.commands import runner
from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.source import parse_module
from interpreters.machine.core import Machine
from interpreters.machine.memory import Tile
from interpreters.ops.tile_memory import TileMemoryFunctions
from interpreters.semantics import convert
from pto_dialect.attrs import Location, TargetArch
from pto_dialect.dtypes import BF16, F8E8M0, F16, F32, DType, dtype_named
from pto_dialect.ops.tile_move import TMOV_PIPES, tmov_dst_dtypes
from pto_dialect.targets import PROFILES
from pto_dialect.tile_types import TileTypeBase

ARCHS = (TargetArch.A2A3, TargetArch.A5, TargetArch.CPU)
MAT, LEFT, RIGHT = Location.MAT, Location.LEFT, Location.RIGHT
BIAS, SCALING, VEC, ACC = Location.BIAS, Location.SCALING, Location.VEC, Location.ACC

ND = "blayout=row_major, slayout=none_box"
LAYOUT = {  # location -> layout used for it in these tests
    MAT: ND,
    VEC: ND,
    LEFT: "blayout=col_major, slayout=row_major",  # nZ
    RIGHT: "blayout=row_major, slayout=col_major",  # zN
    ACC: "blayout=col_major, slayout=row_major, fractal=1024",  # nZ
    BIAS: ND,
    SCALING: ND,
}
SINGLE_ROW = (BIAS, SCALING)
MX_ZZ = "blayout=row_major, slayout=row_major, fractal=32"


def pair_name(src: Location, dst: Location) -> str:
    return f"{src.value}->{dst.value}"


def legal_moves(arch: TargetArch) -> list[tuple[Location, Location, DType, DType]]:
    """Every (src loc, dst loc, src dtype, dst dtype) the target's dialect tables accept."""
    target = PROFILES[arch]
    moves: list[tuple[Location, Location, DType, DType]] = []
    for src, dst in TMOV_PIPES:
        for dtype in sorted(legal_dtypes(target, f"tmov.{pair_name(src, dst)}"), key=str):
            for result in sorted(tmov_dst_dtypes(src, dst, dtype), key=str):
                moves.append((src, dst, dtype, result))
    return moves


CASES = [
    pytest.param(arch, *move, id=f"{arch.value}-{pair_name(*move[:2])}-{move[2]}-{move[3]}")
    for arch in ARCHS
    for move in legal_moves(arch)
]


def shape_of(src: Location, dst: Location) -> tuple[int, int]:
    return (1, 32) if dst in SINGLE_ROW else (32, 32)


def spelled(dtype: DType) -> str:
    """The element type as a tile type spells it (PTO's own formats as `!pto.` types)."""
    return f"!pto.{dtype.name}" if dtype.coded or dtype == F8E8M0 else dtype.name


def type_text(kind: str, loc: Location, dtype: DType, rows: int, cols: int,
              layout: str | None = None) -> str:  # fmt: skip
    return (
        f"!pto.{kind}<loc={loc.value}, dtype={spelled(dtype)}, rows={rows}, cols={cols}, "
        f"v_row=?, v_col=?, {layout or LAYOUT[loc]}>"
    )


@functools.cache
def move_module(
    arch: TargetArch,
    src: Location,
    dst: Location,
    sdt: DType,
    ddt: DType,
    src_layout: str | None = None,
    dst_layout: str | None = None,
) -> ModuleOp:
    rows, cols = shape_of(src, dst)
    ends = ((src, sdt, src_layout), (dst, ddt, dst_layout))
    s_buf, d_buf = (type_text("tile_buf", loc, d, rows, cols, lay) for loc, d, lay in ends)
    s_val, d_val = (type_text("tile", loc, d, rows, cols, lay) for loc, d, lay in ends)
    text = (
        f'builtin.module attributes {{pto.target_arch = "{arch.value}"}} {{\n'
        f"func.func @dps(%s: {s_buf}, %d: {d_buf}) {{\n"
        f"  pto.tmov ins(%s : {s_buf}) outs(%d : {d_buf})\n  func.return\n}}\n"
        f"func.func @ssa(%s: {s_val}) -> {d_val} {{\n"
        f"  %d = pto.tmov %s : {s_val} -> {d_val}\n  func.return %d : {d_val}\n}}\n}}"
    )
    module = parse_module(context(), text, "tmov")
    module.verify()
    return module


def arg_types(module: ModuleOp, name: str) -> list[TileTypeBase]:
    return support.arg_types(module, name, outputs=True)


def run(module: ModuleOp, machine: Machine, name: str, tiles: list[Tile]) -> tuple[Any, ...]:
    return call(module, TileMemoryFunctions(machine), name, tiles)


# ---- reference --------------------------------------------------------------------------
def to_f16(x: float) -> float:
    if math.isnan(x):
        return math.nan
    try:
        return struct.unpack("<e", struct.pack("<e", x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def to_bf16(x: float) -> float:
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    if math.isnan(x):
        return math.nan
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return struct.unpack("<f", struct.pack("<I", (rounded << 16) & 0xFFFFFFFF))[0]


def convert_one(value: Any, src: DType, dst: DType) -> Any:
    if src == dst:
        return value
    if dst == F32:  # f16 / bf16 widening
        return float(value)
    assert src == F32
    return {F16: to_f16, BF16: to_bf16}[dst](float(value))


def reference(src: np.ndarray, sdt: DType, ddt: DType, valid: tuple[int, int],
              dst: np.ndarray) -> np.ndarray:  # fmt: skip
    out = dst.copy()
    for i in range(valid[0]):
        for j in range(valid[1]):
            out[i, j] = convert_one(src[i, j], sdt, ddt)
    return out


def assert_same(got: np.ndarray, want: np.ndarray) -> None:
    """Bit-identical, except that any NaN matches any NaN."""
    assert got.dtype == want.dtype and got.shape == want.shape
    bits = np.dtype(f"u{got.dtype.itemsize}")
    if got.dtype.kind == "f" or got.dtype.name == "bfloat16":
        nan = np.isnan(want.astype(np.float32))
        assert np.array_equal(np.isnan(got.astype(np.float32)), nan)
        assert np.array_equal(got[~nan].view(bits), want[~nan].view(bits)), (got, want)
    else:
        assert np.array_equal(got.view(bits), want.view(bits)), (got, want)


def random_data(dtype: DType, shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    if dtype.coded:  # hif8 and packed fp4: any byte is a code
        return rng.integers(0, 256, shape, dtype=np.uint8)
    if dtype.is_int:
        info = np.iinfo(int_numpy(dtype))
        return rng.integers(info.min, info.max, shape, endpoint=True, dtype=dtype.numpy)
    scale = {8: 4.0, 16: 1000.0, 32: 1e5}[dtype.bits]
    data = (rng.standard_normal(shape) * scale).astype(np.float32)
    flat = data.reshape(-1)
    flat[:6] = [np.nan, np.inf, -np.inf, -0.0, 1e-30, 7e4]  # specials (7e4 overflows f16)
    with np.errstate(over="ignore"):
        return data.astype(dtype.numpy)


SENTINEL = 3


@pytest.mark.parametrize("dps", [True, False], ids=["dps", "ssa"])
@pytest.mark.parametrize(("arch", "src", "dst", "sdt", "ddt"), CASES)
def test_every_move_dtype_and_target_matches_the_reference(
    arch: TargetArch, src: Location, dst: Location, sdt: DType, ddt: DType, dps: bool
) -> None:
    # E8M0 scales move into the MX scale buffer in A's ZZ boxes (tile_move.is_mx_scale_move)
    mx = MX_ZZ if (src, dst, sdt) == (MAT, SCALING, F8E8M0) else None
    module = move_module(arch, src, dst, sdt, ddt, mx, mx)
    types = arg_types(module, "dps" if dps else "ssa")
    rows, cols = shape_of(src, dst)
    valid = (1, 7) if rows == 1 else (5, 7)
    rng = np.random.default_rng(len(CASES))
    machine = Machine(PROFILES[arch])
    src_tile = machine.tile_at(types[0], None, *valid)
    data = random_data(sdt, (rows, cols), rng)
    src_tile.set(data)
    before = filled(machine, types[1], SENTINEL, valid).get().copy()
    if dps:
        dst_tile = filled(machine, types[1], SENTINEL, valid)
        run(module, machine, "dps", [src_tile, dst_tile])
        want = reference(data, sdt, ddt, valid, before)
    else:
        (dst_tile,) = run(module, machine, "ssa", [src_tile])
        assert dst_tile.valid == valid
        want = reference(data, sdt, ddt, valid, np.zeros_like(before))
    assert_same(dst_tile.get(), want)  # the valid region converted, the rest unchanged


def test_dst_valid_region_drives_the_move() -> None:
    arch = TargetArch.A5
    module = move_module(arch, VEC, VEC, F32, F32)
    types = arg_types(module, "dps")
    machine = Machine(PROFILES[arch])
    src = machine.tile_at(types[0], None, 32, 32)
    src.set(np.arange(32 * 32, dtype=np.float32).reshape(32, 32))
    dst = filled(machine, types[1], -1, (3, 4))
    run(module, machine, "dps", [src, dst])
    got = dst.get()
    assert np.array_equal(got[:3, :4], np.arange(32 * 32).reshape(32, 32)[:3, :4])
    assert np.count_nonzero(got == -1) == 32 * 32 - 12


@pytest.mark.parametrize("arch", [TargetArch.A5, TargetArch.CPU], ids=["a5", "cpu"])
def test_layouts_change_but_logical_positions_do_not(arch: TargetArch) -> None:
    # vec ND -> vec DN (column-major), and mat zN -> left nZ.
    dn = "blayout=col_major, slayout=none_box"
    zn = "blayout=row_major, slayout=col_major"
    for src, dst, src_layout, dst_layout in ((VEC, VEC, ND, dn), (MAT, LEFT, zn, None)):
        module = move_module(arch, src, dst, F16, F16, src_layout, dst_layout)
        types = arg_types(module, "dps")
        machine = Machine(PROFILES[arch])
        logical = np.arange(32 * 32).reshape(32, 32).astype(np.float16)
        s = machine.tile_at(types[0], None, 32, 32)
        s.set(logical)
        d = filled(machine, types[1], 0, (32, 32))
        run(module, machine, "dps", [s, d])
        assert np.array_equal(d.get(), logical)
        assert not np.array_equal(d.storage().reshape(32, 32), logical)  # really rearranged


# ---- hand-computed conversions ------------------------------------------------------------
F16_CASES = [
    (1 + 2**-11, 1.0),  # tie -> even
    (1 + 3 * 2**-11, 1 + 2**-9),  # tie -> even (up)
    (65519.99, 65504.0),  # below the f16 overflow threshold
    (65520.0, math.inf),  # rounds beyond the largest f16
    (-65520.0, -math.inf),
    (2**-25, 0.0),  # tie between 0 and the smallest subnormal -> 0
    (3 * 2**-26, 2**-24),
    (-0.0, -0.0),
    (math.inf, math.inf),
]
BF16_CASES = [
    (1 + 2**-8, 1.0),  # tie -> even
    (1 + 3 * 2**-8, 1 + 2**-6),  # tie -> even (up)
    (1 + 2**-8 + 2**-20, 1 + 2**-7),  # above the tie
    (float(np.finfo(np.float32).max), math.inf),
    (-0.0, -0.0),
]


@pytest.mark.parametrize("arch", [TargetArch.A2A3, TargetArch.A5, TargetArch.CPU],
                         ids=["a2a3", "a5", "cpu"])  # fmt: skip
@pytest.mark.parametrize(("ddt", "cases"), [(F16, F16_CASES), (BF16, BF16_CASES)],
                         ids=["f16", "bf16"])  # fmt: skip
def test_acc_f32_narrowing_rounds_to_nearest_even(
    arch: TargetArch, ddt: DType, cases: list[tuple[float, float]]
) -> None:
    module = move_module(arch, ACC, MAT, F32, ddt)
    types = arg_types(module, "dps")
    machine = Machine(PROFILES[arch])
    src = machine.tile_at(types[0], None, 1, len(cases) + 1)
    values = np.zeros((32, 32), np.float32)
    values[0, : len(cases)] = [x for x, _ in cases]
    values[0, len(cases)] = np.nan
    src.set(values)
    dst = filled(machine, types[1], 0, (1, len(cases) + 1))
    run(module, machine, "dps", [src, dst])
    got = dst.get()[0].astype(np.float64)
    for (x, want), value in zip(cases, got, strict=False):
        assert value == want and math.copysign(1, value) == math.copysign(1, want), x
    assert math.isnan(got[len(cases)])


@pytest.mark.parametrize(
    ("arch", "widening"),
    [(TargetArch.A2A3, {F16}), (TargetArch.A5, {F16, BF16}), (TargetArch.CPU, {F16, BF16})],
    ids=["a2a3", "a5", "cpu"],
)
def test_per_target_rules(arch: TargetArch, widening: set[DType]) -> None:
    rules = convert.RULES[arch]
    assert rules.bias_widening == widening  # tmov.md Mat -> Bias pairs
    assert rules.acc_narrowing == {F16, BF16}
    has_a5_paths = arch is not TargetArch.A2A3
    assert ((VEC, MAT) in rules.pairs) is has_a5_paths
    assert ((ACC, VEC) in rules.pairs) is has_a5_paths
    # The interpreter's table agrees with the dialect's legality tables.
    target = PROFILES[arch]
    legal_pairs = {p for p in TMOV_PIPES if legal_dtypes(target, f"tmov.{pair_name(*p)}")}
    assert rules.pairs == legal_pairs
    for src, dst, sdt, _ in legal_moves(arch):
        assert convert.result_dtypes(arch, src, dst, sdt) == set(tmov_dst_dtypes(src, dst, sdt))


def test_moves_a_target_lacks_are_runtime_errors() -> None:
    src = np.zeros((4, 4), np.float32)
    dst = np.zeros((4, 4), np.float16)
    with pytest.raises(PtoRuntimeError, match="a move from loc=acc to loc=vec is not "
                       "supported on a2a3"):  # fmt: skip
        convert.move(TargetArch.A2A3, src, ACC, F32, dst, VEC, F16, (4, 4))
    with pytest.raises(PtoRuntimeError, match="a mat->bias move cannot convert bf16 to f32 "
                       "on a2a3"):  # fmt: skip
        convert.move(TargetArch.A2A3, src.astype(BF16.numpy), MAT, BF16, src, BIAS, F32, (1, 4))
    with pytest.raises(PtoRuntimeError, match="cannot convert f32 to f16"):
        convert.move(TargetArch.A5, src, VEC, F32, dst, VEC, F16, (4, 4))


# ---- through pto-run ------------------------------------------------------------------------
KERNEL = f"""
!tv = !pto.tensor_view<?x?xf16>
!tv32 = !pto.tensor_view<?x?xf32>
!gm16 = !pto.partition_tensor_view<16x32xf16>
!gm_b = !pto.partition_tensor_view<32x32xf16>
!mat_a = {type_text("tile_buf", MAT, F16, 16, 32)}
!mat_b = {type_text("tile_buf", MAT, F16, 32, 32)}
!left = {type_text("tile_buf", LEFT, F16, 16, 32)}
!right = {type_text("tile_buf", RIGHT, F16, 32, 32)}
!acc = {type_text("tile_buf", ACC, F32, 16, 32)}
!vec = {type_text("tile_buf", VEC, F16, 16, 32)}
!vec2 = {type_text("tile_buf", VEC, F16, 16, 32, "blayout=col_major, slayout=none_box")}
builtin.module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%pa: !pto.ptr<f16>, %pb: !pto.ptr<f16>, %pc: !pto.ptr<f16>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %va = pto.make_tensor_view %pa, shape = [%c16, %c32], strides = [%c32, %c1] : !tv
    %vb = pto.make_tensor_view %pb, shape = [%c32, %c32], strides = [%c32, %c1] : !tv
    %vc = pto.make_tensor_view %pc, shape = [%c16, %c32], strides = [%c32, %c1] : !tv
    %ga = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c32] : !tv -> !gm16
    %gb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c32, %c32] : !tv -> !gm_b
    %gc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c16, %c32] : !tv -> !gm16
    %ma = pto.alloc_tile valid_row = %c5 valid_col = %c3 : !mat_a
    %mb = pto.alloc_tile valid_row = %c3 valid_col = %c5 : !mat_b
    %l = pto.alloc_tile valid_row = %c5 valid_col = %c3 : !left
    %r = pto.alloc_tile valid_row = %c3 valid_col = %c5 : !right
    %acc = pto.alloc_tile valid_row = %c5 valid_col = %c5 : !acc
    %v = pto.alloc_tile valid_row = %c5 valid_col = %c5 : !vec
    %v2 = pto.alloc_tile valid_row = %c5 valid_col = %c5 : !vec2
    pto.tload ins(%ga : !gm16) outs(%ma : !mat_a)
    pto.tload ins(%gb : !gm_b) outs(%mb : !mat_b)
    pto.tmov ins(%ma : !mat_a) outs(%l : !left)
    pto.tmov ins(%mb : !mat_b) outs(%r : !right)
    pto.tmatmul ins(%l, %r : !left, !right) outs(%acc : !acc)
    pto.tmov ins(%acc : !acc) outs(%v : !vec)
    pto.tmov ins(%v : !vec) outs(%v2 : !vec2)
    pto.tstore ins(%v2 : !vec2) outs(%gc : !gm16)
    func.return
  }}
}}
"""


@pytest.mark.parametrize("target", ["a5", "cpu"])
def test_pto_run_acc_to_vec_rounds_to_f16(tmp_path: Path, target: str) -> None:
    kernel = tmp_path / "k.mlir"
    kernel.write_text(KERNEL)
    a = np.zeros((16, 32), np.float16)
    b = np.zeros((32, 32), np.float16)
    a[:5, :3] = [[1, 2**-11, 0], [300, 300, 0], [-1, 0, 0], [2**-12, 2**-12, 0], [1, 1, 1]]
    b[:3, :5] = [[1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [1, 1, 1, 1, 2]]
    a[5, 0] = b[0, 5] = np.nan  # outside the valid regions: never read
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "b.npy", b)
    code = runner.main(["--semantics-only",
        str(kernel), "--target", target, "--arg", str(tmp_path / "a.npy"),
        "--arg", str(tmp_path / "b.npy"), "--arg", "zeros:16x32xf16", "--out-dir", str(tmp_path),
    ])  # fmt: skip
    assert code == 0
    c = np.load(tmp_path / "arg2.npy")
    want = np.zeros((16, 32), np.float16)
    # f32 sums 1 + 2^-11 (a tie: 1.0 in f16), 600 (exact), -1, 2^-12 + 2^-12 = 2^-11, 3 / 4
    want[:5, :5] = [[1.0] * 5, [600.0] * 5, [-1.0] * 5, [2**-11] * 5, [3.0] * 4 + [4.0]]
    assert np.array_equal(c, want)


def test_premises_of_the_reference() -> None:
    assert to_f16(1 + 2**-11) == 1.0 and to_bf16(1 + 2**-8) == 1.0
    assert dtype_named("bf16") == BF16
