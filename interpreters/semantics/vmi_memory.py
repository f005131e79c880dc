"""VMI loads and stores as numpy: every access pattern is a vector of element offsets.

A pattern gives, for each logical lane, the UB element it reads or writes (in units of the
pointer's element, from the byte address of `pointer + offset`): `continuous` lane i at i,
`rows` (group mode) lane `g * S + j` at `g * stride + j`, `slots` lane g at `g * stride`,
`broadcast_rows` lane `g * S + j` at `g * stride`, block-strided lanes by 32-byte block.
`load` reads the bytes of those elements (as the lane dtype), `store` writes the active
lanes' bytes; both return the byte ranges really touched (`vector_memory.runs`: merged
runs, masked-off lanes untouched) for the machine's hazard log. Bounds are checked against
the memory; VMI addresses need no alignment (the lowering aligns what its micro-ops need).
"""

from __future__ import annotations

import numpy as np

from interpreters.semantics.vector_memory import BLOCK, Bytes, Ranges, check_span, runs


def continuous(lanes: int) -> np.ndarray:
    return np.arange(lanes, dtype=np.int64)


def rows(lanes: int, groups: int, stride: int) -> np.ndarray:
    """Group mode: `groups` rows of `lanes / groups` elements, row g at `g * stride`."""
    size = lanes // groups
    index = np.arange(lanes, dtype=np.int64)
    return (index // size) * stride + index % size


def slots(groups: int, stride: int) -> np.ndarray:
    """Slot mode: lane g at `g * stride`."""
    return np.arange(groups, dtype=np.int64) * stride


def broadcast_rows(lanes: int, groups: int, stride: int) -> np.ndarray:
    """Group broadcast: every lane of group g reads element `g * stride`."""
    return (np.arange(lanes, dtype=np.int64) // (lanes // groups)) * stride


def blocks(lanes: int, element_bytes: int, block_stride: int, repeat_stride: int) -> np.ndarray:
    """Block-strided lanes (`vsldb`/`vsstb` per register): 32-byte block b of register r at
    block `r * repeat_stride + b * block_stride`, the lanes within a block contiguous. (A
    zero repeat stride places register r at `r * 8 * block_stride` blocks: the registers
    continue the block sequence.)"""
    per_block = BLOCK // element_bytes
    per_register = 8
    index = np.arange(lanes, dtype=np.int64)
    block, within = index // per_block, index % per_block
    register, in_register = block // per_register, block % per_register
    step = repeat_stride if repeat_stride else per_register * block_stride
    first = register * step + in_register * block_stride
    return first * per_block + within


def _byte_index(address: int, offsets: np.ndarray, width: int) -> np.ndarray:
    return (address + offsets * width)[:, None] + np.arange(width, dtype=np.int64)


def _check(memory: Bytes, address: int, offsets: np.ndarray, width: int, what: str) -> None:
    if offsets.size == 0:
        return
    low = address + int(offsets.min()) * width
    high = address + int(offsets.max()) * width + width
    if low < 0 or high > memory.size:
        check_span(memory, low, high - low, what)


def load(
    memory: Bytes, address: int, offsets: np.ndarray, dtype: np.dtype, what: str
) -> tuple[np.ndarray, Ranges]:
    """The elements at `offsets` (units of `dtype`'s size), as `dtype`."""
    width = dtype.itemsize
    _check(memory, address, offsets, width, what)
    raw = memory.data[_byte_index(address, offsets, width)]
    return raw.reshape(-1).view(dtype).copy(), runs(address + offsets * width, width)


def store(
    memory: Bytes,
    address: int,
    offsets: np.ndarray,
    values: np.ndarray,
    active: np.ndarray | None,
    what: str,
) -> Ranges:
    """Writes the active lanes of `values` at `offsets` (units of their size; later lanes
    win where offsets repeat, as in lane order)."""
    width = values.dtype.itemsize
    if active is not None:
        offsets, values = offsets[active], values[active]
    _check(memory, address, offsets, width, what)
    raw = np.ascontiguousarray(values).view(np.uint8).reshape(-1, width)
    memory.data[_byte_index(address, offsets, width)] = raw
    return runs(address + offsets * width, width)


def unpack(raw: np.ndarray, lane: np.dtype) -> np.ndarray:
    """`dist_mode = "unpack"`: UB elements zero-extended into lanes twice as wide (the raw
    bits in the low half, as `vlds UNPK_B*`)."""
    unsigned = raw.view(np.dtype(f"u{raw.dtype.itemsize}"))
    return unsigned.astype(np.dtype(f"u{lane.itemsize}")).view(lane)
