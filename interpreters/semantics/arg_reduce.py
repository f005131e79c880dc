"""Arg-reductions (`trowargmax trowargmin tcolargmax tcolargmin`) as numpy, in the order of
the A5 implementation (pto-isa include/pto/npu/a5/TRowReduceIdx.hpp, TColReduceIdx.hpp),
which every target follows here (docs/semantics.md).

- Row: per register of the row (N lanes, the last masked), `vcmax`/`vcmin` gives the
  register's extremum and its lane (semantics.vector_reduce: the first lane on ties, a NaN
  wins); a running (value, index) pair starting at (lowest or highest, 0) takes a register's
  result only where it is strictly better (`old < new` for max, `old > new` for min: a later
  tie, or a NaN on either side, keeps the old one); the index is the register's column offset
  plus its lane.
- Column: (value, index) = (row 0, 0); row i replaces it where strictly better (`new > old`
  for max, `new < old` for min): ties keep the first row, a NaN row never replaces, a NaN in
  row 0 is never replaced.
"""

from __future__ import annotations

import numpy as np

from interpreters.semantics.row_reduce import chunks, identity
from interpreters.semantics.vector_reduce import extremum


def row_arg(src: np.ndarray, largest: bool) -> np.ndarray:
    """The column index (int64) of each row's extremum of the R x C `src`."""
    blocks, mask = chunks(src)
    lanes = blocks.shape[2]
    values, lanes_at = extremum(blocks, np.broadcast_to(mask, blocks.shape), largest)
    best = np.full(src.shape[0], identity(src.dtype, "max" if largest else "min"), src.dtype)
    index = np.zeros(src.shape[0], np.int64)
    for k in range(values.shape[1]):
        new = values[:, k]
        better = best < new if largest else best > new
        best = np.where(better, new, best)
        index = np.where(better, lanes_at[:, k] + k * lanes, index)
    return index


def col_arg(src: np.ndarray, largest: bool) -> np.ndarray:
    """The row index (int64) of each column's extremum of the R x C `src` (R >= 1)."""
    best: np.ndarray = src[0].copy()
    index = np.zeros(src.shape[1], np.int64)
    for i in range(1, src.shape[0]):
        new: np.ndarray = src[i]
        better: np.ndarray = np.greater(new, best) if largest else np.less(new, best)
        best = np.where(better, new, best)
        index = np.where(better, i, index)
    return index
