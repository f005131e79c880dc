"""Interpreter semantics of the matrix family against references written from the formulas.

The reference (`reference`) is a per-element Python loop: products and sums are computed
in Python floats (binary64) and rounded to f32 after each step. Binary64 has more than
2 * 24 + 2 bits, so rounding its exact-or-correctly-rounded sum or product once more to
f32 gives the correctly rounded f32 result (no double-rounding error); int sums are exact
Python ints wrapped to int32 at the end. Hand-computed values check the per-target rows.
"""

from __future__ import annotations

import functools
import math
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import support
from support import call, context, filled, int_numpy
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp

from interpreters.commands import runner
from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.source import parse_module
from interpreters.launching.execute import run_function
from interpreters.machine.core import Machine
from interpreters.machine.memory import Tile
from interpreters.ops.tile_matrix import TileMatrixFunctions
from passes.pipeline import PipelinePass
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.ops.tile_matrix import MatmulTileOp
from pto_dialect.rules import MATMUL_RULES, AccIn, BiasAdd
from pto_dialect.targets import PROFILES
from pto_dialect.tile_types import TileTypeBase

ARCHS = (TargetArch.A2A3, TargetArch.A5, TargetArch.CPU)
M_ROWS, K_COLS, N_COLS = 16, 32, 32  # static tile shapes: whole boxes for every dtype

# op name -> (sources as roles, gemv)
OPS: dict[str, tuple[tuple[str, ...], bool]] = {
    "pto.tmatmul": (("a", "b"), False),
    "pto.tmatmul.acc": (("acc", "a", "b"), False),
    "pto.tmatmul.bias": (("a", "b", "bias"), False),
    "pto.tgemv": (("a", "b"), True),
    "pto.tgemv.acc": (("acc", "a", "b"), True),
    "pto.tgemv.bias": (("a", "b", "bias"), True),
}


def triples(arch: TargetArch) -> list[tuple[DType, DType, DType]]:
    """The family's triples whose types numpy holds as values (HiFloat8, coded, is checked
    with the cube's tests: test_cube_ops.py)."""
    legal = [t for t in MatmulTileOp.TRIPLES[arch] if not t[1].coded]
    return sorted(legal, key=lambda t: tuple(d.name for d in t))


CASES = [
    pytest.param(arch, c, a, b, id=f"{arch.value}-{c}-{a}-{b}")
    for arch in ARCHS
    for c, a, b in triples(arch)
]


# ---- building and running kernels ---------------------------------------------------------
LAYOUT = {  # the A5 layouts (nZ, zN, nZ), which A2A3 accepts too
    "a": "blayout=col_major, slayout=row_major",
    "b": "blayout=row_major, slayout=col_major",
    "acc": "blayout=col_major, slayout=row_major, fractal=1024",
    "bias": "blayout=row_major, slayout=none_box",
}
A2A3_LEFT = "blayout=row_major, slayout=row_major"  # TileLeft alias on A2A3 (zZ)


def type_text(kind: str, role: str, dtype: DType, rows: int, cols: int, a2a3_left: bool) -> str:
    layouts = {**LAYOUT, "a": A2A3_LEFT} if a2a3_left else LAYOUT
    loc = {"a": "left", "b": "right", "acc": "acc", "bias": "bias"}[role]
    return (
        f"!pto.{kind}<loc={loc}, dtype={dtype.name}, rows={rows}, cols={cols}, v_row=?, "
        f"v_col=?, {layouts[role]}>"
    )


def func_name(op: str, dps: bool) -> str:
    return op.removeprefix("pto.").replace(".", "_") + ("_dps" if dps else "_ssa")


@functools.cache
def kernel_module(
    arch: TargetArch,
    c: DType,
    a: DType,
    b: DType,
    a2a3_left: bool = False,
    bias_cols: int = N_COLS,
    k_cols: int = K_COLS,
    n_cols: int = N_COLS,
) -> ModuleOp:
    """One module with a DPS and an SSA function per matrix op for the (C, A, B) triple."""
    shapes = {
        "a": (a, M_ROWS, k_cols),
        "b": (b, k_cols, n_cols),
        "acc": (c, M_ROWS, n_cols),
        "bias": (c, 1, bias_cols),
    }

    def t(kind: str, role: str) -> str:
        dtype, rows, cols = shapes[role]
        return type_text(kind, role, dtype, rows, cols, a2a3_left)

    funcs: list[str] = []
    for op, (roles, _) in OPS.items():
        names = ", ".join(f"%{r}" for r in roles)
        buf_types = ", ".join(t("tile_buf", r) for r in roles)
        args = ", ".join(f"%{r}: {t('tile_buf', r)}" for r in roles)
        funcs.append(
            f"func.func @{func_name(op, True)}({args}, %dst: {t('tile_buf', 'acc')}) {{\n"
            f"  {op} ins({names} : {buf_types}) outs(%dst : {t('tile_buf', 'acc')})\n"
            "  func.return\n}"
        )
        val_types = ", ".join(t("tile", r) for r in roles)
        args = ", ".join(f"%{r}: {t('tile', r)}" for r in roles)
        funcs.append(
            f"func.func @{func_name(op, False)}({args}) -> {t('tile', 'acc')} {{\n"
            f"  %r = {op} {names} : ({val_types}) -> {t('tile', 'acc')}\n"
            f"  func.return %r : {t('tile', 'acc')}\n}}"
        )
    body = "\n".join(funcs)
    text = f'builtin.module attributes {{pto.target_arch = "{arch.value}"}} {{\n{body}\n}}'
    module = parse_module(context(), text, "kernel")
    module.verify()
    return module


def arg_types(module: ModuleOp, name: str) -> list[TileTypeBase]:
    return support.arg_types(module, name)


def run(module: ModuleOp, machine: Machine, name: str, tiles: list[Tile]) -> tuple[Any, ...]:
    return call(module, TileMatrixFunctions(machine), name, tiles)


# ---- the reference --------------------------------------------------------------------------
def f32(x: float) -> float:
    with np.errstate(all="ignore"):
        return float(np.float32(x))


def fma32(acc: float, a: float, b: float) -> float:
    """`acc + a * b` of f32 values rounded once to f32 (ties to even), from the exact sum
    as a double and its TwoSum error: a tie of the double breaks toward the error's side."""
    p = a * b  # exact: two 24-bit significands
    s = acc + p
    if not math.isfinite(s):
        return f32(s)
    back = s - p
    e = (p - (s - back)) + (acc - back)
    lo = float(np.nextafter(np.float32(s), np.float32(-np.inf))) if f32(s) > s else f32(s)
    hi = float(np.nextafter(np.float32(lo), np.float32(np.inf))) if lo < s else lo
    if lo == hi:
        return lo
    mid = (lo + hi) / 2
    if s != mid:
        return lo if s < mid else hi
    if e:
        return hi if e > 0 else lo
    return lo if int(np.float32(lo).view(np.uint32)) % 2 == 0 else hi


def reference(
    arch: TargetArch,
    c: DType,
    a: np.ndarray,
    b: np.ndarray,
    m: int,
    k: int,
    n: int,
    acc_in: np.ndarray | None = None,
    bias: np.ndarray | None = None,
) -> np.ndarray:
    """C[i, j] = [acc_in +] sum_k a[i, k] * b[k, j] [+ bias[0, j]], one element at a time."""
    out = np.zeros((m, n), c.numpy)
    for i in range(m):
        for j in range(n):
            if c.is_int:
                total = sum(int(a[i, kk]) * int(b[kk, j]) for kk in range(k))
                total += 0 if acc_in is None else int(acc_in[i, j])
                total += 0 if bias is None else int(bias[0, j])
                out[i, j] = (total + 2**31) % 2**32 - 2**31
                continue
            # acc_in and bias start the sum on the NPUs (mad with cmatrixInitVal = 0, the
            # bias table as C) and are added after it on the CPU simulator (TMatmulNzZn).
            npu = arch is not TargetArch.CPU
            acc = 0.0
            if npu and acc_in is not None:
                acc = float(acc_in[i, j])
            if npu and bias is not None:
                acc = float(bias[0, j])
            for kk in range(k):
                acc = fma32(acc, float(a[i, kk]), float(b[kk, j]))
            if acc_in is not None and not npu:
                acc = f32(float(acc_in[i, j]) + acc)
            if bias is not None and not npu:
                acc = f32(acc + float(bias[0, j]))
            out[i, j] = acc
    return out


def assert_same(got: np.ndarray, want: np.ndarray) -> None:
    """Bit-identical, except that any NaN matches any NaN."""
    assert got.shape == want.shape and got.dtype == want.dtype
    if got.dtype.kind == "f":
        nan = np.isnan(want)
        assert np.array_equal(np.isnan(got), nan), (got, want)
        bits = np.dtype(f"u{got.dtype.itemsize}")
        assert np.array_equal(got[~nan].view(bits), want[~nan].view(bits)), (got, want)
    else:
        assert np.array_equal(got, want), (got, want)


# ---- data -----------------------------------------------------------------------------------
def random_data(dtype: DType, shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    if dtype.is_int:
        info = np.iinfo(int_numpy(dtype))
        return rng.integers(info.min, info.max, shape, endpoint=True).astype(dtype.numpy)
    scale = 4.0 if dtype.bits == 8 else 1.0
    return (rng.standard_normal(shape) * scale).astype(dtype.numpy)


def garbage(dtype: DType) -> Any:
    """What fills operand elements outside the region the op reads: must not leak."""
    return dtype.numpy.type(100) if dtype.is_int else dtype.numpy.type(np.nan)


def operand(
    machine: Machine, type: TileTypeBase, data: np.ndarray, valid: tuple[int, int], junk: Any
) -> Tile:
    """A tile of `type` holding `data` in its valid region and `junk` everywhere else."""
    tile = machine.tile_at(type, None, *valid)
    full = np.full(type.shape, junk, type.element.numpy)
    r, c = valid
    full[:r, :c] = data[:r, :c]
    tile.set(full)
    return tile


SENTINEL = 7


@pytest.mark.parametrize("dps", [True, False], ids=["dps", "ssa"])
@pytest.mark.parametrize("op", list(OPS))
@pytest.mark.parametrize(("arch", "c", "a", "b"), CASES)
def test_every_op_dtype_and_target_matches_the_reference(
    arch: TargetArch, c: DType, a: DType, b: DType, op: str, dps: bool
) -> None:
    roles, gemv = OPS[op]
    module = kernel_module(arch, c, a, b)
    name = func_name(op, dps)
    types = arg_types(module, name)
    m, k, n = (1, 7, 9) if gemv else (5, 7, 9)
    rng = np.random.default_rng(hash((arch.value, c.name, a.name, b.name, op)) % 2**32)
    data = {
        "a": random_data(a, (M_ROWS, K_COLS), rng),
        "b": random_data(b, (K_COLS, N_COLS), rng),
        "acc": random_data(c, (M_ROWS, N_COLS), rng),
        "bias": random_data(c, (1, N_COLS), rng),
    }
    valid = {"a": (m, k), "b": (k, n), "acc": (m, n), "bias": (1, n)}
    dtypes = {"a": a, "b": b, "acc": c, "bias": c}
    machine = Machine(PROFILES[arch])
    tiles = [
        operand(machine, t, data[r], valid[r], garbage(dtypes[r]))
        for r, t in zip(roles, types, strict=False)
    ]
    if dps:
        dst = filled(machine, types[-1], SENTINEL, (M_ROWS, N_COLS))
        run(module, machine, name, [*tiles, dst])
    else:
        (dst,) = run(module, machine, name, tiles)
        assert dst.valid == (m, n)
    want = reference(
        arch, c, data["a"], data["b"], m, k, n,
        acc_in=data["acc"] if "acc" in roles else None,
        bias=data["bias"] if "bias" in roles else None,
    )  # fmt: skip
    got = dst.get()
    assert_same(got[:m, :n], want)
    outside = np.ones(got.shape, bool)
    outside[:m, :n] = False
    if dps:
        assert np.all(got[outside] == SENTINEL)
    elif "acc" in roles:
        # SSA .acc: the result is acc_in updated over m x n (acc_in's junk stays junk).
        acc_tile = tiles[0].get()
        assert_same(got[outside], acc_tile[outside])
    else:
        assert np.all(got[outside] == 0)


# ---- hand-computed cases ------------------------------------------------------------------


def small_matmul(
    arch: TargetArch,
    op: str,
    a_row: list[float],
    b_col: list[float],
    *,
    dtypes: tuple[str, str, str] = ("f32", "f16", "f16"),
    acc_in: float | None = None,
    bias: float | None = None,
    in_place: bool = False,
) -> Any:
    """C[0, 0] of `op` with a 1 x k left row and a k x 1 right column."""
    triple = next(t for t in MatmulTileOp.TRIPLES[arch] if tuple(d.name for d in t) == dtypes)
    c, a, b = triple
    module = kernel_module(arch, c, a, b)
    roles, _ = OPS[op]
    name = func_name(op, True)
    types = arg_types(module, name)
    machine = Machine(PROFILES[arch])
    k = len(a_row)
    values = {
        "a": (np.array([a_row]), (1, k)),
        "b": (np.array([b_col]).T, (k, 1)),
        "acc": (np.array([[acc_in]]), (1, 1)),
        "bias": (np.array([[bias]]), (1, 1)),
    }
    tiles: list[Tile] = []
    for role, t in zip(roles, types, strict=False):
        data, valid = values[role]
        tiles.append(operand(machine, t, data.astype(t.element.numpy), valid, 0))
    dst = tiles[0] if in_place else filled(machine, types[-1], 0, (1, 1))
    run(module, machine, name, [*tiles, dst])
    return dst.get()[0, 0]


ARCH_PARAMS = [pytest.param(arch, id=arch.value) for arch in ARCHS]
T24 = 2.0**-12  # an f16 whose square is 2^-24, half an ulp of 1.0 in f32


@pytest.mark.parametrize("arch", ARCH_PARAMS)
@pytest.mark.parametrize("op", ["pto.tmatmul", "pto.tgemv"])
def test_k_is_summed_in_ascending_order_with_f32_rounding_after_each_add(
    arch: TargetArch, op: str
) -> None:
    # 1 + 2^-24 rounds to 1 (tie to even), twice: 1.0; the other order sums 2^-23 first.
    assert small_matmul(arch, op, [1.0, T24, T24], [1.0, T24, T24]) == np.float32(1.0)
    assert small_matmul(arch, op, [T24, T24, 1.0], [T24, T24, 1.0]) == np.float32(1 + 2**-23)


@pytest.mark.parametrize("arch", ARCH_PARAMS)
def test_f32_products_are_fused_with_the_add(arch: TargetArch) -> None:
    x = 1 + 2**-23  # x * x = 1 + 2^-22 + 2^-46: a rounded product would cancel to 0
    got = small_matmul(arch, "pto.tmatmul.acc", [x], [x], dtypes=("f32", "f32", "f32"),
                       acc_in=-(1 + 2**-22))  # fmt: skip
    # fma(a, b, c), one rounding (pto-isa#280); on cpu acc_in joins after the sum, whose
    # first step rounds the product alone
    assert got == np.float32(0.0 if arch is TargetArch.CPU else 2**-46)


@pytest.mark.parametrize("arch", ARCH_PARAMS)
def test_bf16_products_are_exact_in_f32(arch: TargetArch) -> None:
    x = 1 + 2**-7  # exact in bf16; x * x = 1 + 2^-6 + 2^-14 needs 15 bits
    got = small_matmul(arch, "pto.tmatmul", [x], [x], dtypes=("f32", "bf16", "bf16"))
    assert got == np.float32(1 + 2**-6 + 2**-14)


@pytest.mark.parametrize(
    ("arch", "rule", "expected"),
    [
        (TargetArch.A2A3, AccIn.FIRST, 1.0),
        (TargetArch.A5, AccIn.FIRST, 1.0),
        (TargetArch.CPU, AccIn.LAST, 1 + 2**-23),
    ],
    ids=["a2a3", "a5", "cpu"],
)
@pytest.mark.parametrize("op", ["pto.tmatmul.acc", "pto.tgemv.acc"])
@pytest.mark.parametrize("in_place", [False, True], ids=["separate", "in_place"])
def test_where_acc_in_enters_the_sum_per_target(
    arch: TargetArch, rule: AccIn, expected: float, op: str, in_place: bool
) -> None:
    assert MATMUL_RULES[arch].acc_in is rule
    # FIRST: ((1 + 2^-24) + 2^-24) = 1; LAST: 1 + (2^-24 + 2^-24) = 1 + 2^-23.
    got = small_matmul(arch, op, [T24, T24], [T24, T24], acc_in=1.0, in_place=in_place)
    assert got == np.float32(expected)


@pytest.mark.parametrize(
    ("arch", "rule", "expected"),
    [
        (TargetArch.A2A3, BiasAdd.START, 1.0),
        (TargetArch.A5, BiasAdd.START, 1.0),
        (TargetArch.CPU, BiasAdd.AFTER_SUM, 1 + 2**-23),
    ],
    ids=["a2a3", "a5", "cpu"],
)
@pytest.mark.parametrize("op", ["pto.tmatmul.bias", "pto.tgemv.bias"])
def test_where_the_bias_enters_the_sum_per_target(
    arch: TargetArch, rule: BiasAdd, expected: float, op: str
) -> None:
    assert MATMUL_RULES[arch].bias is rule
    # START: (1 + 2^-24) + 2^-24 = 1 (ties to even, twice); AFTER_SUM: 1 + 2^-23.
    got = small_matmul(arch, op, [T24, T24], [T24, T24], bias=1.0)
    assert got == np.float32(expected)


@pytest.mark.parametrize("arch", ARCH_PARAMS)
def test_int8_products_accumulate_in_int32_with_wrap_around(arch: TargetArch) -> None:
    i8 = ("i32", "i8", "i8")
    assert small_matmul(arch, "pto.tmatmul", [-128, -128], [-128, 127], dtypes=i8) == (
        16384 - 16256
    )
    got = small_matmul(arch, "pto.tmatmul.acc", [1], [1], dtypes=i8, acc_in=2**31 - 1)
    assert got == -(2**31)
    got = small_matmul(arch, "pto.tgemv.bias", [-128], [127], dtypes=i8, bias=-(2**31))
    assert got == 2**31 - 16256  # -2^31 - 16256 wraps around


@pytest.mark.parametrize("arch", ARCH_PARAMS)
def test_nan_and_inf(arch: TargetArch) -> None:
    f32s = ("f32", "f32", "f32")
    inf = math.inf
    assert math.isnan(small_matmul(arch, "pto.tmatmul", [inf, 1.0], [0.0, 1.0], dtypes=f32s))
    assert math.isnan(small_matmul(arch, "pto.tmatmul", [inf, inf], [1.0, -1.0], dtypes=f32s))
    assert small_matmul(arch, "pto.tmatmul", [inf, 1.0], [2.0, 1.0], dtypes=f32s) == inf
    big = 3e38  # the sum of two overflows f32
    assert small_matmul(arch, "pto.tmatmul", [big, big], [1.0, 1.0], dtypes=f32s) == inf
    assert math.isnan(small_matmul(arch, "pto.tmatmul", [math.nan], [0.0], dtypes=f32s))
    got = small_matmul(arch, "pto.tgemv.bias", [1.0], [1.0], dtypes=f32s, bias=-inf)
    assert got == -inf


@pytest.mark.parametrize("arch", [TargetArch.A5, TargetArch.CPU], ids=["a5", "cpu"])
def test_fp8_products_are_exact_in_f32(arch: TargetArch) -> None:
    # 448 (e4m3 max) * 57344 (e5m2 max) = 25690112 = 2^24 * 1.53125, exact in f32.
    got = small_matmul(arch, "pto.tmatmul", [448.0], [57344.0],
                       dtypes=("f32", "f8E4M3FN", "f8E5M2"))  # fmt: skip
    assert got == np.float32(25690112.0)
    got = small_matmul(arch, "pto.tmatmul", [0.4375, 3.0], [0.375, 2.0],
                       dtypes=("f32", "f8E4M3FN", "f8E4M3FN"))  # fmt: skip
    assert got == np.float32(0.4375 * 0.375 + 6.0)


def test_a2a3_default_left_layout_zz_gives_the_same_result() -> None:
    arch = TargetArch.A2A3
    c, a, b = next(t for t in triples(arch) if t[1].name == "f16")
    module = kernel_module(arch, c, a, b, a2a3_left=True)
    types = arg_types(module, "tmatmul_dps")
    assert types[0].is_row_major and types[0].is_boxed
    rng = np.random.default_rng(3)
    machine = Machine(PROFILES[arch])
    da, db = random_data(a, (16, 32), rng), random_data(b, (32, 32), rng)
    ta = operand(machine, types[0], da, (16, 32), 0)
    tb = operand(machine, types[1], db, (32, 32), 0)
    dst = filled(machine, types[2], 0, (16, 32))
    run(module, machine, "tmatmul_dps", [ta, tb, dst])
    assert_same(dst.get(), reference(arch, c, da, db, 16, 32, 32))


# ---- run-time rules ---------------------------------------------------------------------------
def run_with_valid(op: str, valid: dict[str, tuple[int, int]], *, dtypes: str = "f16",
                   k_cols: int = K_COLS, bias_cols: int = N_COLS,
                   n_cols: int = N_COLS) -> None:  # fmt: skip
    arch = TargetArch.A5
    c, a, b = next(t for t in triples(arch) if t[1].name == dtypes and t[2].name == dtypes)
    module = kernel_module(arch, c, a, b, bias_cols=bias_cols, k_cols=k_cols, n_cols=n_cols)
    roles, _ = OPS[op]
    types = arg_types(module, func_name(op, True))
    machine = Machine(PROFILES[arch])
    tiles = [
        machine.tile_at(t, None, *valid.get(r, (1, 1))) for r, t in zip(roles, types, strict=False)
    ]
    dst = machine.tile_at(types[-1], None, 1, 1)
    run(module, machine, func_name(op, True), [*tiles, dst])


@pytest.mark.parametrize(
    ("op", "valid", "message"),
    [
        ("pto.tgemv", {"a": (2, 8), "b": (8, 8)},
         r"gemv needs m == 1: the left tile has 2 valid rows"),
        ("pto.tgemv.bias", {"a": (1, 8), "b": (0, 8)},
         r"k = 0 \(the right tile's valid rows\) must lie in \[1, 4095\]"),
        ("pto.tgemv.acc", {"a": (1, 8), "b": (8, 0)},
         r"n = 0 \(the right tile's valid columns\) must lie in \[1, 4095\]"),
        ("pto.tmatmul", {"a": (0, 8), "b": (8, 8)},
         r"m = 0 \(the left tile's valid rows\) must lie in \[1, 4095\]"),
        ("pto.tmatmul.acc", {"a": (4, 0), "b": (8, 8)},
         r"k = 0 \(the left tile's valid columns\) must lie in \[1, 4095\]"),
        ("pto.tmatmul.bias", {"a": (4, 8), "b": (8, 0)},
         r"n = 0 \(the right tile's valid columns\) must lie in \[1, 4095\]"),
    ],
)  # fmt: skip
def test_runtime_size_rules(op: str, valid: dict[str, tuple[int, int]], message: str) -> None:
    with pytest.raises(PtoRuntimeError, match=message):
        run_with_valid(op, valid)


def test_k_above_4095_is_a_runtime_error() -> None:
    # 16x4096 and 4096x16 int8 tiles fill L0A and L0B (64 KiB each) exactly.
    with pytest.raises(PtoRuntimeError, match=r"k = 4096 \(the left tile's valid columns\)"):
        run_with_valid("pto.tmatmul", {"a": (1, 4096), "b": (4096, 16)}, dtypes="i8",
                       k_cols=4096, n_cols=16)  # fmt: skip


def test_bias_narrower_than_n_is_a_runtime_error() -> None:
    with pytest.raises(PtoRuntimeError, match="the bias row has 16 columns, fewer than n = 20"):
        run_with_valid("pto.tmatmul.bias", {"a": (1, 8), "b": (8, 20), "bias": (1, 16)},
                       bias_cols=16)  # fmt: skip


# ---- through pto-run --------------------------------------------------------------------------
DYN = "v_row=?, v_col=?"
KERNEL = f"""
!tv16 = !pto.tensor_view<?x?xf16>
!tv32 = !pto.tensor_view<?x?xf32>
!gm_a = !pto.partition_tensor_view<16x32xf16>
!gm_b = !pto.partition_tensor_view<32x32xf16>
!gm_bias = !pto.partition_tensor_view<1x32xf16>
!gm_c = !pto.partition_tensor_view<16x32xf32>
!mat_a = !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, {DYN}>
!mat_b = !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, {DYN}>
!mat_bias = !pto.tile_buf<loc=mat, dtype=f16, rows=1, cols=32, {DYN}>
!left = !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, {DYN}, {LAYOUT["a"]}>
!right = !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=32, {DYN}, {LAYOUT["b"]}>
!bias = !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=32, {DYN}>
!acc = !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=32, {DYN}, {LAYOUT["acc"]}>
builtin.module attributes {{pto.target_arch = "a5"}} {{
  func.func @mm(%pa: !pto.ptr<f16>, %pb: !pto.ptr<f16>, %pbias: !pto.ptr<f16>,
                %pc: !pto.ptr<f32>, %m: index) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c20 = arith.constant 20 : index
    %c24 = arith.constant 24 : index
    %va = pto.make_tensor_view %pa, shape = [%c16, %c32], strides = [%c32, %c1] : !tv16
    %vb = pto.make_tensor_view %pb, shape = [%c32, %c32], strides = [%c32, %c1] : !tv16
    %vbias = pto.make_tensor_view %pbias, shape = [%c1, %c32], strides = [%c32, %c1] : !tv16
    %vc = pto.make_tensor_view %pc, shape = [%c16, %c32], strides = [%c32, %c1] : !tv32
    %ga = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c16, %c32] : !tv16 -> !gm_a
    %gb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%c32, %c32] : !tv16 -> !gm_b
    %gbias = pto.partition_view %vbias, offsets = [%c0, %c0], sizes = [%c1, %c32]
        : !tv16 -> !gm_bias
    %gc = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c16, %c32] : !tv32 -> !gm_c
    %ma = pto.alloc_tile valid_row = %m valid_col = %c24 : !mat_a
    %mb = pto.alloc_tile valid_row = %c24 valid_col = %c20 : !mat_b
    %mbias = pto.alloc_tile valid_row = %c1 valid_col = %c32 : !mat_bias
    %l = pto.alloc_tile valid_row = %m valid_col = %c24 : !left
    %r = pto.alloc_tile valid_row = %c24 valid_col = %c20 : !right
    %bias = pto.alloc_tile valid_row = %c1 valid_col = %c32 : !bias
    %acc = pto.alloc_tile valid_row = %c16 valid_col = %c32 : !acc
    pto.tload ins(%ga : !gm_a) outs(%ma : !mat_a)
    pto.tload ins(%gb : !gm_b) outs(%mb : !mat_b)
    pto.tload ins(%gbias : !gm_bias) outs(%mbias : !mat_bias)
    pto.tmov ins(%ma : !mat_a) outs(%l : !left)
    pto.tmov ins(%mb : !mat_b) outs(%r : !right)
    pto.tmov ins(%mbias : !mat_bias) outs(%bias : !bias)
    OP
    pto.tstore ins(%acc : !acc) outs(%gc : !gm_c)
    func.return
  }}
}}
"""
OPS_TEXT = {
    "tmatmul.bias": "pto.tmatmul.bias ins(%l, %r, %bias : !left, !right, !bias) outs(%acc : !acc)",
    "tgemv.bias": "pto.tgemv.bias ins(%l, %r, %bias : !left, !right, !bias) outs(%acc : !acc)",
}


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
@pytest.mark.parametrize(("op", "m"), [("tmatmul.bias", 5), ("tgemv.bias", 1)])
def test_pto_run_matmul_with_bias(tmp_path: Path, target: str, op: str, m: int) -> None:
    kernel = tmp_path / "mm.mlir"
    kernel.write_text(KERNEL.replace("OP", OPS_TEXT[op]))
    rng = np.random.default_rng(7)
    a = rng.standard_normal((16, 32)).astype(np.float16)
    b = rng.standard_normal((32, 32)).astype(np.float16)
    bias = rng.standard_normal((1, 32)).astype(np.float16)
    for name, arr in (("a", a), ("b", b), ("bias", bias)):
        np.save(tmp_path / f"{name}.npy", arr)
    out = tmp_path / "out"
    code = runner.main(["--semantics-only",
        str(kernel), "--target", target,
        "--arg", str(tmp_path / "a.npy"), "--arg", str(tmp_path / "b.npy"),
        "--arg", str(tmp_path / "bias.npy"), "--arg", "zeros:16x32xf32", "--arg", f"{m}:index",
        "--out-dir", str(out),
    ])  # fmt: skip
    assert code == 0
    c = np.load(out / "arg3.npy")
    want = reference(TargetArch(target), dtype_named("f32"), a, b, m, 24, 20,
                     bias=bias.astype(np.float32))  # fmt: skip
    assert_same(c[:m, :20], want)
    # The stored accumulator's other elements are the fresh acc tile's zeros.
    assert np.all(c[m:, :] == 0) and np.all(c[:, 20:] == 0)


def test_pto_run_reports_a_gemv_with_two_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    kernel = tmp_path / "mm.mlir"
    kernel.write_text(KERNEL.replace("OP", OPS_TEXT["tgemv.bias"]))
    code = runner.main(["--semantics-only",
        str(kernel), "--arg", "zeros:16x32xf16", "--arg", "zeros:32x32xf16",
        "--arg", "zeros:1x32xf16", "--arg", "zeros:16x32xf32", "--arg", "2:index",
    ])  # fmt: skip
    assert code != 0
    err = capsys.readouterr().err
    first, line, caret = err.splitlines()  # the mlir-opt form: message, source line, caret
    assert "Traceback" not in err
    assert re.fullmatch(r".*mm\.mlir:\d+:5: error: pto\.tgemv\.bias: .*", first)
    assert first.endswith("gemv needs m == 1: the left tile has 2 valid rows")
    assert line.strip().startswith("pto.tgemv.bias ins(") and caret == "    ^"


# ---- 1-row tiles in boxed layouts (exempt from the box-row rule) ------------------------------
RUN_DIR = Path(__file__).parents[1] / "filecheck" / "run"
EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
def test_seed_gemv_with_one_row_tiles_runs_on_every_target(tmp_path: Path, target: str) -> None:
    """Seed 000's TileLeft<half, 1, 16> / TileAcc<float, 1, 16> example through pto-run."""
    rng = np.random.default_rng(11)
    a = rng.standard_normal((1, 16)).astype(np.float16)
    b = rng.standard_normal((16, 16)).astype(np.float16)
    bias = rng.standard_normal((1, 16)).astype(np.float32)
    for name, arr in (("a", a), ("b", b), ("bias", bias)):
        np.save(tmp_path / f"{name}.npy", arr)
    out = tmp_path / "out"
    code = runner.main([
        str(RUN_DIR / "gemv_one_row.mlir"), "--target", target,
        "--arg", str(tmp_path / "a.npy"), "--arg", str(tmp_path / "b.npy"),
        "--arg", str(tmp_path / "bias.npy"), "--arg", "zeros:1x16xf32", "--out-dir", str(out),
    ])  # fmt: skip
    assert code == 0
    c = np.load(out / "arg3.npy")
    assert_same(c, reference(TargetArch(target), dtype_named("f32"), a, b, 1, 16, 16, bias=bias))
    want = bias.astype(np.float64) + a.astype(np.float64) @ b.astype(np.float64)
    assert np.allclose(c, want, rtol=1e-5, atol=1e-6)


def test_int8_gemv_with_a_one_row_zz_left_tile_on_a2a3() -> None:
    """A2/A3's TileLeft layout (zZ, 16x32 int8 boxes) with one row, K = 64: two boxes."""
    text = (RUN_DIR / "Inputs" / "gemv_i8_one_row_a2a3.mlir").read_text()
    result = run_function(support.parse_kernel(text), ["rand:1x64xi8:5", "rand:64x32xi8:6",
                                                       "zeros:1x32xi32"])  # fmt: skip
    a, b, c = (x for x in result.outputs() if x is not None)
    assert np.array_equal(c, a.astype(np.int32) @ b.astype(np.int32))
    assert result.hazards == []


@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
def test_one_row_gemv_through_the_pipeline(target: str) -> None:
    """examples/tgemv_bias_ssa.mlir with 1-row left, mat and acc tiles instead of 16 rows with
    one valid: pto-pipeline plans, moves and runs them the same."""
    text = (EXAMPLES / "tgemv_bias_ssa.mlir").read_text()
    one_row = text.replace("rows=16, cols=32, v_row=1, v_col=32", "rows=1, cols=32")
    assert one_row.count("rows=1, cols=32") == 5
    module = support.parse_kernel(one_row, target)
    args = ["rand:1x32xf16:1", "rand:32x32xf16:2", "rand:1x32xf32:3", "zeros:1x32xf32"]
    before = run_function(module, args)
    PipelinePass().apply(context(arith.Arith, scf.Scf), module)
    module.verify()
    after = run_function(module, args)
    assert after.hazards == []
    x, w, bias, y = (o for o in after.outputs() if o is not None)
    assert np.array_equal(y, [o for o in before.outputs() if o is not None][3])
    assert_same(y, reference(TargetArch(target), dtype_named("f32"), x, w, 1, 32, 32, bias=bias))


def test_premises_of_the_reference() -> None:
    # Binary64 sums and products of f32 values rounded to f32 are correctly rounded f32
    # results when binary64 has at least 2 * 24 + 2 significand bits.
    assert sys.float_info.mant_dig >= 2 * 24 + 2
    assert f32(f32(1.0 + 2**-24) + 2**-24) == 1.0
