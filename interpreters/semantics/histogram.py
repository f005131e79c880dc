"""Pure numpy semantics of `thistogram` (cpu/THistogram.hpp, a5/THistogram.hpp)."""

from __future__ import annotations

import numpy as np

BINS = 256


def cumulative_histogram(values: np.ndarray, byte: int, filters: np.ndarray,
                         wide: bool) -> np.ndarray:  # fmt: skip
    """R x 256 uint32: `out[r, b]` counts the elements of row r whose byte `byte` is at
    most b among those that pass the filter. uint16 (`wide` False): byte 1 unfiltered,
    byte 0 only where byte 1 equals row r's filter. uint32: byte k only where every
    higher byte 3, 2, ... equals filters[0], filters[1], ... (a radix sort's cascade)."""
    data = values.astype(np.uint64)
    rows = data.shape[0]
    selected = (data >> np.uint64(8 * byte)) & np.uint64(0xFF)
    keep = np.ones(data.shape, dtype=np.bool_)
    if not wide and byte == 0:
        high = (data >> np.uint64(8)) & np.uint64(0xFF)
        keep = high == filters[:rows, None].astype(np.uint64)
    if wide:
        for k, higher in enumerate(range(3, byte, -1)):
            part = (data >> np.uint64(8 * higher)) & np.uint64(0xFF)
            keep &= part == np.uint64(filters[k])
    flat = (selected + np.arange(rows, dtype=np.uint64)[:, None] * np.uint64(BINS))[keep]
    counts = np.bincount(flat.astype(np.int64), minlength=rows * BINS).reshape(rows, BINS)
    return np.cumsum(counts, axis=1).astype(np.uint32)
