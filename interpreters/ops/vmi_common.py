"""What the VMI interpreter functions share: run-time values and the machine record.

A `!pto.vmi.vreg<LxT>` is a 1-D numpy array of its L logical lanes in `vmi_dtype(T)` (the
layout is physical: it changes nothing a lane holds), a `!pto.vmi.mask<L...>` a 1-D bool
array of L lanes. Every VMI op runs on PIPE_V; its cycles are those of the micro-op its
record names, once per physical register of its widest value (`costs.vmi_op_cycles`), and a
memory op records exactly the bytes it touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import ceil
from typing import cast

import numpy as np
from xdsl.ir import Attribute, SSAValue

from interpreters.machine import costs
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.memory import Access, Memory, Pointer
from pto_dialect.dtypes import DType
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.vmi_common import VmiOp
from pto_dialect.ops.vmi_types import VmiMaskType, VmiVRegType, placement_of

Ranges = Sequence[tuple[int, int]]


def registers_of(type: Attribute) -> int:
    """Physical registers a VMI value occupies (a `pred` mask: at b32 granularity)."""
    if isinstance(type, VmiVRegType):
        return placement_of(type).registers
    if isinstance(type, VmiMaskType):
        return placement_of(type, 32).registers
    return 0


def data_dtype(value: SSAValue) -> DType:
    vreg = value.type
    assert isinstance(vreg, VmiVRegType)
    return vreg.dtype


class VmiFunctions(MachineFunctions):
    """Base of the VMI interpreter functions."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._static: dict[VmiOp, tuple[DType, int]] = {}

    def _shape(self, op: VmiOp) -> tuple[DType, int]:
        """(the dtype the op is costed with, its physical register count), once per op."""
        static = self._static.get(op)
        if static is None:
            values = [*op.results, *op.operands]
            vregs = [v.type for v in values if isinstance(v.type, VmiVRegType)]
            dtype = vregs[0].dtype if vregs else dtype_of_mask(op)
            count = max((registers_of(v.type) for v in values), default=1)
            static = self._static[op] = (dtype, max(count, 1))
        return static

    def record(self, op: VmiOp, reads: Sequence[Access] = (), writes: Sequence[Access] = ()):
        """`op` ran on PIPE_V touching these bytes."""
        pipes = self.machine.pipes
        if not pipes.tracking:
            return
        dtype, count = self._shape(op)
        cycles = costs.vmi_op_cycles(self.machine.target, pipes.issue, op, dtype, count)
        pipes.execute(op, op.pipe(), reads, writes, cycles)

    def ub(self, pointer: object) -> tuple[Memory, int, DType | None]:
        """The UB memory, byte address and element type of a pointer value."""
        ptr = self.machine.place(cast(Pointer, pointer), MemorySpace.UB)
        assert ptr.memory is not None
        return ptr.memory, ptr.offset, ptr.dtype


def dtype_of_mask(op: VmiOp) -> DType:
    from pto_dialect.dtypes import I32

    return I32


def accesses(memory: Memory, ranges: Ranges) -> list[Access]:
    return [Access(memory, start, end) for start, end in ranges]


def vmi_array(value: object) -> np.ndarray:
    return cast(np.ndarray, value)


_ = ceil
