"""Vector compute micro-ops in the interpreter, against per-lane references from seed 004.

References are Python loops over single lanes written from the seed's C formulas: float
results are computed exactly (fractions) and rounded once by hand to the element format,
integers are computed exactly and wrapped by hand. Inactive lanes must be zero.
"""

from __future__ import annotations

import math
import zlib
from fractions import Fraction
from typing import Any

import ml_dtypes
import numpy as np
import pytest
from support import float_numpy, legal_dtypes, ml_finfo
from vector_arith_rig import (
    OPS,
    PLAIN_BINARY,
    TARGETS,
    build,
    case_id,
    cases,
    lanes_of,
    mask_type,
    run,
    vreg,
)

from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.semantics import vector_arith as sem
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import BF16, F16, F32, I8, I16, I32, U8, U16, DType, mlir_type
from pto_dialect.ops.vector_arith import (
    VAbsOp,
    VBrOp,
    VectorCarryOp,
    VMulAOp,
)
from pto_dialect.rules import (
    ELEMENTWISE_RULES,
    VECTOR_ARITH_RULES,
    DivByZero,
    Pick,
    ShiftRange,
    VectorArithRules,
)
from pto_dialect.targets import A2A3, A5, TargetProfile

# ----------------------------------------------------------------------------------------
# Reference arithmetic (independent of the code under test)
# ----------------------------------------------------------------------------------------

# precision (bits of the significand), smallest and largest normal exponent
FORMATS = {"f32": (24, -126, 127), "f16": (11, -14, 15), "bf16": (8, -126, 127)}


def round_to(exact: Fraction, dtype: DType) -> float:
    """`exact` (non-zero) rounded to nearest-even in `dtype`'s format, overflow to inf."""
    precision, emin, emax = FORMATS[dtype.name]
    sign = -1.0 if exact < 0 else 1.0
    a = abs(exact)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    ulp = Fraction(2) ** (max(e, emin) - precision + 1)
    steps = a / ulp
    q = steps.numerator // steps.denominator
    rest = steps - q
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and q % 2 == 1):
        q += 1
    value = q * ulp
    if value >= Fraction(2) ** (emax + 1):
        return sign * math.inf
    return sign * float(value)


def wrap(value: int, dtype: DType) -> int:
    value &= (1 << dtype.bits) - 1
    if dtype.is_signed and value >> (dtype.bits - 1):
        value -= 1 << dtype.bits
    return value


def ref_float(name: str, a: float, b: float, dtype: DType) -> float:
    """Seed 004's C formula on one lane of float type `dtype`; vmax/vmin of a NaN is NaN
    (vmax.md/vmin.md, Constraints)."""
    if name in ("vmax", "vmin") and (math.isnan(a) or math.isnan(b)):
        return math.nan
    if name == "vmax":
        return a if a > b else b
    if name == "vmin":
        return a if a < b else b
    if name == "vdiv" and b == 0:  # IEEE: 0/0 and NaN/0 are NaN, x/±0 a signed infinity
        if a == 0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    double = {"vadd": a + b, "vsub": a - b, "vmul": a * b, "vdiv": a / b if b else 0.0}[name]
    if not (math.isfinite(a) and math.isfinite(b)):
        return double  # inf/NaN rules, exact in double
    fa, fb = Fraction(a), Fraction(b)
    exact = {"vadd": fa + fb, "vsub": fa - fb, "vmul": fa * fb, "vdiv": fa / fb if b else 0}[name]
    if exact == 0:
        return double  # the sign of an exact zero follows IEEE, as in double
    return round_to(Fraction(exact), dtype)


def ref_int(name: str, a: int, b: int, dtype: DType) -> int:
    bits = dtype.bits
    if name == "vadd":
        return wrap(a + b, dtype)
    if name == "vsub":
        return wrap(a - b, dtype)
    if name == "vmul":
        return wrap(a * b, dtype)
    if name == "vmax":
        return a if a > b else b
    if name == "vmin":
        return a if a < b else b
    if name == "vand":
        return wrap(a & b, dtype)
    if name == "vor":
        return wrap(a | b, dtype)
    if name == "vxor":
        return wrap(a ^ b, dtype)
    if name == "vdiv":  # C: the quotient truncated toward zero (A5's software vdiv)
        quotient = abs(a) // abs(b)
        return wrap(quotient if (a < 0) == (b < 0) else -quotient, dtype)
    assert 0 <= b < bits
    if name == "vshl":
        return wrap(a << b, dtype)
    if name == "vshr":  # Python's >> is arithmetic; unsigned values are non-negative
        return a >> b
    raise KeyError(name)


def same(actual: np.ndarray, expected: np.ndarray, dtype: DType) -> None:
    """Equal bit patterns, except that any NaN matches any NaN."""
    assert actual.dtype == dtype.numpy and actual.shape == expected.shape
    if dtype.is_float:
        a_nan = np.isnan(actual.astype(np.float64))
        e_nan = np.isnan(expected.astype(np.float64))
        np.testing.assert_array_equal(a_nan, e_nan)
        actual, expected = actual[~a_nan], expected[~e_nan]
    bits = np.dtype(f"u{dtype.bytes}")
    np.testing.assert_array_equal(actual.view(bits), expected.view(bits))


def finfo(dtype: DType) -> np.finfo[np.floating[Any]]:
    native = np.issubdtype(dtype.numpy, np.floating)
    return np.finfo(float_numpy(dtype)) if native else ml_finfo(dtype)


def values(
    rng: np.random.Generator, dtype: DType, count: int, *, small: bool = False
) -> np.ndarray:
    """`count` values of `dtype`: special values and random ones of varied magnitude (of a
    format numpy stores as codes, e.g. hif8: random codes)."""
    if dtype.coded:
        return rng.integers(0, 256, count, dtype=np.uint8).view(dtype.numpy)
    if dtype.is_float:
        info = finfo(dtype)
        specials = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, float(info.max),
                    -float(info.max), float(info.smallest_subnormal), float(info.tiny)]  # fmt: skip
        exponents = rng.uniform(-6, 6, count)
        random = np.sign(rng.uniform(-1, 1, count)) * np.exp2(exponents) * rng.uniform(1, 2, count)
        data = np.concatenate([np.array(specials), random])[:count]
        rng.shuffle(data)
        return data.astype(np.float32).astype(dtype.numpy)
    lo, hi = dtype.int_limits
    if small:
        lo, hi = max(lo, -100), min(hi, 100)
    data = rng.integers(lo, hi, count, endpoint=True, dtype=np.int64)
    data[:2] = (lo, hi)
    rng.shuffle(data)
    return data.astype(dtype.numpy)


def random_mask(rng: np.random.Generator, lanes: int) -> np.ndarray:
    mask = rng.random(lanes) < 0.75
    mask[0], mask[-1] = True, False
    return mask


# ----------------------------------------------------------------------------------------
# Binary family (seed 004), every op x every legal element type x every target
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases(PLAIN_BINARY), ids=case_id)
def test_binary_against_reference(case: tuple[TargetProfile, str, DType]) -> None:
    target, name, dtype = case
    rng = np.random.default_rng(zlib.crc32(case_id(case).encode()))
    n = lanes_of(dtype)
    lhs = values(rng, dtype, n)
    rhs = values(rng, dtype, n)
    mask = random_mask(rng, n)
    if name in ("vshl", "vshr"):  # counts in range on active lanes, anything elsewhere
        counts = rng.integers(0, dtype.bits, n)
        rhs = np.where(mask, counts, rhs.astype(np.int64)).astype(dtype.numpy)
    if name == "vdiv" and dtype.is_float:
        rhs[1:6] = 0  # IEEE division by zero on every target
        mask[1:6] = True
    if name == "vdiv" and dtype.is_int:  # a zero divisor is an error (test below)
        rhs = np.where(rhs == 0, 1, rhs).astype(dtype.numpy)
        lhs[0], rhs[0] = -(1 << (dtype.bits - 1)), -1  # MIN / -1 wraps to MIN
        mask[0] = True
    op = build(target, [vreg(dtype)] * 2 + [mask_type(dtype)], OPS[name])
    (result,) = run(Machine(target), op, [lhs, rhs, mask])
    expected = np.zeros(n, dtype=dtype.numpy)
    for i in np.flatnonzero(mask):
        if dtype.is_float and name in ("vand", "vor", "vxor"):  # on the bits (PTOAS: vor f16)
            a = int.from_bytes(lhs[i : i + 1].tobytes(), "little")
            b = int.from_bytes(rhs[i : i + 1].tobytes(), "little")
            bits = {"vand": a & b, "vor": a | b, "vxor": a ^ b}[name]
            expected[i : i + 1] = np.frombuffer(bits.to_bytes(dtype.bytes, "little"), dtype.numpy)
        elif dtype.is_float:
            value = ref_float(name, float(lhs[i]), float(rhs[i]), dtype)
            expected[i] = np.array(value, dtype=np.float64).astype(dtype.numpy)
        else:
            expected[i] = ref_int(name, int(lhs[i]), int(rhs[i]), dtype)
    same(result, expected, dtype)
    assert lhs is not result and rhs is not result


def test_every_op_and_dtype_is_covered() -> None:
    """The grid above covers every legal (op, element type) pair of every target."""
    for target in TARGETS:
        for name in OPS:
            assert legal_dtypes(target, name), (target.name, name)


def test_inactive_lanes_are_zero_not_kept() -> None:
    op = build(A5, [vreg(F32)] * 2 + [mask_type(F32)], OPS["vadd"])
    lhs = np.full(64, 3.0, np.float32)
    mask = np.zeros(64, np.bool_)
    mask[:10] = True
    (result,) = run(Machine(A5), op, [lhs, lhs, mask])
    assert list(result[:10]) == [6.0] * 10
    assert not result[10:].any() and not np.signbit(result[10:]).any()


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (1.0, 2.0**-11, 1.0),  # a tie: to even
        (1.0 + 2.0**-10, 2.0**-11, 1.0 + 2.0**-9),  # a tie: to even (up)
        (1.0, 2.0**-11 + 2.0**-20, 1.0 + 2.0**-10),  # above the tie
        (65504.0, 8.0, 65504.0),  # below the overflow threshold 65520
        (65504.0, 16.0, math.inf),  # at the threshold: a tie, "to even" overflows
    ],
)
def test_vadd_f16_rounds_once(a: float, b: float, expected: float) -> None:
    op = build(A5, [vreg(F16)] * 2 + [mask_type(F16)], OPS["vadd"])
    lhs, rhs = np.full(128, a, np.float16), np.full(128, b, np.float16)
    (result,) = run(Machine(A5), op, [lhs, rhs, np.ones(128, np.bool_)])
    assert float(result[0]) == expected


@pytest.mark.parametrize("name", ["vadd", "vsub", "vmul", "vdiv"])
@pytest.mark.parametrize(("dtype", "nan0", "nan1", "quieted"),
                         [(F32, 0x7F800001, 0x7FC00002, 0x7FC00001), (F16, 0x7C01, 0xFE02, 0x7E01)],
                         ids=["f32", "f16"])  # fmt: skip
def test_two_nan_operands_give_the_first_nan_quieted(
    name: str, dtype: DType, nan0: int, nan1: int, quieted: int
) -> None:
    """The tile ops' rule (docs/semantics.md), so that lowered code keeps NaN payloads."""
    lanes = 256 // dtype.bytes
    bits = np.dtype(f"u{dtype.bytes}")
    op = build(A5, [vreg(dtype)] * 2 + [mask_type(dtype)], OPS[name])
    lhs, rhs = (np.full(lanes, n, bits).view(dtype.numpy) for n in (nan0, nan1))
    (result,) = run(Machine(A5), op, [lhs, rhs, np.ones(lanes, np.bool_)])
    assert result.view(bits).tolist() == [quieted] * lanes


def test_max_min_nan_propagates_and_signed_zero_follows_the_c_formula() -> None:
    a = np.array([math.nan, 1.0, 0.0, -0.0] * 16, np.float32)
    b = np.array([1.0, math.nan, -0.0, 0.0] * 16, np.float32)
    mask = np.ones(64, np.bool_)
    for name in ("vmax", "vmin"):
        op = build(A2A3, [vreg(F32)] * 2 + [mask_type(F32)], OPS[name])
        (result,) = run(Machine(A2A3), op, [a, b, mask])
        # a NaN operand gives NaN (vmax.md/vmin.md, Constraints); src0 OP src1 is false for
        # equal operands: src1 is returned (seed 004's formula)
        assert math.isnan(result[0]) and math.isnan(result[1])
        assert np.signbit(result[2]) and not np.signbit(result[3])


def test_max_min_rule_matches_the_tile_ops() -> None:
    """tmax/tmin lower to vmax/vmin: both levels must pick the same operand."""
    for arch in TargetArch:
        assert VECTOR_ARITH_RULES[arch].max_min_fallback is ELEMENTWISE_RULES[arch].max_min_fallback


def test_integer_wrap_and_shift_kinds() -> None:
    i8 = np.array([127, -128, -128, 64, -1, -128] + [0] * 250, np.int8)
    one = np.array([1, 1, -1, 2, 7, 7] + [0] * 250, np.int8)
    mask = np.ones(256, np.bool_)
    expected = {
        "vadd": [-128, -127, 127, 66, 6, -121],
        "vsub": [126, 127, -127, 62, -8, 121],
    }
    for name, want in expected.items():
        op = build(A2A3, [vreg(I8)] * 2 + [mask_type(I8)], OPS[name])
        (result,) = run(Machine(A2A3), op, [i8, one, mask])
        assert list(result[:6]) == want, name
    counts = np.array([1, 7, 0, 3] + [0] * 252, np.int8)
    shr = build(A5, [vreg(I8)] * 2 + [mask_type(I8)], OPS["vshr"])
    signed = np.array([-128, -128, -5, -16] + [0] * 252, np.int8)
    (result,) = run(Machine(A5), shr, [signed, counts, mask])
    assert list(result[:4]) == [-64, -1, -5, -2]  # arithmetic: the sign is copied in
    shr_u = build(A5, [vreg(U8)] * 2 + [mask_type(U8)], OPS["vshr"])
    (result,) = run(Machine(A5), shr_u, [signed.view(np.uint8), counts.view(np.uint8), mask])
    assert list(result[:4]) == [64, 1, 251, 30]  # logical: zeros shifted in
    shl = build(A5, [vreg(U16)] * 2 + [mask_type(U16)], OPS["vshl"])
    u16 = np.array([0x8001, 3] + [0] * 126, np.uint16)
    (result,) = run(Machine(A5), shl, [u16, np.array([1, 15] + [0] * 126, np.uint16), mask[:128]])
    assert list(result[:2]) == [2, 0x8000]


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize("count", [-1, 32, 200])
def test_shift_count_out_of_range_on_an_active_lane_is_an_error(
    target: TargetProfile, count: int
) -> None:
    op = build(target, [vreg(I32)] * 2 + [mask_type(I32)], OPS["vshl"])
    counts = np.zeros(64, np.int32)
    counts[5] = count
    with pytest.raises(PtoRuntimeError, match=rf"vshl shift count {count} in active lane 5"):
        run(Machine(target), op, [np.ones(64, np.int32), counts, np.ones(64, np.bool_)])
    mask = np.ones(64, np.bool_)
    mask[5] = False  # the same count on an inactive lane is never used
    (result,) = run(Machine(target), op, [np.ones(64, np.int32), counts, mask])
    assert result[5] == 0 and result[4] == 1


def test_shift_saturation_rule() -> None:
    """The alternative row of the per-target table: every bit shifted out."""
    rules = VectorArithRules(Pick.SRC1, DivByZero.IEEE, ShiftRange.SATURATE)
    x = np.array([-8, 8, -8, 8], np.int16)
    big = np.array([16, 16, -1, 40], np.int16)
    mask = np.ones(4, np.bool_)
    assert list(sem.binary(sem.shift(left=True), x, big, mask, I16, rules)) == [0, 0, 0, 0]
    assert list(sem.binary(sem.shift(left=False), x, big, mask, I16, rules)) == [-1, 0, -1, 0]
    ux = x.view(np.uint16)
    assert (
        list(sem.binary(sem.shift(left=False), ux, big.view(np.uint16), mask, U16, rules))
        == [0] * 4
    )


def test_vdiv_by_zero_per_target() -> None:
    a = np.array([1.0, -1.0, 0.0, math.nan] + [1.0] * 60, np.float32)
    b = np.array([0.0, 0.0, 0.0, 0.0] + [-0.0] * 60, np.float32)
    for target in TARGETS:  # every target: IEEE (VECTOR_ARITH_RULES)
        op = build(target, [vreg(F32)] * 2 + [mask_type(F32)], OPS["vdiv"])
        (result,) = run(Machine(target), op, [a, b, np.ones(64, np.bool_)])
        assert result[0] == math.inf and result[1] == -math.inf and result[4] == -math.inf
        assert math.isnan(result[2]) and math.isnan(result[3])
    strict = VectorArithRules(Pick.SRC1, DivByZero.ERROR, ShiftRange.ERROR)
    mask = np.zeros(64, np.bool_)
    mask[7] = True
    with pytest.raises(PtoRuntimeError, match="vdiv by zero in active lane 7"):
        sem.binary(sem.divide, a, b, mask, F32, strict)
    mask[7] = False  # inactive zero denominators are fine
    with np.errstate(all="ignore"):
        assert not sem.binary(sem.divide, a, b, mask, F32, strict).any()
    ints = np.arange(64, dtype=np.int32)  # integer lanes (A5, CPU): a zero divisor is an error
    with pytest.raises(PtoRuntimeError, match="vdiv integer division by zero in active lane 0"):
        sem.binary(sem.divide, ints, ints, np.ones(64, np.bool_), I32, VECTOR_ARITH_RULES[A5.arch])


# ----------------------------------------------------------------------------------------
# vaddc / vsubc: 32-bit unsigned carry chains, predicates as masks
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases(["vaddc", "vsubc"]), ids=case_id)
def test_carry_ops(case: tuple[TargetProfile, str, DType]) -> None:
    target, name, dtype = case
    rng = np.random.default_rng(len(case_id(case)))
    lhs, rhs = values(rng, dtype, 64), values(rng, dtype, 64)
    lhs[:4] = np.array([0xFFFFFFFF, 0, 5, 0x80000000], np.uint32).view(dtype.numpy)
    rhs[:4] = np.array([1, 1, 5, 0x80000000], np.uint32).view(dtype.numpy)
    mask = random_mask(rng, 64)
    mask[:4] = True
    op = build(target, [vreg(dtype)] * 2 + [mask_type(dtype)], OPS[name])
    assert isinstance(op, VectorCarryOp)
    result, flags = run(Machine(target), op, [lhs, rhs, mask])
    expected = np.zeros(64, np.uint32)
    expected_flags = np.zeros(64, np.bool_)
    for i in np.flatnonzero(mask):
        a, b = int(lhs.view(np.uint32)[i]), int(rhs.view(np.uint32)[i])
        if name == "vaddc":  # uint64_t r = a + b; dst = (T)r; carry = r >> 32
            r = a + b
            expected[i], expected_flags[i] = r & 0xFFFFFFFF, r >> 32
        else:  # dst = a - b; carry = a >= b (unsigned, no borrow: PTOAS's board cases)
            expected[i], expected_flags[i] = (a - b) & 0xFFFFFFFF, a >= b
    same(result, expected.view(dtype.numpy), dtype)
    assert flags.dtype == np.bool_ and flags.shape == (64,)
    np.testing.assert_array_equal(flags, expected_flags)
    if name == "vaddc":
        assert list(flags[:4]) == [True, False, False, True]
    else:
        assert list(flags[:4]) == [True, False, True, True]


# ----------------------------------------------------------------------------------------
# vabs, vmula, vbr
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases(["vabs"]), ids=case_id)
def test_vabs(case: tuple[TargetProfile, str, DType]) -> None:
    target, _, dtype = case
    rng = np.random.default_rng(7)
    n = lanes_of(dtype)
    x = values(rng, dtype, n)
    mask = random_mask(rng, n)
    op = build(target, [vreg(dtype), mask_type(dtype)], VAbsOp)
    (result,) = run(Machine(target), op, [x, mask])
    expected = np.zeros(n, dtype.numpy)
    for i in np.flatnonzero(mask):
        if dtype.is_float:
            expected[i] = np.array(math.fabs(float(x[i]))).astype(dtype.numpy)
        else:
            expected[i] = wrap(abs(int(x[i])), dtype)  # |MIN| wraps to MIN
    same(result, expected, dtype)
    if not dtype.is_float:
        lo = dtype.int_limits[0]
        (edge,) = run(Machine(target), op, [np.full(n, lo, dtype.numpy), np.ones(n, np.bool_)])
        assert int(edge[0]) == lo


def ref_fma(acc: float, a: float, b: float, dtype: DType) -> float:
    if not all(math.isfinite(v) for v in (acc, a, b)):
        return acc + a * b  # inf/NaN rules: exact in double
    exact = Fraction(acc) + Fraction(a) * Fraction(b)
    if exact == 0:
        return acc + a * b  # a*b is exact in double: the IEEE sign of zero
    return round_to(exact, dtype)


@pytest.mark.parametrize("case", cases(["vmula"]), ids=case_id)
def test_vmula_fused(case: tuple[TargetProfile, str, DType]) -> None:
    target, _, dtype = case
    rng = np.random.default_rng(11)
    n = lanes_of(dtype)
    acc, a, b = (values(rng, dtype, n) for _ in range(3))
    mask = random_mask(rng, n)
    op = build(target, [vreg(dtype)] * 3 + [mask_type(dtype)], VMulAOp)
    (result,) = run(Machine(target), op, [acc, a, b, mask])
    expected = np.zeros(n, dtype.numpy)
    for i in np.flatnonzero(mask):
        if dtype.is_float:
            value = ref_fma(float(acc[i]), float(a[i]), float(b[i]), dtype)
            expected[i] = np.array(value).astype(dtype.numpy)
        else:
            expected[i] = wrap(int(acc[i]) + int(a[i]) * int(b[i]), dtype)
    same(result, expected, dtype)


@pytest.mark.parametrize(
    ("acc", "a", "b", "expected"),
    [
        # fused: the product's low bits survive (vmul + vadd would give 0)
        (-1.0, 1 + 2.0**-12, 1 - 2.0**-12, -(2.0**-24)),
        # exact = 1 + 2^-23 + 2^-24 - 2^-70, just below a tie: rounding through float64
        # first would land on the tie and round it to even (1 + 2^-22)
        (1 + 2.0**-23, 2.0**-12 + 2.0**-35, 2.0**-12 - 2.0**-35, 1 + 2.0**-23),
    ],
)
def test_vmula_f32_rounds_once(acc: float, a: float, b: float, expected: float) -> None:
    op = build(A5, [vreg(F32)] * 3 + [mask_type(F32)], VMulAOp)
    args = [np.full(64, v, np.float32) for v in (acc, a, b)]
    (result,) = run(Machine(A5), op, [*args, np.ones(64, np.bool_)])
    assert float(result[0]) == expected


def test_vmula_bf16_rounds_once() -> None:
    # 1.75 * 0.26171875 = 0.4580078125 = 234.5 bf16 ulps (2^-9): a tie; + 2^-28 lifts it above
    # the tie -> 235 ulps. Through float32 the 2^-28 would be lost and the tie go to even (234).
    args = [np.full(128, v, ml_dtypes.bfloat16) for v in (2.0**-28, 1.75, 0.26171875)]
    op = build(A5, [vreg(BF16)] * 3 + [mask_type(BF16)], VMulAOp)
    (result,) = run(Machine(A5), op, [*args, np.ones(128, np.bool_)])
    assert float(result[0]) == 235 * 2.0**-9


def test_vmula_inactive_lanes_are_zero() -> None:
    op = build(A5, [vreg(I32)] * 3 + [mask_type(I32)], VMulAOp)
    acc, a, b = (np.full(64, v, np.int32) for v in (5, 2, 3))
    mask = np.arange(64) < 3
    (result,) = run(Machine(A5), op, [acc, a, b, mask])
    assert list(result[:4]) == [11, 11, 11, 0] and not result[3:].any()


@pytest.mark.parametrize("case", cases(["vbr"]), ids=case_id)
def test_vbr(case: tuple[TargetProfile, str, DType]) -> None:
    target, _, dtype = case
    op = build(target, [mlir_type(dtype)], VBrOp)
    n = lanes_of(dtype)
    if dtype.is_float:
        (result,) = run(Machine(target), op, [-2.5])
        expected = np.full(n, -2.5, dtype.numpy)
    else:
        (result,) = run(Machine(target), op, [-3])  # low bits: -3 or 2^bits - 3
        expected = np.full(n, wrap(-3, dtype), dtype.numpy)
    same(result, expected, dtype)


def test_vbr_rounds_floats_once_and_keeps_low_bits() -> None:
    op = build(A5, [mlir_type(BF16)], VBrOp)
    (result,) = run(Machine(A5), op, [1 + 2.0**-8 + 2.0**-30])  # above the tie: up
    assert float(result[0]) == 1 + 2.0**-7
    op = build(A5, [mlir_type(F16)], VBrOp)
    (result,) = run(Machine(A5), op, [1 + 2.0**-11])  # a tie: to even
    assert float(result[7]) == 1.0
    op = build(A5, [mlir_type(U8)], VBrOp)
    (result,) = run(Machine(A5), op, [0x1FF])
    assert result.shape == (256,) and int(result[0]) == 0xFF
    op = build(A5, [mlir_type(I8)], VBrOp)
    (result,) = run(Machine(A5), op, [0xFF])
    assert int(result[0]) == -1
