"""Tile moves between locations (`tmov`) and the element conversions they apply.

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

import numpy as np

from interpreters.errors import check
from pto_dialect.attrs import Location, TargetArch
from pto_dialect.dtypes import BF16, F16, F32, DType

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
