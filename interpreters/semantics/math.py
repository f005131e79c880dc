"""Elementwise math: the tile ops of `pto_dialect.ops.tile_math` and the vector ops of
`vector_math`, as pure numpy. Tile and vector ops call the same functions of whole arrays,
so a lowered kernel computes the same bytes (docs/semantics.md, "Elementwise math").

- `exp ln sqrt rsqrt rec pow` (floats): the float64 function of numpy (`np.exp`, `np.log`,
  `np.sqrt`, `1 / np.sqrt`, `1 / x`, `np.power`) on the widened operands, rounded once to
  the element type (`narrow`), as pto-isa's CPU simulator computes them in double. sqrt and
  1/x are then correctly rounded (IEEE); the others are within the float64 result's error.
- NaNs (`settle_nans`): a NaN result where an operand is NaN is the first NaN operand,
  quieted; a NaN the operation makes (ln(-1), pow(-2, 0.5), 0 * inf) is the default quiet
  NaN (sign 0, payload 0).
- `relu`: `x > 0 ? x : 0` (vrelu's C semantics: NaN and -0 give +0).
- `prelu`: `x > 0` (or `x >= 0`, the target's `PreluPass`) `? x : x * alpha`, the product
  rounded once in the element type.
- `fmod`: truncated remainder (the sign of the dividend); `rem`: the sign of the divisor
  (`x - floor(x / y) * y`, numpy's `remainder`). Floats are exact apart from `rem`'s one
  addition of the divisor; a zero float divisor gives NaN (IEEE); a zero integer divisor is
  a run-time error; `MIN % -1` is 0.
- Integer `pow`: exact powers wrapping modulo 2^bits; a negative exponent gives 1 for base
  1, +-1 for base -1 and 0 otherwise (pto-isa's CPU `integer_pow`).
- `addc`/`subc`: `(a + b) + c` / `(a - b) + c`, each step as `tadd`/`tsub` (rounded once).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from interpreters.engine.errors import PtoRuntimeError
from interpreters.semantics.elementwise import Kernel, Maker, arith, has_nan, quieted
from interpreters.semantics.vector_arith import narrow
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import I32, DType
from pto_dialect.rules import MATH_RULES, PreluPass, VectorArithRules

Wide = Callable[..., np.ndarray]


def settle_nans(result: np.ndarray, *inputs: np.ndarray) -> np.ndarray:
    """`result` with its NaN lanes made deterministic: the first NaN input, quieted, else
    the default quiet NaN."""
    if not has_nan(result):
        return result
    nan = np.isnan(result)
    out = np.where(nan, np.array(np.nan, dtype=result.dtype), result)
    for x in reversed(inputs):
        if has_nan(x):
            out = np.where(nan & np.isnan(x), quieted(x), out)
    return out


def via_float64(f: Wide, dtype: DType, *xs: np.ndarray) -> np.ndarray:
    """`f` of the operands in float64, rounded once to `dtype` (`narrow`), NaNs settled."""
    wide = f(*(x.astype(np.float64) for x in xs))
    return settle_nans(narrow(np.asarray(wide, np.float64), dtype), *xs)


def _recip(x: np.ndarray) -> np.ndarray:
    return 1.0 / x


def _rsqrt(x: np.ndarray) -> np.ndarray:
    return 1.0 / np.sqrt(x)


def exp_values(x: np.ndarray, dtype: DType) -> np.ndarray:
    return via_float64(np.exp, dtype, x)


def ln_values(x: np.ndarray, dtype: DType) -> np.ndarray:
    return via_float64(np.log, dtype, x)


def sqrt_values(x: np.ndarray, dtype: DType) -> np.ndarray:
    return via_float64(np.sqrt, dtype, x)


def rsqrt_values(x: np.ndarray, dtype: DType) -> np.ndarray:
    return via_float64(_rsqrt, dtype, x)


def recip_values(x: np.ndarray, dtype: DType) -> np.ndarray:
    return via_float64(_recip, dtype, x)


def relu_values(x: np.ndarray, dtype: DType) -> np.ndarray:
    """`x > 0 ? x : 0`."""
    return np.where(x > 0, x, np.zeros((), x.dtype))


def prelu_values(x: np.ndarray, alpha: np.ndarray, rule: PreluPass) -> np.ndarray:
    """`x (>|>=) 0 ? x : x * alpha`, the product in the element type."""
    keep = x > 0 if rule is PreluPass.POSITIVE else x >= 0
    product = arith(np.multiply, x, alpha)
    return settle_nans(np.where(keep, x, product), x, alpha)


def vprelu(
    lhs: np.ndarray, rhs: np.ndarray, mask: np.ndarray, dtype: DType, rules: VectorArithRules
) -> np.ndarray:
    """`vprelu`'s lanes: `x >= 0 ? x : x * alpha` (vprelu.md)."""
    return prelu_values(lhs, rhs, PreluPass.NON_NEGATIVE)


def _require_nonzero(name: str, divisor: np.ndarray) -> None:
    zeros = np.argwhere(divisor == 0)
    if zeros.size:
        where = ", ".join(str(int(i)) for i in zeros[0])
        raise PtoRuntimeError(
            f"{name}: integer divisor 0 at [{where}]; the manual leaves its result target-defined"
        )


def remainder_values(
    name: str, floor: bool, x: np.ndarray, y: np.ndarray, dtype: DType
) -> np.ndarray:
    """`fmod` (truncated, `floor` false) or `rem` (floored) of `x` by `y`."""
    if dtype.is_float:
        f = np.remainder if floor else np.fmod
        return settle_nans(f(x, y), x, y)
    _require_nonzero(name, y)
    wide_x, wide_y = x.astype(np.int64), y.astype(np.int64)
    f = np.remainder if floor else np.fmod
    return f(wide_x, wide_y).astype(x.dtype)


def int_power(base: np.ndarray, exponent: np.ndarray) -> np.ndarray:
    """`base ** exponent` in the integer type, wrapping; negative exponents as pto-isa's
    CPU `integer_pow` (1 for base 1, +-1 for base -1, else 0)."""
    e = exponent.astype(np.int64)
    left = np.where(e < 0, 0, e)
    result = np.ones_like(base)
    square = base.copy()
    while left.any():
        odd = (left & 1) == 1
        result = np.where(odd, result * square, result)
        square = square * square
        left >>= 1
    negative = e < 0
    if negative.any():
        one = np.ones((), base.dtype)
        small = np.where(base == 1, one, np.zeros((), base.dtype))
        if base.dtype.kind == "i":
            small = np.where(base == -1, np.where(e % 2 == 0, one, -one), small)
        result = np.where(negative, small, result)
    return result


def pow_values(base: np.ndarray, exponent: np.ndarray, dtype: DType) -> np.ndarray:
    if dtype.is_float:
        return via_float64(np.power, dtype, base, exponent)
    return int_power(base, exponent)


# ---- tile kernels ------------------------------------------------------------------------


def _assign(out: np.ndarray, values: np.ndarray) -> None:
    out[...] = values


def unary(f: Callable[[np.ndarray, DType], np.ndarray]) -> Maker:
    """A unary op computed by `f` (shared with its vector op)."""
    return lambda dtype, arch: lambda sources, out: _assign(out, f(sources[0], dtype))


def prelu(dtype: DType, arch: TargetArch) -> Kernel:
    rule = MATH_RULES[arch].prelu_pass
    return lambda sources, out: _assign(out, prelu_values(sources[0], sources[1], rule))


def power(dtype: DType, arch: TargetArch) -> Kernel:
    return lambda sources, out: _assign(out, pow_values(sources[0], sources[1], dtype))


def fmod(dtype: DType, arch: TargetArch) -> Kernel:
    return lambda sources, out: _assign(
        out, remainder_values("tfmod", False, sources[0], sources[1], dtype)
    )


def rem(dtype: DType, arch: TargetArch) -> Kernel:
    """`trem`; on a target with an i32 bound, larger operands are a run-time error."""
    bound = MATH_RULES[arch].rem_int32_exact_bound if dtype == I32 else None

    def run(sources: Sequence[np.ndarray], out: np.ndarray) -> None:
        x, y = sources
        if bound is not None:
            for role, values in (("src0", x), ("src1", y)):
                wide = np.abs(values.astype(np.int64))
                if wide.size and int(wide.max()) > bound:
                    raise PtoRuntimeError(
                        f"trem {role} holds {int(values.flat[int(wide.argmax())])}, outside "
                        f"[-{bound}, {bound}] (trem.md: i32 operands on this target must "
                        "convert to f32 exactly)"
                    )
        out[...] = remainder_values("trem", True, x, y, dtype)

    return run


def chained(first: np.ufunc, then: np.ufunc) -> Maker:
    """`then(first(src0, src1), src2)`, each as the binary tile op (`arith`)."""

    def make(dtype: DType, arch: TargetArch) -> Kernel:
        def run(sources: Sequence[np.ndarray], out: np.ndarray) -> None:
            a, b, c = sources
            out[...] = arith(then, arith(first, a, b), c)

        return run

    return make


def add_relu(dtype: DType, arch: TargetArch) -> Kernel:
    """`taddrelu`: `max(0, src0 + src1)`, the sum rounded once (`arith`), as `vaddrelu`."""

    def run(sources: Sequence[np.ndarray], out: np.ndarray) -> None:
        out[...] = relu_values(arith(np.add, sources[0], sources[1]), dtype)

    return run
