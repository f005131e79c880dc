"""Elementwise tile instructions: `tadd tsub tmul tdiv tmax tmin tabs`.

For every (i, j) of the destination's valid region (R x C) the op computes
`dst[i, j] = f(src0[i, j], src1[i, j])` in the element type and writes nothing else.

- `tadd tsub tmul`: the exact result rounded once to the element type (IEEE
  round-to-nearest-even); integers wrap modulo 2^bits.
- `tdiv`: floats follow IEEE 754 (x/0 is a signed infinity, 0/0 NaN); integers
  truncate toward zero, `MIN / -1` wraps to MIN, and a zero divisor is a run-time error.
- `tmax`/`tmin`: `src0 > src1 ? src0 : src1` (`<` for `tmin`), the vector formula of
  `vmax`/`vmin`; when the comparison is false (equal or NaN operands) the rules' `Pick`
  says which operand is returned.
- `tabs`: clears the sign bit (|-0| = +0, NaN keeps its payload); integers wrap (|MIN| = MIN).
- A source element outside that source's valid region reads as all-one bits.
- A float op on two NaNs returns the first operand's NaN, quieted (`first_nan`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

import numpy as np

from interpreters.errors import PtoRuntimeError
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType


class Pick(Enum):
    """One operand of a binary op."""

    SRC0 = "src0"
    SRC1 = "src1"


@dataclass(frozen=True)
class ElementwiseRules:
    """What a target does where the elementwise pages leave room (dtypes: targets.py)."""

    max_min_fallback: Pick
    """The operand `tmax`/`tmin` return when `src0 > src1` (`<`) is false: equal or NaN."""


RULES: Mapping[TargetArch, ElementwiseRules] = MappingProxyType(
    {
        # seed 004 vmax/vmin: `dst = src0 > src1 ? src0 : src1`; the tile pages are silent
        # and the NPU implementations are vmax/vmin per lane (TMax.hpp, TColReduceOps.hpp).
        TargetArch.A2A3: ElementwiseRules(max_min_fallback=Pick.SRC1),
        # seed 004: the same formula on A5.
        TargetArch.A5: ElementwiseRules(max_min_fallback=Pick.SRC1),
        # seed 000 / docs/decisions.md: the CPU target follows A5 (pto-isa's CPU simulator
        # uses std::max, which returns src0 on a false comparison; not followed).
        TargetArch.CPU: ElementwiseRules(max_min_fallback=Pick.SRC1),
    }
)

UNARY_OPS = ("tabs",)


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
    """`a > b ? a : b`, or with the operands' roles swapped when the fallback is src0."""
    return np.where(a > b, a, b) if fallback is Pick.SRC1 else np.where(b > a, b, a)


def select_min(a: np.ndarray, b: np.ndarray, fallback: Pick) -> np.ndarray:
    """`a < b ? a : b`, or with the operands' roles swapped when the fallback is src0."""
    return np.where(a < b, a, b) if fallback is Pick.SRC1 else np.where(b < a, b, a)


def _int_divide(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> None:
    """C division: truncation toward zero, wrapping `MIN / -1`; zero divisors are an error."""
    zeros = np.argwhere(b == 0)
    if zeros.size:
        i, j = (int(x) for x in zeros[0])
        raise PtoRuntimeError(
            f"integer division by zero (src1[{i}, {j}] is 0); the manual leaves its result "
            "target-defined"
        )
    wide_a, wide_b = a.astype(np.int64), b.astype(np.int64)
    quotient = (wide_a - np.fmod(wide_a, wide_b)) // wide_b
    out[...] = quotient.astype(out.dtype)


_UFUNCS = {"tadd": np.add, "tsub": np.subtract, "tmul": np.multiply}

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
    bits = np.dtype(f"u{a.dtype.itemsize}")
    nan, inf = (np.array(x, a.dtype).view(bits) for x in (np.nan, np.inf))
    quiet = nan & ~inf  # the top mantissa bit (none for fp8 e4m3fn: its one NaN is S.1111.111)
    first = np.broadcast_to(a, both.shape)[both]
    return both, (first.view(bits) | quiet).view(a.dtype)


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


def kernel(name: str, dtype: DType, rules: ElementwiseRules) -> Kernel:
    """The function computing op `name` (`tadd`, ...) on `dtype` under `rules`.

    IEEE exceptions (overflow, x/0, inf - inf) are results, not warnings: call it with
    numpy's floating-point warnings silenced (pto-run does, for the whole run).
    """
    if name in UNARY_OPS:
        return lambda sources, out: _abs(sources[0], out, dtype)
    ufunc = np.divide if name == "tdiv" and dtype.is_float else _UFUNCS.get(name)
    if ufunc is not None and dtype.is_float:
        any_nan = any_nan_blas if dtype.numpy.itemsize >= 4 else has_nan

        def float_arith(sources: Sequence[np.ndarray], out: np.ndarray) -> None:
            a, b = sources
            # before `out`, which may be `a`, is written; NaN-free operands cost one pass
            fix = first_nan(a, b) if any_nan(a) else None
            ufunc(a, b, out)
            if fix is not None:
                out[fix[0]] = fix[1]

        return float_arith
    if ufunc is not None:
        return lambda sources, out: ufunc(sources[0], sources[1], out)
    if name == "tdiv":
        return lambda sources, out: _int_divide(sources[0], sources[1], out)
    fallback = rules.max_min_fallback
    if name == "tmax":
        return lambda sources, out: _assign(out, select_max(sources[0], sources[1], fallback))
    if name == "tmin":
        return lambda sources, out: _assign(out, select_min(sources[0], sources[1], fallback))
    raise ValueError(f"not an elementwise op: {name}")


def _assign(out: np.ndarray, values: np.ndarray) -> None:
    out[...] = values


def _abs(a: np.ndarray, out: np.ndarray, dtype: DType) -> None:
    if dtype.is_float:
        bits = np.dtype(f"u{dtype.bytes}")
        sign = bits.type(1 << (dtype.bits - 1))
        out[...] = (a.view(bits) & ~sign).view(out.dtype)
    else:
        np.abs(a, out=out)
