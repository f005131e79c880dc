"""HiFloat8, as pure numpy: the 256 codes' values and conversion of float64 values to codes.

A code is a sign bit and 7 bits of dot, exponent and mantissa (pto-isa
include/pto/cpu/Hifloat8.hpp, `decodeHiF8Mathematically`, after the HiFloat8 paper): the dot
prefix of the 7 bits gives the exponent width D (`11` 4, `10` 3, `01` 2, `001` 1, `0001`
0), the mantissa takes the 5 - D bits left, the exponent is sign-magnitude with an implicit
leading 1 (D = 0: exponent 0); `0000xxx` are the denormals `2^(M - 23)` and zero; 0x80 is
NaN; D = 4 with exponent 15 and mantissa 1 is infinity. The mantissa takes the bits the dot
and exponent leave (3 for D = 0 and 1): pto-isa's CPU decoder reads 5 - D bits for every
D, which for D = 0 and 1 overlaps the dot and leaves [1.25, 2) without a code
(docs/decisions.md). PTOAS's board test simt-packed-math-core fixes 1.0 -> 0x08 and
2.0 -> 0x10.
"""

from __future__ import annotations

import numpy as np

from pto_dialect.ops.simt_common import Rounding


def _decode(code: int) -> float:
    negative = code & 0x80
    payload = code & 0x7F
    if payload >> 3 == 0:
        mantissa = payload & 0x07
        if mantissa == 0:
            return float("nan") if negative else 0.0
        value = 2.0 ** (mantissa - 23)
        return -value if negative else value
    width = {3: 4, 2: 3, 1: 2}.get(payload >> 5)
    if width is None:
        width = 1 if payload >> 4 == 1 else 0
    rest_bits = 5 if width >= 2 else 3 + width  # after the dot: 2, 3 or 4 bits of it
    bits = rest_bits - width
    rest = payload & ((1 << rest_bits) - 1)
    raw_exponent, mantissa = rest >> bits, rest & ((1 << bits) - 1)
    exponent = 0
    if width:
        sign_bit = raw_exponent & (1 << (width - 1))
        magnitude = (1 << (width - 1)) | (raw_exponent - sign_bit)
        exponent = -magnitude if sign_bit else magnitude
    if width == 4 and exponent == 15 and mantissa == 1:
        value = float("inf")
    else:
        value = 2.0**exponent * (1.0 + mantissa / (1 << bits))
    return -value if negative else value


VALUES = np.array([_decode(code) for code in range(256)], dtype=np.float64)
"""The value of each code (float64, exact)."""

_FINITE = np.flatnonzero(np.isfinite(VALUES) & ~((VALUES == 0) & (np.arange(256) >= 0x80)))
_ORDER = _FINITE[np.argsort(VALUES[_FINITE], kind="stable")]
_SORTED = VALUES[_ORDER]
LARGEST = float(_SORTED[-1])
_POS_INF, _NEG_INF = 0x6F, 0xEF
_UPWARD = (Rounding.C, Rounding.H)


def decode(codes: np.ndarray) -> np.ndarray:
    """float64 values of uint8 `codes`."""
    return VALUES[codes.astype(np.uint8)]


def encode(values: np.ndarray, rounding: Rounding, saturate: bool) -> np.ndarray:
    """uint8 codes of float64 `values`: `r` to nearest with ties to the even code, `a` to
    nearest with ties away from zero, `f` down, `c` up, `z` toward zero, `h` up (the
    cast-ceil choice, docs/semantics.md). A value beyond the largest finite one (32768)
    becomes infinity where its rounding would pass the code after it (`c`, `h`: any
    excess; `r`, `a`: from 40960, halfway to the 1.5 x 2^15 that infinity takes), else the
    largest finite value, and that always with `saturate`; NaN gives 0x80."""
    v = values.astype(np.float64)
    nan = np.isnan(v)
    clipped = np.clip(np.where(nan, 0.0, v), _SORTED[0], _SORTED[-1])
    hi = np.minimum(np.searchsorted(_SORTED, clipped, side="left"), len(_SORTED) - 1)
    exact = _SORTED[hi] == clipped
    lo = np.where(exact, hi, np.maximum(hi - 1, 0))
    below, above = _SORTED[lo], _SORTED[hi]
    if rounding is Rounding.F:
        pick_up = np.zeros_like(exact)
    elif rounding in (Rounding.C, Rounding.H):
        pick_up = ~exact
    elif rounding is Rounding.Z:
        pick_up = ~exact & (clipped < 0)
    else:
        down_gap, up_gap = clipped - below, above - clipped
        tie_up = clipped > 0 if rounding is Rounding.A else (_ORDER[hi] & 1) == 0
        pick_up = ~exact & ((up_gap < down_gap) | ((up_gap == down_gap) & tie_up))
    codes = np.where(pick_up, _ORDER[hi], _ORDER[lo])
    if not saturate:
        nearest = rounding in (Rounding.R, Rounding.A)
        up = v >= 1.25 * LARGEST if nearest else (v > LARGEST) & (rounding in _UPWARD)
        down = v <= -1.25 * LARGEST if nearest else (v < -LARGEST) & (rounding is Rounding.F)
        codes = np.where(up | np.isposinf(v), _POS_INF, codes)
        codes = np.where(down | np.isneginf(v), _NEG_INF, codes)
    return np.where(nan, 0x80, codes).astype(np.uint8)
