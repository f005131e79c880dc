"""Vector-scalar micro-ops, vaddcs/vsubcs and vaxpy in the interpreter, against per-lane
references from their pages.

References are Python computations on single lanes: a float op in Python's double rounded
once to the element type (exact enough for one operation on f32/f16/bf16 values), vaxpy
exactly in `Fraction`s, integers exactly and wrapped by hand. Inactive lanes must be zero.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from support import bits_equal, int_numpy, legal_dtypes, ml_finfo, wrap
from vector_arith_rig import TARGETS, build, lanes_of, mask_type, vreg
from xdsl.dialects.builtin import IntegerType, ModuleOp
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation

from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.ops.vector_scalar import VectorScalarFunctions
from pto_dialect.dtypes import I16, I32, U32, DType, dtype_named, mlir_type
from pto_dialect.ops.vector_scalar import SCALAR_OPS, VAddCsOp, VAxpyOp, VSubCsOp
from pto_dialect.targets import CPU, TargetProfile

OPS = {op.name.removeprefix("pto."): op for op in SCALAR_OPS}


def run(machine: Machine, op: Operation, args: list[Any]) -> PythonValues:
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(VectorScalarFunctions(machine))
    with np.errstate(all="ignore"):
        return interpreter.run_op(op, tuple(args))


def to_dtype(value: float, dtype: DType) -> Any:
    with np.errstate(all="ignore"):
        return dtype.numpy.type(value)


def ref_lane(name: str, x: Any, s: Any, dtype: DType) -> Any:
    if not dtype.is_float:
        a, b = int(x), int(s)
        r = {"vadds": lambda: a + b, "vsubs": lambda: a - b, "vmuls": lambda: a * b,
             "vmaxs": lambda: max(a, b), "vmins": lambda: min(a, b), "vands": lambda: a & b,
             "vors": lambda: a | b, "vxors": lambda: a ^ b, "vshls": lambda: a << b,
             "vshrs": lambda: a >> b}[name]()  # fmt: skip
        return dtype.numpy.type(wrap(r, dtype))
    a, b = float(x), float(s)
    if name in ("vmaxs", "vmins"):
        if math.isnan(a) or math.isnan(b):
            return math.nan
        return x if (a > b if name == "vmaxs" else a < b) else s
    if name == "vlrelu":
        return x if a >= 0 else to_dtype(a * b, dtype)
    return to_dtype({"vadds": a + b, "vsubs": a - b, "vmuls": a * b}[name], dtype)


def values(dtype: DType, rng: np.random.Generator, count: int) -> np.ndarray:
    """Random lanes with specials (NaN, ±inf, ±0, subnormals, integer limits)."""
    if dtype.is_float:
        finfo = ml_finfo(dtype)
        out = rng.uniform(-4, 4, count).astype(dtype.numpy)
        specials = [0.0, -0.0, math.inf, -math.inf, math.nan, float(finfo.max),
                    float(finfo.smallest_subnormal), -1.5]  # fmt: skip
        kind: Any = np.float64
    else:
        info = np.iinfo(int_numpy(dtype))
        out = rng.integers(int(info.min), int(info.max), count, endpoint=True).astype(dtype.numpy)
        specials = [int(info.min), int(info.max), 0, 1]
        kind = np.int64
    picks = rng.random(count) < 0.3
    out[picks] = np.array(specials, kind)[rng.integers(0, len(specials), int(picks.sum()))].astype(
        dtype.numpy
    )
    return out


CASES = [
    pytest.param(t, name, d, id=f"{t.name}-{name}-{d}")
    for t in TARGETS
    for name in OPS
    for d in sorted(legal_dtypes(t, name), key=lambda d: d.name)
]


@pytest.mark.parametrize(("target", "name", "dtype"), CASES)
def test_lanes_match_the_page_formula(target: TargetProfile, name: str, dtype: DType) -> None:
    rng = np.random.default_rng(abs(hash((target.name, name, dtype.name))) % 2**32)
    n = lanes_of(dtype)
    for _ in range(3):
        x = values(dtype, rng, n)
        scalar: Any = values(dtype, rng, 1)[0]
        if name in ("vshls", "vshrs"):
            scalar = int(rng.integers(0, dtype.bits))
        scalar = float(scalar) if dtype.is_float else int(scalar)
        mask = rng.random(n) < 0.8
        op = build(target, [vreg(dtype), mlir_type(dtype), mask_type(dtype)], OPS[name])
        (got,) = run(Machine(target), op, [x, scalar, mask])
        s = dtype.numpy.type(scalar)
        lanes = [ref_lane(name, v, s, dtype) if m else 0 for v, m in zip(x, mask, strict=True)]
        want = np.array(lanes, np.float64 if dtype.is_float else np.int64)
        assert bits_equal(got, want.astype(dtype.numpy), dtype), f"{name} {dtype} s={scalar}"


def test_a_signless_scalar_gives_its_bits_to_unsigned_lanes() -> None:
    op = build(CPU, [vreg(U32), IntegerType(32), mask_type(U32)], OPS["vands"])
    (got,) = run(Machine(CPU), op, [np.full(64, 0xFFFFFFFF, np.uint32), -16, np.ones(64, bool)])
    assert np.all(got == 0xFFFFFFF0)


def test_shift_count_rule_of_vshl() -> None:
    op = build(CPU, [vreg(I16), mlir_type(I16), mask_type(I16)], OPS["vshls"])
    with pytest.raises(PtoRuntimeError, match=r"vshls shift count 16 \(the scalar\)"):
        run(Machine(CPU), op, [np.ones(128, np.int16), 16, np.ones(128, bool)])


@pytest.mark.parametrize("add", [True, False])
def test_carry_in_chains(add: bool) -> None:
    rng = np.random.default_rng(int(add))
    a = rng.integers(0, 2**32, 64, dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 2**32, 64, dtype=np.uint64).astype(np.uint32)
    a[:4], b[:4] = [0xFFFFFFFF, 0, 5, 0xFFFFFFFF], [0, 0, 5, 0xFFFFFFFF]
    carry, mask = rng.random(64) < 0.5, rng.random(64) < 0.9
    carry[:4], mask[:4] = True, True
    cls = VAddCsOp if add else VSubCsOp
    op = build(CPU, [vreg(U32), vreg(U32), mask_type(U32), mask_type(U32)], cls)
    result, flag = run(Machine(CPU), op, [a, b, carry, mask])
    for i in range(64):
        c = int(carry[i])  # vsubcs: a carry (no borrow) in, as PTOAS's board-tested cases
        exact = int(a[i]) + int(b[i]) + c if add else int(a[i]) - int(b[i]) - (1 - c)
        want_flag = exact > 0xFFFFFFFF if add else exact >= 0
        assert int(result[i]) == (exact % 2**32 if mask[i] else 0)
        assert bool(flag[i]) == (want_flag and bool(mask[i]))


def test_vaddcs_on_signed_lanes_keeps_the_bits() -> None:
    op = build(CPU, [vreg(I32), vreg(I32), mask_type(I32), mask_type(I32)], VAddCsOp)
    ones = np.ones(64, bool)
    result, flag = run(Machine(CPU), op, [np.full(64, -1, np.int32), np.zeros(64, np.int32),
                                          ones, ones])  # fmt: skip
    assert np.all(result == 0) and np.all(flag)


@pytest.mark.parametrize("dtype", ["f32", "f16"])
def test_vaxpy_is_fused(dtype: str) -> None:
    dt = dtype_named(dtype)
    rng = np.random.default_rng(5)
    n = lanes_of(dt)
    x, y = values(dt, rng, n), values(dt, rng, n)
    alpha = float(rng.uniform(-3, 3, 1).astype(dt.numpy)[0])
    mask = rng.random(n) < 0.85
    op = build(CPU, [vreg(dt), vreg(dt), mlir_type(dt), mask_type(dt)], VAxpyOp)
    (got,) = run(Machine(CPU), op, [x, y, alpha, mask])
    for i in range(n):
        fx, fy = float(x[i]), float(y[i])
        if not mask[i]:
            assert float(got[i]) == 0.0
        elif any(math.isnan(v) or math.isinf(v) for v in (fx, fy)):
            want = fy + fx * alpha
            assert math.isnan(want) == math.isnan(float(got[i]))
            assert math.isnan(want) or want == float(got[i])
        else:
            exact = Fraction(fx) * Fraction(alpha) + Fraction(fy)
            value = float(got[i])
            if math.isinf(value):  # overflow: the exact value lies beyond the largest finite
                assert abs(exact) > Fraction(float(ml_finfo(dt).max))
                continue
            with np.errstate(over="ignore"):  # the neighbour of the largest finite is inf
                below = float(np.nextafter(got[i], dt.numpy.type(-math.inf)))
                above = float(np.nextafter(got[i], dt.numpy.type(math.inf)))
            error = abs(Fraction(value) - exact)
            for other in (below, above):  # no neighbour is nearer: correctly rounded
                if math.isfinite(other):
                    assert abs(Fraction(other) - exact) >= error
