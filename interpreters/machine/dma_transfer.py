"""Strided DMA transfers over a nest of repetition levels, shared by the grouped v0.6
transfers (`interpreters.ops.dma_v06`) and the `copy_*` ops looping with stride registers.

A transfer is a nest of levels, innermost first: `n_burst` rows of `len_burst` bytes and each
outer loop wrapping all earlier ones. Row `(i_0, ..., i_k)` starts at `base + sum(i_j *
stride_j)` on each side (strides in bytes, start to start). The copy is one strided numpy
assignment over the whole nest; its reads and writes go to the pipe model (hazards, access
log) with the transfer cycles of the path. Destination rows must not overlap (the order of
overlapping writes is the hardware's; a documented choice: refused, as `copy_*` refuses
overlapping bursts).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from math import prod

import numpy as np

from interpreters.engine.errors import check
from interpreters.machine import costs_dma
from interpreters.machine.core import Machine
from interpreters.machine.memory import Access, Memory, Pointer
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.base import PtoOp

UB_ALIGN = 32
"""UB addresses and UB burst strides of a DMA copy are 32-byte aligned (manual: DMA Copy)."""
MAX_PAD_BYTES = 32
"""Left and right padding are each at most 32 bytes (AscendC DataCopyPad padding rule)."""


def pad_bytes(pattern: int, size: int) -> np.ndarray:
    """One pad element: the low `size` bytes of `pattern`, little-endian."""
    return np.frombuffer((pattern & ((1 << (8 * size)) - 1)).to_bytes(size, "little"), np.uint8)


@dataclass(frozen=True)
class Nest:
    """Rows of `extent` bytes in `memory`; `levels` (count, stride) innermost first."""

    memory: Memory
    start: int
    levels: tuple[tuple[int, int], ...]
    extent: int

    @property
    def rows(self) -> int:
        return prod(count for count, _ in self.levels)

    def starts(self) -> np.ndarray:
        """Every row's start, outermost level slowest."""
        offsets = np.array([self.start], dtype=np.int64)
        for count, stride in reversed(self.levels):
            offsets = (offsets[:, None] + np.arange(count, dtype=np.int64) * stride).ravel()
        return offsets

    @cached_property
    def _layout(self) -> tuple[bool, bool, int]:
        """(ordered, contiguous, end) for non-negative strides: whether each level that
        repeats steps at least (exactly) over the bytes the levels inside it span, so that
        the rows are disjoint and in address order (tile [start, end) with no gap), and
        the end of the last row. The closed forms of a transfer's usual nest: its checks
        and accesses need no row table then."""
        span, ordered, contiguous = self.extent, True, True
        for count, stride in self.levels:
            if count > 1:
                ordered = ordered and stride >= span
                contiguous = contiguous and stride == span
                span += (count - 1) * stride
        return ordered, contiguous, self.start + span

    def check_bounds(self, role: str) -> None:
        """Every row lies in the memory (strides are not negative)."""
        low, high = self.start, self._layout[2]
        check(
            low >= 0 and high <= self.memory.size,
            f"{role} rows reach bytes [{low}, {high}) outside {self.memory.extent}",
        )

    def check_disjoint(self, role: str, what: str) -> None:
        if self._layout[0]:
            return
        starts = np.sort(self.starts())
        gaps = np.diff(starts)
        check(
            not gaps.size or int(gaps.min()) >= self.extent,
            f"{role} rows overlap: two rows start {int(gaps.min()) if gaps.size else 0} "
            f"bytes apart but each is {what} ({self.extent} bytes)",
        )

    def view(self, skip: int = 0, length: int | None = None) -> np.ndarray:
        """The `length` bytes from `skip` of every row, shaped (outer..., inner, length)."""
        length = self.extent - skip if length is None else length
        shape = (*(count for count, _ in reversed(self.levels)), length)
        strides = (*(stride for _, stride in reversed(self.levels)), 1)
        # the rows lie in the memory (`check_bounds`); numpy checks it again
        return np.ndarray(
            shape, np.uint8, buffer=self.memory.data, offset=self.start + skip, strides=strides
        )

    def accesses(self) -> list[Access]:
        """The bytes of the rows, touching rows merged."""
        if self._layout[1]:
            return [Access(self.memory, self.start, self._layout[2])]
        starts = self.starts() if self._layout[0] else np.unique(self.starts())
        ends = starts + self.extent
        breaks = np.flatnonzero(starts[1:] > ends[:-1]) + 1
        firsts = np.concatenate(([0], breaks))
        lasts = np.concatenate((breaks - 1, [starts.size - 1]))
        return [
            Access(self.memory, int(starts[a]), int(ends[b]))
            for a, b in zip(firsts, lasts, strict=True)
        ]


@dataclass(frozen=True)
class Side:
    """One side of a transfer: its memory space, pointer and per-level strides (bytes)."""

    space: MemorySpace
    ptr: Pointer
    strides: tuple[int, ...]


def transfer(
    machine: Machine,
    op: PtoOp,
    src: Side,
    dst: Side,
    counts: Sequence[int],
    length: int,
    pad: RowPad | None = None,
) -> None:
    """Copies the rows of `length` bytes of the nest `counts` (innermost first) and
    records it on the op's pipe; `pad` the padding of each GM -> UB row."""
    for count in counts:
        check(count >= 0, f"count {count} must not be negative")
    check(length >= 0, f"len_burst {length} must not be negative")
    rows = prod(counts)
    if not rows or not length:
        machine.pipes.execute(op, op.pipe())
        return
    pad = pad or RowPad(0, 0, 1, 0, aligned=False)
    left, size, pattern = pad.left, pad.size, pad.pattern
    row = left + length + pad.right
    filled = -(-row // UB_ALIGN) * UB_ALIGN if pad.aligned else row
    for side in (src, dst):
        for stride, count in zip(side.strides, counts, strict=True):
            check(stride >= 0, f"{side.space.value} stride {stride} must not be negative")
            # a level of one burst never steps by its stride (PTOAS's board-tested VMI
            # kernels store 8- and 16-byte results with such strides)
            if side.space is not MemorySpace.GM and count > 1:
                check(
                    stride % UB_ALIGN == 0,
                    f"{side.space.value} stride {stride} is not a multiple of {UB_ALIGN} bytes",
                )
    assert src.ptr.memory is not None and dst.ptr.memory is not None
    timing = (machine.target, src.space, dst.space, rows * length)
    if machine.store_atomic[0] == "none":
        # a level that steps neither side writes the same row again: once is the same bytes
        # (PTOAS's board-tested tilelang_st tgemv_mx loads a scale row with nburst(2, 0, 0))
        steps = zip(counts, src.strides, dst.strides, strict=True)
        counts = [1 if not (s or d) else c for c, s, d in steps]
        rows = prod(counts)
    # disjoint rows inside the destination: checked first, so no row table outgrows it
    check(
        rows * filled <= dst.ptr.memory.size,
        f"{rows} rows of {filled} bytes do not fit disjointly in {dst.ptr.memory.name} "
        f"({dst.ptr.memory.size} bytes)",
    )
    source = Nest(
        src.ptr.memory, src.ptr.offset, tuple(zip(counts, src.strides, strict=True)), length
    )
    target = Nest(
        dst.ptr.memory, dst.ptr.offset, tuple(zip(counts, dst.strides, strict=True)), filled
    )
    source.check_bounds(f"{src.space.value} source")
    target.check_bounds(f"{dst.space.value} destination")
    target.check_disjoint(
        f"{dst.space.value} destination", "the padded row" if filled > length else "len_burst"
    )
    pipes = machine.pipes
    if pipes.tracking:
        pipes.execute(op, op.pipe(), source.accesses(), target.accesses(),
                      *costs_dma.transfer_timing(*timing))  # fmt: skip
    atomic, name = machine.store_atomic
    if atomic != "none" and dst.space is MemorySpace.GM:  # combined with what GM holds
        combine_atomic(target.view(left, length), source.view(), atomic, name)
    else:
        target.view(left, length)[...] = source.view()
    if filled > length:
        row_pattern = np.resize(pad_bytes(pattern, size), filled)
        for skip, count in ((0, left), (left + length, filled - left - length)):
            if count:
                target.view(skip, count)[...] = row_pattern[skip : skip + count]


def combine_atomic(target: np.ndarray, source: np.ndarray, atomic: str, dtype: str) -> None:
    """GM rows (bytes) combined with UB rows element-wise in `dtype` (`set_atomic_*`)."""
    numpy = dtype_named(dtype).numpy
    size = np.dtype(numpy).itemsize
    check(
        target.shape[-1] % size == 0,
        f"an atomic {atomic} of {dtype} needs rows of whole elements, got {target.shape[-1]} bytes",
    )
    old = np.ascontiguousarray(target).view(numpy)
    new = np.ascontiguousarray(source).view(numpy)
    ufunc = {"add": np.add, "max": np.maximum, "min": np.minimum}[atomic]
    with np.errstate(all="ignore"):
        combined: np.ndarray = ufunc(old, new).astype(numpy)
    target[...] = combined.view(np.uint8).reshape(target.shape)


@dataclass(frozen=True)
class RowPad:
    """Padding of a GM -> UB row: `left` / `right` bytes around the data and, when
    `aligned`, on to the row's 32-byte boundary; pad elements of `size` bytes hold the low
    bytes of `pattern`."""

    left: int
    right: int
    size: int
    pattern: int
    aligned: bool = True


def pad_of(
    left: int, right: int, dtype: DType | None, pattern: int, aligned: bool = True
) -> RowPad:
    """The padding of `left` / `right` elements of `dtype` with the bits `pattern`."""
    check(left >= 0 and right >= 0, f"padding counts {left}, {right} must not be negative")
    check(
        dtype is not None or not (left or right or pattern),
        "padding counts elements: the source or destination pointer needs an element type",
    )
    size = 1 if dtype is None else dtype.bytes
    for side, count in (("left", left), ("right", right)):
        check(
            count * size <= MAX_PAD_BYTES,
            f"{side}_padding_count {count} x {size} bytes exceeds {MAX_PAD_BYTES} bytes",
        )
    return RowPad(left * size, right * size, size, pattern, aligned)
