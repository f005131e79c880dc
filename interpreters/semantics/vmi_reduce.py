"""VMI reductions as numpy: C groups of S = L / C lanes, one result lane each.

Inactive lanes take no part. Extrema: the largest (smallest) active value of the group,
NaN winning, 0 when no lane of the group is active (the micro-ops `vcmax`/`vcgmax`,
`semantics.vector_reduce.extremum`). Sums wrap (integers) or round at every addition
(floats) in the order `pto-lower-vmi` adds (`reassoc` allows any; docs/semantics.md):

- a group is cut into chunks of W lanes, W the lanes of a register (`2048 / bits`) when
  the group is whole registers or there is one group (a full reduction), else those of a
  32-byte block (`256 / bits`, the VLane `vcgadd` reduces), the last chunk padded with +0;
- the chunks are added lane by lane in order (the folding `vadd`s), then the W lanes of the
  sum pairwise (`vcadd` / `vcgadd`, `vector_reduce.tree_sum`).
"""

from __future__ import annotations

from math import ceil

import numpy as np

from interpreters.semantics.elementwise import arith
from interpreters.semantics.vector_reduce import extremum, tree_sum
from pto_dialect.types import VREG_BITS

BLOCK_BITS = 256
"""A VLane: 32 bytes."""


def chunk_lanes(lanes: int, groups: int, bits: int) -> int:
    """W: the lanes one reduction step of a group covers."""
    register = VREG_BITS // bits
    size = lanes // groups
    return register if groups == 1 or size % register == 0 else BLOCK_BITS // bits


def group_sum(values: np.ndarray, mask: np.ndarray, groups: int, bits: int) -> np.ndarray:
    """The sum of each group's active lanes, in the lowering's order."""
    size = values.size // groups
    width = chunk_lanes(values.size, groups, bits)
    chunks = ceil(size / width)
    padded = np.zeros((groups, chunks * width), dtype=values.dtype)
    padded[:, :size] = np.where(mask, values, np.zeros((), values.dtype)).reshape(groups, size)
    parts = padded.reshape(groups, chunks, width)
    folded = parts[:, 0]
    for k in range(1, chunks):
        folded = arith(np.add, folded, parts[:, k])
    return np.asarray(tree_sum(folded), dtype=values.dtype)


def group_extremum(
    values: np.ndarray, mask: np.ndarray, groups: int, largest: bool
) -> np.ndarray:
    value, _ = extremum(values.reshape(groups, -1), mask.reshape(groups, -1), largest)
    return np.asarray(value, dtype=values.dtype)


def reduce(
    kind: str, values: np.ndarray, mask: np.ndarray, groups: int, bits: int
) -> np.ndarray:
    """`kind` (`add`, `max`, `min`) of each of `groups` groups."""
    if kind == "add":
        return group_sum(values, mask, groups, bits)
    return group_extremum(values, mask, groups, kind == "max")
