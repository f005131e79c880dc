"""Pure numpy semantics of the generator ops (`tci`, `ttri`, `vci`)."""

from __future__ import annotations

import numpy as np

from pto_dialect.dtypes import DType


def index_sequence(start: int, count: int, descending: bool, dtype: DType) -> np.ndarray:
    """`start + k` (or `start - k`) for k in [0, count), wrapping modulo 2^bits: the
    integer arithmetic of the element type (tci.md, vci.md)."""
    steps = np.arange(count, dtype=np.int64)
    values = int(start) - steps if descending else int(start) + steps
    unsigned = np.dtype(f"u{dtype.bytes}")
    return (values & ((1 << dtype.bits) - 1)).astype(unsigned).view(dtype.numpy)


def triangle(rows: int, cols: int, diagonal: int, upper: bool, dtype: DType) -> np.ndarray:
    """ttri.md: lower `1 where j <= i + d`, upper `1 where j >= i + d`, else 0."""
    i = np.arange(rows, dtype=np.int64)[:, None]
    j = np.arange(cols, dtype=np.int64)[None, :]
    ones = j >= i + diagonal if upper else j <= i + diagonal
    return ones.astype(dtype.numpy)
