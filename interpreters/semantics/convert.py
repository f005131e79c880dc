"""Element conversions: those of tile moves between locations (`tmov`), and `tcvt`/`vcvt`
with their round and saturation modes (below, `convert`).

`dst[i, j] = convert(src[i, j])` over the destination's valid region (tmov.md: "the
operation iterates over dst's valid region"); every other element of dst keeps its
value. The conversions:

- same element type: the bits are copied unchanged (NaN payloads included);
- mat -> bias of f16/bf16: widened to f32 (exact);
- acc -> mat/vec of an f32 accumulator to f16/bf16: rounded to nearest, ties to even;
  values beyond the target's range become +-inf, NaN stays NaN (IEEE conversion).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from interpreters.engine.errors import check
from pto_dialect.attrs import Location, RoundMode, SatMode, TargetArch
from pto_dialect.dtypes import BF16, F16, F32, FP4_DTYPES, HIF8, DType

_MAT, _LEFT, _RIGHT = Location.MAT, Location.LEFT, Location.RIGHT
_BIAS, _SCALING, _VEC, _ACC = Location.BIAS, Location.SCALING, Location.VEC, Location.ACC

_COMMON_PAIRS = frozenset(
    {(_MAT, _LEFT), (_MAT, _RIGHT), (_MAT, _BIAS), (_MAT, _SCALING), (_VEC, _VEC), (_ACC, _MAT)}
)


@dataclass(frozen=True)
class MoveRules:
    """Per-target rules of `tmov`."""

    pairs: frozenset[tuple[Location, Location]]
    """Legal (src, dst) location pairs."""
    bias_widening: frozenset[DType]
    """Element types a mat -> bias move widens to f32."""
    acc_narrowing: frozenset[DType]
    """Element types an f32 accumulator converts to on acc -> mat/vec (RNE) besides f32."""


RULES: dict[TargetArch, MoveRules] = {
    # tmov.md general constraints: Mat -> Left/Right/Bias/Scaling, Vec -> Vec, Acc -> Mat;
    # Mat -> Bias pairs int32->int32, float->float, half->float; Acc -> Mat converts with the
    # cast pre-quant mode GetCastPreQuantMode<float, half/bfloat16_t> (A2A3 implementation
    # checks; tstore.md lists the same f32 -> f16/bf16 fixpipe conversions).
    TargetArch.A2A3: MoveRules(_COMMON_PAIRS, frozenset({F16}), frozenset({F16, BF16})),
    # tmov.md A5 implementation checks: additionally Vec -> Mat and Acc -> Vec; the A5 Mat -> Bias
    # list adds bfloat16_t -> float.
    TargetArch.A5: MoveRules(
        _COMMON_PAIRS | {(_VEC, Location.MAT), (_ACC, _VEC)},
        frozenset({F16, BF16}),
        frozenset({F16, BF16}),
    ),
    # The CPU simulator follows A5 (seed 000); its TMOV_IMPL converts by C++ assignment, which
    # rounds float -> half/bfloat16 to nearest even (include/pto/cpu/TMov.hpp).
    TargetArch.CPU: MoveRules(
        _COMMON_PAIRS | {(_VEC, Location.MAT), (_ACC, _VEC)},
        frozenset({F16, BF16}),
        frozenset({F16, BF16}),
    ),
}


def result_dtypes(arch: TargetArch, src: Location, dst: Location, dtype: DType) -> set[DType]:
    """Element types a move of `dtype` from `src` to `dst` may produce on `arch`."""
    rules = RULES[arch]
    if (src, dst) == (_MAT, _BIAS):
        return {F32} if dtype in rules.bias_widening else {dtype}
    if src is _ACC and dtype == F32:
        return {F32} | set(rules.acc_narrowing)
    return {dtype}


def move(
    arch: TargetArch,
    src: np.ndarray,
    src_loc: Location,
    src_dtype: DType,
    dst: np.ndarray,
    dst_loc: Location,
    dst_dtype: DType,
    valid: tuple[int, int],
) -> None:
    """Write `convert(src)` into the top-left `valid` region of `dst` (logical arrays)."""
    rules = RULES[arch]
    check(
        (src_loc, dst_loc) in rules.pairs,
        f"a move from loc={src_loc.value} to loc={dst_loc.value} is not supported on {arch.value}",
    )
    check(
        dst_dtype in result_dtypes(arch, src_loc, dst_loc, src_dtype),
        f"a {src_loc.value}->{dst_loc.value} move cannot convert {src_dtype} to {dst_dtype} "
        f"on {arch.value}",
    )
    rows, cols = valid
    check(
        rows <= src.shape[0] and cols <= src.shape[1],
        f"the destination's valid region {rows}x{cols} exceeds the source tile "
        f"{src.shape[0]}x{src.shape[1]}",
    )
    region = src[:rows, :cols]
    if src_dtype == dst_dtype:
        dst[:rows, :cols] = region
        return
    with np.errstate(over="ignore"):
        dst[:rows, :cols] = region.astype(dst_dtype.numpy)


# ---- tcvt / vcvt: conversions with a round mode and a saturation mode ---------------------
#
# `convert(values, src, dst, mode, sat)` is exact for every pair of the tcvt and vcvt pages
# (docs/semantics.md, "Conversions"):
# - the exact value is rounded once to the destination with `mode` (NONE is RINT: the
#   implementations' default branch); float -> float narrowing follows IEEE 754 for the
#   directed modes (an overflow gives inf or the largest finite value by direction), ODD is
#   round-to-odd (an inexact result takes the neighbour whose last significand bit is 1);
# - f32 -> f32 rounds to an integral value ("round-only", tcvt.md);
# - float -> integer: NaN gives 0; with saturation the rounded value is clamped to the
#   destination's range, without it clamped to the 32-bit (64-bit for 64-bit destinations)
#   signed range and the destination's low bits kept (a2a3/TCvt.hpp: 300.0f -> int8 = 44);
# - integer -> narrower integer: clamped (saturation) or its low bits kept;
# - a float destination with saturation clamps a finite overflow to the largest finite
#   value; infinities and NaN pass (fp8 e4m3fn has no infinity: NaN);
# - widening conversions are exact (NaN stays NaN).

_FORMATS: dict[str, tuple[int, int]] = {
    "f32": (24, -126),
    "f16": (11, -14),
    "bf16": (8, -126),
    "f8E4M3FN": (4, -6),
    "f8E5M2": (3, -14),
}
"""Float formats: significand bits (with the hidden one) and the smallest normal exponent."""


def largest_finite(dtype: DType) -> float:
    """The largest finite value of the float type `dtype`."""
    import ml_dtypes  # not with the module: a run without such a conversion never loads it

    info = cast("np.finfo[np.floating[Any]]", ml_dtypes.finfo(dtype.numpy))
    return float(info.max)


def round_integral(q: np.ndarray, mode: RoundMode) -> np.ndarray:
    """float64 `q` rounded to an integral float64 with `mode` (signs of zeros kept)."""
    if mode in (RoundMode.RINT, RoundMode.NONE):
        return np.rint(q)
    if mode is RoundMode.FLOOR:
        return np.floor(q)
    if mode is RoundMode.CEIL:
        return np.ceil(q)
    if mode is RoundMode.TRUNC:
        return np.trunc(q)
    magnitude = np.abs(q)
    whole = np.floor(magnitude)
    if mode is RoundMode.ROUND:  # ties away from zero; `magnitude - whole` is exact
        return np.copysign(whole + (magnitude - whole >= 0.5), q)
    odd = np.fmod(whole, 2) == 1  # round to odd: an inexact value takes the odd neighbour
    return np.copysign(np.where((magnitude != whole) & ~odd, whole + 1, whole), q)


def round_float(values: np.ndarray, dst: DType, mode: RoundMode) -> np.ndarray:
    """float64 `values` (exact) rounded once to the float format `dst` with `mode`, as float64
    values `dst` represents exactly (overflows: inf or the largest finite value)."""
    precision, emin = _FORMATS[dst.name]
    finite = np.isfinite(values)
    safe = np.where(finite, values, 0.0)
    _, exponent = np.frexp(safe)
    lead = np.maximum(exponent - 1, emin)  # exponent of the leading bit, subnormals clamped
    step = lead - (precision - 1)
    rounded = np.ldexp(round_integral(np.ldexp(safe, -step), mode), step)
    top = largest_finite(dst)
    over = finite & (np.abs(rounded) > top)
    if over.any():
        positive = rounded > 0
        if mode in (RoundMode.TRUNC, RoundMode.ODD):
            to_inf = np.zeros_like(over)
        elif mode is RoundMode.FLOOR:
            to_inf = ~positive
        elif mode is RoundMode.CEIL:
            to_inf = positive
        else:
            to_inf = np.ones_like(over)
        limit = np.where(to_inf, np.inf, top)
        rounded = np.where(over, np.copysign(limit, rounded), rounded)
    return np.where(finite, rounded, values)


def _int64_as_float(values: np.ndarray) -> np.ndarray:
    """int64 `values` as float64 rounded to odd: one more rounding to at most 51 bits in
    any mode gives the correctly rounded result (Boldo and Melquiond)."""
    high = (values >> 32).astype(np.float64) * 2.0**32  # exact: 32 bits
    low = (values & 0xFFFFFFFF).astype(np.float64)  # exact: 32 bits
    total = high + low
    back = total - high
    error = (high - (total - back)) + (low - back)  # TwoSum: total + error is exact
    inexact = error != 0
    even = (total.view(np.uint64) & 1) == 0
    toward = np.where(error > 0, np.inf, -np.inf)
    return np.where(inexact & even, np.nextafter(total, toward), total)


def _exact(values: np.ndarray, src: DType) -> np.ndarray:
    """`values` as float64: exact, or rounded to odd for 64-bit integers."""
    if src.bits == 64 and src.is_int:
        return _int64_as_float(values.astype(np.int64))
    return values.astype(np.float64)


def _saturate_int(rounded: np.ndarray, low: int, high: int) -> np.ndarray:
    """Integral float64 `rounded` (NaN: 0) clamped to [low, high], as int64."""
    clean = np.where(np.isnan(rounded), 0.0, rounded)
    below, above = clean <= float(low), clean >= float(high)
    middle = np.where(below | above, 0.0, clean).astype(np.int64)
    return np.where(below, low, np.where(above, high, middle))


def _signed_limits(bits: int) -> tuple[int, int]:
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def convert(
    values: np.ndarray, src: DType, dst: DType, mode: RoundMode, sat: SatMode, wrap_bits: int
) -> np.ndarray:
    """`values` of element type `src` converted to `dst` (a fresh array of `dst.numpy`);
    `wrap_bits`: the signed range a non-saturating float -> integer conversion clamps to
    before it keeps the low bits (64 for 64-bit destinations)."""
    if dst == HIF8 or src == HIF8:  # (their modules, with ml_dtypes: on first use)
        from interpreters.semantics import hif8, mx_formats

        if dst == HIF8:
            return mx_formats.encode_hif8(values.astype(np.float64), mode, sat is SatMode.ON)
        return hif8.decode(values).astype(dst.numpy)
    if src.is_float and dst.is_float:
        wide = values.astype(np.float64)
        if src == dst:  # f32 -> f32: rounds to an integral value
            return np.where(np.isfinite(wide), round_integral(wide, mode), wide).astype(dst.numpy)
        if dst.bits > src.bits or src.bits == 8:  # widening: exact
            return values.astype(dst.numpy)
        return _to_float(round_float(wide, dst, mode), np.isfinite(wide), dst, sat)
    if dst.is_float:
        exact = _exact(values, src)
        return _to_float(round_float(exact, dst, mode), np.isfinite(exact), dst, sat)
    if src.is_float:
        rounded = round_integral(values.astype(np.float64), mode)
        if sat is SatMode.ON:
            return _saturate_int(rounded, *dst.int_limits).astype(dst.numpy)
        wide = 64 if dst.bits == 64 else wrap_bits
        return _saturate_int(rounded, *_signed_limits(wide)).astype(dst.numpy)
    wide_ints = values.astype(np.int64)
    if sat is SatMode.ON:
        return np.clip(wide_ints, *dst.int_limits).astype(dst.numpy)
    return wide_ints.astype(dst.numpy)  # the low bits


def _to_float(rounded: np.ndarray, finite: np.ndarray, dst: DType, sat: SatMode) -> np.ndarray:
    """Rounded values of the finite inputs `finite` in `dst`; saturation clamps every value
    beyond the largest finite one, infinities included, to it and gives 0 for NaN (PTOAS's
    board-tested vcvt-f32-special and vcvt-tail-special cases; docs/decisions.md)."""
    if sat is SatMode.ON:
        top = largest_finite(dst)
        over = np.abs(rounded) > top
        rounded = np.where(over, np.copysign(top, rounded), rounded)
        rounded = np.where(np.isnan(rounded), 0.0, rounded)
    return rounded.astype(dst.numpy)


def convert_lanes(
    values: np.ndarray,
    mask: np.ndarray,
    dst: DType,
    lanes: int,
    part: int,
    conversion: tuple[RoundMode, SatMode],
    src: DType,
) -> np.ndarray:
    """`vcvt`: `lanes` lanes of `dst` from the vreg `values` of `src` gated by `mask` (the
    last axis is the register: leading axes are as many registers).

    Same width: lane i is lane i converted. Narrowing k:1 (k = lanes / len(values)): source
    lane i lands in lane k*i + part, the other lanes are zero. Widening 1:k: lane i takes
    source lane k*i + part. Inactive source lanes give zero.
    """
    mode, sat = conversion
    if dst in FP4_DTYPES or src in FP4_DTYPES:
        return _fp4_lanes(values, mask, dst, lanes, part, mode, src)
    return place_lanes(convert(values, src, dst, mode, sat, 32), mask, dst, lanes, part)


def place_lanes(
    converted: np.ndarray, mask: np.ndarray, dst: DType, lanes: int, part: int
) -> np.ndarray:
    """`convert_lanes`' placement of the lanes `converted` (one per source lane, of `dst`)."""
    converted[~mask] = 0
    have = converted.shape[-1]
    if lanes == have:
        return converted
    if lanes > have:
        step = lanes // have
        result = np.zeros((*converted.shape[:-1], lanes), dtype=dst.numpy)
        result[..., part::step] = converted
        return result
    step = have // lanes
    return converted[..., part::step].copy()


def _fp4_lanes(
    values: np.ndarray,
    mask: np.ndarray,
    dst: DType,
    lanes: int,
    part: int,
    mode: RoundMode,
    src: DType,
) -> np.ndarray:
    """`vcvt` to or from packed FP4 pairs (bf16 <-> f4E2M1x2 / f4E1M2x2): each byte lane
    holds two values, so the 128 bf16 lanes make 64 bytes, which take the 4:1 parts' byte
    lanes 4j + part (PTOAS's board-tested vcvt-low-precision-special and -roundtrip).
    Inactive source lanes give zero."""
    from interpreters.semantics import mx_formats  # (with ml_dtypes: on first use)

    if dst in FP4_DTYPES:
        nibbles = mx_formats.encode_fp4(values.astype(np.float64), dst, mode)
        packed = mx_formats.pack_fp4(np.where(mask, nibbles, 0))
        result = np.zeros((*values.shape[:-1], lanes), dtype=np.uint8)
        result[..., part :: lanes // packed.shape[-1]] = packed
        return result
    step = values.shape[-1] // (lanes // 2)
    chosen = np.where(mask, values, 0).astype(np.uint8)[..., part::step]
    return mx_formats.unpack_fp4(chosen, src).astype(dst.numpy)
