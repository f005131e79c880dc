"""Run-time values of the machine model: memories, pointers, GM views and tiles.

Every memory is a flat byte buffer; pointers, views and tiles are (memory, byte
offset) plus a typed numpy view at that offset. Tile-level and vector-level code
therefore see the same bytes.
"""

from __future__ import annotations

from collections.abc import Generator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import count
from math import prod
from typing import NamedTuple

import numpy as np

from interpreters.engine.errors import PtoRuntimeError, check
from interpreters.semantics.transfer import Window
from pto_dialect.attrs import BLayout, Location, SLayout
from pto_dialect.dtypes import DType
from pto_dialect.memory_types import MemorySpace
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

_ids = count()
RANK_WINDOW = 1 << 44
"""The bytes from one rank's GM window to the next (`pto-run --ranks`): a pointer moved by
the difference of two ranks' window bases (`windowsIn[peer] - windowsIn[rank]` of the
communication context, `interpreters.launching.args.comm_context`) lands in the same buffer of the
peer, as on the board, where every rank's window has the same layout."""
_MAX_VIEW_BYTES = np.iinfo(np.intp).max
"""A (zero-stride) view may repeat elements, but numpy's arrays span at most this many bytes."""


@dataclass(eq=False)
class Memory:
    """A byte-addressed memory: GM (one per kernel argument) or an on-chip buffer."""

    name: str
    space: MemorySpace
    data: np.ndarray[tuple[int], np.dtype[np.uint8]]
    uid: int = field(default_factory=lambda: next(_ids))
    logical: int | None = None
    """The bytes the user gave a GM buffer when its pages reach further (`data` then holds
    the whole pages: `interpreters.launching.args.gm_buffer`), else None."""
    rank: int = 0
    """The rank whose GM this is (`pto-run --ranks`)."""
    peers: list[Memory] | None = None
    """The same buffer of every rank, by rank (None: a run of one rank)."""

    @staticmethod
    def zeros(name: str, space: MemorySpace, size: int) -> Memory:
        return Memory(name, space, np.zeros(size, dtype=np.uint8))

    @property
    def size(self) -> int:
        return int(self.data.size)

    @property
    def extent(self) -> str:
        """The memory for messages: `gm:arg0 (64 bytes)`, with the end of its last page
        when that lies beyond its logical size."""
        if self.logical is None or self.logical == self.size:
            return f"{self.name} ({self.size} bytes)"
        return f"{self.name} ({self.logical} bytes; its last page ends at byte {self.size})"

    def typed(self, offset: int, dtype: DType, count: int) -> np.ndarray:
        """A writable 1-D view of `count` elements of `dtype` at byte `offset`."""
        nbytes = count * dtype.bytes
        check(
            offset >= 0 and offset + nbytes <= self.size,
            f"access of {nbytes} bytes at offset {offset} is outside {self.extent}",
        )
        check(offset % dtype.bytes == 0, f"offset {offset} in {self.name} is not "
              f"{dtype.bytes}-byte aligned for {dtype}")  # fmt: skip
        return self.data[offset : offset + nbytes].view(dtype.numpy)

    def __repr__(self) -> str:
        return f"Memory({self.name}, {self.size} bytes)"


class GmAddresses:
    """GM as one address space: each GM memory (a kernel argument) gets a base address the
    first time a pointer into it becomes an integer (`castptr`), `2^40 x k` for the k-th
    (k >= 1), so that the integer converts back to the same memory and offset and keeps
    every alignment a kernel can ask for."""

    SHIFT = 40

    def __init__(self) -> None:
        self._memories: list[Memory] = []

    def address(self, memory: Memory, offset: int) -> int:
        """The integer address of byte `offset` of GM memory `memory`."""
        if memory not in self._memories:
            self._memories.append(memory)
        return ((self._memories.index(memory) + 1) << self.SHIFT) + offset

    def locate(self, address: int) -> tuple[Memory, int]:
        """The GM memory and byte offset of an address `address` made."""
        index = (address >> self.SHIFT) - 1
        if not 0 <= index < len(self._memories):
            raise PtoRuntimeError(
                f"address {address:#x} is not in a GM buffer: a GM pointer is a kernel "
                "argument, or an integer that castptr made of one"
            )
        return self._memories[index], address & ((1 << self.SHIFT) - 1)


class Access(NamedTuple):
    """Bytes [start, end) of a memory that an op reads or writes (a tuple: ops make many)."""

    memory: Memory
    start: int
    end: int
    runs: tuple[int, int, int] | None = None
    """When known, the bytes within: `count` runs of `length` bytes, `stride` apart from
    `start` (a strided window of a GM view); None: all of [start, end)."""


@dataclass(frozen=True)
class Pointer:
    """A `!pto.ptr` value: a byte offset into a memory; `dtype` None when untyped.

    `memory` is None for an untyped address made by `castptr` (`!pto.ptr` names no memory):
    the op using it places it (`Machine.place`).
    """

    memory: Memory | None
    offset: int
    dtype: DType | None = None

    def advanced(self, elements: int) -> Pointer:
        """The pointer `elements` elements further (`pto.addptr`)."""
        check(self.dtype is not None, "cannot advance an untyped pointer by elements")
        assert self.dtype is not None
        return self.advanced_bytes(elements * self.dtype.bytes)

    def advanced_bytes(self, nbytes: int) -> Pointer:
        """The pointer `nbytes` bytes further (a post-update result); moved by a multiple of
        `RANK_WINDOW` out of its buffer, into the same buffer of another rank."""
        memory, offset = self.memory, self.offset + nbytes
        if memory is not None and memory.peers is not None and not 0 <= offset <= memory.size:
            shift = (offset + RANK_WINDOW // 2) // RANK_WINDOW
            if shift and 0 <= memory.rank + shift < len(memory.peers):
                memory, offset = memory.peers[memory.rank + shift], offset - shift * RANK_WINDOW
        return Pointer(memory, offset, self.dtype)

    def access(self, nbytes: int) -> Access:
        """The `nbytes` bytes at this pointer, for the pipe model."""
        assert self.memory is not None
        return Access(self.memory, self.offset, self.offset + nbytes)


@dataclass(frozen=True)
class TensorView:
    """A strided view of GM (`make_tensor_view`, `partition_view`); strides in elements."""

    memory: Memory
    offset: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    dtype: DType

    def __post_init__(self) -> None:
        self.array()  # a view that leaves its memory is an error where it is made

    def _shape(self) -> str:
        return "x".join(map(str, self.shape))

    def array(self) -> np.ndarray:
        """The writable strided numpy view; bounds are checked against the memory."""
        if min(self.shape, default=0) < 0:
            raise PtoRuntimeError(f"view of shape {self._shape()} has a negative extent")
        check(  # an empty view too: numpy refuses a shape whose other extents overflow
            prod(d for d in self.shape if d) * self.dtype.bytes <= _MAX_VIEW_BYTES,
            f"view of shape {'x'.join(map(str, self.shape))} spans more than the "
            f"{_MAX_VIEW_BYTES} bytes numpy can address",
        )
        if any(d == 0 for d in self.shape):
            return np.zeros(self.shape, dtype=self.dtype.numpy)
        lo = self.offset + self.dtype.bytes * sum(
            (d - 1) * s for d, s in zip(self.shape, self.strides, strict=True) if s < 0
        )
        hi = self.offset + self.dtype.bytes * (
            1 + sum((d - 1) * s for d, s in zip(self.shape, self.strides, strict=True) if s > 0)
        )
        check(
            lo >= 0 and hi <= self.memory.size,
            f"view of shape {self._shape()} with strides "
            f"{list(self.strides)} at byte {self.offset} reaches bytes [{lo}, {hi}) outside "
            f"{self.memory.extent}",
        )
        check(self.offset % self.dtype.bytes == 0, "view offset is not element-aligned")
        try:
            return np.ndarray(
                self.shape,
                dtype=self.dtype.numpy,
                buffer=self.memory.data,
                offset=self.offset,
                strides=tuple(s * self.dtype.bytes for s in self.strides),
            )
        except (ValueError, OverflowError):  # sizes or strides beyond numpy's 64-bit indices
            raise PtoRuntimeError(
                f"view of shape {self._shape()} with strides {list(self.strides)} cannot be "
                "addressed (beyond 64-bit element offsets)"
            ) from None

    def access(self) -> Access:
        """The byte span of the whole view."""
        if any(d == 0 for d in self.shape):
            return Access(self.memory, self.offset, self.offset)
        span = sum((d - 1) * abs(s) for d, s in zip(self.shape, self.strides, strict=True))
        low = self.offset + self.dtype.bytes * sum(
            (d - 1) * s for d, s in zip(self.shape, self.strides, strict=True) if s < 0
        )
        return Access(self.memory, low, low + (span + 1) * self.dtype.bytes)

    def window(self, row_major: bool | None) -> Window:
        """The view as the matrix a row-major, col-major or (None) boxed tile moves to or from."""
        return Window(self.array(), row_major)

    def window_access(self, window: Window, rows: int, cols: int) -> Access:
        """The byte span of the top-left rows x cols of `window` (a window of this view)."""
        return self.span(*window.offsets(rows, cols))

    def span(self, row_offsets: np.ndarray, col_offsets: np.ndarray) -> Access:
        """The byte span of the elements at `row + col` offsets (in elements from the view's
        start) for every row offset and column offset."""
        if not row_offsets.size or not col_offsets.size:
            return Access(self.memory, self.offset, self.offset)
        low = int(row_offsets.min()) + int(col_offsets.min())
        high = int(row_offsets.max()) + int(col_offsets.max()) + 1
        size = self.dtype.bytes
        runs = _runs(row_offsets, col_offsets, size)
        return Access(self.memory, self.offset + low * size, self.offset + high * size, runs)


def _runs(rows: np.ndarray, cols: np.ndarray, size: int) -> tuple[int, int, int] | None:
    """(count, stride, length) in bytes when the rows step evenly upwards and each row's
    columns are contiguous; None otherwise."""
    rows, cols = rows.ravel(), cols.ravel()
    width = int(cols.max()) - int(cols.min()) + 1
    if rows.size < 2 or width != cols.size:
        return None
    steps = np.diff(rows)
    stride = int(steps[0])
    if stride < width or not (steps == stride).all():
        return None
    return (rows.size, stride * size, width * size)


@lru_cache(maxsize=256)
def _box_offsets(tile: TileTypeBase) -> np.ndarray:
    """The storage offset (in elements) of each logical (row, col) of a boxed tile.

    Boxes of `br x bc` elements follow each other row- or column-major (`blayout`), each
    stored row- or column-major inside (`slayout`), as pto-isa's GetTileOffset. Where the
    rows end inside a row of boxes (a 1-row, vec or MX-scale tile may), those last boxes
    hold only the remaining rows and are as many elements long (docs/semantics.md).
    """
    rows, cols = tile.shape
    br, bc = tile.box
    r = np.arange(rows).reshape(-1, 1)
    c = np.arange(cols).reshape(1, -1)
    if tile.location is Location.ACC:  # the cube's whole 16-row boxes (storage_shape)
        rows = tile.storage_shape[0]
    box_row, in_r, box_col, in_c = r // br, r % br, c // bc, c % bc
    height = np.where(box_row < rows // br, br, rows % br)  # rows of this box
    if tile.slayout.data is SLayout.ROW_MAJOR:
        inner = in_r * bc + in_c
    else:
        inner = in_c * height + in_r
    if tile.blayout.data is BLayout.ROW_MAJOR:
        offsets = box_row * br * cols + box_col * height * bc + inner
    else:
        offsets = box_col * rows * bc + box_row * br * bc + inner
    offsets.setflags(write=False)
    return offsets


@dataclass
class Tile:
    """A tile buffer or SSA tile value: `rows x cols` elements of its type in a memory."""

    memory: Memory
    address: int
    type: TileTypeBase
    valid_rows: int
    valid_cols: int
    _view: np.ndarray | None = field(default=None, init=False, repr=False, compare=False)
    _valid_view: np.ndarray | None = field(default=None, init=False, repr=False, compare=False)
    _access: Access | None = field(default=None, init=False, repr=False, compare=False)
    dtype: DType = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.dtype = self.type.element
        rows, cols = self.type.shape
        check(
            0 <= self.valid_rows <= rows and 0 <= self.valid_cols <= cols,
            f"valid region {self.valid_rows}x{self.valid_cols} exceeds the tile's {rows}x{cols}",
        )

    @property
    def location(self) -> Location:
        return self.type.location

    @property
    def nbytes(self) -> int:
        return self.type.size_bytes

    @property
    def valid(self) -> tuple[int, int]:
        return (self.valid_rows, self.valid_cols)

    def storage(self) -> np.ndarray:
        """All elements in storage order (with a `row_plus_one` tile's padding)."""
        lines, length = self.type.storage_shape
        return self.memory.typed(self.address, self.dtype, lines * length)

    def view(self) -> np.ndarray | None:
        """A writable logical rows x cols view, or None for boxed layouts (use get/set)."""
        if self._view is None and not self.type.is_boxed:
            rows, cols = self.type.shape
            lines = self.storage().reshape(self.type.storage_shape)
            self._view = lines[:, :cols] if self.type.is_row_major else lines[:, :rows].T
        return self._view

    def valid_view(self) -> np.ndarray | None:
        """A writable view of the valid region, or None for boxed layouts (cached)."""
        if self._valid_view is None:
            view = self.view()
            if view is not None:
                self._valid_view = view[: self.valid_rows, : self.valid_cols]
        return self._valid_view

    def get(self) -> np.ndarray:
        """The logical rows x cols contents (a view for ND tiles, a copy for boxed ones)."""
        view = self.view()
        if view is not None:
            return view
        return self.storage()[_box_offsets(self.type)]

    def set(self, values: np.ndarray, rows: int | None = None, cols: int | None = None) -> None:
        """Write `values` into the top-left `rows x cols` region (default: its shape)."""
        r = values.shape[0] if rows is None else rows
        c = values.shape[1] if cols is None else cols
        view = self.view()
        if view is not None:
            view[:r, :c] = values[:r, :c]
            return
        self.storage()[_box_offsets(self.type)[:r, :c]] = values[:r, :c]

    @contextmanager
    def edit(self) -> Generator[np.ndarray]:
        """The logical rows x cols contents to modify in place; written back on exit."""
        view = self.view()
        if view is not None:
            yield view
            return
        full = self.get().copy()
        yield full
        self.set(full)

    def access(self) -> Access:
        """The tile's bytes, for the pipe model."""
        if self._access is None:
            self._access = Access(self.memory, self.address, self.address + self.nbytes)
        return self._access

    def region(self) -> np.ndarray:
        """The valid region's contents (read-only use)."""
        return self.get()[: self.valid_rows, : self.valid_cols]


def static_or(value: int, fallback: int) -> int:
    """A static size, or `fallback` where the type says `?`."""
    return fallback if value == DYNAMIC else value
