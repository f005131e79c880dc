"""`tprefetch`: the bytes the implementations copy into the tile (pto-isa
npu/a2a3/TPrefetch.hpp and npu/a5/TPrefetch.hpp, cpu/TPrefetch.hpp)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import numpy as np

from interpreters.engine.errors import check


def npu_copies(
    dims: Sequence[int], strides: Sequence[int], rows: int, cols: int, esize: int
) -> list[tuple[int, int, int]]:
    """(GM element offset, rows, cols) of each DMA copy to the tile's start, in order."""
    full_dims = [1] * (5 - len(dims)) + list(dims)
    full_strides = [0] * (5 - len(strides)) + list(strides)
    s0, s1, s2, s3, s4 = full_dims
    st0, st1, st2, st3, st4 = full_strides
    fits = s3 * s4 * esize <= rows * cols * esize
    copies: list[tuple[int, int, int]] = []
    for n0, n1, n2 in product(range(s0), range(s1), range(s2)):
        base = n0 * st0 + n1 * st1 + n2 * st2
        if fits:
            copies.append((base, s3, s4))
            continue
        for r in range(0, s3, rows):
            for c in range(0, s4, cols):
                copies.append((base + r * st3 + c * st4, min(rows, s3 - r), min(cols, s4 - c)))
    return copies


def npu_prefetch(
    gm: np.ndarray,
    gm_base: int,
    copies: list[tuple[int, int, int]],
    row_stride: int,
    ub: np.ndarray,
    ub_base: int,
    esize: int,
) -> None:
    """Each copy: `rows` bursts of `cols` elements from GM (rows `row_stride` elements apart)
    to UB from `ub_base`, each row starting on a 32-byte boundary after the last (bytes)."""
    for offset, n_rows, n_cols in copies:
        burst = n_cols * esize
        pitch = -(-burst // 32) * 32
        src = gm_base + (offset + np.arange(n_rows)[:, None] * row_stride) * esize
        src = src + np.arange(burst)[None, :]
        dst = ub_base + np.arange(n_rows)[:, None] * pitch + np.arange(burst)[None, :]
        check(
            int(src.min(initial=gm_base)) >= 0 and int(src.max(initial=0)) < gm.size,
            "tprefetch reads past its GM view's memory",
        )
        check(int(dst.max(initial=0)) < ub.size, "tprefetch writes past the end of UB")
        ub[dst] = gm[src]
