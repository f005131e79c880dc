"""VMI conversions as numpy (`pto.vmi.vcvt` and its legacy forms).

- IEEE and ml_dtypes formats (f32, f16, bf16, fp8) and integers: `semantics.convert.convert`
  with the rounding letter's mode (R nearest even, A and H ties away from zero, F, C, Z)
  and SAT / NOSAT; defaults: R, and A for a HiFloat8 result (PTOAS
  `getTruncFRoundModeForResult`); integer widening sign-extends a `siN` source, else
  zero-extends; narrowing keeps the low bits (NOSAT) or clamps (SAT).
- The PTO low-precision codes are tables of values (`Table`): HiFloat8 (Ascend's tapered
  format: a sign, a 2-4 bit dot field giving the exponent width D, a sign-magnitude
  exponent of D bits with an implicit leading one, the rest mantissa; `0000` codes
  denormals `2^(m - 23)`; 0x80 NaN, `S 1101111 1` infinity), FP4 E1M2 (0, 0.25 .. 1.75) and
  E2M1 (0, 0.5, 1, 1.5, 2, 3, 4, 6). Rounding to a table takes the nearest magnitude (ties:
  the even code for R, away for A/H, toward zero for Z; F and C by sign); beyond the largest
  magnitude: the largest (FP4: no saturate attribute, PTOAS's board oracle clamps), or
  infinity for HiFloat8 without SAT. The sign bit is the source's (`-0.1` to E1M2 under Z
  is `-0`).
- `bf16x2 <-> f4x2`: the pair's first value is the low half (bf16) / low nibble (fp4).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import ml_dtypes
import numpy as np

from interpreters.semantics.convert import convert as convert_values
from pto_dialect.attrs import RoundMode, SatMode
from pto_dialect.dtypes import BF16, BF16X2, F4E1M2X2, F4E2M1X2, HIF8, DType

ROUNDING: dict[str, RoundMode] = {
    "R": RoundMode.RINT,
    "A": RoundMode.ROUND,
    "H": RoundMode.ROUND,
    "F": RoundMode.FLOOR,
    "C": RoundMode.CEIL,
    "Z": RoundMode.TRUNC,
}


@dataclass(frozen=True)
class Table:
    """A small float format by its codes: `values[code]` (NaN for NaN codes), the sign in
    bit `sign_bit`, and the codes of infinity (None: the format saturates)."""

    values: np.ndarray
    sign_bit: int
    inf_code: int | None
    nan_code: int


@cache
def hif8_table() -> Table:
    values = np.zeros(256, dtype=np.float64)
    for code in range(128):
        bits = f"{code:07b}"
        if bits.startswith("11"):
            dot, d = 2, 4
        elif bits.startswith("10"):
            dot, d = 2, 3
        elif bits.startswith("01"):
            dot, d = 2, 2
        elif bits.startswith("001"):
            dot, d = 3, 1
        elif bits.startswith("0001"):
            dot, d = 4, 0
        else:  # 0000 mmm: denormals
            m = code & 7
            values[code] = 0.0 if m == 0 else 2.0 ** (m - 23)
            continue
        rest = bits[dot:]
        exponent = 0
        if d > 0:
            sign, magnitude = rest[0], rest[1:d]
            exponent = (1 << (d - 1)) + (int(magnitude, 2) if magnitude else 0)
            exponent = -exponent if sign == "1" else exponent
        mantissa = rest[d:]
        fraction = int(mantissa, 2) / (1 << len(mantissa)) if mantissa else 0.0
        values[code] = 2.0**exponent * (1.0 + fraction)
    inf = 0b1101111  # dot 11 (D = 4), exponent +15 (0 111), mantissa 1
    values[inf] = np.inf
    values[128:] = -values[:128]
    values[0x80] = np.nan
    return Table(values, 7, inf, 0x80)


def _fp4_table(magnitudes: list[float]) -> Table:
    values = np.array(magnitudes + [-m for m in magnitudes], dtype=np.float64)
    return Table(values, 3, None, -1)


FP4_TABLES: dict[DType, Table] = {
    F4E1M2X2: _fp4_table([0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75]),
    F4E2M1X2: _fp4_table([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]),
}


def decode(codes: np.ndarray, table: Table) -> np.ndarray:
    """float64 values of `codes`."""
    return table.values[codes.astype(np.int64)]


def encode(values: np.ndarray, table: Table, rounding: str, saturate: bool) -> np.ndarray:
    """float64 `values` rounded to the codes of `table` (module docstring)."""
    half = 1 << table.sign_bit
    magnitudes = table.values[:half]
    finite = np.isfinite(magnitudes)
    order = np.argsort(np.where(finite, magnitudes, np.inf), kind="stable")
    order = order[np.isfinite(magnitudes[order])]
    sorted_values = magnitudes[order]
    _, first = np.unique(sorted_values, return_index=True)  # one code per magnitude
    order, sorted_values = order[first], sorted_values[first]
    top = len(sorted_values) - 1
    negative = np.signbit(values) & ~np.isnan(values)
    size = np.abs(np.nan_to_num(values, nan=0.0, posinf=np.inf, neginf=np.inf))
    upper = np.clip(np.searchsorted(sorted_values, size, side="left"), 0, top)
    lower = np.where(sorted_values[upper] > size, np.maximum(upper - 1, 0), upper)
    low, high = sorted_values[lower], sorted_values[upper]
    tie = (size - low) == (high - size)
    nearer_high = (high - size) < (size - low)
    code_high = order[upper]
    if rounding == "R":
        pick_high = nearer_high | (tie & (code_high % 2 == 0) & (lower != upper))
    elif rounding in ("A", "H"):
        pick_high = nearer_high | tie
    elif rounding == "Z":
        pick_high = size == high
    elif rounding == "F":
        pick_high = np.where(negative, size > low, size == high)
    else:  # C
        pick_high = np.where(negative, size == high, size > low)
    index = np.where(pick_high, upper, lower)
    codes = order[index].astype(np.int64)
    over = size > sorted_values[top]
    if table.inf_code is not None and not saturate:
        codes = np.where(over, table.inf_code, codes)
    codes = codes | np.where(negative, half, 0)
    if table.nan_code >= 0:
        codes = np.where(np.isnan(values), table.nan_code, codes)
    return codes.astype(np.uint8)


def _bf16_pairs(words: np.ndarray) -> np.ndarray:
    """bf16x2 lanes as their 2 * L bf16 values (first of each pair first), float64."""
    halves = words.view(np.uint32)
    stacked = np.stack([halves & 0xFFFF, halves >> 16], axis=1).reshape(-1)
    return stacked.astype(np.uint16).view(ml_dtypes.bfloat16).astype(np.float64)


def convert(
    values: np.ndarray, src: DType, dst: DType, rounding: str | None, saturate: bool,
    signed_source: bool,
) -> np.ndarray:  # fmt: skip
    """`values` (lanes of `src`) converted to lanes of `dst`."""
    letter = rounding or ("A" if dst == HIF8 else "R")
    sat = SatMode.ON if saturate else SatMode.OFF
    if dst == HIF8:
        wide = values.astype(np.float64) if src != HIF8 else decode(values, hif8_table())
        return encode(wide, hif8_table(), letter, saturate)
    if src == HIF8:
        return _from_float64(decode(values, hif8_table()), dst, letter, sat)
    if src == BF16X2:
        codes = encode(_bf16_pairs(values), FP4_TABLES[dst], letter, saturate)
        return (codes[0::2] | (codes[1::2] << 4)).astype(np.uint8)
    if dst == BF16X2:
        table = FP4_TABLES[src]
        raw = values.view(np.uint8)
        pairs = np.stack([decode(raw & 0xF, table), decode(raw >> 4, table)], axis=1)
        bf16 = pairs.astype(ml_dtypes.bfloat16).view(np.uint16).astype(np.uint32)
        return (bf16[:, 0] | (bf16[:, 1] << 16)).astype(np.uint32)
    if src.is_int and dst.is_int and dst.bits > src.bits:
        kind = "i" if signed_source else "u"
        read = values.view(np.dtype(f"{kind}{src.bytes}"))
        return read.astype(np.dtype(f"{kind}{dst.bytes}")).view(dst.numpy)
    return convert_values(values, src, dst, ROUNDING[letter], sat, 32)


def _from_float64(wide: np.ndarray, dst: DType, letter: str, sat: SatMode) -> np.ndarray:
    from pto_dialect.dtypes import F32

    as_f32 = wide.astype(np.float32)  # HiFloat8 values are f32-exact
    return convert_values(as_f32, F32, dst, ROUNDING[letter], sat, 32)


def reinterpret(values: np.ndarray, dst: DType) -> np.ndarray:
    """`vinterpret_cast`: the same bytes as lanes of `dst`."""
    return np.ascontiguousarray(values).view(np.uint8).view(dst.numpy).copy()


_ = BF16
