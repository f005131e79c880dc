"""An independent, slow reference for conversions: exact rationals (`fractions.Fraction`)
and the list of every value a destination type represents.

A float destination's finite non-negative values are, in bit order, 0, 1, 2, ... up to its
largest finite value (one more pattern past it stands for overflow: inf, or NaN for
f8E4M3FN); f32's neighbours are found with `np.nextafter`. Rounding picks between the two
neighbours of the exact value by the mode's rule; nothing here shares code with
`interpreters.semantics.convert`.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from fractions import Fraction
from functools import cache

import numpy as np

from pto_dialect.attrs import RoundMode, SatMode
from pto_dialect.dtypes import F32, DType


@cache
def _magnitudes(dtype: DType) -> tuple[list[Fraction], int]:
    """Finite non-negative values in bit order (index = bit pattern) plus the overflow
    pattern's value (one step past the largest), and the largest finite pattern."""
    bits = np.arange(1 << dtype.bits, dtype=f"u{dtype.bytes}").view(dtype.numpy)
    values = bits.astype(np.float64)
    top = 0
    while top + 1 < len(values) and np.isfinite(values[top + 1]) and values[top + 1] > 0:
        top += 1
    mags = [Fraction(float(v)) for v in values[: top + 1]]
    mags.append(mags[top] + (mags[top] - mags[top - 1]))
    return mags, top


def _neighbours_f32(x: Fraction) -> tuple[Fraction, int, Fraction, int, bool]:
    """(lo, parity of lo, hi, parity of hi, hi is overflow) for 0 <= x, x not exact in f32."""
    top = np.float32(np.finfo(np.float32).max)
    if x > Fraction(float(top)):
        over = Fraction(float(top)) + Fraction(2) ** 104
        return Fraction(float(top)), 1, over, 0, True
    guess = np.float32(float(x))
    while Fraction(float(guess)) > x:
        guess = np.nextafter(guess, np.float32(-np.inf))
    while Fraction(float(np.nextafter(guess, np.float32(np.inf)))) <= x:
        guess = np.nextafter(guess, np.float32(np.inf))
    hi = np.nextafter(guess, np.float32(np.inf))
    lo_bits = int(np.array(guess).view(np.uint32))
    return Fraction(float(guess)), lo_bits & 1, Fraction(float(hi)), (lo_bits + 1) & 1, False


def _pick(
    x: Fraction,
    lo: Fraction,
    lo_odd: int,
    hi: Fraction,
    hi_odd: int,
    mode: RoundMode,
    negative: bool,
) -> bool:
    """Whether |x| rounds to hi (else lo); lo < |x| < hi."""
    if mode in (RoundMode.RINT, RoundMode.NONE):
        if x - lo != hi - x:
            return x - lo > hi - x
        return lo_odd == 1
    if mode is RoundMode.ROUND:
        return x - lo >= hi - x
    if mode is RoundMode.TRUNC:
        return False
    if mode is RoundMode.FLOOR:
        return negative
    if mode is RoundMode.CEIL:
        return not negative
    return hi_odd == 1  # ODD


def round_to_float(x: Fraction, dst: DType, mode: RoundMode, sat: SatMode) -> float:
    """The exact rational `x` rounded to `dst`, as a Python float (inf / nan on overflow)."""
    negative = x < 0
    mag = -x if negative else x
    largest: Fraction
    if dst == F32:
        largest = Fraction(float(np.finfo(np.float32).max))
        guess = np.float32(float(mag))
        if np.isfinite(guess) and Fraction(float(guess)) == mag:
            value = float(guess)
            return -value if negative else value
        lo, lo_odd, hi, hi_odd, over = _neighbours_f32(mag)
    else:
        mags, top = _magnitudes(dst)
        largest = mags[top]
        index = min(bisect_right(mags, mag) - 1, top)
        if mags[index] == mag:
            value = float(mags[index])
            return -value if negative else value
        lo, lo_odd, hi, hi_odd = mags[index], index & 1, mags[index + 1], (index + 1) & 1
        over = index + 1 > top
    up = _pick(mag, lo, lo_odd, hi, hi_odd, mode, negative)
    if up and over:  # ODD and saturation keep the largest finite value
        if mode is RoundMode.ODD or sat is SatMode.ON:
            value = float(largest)
        else:
            value = math.inf
    else:
        value = float(hi if up else lo)
    return -value if negative else value


def round_to_integer(x: Fraction, mode: RoundMode) -> int:
    if mode in (RoundMode.RINT, RoundMode.NONE):
        return round(x)  # ties to even
    if mode is RoundMode.ROUND:
        magnitude = math.floor(abs(x) + Fraction(1, 2))
        return -magnitude if x < 0 else magnitude
    if mode is RoundMode.FLOOR:
        return math.floor(x)
    if mode is RoundMode.CEIL:
        return math.ceil(x)
    return math.trunc(x)


def to_int(value: int, dst: DType, sat: SatMode, wrap_bits: int | None) -> int:
    """An exact integer in `dst`: clamped (saturation), else first clamped to `wrap_bits`
    signed bits (float sources) and its low bits kept."""
    low, high = dst.int_limits
    if sat is SatMode.ON:
        return min(max(value, low), high)
    if wrap_bits is not None:
        bits = 64 if dst.bits == 64 else wrap_bits
        value = min(max(value, -(1 << (bits - 1))), (1 << (bits - 1)) - 1)
    value &= (1 << dst.bits) - 1
    return value - (1 << dst.bits) if dst.is_signed and value > high else value


def convert_one(value: object, src: DType, dst: DType, mode: RoundMode, sat: SatMode) -> object:
    """One element converted: a Python int, or a float (nan for NaN)."""
    if src.is_float:
        number = float(value)  # type: ignore[arg-type]
        narrowing = dst.is_float and dst != src and not (dst.bits > src.bits or src.bits == 8)
        if narrowing and sat is SatMode.ON and not math.isfinite(number):
            # the board saturates NaN to 0 and inf to the largest finite value (PTOAS's
            # vcvt-f32-special case)
            if math.isnan(number):
                return 0.0
            largest = (
                Fraction(float(np.finfo(np.float32).max))
                if dst == F32
                else _magnitudes(dst)[0][_magnitudes(dst)[1]]
            )
            return math.copysign(float(largest), number)
        if math.isnan(number):
            return 0 if dst.is_int else math.nan
        if math.isinf(number):
            if dst.is_int:
                low, high = dst.int_limits
                if sat is SatMode.ON:
                    return high if number > 0 else low
                return to_int(int(math.copysign(1 << 70, number)), dst, sat, 32)
            return number
        exact = Fraction(number)
        if dst.is_int:
            return to_int(round_to_integer(exact, mode), dst, sat, 32)
        if dst == src:
            integral = round_to_integer(exact, mode)
            return float(integral) if integral else math.copysign(0.0, number)
        if dst.bits > src.bits or src.bits == 8:
            return number
        result = round_to_float(exact, dst, mode, sat)
        return math.copysign(result, number) if result == 0 else result
    integer = int(value)  # type: ignore[call-overload]
    if dst.is_int:
        return to_int(integer, dst, sat, None)
    return round_to_float(Fraction(integer), dst, mode, sat)
