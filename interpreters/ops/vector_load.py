"""Interpreter functions of the vector loads (seed 002): UB -> vector registers on PIPE_V.

`[%off]` offsets count elements of the pointer's element type (of the UB element type of the
mode for an untyped `!pto.ptr`): effective address = base + offset * sizeof(T). The numpy
semantics, alignment and bounds rules live in `interpreters.semantics.vector_memory`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import SSAValue

from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.memory import Access, Memory, Pointer
from interpreters.semantics import vector_memory as vm
from pto_dialect.attrs import LoadDist
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.base import PtoOp
from pto_dialect.ops.vector_common import DistRule, as_pointer
from pto_dialect.ops.vector_load import (
    LOAD_DIST_RULES,
    Vgather2BcOp,
    Vgather2Op,
    VgatherbOp,
    VldasOp,
    VldsOp,
    VldsX2Op,
    VldusOp,
    VsldbOp,
    VsldOp,
)
from pto_dialect.ops.vector_store import VsstbOp
from pto_dialect.vector_types import VRegType

_UNSIGNED = {8: "ui8", 16: "ui16", 32: "ui32", 64: "ui64"}


def lane_type(value: SSAValue) -> DType:
    """The element type of a vreg value."""
    vreg = value.type
    assert isinstance(vreg, VRegType)
    return vreg.element


def ub_element(value: SSAValue, fallback: DType) -> DType:
    """The element type of a pointer operand, `fallback` for an untyped `!pto.ptr`."""
    ptr = as_pointer(value.type)
    assert ptr is not None
    return ptr.element or fallback


def unsigned(bits: int) -> DType:
    return dtype_named(_UNSIGNED[bits])


def memory_unit(rule: DistRule, lane: DType) -> DType:
    """The UB element a lane of `rule`'s mode reads or writes: the lane's own type, or the
    unsigned integer of the mode's memory width (the unpack and pack modes)."""
    return lane if rule.memory_bits is None else unsigned(rule.memory_bits)


def active_lanes(bound: object, lanes: int, what: str) -> np.ndarray:
    """The active lanes of a gather/scatter `bound`: a mask value (PTOAS form) or the count of
    leading active lanes (manual form)."""
    if isinstance(bound, np.ndarray):
        return cast(np.ndarray, bound).astype(bool)
    return vm.lanes_below(int(cast(int, bound)), lanes, what)


def advanced(ptr: Pointer, nbytes: int) -> Pointer:
    """A post-update result: `ptr` moved by `nbytes` bytes."""
    return Pointer(ptr.memory, ptr.offset + nbytes, ptr.dtype)


def strides_of(op: VsldbOp | VsstbOp, values: Sequence[object]) -> tuple[int, int]:
    """(block, repeat) strides of vsldb/vsstb from its stride operand values."""
    if op.packed:
        return vm.block_strides(int(cast(int, values[0])))
    block, repeat = (int(cast(int, v)) for v in values)
    return vm.stride_pair(block, repeat)


def accesses(memory: Memory, ranges: Sequence[tuple[int, int]]) -> list[Access]:
    return [Access(memory, start, end) for start, end in ranges]


class UbFunctions(MachineFunctions):
    """Functions of register ops that load or store UB through pointers: where a pointer
    points, and an op's bytes on its pipe, costed by the vector issue model."""

    def ub(self, value: object) -> tuple[Memory, int]:
        """The UB memory and byte address of a pointer value (untyped ones are placed in UB)."""
        ptr = self.machine.place(cast(Pointer, value), MemorySpace.UB)
        assert ptr.memory is not None
        return ptr.memory, ptr.offset

    def on_ub(
        self,
        op: PtoOp,
        memory: Memory,
        dtype: DType,
        reads: Sequence[tuple[int, int]] = (),
        writes: Sequence[tuple[int, int]] = (),
    ) -> None:
        """Record that `op` (elements of `dtype`) read and wrote these byte ranges of
        `memory` on its pipe."""
        self.machine.pipes.execute(
            op,
            op.pipe(),
            reads=accesses(memory, reads),
            writes=accesses(memory, writes),
            cycles=costs.micro_op_cycles(self.machine.target, self.machine.pipes.issue, op, dtype),
        )


@register_functions
class VectorLoadFunctions(UbFunctions):
    """vlds, vldsx2, vsld, vsldb, the gathers and the unaligned-load stream (vldas, vldus)."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._vlds: dict[VldsOp, tuple[LoadDist, DType, DType, int, bool]] = {}
        """Per vlds: its mode, lane type, UB unit type, UB element size and whether it
        post-updates."""

    @implements(VldsOp)
    def run_vlds(self, interpreter: Interpreter, op: VldsOp, args: PythonValues) -> PythonValues:
        static = self._vlds.get(op)
        if static is None:  # fixed per op during a run: read from the IR once
            mode = op.dist_mode
            lane = lane_type(op.result)
            rule = LOAD_DIST_RULES[mode]
            unit = memory_unit(rule, lane)
            size = ub_element(op.source, unit).bytes
            static = self._vlds[op] = (mode, lane, unit, size, op.updated_base is not None)
        mode, lane, unit, size, post = static
        memory, base = self.ub(args[0])
        step = int(args[1]) * size
        if not post:
            vreg, reads = vm.vlds(memory, base + step, mode, lane, unit)
            self.on_ub(op, memory, lane, reads=reads)
            return (vreg,)
        # post-update: load at the base itself, return the base advanced by the offset
        vreg, reads = vm.vlds(memory, base, mode, lane, unit)
        self.on_ub(op, memory, lane, reads=reads)
        return (vreg, advanced(cast(Pointer, args[0]), step))

    @implements(VldsX2Op)
    def run_vldsx2(
        self, interpreter: Interpreter, op: VldsX2Op, args: PythonValues
    ) -> PythonValues:
        lane = lane_type(op.low)
        memory, base = self.ub(args[0])
        step = int(args[1]) * ub_element(op.source, lane).bytes
        post = op.updated_base is not None  # loads at the base, returns it advanced
        low, high, reads = vm.vldsx2(memory, base if post else base + step, op.dist_mode, lane)
        self.on_ub(op, memory, lane, reads=reads)
        if post:
            return (low, high, advanced(cast(Pointer, args[0]), step))
        return (low, high)

    @implements(VsldOp)
    def run_vsld(self, interpreter: Interpreter, op: VsldOp, args: PythonValues) -> PythonValues:
        lane = lane_type(op.result)
        memory, base = self.ub(args[0])
        address = base + int(args[1]) * ub_element(op.source, lane).bytes
        vreg, reads = vm.vsld(memory, address, op.stride_mode, lane)
        self.on_ub(op, memory, lane, reads=reads)
        return (vreg,)

    @implements(VsldbOp)
    def run_vsldb(self, interpreter: Interpreter, op: VsldbOp, args: PythonValues) -> PythonValues:
        lane = lane_type(op.result)
        memory, address = self.ub(args[0])
        mask = cast(np.ndarray, args[-1])
        strides = strides_of(op, args[1:-1])
        vreg, reads = vm.vsldb(memory, address, strides, mask, lane)
        self.on_ub(op, memory, lane, reads=reads)
        if op.updated_base is not None:  # the base advanced by the repeat stride
            return (vreg, advanced(cast(Pointer, args[0]), strides[1] * vm.BLOCK))
        return (vreg,)

    @implements(Vgather2Op)
    def run_vgather2(
        self, interpreter: Interpreter, op: Vgather2Op, args: PythonValues
    ) -> PythonValues:
        lane = lane_type(op.result)
        memory, address = self.ub(args[0])
        offsets = cast(np.ndarray, args[1])
        active = active_lanes(args[2], offsets.size, "vgather2")
        source = ub_element(op.source, lane)
        if source.bytes < lane.bytes:  # bytes into 16-bit lanes, zero-extended
            raw, reads = vm.gather(memory, address, offsets, active, unsigned(8), "vgather2")
            vreg = raw.astype(np.uint16).view(lane.numpy)
        else:
            vreg, reads = vm.gather(memory, address, offsets, active, lane, "vgather2")
        self.on_ub(op, memory, lane, reads=reads)
        return (vreg,)

    @implements(Vgather2BcOp)
    def run_vgather2_bc(
        self, interpreter: Interpreter, op: Vgather2BcOp, args: PythonValues
    ) -> PythonValues:
        lane = lane_type(op.result)
        memory, address = self.ub(args[0])
        offsets, mask = cast(np.ndarray, args[1]), cast(np.ndarray, args[2])
        vreg, reads = vm.gather(memory, address, offsets, mask, lane, "vgather2_bc")
        self.on_ub(op, memory, lane, reads=reads)
        return (vreg,)

    @implements(VgatherbOp)
    def run_vgatherb(
        self, interpreter: Interpreter, op: VgatherbOp, args: PythonValues
    ) -> PythonValues:
        lane = lane_type(op.result)
        memory, address = self.ub(args[0])
        offsets = cast(np.ndarray, args[1])
        bound = args[2]
        if isinstance(bound, np.ndarray):
            # the b32 mask: lane b gates block b
            active = vm.block_mask(cast(np.ndarray, bound).astype(bool))
        else:
            active = vm.lanes_below(int(cast(int, bound)), vm.BLOCKS, "vgatherb")
        vreg, reads = vm.gather_blocks(memory, address, offsets, active, lane)
        self.on_ub(op, memory, lane, reads=reads)
        return (vreg,)

    @implements(VldasOp)
    def run_vldas(self, interpreter: Interpreter, op: VldasOp, args: PythonValues) -> PythonValues:
        memory, address = self.ub(args[0])
        state, reads = vm.prime(memory, address, op)
        self.on_ub(op, memory, ub_element(op.source, unsigned(8)), reads=reads)
        return (state,)

    @implements(VldusOp)
    def run_vldus(self, interpreter: Interpreter, op: VldusOp, args: PythonValues) -> PythonValues:
        lane = lane_type(op.result)
        ptr = cast(Pointer, args[0])
        memory, address = self.ub(ptr)
        state = cast(vm.AlignState, args[1])
        raw, new_state, reads = vm.load_unaligned(memory, address, state, op)
        self.on_ub(op, memory, lane, reads=reads)
        if op.base_out is None:  # PTOAS's two-result form
            return (raw.view(lane.numpy), new_state)
        step = vm.VREG_BYTES
        if op.increment is not None:  # PTOAS's explicit advance, in elements
            step = int(args[2]) * ub_element(op.source, lane).bytes
        return (raw.view(lane.numpy), new_state, advanced(ptr, step))
