"""vcvt, vcmp, vcmps and vsel in the interpreter on every target, against per-lane references
written from their pages: `convert_reference` for the conversion of each lane, the lane
placement of `part` (narrowing k:1: source lane i to lane k*i + p; widening 1:k: lane i from
source lane k*i + p), Python's IEEE comparisons, inactive lanes zero or false."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial
from typing import Any

import numpy as np
import pytest
from convert_reference import convert_one
from support import ieee_compare
from vector_arith_rig import build, mask_type, vreg
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation, SSAValue

from interpreters.machine.core import Machine
from interpreters.ops.vector_compare import VectorCompareFunctions
from interpreters.ops.vector_convert import VectorConvertFunctions
from pto_dialect.attrs import CmpMode, RoundMode, SatMode
from pto_dialect.dtypes import DType, dtype_named, mlir_type
from pto_dialect.ops.vector_compare import VCmpOp, VCmpsOp, VSelOp
from pto_dialect.ops.vector_convert import FORMS, ROUND_CODES, SAT_CODES, VBitcastOp, VCvtOp
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile
from pto_dialect.vector_types import MaskType, VRegType

TARGETS = (A2A3, A5, CPU)


def run(target: TargetProfile, op: Operation, args: Sequence[Any]) -> PythonValues:
    interpreter = Interpreter(ModuleOp([]))
    machine = Machine(target)
    interpreter.register_implementations(VectorConvertFunctions(machine))
    interpreter.register_implementations(VectorCompareFunctions(machine))
    with np.errstate(all="ignore"):
        return interpreter.run_op(op, tuple(args))


def _vcvt(
    result: VRegType, attrs: tuple[str | None, str | None, str | None], v: SSAValue, m: SSAValue
) -> VCvtOp:
    return VCvtOp(v, m, result, *attrs)


def _vcmp(mode: CmpMode, a: SSAValue, b: SSAValue, seed: SSAValue) -> VCmpOp:
    return VCmpOp(a, b, seed, mode)


def _vcmps(mode: CmpMode, a: SSAValue, scalar: SSAValue, seed: SSAValue) -> VCmpsOp:
    return VCmpsOp(a, scalar, seed, mode)


def lanes(dtype: DType) -> int:
    return 2048 // dtype.bits


def random_lanes(dtype: DType, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    raw = rng.integers(0, 256, size=lanes(dtype) * dtype.bytes, dtype=np.uint8)
    values = raw.view(dtype.numpy).copy()
    if dtype.is_float:
        edges = np.array([math.nan, math.inf, -math.inf, -0.0, 0.5, -1.5, 2.5, 1e9], np.float64)
        values[: len(edges)] = edges.astype(dtype.numpy)
    return values


def lane_value(result: object, dst: DType) -> np.generic:
    kind = np.float64 if dst.is_float else np.int64
    return np.array([result], dtype=kind).astype(dst.numpy)[0]


CVT_CASES = [
    (target, src, dst, rnd, sat, part)
    for target in TARGETS
    for (src, dst), (takes_rnd, takes_sat) in sorted(
        FORMS.items(), key=lambda f: (f[0][0].name, f[0][1].name)
    )
    if (src, dst) in VCvtOp.PAIRS[target.arch]
    if not (src.coded or dst.coded)  # HiFloat8 and FP4 pairs: test_cube_ops.py
    for rnd in ((None, "R", "A", "F", "C", "Z", "O") if takes_rnd else (None,))
    if rnd != "O" or (src.is_float and dst.is_float)
    for sat in (("SAT", "NOSAT") if takes_sat else (None,))
    for part in (("EVEN", "ODD") if src.bits != dst.bits else (None,))
]


@pytest.mark.parametrize(
    ("target", "src", "dst", "rnd", "sat", "part"),
    CVT_CASES,
    ids=[f"{t.name}-{s}-{d}-{r}-{a}-{p}" for t, s, d, r, a, p in CVT_CASES],
)
def test_vcvt_lanes(
    target: TargetProfile,
    src: DType,
    dst: DType,
    rnd: str | None,
    sat: str | None,
    part: str | None,
) -> None:
    # a 64-bit source takes a b32 mask: lane i is active when bit 2 * i is (vector_convert.py)
    step = 2 if src.bits == 64 else 1
    op = build(
        target,
        [vreg(src), MaskType(src.bits // step)],
        partial(_vcvt, VRegType(mlir_type(dst), lanes(dst)), (rnd, sat, part)),
    )
    values = random_lanes(src, len(src.name) + 7 * len(dst.name))
    bits = np.random.default_rng(5).random(lanes(src) * step) < 0.8
    mask = bits[::step]
    (got,) = run(target, op, [values, bits])
    mode = ROUND_CODES[rnd] if rnd else RoundMode.RINT
    saturation = SAT_CODES[sat] if sat else SatMode.OFF
    p = 1 if part == "ODD" else 0
    want = np.zeros(lanes(dst), dtype=dst.numpy)
    n, m = lanes(src), lanes(dst)
    for i in range(m):
        if m > n:  # narrowing: lane i holds source lane i // k when i % k == p
            k = m // n
            source = i // k if i % k == p else None
        else:
            source = (n // m) * i + p
        if source is None or not mask[source]:
            continue
        value = values[source]
        want[i] = lane_value(
            convert_one(float(value) if src.is_float else int(value), src, dst, mode, saturation),
            dst,
        )
    unsigned = f"u{dst.bytes}"
    same = got.view(unsigned) == want.view(unsigned)
    if dst.is_float:
        same |= np.isnan(got.astype(np.float64)) & np.isnan(want.astype(np.float64))
    assert got.dtype == dst.numpy and len(got) == m and same.all(), np.argwhere(~same)[:3]


CMP_CASES = [
    (target, dtype, mode)
    for target in TARGETS
    for dtype in sorted(VCmpOp.legal_dtypes(target), key=lambda d: d.name)
    for mode in CmpMode
]


def py(value: np.generic, dtype: DType) -> Any:
    return float(value) if dtype.is_float else int(value)


@pytest.mark.parametrize(
    ("target", "dtype", "mode"), CMP_CASES, ids=[f"{t.name}-{d}-{m.value}" for t, d, m in CMP_CASES]
)
def test_vcmp_vcmps_vsel(target: TargetProfile, dtype: DType, mode: CmpMode) -> None:
    lhs = random_lanes(dtype, 1)
    rhs = lhs.copy()
    rhs[::2] = random_lanes(dtype, 2)[::2]
    seed = np.random.default_rng(3).random(lanes(dtype)) < 0.7
    vcmp = build(
        target,
        [vreg(dtype), vreg(dtype), mask_type(dtype)],
        partial(_vcmp, mode),
    )
    (got,) = run(target, vcmp, [lhs, rhs, seed])
    want = [
        bool(seed[i]) and ieee_compare(py(lhs[i], dtype), py(rhs[i], dtype), mode)
        for i in range(len(lhs))
    ]
    assert got.tolist() == want

    scalar = rhs[5]
    vcmps = build(
        target,
        [vreg(dtype), mlir_type(dtype), mask_type(dtype)],
        partial(_vcmps, mode),
    )
    (got_s,) = run(target, vcmps, [lhs, py(scalar, dtype), seed])
    want_s = [
        bool(seed[i]) and ieee_compare(py(lhs[i], dtype), py(scalar, dtype), mode)
        for i in range(len(lhs))
    ]
    assert got_s.tolist() == want_s

    vsel = build(
        target,
        [vreg(dtype), vreg(dtype), mask_type(dtype)],
        VSelOp,
    )
    (picked,) = run(target, vsel, [lhs, rhs, got])
    want_v = np.array([lhs[i] if want[i] else rhs[i] for i in range(len(lhs))], dtype=dtype.numpy)
    assert np.array_equal(picked.view(np.uint8), want_v.view(np.uint8))


def test_vcmps_takes_a_signless_scalar_of_the_lane_width() -> None:
    """PTOAS's board-tested vcmps-i16-unsigned case: ui16 lanes against an `i16` scalar -1,
    which stands for 0xFFFF, so every lane is below it."""
    from xdsl.dialects.builtin import i16

    from pto_dialect.dtypes import dtype_named

    u16 = dtype_named("ui16")
    target = TARGETS[1]
    op = build(target, [vreg(u16), i16, mask_type(u16)], partial(_vcmps, CmpMode.LT))
    values = np.arange(128, dtype=np.uint16) * 511
    values[-1] = 0xFFFF
    (got,) = run(target, op, [values, -1, np.ones(128, bool)])
    assert got.tolist() == [True] * 127 + [False]


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_vbitcast_keeps_the_bytes(target: TargetProfile) -> None:
    from pto_dialect.dtypes import dtype_named

    f16, u32 = dtype_named("f16"), dtype_named("ui32")
    op = build(target, [vreg(f16)], partial(_bitcast, VRegType(mlir_type(u32), lanes(u32))))
    values = random_lanes(f16, 3)
    (got,) = run(target, op, [values])
    want = [int.from_bytes(values.tobytes()[4 * i : 4 * i + 4], "little") for i in range(64)]
    assert got.dtype == np.uint32 and got.tolist() == want


def _bitcast(result: VRegType, value: SSAValue) -> VBitcastOp:
    return VBitcastOp(value, result)


def test_vcvt_hif8_forms_on_a5() -> None:
    """f32 -> hif8 in part P1 (lane i -> byte 4i + 1) and back: 1.0 -> 0x08, 2.0 -> 0x10 (the
    codes PTOAS's board-tested simt-packed-math-core fixes), 0.75 and 3.0 exact."""
    hif8, f32 = dtype_named("hif8"), dtype_named("f32")
    narrow = partial(_vcvt, VRegType(mlir_type(hif8), 256), ("A", "NOSAT", "P1"))
    to_hif8 = build(A5, [vreg(f32), mask_type(f32)], narrow)
    values = np.zeros(64, np.float32)
    values[:4] = [1.0, 2.0, 0.75, -3.0]
    (codes,) = run(A5, to_hif8, [values, np.ones(64, bool)])
    assert codes[1] == 0x08 and codes[5] == 0x10 and not codes[0] and not codes[2:5].any()
    widen = partial(_vcvt, VRegType(mlir_type(f32), 64), (None, None, "P1"))
    back = build(A5, [vreg(hif8), mask_type(hif8)], widen)
    (wide,) = run(A5, back, [codes, np.ones(256, bool)])
    assert list(wide[:4]) == [1.0, 2.0, 0.75, -3.0]
