"""Tile-scalar instructions and the vector-scalar micro-ops, as pure numpy.

A tile op's kernel takes its operands in the order of its page (`ins(src, scalar)`,
`ins(scalar, src)` for `tdivs` scalar / tile, `(src0, scalar, src1)`, `taxpy`'s `(src,
scalar, acc)`), each an R x C array: a source tile's valid region, or the scalar converted
to the element type (`scalar_array`) and broadcast. A vector-scalar op is the same function
of its input vreg and the broadcast scalar, so tile and vector semantics agree.

- The scalar in the element type: floats rounded once (round-to-nearest-even, so an f32
  slope applied to an f16 tile is first rounded to f16, as C++'s conversion to `half`);
  integers keep the low `bits` bits (a signless `i16` scalar of a `ui16` tile is its bits).
- `tadds tsubs tmuls`: one rounding; integers wrap; two NaNs give the first one's, quieted.
- `taddsc`/`tsubsc`: `(src0 ± scalar) + src1`, rounded after each operation (pto-isa's CPU
  TADDSC/TSUBSC; no NPU implementation); lowered to `vadds`/`vsubs` then `vadd`.
- `tdivs`: as `tdiv` in the operand order of the layout: floats IEEE (x/0 a signed
  infinity), integers truncate (`MIN / -1` wraps) and a zero divisor is a run-time error.
- `tmaxs`/`tmins`: the vmax/vmin formula with the scalar as src1 (NaN propagates, equal
  operands give the target's `Pick`).
- `tlrelu`/`vlrelu`: `x >= 0 ? x : x * slope` (vlrelu.md, the instruction both NPU targets
  run; pto-isa's CPU simulator tests `x > 0`, which differs only for -0 with a negative
  slope: not followed, the CPU target follows A5); the product rounded once.
- `taxpy`/`vaxpy`: `acc + src * scalar` rounded once (vaxpy: "a single fused operation";
  pto-isa's CPU simulator rounds twice: not followed); an f16 src of an f32 dst and its
  scalar are widened exactly first. A NaN operand gives the first NaN of (src, scalar, acc),
  quieted; inf * 0 and inf - inf the machine's default NaN.
- `tands tors txors`: bitwise; `tshls`/`tshrs`: every element shifted by the scalar under
  the target's `ShiftRange` rule (as tshl/tshr).
- `texpands`: every element of dst's valid region is the scalar.
- `tfmods`: C `fmod` (exact, the sign of src); `trems`: the remainder with the sign of the
  scalar (pto-isa's CPU TREMS: `fmod`, plus the scalar when the signs differ and the
  remainder is not 0, that sum rounded once); integers truncate first. A zero scalar is a
  run-time error for both (the pages: "target-defined; the CPU simulator asserts"). A2/A3
  `trems` on i32 needs every operand in [-2^24, 2^24] (trems.md), else a run-time error.
- `tpows`: floats `pow` in float64 rounded once to the element type (pto-isa's CPU
  simulator: `std::pow` on doubles); integers the exact power modulo 2^bits, a negative
  exponent giving the truncated quotient (0 unless the base is ±1; base 0 is an error).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from interpreters.engine.errors import PtoRuntimeError
from interpreters.semantics.elementwise import (
    Kernel,
    Maker,
    arith,
    c_divide,
    has_nan,
    quieted,
    select_max,
    select_min,
    shifted,
)
from interpreters.semantics.vector_arith import broadcast, multiply_add, narrow
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import I32, DType
from pto_dialect.rules import ELEMENTWISE_RULES, VECTOR_ARITH_RULES, Pick, ShiftRange

Operands = Sequence[np.ndarray]


def scalar_array(value: int | float, dtype: DType, shape: tuple[int, ...]) -> np.ndarray:
    """The scalar `value` in `dtype` (`vbr`'s conversion), broadcast to `shape` (read-only)."""
    return np.broadcast_to(broadcast(value, dtype, 1)[0], shape)


def _assign(out: np.ndarray, values: np.ndarray) -> None:
    out[...] = values


# ---- functions of whole arrays, shared by tile and vector ops -------------------------


def leaky_relu(values: np.ndarray, slope: np.ndarray) -> np.ndarray:
    """`x >= 0 ? x : x * slope`: -0 stays -0, a NaN x gives x's NaN, quieted."""
    return np.where(values >= 0, values, arith(np.multiply, values, slope))


def axpy(src: np.ndarray, alpha: np.ndarray, acc: np.ndarray, dtype: DType) -> np.ndarray:
    """`acc + src * alpha` rounded once to `dtype` (the type of acc); src and alpha are
    widened to it exactly first. NaN operands: the first of (src, alpha, acc), quieted."""
    src, alpha = src.astype(dtype.numpy), alpha.astype(dtype.numpy)
    every = np.ones(np.shape(acc), dtype=np.bool_)
    result = multiply_add(acc, src, np.broadcast_to(alpha, np.shape(acc)), every, dtype)
    if not (has_nan(src) or has_nan(alpha) or has_nan(acc)):
        return result
    for operand in (acc, alpha, src):  # the first NaN operand wins: applied last
        nan = np.broadcast_to(np.isnan(operand), result.shape)
        result = np.where(nan, quieted(np.broadcast_to(operand, result.shape)), result)
    return result


def divide_ints(a: np.ndarray, b: np.ndarray, name: str) -> np.ndarray:
    """C division: truncation toward zero, `MIN / -1` wraps; a zero divisor is an error."""
    _no_zero(b, name, "division")
    return c_divide(a, b)


def _no_zero(divisor: np.ndarray, name: str, what: str) -> None:
    if (divisor == 0).any():
        raise PtoRuntimeError(f"{name} {what} by zero; the manual leaves its result target-defined")


def shift_by_scalar(
    name: str, left: bool, values: np.ndarray, counts: np.ndarray, dtype: DType, rule: ShiftRange
) -> np.ndarray:
    """`values << count` (`left`) or `>> count` with the scalar count of every element."""
    return shifted(name, left, values, counts, dtype, rule, lambda index: "(the scalar)")


def remainder(src: np.ndarray, scalar: np.ndarray, dtype: DType, name: str) -> np.ndarray:
    """`trems`: the truncated remainder plus the scalar where the signs differ and it is not
    0 (the sign of the scalar); a zero scalar is an error."""
    _no_zero(scalar, name, "remainder")
    if dtype.is_float:
        rem = arith(np.fmod, src, scalar)
    else:
        wide = np.fmod(src.astype(np.int64), scalar.astype(np.int64))
        rem = wide.astype(src.dtype)
    differ = ((src >= 0) != (scalar >= 0)) & (rem != 0)
    return np.where(differ, np.add(rem, scalar), rem)


def power(base: np.ndarray, exponent: np.ndarray, dtype: DType, name: str) -> np.ndarray:
    """`tpows` (see the module docstring)."""
    if dtype.is_float:
        wide = np.power(base.astype(np.float64), exponent.astype(np.float64))
        return narrow(wide, dtype)
    exp = int(exponent.flat[0]) if exponent.size else 0
    if exp < 0:
        if (base == 0).any():
            raise PtoRuntimeError(f"{name} of 0 to the negative power {exp}")
        odd = exp % 2 != 0
        minus = np.where(odd, -1, 1).astype(np.int64)
        wide = base.astype(np.int64)
        result = np.where(wide == 1, 1, np.where(wide == -1, minus, 0))
        return result.astype(base.dtype)
    result = np.ones_like(base)
    factor = base.copy()
    while exp:  # square-and-multiply in the element type: products wrap
        if exp & 1:
            result = np.multiply(result, factor)
        factor = np.multiply(factor, factor)
        exp >>= 1
    return result


# ---- tile kernels ------------------------------------------------------------------------


def binary(ufunc: Callable[..., np.ndarray]) -> Maker:
    """`ufunc(a, b)` of the two operands, two NaNs giving the first one's (`arith`)."""
    return lambda dtype, arch: lambda ops, out: _assign(out, arith(ufunc, ops[0], ops[1]))


def bitwise(ufunc: np.ufunc) -> Maker:
    return lambda dtype, arch: lambda ops, out: ufunc(ops[0], ops[1], out)


def with_carry(ufunc: Callable[..., np.ndarray]) -> Maker:
    """`taddsc`/`tsubsc`: `ufunc(src0, scalar) + src1`, each rounded."""

    def make(dtype: DType, arch: TargetArch) -> Kernel:
        def run(ops: Operands, out: np.ndarray) -> None:
            _assign(out, arith(np.add, arith(ufunc, ops[0], ops[1]), ops[2]))

        return run

    return make


def divide(dtype: DType, arch: TargetArch) -> Kernel:
    """`tdivs`: IEEE for floats, C division for integers, in the layout's operand order."""
    if dtype.is_float:
        return binary(np.divide)(dtype, arch)
    return lambda ops, out: _assign(out, divide_ints(ops[0], ops[1], "tdivs"))


def maximum(dtype: DType, arch: TargetArch) -> Kernel:
    fallback: Pick = ELEMENTWISE_RULES[arch].max_min_fallback
    return lambda ops, out: _assign(out, select_max(ops[0], ops[1], fallback))


def minimum(dtype: DType, arch: TargetArch) -> Kernel:
    fallback: Pick = ELEMENTWISE_RULES[arch].max_min_fallback
    return lambda ops, out: _assign(out, select_min(ops[0], ops[1], fallback))


def lrelu(dtype: DType, arch: TargetArch) -> Kernel:
    return lambda ops, out: _assign(out, leaky_relu(ops[0], ops[1]))


def fused_axpy(dtype: DType, arch: TargetArch) -> Kernel:
    """`taxpy`: operands (src, scalar, acc); dtype is dst's."""
    return lambda ops, out: _assign(out, axpy(ops[0], ops[1], ops[2], dtype))


def expand(dtype: DType, arch: TargetArch) -> Kernel:
    return lambda ops, out: _assign(out, ops[0])


def shift(left: bool) -> Maker:
    def make(dtype: DType, arch: TargetArch) -> Kernel:
        rule = VECTOR_ARITH_RULES[arch].shift_range
        name = "tshls" if left else "tshrs"
        return lambda ops, out: _assign(
            out, shift_by_scalar(name, left, ops[0], ops[1], dtype, rule)
        )

    return make


def fmod(dtype: DType, arch: TargetArch) -> Kernel:
    def run(ops: Operands, out: np.ndarray) -> None:
        _no_zero(ops[1], "tfmods", "fmod")
        _assign(out, arith(np.fmod, ops[0], ops[1]))

    return run


EXACT_FLOAT_INT = 1 << 24
"""trems.md (A2A3): i32 operands must lie in [-2^24, 2^24] (they go through f32)."""


def rems(dtype: DType, arch: TargetArch) -> Kernel:
    def run(ops: Operands, out: np.ndarray) -> None:
        if arch is TargetArch.A2A3 and dtype == I32:
            for role, values in (("src", ops[0]), ("scalar", ops[1])):
                if values.size and np.abs(values.astype(np.int64)).max() > EXACT_FLOAT_INT:
                    raise PtoRuntimeError(
                        f"trems {role} holds an i32 outside [-2^24, 2^24], which target "
                        "a2a3 computes through f32 (trems.md)"
                    )
        _assign(out, remainder(ops[0], ops[1], dtype, "trems"))

    return run


def pows(dtype: DType, arch: TargetArch) -> Kernel:
    return lambda ops, out: _assign(out, power(ops[0], ops[1], dtype, "tpows"))
