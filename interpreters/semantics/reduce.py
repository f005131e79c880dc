"""Column reductions: `tcolmin`, `tcolmax`, `tcolsum`.

`dst[0, j] = reduce_{0 <= i < R} src[i, j]` for `j < C`, where R x C is the source's
valid region; nothing else of dst is written. Every step is one vector operation in
the element type (no widening: f16 sums round to f16 after each add, integer sums
wrap). `min`/`max` steps are the `vmin`/`vmax` select formula of the elementwise
family. On every target the steps go in row order, as the project's specification
(issue 3) requires: `acc = r0; acc = op(acc, r_i)` for i = 1 .. R-1.

`tcolsum` with `isBinary` sums pairwise through the scratch tile `tmp`: level 1 writes
`tmp[j] = r_{2j} + r_{2j+1}`, each further level `tmp[j] = tmp[2j] + tmp[2j+1]` while more
than one partial sum is left; an odd leftover row is added to the level's first
(A2A3) or last (A5) partial sum. The result is `tmp[0]`; the partial sums stay in `tmp`.

The sequential reductions are computed on the whole tile (`WHOLE_TILE`), with the results
of the row-by-row fold (`_in_order`, kept as the reference and for sums over NaNs): a sum
is numpy's `add.reduce` down the columns (whole rows added in row order, each add rounded
to the element type; a column of -0s keeps its sign, as the fold from row 0 does); a
min/max is the fold's closed form (`_select_fold`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from interpreters.engine.errors import check
from interpreters.semantics.elementwise import arith, has_nan, quieted, select_max, select_min
from pto_dialect.dtypes import DType
from pto_dialect.rules import Fold, Pick, ReduceRules

Step = Callable[[np.ndarray, np.ndarray], np.ndarray]


StepMaker = Callable[[ReduceRules], Step]
"""Makes one reduction step (`acc = step(acc, row)`) under a target's rules; the
interpreter's table keyed by op class says which op uses which."""


def _add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """One vector add in the element type (two NaNs: the first one's, quieted)."""
    return arith(np.add, a, b)


def add_step(rules: ReduceRules) -> Step:
    return _add


def mul_step(rules: ReduceRules) -> Step:
    return lambda a, b: arith(np.multiply, a, b)


def max_step(rules: ReduceRules) -> Step:
    return lambda a, b: select_max(a, b, rules.max_min_fallback)


def min_step(rules: ReduceRules) -> Step:
    return lambda a, b: select_min(a, b, rules.max_min_fallback)


def _in_order(src: np.ndarray, step: Step) -> np.ndarray:
    """The reduction of the R x C `src` (R >= 1), row 0 first, in order."""
    acc = src[0].copy()
    for row in src[1:]:
        acc = step(acc, row)
    return acc


def _tree(src: np.ndarray, fold: Fold) -> np.ndarray:
    """The partial sums the pairwise reduction leaves in tmp; row 0 is the result."""
    rows = src.shape[0]
    count = rows // 2
    if count == 0:  # a single row: added to a zeroed register (A5; A2A3 copies it instead)
        return np.zeros_like(src[:1]) + src[:1]
    work = _add(src[0 : 2 * count : 2], src[1 : 2 * count : 2])
    leftover: np.ndarray | None = src[-1] if rows % 2 else None
    while True:
        if leftover is not None:
            if fold is Fold.FIRST:
                work[0] = _add(work[0], leftover)
            else:
                work[count - 1] = _add(leftover, work[count - 1])
        if count == 1:
            return work
        half = count // 2
        leftover = work[2 * half].copy() if count % 2 else None
        work[:half] = _add(work[0 : 2 * half : 2], work[1 : 2 * half : 2])
        count = half


def _sum(src: np.ndarray, rules: ReduceRules) -> np.ndarray | None:
    """The row-order sum of `src` (R >= 2) on the whole tile; None when a float column
    holds a NaN (the fold's NaN-payload rule needs the row-by-row path)."""
    if src.dtype.kind not in "fV":
        return np.add.reduce(src, axis=0, dtype=src.dtype)  # wrapping: any order is exact
    if has_nan(src):
        return None
    if src.shape[1] == 1:  # one column: a 1-D reduce would sum pairwise
        return np.add.accumulate(src, axis=0, dtype=src.dtype)[-1]
    # Down the rows of a 2-D tile numpy adds whole rows in row order (pairwise summation is
    # only along the contiguous axis): ((r0 + r1) + r2) + ..., each add rounded. It starts
    # from its identity +0, not from r0: the two differ only in a column of -0s only
    # (+0 + -0 = +0), whose fold from r0 is -0.
    result = np.add.reduce(src, axis=0, dtype=src.dtype)
    zero = result == 0
    if zero.any():
        negative_zeros = zero & np.signbit(src).all(axis=0)
        result[negative_zeros] = src[0][negative_zeros]
    return result


def _select_fold(src: np.ndarray, larger: bool, fallback: Pick) -> np.ndarray:
    """The fold `acc = select(acc, row)` of `select_max`/`select_min` over `src` (R >= 2),
    closed form: without NaN, the extreme value from the last row holding it (ties go to
    the row: fallback src1) or the first (fallback src0), so a +-0 tie keeps that row's
    sign; with a NaN, the first NaN (src1) or the last (src0), quieted."""
    rows, cols = src.shape
    if src.dtype.kind not in "fV":
        return src.max(axis=0) if larger else src.min(axis=0)
    extreme = (np.fmax if larger else np.fmin).reduce(src, axis=0)
    hits = src == extreme
    last = fallback is Pick.SRC1
    index = rows - 1 - np.argmax(hits[::-1], axis=0) if last else np.argmax(hits, axis=0)
    columns = np.arange(cols, dtype=np.intp)
    result = src[index, columns]
    if has_nan(src):
        nan = np.isnan(src)
        where = rows - 1 - np.argmax(nan[::-1], axis=0) if not last else np.argmax(nan, axis=0)
        columns_with_nan = nan.any(axis=0)
        result[columns_with_nan] = quieted(src[where, columns])[columns_with_nan]
    return result


WholeTile = Callable[[np.ndarray, ReduceRules], "np.ndarray | None"]

WHOLE_TILE: dict[StepMaker, WholeTile] = {
    add_step: _sum,
    max_step: lambda src, rules: _select_fold(src, True, rules.max_min_fallback),
    min_step: lambda src, rules: _select_fold(src, False, rules.max_min_fallback),
}
"""The whole-tile computation of each sequential reduction step (None: fold row by row)."""


def col_reduce(step: StepMaker, src: np.ndarray, dst_row: np.ndarray, rules: ReduceRules) -> None:
    """`tcolmin`/`tcolmax`/`tcolsum` (sequential) of the R x C `src` into the C-vector `dst_row`."""
    if src.shape[0] == 0 or src.shape[1] == 0:
        return
    with np.errstate(all="ignore"):
        whole = WHOLE_TILE.get(step)
        result = whole(src, rules) if whole is not None and src.shape[0] > 1 else None
        dst_row[...] = _in_order(src, step(rules)) if result is None else result


def col_sum_binary(
    src: np.ndarray, dst_row: np.ndarray, tmp: np.ndarray, dtype: DType, rules: ReduceRules
) -> None:
    """`tcolsum {isBinary = true}` of the R x C `src` into `dst_row`, through `tmp`.

    `tmp` is the scratch tile's writable rows x cols contents; it receives the partial
    sums the target's algorithm leaves there.
    """
    rows, cols = src.shape
    if rows == 0 or cols == 0:
        return
    if dtype in rules.sequential_only:
        col_reduce(add_step, src, dst_row, rules)
        return
    if rows == 1 and rules.fold is Fold.FIRST:  # A2A3 copies a single row, tmp unused
        dst_row[...] = src[0]
        return
    check(
        cols <= tmp.shape[1],
        f"tmp row of {tmp.shape[1]} elements is shorter than the src valid cols {cols}",
    )
    needed = max(rows // 2, 1)
    check(
        needed <= tmp.shape[0],
        f"tmp has {tmp.shape[0]} rows; the pairwise sum of {rows} rows needs {needed}",
    )
    with np.errstate(all="ignore"):
        partial = _tree(src, rules.fold)
    dst_row[...] = partial[0]
    if rules.scratch_lanes_bytes is None:
        tmp[:needed, :cols] = partial
        return
    lanes = rules.scratch_lanes_bytes // dtype.bytes
    for start in range(0, cols, lanes):
        width = min(lanes, cols - start)
        tmp[:needed, :width] = partial[:, start : start + width]
