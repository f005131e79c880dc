"""vbcnt, vcls, vmov, vtrc, pbitcast, vaddrelu, vsubrelu, vaddreluconv, vmulconv and vmull
in the interpreter, against per-lane Python references written from the pages.

References: bit counts by Python's `bin`, a lane loop for the leading sign bits, exact
rationals (`fractions.Fraction`) rounded by `convert_reference` for floats, exact Python
integers for vmull, and a 256-bit predicate image for pbitcast. Registers hold random bit
patterns with edge values (NaN, +-inf, -0, halves, integer extremes) spliced in; inactive
lanes must be zero.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from convert_reference import convert_one, round_to_float
from hypothesis import given, settings
from hypothesis import strategies as st
from support import bits_equal, context, wrap
from vector_arith_rig import TARGETS, build, lanes_of, mask_type, vreg
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation, SSAValue

from interpreters.engine.source import parse_module
from interpreters.launching.args import ArrayArg
from interpreters.launching.execute import run_function
from interpreters.machine.core import Machine
from interpreters.ops.vector_arith import VectorArithFunctions
from interpreters.ops.vector_fused import VectorFusedFunctions
from pto_dialect.attrs import RoundMode, SatMode
from pto_dialect.dtypes import F16, F32, I8, I16, DType, dtype_named
from pto_dialect.ops.vector_arith import VectorOp
from pto_dialect.ops.vector_bits import VBcntOp, VClsOp, VMovOp
from pto_dialect.ops.vector_fused import (
    VAddReluConvOp,
    VAddReluOp,
    VectorFusedConvOp,
    VectorReluBinaryOp,
    VMulConvOp,
    VMullOp,
    VSubReluOp,
)
from pto_dialect.ops.vector_round_cast import VTRC_CODES, PbitcastOp, VTrcOp
from pto_dialect.targets import A5, TargetProfile
from pto_dialect.vector_types import MaskType

SEEDS = st.integers(0, 2**32 - 1)
# IEEE exceptions (overflow, NaN casts) are results here, as under pto-run
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")


def dtypes_of(op: type[VectorOp], target: TargetProfile) -> list[DType]:
    return sorted(op.legal_dtypes(target), key=str)


def ident(value: object) -> str:
    return str(getattr(value, "name", value))


def run(target: TargetProfile, op: Operation, args: Sequence[Any]) -> PythonValues:
    machine = Machine(target)
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(VectorArithFunctions(machine))
    interpreter.register_implementations(VectorFusedFunctions(machine))
    with np.errstate(all="ignore"):
        return interpreter.run_op(op, tuple(args))


def edges(dtype: DType) -> list[Any]:
    if dtype.is_float:
        top = float(np.finfo(np.float32).max) if dtype == F32 else None
        values = [math.nan, math.inf, -math.inf, -0.0, 0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.7, -3.7]
        values += [1e-40 if dtype == F32 else 6e-8, 65504.0 if dtype == F16 else 1e30]
        return values if top is None else [*values, top, -top]
    low, high = dtype.int_limits
    return [low, high, 0, -1 if dtype.is_signed else 1, 1, low + 1, high - 1]


def lanes(dtype: DType, seed: int, with_edges: bool = True) -> np.ndarray:
    """A vreg of random bit patterns with the edge values at random lanes."""
    rng = np.random.default_rng(seed)
    raw = rng.integers(0, 256, size=256, dtype=np.uint8)
    values = raw.view(dtype.numpy).copy()
    if with_edges:
        specials = np.array(edges(dtype), dtype=np.float64 if dtype.is_float else np.int64)
        where = rng.choice(len(values), size=len(specials), replace=False)
        values[where] = specials.astype(dtype.numpy)
    return values


def a_mask(n: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed ^ 0x5A5A).random(n) < 0.8


def as_python(value: Any, dtype: DType) -> Any:
    return float(value) if dtype.is_float else int(value)


# ---- vbcnt, vcls, vmov ------------------------------------------------------------------


def popcount_ref(value: int, dtype: DType) -> int:
    return bin(value & ((1 << dtype.bits) - 1)).count("1")


def cls_ref(value: int, dtype: DType) -> int:
    """Leading bits equal to the most significant one, counted one by one."""
    pattern = value & ((1 << dtype.bits) - 1)
    sign = pattern >> (dtype.bits - 1)
    count = 0
    for bit in range(dtype.bits - 1, -1, -1):
        if (pattern >> bit) & 1 != sign:
            break
        count += 1
    return count


INT_CASES = [(t, d) for t in TARGETS for d in dtypes_of(VBcntOp, t)]


@pytest.mark.parametrize(("target", "dtype"), INT_CASES, ids=ident)
@given(seed=SEEDS)
@settings(max_examples=15, deadline=None)
def test_vbcnt_and_vcls(target: TargetProfile, dtype: DType, seed: int) -> None:
    values, mask = lanes(dtype, seed), a_mask(lanes_of(dtype), seed)
    for cls, ref in ((VBcntOp, popcount_ref), (VClsOp, cls_ref)):
        op = build(target, [vreg(dtype), mask_type(dtype)], cls)
        (result,) = run(target, op, [values, mask])
        expected = [ref(int(v), dtype) if on else 0 for v, on in zip(values, mask, strict=True)]
        assert result.dtype == dtype.numpy
        assert [int(r) for r in result] == expected, cls.name


def test_vcls_fixed_points() -> None:
    """0 and -1 have every bit equal to the sign; 1 and INT_MIN one opposite bit."""
    values = np.zeros(64, np.int32)
    values[:4] = [0, -1, 1, -(2**31)]
    op = build(A5, [vreg(dtype_named("i32")), MaskType(32)], VClsOp)
    (result,) = run(A5, op, [values, np.ones(64, np.bool_)])
    assert list(result[:4]) == [32, 32, 31, 1]


@pytest.mark.parametrize("name", sorted(d.name for d in dtypes_of(VMovOp, A5)))
@given(seed=SEEDS)
@settings(max_examples=5, deadline=None)
def test_vmov_copies_bits(name: str, seed: int) -> None:
    dtype = dtype_named(name)
    values, mask = lanes(dtype, seed), a_mask(lanes_of(dtype), seed)
    op = build(A5, [vreg(dtype), mask_type(dtype)], VMovOp)
    (result,) = run(A5, op, [values, mask])
    unsigned = f"u{dtype.bytes}"
    expected = np.where(mask, values.view(unsigned), 0)
    assert result.view(unsigned).tolist() == expected.tolist()


# ---- vtrc -------------------------------------------------------------------------------

VTRC_CASES = [(t, d, code) for t in TARGETS for d in dtypes_of(VTrcOp, t) for code in VTRC_CODES]


@pytest.mark.parametrize(("target", "dtype", "code"), VTRC_CASES, ids=ident)
@given(seed=SEEDS, masked=st.booleans())
@settings(max_examples=10, deadline=None)
def test_vtrc(target: TargetProfile, dtype: DType, code: str, seed: int, masked: bool) -> None:
    values = lanes(dtype, seed)
    mask = a_mask(lanes_of(dtype), seed) if masked else np.ones(lanes_of(dtype), np.bool_)
    types = [vreg(dtype), mask_type(dtype)] if masked else [vreg(dtype)]

    def make(x: SSAValue, *m: SSAValue) -> VTrcOp:
        return VTrcOp(x, m[0] if m else None, code)

    op = build(target, types, make)
    (result,) = run(target, op, [values, mask] if masked else [values])
    mode = VTRC_CODES[code]
    expected = [
        convert_one(float(v), dtype, dtype, mode, SatMode.OFF) if on else 0.0
        for v, on in zip(values, mask, strict=True)
    ]
    assert bits_equal(result, np.array(expected).astype(dtype.numpy), dtype)
    # infinities keep their bits on active lanes
    special = mask & np.isinf(values.astype(np.float64))
    unsigned = f"u{dtype.bytes}"
    assert result.view(unsigned)[special].tolist() == values.view(unsigned)[special].tolist()


def test_vtrc_quiets_a_signaling_nan() -> None:
    """NaN stays NaN, quieted with its sign and payload (the tcvt rule, docs/semantics.md)."""
    values = np.zeros(64, np.uint32)
    values[:3] = [0x7F800001, 0xFFA00000, 0x7FC00001]
    op = build(A5, [vreg(F32)], lambda x: VTrcOp(x, None, "Z"))
    (result,) = run(A5, op, [values.view(np.float32)])
    assert result.view(np.uint32)[:3].tolist() == [0x7FC00001, 0xFFE00000, 0x7FC00001]


# ---- pbitcast ---------------------------------------------------------------------------


def image_of(mask: np.ndarray) -> list[int]:
    """The 256-bit predicate image a bW producer writes: lane i sets bits of its W/8 bytes."""
    per_lane = 256 // len(mask)
    return [int(mask[i // per_lane]) for i in range(256)]


@pytest.mark.parametrize("src", [8, 16, 32])
@pytest.mark.parametrize("dst", [8, 16, 32])
@given(seed=SEEDS)
@settings(max_examples=5, deadline=None)
def test_pbitcast_reads_the_image(src: int, dst: int, seed: int) -> None:
    mask = a_mask(2048 // src, seed)
    op = build(A5, [MaskType(src)], lambda m: PbitcastOp(m, MaskType(dst)))
    (result,) = run(A5, op, [mask])
    image = image_of(mask)
    step = dst // 8  # a bDST lane reads the first bit of its DST/8 bytes
    assert result.tolist() == [bool(image[j * step]) for j in range(2048 // dst)]


# ---- vaddrelu, vsubrelu ------------------------------------------------------------------


def relu_ref(a: float, b: float, subtract: bool, dtype: DType) -> float:
    if not (math.isfinite(a) and math.isfinite(b)):
        value = a - b if subtract else a + b  # inf or NaN: Python's IEEE arithmetic
    else:
        exact = Fraction(a) - Fraction(b) if subtract else Fraction(a) + Fraction(b)
        value = round_to_float(exact, dtype, RoundMode.RINT, SatMode.OFF)
    return value if value > 0 else 0.0


RELU_CASES = [(t, cls, d) for t in TARGETS for cls in (VAddReluOp, VSubReluOp) for d in (F32, F16)]


@pytest.mark.parametrize(("target", "cls", "dtype"), RELU_CASES, ids=ident)
@given(seed=SEEDS)
@settings(max_examples=10, deadline=None)
def test_add_sub_relu(
    target: TargetProfile, cls: type[VectorReluBinaryOp], dtype: DType, seed: int
) -> None:
    lhs, rhs = lanes(dtype, seed), lanes(dtype, seed + 1)
    mask = a_mask(lanes_of(dtype), seed)
    op = build(target, [vreg(dtype), vreg(dtype), mask_type(dtype)], cls)
    (result,) = run(target, op, [lhs, rhs, mask])
    subtract = cls is VSubReluOp
    expected = [
        relu_ref(float(a), float(b), subtract, dtype) if on else 0.0
        for a, b, on in zip(lhs, rhs, mask, strict=True)
    ]
    # +0 for every non-positive, NaN or masked lane (bits compared: no -0)
    assert result.tobytes() == np.array(expected).astype(dtype.numpy).tobytes()


# ---- vaddreluconv, vmulconv -------------------------------------------------------------

CONV_CASES = [
    (t, cls, src, dst, rnd, sat)
    for t in TARGETS
    for cls in (VAddReluConvOp, VMulConvOp)
    for (src, dst), (takes_rnd, _) in cls.FORMS.items()
    for rnd in (("R", "A", "F", "C", "Z") if takes_rnd else (None,))
    for sat in ("SAT", "NOSAT")
]


def fused_ref(a: Any, b: Any, cls: type[VectorFusedConvOp], src: DType) -> Any:
    """The sum (ReLU'd) or product in the source type."""
    multiply = cls is VMulConvOp
    if src.is_int:
        value = wrap(a * b if multiply else a + b, src)
    elif math.isfinite(a) and math.isfinite(b):
        exact = Fraction(a) * Fraction(b) if multiply else Fraction(a) + Fraction(b)
        value = round_to_float(exact, src, RoundMode.RINT, SatMode.OFF)
    else:
        value = a * b if multiply else a + b
    if cls.RELU:
        value = value if value > 0 else type(value)(0)
    return value


@pytest.mark.parametrize(("target", "cls", "src", "dst", "rnd", "sat"), CONV_CASES, ids=ident)
@given(seed=SEEDS, masked=st.booleans())
@settings(max_examples=8, deadline=None)
def test_fused_conversions(
    target: TargetProfile,
    cls: type[VectorFusedConvOp],
    src: DType,
    dst: DType,
    rnd: str | None,
    sat: str,
    seed: int,
    masked: bool,
) -> None:
    lhs, rhs = lanes(src, seed), lanes(src, seed + 7)
    if src.is_float:  # magnitudes that reach the destination's range and past it
        scale = np.float32(2.0) ** np.random.default_rng(seed).integers(-4, 9, lhs.shape)
        lhs = np.where(np.isfinite(lhs), (lhs.astype(np.float32) % 300) * scale, lhs).astype(
            lhs.dtype
        )
    n = lanes_of(src)
    mask = a_mask(n, seed) if masked else np.ones(n, np.bool_)
    types = [vreg(src), vreg(src)] + ([mask_type(src)] if masked else [])

    def make(a: SSAValue, b: SSAValue, *m: SSAValue) -> VectorFusedConvOp:
        return cls(a, b, m[0] if m else None, vreg(dst), rnd, sat)

    op = build(target, types, make)
    (result,) = run(target, op, [lhs, rhs, mask] if masked else [lhs, rhs])
    mode = RoundMode.RINT if rnd is None else {"R": RoundMode.RINT, "A": RoundMode.ROUND,
        "F": RoundMode.FLOOR, "C": RoundMode.CEIL, "Z": RoundMode.TRUNC}[rnd]  # fmt: skip
    saturation = SatMode.ON if sat == "SAT" else SatMode.OFF
    converted = [
        convert_one(
            fused_ref(as_python(a, src), as_python(b, src), cls, src), src, dst, mode, saturation
        )
        if on
        else 0
        for a, b, on in zip(lhs, rhs, mask, strict=True)
    ]
    expected = np.zeros(lanes_of(dst), dtype=dst.numpy)
    step = lanes_of(dst) // n  # narrowing k:1: source lane i in lane k*i
    expected[::step] = np.array(converted).astype(dst.numpy)
    assert bits_equal(result, expected, dst)


def to_i8(a: SSAValue, b: SSAValue) -> VAddReluConvOp:
    return VAddReluConvOp(a, b, None, vreg(I8))


def test_vaddreluconv_clamps_like_taddreluconv() -> None:
    """TAddReluConv.md: max(0, a + b) narrowed with saturation: f16 -> i8 in [0, 127]."""
    lhs = np.zeros(128, np.float16)
    lhs[:5] = [300.0, -5.0, 2.5, 3.5, np.nan]
    op = build(A5, [vreg(F16), vreg(F16)], to_i8)
    (result,) = run(A5, op, [lhs, np.zeros(128, np.float16)])
    assert result[:10:2].tolist() == [127, 0, 2, 4, 0]
    assert not result[1::2].any()
    op16 = build(A5, [vreg(I16), vreg(I16)], to_i8)
    ints = np.zeros(128, np.int16)
    ints[:3] = [200, -7, 100]
    (narrow,) = run(A5, op16, [ints, ints])
    assert narrow[:6:2].tolist() == [127, 0, 127]


# ---- vmull ------------------------------------------------------------------------------


@pytest.mark.parametrize("target", TARGETS, ids=ident)
@pytest.mark.parametrize("name", ["i32", "ui32"])
@given(seed=SEEDS)
@settings(max_examples=10, deadline=None)
def test_vmull_halves(target: TargetProfile, name: str, seed: int) -> None:
    dtype = dtype_named(name)
    lhs, rhs, mask = lanes(dtype, seed), lanes(dtype, seed + 3), a_mask(64, seed)
    op = build(target, [vreg(dtype), vreg(dtype), mask_type(dtype)], VMullOp)
    low, high = run(target, op, [lhs, rhs, mask])
    for i, (a, b, on) in enumerate(zip(lhs.tolist(), rhs.tolist(), mask, strict=True)):
        product = a * b if on else 0
        assert int(low[i]) == wrap(product & 0xFFFFFFFF, dtype)
        assert int(high[i]) == wrap(product >> 32, dtype)
    assert low.dtype == high.dtype == dtype.numpy


def test_vtrc_attribute_is_normalized() -> None:
    op = build(A5, [vreg(F32)], lambda x: VTrcOp(x, None, "F"))
    assert op.properties["round_mode"] == StringAttr("F")


# ---- whole kernels ----------------------------------------------------------------------

KERNEL = """
module attributes {pto.target_arch = "TARGET"} {
  func.func @k(%x: !pto.ptr<f32, gm>, %y: !pto.ptr<f32, gm>, %a: !pto.ptr<i32, gm>,
               %lo: !pto.ptr<i32, gm>, %hi: !pto.ptr<i32, gm>) {
    %c0_i64 = arith.constant 0 : i64
    %c8_i64 = arith.constant 8 : i64
    %c256_i64 = arith.constant 256 : i64
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c512 = arith.constant 512 : index
    %n = arith.constant 500 : i32
    %false = arith.constant false
    %ub_x = pto.castptr %c0_i64 : i64 -> !pto.ptr<f32, ub>
    %c4096_i64 = arith.constant 4096 : i64
    %ub_y = pto.castptr %c4096_i64 : i64 -> !pto.ptr<f32, ub>
    %c8192_i64 = arith.constant 8192 : i64
    %ub_a = pto.castptr %c8192_i64 : i64 -> !pto.ptr<i32, ub>
    %c12288_i64 = arith.constant 12288 : i64
    %ub_lo = pto.castptr %c12288_i64 : i64 -> !pto.ptr<i32, ub>
    %c16384_i64 = arith.constant 16384 : i64
    %ub_hi = pto.castptr %c16384_i64 : i64 -> !pto.ptr<i32, ub>
    pto.copy_gm_to_ubuf %x, %ub_x, %c0_i64, %c8_i64, %c256_i64, %c0_i64, %c0_i64, %false,
      %c0_i64, %c256_i64, %c256_i64
      : !pto.ptr<f32, gm>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
    pto.copy_gm_to_ubuf %a, %ub_a, %c0_i64, %c8_i64, %c256_i64, %c0_i64, %c0_i64, %false,
      %c0_i64, %c256_i64, %c256_i64
      : !pto.ptr<i32, gm>, !pto.ptr<i32, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
    pto.set_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
    pto.wait_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
    pto.vecscope {
      %_:1 = scf.for %i = %c0 to %c512 step %c64 iter_args(%left = %n) -> (i32) {
        %m, %next = pto.plt_b32 %left : i32 -> !pto.mask<b32>, i32
        %v = pto.vlds %ub_x[%i] : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
        %f = pto.vtrc %v, %m, "ROUND_F" : !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
        pto.vsts %f, %ub_y[%i], %m : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
        %w = pto.vlds %ub_a[%i] : !pto.ptr<i32, ub> -> !pto.vreg<64xi32>
        %l, %h = pto.vmull %w, %w, %m : !pto.vreg<64xi32>, !pto.vreg<64xi32>, !pto.mask<b32>
          -> !pto.vreg<64xi32>, !pto.vreg<64xi32>
        pto.vsts %l, %ub_lo[%i], %m : !pto.vreg<64xi32>, !pto.ptr<i32, ub>, !pto.mask<b32>
        pto.vsts %h, %ub_hi[%i], %m : !pto.vreg<64xi32>, !pto.ptr<i32, ub>, !pto.mask<b32>
        scf.yield %next : i32
      }
    }
    pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    pto.wait_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    pto.copy_ubuf_to_gm %ub_y, %y, %c0_i64, %c8_i64, %c256_i64, %c0_i64, %c256_i64, %c256_i64
      : !pto.ptr<f32, ub>, !pto.ptr<f32, gm>, i64, i64, i64, i64, i64, i64
    pto.copy_ubuf_to_gm %ub_lo, %lo, %c0_i64, %c8_i64, %c256_i64, %c0_i64, %c256_i64, %c256_i64
      : !pto.ptr<i32, ub>, !pto.ptr<i32, gm>, i64, i64, i64, i64, i64, i64
    pto.copy_ubuf_to_gm %ub_hi, %hi, %c0_i64, %c8_i64, %c256_i64, %c0_i64, %c256_i64, %c256_i64
      : !pto.ptr<i32, ub>, !pto.ptr<i32, gm>, i64, i64, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    return
  }
}
"""


@pytest.mark.parametrize("target", TARGETS, ids=ident)
def test_a_kernel_of_vtrc_and_vmull_runs(target: TargetProfile) -> None:
    """GM -> UB, a masked loop of vtrc "ROUND_F" and vmull over 500 of 512 lanes, UB -> GM:
    floor and the exact squares' halves on the 500; the masked stores leave the tail's UB
    (zero at the start of a run) as it was, and the copies write it back."""
    module = parse_module(
        context(arith.Arith, scf.Scf), KERNEL.replace("TARGET", target.name), "k.mlir"
    )
    module.verify()
    rng = np.random.default_rng(5)
    x = rng.uniform(-50, 50, 512).astype(np.float32)
    x[:6] = [-0.5, 2.5, -2.5, np.inf, -0.0, 7.0]
    a = rng.integers(-(2**31), 2**31, 512, dtype=np.int64).astype(np.int32)
    sentinel = np.full(512, 77, np.int32)  # overwritten everywhere: by results or UB's zeros
    with np.errstate(all="ignore"):
        result = run_function(
            module,
            [
                ArrayArg(x),
                ArrayArg(np.zeros(512, np.float32)),
                ArrayArg(a),
                ArrayArg(sentinel.copy()),
                ArrayArg(sentinel.copy()),
            ],
        )
    _, y, _, lo, hi = result.outputs()
    assert y is not None and lo is not None and hi is not None
    assert y[:500].tobytes() == np.floor(x[:500]).tobytes()  # floor(-0.5) = -1, -0 stays -0
    squares = [int(v) * int(v) for v in a[:500].tolist()]
    assert lo[:500].tolist() == [wrap(s & 0xFFFFFFFF, dtype_named("i32")) for s in squares]
    assert hi[:500].tolist() == [wrap(s >> 32, dtype_named("i32")) for s in squares]
    assert not y[500:].any() and not lo[500:].any() and not hi[500:].any()
    assert [h.message for h in result.hazards] == []
