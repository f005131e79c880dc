"""Elementwise tile instructions (the elementwise-tile-tile pages), as pure numpy.

Each op's kernel is made by a `Maker` of this module; the interpreter's table keyed by op
class (`interpreters/ops/tile_elementwise.py`) says which. The vector ops share the functions
of whole arrays (`absolute_values`, `shifted`, ...), so tile and vector semantics agree.

For every (i, j) of the destination's valid region (R x C) the op computes
`dst[i, j] = f(src0[i, j], src1[i, j])` in the element type and writes nothing else.

- `tadd tsub tmul`: the exact result rounded once to the element type (IEEE
  round-to-nearest-even); integers wrap modulo 2^bits.
- `tdiv`: floats follow IEEE 754 (x/0 is a signed infinity, 0/0 NaN); integers
  truncate toward zero, `MIN / -1` wraps to MIN, and a zero divisor is a run-time error.
- `tmax`/`tmin`: `src0 > src1 ? src0 : src1` (`<` for `tmin`), the vector formula of
  `vmax`/`vmin`; a NaN operand gives NaN (the first NaN operand, quieted); when the
  comparison is false on equal operands the rules' `Pick` says which is returned.
- `tabs`: clears the sign bit (|-0| = +0, NaN keeps its payload); integers wrap (|MIN| = MIN).
- `tneg`: `src * -1` (pto-isa's TNEG): floats flip the sign bit, a NaN keeps its sign and
  payload, quieted; integers wrap.
- `tand tor txor tnot`: bitwise on the integer's bits.
- `tshl`/`tshr`: `src0 << src1`, `src0 >> src1` (arithmetic for signed types, logical for
  unsigned); a count outside [0, bits - 1] follows the target's `ShiftRange` rule, the rule
  of `vshl`/`vshr` they lower to.
- A source element outside that source's valid region reads as all-one bits.
- A float op on two NaNs returns the first operand's NaN, quieted (`first_nan`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from interpreters.engine.errors import PtoRuntimeError
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.rules import ELEMENTWISE_RULES, VECTOR_ARITH_RULES, Pick, ShiftRange


def source_operand(
    contents: np.ndarray, valid: tuple[int, int], region: tuple[int, int]
) -> np.ndarray:
    """The R x C operand a source tile supplies for the destination region `region`.

    `contents` is the source's logical rows x cols array and `valid` its valid region.
    Lanes outside `valid` read all-one bits on every target (tadd.md, hw-native-sys: "both
    platforms fill out-of-region lanes with 0xFF pattern"). The result is a view of
    `contents` when the source's valid region covers `region`.
    """
    rows, cols = region
    vr, vc = valid
    if vr >= rows and vc >= cols:
        return contents[:rows, :cols]
    ones = np.full((rows, cols * contents.dtype.itemsize), 0xFF, np.uint8)
    operand = ones.view(contents.dtype)
    r, c = min(vr, rows), min(vc, cols)
    operand[:r, :c] = contents[:r, :c]
    return operand


def select_max(a: np.ndarray, b: np.ndarray, fallback: Pick) -> np.ndarray:
    """`a > b ? a : b` (every role of the operands swapped when the fallback is src0); a NaN
    operand gives NaN (`propagate_nan`)."""
    if fallback is Pick.SRC1:
        return propagate_nan(np.where(a > b, a, b), a, b)
    return propagate_nan(np.where(b > a, b, a), b, a)


def select_min(a: np.ndarray, b: np.ndarray, fallback: Pick) -> np.ndarray:
    """`a < b ? a : b` (every role of the operands swapped when the fallback is src0); a NaN
    operand gives NaN (`propagate_nan`)."""
    if fallback is Pick.SRC1:
        return propagate_nan(np.where(a < b, a, b), a, b)
    return propagate_nan(np.where(b < a, b, a), b, a)


def quieted(x: np.ndarray) -> np.ndarray:
    """Float array `x` with the quiet bit (the top mantissa bit) set in every lane, meant
    for its NaN lanes; fp8 e4m3fn has no quiet bit: its one NaN is S.1111.111."""
    bits = np.dtype(f"u{x.dtype.itemsize}")
    nan, inf = (np.array(v, x.dtype).view(bits) for v in (np.nan, np.inf))
    return (x.view(bits) | (nan & ~inf)).view(x.dtype)


def propagate_nan(picked: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """`picked` where neither operand is NaN; else the first NaN operand, quieted (the
    vmax/vmin pages: "If either operand is NaN, the result is NaN"; docs/semantics.md)."""
    if a.dtype.kind not in "fV" or not (has_nan(a) or has_nan(b)):
        return picked
    picked = np.where(np.isnan(b), quieted(b), picked)
    return np.where(np.isnan(a), quieted(a), picked)


def _int_divide(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> None:
    """C division: truncation toward zero, wrapping `MIN / -1`; zero divisors are an error."""
    zeros = np.argwhere(b == 0)
    if zeros.size:
        i, j = (int(x) for x in zeros[0])
        raise PtoRuntimeError(
            f"integer division by zero (src1[{i}, {j}] is 0); the manual leaves its result "
            "target-defined"
        )
    out[...] = c_divide(a, b)


def c_divide(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """C integer division of `a` by a `b` without zeros: truncation toward zero, `MIN / -1`
    wrapping to MIN; in `a`'s type (ui64 above int64's range included)."""
    if a.dtype.kind == "u":  # C division of unsigned values is floor division
        return a // b.astype(a.dtype)
    wide_a, wide_b = a.astype(np.int64), b.astype(np.int64)
    with np.errstate(over="ignore"):  # i64 MIN / -1 wraps, as narrower types do
        return ((wide_a - np.fmod(wide_a, wide_b)) // wide_b).astype(a.dtype)


NanFix = tuple[np.ndarray, np.ndarray]
"""Where both operands are NaN, and the NaNs the result has there."""


def has_nan(x: np.ndarray) -> bool:
    """Whether float array `x` holds a NaN, in one pass over it (`any_nan_blas` for
    f32/f64; a min-reduction, through which a NaN propagates, for the others)."""
    if x.dtype.kind != "f":
        return bool(np.isnan(x).any())  # ml_dtypes' types
    if x.dtype.itemsize >= 4:
        return any_nan_blas(x)
    if x.size == 0:
        return False
    least = np.minimum.reduce(x, None)
    return bool(least != least)  # np.isnan on a scalar costs a ufunc call


def any_nan_blas(x: np.ndarray) -> bool:
    """Whether f32/f64 array `x` holds a NaN: BLAS's dot product of `x` with itself is NaN
    exactly then (squares are >= 0, so no inf - inf); the cheapest one-pass check measured."""
    return math.isnan(np.vdot(x, x))


def first_nan(a: np.ndarray, b: np.ndarray) -> NanFix | None:
    """Lanes where float operands `a` and `b` are both NaN, with `a`'s NaN quieted there;
    None when there is no such lane (call it before an `out=` that may overwrite `a`).

    IEEE 754 leaves open which input NaN an arithmetic op returns; x86 and ARM return the
    first operand's, quieted. numpy does so in its vector loops but its scalar tails may
    swap the operands, so the choice is made here, the same for every element, tile op
    and vector op (`apply_nan`). Operands without NaNs cost one pass (`has_nan`).
    """
    if not (has_nan(a) and has_nan(b)):
        return None
    both = np.isnan(a) & np.isnan(b)
    if not both.any():
        return None
    return both, quieted(np.broadcast_to(a, both.shape)[both])


def apply_nan(out: np.ndarray, fix: NanFix | None) -> np.ndarray:
    """`out` with the lanes of `first_nan` set to the first operand's quiet NaN."""
    if fix is not None:
        out[fix[0]] = fix[1]
    return out


def arith(ufunc: Callable[..., np.ndarray], a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """`ufunc(a, b)`; for floats (numpy's, and ml_dtypes' of kind 'V') two NaN operands
    give what `first_nan` says."""
    if a.dtype.kind not in "fV":
        return ufunc(a, b)
    fix = first_nan(a, b)
    return apply_nan(ufunc(a, b), fix)


Kernel = Callable[[Sequence[np.ndarray], np.ndarray], object]
"""Writes an op of the R x C source operands into the R x C view `out` (returns nothing
of use)."""

Maker = Callable[[DType, TargetArch], Kernel]
"""Makes the kernel of one op for an element type on a target. IEEE exceptions (overflow,
x/0, inf - inf) are results, not warnings: kernels run with numpy's floating-point warnings
silenced (pto-run does, for the whole run)."""


def arith_kernel(ufunc: np.ufunc) -> Maker:
    """`ufunc(src0, src1)` rounded once to the element type; integers wrap; two NaNs give
    the first one's, quieted (`first_nan`)."""

    def make(dtype: DType, arch: TargetArch) -> Kernel:
        if not dtype.is_float:
            return lambda sources, out: ufunc(sources[0], sources[1], out)
        any_nan = any_nan_blas if dtype.numpy.itemsize >= 4 else has_nan

        def float_arith(sources: Sequence[np.ndarray], out: np.ndarray) -> None:
            a, b = sources
            # before `out`, which may be `a`, is written; NaN-free operands cost one pass
            fix = first_nan(a, b) if any_nan(a) else None
            ufunc(a, b, out)
            if fix is not None:
                out[fix[0]] = fix[1]

        return float_arith

    return make


def divide(dtype: DType, arch: TargetArch) -> Kernel:
    """IEEE division for floats; C division for integers (`_int_divide`)."""
    if dtype.is_float:
        return arith_kernel(np.divide)(dtype, arch)
    return lambda sources, out: _int_divide(sources[0], sources[1], out)


def maximum(dtype: DType, arch: TargetArch) -> Kernel:
    """`src0 > src1 ? src0 : src1` with the target's fallback operand."""
    fallback = ELEMENTWISE_RULES[arch].max_min_fallback
    return lambda sources, out: _assign(out, select_max(sources[0], sources[1], fallback))


def minimum(dtype: DType, arch: TargetArch) -> Kernel:
    """`src0 < src1 ? src0 : src1` with the target's fallback operand."""
    fallback = ELEMENTWISE_RULES[arch].max_min_fallback
    return lambda sources, out: _assign(out, select_min(sources[0], sources[1], fallback))


def bitwise(ufunc: np.ufunc) -> Maker:
    """An integer bitwise op: `ufunc(src0, src1)`."""
    return lambda dtype, arch: lambda sources, out: ufunc(sources[0], sources[1], out)


def _assign(out: np.ndarray, values: np.ndarray) -> None:
    out[...] = values


def absolute_values(values: np.ndarray, dtype: DType) -> np.ndarray:
    """|x|: floats clear the sign bit (|-0| = +0, NaN keeps its payload); integers wrap
    (|MIN| = MIN)."""
    if dtype.is_float:
        bits = np.dtype(f"u{dtype.bytes}")
        sign = bits.type(1 << (dtype.bits - 1))
        return (values.view(bits) & ~sign).view(values.dtype)
    return np.abs(values)


def negated_values(values: np.ndarray, dtype: DType) -> np.ndarray:
    """-x as x * -1 (pto-isa's TNEG and vneg): floats flip the sign bit exactly (the
    product is exact), a NaN keeps its sign and payload, quieted (IEEE: an operation on
    one NaN returns it); integers wrap (-MIN = MIN)."""
    if not dtype.is_float:
        return np.negative(values)
    bits = np.dtype(f"u{dtype.bytes}")
    sign = bits.type(1 << (dtype.bits - 1))
    raw = values.view(bits)
    negated = (raw ^ sign).view(values.dtype)
    if has_nan(values):
        negated = np.where(np.isnan(values), quieted(values), negated)
    return negated


def absolute(dtype: DType, arch: TargetArch) -> Kernel:
    return lambda sources, out: _assign(out, absolute_values(sources[0], dtype))


def negate(dtype: DType, arch: TargetArch) -> Kernel:
    return lambda sources, out: _assign(out, negated_values(sources[0], dtype))


def shifted(
    name: str,
    left: bool,
    values: np.ndarray,
    counts: np.ndarray,
    dtype: DType,
    rule: ShiftRange,
    where: Callable[[int], str],
    active: np.ndarray | None = None,
) -> np.ndarray:
    """`values << counts` (`left`) or `values >> counts` (arithmetic iff signed). A count
    outside [0, bits - 1] on an `active` element (all when None) is an error of op `name`
    under `ShiftRange.ERROR` (`where(flat index)` names the element), else shifts every bit
    out."""
    bits = dtype.bits
    wide = counts.astype(np.int64)
    outside = (wide < 0) | (wide >= bits)
    bad = outside if active is None else active & outside
    if rule is ShiftRange.ERROR and bad.any():
        index = int(np.flatnonzero(bad)[0])
        raise PtoRuntimeError(
            f"{name} shift count {int(wide.flat[index])} {where(index)} is outside "
            f"[0, {bits - 1}] "
            f"for {dtype} (the result is target-defined)"
        )
    # Out-of-range elements shift by bits - 1 here and are fixed up below (saturation).
    safe = np.where(outside, bits - 1, wide).astype(values.dtype)
    if left:
        result = np.left_shift(values, safe)
        result[outside] = 0
        return result
    result = np.right_shift(values, safe)  # numpy: arithmetic for signed, logical unsigned
    if not dtype.is_signed:
        result[outside] = 0
    return result


def shift(left: bool) -> Maker:
    """`tshl` (`left`) or `tshr` under the target's shift-count rule."""

    def make(dtype: DType, arch: TargetArch) -> Kernel:
        rule = VECTOR_ARITH_RULES[arch].shift_range

        def run(sources: Sequence[np.ndarray], out: np.ndarray) -> None:
            values, counts = sources
            cols = max(values.shape[-1], 1)

            def where(index: int) -> str:
                return f"at src1[{index // cols}, {index % cols}]"

            name = "tshl" if left else "tshr"
            out[...] = shifted(name, left, values, counts, dtype, rule, where)

        return run

    return make


def invert(dtype: DType, arch: TargetArch) -> Kernel:
    return lambda sources, out: np.invert(sources[0], out)
