"""Row reductions (`trowsum trowmax trowmin trowprod`) as numpy, in the order of the A5
implementation (pto-isa include/pto/npu/a5/TRowReduce.hpp, TRowProd.hpp) or, for sums and
extrema on A2/A3, of the A2/A3 one (a2a3/TRowReduceOps.hpp: `rules.ROW_REDUCE_ORDER`,
docs/semantics.md, row reductions).

A row of C valid elements is walked in chunks of one vector register (N = 256 / sizeof(T)
lanes), the last one masked to the lanes left:

- sum, max, min: `acc = identity` (0, the type's lowest, its highest; -inf/+inf for
  floats); for each chunk in order `acc = step(acc, cross(chunk))` where `cross` is the
  register's cross-lane reduction (`vcadd`/`vcmax`/`vcmin`, semantics.vector_reduce) and
  `step` the vector op `vadd`/`vmax`/`vmin` (acc first), in the element type;
- sum, max, min on A2/A3 (`lanes_first`): the registers are combined lane by lane first,
  `acc = c0` or `step(c0, c1)`, the partial register merged into its valid lanes, then
  `c2, c3, ...`, and one cross-lane reduction of `acc` over all N lanes gives the result
  (a row of one register: the cross-lane reduction of its valid lanes);
- product: `acc = ones`; for each chunk, lane by lane, `acc = acc * chunk` on the active
  lanes (the others keep acc: merging); then the register is folded in halves,
  `acc[i] = acc[i] * acc[i + M/2]` for M = N, N/2, .., 2 (A5's vintlv + vmul loop), each
  product rounded to the element type.

The functions take the R x C valid region and return the R results.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from interpreters.semantics.elementwise import arith
from interpreters.semantics.vector_reduce import extremum, masked_sum

Step = Callable[[np.ndarray, np.ndarray], np.ndarray]
"""`acc, partial -> acc` on 1-D arrays of one lane per row (the vector step op)."""

VREG_BYTES = 256


def chunks(src: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`src` (R x C) as R x K x N register chunks, zero-padded, and their K x N masks."""
    rows, cols = src.shape
    lanes = VREG_BYTES // src.dtype.itemsize
    count = max(-(-cols // lanes), 1)
    padded = np.zeros((rows, count * lanes), src.dtype)
    padded[:, :cols] = src
    lane: np.ndarray = np.arange(count * lanes, dtype=np.intp)
    mask: np.ndarray = np.less(lane, cols).reshape(count, lanes)
    return padded.reshape(rows, count, lanes), mask


def identity(dtype: np.dtype, kind: str) -> np.ndarray:
    """The start value of the accumulator: 0 (sum), lowest (max), highest (min)."""
    if kind == "sum":
        return np.zeros((), dtype)
    largest = kind == "max"
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return np.array(info.min if largest else info.max, dtype)
    return np.array(-np.inf if largest else np.inf, dtype)


def cross_lane(kind: str, blocks: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The per-chunk results (R x K) of `vcadd` / `vcmax` / `vcmin`."""
    full = np.broadcast_to(mask, blocks.shape)
    if kind == "sum":
        return masked_sum(blocks, full)
    value, _ = extremum(blocks, full, kind == "max")
    return value


def row_reduce(kind: str, src: np.ndarray, step: Step) -> np.ndarray:
    """`kind` ("sum", "max", "min") of each row of `src`, folded by `step`."""
    blocks, mask = chunks(src)
    partial = cross_lane(kind, blocks, mask)
    acc = np.full(src.shape[0], identity(src.dtype, kind), src.dtype)
    for k in range(partial.shape[1]):
        acc = step(acc, partial[:, k])
    return acc


def lanes_first(kind: str, src: np.ndarray, step: Step) -> np.ndarray:
    """`kind` of each row of `src` in A2/A3's order (module docstring): `step` combines
    R x N arrays of registers lane by lane."""
    blocks, mask = chunks(src)
    count = blocks.shape[1]
    if count == 1:
        return cross_lane(kind, blocks[:, :1], mask[:1])[:, 0]
    lanes = blocks.shape[2]
    whole, remain = divmod(src.shape[1], lanes)
    acc = blocks[:, 0] if whole == 1 else step(blocks[:, 0], blocks[:, 1])
    if remain:
        merged = step(acc, blocks[:, whole])
        acc = np.where(mask[whole], merged, acc)
    for k in range(2, whole):
        acc = step(acc, blocks[:, k])
    full = np.ones((1, lanes), np.bool_)
    return cross_lane(kind, acc[:, None, :], full)[:, 0]


def row_prod(src: np.ndarray) -> np.ndarray:
    """The product of each row of `src`, in A5's order (module docstring)."""
    blocks, mask = chunks(src)
    acc: np.ndarray = np.ones(blocks[:, 0].shape, src.dtype)
    for k in range(blocks.shape[1]):
        acc = np.where(mask[k], arith(np.multiply, acc, blocks[:, k]), acc)
    while acc.shape[1] > 1:
        half = acc.shape[1] // 2
        acc = arith(np.multiply, acc[:, :half], acc[:, half:])
    return acc[:, 0]
