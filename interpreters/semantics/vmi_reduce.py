"""VMI reductions as numpy: C groups of S = L / C lanes, one result lane each.

Inactive lanes take no part. Extrema: the largest (smallest) active value of the group,
NaN winning (the micro-ops' `vector_reduce.extremum`); a group without an active lane
gives the identity, -inf / +inf or the type's bottom / top (the spec: inactive lanes count
as -inf / +inf). Sums wrap (integers) or round at every addition (floats) in the order
`pto-lower-vmi` adds (`reassoc` allows any; docs/semantics.md): pairwise, as a tree over
the group's lanes padded with +0 to a power of two (and, for a full reduction, to at least
a register: `vcadd`'s tree), lanes (0, 1), (2, 3), ... first (`vector_reduce.tree_sum`).
"""

from __future__ import annotations

import numpy as np

from interpreters.semantics.vector_reduce import extremum, tree_sum
from pto_dialect.vector_types import VREG_BITS


def tree_lanes(lanes: int, groups: int, bits: int) -> int:
    """The lanes of the tree a group's sum is: its size rounded up to a power of two (a
    full reduction: at least a register)."""
    size = lanes // groups
    width = 1 << max(size - 1, 0).bit_length()
    return max(width, VREG_BITS // bits) if groups == 1 else width


def group_sum(values: np.ndarray, mask: np.ndarray, groups: int, bits: int) -> np.ndarray:
    """The sum of each group's active lanes, in the lowering's order."""
    size = values.size // groups
    padded = np.zeros((groups, tree_lanes(values.size, groups, bits)), dtype=values.dtype)
    padded[:, :size] = np.where(mask, values, np.zeros((), values.dtype)).reshape(groups, size)
    return np.asarray(tree_sum(padded), dtype=values.dtype)


def identity(dtype: np.dtype, largest: bool) -> np.ndarray:
    """The value no lane is beyond: -inf / +inf, or the integer type's bottom / top."""
    if dtype.kind == "f":
        return np.array(-np.inf if largest else np.inf).astype(dtype)
    info = np.iinfo(dtype)
    return np.array(info.min if largest else info.max, dtype=dtype)


def group_extremum(values: np.ndarray, mask: np.ndarray, groups: int, largest: bool) -> np.ndarray:
    masked = mask.reshape(groups, -1)
    value, _ = extremum(values.reshape(groups, -1), masked, largest)
    result = np.asarray(value, dtype=values.dtype)
    return np.where(masked.any(axis=1), result, identity(values.dtype, largest))


def reduce(kind: str, values: np.ndarray, mask: np.ndarray, groups: int, bits: int) -> np.ndarray:
    """`kind` (`add`, `max`, `min`) of each of `groups` groups."""
    if kind == "add":
        return group_sum(values, mask, groups, bits)
    return group_extremum(values, mask, groups, kind == "max")
