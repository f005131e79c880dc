"""The whole-tile column reductions give the bytes of the row-by-row fold.

`semantics.reduce.col_reduce` computes sequential sums with numpy's `add.accumulate` and
min/max by the fold's closed form; `_in_order` is the fold itself, one step per row (the
reference). Inputs stress what the closed form must get right: NaN payloads (quiet and
signalling, in several rows), signed zeros tied with each other, infinities, and integer
wrap-around.
"""

from __future__ import annotations

import numpy as np
import pytest
from support import int_numpy

from interpreters.semantics import reduce
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import BF16, F16, F32, I8, I16, I32, U16, DType
from pto_dialect.rules import REDUCE_RULES, Pick, ReduceRules

STEPS = (reduce.add_step, reduce.max_step, reduce.min_step)


def tile(dtype: DType, rows: int, cols: int, seed: int, specials: bool) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if not dtype.is_float:
        info = np.iinfo(int_numpy(dtype))
        return rng.integers(info.min, info.max, (rows, cols), endpoint=True).astype(dtype.numpy)
    values = rng.choice([-2.0, -1.0, -0.0, 0.0, 0.5, 1.0, 3.0, 1e-3, 7.1, -1e4], (rows, cols))
    src = values.astype(dtype.numpy)
    if specials:
        bits = src.view(f"u{dtype.bytes}")
        width = dtype.bits
        exp_mask = {16: 0x7C00 if dtype is F16 else 0x7F80, 32: 0x7F800000}[width]
        quiet = {16: 0x0200 if dtype is F16 else 0x0040, 32: 0x00400000}[width]
        for k, (r, c) in enumerate(rng.integers(0, [rows, cols], (max(rows * cols // 6, 1), 2))):
            payload = (k % 5) + 1
            bits[r, c] = exp_mask | payload | (quiet if k % 2 else 0)  # quiet and signalling
        src[rng.integers(0, rows), rng.integers(0, cols)] = np.inf
        src[rng.integers(0, rows), rng.integers(0, cols)] = -np.inf
    return src


@pytest.mark.parametrize("dtype", [F32, F16, BF16, I32, I16, I8, U16])
@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize("fallback", [Pick.SRC1, Pick.SRC0])
@pytest.mark.parametrize("specials", [False, True])
@pytest.mark.parametrize("rows", [1, 2, 7, 64])
def test_whole_tile_equals_the_row_fold(
    dtype: DType, step: reduce.StepMaker, fallback: Pick, specials: bool, rows: int
) -> None:
    rules = REDUCE_RULES[TargetArch.A2A3]
    rules = ReduceRules(rules.fold, rules.sequential_only, rules.scratch_lanes_bytes, fallback)
    for seed, cols in enumerate((33, 1, 2, 64)):
        # a valid region inside a wider tile: a strided view, as the interpreter passes it
        src = tile(dtype, rows, cols + 3, seed, specials)[:, :cols]
        out = np.zeros(cols, dtype.numpy)
        reduce.col_reduce(step, src, out, rules)
        with np.errstate(all="ignore"):
            expected = reduce._in_order(src, step(rules))  # pyright: ignore[reportPrivateUsage]
        assert out.tobytes() == expected.tobytes(), (dtype, step, fallback, seed)
