"""The vector cross-lane reductions as numpy, batched over leading axes.

A vreg is the last axis of an array (N lanes), its mask a bool array of the same shape;
every function returns fresh arrays. Inactive lanes take no part (sums: they count as +0).

- Sums (`vcadd`, `vcgadd`) fold adjacent lanes pairwise: level 1 adds lanes (2i, 2i+1),
  each next level adds the partial sums (2i, 2i+1) again, until one value is left; every
  addition is rounded to the element type (integers wrap), two NaN operands give the first
  one's, quieted (`elementwise.arith`). The manual says "tree reduction" without the
  pairing: this pairing is the documented choice (docs/semantics.md).
- Extrema (`vcmax`, `vcmin`, `vcgmax`, `vcgmin`): the value of the first active lane that
  holds the extremum (ties: the lowest lane, as the board-tested PTOAS golden
  `np.argmax`); a NaN lane is above every number for `vcmax` and below for `vcmin`: the
  first active NaN wins, quieted. No active lane: value 0 and index 0.
- `vcpadd`: lane i < N/2 is the sum of lanes 2i and 2i+1 (inactive lanes +0, one rounding),
  lanes N/2 .. N-1 are 0: PTOAS's board-tested cases (micro-op/reduction/vcpadd, vcpadd-tail);
  the page's "inclusive prefix sum" is not what the hardware computes (docs/decisions.md).
"""

from __future__ import annotations

import numpy as np

from interpreters.semantics.elementwise import arith, quieted


def tree_sum(values: np.ndarray) -> np.ndarray:
    """The pairwise sum over the last axis (a power of two long), in its dtype."""
    if values.dtype.kind == "f":  # numpy's floats: plain adds, unless a NaN shows at the end
        quick = values
        while quick.shape[-1] > 1:
            quick = quick[..., 0::2] + quick[..., 1::2]
        if not np.isnan(quick).any():
            return quick[..., 0]
    while values.shape[-1] > 1:
        values = arith(np.add, values[..., 0::2], values[..., 1::2])
    return values[..., 0]


def masked_sum(values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """`tree_sum` with the inactive lanes as +0."""
    if mask.all():
        return tree_sum(values)
    return tree_sum(np.where(mask, values, np.zeros((), values.dtype)))


def _lowest(dtype: np.dtype, largest: bool) -> np.ndarray:
    """The value below (`largest`) or above every number of `dtype`."""
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return np.array(info.min if largest else info.max, dtype)
    return np.array(-np.inf if largest else np.inf, dtype)


def extremum(values: np.ndarray, mask: np.ndarray, largest: bool) -> tuple[np.ndarray, np.ndarray]:
    """(value, lane index) of the maximum (`largest`) or minimum of the active lanes of each
    vreg (last axis); NaN wins, the first lane on ties; no active lane: (0, 0)."""
    if values.dtype.kind in "fiu" and mask.all():  # numpy's: the first NaN, else extremal lane
        index = np.argmax(values, axis=-1) if largest else np.argmin(values, axis=-1)
        value = np.take_along_axis(values, index[..., None], axis=-1)[..., 0]
        if values.dtype.kind == "f":
            value = np.where(np.isnan(value), quieted(value), value)
        return value, index
    floor = _lowest(values.dtype, largest)
    candidates = np.where(mask, values, floor)
    index: np.ndarray = (
        np.argmax(candidates, axis=-1) if largest else np.argmin(candidates, axis=-1)
    )
    picked = np.take_along_axis(mask, index[..., None], axis=-1)[..., 0]
    # every active lane equals the floor (or none is active): the first active one
    at_floor = np.argmax(mask & (values == floor), axis=-1)
    index = np.where(picked, index, at_floor)
    any_active = mask.any(axis=-1)
    index = np.where(any_active, index, 0)
    value = np.take_along_axis(values, index[..., None], axis=-1)[..., 0]
    value = np.where(any_active, value, np.zeros((), values.dtype))
    if values.dtype.kind == "f":
        value = np.where(np.isnan(value), quieted(value), value)
    return value, index


def _index_bits(index: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Lane indices as the bit pattern of an unsigned integer of `dtype`'s width, viewed
    as `dtype` (the index lane of `vcmax`/`vcmin`)."""
    return index.astype(np.dtype(f"u{dtype.itemsize}")).view(dtype)


def vcadd(values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The sum of the active lanes in lane 0, every other lane 0."""
    result = np.zeros_like(values)
    result[..., 0] = masked_sum(values, mask)
    return result


def vcextremum(values: np.ndarray, mask: np.ndarray, largest: bool) -> np.ndarray:
    """`vcmax`/`vcmin`: the extremum in lane 0, its lane index (as an unsigned integer of
    the lane width) in lane 1, every other lane 0."""
    result = np.zeros_like(values)
    value, index = extremum(values, mask, largest)
    result[..., 0] = value
    result[..., 1] = _index_bits(index, values.dtype)
    return result


GROUP_BYTES = 32
"""A VLane group: 32 bytes of the register."""


def _groups(array: np.ndarray, values: np.ndarray) -> np.ndarray:
    """`array` (the values or their mask) split into the 32-byte groups of `values`."""
    per_group = GROUP_BYTES // values.dtype.itemsize
    return array.reshape(*array.shape[:-1], -1, per_group)


def vcgadd(values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The sum of group g's active lanes in lane g, every other lane 0."""
    sums = masked_sum(_groups(values, values), _groups(mask, values))
    result = np.zeros_like(values)
    result[..., : sums.shape[-1]] = sums
    return result


def vcgextremum(values: np.ndarray, mask: np.ndarray, largest: bool) -> np.ndarray:
    """`vcgmax`/`vcgmin`: group g's extremum in lane g, every other lane 0."""
    value, _ = extremum(_groups(values, values), _groups(mask, values), largest)
    result = np.zeros_like(values)
    result[..., : value.shape[-1]] = value
    return result


def vcpadd(values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Lane i < N/2: active lanes 2i and 2i+1 added (inactive: +0), rounded once; the upper
    half 0."""
    active = np.where(mask, values, np.zeros((), values.dtype))
    result = np.zeros_like(values)
    result[..., : values.shape[-1] // 2] = arith(np.add, active[..., 0::2], active[..., 1::2])
    return result
