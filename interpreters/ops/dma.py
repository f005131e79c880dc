"""Interpreter functions of the raw DMA ops: `copy_gm_to_ubuf`, `copy_ubuf_to_gm` and the
loop-size registers `set_loop_size_outtoub` / `set_loop_size_ubtoout`.

A copy moves `rows = n_burst * loop1 * loop2` bursts of `len_burst` bytes. Burst `r` reads
`src + r * src_stride` and writes `dst + r * dst_stride` (strides in bytes, start to start).
The hardware's outer loops advance by the `set_loop{1,2}_stride_*` registers, which this
dialect does not have: here loop1 advances by the burst block's natural extent
(`n_burst * stride` on each side) and loop2 by `loop1` such blocks, so the outer loops
continue the block's row pattern (as pto-isa's A5 TLOAD programs them for contiguous data).
Zero bursts, lengths or loop counts move nothing (the manual's C loop runs zero times).

GM -> UB rows in UB are `left_padding_count` pad elements, the burst, `right_padding_count`
pad elements, and with `data_select_bit` set, pad bytes on to the row's next 32-byte boundary.
Pads are zero with `data_select_bit` 0 and the pad-value register with 1 (`DmaState`), which
`set_mov_pad_val` sets to the bits of its scalar.
UB -> GM copies read `len_burst` bytes of each UB row (de-padding). docs/machine.md lists the
rules checked and their sources.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Attribute

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs_dma
from interpreters.machine.core import MachineFunctions
from interpreters.machine.dma_transfer import (
    MAX_PAD_BYTES,
    UB_ALIGN,
    RowPad,
    Side,
    pad_bytes,
    pad_of,
    transfer,
)
from interpreters.machine.memory import Access, Memory, Pointer
from interpreters.semantics.vector_arith import broadcast
from pto_dialect.buffer_like import buffer_pointer
from pto_dialect.dtypes import DType, dtype_of
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.dma import (
    CopyGmToUbufOp,
    CopyUbufToGmOp,
    SetLoopSizeOutToUbOp,
    SetLoopSizeUbToOutOp,
    SetMovPadValOp,
)

LOOP1_LIMIT = 1 << 21
LOOP2_LIMIT = 1 << 22
"""Loop-size register fields: loop1 21 bits, loop2 22 bits (manual: set_loop_size_*)."""


@dataclass(frozen=True)
class Bursts:
    """`rows` byte rows of `extent` bytes at `start + r * stride` in `memory`."""

    memory: Memory
    start: int
    stride: int
    rows: int
    extent: int

    def check_bounds(self, role: str) -> None:
        end = self.start + (self.rows - 1) * self.stride + self.extent
        check(
            self.start >= 0 and end <= self.memory.size,
            f"{role} bursts reach bytes [{self.start}, {end}) outside {self.memory.extent}",
        )

    def view(self, skip: int = 0, length: int | None = None) -> np.ndarray:
        """The rows x length bytes from `skip` in each row, as a writable strided view."""
        length = self.extent - skip if length is None else length
        base = self.memory.data[self.start + skip :]
        return np.lib.stride_tricks.as_strided(
            base, shape=(self.rows, length), strides=(self.stride, 1), writeable=True
        )

    def accesses(self) -> list[Access]:
        """The bytes of the rows, adjacent rows merged."""
        if self.rows == 1 or self.stride == self.extent:
            end = self.start + (self.rows - 1) * self.stride + self.extent
            return [Access(self.memory, self.start, end)]
        return [
            Access(self.memory, s, s + self.extent)
            for s in range(self.start, self.start + self.rows * self.stride, self.stride)
        ]


@dataclass(frozen=True)
class _End:
    """One end of a copy: its memory space, pointer and burst stride in bytes."""

    space: MemorySpace
    ptr: Pointer
    stride: int


def _int(value: object) -> int:
    return int(cast(int, value))


def _element(ptr: Pointer, type: Attribute) -> DType | None:
    if ptr.dtype is not None:
        return ptr.dtype
    pointer = buffer_pointer(type)
    return None if pointer is None else pointer.element


@register_functions
class DmaFunctions(MachineFunctions):
    """GM <-> UB burst copies on MTE2 / MTE3 and their loop-size registers."""

    # ---- loop registers --------------------------------------------------------------------
    @staticmethod
    def _loop_sizes(args: PythonValues) -> tuple[int, int]:
        loop1, loop2 = _int(args[0]), _int(args[1])
        check(0 <= loop1 < LOOP1_LIMIT, f"loop1 count {loop1} must be in [0, {LOOP1_LIMIT})")
        check(0 <= loop2 < LOOP2_LIMIT, f"loop2 count {loop2} must be in [0, {LOOP2_LIMIT})")
        return loop1, loop2

    @implements(SetLoopSizeOutToUbOp)
    def run_set_loop_size_outtoub(
        self, interpreter: Interpreter, op: SetLoopSizeOutToUbOp, args: PythonValues
    ) -> PythonValues:
        self.machine.dma.out_to_ub = self._loop_sizes(args)
        return ()

    @implements(SetLoopSizeUbToOutOp)
    def run_set_loop_size_ubtoout(
        self, interpreter: Interpreter, op: SetLoopSizeUbToOutOp, args: PythonValues
    ) -> PythonValues:
        self.machine.dma.ub_to_out = self._loop_sizes(args)
        return ()

    @implements(SetMovPadValOp)
    def run_set_mov_pad_val(
        self, interpreter: Interpreter, op: SetMovPadValOp, args: PythonValues
    ) -> PythonValues:
        self.machine.dma.pad_pattern = scalar_bits(cast(int | float, args[0]), op.value.type)
        return ()

    # ---- copies ----------------------------------------------------------------------------
    def _ub(self, value: object) -> Pointer:
        ptr = self.machine.place(cast(Pointer, value), MemorySpace.UB)
        check(
            ptr.offset % UB_ALIGN == 0,
            f"UB address {ptr.offset} is not {UB_ALIGN}-byte aligned",
        )
        return ptr

    def _gm(self, value: object) -> Pointer:
        ptr = cast(Pointer, value)
        check(
            ptr.memory is not None,
            "an untyped castptr address cannot name GM: GM pointers are kernel arguments",
        )
        return self.machine.place(ptr, MemorySpace.GM)

    @staticmethod
    def _burst_shape(
        n_burst: int, len_burst: int, loops: tuple[int, int], dtype: DType | None
    ) -> tuple[int, int]:
        """(rows, bytes per row); a length in whole elements of a typed pointer."""
        check(n_burst >= 0, f"n_burst {n_burst} must not be negative")
        check(len_burst >= 0, f"len_burst {len_burst} must not be negative")
        check(
            dtype is None or len_burst % dtype.bytes == 0,
            f"len_burst {len_burst} is not a whole number of {dtype} elements",
        )
        return n_burst * loops[0] * loops[1], len_burst

    @staticmethod
    def _check_stride(role: str, stride: int, rows: int, extent: int, what: str) -> None:
        check(stride >= 0, f"{role} stride {stride} must not be negative")
        check(
            rows == 1 or stride >= extent,
            f"{role} stride {stride} is smaller than {what} ({extent} bytes): bursts would overlap",
        )

    def _transfer(
        self,
        op: CopyGmToUbufOp | CopyUbufToGmOp,
        src: _End,
        dst: _End,
        rows: int,
        length: int,
        dst_row: tuple[int, str] | None = None,
    ) -> tuple[Bursts, Bursts]:
        """Checks the strides and bounds of a copy of `rows` bursts of `length` bytes and
        records it on the op's pipe; the source and destination bursts.

        `dst_row`: the destination row's extent in bytes and its name in messages, when it
        is wider than the burst (a padded UB row).
        """
        dst_extent, dst_what = dst_row or (length, "len_burst")
        ub_stride = (src if src.space == MemorySpace.UB else dst).stride
        check(
            ub_stride % UB_ALIGN == 0,
            f"UB stride {ub_stride} is not a multiple of {UB_ALIGN} bytes",
        )
        self._check_stride(src.space.name, src.stride, rows, length, "len_burst")
        self._check_stride(dst.space.name, dst.stride, rows, dst_extent, dst_what)

        assert src.ptr.memory is not None and dst.ptr.memory is not None
        source = Bursts(src.ptr.memory, src.ptr.offset, src.stride, rows, length)
        destination = Bursts(dst.ptr.memory, dst.ptr.offset, dst.stride, rows, dst_extent)
        source.check_bounds(f"{src.space.name} source")
        destination.check_bounds(f"{dst.space.name} destination")

        pipes = self.machine.pipes
        if pipes.tracking:
            timing = (self.machine.target, src.space, dst.space, rows * length)
            pipes.execute(op, op.pipe(), source.accesses(), destination.accesses(),
                          *costs_dma.transfer_timing(*timing))  # fmt: skip
        return source, destination

    def _looped(
        self,
        op: CopyGmToUbufOp | CopyUbufToGmOp,
        src: _End,
        dst: _End,
        n_burst: int,
        length: int,
        loops: tuple[int, int],
        registers: list[tuple[int, int] | None],
        pad: RowPad | None = None,
    ) -> None:
        """A copy whose loop levels advance by the stride registers that are set; a level
        whose register is unset advances by the extent of the level inside it."""
        strides = [(src.stride, dst.stride)]
        for count, register in zip((n_burst, loops[0]), registers, strict=True):
            inner = strides[-1]
            strides.append(register or (count * inner[0], count * inner[1]))
        transfer(
            self.machine,
            op,
            Side(src.space, src.ptr, tuple(s for s, _ in strides)),
            Side(dst.space, dst.ptr, tuple(d for _, d in strides)),
            [n_burst, *loops],
            length,
            pad,
        )

    @implements(CopyGmToUbufOp)
    def run_copy_gm_to_ubuf(
        self, interpreter: Interpreter, op: CopyGmToUbufOp, args: PythonValues
    ) -> PythonValues:
        gm, ub = self._gm(args[0]), self._ub(args[1])
        n_burst, len_burst, left, right = (_int(v) for v in args[3:7])
        select = bool(args[7])
        gm_stride, ub_stride = _int(args[9]), _int(args[10])
        dtype = _element(ub, op.destination.type) or _element(gm, op.source.type)
        loops = self.machine.dma.out_to_ub
        rows, length = self._burst_shape(n_burst, len_burst, loops, dtype)
        if any(self.machine.dma.out_to_ub_strides):
            pattern = self.machine.dma.pad_pattern if select else 0
            pad = pad_of(left, right, dtype, pattern, aligned=select)
            ends = (_End(MemorySpace.GM, gm, gm_stride), _End(MemorySpace.UB, ub, ub_stride))
            self._looped(op, *ends, n_burst, length, loops, self.machine.dma.out_to_ub_strides, pad)
            return ()
        if not rows or not length:
            self.machine.pipes.execute(op, op.pipe())
            return ()

        check(left >= 0 and right >= 0, f"padding counts {left}, {right} must not be negative")
        pad_pattern = self.machine.dma.pad_pattern if select else 0
        size = 1
        if left or right or pad_pattern:
            check(
                dtype is not None,
                "padding counts elements: the source or destination pointer needs an element type",
            )
            assert dtype is not None
            size = dtype.bytes
        for side, count in (("left", left), ("right", right)):
            check(
                count * size <= MAX_PAD_BYTES,
                f"{side}_padding_count {count} x {size} bytes exceeds {MAX_PAD_BYTES} bytes",
            )
        row_bytes = left * size + length + right * size
        filled = -(-row_bytes // UB_ALIGN) * UB_ALIGN if select else row_bytes
        src, dst = self._transfer(
            op,
            _End(MemorySpace.GM, gm, gm_stride),
            _End(MemorySpace.UB, ub, ub_stride),
            rows,
            length,
            (filled, "the padded UB row"),
        )

        start = left * size
        dst.view(start, length)[...] = src.view()
        # pad elements sit at element positions from the (32-byte aligned) row start
        row_pattern = np.resize(pad_bytes(pad_pattern, size), filled)
        for skip, count in ((0, start), (start + length, filled - start - length)):
            if count:
                dst.view(skip, count)[...] = row_pattern[skip : skip + count]
        return ()

    @implements(CopyUbufToGmOp)
    def run_copy_ubuf_to_gm(
        self, interpreter: Interpreter, op: CopyUbufToGmOp, args: PythonValues
    ) -> PythonValues:
        ub, gm = self._ub(args[0]), self._gm(args[1])
        n_burst, len_burst = _int(args[3]), _int(args[4])
        gm_stride, ub_stride = _int(args[6]), _int(args[7])
        dtype = _element(ub, op.source.type) or _element(gm, op.destination.type)
        loops = self.machine.dma.ub_to_out
        rows, length = self._burst_shape(n_burst, len_burst, loops, dtype)
        if any(self.machine.dma.ub_to_out_strides):
            ends = (_End(MemorySpace.UB, ub, ub_stride), _End(MemorySpace.GM, gm, gm_stride))
            self._looped(op, *ends, n_burst, length, loops, self.machine.dma.ub_to_out_strides)
            return ()
        if not rows or not length:
            self.machine.pipes.execute(op, op.pipe())
            return ()
        src, dst = self._transfer(
            op,
            _End(MemorySpace.UB, ub, ub_stride),
            _End(MemorySpace.GM, gm, gm_stride),
            rows,
            length,
        )
        dst.view()[...] = src.view()
        return ()


def scalar_bits(value: int | float, type: Attribute) -> int:
    """The bits of the scalar `value` of MLIR type `type` (an element type), zero-extended."""
    dtype = dtype_of(type)
    assert dtype is not None, f"{type} is not an element type"
    unsigned = np.dtype(f"u{dtype.bytes}")
    return int(broadcast(value, dtype, 1).view(unsigned)[0])
