"""Interpreter functions of the v0.6 DMA surface (`pto_dialect.ops.dma_v06`).

A grouped transfer is a nest of levels, innermost first: the `nburst` group (`n_burst` rows
of `len_burst` bytes) and each `loop` group wrapping all earlier ones. Row `(i_0, ..., i_k)`
starts at `base + sum(i_j * stride_j)` on each side (strides in bytes, start to start). The
copy is one strided numpy assignment over the whole nest; its reads and writes go to the
pipe model like those of `copy_*` (hazards, access log, transfer cycles of the path).

Rules (manual, docs/isa/scalar/ops/dma-copy/): UB addresses and UB strides are 32-byte
aligned; field widths: `n_burst` and `len_burst` 16 bits, loop counts 21 bits, GM strides 40
bits, UB strides 21 bits; strides are unsigned. Destination rows must not overlap (the
order of overlapping writes is the hardware's; a documented choice: refused, as `copy_*`
refuses overlapping bursts). `pad(...)` fills each UB row to its 32-byte boundary with the
pad value (left / right counts in elements, at most 32 bytes each) and leaves the
pad-value register of `set_mov_pad_val` alone: the v0.6 op carries its own value.

`mte_ub_ub` / `mte_ub_l1` (and the pre-v0.6 `copy_ubuf_to_ubuf` / `copy_ubuf_to_cbuf`) move
`n_burst` bursts of `len_burst` 32-byte blocks with `src_gap` / `dst_gap` blocks between
bursts (pto-isa's TINSERT computes its gaps that way). `set_loop{1,2}_stride_*` set the
stride registers a later `copy_gm_to_ubuf` / `copy_ubuf_to_gm` loops with.
"""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import SSAValue

from interpreters.dma import UB_ALIGN, scalar_bits
from interpreters.dma_nest import Side, pad_of, transfer
from interpreters.errors import check
from interpreters.impls import implements, register_functions
from interpreters.machine import Machine, MachineFunctions
from interpreters.memory import Pointer
from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import DType
from pto_dialect.ops.dma_v06 import (
    BlockCopyOp,
    CopyUbufToCbufOp,
    CopyUbufToUbufOp,
    DmaGroup,
    DmaPad,
    GroupedTransferOp,
    LoopStrideOp,
    MteGmUbOp,
)
from pto_dialect.types import MemorySpace, PtrType

BURST_BITS = 16
LOOP_COUNT_BITS = 21
STRIDE_BITS = {MemorySpace.GM: 40, MemorySpace.UB: 21}
"""Field widths of the grouped transfers (manual: mte_gm_ub / mte_ub_gm inputs tables)."""
BLOCK = 32
"""Unit of `mte_ub_ub` / `mte_ub_l1` lengths and gaps, in bytes."""


def _int(value: object) -> int:
    return int(cast(int, value))


def _element(ptr: Pointer, value: SSAValue) -> DType | None:
    if ptr.dtype is not None:
        return ptr.dtype
    return value.type.element if isinstance(value.type, PtrType) else None


@register_functions
class DmaV06Functions(MachineFunctions):
    """Grouped transfers, UB block copies and the loop-stride registers."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._shapes: dict[GroupedTransferOp, tuple[list[DmaGroup], DmaPad | None]] = {}
        """Per grouped transfer: its burst and loop groups and its padding (IR views)."""

    # ---- pointers --------------------------------------------------------------------------
    def _pointer(self, value: object, space: MemorySpace) -> Pointer:
        ptr = cast(Pointer, value)
        if space is MemorySpace.GM:
            check(
                ptr.memory is not None,
                "an untyped castptr address cannot name GM: GM pointers are kernel arguments",
            )
        ptr = self.machine.place(ptr, space)
        if space is not MemorySpace.GM:
            check(
                ptr.offset % UB_ALIGN == 0,
                f"{space.value} address {ptr.offset} is not {UB_ALIGN}-byte aligned",
            )
        return ptr

    # ---- grouped transfers -----------------------------------------------------------------
    @implements(GroupedTransferOp)
    def run_grouped(
        self, interpreter: Interpreter, op: GroupedTransferOp, args: PythonValues
    ) -> PythonValues:
        values = dict(zip(op.operands, args, strict=True))
        src = self._pointer(values[op.source], op.SRC_SPACE)
        dst = self._pointer(values[op.destination], op.DST_SPACE)
        length = _int(values[op.len_burst])
        check(length < 1 << BURST_BITS, f"len_burst {length} exceeds {BURST_BITS} bits")
        shape = self._shapes.get(op)
        if shape is None:  # fixed per op during a run: read from the IR once
            shape = self._shapes[op] = ([op.nburst, *op.loops], op.pad)
        groups, spec = shape
        counts = [_int(values[g.count]) for g in groups]
        check(counts[0] < 1 << BURST_BITS, f"n_burst {counts[0]} exceeds {BURST_BITS} bits")
        for count in counts[1:]:
            check(
                count < 1 << LOOP_COUNT_BITS,
                f"loop count {count} exceeds {LOOP_COUNT_BITS} bits",
            )
        src_strides = tuple(_int(values[g.src_stride]) for g in groups)
        dst_strides = tuple(_int(values[g.dst_stride]) for g in groups)
        for space, strides in ((op.SRC_SPACE, src_strides), (op.DST_SPACE, dst_strides)):
            bits = STRIDE_BITS[space]
            for stride in strides:
                check(stride < 1 << bits, f"{space.value} stride {stride} exceeds {bits} bits")
        dtype = _element(dst, op.destination) or _element(src, op.source)
        check(
            dtype is None or length % dtype.bytes == 0,
            f"len_burst {length} is not a whole number of {dtype} elements",
        )
        pad = None
        if isinstance(op, MteGmUbOp) and spec is not None:
            value = cast(int | float, values[spec.value])
            left = 0 if spec.left is None else _int(values[spec.left])
            right = 0 if spec.right is None else _int(values[spec.right])
            pad = pad_of(left, right, dtype, scalar_bits(value, spec.value.type))
        transfer(
            self.machine,
            op,
            Side(op.SRC_SPACE, src, src_strides),
            Side(op.DST_SPACE, dst, dst_strides),
            counts,
            length,
            pad,
        )
        return ()

    # ---- UB block copies -------------------------------------------------------------------
    @implements(BlockCopyOp)
    def run_block_copy(
        self, interpreter: Interpreter, op: BlockCopyOp, args: PythonValues
    ) -> PythonValues:
        values = [_int(v) for v in args[2:]]
        if isinstance(op, CopyUbufToUbufOp | CopyUbufToCbufOp):
            values = values[1:]  # the stream id
        n_burst, len_burst, src_gap, dst_gap = values
        for role, value in zip(("n_burst", "len_burst", "src_gap", "dst_gap"), values, strict=True):
            check(
                0 <= value < 1 << BURST_BITS,
                f"{role} {value} must be in [0, {1 << BURST_BITS})",
            )
        assert op.SRC_SPACE is not None and op.DST_SPACE is not None
        src = self._pointer(args[0], op.SRC_SPACE)
        dst = self._pointer(args[1], op.DST_SPACE)
        transfer(
            self.machine,
            op,
            Side(op.SRC_SPACE, src, ((len_burst + src_gap) * BLOCK,)),
            Side(op.DST_SPACE, dst, ((len_burst + dst_gap) * BLOCK,)),
            [n_burst],
            len_burst * BLOCK,
        )
        return ()

    # ---- loop-stride registers -------------------------------------------------------------
    @implements(LoopStrideOp)
    def run_loop_stride(
        self, interpreter: Interpreter, op: LoopStrideOp, args: PythonValues
    ) -> PythonValues:
        src, dst = _int(args[0]), _int(args[1])
        check(src >= 0 and dst >= 0, f"loop strides {src}, {dst} must not be negative")
        dma = self.machine.dma
        registers = dma.out_to_ub_strides if op.PIPE is Pipe.MTE2 else dma.ub_to_out_strides
        registers[op.LEVEL - 1] = (src, dst)
        return ()
