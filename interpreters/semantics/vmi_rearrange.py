"""VMI broadcast, index generation and lane permutations as numpy over logical vectors, and
the physical parts of a laid-out value (`pto.vmi.unpack` / `pack`, `vmi_types.placement`)."""

from __future__ import annotations

import numpy as np

from interpreters.semantics.vector_arith import broadcast as scalar_lanes
from pto_dialect.dtypes import DType
from pto_dialect.ops.vmi_types import Placement


def group_broadcast(slots: np.ndarray, lanes: int) -> np.ndarray:
    """Slot g on the `lanes / len(slots)` lanes of group g."""
    return np.repeat(slots, lanes // slots.size)


def iota(base: int | float, dtype: DType, lanes: int, groups: int, descending: bool) -> np.ndarray:
    """Lane j of each of `groups` groups: `base + j` (or `base - j`), in the element type
    (integers wrap; floats computed exactly then rounded, as `vci`)."""
    step = np.arange(lanes, dtype=np.int64) % (lanes // groups)
    if descending:
        step = -step
    if dtype.is_float:
        return (float(base) + step.astype(np.float64)).astype(dtype.numpy)
    mask = (1 << dtype.bits) - 1
    raw = (int(base) + step) & mask
    return raw.astype(np.dtype(f"u{dtype.bytes}")).view(dtype.numpy)


def select_lanes(source: np.ndarray, index: np.ndarray) -> np.ndarray:
    """`source[index[i]]`, the index read as unsigned; out of range: 0 (the spec leaves it
    unspecified)."""
    unsigned = index.view(np.dtype(f"u{index.dtype.itemsize}")).astype(np.int64)
    inside = unsigned < source.size
    picked = source[np.where(inside, unsigned, 0)]
    return np.where(inside, picked, np.zeros((), source.dtype))


def channel_split(source: np.ndarray, channels: int) -> list[np.ndarray]:
    """Channel c takes lanes c, c + n, c + 2n, ... (n channels)."""
    return [source[c::channels].copy() for c in range(channels)]


def channel_merge(inputs: list[np.ndarray]) -> np.ndarray:
    return np.stack(inputs, axis=1).reshape(-1)


def compress(source: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The active lanes first, in order, then zeros."""
    kept = source[mask]
    result = np.zeros_like(source)
    result[: kept.size] = kept
    return result


def expand(stream: np.ndarray, mask: np.ndarray, passthru: np.ndarray) -> np.ndarray:
    """The k-th active lane takes `stream[k]`, inactive lanes `passthru`."""
    result = passthru.copy()
    result[mask] = stream[: int(mask.sum())]
    return result


def parts(values: np.ndarray, where: Placement, fill: np.ndarray) -> list[np.ndarray]:
    """The physical registers of `values` laid out as `where` says; padding lanes take
    `fill` (zero bits)."""
    flat = np.full(where.registers * where.width, fill, dtype=values.dtype)
    flat[where.slots] = values
    return [flat[k * where.width : (k + 1) * where.width].copy() for k in range(where.registers)]


def whole(registers: list[np.ndarray], where: Placement) -> np.ndarray:
    """The logical lanes of physical `registers` laid out as `where` says."""
    return np.concatenate(registers)[where.slots].copy()


_ = scalar_lanes
