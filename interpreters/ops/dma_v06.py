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

from dataclasses import dataclass
from typing import cast

from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Attribute, SSAValue

from interpreters.engine.errors import PtoRuntimeError, check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.dma_transfer import UB_ALIGN, Side, pad_of, transfer
from interpreters.machine.memory import Pointer
from interpreters.ops.dma import scalar_bits
from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import DType
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.dma_v06 import (
    BlockCopyOp,
    CopyCbufToUbufOp,
    CopyUbufToCbufOp,
    CopyUbufToUbufOp,
    GroupedTransferOp,
    LoopStrideOp,
    MteGmUbOp,
)

BURST_BITS = 16
LOOP_COUNT_BITS = 21
STRIDE_BITS = {MemorySpace.GM: 40, MemorySpace.UB: 21, MemorySpace.L1: 21}
"""Field widths of the grouped transfers (manual: mte_gm_ub / mte_ub_gm inputs tables; L1
as UB, the cube pages giving none)."""
BLOCK = 32
"""Unit of `mte_ub_ub` / `mte_ub_l1` lengths and gaps, in bytes."""


def _int(value: object) -> int:
    return int(cast(int, value))


def _element(ptr: Pointer, value: SSAValue) -> DType | None:
    if ptr.dtype is not None:
        return ptr.dtype
    return value.type.element if isinstance(value.type, PtrType) else None


def _limited(value: int, bits: int, what: str) -> int:
    """`value`, which must fit in the `bits` of its register field."""
    if value >= 1 << bits:
        raise PtoRuntimeError(f"{what} {value} exceeds {bits} bits")
    return value


@dataclass(frozen=True)
class _GroupedShape:
    """Where a grouped transfer's operands are among its run-time arguments (by index)."""

    source: int
    destination: int
    len_burst: int
    counts: tuple[int, ...]
    """n_burst, then the loop counts, innermost first."""
    src_strides: tuple[int, ...]
    dst_strides: tuple[int, ...]
    pad: tuple[int, int | None, int | None, Attribute] | None
    """mte_gm_ub's pad value, left and right counts, and the value's type."""

    @staticmethod
    def of(op: GroupedTransferOp) -> _GroupedShape:
        index = {value: i for i, value in enumerate(op.operands)}
        groups = [op.nburst, *op.loops]
        spec = op.pad if isinstance(op, MteGmUbOp) else None
        pad = None
        if spec is not None:
            left = None if spec.left is None else index[spec.left]
            right = None if spec.right is None else index[spec.right]
            pad = (index[spec.value], left, right, spec.value.type)
        return _GroupedShape(
            index[op.source],
            index[op.destination],
            index[op.len_burst],
            tuple(index[g.count] for g in groups),
            tuple(index[g.src_stride] for g in groups),
            tuple(index[g.dst_stride] for g in groups),
            pad,
        )


@register_functions
class DmaV06Functions(MachineFunctions):
    """Grouped transfers, UB block copies and the loop-stride registers."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._shapes: dict[GroupedTransferOp, _GroupedShape] = {}
        """Per grouped transfer: where its operands are among its arguments."""

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
        shape = self._shapes.get(op)
        if shape is None:  # fixed per op during a run: read from the IR once
            shape = self._shapes[op] = _GroupedShape.of(op)
        src = self._pointer(args[shape.source], op.SRC_SPACE)
        dst = self._pointer(args[shape.destination], op.DST_SPACE)
        length = _limited(_int(args[shape.len_burst]), BURST_BITS, "len_burst")
        counts = [_int(args[i]) for i in shape.counts]
        _limited(counts[0], BURST_BITS, "n_burst")
        for count in counts[1:]:
            _limited(count, LOOP_COUNT_BITS, "loop count")
        src_strides = tuple(_int(args[i]) for i in shape.src_strides)
        dst_strides = tuple(_int(args[i]) for i in shape.dst_strides)
        if op.BLOCK_BURSTS:  # mte_l1_ub (docs/decisions.md): blocks and gaps
            length *= BLOCK
            src_strides = (length + src_strides[0] * BLOCK, *src_strides[1:])
            dst_strides = (length + dst_strides[0] * BLOCK, *dst_strides[1:])
        for space, strides in ((op.SRC_SPACE, src_strides), (op.DST_SPACE, dst_strides)):
            for stride in strides:
                _limited(stride, STRIDE_BITS[space], f"{space.value} stride")
        dtype = _element(dst, op.destination) or _element(src, op.source)
        if dtype is not None and length % dtype.bytes:
            raise PtoRuntimeError(f"len_burst {length} is not a whole number of {dtype} elements")
        pad = None
        if shape.pad is not None:
            value_index, left_index, right_index, value_type = shape.pad
            value = cast(int | float, args[value_index])
            left = 0 if left_index is None else _int(args[left_index])
            right = 0 if right_index is None else _int(args[right_index])
            pad = pad_of(left, right, dtype, scalar_bits(value, value_type))
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
        if isinstance(op, CopyUbufToUbufOp | CopyUbufToCbufOp | CopyCbufToUbufOp):
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
