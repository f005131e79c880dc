"""tcvt/vcvt conversions against the independent rational reference (`convert_reference`):
every (src, dst) pair of every target, every round mode the pair takes, with and without
saturation, on NaN, +-inf, +-0, denormals, ties, integer extremes and random bit patterns."""

from __future__ import annotations

import math

import numpy as np
import pytest
from convert_reference import convert_one
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreters.semantics.convert import convert
from pto_dialect.attrs import RoundMode, SatMode
from pto_dialect.dtypes import FP4_DTYPES, DType
from pto_dialect.ops.tile_convert import PAIRS, round_modes
from pto_dialect.ops.vector_convert import FORMS

ALL_PAIRS = sorted(
    {
        pair
        for arch_pairs in (PAIRS.a2a3, PAIRS.a5, PAIRS.cpu)
        for pair in arch_pairs
        if not {d.name for d in pair} & {"hif8", *(d.name for d in FP4_DTYPES)}
    }
    | {form for form in FORMS if not set(form) & set(FP4_DTYPES)},
    key=lambda p: (p[0].name, p[1].name),
)
"""Every element-wise conversion `convert_one` models (the packed FP4 pairs convert two
values a byte lane: `convert_lanes`, test_cube_ops.py; A5 tcvt's HiFloat8 rows round away
from zero whatever the mode: test_interp_convert_compare.test_tcvt_hif8_rounds_away_from_zero)."""


def special_values(src: DType) -> np.ndarray:
    """Edge values of `src`, as an array of `src`."""
    if src.is_int:
        low, high = src.int_limits
        values = [
            low,
            low + 1,
            -1,
            0,
            1,
            2,
            3,
            127,
            128,
            255,
            256,
            32767,
            32768,
            65504,
            65505,
            65519,
            65520,
            2047,
            2049,
            4097,
            16777217,
            16777219,
            high - 1,
            high,
        ]
        return np.array([v for v in values if low <= v <= high], dtype=src.numpy)
    bits = 1 << src.bits
    patterns = [0, 1, 2, 3, (bits >> 1) | 1, bits >> 1]  # +-0 and denormals
    floats = [
        0.5,
        1.5,
        2.5,
        -2.5,
        -0.5,
        0.49999997,
        127.5,
        128.5,
        -128.5,
        255.5,
        300.0,
        -300.0,
        65504.0,
        65519.99,
        65520.0,
        1e6,
        -1e6,
        3e9,
        1e20,
        -1e20,
        2.0**31,
        -(2.0**31),
        2.0**63,
        1.0 + 2.0**-11,
        1.0 + 3 * 2.0**-12,
        448.0,
        464.0,
        470.0,
        480.0,
        57344.0,
        61440.0,
        1e-8,
        6e-8,
        3e-5,
        1e-40,
        math.inf,
        -math.inf,
        math.nan,
    ]
    from_floats = np.array(floats, dtype=np.float64).astype(src.numpy)
    unsigned = np.dtype(f"u{src.bytes}")
    return np.concatenate([np.array(patterns, dtype=unsigned).view(src.numpy), from_floats])


def random_values(src: DType, seed: int, count: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    unsigned = np.dtype(f"u{src.bytes}")
    raw = rng.integers(0, 1 << src.bits, size=count, dtype=np.uint64).astype(unsigned)
    return raw.view(src.numpy)


def expected(
    values: np.ndarray, src: DType, dst: DType, mode: RoundMode, sat: SatMode
) -> np.ndarray:
    results = [
        convert_one(v.item() if src.is_int else float(v), src, dst, mode, sat) for v in values
    ]
    if dst.is_int:
        return np.array(results, dtype=np.int64).astype(dst.numpy)
    return np.array(results, dtype=np.float64).astype(dst.numpy)


def same(got: np.ndarray, want: np.ndarray, dst: DType) -> np.ndarray:
    """Lanes equal bit for bit (floats: NaN matches NaN)."""
    unsigned = np.dtype(f"u{dst.bytes}")
    equal = got.view(unsigned) == want.view(unsigned)
    if dst.is_float:
        equal |= np.isnan(got.astype(np.float64)) & np.isnan(want.astype(np.float64))
    return equal


def check(values: np.ndarray, src: DType, dst: DType, mode: RoundMode, sat: SatMode) -> None:
    with np.errstate(all="ignore"):  # NaN and inf casts are results here, as under pto-run
        got = convert(values, src, dst, mode, sat, 32)
    want = expected(values, src, dst, mode, sat)
    assert got.dtype == dst.numpy
    bad = ~same(got, want, dst)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        pytest.fail(
            f"{src}->{dst} {mode.value} sat={sat.value}: {values[i]!r} gave {got[i]!r}, "
            f"expected {want[i]!r}"
        )


@pytest.mark.parametrize("sat", list(SatMode), ids=lambda s: s.value)
@pytest.mark.parametrize("pair", ALL_PAIRS, ids=lambda p: f"{p[0]}-{p[1]}")
def test_every_pair_and_mode_on_edge_and_random_values(
    pair: tuple[DType, DType], sat: SatMode
) -> None:
    src, dst = pair
    values = np.concatenate([special_values(src), random_values(src, 7, 96)])
    for mode in sorted(round_modes(src, dst)):
        check(values, src, dst, mode, sat)


@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    pair=st.sampled_from(ALL_PAIRS),
    sat=st.sampled_from(list(SatMode)),
)
def test_random_bit_patterns(data: st.DataObject, pair: tuple[DType, DType], sat: SatMode) -> None:
    src, dst = pair
    mode = data.draw(st.sampled_from(sorted(round_modes(src, dst))))
    seed = data.draw(st.integers(0, 2**32 - 1))
    check(random_values(src, seed, 64), src, dst, mode, sat)


def test_round_modes_on_ties_by_hand() -> None:
    """The manual's table on a few values worked out by hand (f32 -> i32)."""
    from pto_dialect.dtypes import F32, I32

    values = np.array([2.5, -2.5, 3.5, -0.5, 2.3, -2.7], dtype=np.float32)
    table = {
        RoundMode.RINT: [2, -2, 4, 0, 2, -3],
        RoundMode.ROUND: [3, -3, 4, -1, 2, -3],
        RoundMode.FLOOR: [2, -3, 3, -1, 2, -3],
        RoundMode.CEIL: [3, -2, 4, 0, 3, -2],
        RoundMode.TRUNC: [2, -2, 3, 0, 2, -2],
    }
    for mode, want in table.items():
        assert convert(values, F32, I32, mode, SatMode.ON, 32).tolist() == want, mode


def test_non_saturating_narrowing_keeps_the_low_bits() -> None:
    """a2a3/TCvt.hpp's example: 300.0f -> int8 is 44 without saturation, 127 with it."""
    from pto_dialect.dtypes import F16, I8

    values = np.array([300.0, -300.0, math.nan, math.inf], dtype=np.float16)
    assert convert(values, F16, I8, RoundMode.RINT, SatMode.OFF, 32).tolist() == [44, -44, 0, -1]
    assert convert(values, F16, I8, RoundMode.RINT, SatMode.ON, 32).tolist() == [127, -128, 0, 127]
