"""Sorting of (value, index) pairs: `vbitsort`/`tsort32` and `vmrgsort4`/`tmrgsort`.

A pair is 8 bytes, two little-endian 32-bit words: the value's bits (an f32, or an f16
zero-extended to 32 bits: `[value_f16, 0x0000]`) and the index (`uint32`), as tsort32.md
and tmrgsort.md lay them out. Pairs are handled here as `uint32` arrays of shape `(..., 2)`.

The order is descending by value (tsort32.md, tmrgsort.md). Where the pages leave room
(docs/semantics.md, "Sort and merge"):
- equal values keep their input order (stable): by position within a 32-element block,
  by list number and then position in a merge (vmrgsort.md: "equal elements retain their
  relative order"; PTOAS's board-tested vbitsort case orders equal scores by position,
  not by index value); +0 and -0 are equal;
- NaN (any sign or payload) sorts below every number, -inf included, so the padding of a
  partial block (tsort32.md: `-(0.0/0.0)`) lands at the bottom as the page says.
"""

from __future__ import annotations

import numpy as np

from interpreters.engine.errors import check
from pto_dialect.dtypes import DType

BLOCK = 32
"""Elements per vbitsort block (VBS32)."""
PAIR_BYTES = 8


def elements_per_pair(dtype: DType) -> int:
    """Tile elements one pair takes: 2 for f32, 4 for f16."""
    return PAIR_BYTES // dtype.bytes


def _keys(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(is NaN, -value with -0 as +0): ascending lexicographic order is the sort order."""
    wide = values.astype(np.float64)
    nan = np.isnan(wide)
    return nan, np.where(nan, 0.0, -wide) + 0.0


def descending_order(values: np.ndarray) -> np.ndarray:
    """The stable permutation sorting each row (last axis) of `values` in the pair order."""
    nan, key = _keys(values)
    return np.lexsort((key, nan), axis=-1)


def value_words(values: np.ndarray, dtype: DType) -> np.ndarray:
    """The first word of each pair: the value's bits, zero-extended from 16 bits for f16."""
    bits = values.astype(dtype.numpy).view(np.uint32 if dtype.bits == 32 else np.uint16)
    return bits.astype(np.uint32)


def pair_values(pairs: np.ndarray, dtype: DType) -> np.ndarray:
    """The values of `pairs` (`(..., 2)` words) in `dtype`."""
    words = pairs[..., 0]
    if dtype.bits == 32:
        return words.astype(np.uint32).view(np.float32)
    return (words & 0xFFFF).astype(np.uint16).view(np.float16)


def sort_blocks(values: np.ndarray, indices: np.ndarray, dtype: DType) -> np.ndarray:
    """`vbitsort` of blocks: each row of `values`/`indices` (shape `(B, n)`, n <= 32) sorted
    in the pair order; the pairs, shape `(B, n, 2)`."""
    order = descending_order(values)
    sorted_values = np.take_along_axis(values, order, axis=-1)
    sorted_indices = np.take_along_axis(indices.astype(np.uint32), order, axis=-1)
    return np.stack([value_words(sorted_values, dtype), sorted_indices], axis=-1)


def check_sorted(pairs: np.ndarray, dtype: DType, what: str) -> None:
    """A run-time error unless `pairs` (`(n, 2)`) are in the pair order (the merge of
    unsorted lists is undefined: vmrgsort.md)."""
    if len(pairs) < 2:
        return
    nan, key = _keys(pair_values(pairs, dtype))
    bad = (nan[:-1] & ~nan[1:]) | ((nan[:-1] == nan[1:]) & (key[:-1] > key[1:]))
    if bad.any():
        at = int(np.argmax(bad))
        check(
            False,
            f"{what} is not sorted in descending order (pair {at + 1} is greater than pair "
            f"{at}): the merge of unsorted lists is undefined",
        )


def merge(lists: list[np.ndarray], dtype: DType, exhausted: bool) -> tuple[np.ndarray, list[int]]:
    """`vmrgsort4` of sorted `lists` (each `(n_k, 2)` words): the merged pairs and the
    number of pairs taken from each list.

    Ties go to the lower list. With `exhausted` the merge stops right after the last pair
    of any list is taken (a list with no pairs stops it at once)."""
    for k, pairs in enumerate(lists):
        check_sorted(pairs, dtype, f"list {k}")
    both = np.concatenate(lists) if lists else np.zeros((0, 2), np.uint32)
    owner = np.concatenate([np.full(len(p), k) for k, p in enumerate(lists)]).astype(np.int64)
    order = descending_order(pair_values(both, dtype)) if len(both) else np.zeros(0, np.int64)
    merged, owners = both[order], owner[order]
    stop = len(merged)
    if exhausted and lists:
        ends: list[int] = []
        for k, pairs in enumerate(lists):
            taken = np.flatnonzero(owners == k)
            ends.append(int(taken[-1]) + 1 if len(pairs) else 0)
        stop = min(ends)
    counts = np.bincount(owners[:stop], minlength=len(lists))
    return merged[:stop], [int(c) for c in counts]
